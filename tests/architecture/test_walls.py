"""The walls between the layers hold, and each check fails when a wall is broken.

Each "broken" test copies the package into a scratch folder, breaks one wall
there, and runs the same checker (``tools/check_walls.py``) as ``make lint``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "tools" / "check_walls.py"


def _check(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(CHECKER), "--root", str(root)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=root,
    )


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    shutil.copytree(
        ROOT / "swoop_desktop",
        tmp_path / "swoop_desktop",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    return tmp_path


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "\n" + text + "\n", encoding="utf-8")


def test_the_package_has_no_cycles_no_string_imports_and_its_walls_hold():
    result = _check(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_checker_sees_an_unbroken_scratch_copy_as_whole(scratch):
    assert _check(scratch).returncode == 0


def test_an_import_cycle_inside_a_function_is_found(scratch):
    # rules.py is imported by state.py; a lazy import back closes a cycle.
    _append(
        scratch / "swoop_desktop/engine/rules.py",
        "def _late():\n    from .state import GameState\n    return GameState",
    )
    result = _check(scratch)
    assert result.returncode == 1
    assert "import cycle" in result.stdout and "swoop_desktop.engine.rules" in result.stdout


def test_an_import_cycle_only_for_the_type_checker_is_found(scratch):
    # The scene stack is below every scene; naming the table scene back, even only for
    # the type checker, would tie the two together again.
    _append(
        scratch / "swoop_desktop/ui/scene.py",
        "if TYPE_CHECKING:\n    from .scenes.table import TableScene  # noqa: F401",
    )
    result = _check(scratch)
    assert result.returncode == 1
    assert "import cycle" in result.stdout and "swoop_desktop.ui.scene" in result.stdout


def test_an_import_by_string_is_found(scratch):
    _append(
        scratch / "swoop_desktop/storage/paths.py",
        "import importlib\n\ndef _late():\n"
        "    return importlib.import_module('swoop_desktop.storage.settings')",
    )
    result = _check(scratch)
    assert result.returncode == 1 and "storage/paths.py" in result.stdout


@pytest.mark.parametrize(
    "line",
    [
        "import numpy",
        "from yaml import safe_load",
        "from swoop_desktop.storage import paths",
        "from ..storage import paths",
    ],
)
def test_the_engine_may_import_only_the_standard_library(scratch, line):
    _append(scratch / "swoop_desktop/engine/cards.py", f"def _late():\n    {line}")
    result = _check(scratch)
    assert result.returncode == 1
    assert "engine/cards.py" in result.stdout and "not the standard library" in result.stdout


@pytest.mark.parametrize(
    "line",
    [
        "from swoop_desktop.engine import GameState",
        "from swoop_desktop.engine.state import new_deal",
        "import swoop_desktop.engine.state",
        "from ..engine import state",
        "import swoop_desktop.engine as e\nX = e.GameState",
        "X = getattr(__import__('swoop_desktop').engine, 'GameState')",
    ],
)
def test_the_ai_cannot_reach_gamestate_by_any_route(scratch, line):
    _append(scratch / "swoop_desktop/ai/bots.py", line)
    result = _check(scratch)
    assert result.returncode == 1
    assert "swoop_desktop/ai/bots.py" in result.stdout, result.stdout


@pytest.mark.parametrize(
    "line",
    [
        "from swoop_desktop.engine import Match",
        "from swoop_desktop.engine.match import hand_seed",
        "import swoop_desktop.engine.match",
        "from ..engine import match",
        "import swoop_desktop.engine as e\nX = e.Match",
        "from swoop_desktop.engine import new_deal",
        "import swoop_desktop.engine as e\nX = getattr(e, 'Match')",
    ],
)
def test_the_ai_cannot_reach_a_match_which_holds_the_real_deal(scratch, line):
    # Only the referee (swoop_desktop.referee) replays and referees whole games.
    _append(scratch / "swoop_desktop/ai/review.py", line)
    result = _check(scratch)
    assert result.returncode == 1
    assert "swoop_desktop/ai/review.py" in result.stdout, result.stdout


def test_a_module_outside_every_layer_is_found(scratch):
    (scratch / "swoop_desktop/extra.py").write_text("X = 1\n", encoding="utf-8")
    result = _check(scratch)
    assert result.returncode == 1
    assert "swoop_desktop.extra is in no layer" in result.stdout, result.stdout


def _mypy(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--no-incremental",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )


@pytest.mark.parametrize(
    "module", ["engine/cards.py", "ai/bots.py", "referee/review.py", "storage/stats.py"]
)
def test_mypy_strict_catches_an_untyped_function(scratch, module):
    assert _mypy(scratch).returncode == 0
    _append(scratch / "swoop_desktop" / module, "def untyped(x):\n    return x + 1")
    result = _mypy(scratch)
    assert result.returncode == 1 and module in result.stdout, result.stdout


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("input.py", "from . import draw"),
        ("draw.py", "def _late():\n    from .input import TableInput\n    return TableInput"),
        (
            "presenter.py",
            "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .flow import TableFlow",
        ),
        ("flow.py", "from .presenter import TablePresenter  # noqa: F401"),
        ("model.py", "from .places import targets  # noqa: F401"),
    ],
)
def test_the_tables_parts_share_only_the_model(scratch, module, line):
    # The flow, the presenter, input and drawing never import one another (not lazily,
    # not for the type checker); the model imports none of them.
    assert _lint_imports(scratch).returncode == 0
    _append(scratch / "swoop_desktop/ui/table" / module, line)
    result = _lint_imports(scratch)
    assert result.returncode == 1, result.stdout
    assert f"swoop_desktop.ui.table.{module[:-3]}" in result.stdout, result.stdout
