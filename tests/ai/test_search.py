"""The hard bot's search: play-out moves are legal, search is skipped when pointless."""

from __future__ import annotations

import pytest

from swoop_desktop.ai.search import (
    CAP_MS,
    DEFAULT_BUDGET_MS,
    DEFAULT_WORLDS,
    STEP_BUDGET,
    HardBot,
    evaluate,
    match_value,
    points_margin,
)
from swoop_desktop.engine import Play
from swoop_desktop.engine.observation import observe

from .helpers import played_position, player, position


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
    first = HardBot(seed=4, max_worlds=6, use_clock=False, step_budget=0)
    second = HardBot(seed=4, max_worlds=6, use_clock=False, step_budget=0)
    assert first.choose(obs, legal) == second.choose(obs, legal)
    assert first.last_worlds == 6


def test_a_decision_with_short_play_outs_deals_more_worlds_up_to_its_step_budget():
    """The hard level's work is play-out steps: a decision late in a hand (short play-outs)
    goes on past its worlds until the budget is spent, at most four times as many; a hand's
    first play (long play-outs) keeps its worlds; the same decision twice is the same,
    worlds and all."""
    late, history = played_position("app", 13, plays=40)
    obs = observe(late, late.to_move, history)
    legal = late.legal_actions()
    bots = [HardBot(seed=4, use_clock=False) for _ in range(2)]
    assert bots[0].choose(obs, legal) == bots[1].choose(obs, legal)
    assert DEFAULT_WORLDS < bots[0].last_worlds == bots[1].last_worlds
    assert bots[0].last_steps >= STEP_BUDGET
    capped = HardBot(seed=4, max_worlds=6, use_clock=False, step_budget=STEP_BUDGET)
    capped.choose(obs, legal)
    assert capped.last_worlds == 24 and capped.last_steps < STEP_BUDGET  # four times 6
    # Unless told, a search of fewer worlds has a budget in proportion (the tests' and the
    # tournament's small searches stay small).
    assert HardBot(max_worlds=6).step_budget == round(STEP_BUDGET * 6 / DEFAULT_WORLDS)
    first, history = played_position("app", 13, plays=1)
    opening = HardBot(seed=4, use_clock=False)
    opening.choose(observe(first, first.to_move, history), first.legal_actions())
    assert opening.last_worlds == DEFAULT_WORLDS and opening.last_steps >= STEP_BUDGET


def test_work_is_fixed_and_the_clock_only_a_capped_safety_net():
    assert HardBot(budget_ms=5000).budget_ms == CAP_MS
    assert HardBot().budget_ms == DEFAULT_BUDGET_MS <= CAP_MS
    assert HardBot().max_worlds == DEFAULT_WORLDS
    assert HardBot(max_worlds=7).max_worlds == 7


def test_r15_evaluate_counts_the_points_each_player_is_caught_holding():
    # Seat 0 goes out with its 5; the others are caught holding 6, 8+... and a joker.
    state = position([player("5"), player("3 3"), player("K K Q"), player("X 6")], pile="9")
    state.apply(Play((5,), ()))
    assert state.out_player == 0
    # seat 1: 6 points, seat 2: 30, seat 3: 56 (R15 standard scoring)
    assert points_margin(state, 0) == pytest.approx(0 - (6 + 30 + 56) / 3)
    assert points_margin(state, 1) == pytest.approx(6 - (0 + 30 + 56) / 3)
    # Early in a match (all totals 0, target 300) the value is a soft share by points.
    values = [evaluate(state, p) for p in range(4)]
    assert values[0] > values[1] > values[2] > values[3]
    assert sum(values) == pytest.approx(1.0)


def test_r16_match_value_knows_the_target_and_splits_a_tie():
    # Someone reached the target: the sole lowest total wins outright.
    assert match_value([120, 310, 200, 150], 0, 300) == 1.0
    assert match_value([120, 310, 200, 150], 3, 300) == 0.0
    assert match_value([120, 310, 120, 150], 0, 300) == 0.5
    # Not over yet: the leader's chance grows as the end nears at the same gap ...
    early = match_value([0, 40, 40, 40], 0, 300)
    late = match_value([240, 280, 280, 280], 0, 300)
    assert 0.25 < early < late < 1.0
    # ... and a leader would rather end the game now than play on with the same lead.
    assert match_value([240, 300, 290, 290], 0, 300) > late


def test_a_leader_near_the_end_would_rather_end_the_game():
    # Seat 0 leads by far; seat 1 is 25 short of the target. Going out now ends the game
    # with seat 0 the winner; any other hand result is worth less to it.
    state = position(
        [player("5"), player("3 3 K K"), player("4 4"), player("6 6")],
        pile="9",
        scores=[100, 275, 200, 220],
    )
    ended = state.clone()
    ended.apply(Play((5,), ()))
    assert evaluate(ended, 0, points_weight=0) == 1.0
    assert evaluate(ended, 1, points_weight=0) == 0.0
    assert evaluate(state, 0, points_weight=0) < 1.0
    # The small term for the hand's margin only adds to a win, never turns it round.
    assert evaluate(ended, 0) > evaluate(state, 0) > evaluate(ended, 1)


def test_r16_far_behind_wants_a_swing_near_the_target_and_the_leader_want_safety():
    """The same mean points this hand as a sure thing or as a 0-or-double gamble."""

    def sure_and_gamble(me, others, mean, rise=20):
        rest = [t + rise for t in others]
        sure = match_value([me + mean, *rest], 0, 300)
        gamble = (
            match_value([me, *rest], 0, 300) + match_value([me + 2 * mean, *rest], 0, 300)
        ) / 2
        return sure, gamble

    sure, gamble = sure_and_gamble(150, [50, 50, 50], 30)  # far behind: needs a swing
    assert gamble > sure
    sure, gamble = sure_and_gamble(280, [200, 200, 200], 10)  # 20 short of the target
    assert sure > gamble
    sure, gamble = sure_and_gamble(100, [200, 200, 200], 30)  # the leader
    assert sure > gamble
