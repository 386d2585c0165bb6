"""The hard bot's search: play-out moves are legal, search is skipped when pointless."""

from __future__ import annotations

import random

import pytest

from swoop_desktop.ai.search import CAP_MS, HardBot, RolloutPolicy, evaluate
from swoop_desktop.engine import Play, Rules, new_deal
from swoop_desktop.engine.observation import observe

from .helpers import played_position, player, position


@pytest.mark.parametrize("preset, options", [("app", {}), ("classic", {}), ("traditional", {}),
                                             ("app", {"max_four": False}),
                                             ("app", {"tens_are_swoop_cards": False})])
def test_r6_play_out_candidates_are_always_legal(preset, options):
    rules = Rules.from_preset(preset, **options)
    checked = 0
    for seed in range(6):
        state, _ = new_deal(rules, 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            cands = RolloutPolicy.candidates(state)
            assert cands and all(a in legal for a in cands), (cands, legal)
            checked += len(cands)
            state.apply(rng.choice(cands) if rng.random() < 0.5 else rng.choice(legal))
    assert checked > 500


def test_one_legal_action_is_played_without_search():
    state = position([player("5"), player("3 3"), player("4 4"), player("6 6")], pile="K")
    legal = state.legal_actions()
    assert legal == [Play((5,), ())]
    bot = HardBot(seed=1)
    assert bot.choose(observe(state, 0), legal) == legal[0]
    assert bot.last_worlds == 0


def test_search_without_the_clock_is_repeatable_and_plays_worlds():
    state, history = played_position("app", 13, plays=40)
    obs = observe(state, state.to_move, history)
    legal = state.legal_actions()
    assert len(legal) > 2
    first = HardBot(seed=4, max_worlds=6, use_clock=False)
    second = HardBot(seed=4, max_worlds=6, use_clock=False)
    assert first.choose(obs, legal) == second.choose(obs, legal)
    assert first.last_worlds == 6


def test_budget_is_capped():
    assert HardBot(budget_ms=500).budget_ms == CAP_MS
    assert HardBot().budget_ms == 50


def test_evaluate_prefers_fewer_cards_and_knows_who_went_out():
    state = position([player("5"), player("3 3 4 4 6 6 7 8"), player("4 4"), player("6 6")],
                     pile="9")
    assert evaluate(state, 0) > evaluate(state, 1)
    assert abs(sum(evaluate(state, p) for p in range(4)) - 1) < 1e-9
    state.apply(Play((5,), ()))
    assert evaluate(state, 0) == 1.0 and evaluate(state, 2) == 0.0
