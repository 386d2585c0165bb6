"""The walls between the layers hold, and each check fails when a wall is broken.

The walls of the repository itself are checked by ``make lint`` (``tools/check_walls.py``,
mypy and import-linter run once each on the real package). Here each checker is shown to
catch every kind of break: one scratch copy of the package gets every break at once,
each planted in a module of its own (or at a line of its own), the checker runs once
over it, and every planted break must be named at its own place - and nothing else may
be. One run per checker instead of one per break keeps the suite quick (the breaks do
not hide one another: each finding names the file and line it came from).
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "tools" / "check_walls.py"


def _copy(tmp: Path) -> Path:
    shutil.copytree(
        ROOT / "swoop_desktop",
        tmp / "swoop_desktop",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    return tmp


def _append(path: Path, text: str) -> int:
    """Add ``text`` at the end of ``path``; the line number its first line lands on."""
    old = path.read_text(encoding="utf-8")
    path.write_text(old + "\n" + text + "\n", encoding="utf-8")
    return len(old.splitlines()) + 2


def _probe(root: Path, package: str, name: str, text: str) -> str:
    """A new module ``name`` in ``package`` holding ``text``; its path as findings name it."""
    path = root / "swoop_desktop" / package / f"{name}.py"
    path.write_text(text + "\n", encoding="utf-8")
    return str(path.relative_to(root))


# --------------------------------------------------------------------- tools/check_walls.py
ENGINE_IMPORTS = [
    "import numpy",
    "from yaml import safe_load",
    "from swoop_desktop.storage import paths",
    "from ..storage import paths",
]
GAMESTATE_ROUTES = [
    "from swoop_desktop.engine import GameState",
    "from swoop_desktop.engine.state import new_deal",
    "import swoop_desktop.engine.state",
    "from ..engine import state",
    "import swoop_desktop.engine as e\nX = e.GameState",
    "X = getattr(__import__('swoop_desktop').engine, 'GameState')",
]
MATCH_ROUTES = [
    "from swoop_desktop.engine import Match",
    "from swoop_desktop.engine.match import hand_seed",
    "import swoop_desktop.engine.match",
    "from ..engine import match",
    "import swoop_desktop.engine as e\nX = e.Match",
    "from swoop_desktop.engine import new_deal",
    "import swoop_desktop.engine as e\nX = getattr(e, 'Match')",
]


@pytest.fixture(scope="module")
def walls(tmp_path_factory) -> dict[str, object]:
    """Every break of the walls planted in one scratch copy, and the checker's findings."""
    root = _copy(tmp_path_factory.mktemp("walls"))
    planted: dict[str, str] = {}
    # rules.py is imported by state.py; a lazy import back closes a cycle.
    _append(
        root / "swoop_desktop/engine/rules.py",
        "def _late():\n    from .state import GameState\n    return GameState",
    )
    # The scene stack is below every scene; naming the table scene back, even only for
    # the type checker, would tie the two together again.
    _append(
        root / "swoop_desktop/ui/scene.py",
        "if TYPE_CHECKING:\n    from .scenes.table import TableScene  # noqa: F401",
    )
    planted["string"] = _probe(
        root,
        "storage",
        "probe_string",
        "import importlib\n\ndef _late():\n"
        "    return importlib.import_module('swoop_desktop.storage.settings')",
    )
    for i, line in enumerate(ENGINE_IMPORTS):
        planted[f"engine{i}"] = _probe(root, "engine", f"probe_{i}", f"def _late():\n    {line}")
    for i, line in enumerate(GAMESTATE_ROUTES):
        planted[f"state{i}"] = _probe(root, "ai", f"probe_state_{i}", line)
    for i, line in enumerate(MATCH_ROUTES):
        planted[f"match{i}"] = _probe(root, "ai", f"probe_match_{i}", line)
    (root / "swoop_desktop/extra.py").write_text("X = 1\n", encoding="utf-8")
    # A new screen, and a new route to a module of its own, neither in the contract that
    # keeps screens from importing each other: either could import another screen unseen.
    planted["screen"] = _probe(
        root,
        "ui/scenes",
        "probe_screen",
        'from ..scene import Scene\n\n\nclass ProbeScene(Scene):\n    name = "probe"',
    )
    planted["route"] = _probe(root, "ui/scenes", "probe_route", "def build(app):\n    return app")
    _append(
        root / "swoop_desktop/ui/screens.py",
        "def _probe():\n    from .scenes.probe_route import build\n\n    return build",
    )
    result = subprocess.run(
        [sys.executable, str(CHECKER), "--root", str(root)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    return {"result": result, "planted": planted, "lines": result.stdout.splitlines()}


def _found(walls: dict[str, object], where: str, words: str = "") -> list[str]:
    lines = walls["lines"]
    assert isinstance(lines, list)
    return [line for line in lines if line.startswith(where) and words in line]


def test_the_checker_fails_and_names_nothing_but_the_planted_breaks(walls):
    result = walls["result"]
    assert isinstance(result, subprocess.CompletedProcess)
    assert result.returncode == 1, result.stdout + result.stderr
    planted = walls["planted"]
    assert isinstance(planted, dict)
    for line in walls["lines"]:  # type: ignore[attr-defined]
        assert (
            line.startswith("import cycle:")
            or line.startswith("swoop_desktop/extra.py")
            or any(line.startswith(path + ":") for path in planted.values())
        ), f"a finding no planted break explains: {line}"


def test_an_import_cycle_inside_a_function_is_found(walls):
    cycles = _found(walls, "import cycle:")
    assert any(
        "swoop_desktop.engine.rules" in c and "swoop_desktop.engine.state" in c for c in cycles
    )


def test_an_import_cycle_only_for_the_type_checker_is_found(walls):
    cycles = _found(walls, "import cycle:")
    assert any("swoop_desktop.ui.scene " in c + " " and "ui.scenes.table" in c for c in cycles), (
        cycles
    )


def test_an_import_by_string_is_found(walls):
    assert _found(walls, walls["planted"]["string"] + ":4:", "imports by string")  # type: ignore[index]


@pytest.mark.parametrize("i", range(len(ENGINE_IMPORTS)), ids=ENGINE_IMPORTS)
def test_the_engine_may_import_only_the_standard_library(walls, i):
    path = walls["planted"][f"engine{i}"]  # type: ignore[index]
    assert _found(walls, path + ":2:", "not the standard library"), walls["lines"]


@pytest.mark.parametrize("i", range(len(GAMESTATE_ROUTES)), ids=GAMESTATE_ROUTES)
def test_the_ai_cannot_reach_gamestate_by_any_route(walls, i):
    assert _found(walls, walls["planted"][f"state{i}"] + ":"), walls["lines"]  # type: ignore[index]


@pytest.mark.parametrize("i", range(len(MATCH_ROUTES)), ids=MATCH_ROUTES)
def test_the_ai_cannot_reach_a_match_which_holds_the_real_deal(walls, i):
    # Only the referee (swoop_desktop.referee) replays and referees whole games.
    assert _found(walls, walls["planted"][f"match{i}"] + ":"), walls["lines"]  # type: ignore[index]


def test_a_module_outside_every_layer_is_found(walls):
    assert _found(walls, "swoop_desktop/extra.py", "swoop_desktop.extra is in no layer")


def test_a_new_screen_left_out_of_the_screens_contract_is_found(walls):
    words = "is a screen (it declares a screen by name"
    assert _found(walls, walls["planted"]["screen"] + ":", words), walls["lines"]  # type: ignore[index]


def test_a_new_route_to_a_module_left_out_of_the_screens_contract_is_found(walls):
    words = "is a screen (ui/screens.py loads it"
    assert _found(walls, walls["planted"]["route"] + ":", words), walls["lines"]  # type: ignore[index]


def test_every_route_the_app_knows_is_in_the_screens_contract():
    # The same promise read from the running app: the module of what each route builds.
    sys.path.insert(0, str(CHECKER.parent))
    try:
        from check_walls import _screens_contract
    finally:
        sys.path.remove(str(CHECKER.parent))
    from swoop_desktop.ui.screens import ROUTES

    listed = set(_screens_contract(ROOT / "pyproject.toml"))
    built = {name: ROUTES[name]().__module__ for name in ROUTES}
    assert built and all(m.startswith("swoop_desktop.ui.scenes.") for m in built.values())
    missing = {name: module for name, module in built.items() if module not in listed}
    assert not missing, f"routes whose screens are outside the screens' contract: {missing}"


# --------------------------------------------------------------------------------- mypy
STRICT_MODULES = ["engine/cards.py", "ai/bots.py", "referee/review.py", "progress/stats.py"]


def _copy_written_files(source: Path, target: Path) -> None:
    """Copy a folder another process may be writing (make test runs lint beside the tests):
    a file it replaces while we copy is left out, and mypy reads that module again."""

    def copy(src: str, dst: str) -> None:
        try:
            shutil.copy2(src, dst)
        except FileNotFoundError:
            pass

    shutil.copytree(source, target, copy_function=copy)


def test_mypy_strict_catches_an_untyped_function_in_every_strict_layer(tmp_path):
    root = _copy(tmp_path)
    lines = {
        module: _append(root / "swoop_desktop" / module, "def untyped(x):\n    return x + 1")
        for module in STRICT_MODULES
    }
    cache = tmp_path / "mypy_cache"
    if (ROOT / ".mypy_cache").is_dir():  # make lint's: the unchanged modules are not read again
        _copy_written_files(ROOT / ".mypy_cache", cache)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=root,
        env={**os.environ, "MYPY_CACHE_DIR": str(cache)},
    )
    assert result.returncode == 1, result.stdout
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    for module, line in lines.items():
        assert any(
            e.startswith(f"swoop_desktop/{module}:{line}:") and "missing a type annotation" in e
            for e in errors
        ), result.stdout
    # Only the planted functions are wrong: the rest of the copy is the checked package.
    planted = tuple(f"swoop_desktop/{m}:{n}:" for m, n in lines.items())
    assert all(e.startswith(planted) for e in errors), result.stdout


# ------------------------------------------------------------------------ import-linter
TABLE_BREAKS = [
    ("input/__init__.py", "from ..draw import TableDrawing  # noqa: F401", "input", "draw"),
    (
        "draw/__init__.py",
        "def _late():\n    from ..input import TableInput\n    return TableInput",
        "draw",
        "input",
    ),
    (
        "presenter.py",
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .flow import TableFlow",
        "presenter",
        "flow",
    ),
    ("flow.py", "from .presenter import TablePresenter  # noqa: F401", "flow", "presenter"),
    ("model.py", "from .places import targets  # noqa: F401", "model", "places"),
]
# A screen reaches another only by name, through the app (ui/screens.py).
SCREEN_BREAK = ("title.py", "from .scores import ScoresScene  # noqa: F401", "title", "scores")


def test_the_tables_parts_share_only_the_model_and_screens_never_import_screens(tmp_path):
    # The flow, the presenter, input and drawing never import one another (not lazily,
    # not for the type checker); the model imports none of them; a screen opens another
    # by name, never by import.
    root = _copy(tmp_path)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    planted = []
    breaks = [("table", *b) for b in TABLE_BREAKS] + [("scenes", *SCREEN_BREAK)]
    for package, module, text, importer, imported in breaks:
        first = _append(root / "swoop_desktop/ui" / package / module, text)
        # The line of the planted import itself (import-linter names it).
        at = next(
            i
            for i, t in enumerate(text.splitlines())
            if f"import {imported}" in t or f".{imported} import" in t
        )
        planted.append((package, importer, imported, first + at))
    result = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert result.returncode == 1, result.stdout
    for package, importer, imported, line in planted:
        direct = re.compile(
            rf"swoop_desktop\.ui\.{package}\.{importer} -> "
            rf"swoop_desktop\.ui\.{package}\.{imported} \(l\.{line}\)"
        )
        assert direct.search(result.stdout), (importer, imported, line, result.stdout)


# ------------------------------------------------------------------------ the table's size
TABLE_CLASS_LINES = 500


def test_no_class_of_the_table_is_over_500_lines():
    # The table is split by part (flow, presenter, input, drawing) and each part by what
    # it does (the seats, the words around the cards, the pointer, the keys, the
    # buttons): a class that grows past 500 lines is the sign to split it again.
    package = ROOT / "swoop_desktop"
    modules = [*sorted((package / "ui" / "table").rglob("*.py")), package / "ui/scenes/table.py"]
    long = []
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > TABLE_CLASS_LINES:
                    long.append(f"{path.relative_to(ROOT)}: {node.name} is {lines} lines")
    assert len(modules) > 15 and not long, long
