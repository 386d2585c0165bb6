"""Table-driven position tests, in the manner of chess perft suites.

Each file in ``positions/`` holds a position, the expected number of legal
actions, an action, and either the expected events and resulting position
fields or the rule id of the expected refusal. On a mismatch of counts the
failure lists every legal action, so a bug is found in minutes.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from swoop_desktop.engine import (
    IllegalActionError,
    action_from_json,
    format_position,
    parse_position,
)
from swoop_desktop.engine.events import events_json

CASES = sorted((Path(__file__).parent / "positions").glob("*.json"))


def _legal(state):
    return [a.to_json() for a in state.legal_actions()]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_position_case(path):
    case = json.loads(path.read_text())
    state = parse_position(case["position"])
    legal = _legal(state)
    if "legal_count" in case:
        assert len(legal) == case["legal_count"], json.dumps(legal, indent=1)
    for action in case.get("legal_includes", []):
        assert action in legal
    before = format_position(state)
    action = action_from_json(case["action"])
    if "error" in case:
        with pytest.raises(IllegalActionError, match=f"^{case['error']}:"):
            state.apply(action)
        assert format_position(state) == before, "a refused action changes nothing"
        return
    events = events_json(state.apply(action))
    expect = case["expect"]
    assert [e["type"] for e in events] == expect["events"]
    after = format_position(state)
    for key, value in expect.get("position", {}).items():
        if key == "players":
            for i, pl in enumerate(value):
                assert after["players"][i] == pl, f"players[{i}]"
        else:
            assert after[key] == value, key
    if "legal_count_after" in expect:
        assert len(_legal(state)) == expect["legal_count_after"], json.dumps(_legal(state))
    if "winner" in expect:
        assert events[-1]["winner"] == expect["winner"]


def test_every_rule_has_a_position_case():
    rules = {json.loads(p.read_text())["rule"] for p in CASES}
    assert {"R2", "R6", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R16"} <= rules


def test_cases_are_valid_json_positions():
    for path in CASES:
        case = json.loads(path.read_text())
        state = parse_position(copy.deepcopy(case["position"]))
        assert format_position(parse_position(format_position(state))) == format_position(state)
