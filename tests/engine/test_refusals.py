"""The engine's refusals carry their rule, a machine-readable reason and the facts."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from swoop_desktop.engine import REFUSALS, IllegalActionError, Play

from .helpers import act
from .test_rules import three

ENGINE = Path(__file__).resolve().parents[2] / "swoop_desktop" / "engine"


def _reasons_raised() -> set[str]:
    """Every reason an ``IllegalActionError(...)`` in the engine's source names."""
    found = set()
    for path in sorted(set(ENGINE.glob("*.py")) - {ENGINE / "errors.py"}):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "IllegalActionError"
            ):
                first = node.args[0] if node.args else None
                assert isinstance(first, ast.Constant), f"{path.name}:{node.lineno}"
                found.add(first.value)
    return found


def test_every_refusal_the_engine_raises_is_listed_and_every_listed_one_is_raised():
    assert _reasons_raised() == set(REFUSALS)


def test_a_refusal_names_its_rule_reason_and_facts():
    state = three("8 8 2", pile="8 8 8")
    with pytest.raises(IllegalActionError) as caught:
        act(state, {"play": {"hand": "8 8"}})
    refusal = caught.value
    assert (refusal.rule, refusal.reason) == ("R9", "no_room")
    assert refusal.facts == {"rank": 8, "run": 3, "room": 1}
    assert str(refusal).startswith("R9: three 8s on top")


def test_a_mixed_set_is_refused_by_rule_r6():
    state = three("7 8 K")
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Play((7, 8)))
    assert (caught.value.rule, caught.value.reason) == ("R6", "mixed_ranks")


def test_an_unknown_reason_is_a_bug_not_a_refusal():
    with pytest.raises(ValueError, match="unknown refusal reason"):
        IllegalActionError("because", "no")


def test_a_refusal_survives_a_trip_to_a_worker_process():
    refusal = IllegalActionError("not_held", "player 0 holds no 7s", rank=7, held=0, count=1)
    back = pickle.loads(pickle.dumps(refusal))
    assert (str(back), back.reason, back.rule, back.facts) == (
        str(refusal),
        "not_held",
        "R6",
        {"rank": 7, "held": 0, "count": 1},
    )
