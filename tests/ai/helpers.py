"""Shared builders for AI tests: seeded positions reached by real play, with their history."""

from __future__ import annotations

import random

from swoop_desktop.engine import (
    OPTION_VALUES,
    PRESETS,
    GameState,
    Match,
    Rules,
    new_deal,
    parse_position,
)
from swoop_desktop.engine.observation import PublicHistory, observe

PRESET_NAMES = ("app", "classic", "traditional")


def _every_rule_set() -> list[tuple[str, str, object]]:
    """Each preset as it is, then with each value of each option it does not already
    have (``OPTION_VALUES`` is read from every option's declaration, so a new one joins
    the walk by itself)."""
    walk: list[tuple[str, str, object]] = []
    for preset, base in PRESETS.items():
        walk.append((preset, "", None))
        for option, values in OPTION_VALUES.items():
            walk.extend((preset, option, v) for v in values if getattr(base, option) != v)
    return walk


#: (preset, option, value) for tests that walk every rule set; option "" is the preset.
RULE_SETS = _every_rule_set()
RULE_SET_IDS = [f"{p}-{o}={v}" if o else p for p, o, v in RULE_SETS]


def played_position(
    preset: str, seed: int, plays: int, players: int = 4, scores: list[int] | None = None
) -> tuple[GameState, PublicHistory]:
    """A deal after ``plays`` random legal actions (fewer if the hand ends), and its history.

    ``scores``: running totals before this hand (a deal late in a match).
    """
    rules = Rules.from_preset(preset)
    state, events = new_deal(rules, players, seed=seed, scores=scores)
    history = PublicHistory(players)
    history.feed(events)
    rng = random.Random(seed * 7 + plays)
    for _ in range(plays):
        if state.is_over:
            break
        legal = state.legal_actions()
        before = state.clone()
        events = state.apply(rng.choice(legal))
        if state.is_over:  # keep a position where someone still has to move
            state = before
            break
        history.feed(events)
    return state, history


def position(
    players: list[dict],
    pile: str = "",
    to_move: int = 0,
    phase="play",
    rules: dict | None = None,
    **extra,
) -> GameState:
    data = {
        "rules": rules or {"preset": "app"},
        "players": players,
        "pile": pile,
        "to_move": to_move,
        "phase": phase,
        **extra,
    }
    return parse_position(data)


def player(hand: str = "", up: list | None = None, down: list | None = None) -> dict:
    empty = [None, None, None, None]
    return {"hand": hand, "up": list(up or empty), "down": list(down or empty)}


def play_hands(match: Match, bots: list, hands: int = 1) -> Match:
    """Play ``hands`` hands of ``match`` (fewer if the game ends), each bot seeing only its
    observation with the public history, as at the table. Returns the match."""
    histories = [PublicHistory(match.n) for _ in range(match.n)]

    def feed(events) -> None:
        for h in histories:
            h.feed(events)

    feed(match.start_hand())
    while True:
        state = match.state
        p = state.to_move
        feed(
            match.apply(
                bots[p].choose(observe(state, p, histories[p].copy()), state.legal_actions())
            )
        )
        if match.hand_over:
            if match.over or len(match.actions) >= hands:
                return match
            feed(match.start_hand())
