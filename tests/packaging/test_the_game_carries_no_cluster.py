"""The packaged game never carries the tournament's cluster engine: no module the game
imports reaches the tournament (which runs its matches on Dask distributed, an optional
extra), so PyInstaller, which follows imports inside functions too, never bundles it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_and_its_screens_import_neither_the_tournament_nor_dask():
    code = (
        "import sys, swoop_desktop.__main__, swoop_desktop.ui.app, swoop_desktop.ui.screens\n"
        "import swoop_desktop.referee.daily, swoop_desktop.cli, swoop_desktop.selftest\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')\n"
        "       or m in ('swoop_desktop.referee.tournament', 'swoop_desktop.referee.cluster')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.strip()
    assert out == ""


def test_only_the_tournament_names_the_tournament_or_its_cluster_among_the_games_modules():
    named = []
    for path in (ROOT / "swoop_desktop").rglob("*.py"):
        if path.name == "tournament.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            last = node.module.rsplit(".", 1)[-1]
            if last in ("tournament", "cluster") and (node.level or "referee" in node.module):
                named.append(str(path.relative_to(ROOT)))
    assert named == []
