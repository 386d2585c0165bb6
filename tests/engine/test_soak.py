"""Soak: thousands of random-play deals over every preset and 3-8 players all terminate."""

from __future__ import annotations

import random

import pytest

from swoop_desktop.engine import Rules, new_deal

PRESETS = ("app", "classic", "traditional")


@pytest.mark.parametrize("count", [300, pytest.param(2100, marks=pytest.mark.slow)])
def test_soak_random_deals_terminate_without_error(count):
    """Every preset, 3-8 players and several options (300 deals quick, 2,100 slow)."""
    rng = random.Random(2024)
    deals = 0
    longest = 0
    for i in range(count):
        preset = PRESETS[i % 3]
        players = 3 + (i // 3) % 6
        overrides = {}
        if i % 7 == 0:
            overrides["max_four"] = False
        if i % 11 == 0:
            overrides["tens_are_swoop_cards"] = False
        if i % 13 == 0:
            overrides["table_cards"] = False
        rules = Rules.from_preset(preset, **overrides)
        state, _ = new_deal(rules, players, seed=i)
        total = len(state.all_card_ids())
        plays = 0
        while not state.is_over:
            if plays % 3 == 0:
                state.apply(rng.choice(state.legal_actions()))
            else:
                state.apply_fast(rng.choice(state.legal_actions()))
            plays += 1
        assert len(set(state.all_card_ids())) == total
        assert state.cards_left(state.out_player) == 0
        longest = max(longest, plays)
        deals += 1
    assert deals == count
    assert longest < 5000
