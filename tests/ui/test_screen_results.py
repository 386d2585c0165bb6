"""What a screen hands back when it closes is one typed vocabulary (``ui/results.py``):
a loose string is refused by the scene stack and by the type checker, and each screen
reads the typed answers it is given."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import swoop_desktop
from swoop_desktop.ui.results import Exported, HandEnd, Result, check_result
from swoop_desktop.ui.scene import Scene, SceneStack

UI = Path(swoop_desktop.__file__).parent / "ui"
ROOT = Path(swoop_desktop.__file__).resolve().parents[1]


class _Below(Scene):
    def __init__(self) -> None:  # no App needed: the stack alone is tried
        self.got: list[object] = []

    def on_result(self, value: object) -> None:  # type: ignore[override]
        self.got.append(value)


def _stack() -> tuple[SceneStack, _Below, Scene]:
    stack = SceneStack()
    below, top = _Below(), _Below()
    stack.scenes = [below, top]
    return stack, below, top


@pytest.mark.parametrize("loose", ["next_hand", "resume", True, False, 1])
def test_a_screen_closing_with_a_loose_value_is_refused_and_nothing_closes(loose):
    stack, below, top = _stack()
    with pytest.raises(TypeError):
        stack.pop(loose)
    assert stack.scenes == [below, top] and below.got == []


@pytest.mark.parametrize("value", [*Result, Exported("3 games written to here.csv"), None])
def test_a_screen_closing_with_a_typed_answer_hands_it_to_the_screen_below(value):
    stack, below, top = _stack()
    assert stack.pop(value) is top
    assert stack.scenes == [below] and below.got == [value]
    assert check_result(value) is value


def _literal_hand_offs(tree: ast.AST) -> list[int]:
    """Lines where a screen is closed (``pop``), answered (``on_result``), a lesson left
    (``leave``) or a hand's end told (``at_hand_end``, ``finished``) with a literal."""
    names = {"pop", "on_result", "leave", "at_hand_end", "finished"}
    lines = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in names or not node.args:
            continue
        receiver = node.func.value
        closes_a_screen = node.func.attr != "pop" or (
            (isinstance(receiver, ast.Attribute) and receiver.attr in ("app", "stack"))
            or (isinstance(receiver, ast.Name) and receiver.id in ("app", "stack"))
        )
        first = node.args[0]
        if closes_a_screen and isinstance(first, ast.Constant) and first.value is not None:
            lines.append(node.lineno)  # a string, True or False: read by nobody, or misread
    return lines


def test_no_screen_closes_or_tells_a_hands_end_with_a_loose_literal():
    found = {}
    for path in sorted(UI.rglob("*.py")):
        lines = _literal_hand_offs(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[str(path.relative_to(UI))] = lines
    assert not found, f"hand-offs with a literal instead of a Result or HandEnd: {found}"


def test_the_hand_ends_a_table_tells_its_owner_are_typed_too():
    assert {e.name for e in HandEnd} == {"HAND_OVER", "GAME_OVER"}
    assert not set(HandEnd) & set(Result)  # a hand's end is no screen's answer


@pytest.mark.slow
def test_the_type_checker_refuses_a_loose_string_as_a_screens_answer(tmp_path):
    snippet = tmp_path / "wrong_answer.py"
    snippet.write_text(
        "from swoop_desktop.ui.scene import Scene, SceneStack\n"
        "from swoop_desktop.ui.table.drivers import backdrop\n"
        "SceneStack().pop('next_hand')\n"
        "Scene.on_result(Scene.__new__(Scene), True)\n"
        "def told(what: str) -> None: ...\n"
        "backdrop(told)\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--follow-imports=silent",
            str(snippet),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        env={**os.environ, "MYPY_CACHE_DIR": str(tmp_path / "mypy_cache")},
    )
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert {int(e.split(":")[1]) for e in errors} >= {3, 4, 6}, result.stdout
