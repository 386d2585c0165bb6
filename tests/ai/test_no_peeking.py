"""Bots see only their observation: re-dealing every card they cannot see never changes a decision."""

from __future__ import annotations

import random

import pytest

from swoop_desktop.ai import make_bot
from swoop_desktop.ai.search import HardBot
from swoop_desktop.engine.observation import observe
from tests.sizes import quick_and_full

from .helpers import PRESET_NAMES, played_position

LEVELS = ("random", "lowest", "highest", "easy", "casual", "steady", "keen", "normal")


def _bots():
    bots = [make_bot(level, seed=3) for level in LEVELS]
    bots += [make_bot("normal", "pyro", seed=3), make_bot("easy", "aggressive", seed=4)]
    # Enough worlds that the search really decides (it needs 4 to overrule the
    # normal choice), valued by points and the match (R15, R16).
    bots.append(HardBot(seed=5, max_worlds=8, use_clock=False))
    bots.append(make_bot("expert", seed=6, max_worlds=8, use_clock=False))
    return bots


# Seeds 0-9 are positions 10 to 91 plays into a deal. Quick: every third seed, each preset
# from its own start, so the three presets still cover all ten stages between them.
@quick_and_full(3, 1, "stride")
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_redealing_unseen_cards_never_changes_a_decision(preset, stride):
    bots = _bots()
    hidden_changed = 0
    checked = 0
    seeds = range(PRESET_NAMES.index(preset) % stride, 10, stride)
    for seed in seeds:
        state, history = played_position(preset, seed, plays=10 + 9 * seed)
        seat = state.to_move
        obs = observe(state, seat, history)
        legal = state.legal_actions()
        choices = [bot.choose(obs, legal) for bot in bots]
        for k in range(2):
            # Another deal that agrees with everything this seat can see.
            world = obs.random_world(random.Random(1000 * seed + k))
            other_down = [world.down[p] for p in range(world.n)]
            if other_down != [state.down[p] for p in range(state.n)]:
                hidden_changed += 1
            other_obs = observe(world, seat, history)
            assert other_obs == obs
            other_legal = world.legal_actions()
            assert other_legal == legal
            for bot, choice in zip(bots, choices, strict=True):
                assert bot.choose(other_obs, other_legal) == choice, (bot, preset, seed)
                checked += 1
    # Three re-deals in four (15 of 20 at the full size) really moved the hidden cards.
    assert hidden_changed >= (6 * len(seeds) + 3) // 4, "the re-deals really moved the hidden cards"
    assert checked == len(seeds) * 2 * len(bots)


def test_same_seed_same_observation_same_answer_and_seeds_differ():
    state, history = played_position("app", 4, plays=30)
    obs = observe(state, state.to_move, history)
    legal = state.legal_actions()
    assert len(legal) > 3
    picks = {make_bot("random", seed=s).choose(obs, legal) for s in range(40)}
    assert len(picks) > 1, "the seed matters"
    for s in range(5):
        assert make_bot("random", seed=s).choose(obs, legal) == make_bot("random", seed=s).choose(
            obs, legal
        )


# Seeds 0-11 are positions 6 to 61 plays into a deal; quick: every fourth (0, 4, 8), of
# which two are decisions the search overrules (seeds 0, 5 and 8 at the full size).
@quick_and_full(4, 1, "stride")
def test_the_match_aware_search_never_peeks_and_really_searches(stride):
    """Late in a match (totals near the target), the points-and-match evaluation
    decides; re-dealing what the hard bot cannot see changes nothing."""
    overruled = 0
    for seed in range(0, 12, stride):
        state, history = played_position(
            "app", seed, plays=6 + 5 * seed, scores=[240, 180, 275, 210]
        )
        seat = state.to_move
        obs = observe(state, seat, history)
        assert obs.scores == (240, 180, 275, 210)
        legal = state.legal_actions()
        bot = HardBot(seed=9, max_worlds=12, use_clock=False)
        choice = bot.choose(obs, legal)
        if bot.last_base is not None and choice != bot.last_base:
            overruled += 1
        for k in range(2):
            world = obs.random_world(random.Random(77 * seed + k))
            other_obs = observe(world, seat, history)
            assert other_obs == obs
            again = HardBot(seed=9, max_worlds=12, use_clock=False)
            assert again.choose(other_obs, world.legal_actions()) == choice, seed
            assert again.last_points == bot.last_points
    assert overruled >= 1, "the search overruled the normal choice somewhere"
