"""The tests' finished games (``helpers.finished_match``): the game random players play, and
each caller's own to change, however often it is asked for."""

from __future__ import annotations

import random

from swoop_desktop.engine import Match, Rules
from swoop_desktop.engine.state import GameState

from .helpers import finished_match, step


def _played_out(seed: int, rules: Rules, players: int) -> Match:
    match = Match(rules, players, seed)
    rng = random.Random(seed)
    while not match.over:
        step(match, rng)
    return match


def _described(match: Match) -> dict:
    """Everything a match holds, as plain values (an action's card ids too)."""
    out = {k: v for k, v in vars(match).items() if k not in ("state", "actions")}
    out["actions"] = [[(repr(a), getattr(a, "hand_ids", None)) for a in h] for h in match.actions]
    out["state"] = {name: getattr(match.state, name) for name in GameState.__slots__}
    return out


def test_every_call_gets_the_played_game_as_its_own_match():
    rules = Rules.from_preset("app", target=60)
    first = finished_match(41, rules, 3)
    second = finished_match(41, rules, 3)
    expected = _described(_played_out(41, rules, 3))
    assert first.over and _described(first) == _described(second) == expected
    # One caller changing its match changes no other caller's.
    first.totals[0] += 7
    first.sheet[0].append(1)
    next(a for h in first.actions for a in h if hasattr(a, "hand_ids")).hand_ids = (99,)
    first.actions[-1].clear()
    first.state.pile.append(3)
    first.state.hands[0][5].append(99)
    assert _described(second) == _described(finished_match(41, rules, 3)) == expected
