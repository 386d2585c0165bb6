"""The hand review's judgement: fair verdicts in expected points, labels, reasons, the summary.

The replay of a recorded game to its decisions is the referee's (tests/referee/test_review.py).
"""

from __future__ import annotations

import random

from swoop_desktop.ai import observe
from swoop_desktop.ai.review import (
    LABELS,
    Decision,
    Review,
    Verdict,
    assess,
    label_for,
)
from swoop_desktop.engine import Flip, Play

from .helpers import played_position, position

# Seat 0 holds an ace and a 2 (both go on the 3) and an uncovered mystery card; the
# pile is twelve cards worth 86 points. Flipping into it is the classic blunder.
BIG_PILE = dict(
    players=[
        {"hand": "A 2 K", "up": [None, None, None, None], "down": ["Q", "K", None, None]},
        {"hand": "4 6 8 9 J Q", "up": ["7", None, None, None], "down": ["3", "4", "5", "6"]},
        {"hand": "5 7 9 Q K", "up": [None, "A", None, None], "down": ["9", "9", "J", "2"]},
        {"hand": "A 3 6 8 J", "up": [None, None, "2", None], "down": ["7", "8", "Q", "A"]},
    ],
    pile="K Q J 9 9 8 7 6 5 5 4 3",
    scores=[40, 60, 80, 100],
)


def _decision(state, chosen) -> Decision:
    return Decision(0, 0, observe(state, 0), tuple(state.legal_actions()), chosen, state.clone(), 1)


def test_a_flip_into_a_big_pile_with_a_safe_low_play_is_a_blunder_and_says_why():
    state = position(**BIG_PILE)
    verdict = assess(_decision(state, Flip(0)))
    assert verdict.label == "blunder"
    assert verdict.cost >= 20
    assert verdict.best in ("played an ace", "played a 2")
    assert "flip picked up the 12-card pile (86 points)" in verdict.reason
    assert verdict.reason.startswith("Playing a ")
    assert not verdict.hindsight


def test_the_safe_low_play_in_the_same_spot_is_good():
    state = position(**BIG_PILE)
    verdict = assess(_decision(state, Play((2,), ())), worlds=24)
    assert verdict.label == "good"
    assert verdict.cost < LABELS[0][1] + 5


def test_hindsight_uses_the_real_cards_and_says_so():
    state = position(**BIG_PILE)  # the real card under slot 0 is a queen: a sure pick-up
    fair = assess(_decision(state, Flip(0)), worlds=8)
    verdict = assess(_decision(state, Flip(0)), worlds=8, hindsight=True)
    assert verdict.hindsight and not fair.hindsight

    def flip(v):
        return next(o for o in v.options if o.words == "flipped a mystery card")

    assert flip(verdict).pickup == 1.0  # the queen always picks up
    assert 0 < flip(fair).pickup < 1  # unseen, it might have gone on the 3


def test_labels_follow_the_documented_thresholds():
    assert [label_for(c) for c in (0, 2.9, 3, 7.9, 8, 19.9, 20, 80)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_the_fair_verdict_never_depends_on_cards_the_player_could_not_see():
    checked = 0
    for seed in range(4):
        state, history = played_position("app", seed, plays=12 + 7 * seed)
        seat = state.to_move
        obs = observe(state, seat, history)
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        chosen = legal[-1]
        fair = assess(Decision(0, 0, obs, tuple(legal), chosen, state.clone(), 1), worlds=8)
        world = obs.random_world(random.Random(seed))
        assert observe(world, seat, history) == obs
        redealt = assess(Decision(0, 0, obs, tuple(legal), chosen, world, 1), worlds=8)
        assert redealt == fair
        checked += 1
    assert checked >= 3


def test_summary_counts_costs_and_points_to_the_worst_decision():
    def v(number, label, cost, hand=0):
        return Verdict(
            hand, number, number, "flipped a mystery card", "played a 9", cost, label, "", (), 8
        )

    result = Review(
        [
            v(1, "good", 0),
            v(2, "good", 1.5),
            v(3, "inaccuracy", 4),
            v(4, "inaccuracy", 2.5),
            v(5, "blunder", 25, hand=2),
        ]
    )
    lines = result.summary_lines()
    assert lines[0] == (
        "5 decisions: 2 as good as the best, 2 cost about 6 points "
        "(inaccuracies), 1 costs about 25 points (a blunder)."
    )
    assert lines[1].startswith(
        "Hand 3, decision 5: you flipped a mystery card when playing "
        "a 9 was better (about 25 points, blunder)"
    )
    assert result.accuracy == 40.0
    assert Review.from_json(result.to_json()) == result


def test_summary_says_when_a_choice_was_worse_but_too_close_to_call():
    def v(number, label, cost):
        return Verdict(0, number, number, "played a 9", "played a 6", cost, label, "", (), 8)

    lines = Review([v(1, "good", 0), v(2, "good", 5.4), v(3, "good", 3.2)]).summary_lines()
    assert lines == [
        "3 decisions: 1 as good as the best, 2 close to it (about 9 points in all, "
        "too close to call)."
    ]
