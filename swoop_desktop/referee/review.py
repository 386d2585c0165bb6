"""A recorded game replayed to the decisions of one seat, for the hand review.

The review's judgement (:mod:`swoop_desktop.ai.review`) never holds the real
deal: it weighs :class:`~swoop_desktop.ai.review.Decision` values, each with
the seat's observation, the legal actions and the choice made. This module
is the referee that builds them: it replays the record with a
:class:`~swoop_desktop.engine.Match`, keeps the public history, and at every
decision of the reviewed seat that had a real choice hands over what the seat
could know, plus a copy of the real deal for the hindsight verdict only.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence

from swoop_desktop.ai.review import REVIEW_WORLDS, Decision, Review, review_decisions
from swoop_desktop.engine import Action, Match, Rules
from swoop_desktop.engine.observation import PublicHistory, observe


def decisions(
    rules: Rules,
    players: int,
    seed: int,
    hands: Sequence[Sequence[Action]],
    seat: int = 0,
    hand: int | None = None,
    hints: Mapping[tuple[int, int], str] | None = None,
) -> list[Decision]:
    """Every decision of ``seat`` with more than one legal action, in order.

    ``hands`` are the recorded actions of each deal (a saved game or a
    finished one); ``hand`` limits the list to one deal (0-based); ``hints`` are the
    words of the hints the seat was shown, by (hand, play of the hand), kept with the
    decisions they were shown at (the review quotes only those, and only when they are
    the words the hint gives at that decision: they come from a file).
    """
    shown = hints or {}
    match = Match(rules, players, seed)
    history = PublicHistory(players)
    out: list[Decision] = []
    number = 0
    for hand_no, actions in enumerate(hands):
        if hand_no == 0 or match.hand_over:
            history.feed(match.start_hand())
        for step, action in enumerate(actions):
            state = match.state
            assert state is not None
            if state.to_move == seat:
                legal = state.legal_actions()
                if len(legal) > 1:
                    number += 1
                    if hand is None or hand == hand_no:
                        out.append(
                            Decision(
                                hand_no,
                                step,
                                observe(state, seat, history.copy()),
                                tuple(legal),
                                action,
                                state.clone(),
                                number,
                                shown.get((hand_no, step)),
                                hint_to_check=(hand_no, step) in shown,
                            )
                        )
            history.feed(match.apply(action))
    return out


def review(
    rules: Rules,
    players: int,
    seed: int,
    hands: Sequence[Sequence[Action]],
    seat: int = 0,
    hand: int | None = None,
    worlds: int = REVIEW_WORLDS,
    hindsight: bool = False,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
    hints: Mapping[tuple[int, int], str] | None = None,
) -> Review:
    """Review every decision of ``seat`` (or one hand's): fair verdicts, and hindsight ones.

    The game's seed also seeds the review's re-deals, so a review of one game
    always gives the same verdicts. ``progress(done, total)`` is called after
    each decision; setting ``cancel`` stops the work at the next decision with
    :class:`~swoop_desktop.ai.review.Cancelled`.
    """
    found = decisions(rules, players, seed, hands, seat, hand, hints)
    return review_decisions(found, worlds, seed, hindsight, progress, cancel)


__all__ = ["decisions", "review"]
