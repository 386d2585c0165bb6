"""The hand review of a recorded game: the referee replays it to one seat's decisions
(observations only, forced moves skipped) and the AI's review weighs each of them."""

from __future__ import annotations

import threading

import pytest

from swoop_desktop.ai import make_bot
from swoop_desktop.ai.review import REVIEW_WORLDS, Cancelled, best_action, review_decisions
from swoop_desktop.engine import Match, Rules
from swoop_desktop.referee.review import decisions, review

from ..ai.helpers import play_hands


def _bot_game(seed: int, seat0) -> Match:
    """One hand with ``seat0`` in seat 0 and normal bots elsewhere."""
    bots = [seat0] + [make_bot("normal", seed=seed + p) for p in (1, 2, 3)]
    return play_hands(Match(Rules.from_preset("app"), 4, seed), bots)


class _ReviewStrength:
    """The review's own search as a player, with its own seed (other worlds than the review's)."""

    def __init__(self, worlds: int = 96) -> None:
        self.worlds = worlds

    def choose(self, obs, legal):
        return best_action(obs, legal, worlds=self.worlds, seed=99)


def test_a_hand_played_by_the_reviews_own_bot_on_less_work_has_no_blunder():
    """The quick copy of the test below: the review's search plays a hand and reviews it
    on a quarter of the work. Noisier, so only a blunder (20 points or more) would say
    the review contradicts its own search."""
    match = _bot_game(3, _ReviewStrength(worlds=24))
    result = review(match.rules, 4, match.seed, match.actions, worlds=REVIEW_WORLDS // 4)
    assert len(result.verdicts) >= 5
    assert "blunder" not in {v.label for v in result.verdicts}, [
        (v.number, v.label, v.cost, v.reason) for v in result.verdicts
    ]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
def test_a_hand_played_by_the_reviews_own_bot_at_full_work_has_no_mistake(seed):
    match = _bot_game(seed, _ReviewStrength())
    result = review(match.rules, 4, match.seed, match.actions, worlds=REVIEW_WORLDS)
    assert len(result.verdicts) >= 5
    labels = [v.label for v in result.verdicts]
    assert not {"mistake", "blunder"} & set(labels), [
        (v.number, v.label, v.cost, v.reason) for v in result.verdicts
    ]
    # Good, or (a range that reaches past the good line) unclear with an estimate
    # within it; at most one decision otherwise.
    near = [v for v in result.verdicts if v.good or (v.label == "unclear" and v.cost < 3.0)]
    assert len(near) >= len(labels) - 1


def test_decisions_skip_forced_moves_and_count_only_the_reviewed_seat():
    match = _bot_game(5, make_bot("easy", seed=1))
    found = decisions(match.rules, 4, match.seed, match.actions)
    assert found and all(d.obs.seat == 0 and len(d.legal) > 1 for d in found)
    assert [d.number for d in found] == list(range(1, len(found) + 1))
    other = decisions(match.rules, 4, match.seed, match.actions, seat=2)
    assert other and all(d.obs.seat == 2 for d in other)


def test_cancel_stops_a_review_and_progress_is_reported():
    match = _bot_game(5, make_bot("easy", seed=1))
    seen = []
    cancel = threading.Event()

    def progress(done, total):
        seen.append((done, total))
        if done == 2:
            cancel.set()

    with pytest.raises(Cancelled):
        review(
            match.rules, 4, match.seed, match.actions, worlds=2, progress=progress, cancel=cancel
        )
    assert seen[:2] == [(1, seen[0][1]), (2, seen[0][1])] and len(seen) == 2


def test_the_ai_review_weighs_exactly_the_decisions_it_is_given():
    match = _bot_game(5, make_bot("easy", seed=1))
    found = decisions(match.rules, 4, match.seed, match.actions)
    # Two re-deals (up to 16 where a verdict is unsettled): which decisions are weighed
    # is the point, not how precisely.
    whole = review(match.rules, 4, match.seed, match.actions, worlds=2, hindsight=True)
    some = review_decisions(found[1:3], worlds=2, seed=match.seed, hindsight=True)
    assert [v.number for v in some.verdicts] == [found[1].number, found[2].number]
    assert some.verdicts == whole.verdicts[1:3]
    assert some.hindsight == whole.hindsight[1:3]
