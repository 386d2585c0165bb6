"""The match layer: dealer rotation, running totals, the end at the target (R5, R15, R16)."""

from __future__ import annotations

import random

import pytest

from swoop_desktop.engine import EngineError, Match, Rules
from swoop_desktop.engine.events import HandScored


def play_hand(match: Match, rng: random.Random) -> list[dict]:
    events = []
    while not match.hand_over:
        events += match.apply(rng.choice(match.legal_actions()))
    return events


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_match_runs_to_game_over_with_rotation_and_totals(players):
    match = Match(Rules.from_preset("app", target=150), players, seed=players)
    rng = random.Random(players)
    dealers = []
    while not match.over:
        match.start_hand()
        dealers.append(match.state.dealer)
        events = play_hand(match, rng)
        scored = next(e for e in events if isinstance(e, HandScored))
        assert scored.points[scored.out] == 0
        assert match.totals == [sum(col) for col in zip(*match.sheet, strict=True)]
    assert max(match.totals) >= 150
    assert dealers == [(dealers[0] + k) % players for k in range(len(dealers))]
    low = min(match.totals)
    expected = match.totals.index(low) if match.totals.count(low) == 1 else None
    assert match.winner == expected
    with pytest.raises(EngineError, match="^R16"):
        match.start_hand()


def test_match_refuses_a_new_hand_mid_hand():
    match = Match(Rules.from_preset("app"), 4, seed=1)
    match.start_hand()
    with pytest.raises(EngineError, match="^R14"):
        match.start_hand()


def test_match_is_seeded():
    from swoop_desktop.engine import format_position

    a, b, c = Match(seed=5), Match(seed=5), Match(seed=6)
    assert a.start_hand() == b.start_hand()
    c.start_hand()
    assert format_position(a.state) == format_position(b.state)
    assert format_position(a.state)["players"] != format_position(c.state)["players"]


def test_a_copy_plays_on_apart_from_its_match():
    match = Match(seed=11)
    match.start_hand()
    rng = random.Random(11)
    for _ in range(10):
        match.apply(rng.choice(match.legal_actions()))
    copy = match.copy()
    before = (copy.state.to_move, list(copy.totals), [list(h) for h in copy.actions])
    play_hand(match, rng)
    match.start_hand()
    assert (copy.state.to_move, copy.totals, copy.actions) == before
    assert not copy.hand_over and len(copy.actions) == 1


def test_the_current_hands_events_replay_what_was_shown():
    match = Match(seed=12)
    rng = random.Random(12)
    match.start_hand()
    play_hand(match, rng)
    shown = [match.start_hand()]
    for _ in range(8):
        shown.append(match.apply(rng.choice(match.legal_actions())))
    assert match.current_hand_events() == shown
    assert Match(seed=12).current_hand_events() == []
