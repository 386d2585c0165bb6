"""Take-backs: a seat's last play, and every play after it, undone by replaying the deal.

The engine is deterministic: a match is its rules, table, seed (and a lesson's stacked
deck) and the actions played. Taking plays back is therefore replaying the same
actions, fewer of them, on a fresh :class:`~.match.Match`: nothing is reversed by hand,
so the position after a take-back is exactly the one the table stood at before (every
hand, the pile, the face-up and mystery cards, the swooped stack, the totals).

A take-back goes back to *the moment the seat last had a play to make* (its turn, or a
play again after a Swoop) before its last play, within the hand being played: a
follow-up or a chain of mystery cards belongs to the play that offered it.
"""

from __future__ import annotations

from .errors import EngineError
from .match import Match
from .playout import PLAY


def _dealt(match: Match) -> Match:
    """The match as it stood when the hand being played was dealt (nothing played yet)."""
    fresh = Match(match.rules, match.n, match.seed, match.stacked, match.first_dealer)
    fresh.replay([list(hand) for hand in match.actions[:-1]] + [[]])
    return fresh


def take_back_point(match: Match, seat: int) -> int | None:
    """How many plays of the hand being played to keep so that ``seat``'s last play and
    every play after it are taken back; None when there is nothing to take back (no hand
    being played, the hand is over, or ``seat`` has made no play in it yet)."""
    state = match.state
    if state is None or state.is_over or not match.actions or not match.actions[-1]:
        return None
    replay = _dealt(match).state
    if replay is None:
        return None
    point: int | None = None
    for i, action in enumerate(match.actions[-1]):
        if replay.to_move == seat and replay.phase == PLAY:
            point = i
        replay.apply_fast(action)
    return point


def taken_back(match: Match, keep: int) -> Match:
    """A new match: ``match`` with only the first ``keep`` plays of its hand being played
    (replayed from the deal, so every card is where it was then). ``match`` is left as
    it is. Raises :class:`EngineError` when ``keep`` is not a number of those plays."""
    if not match.actions or not 0 <= keep <= len(match.actions[-1]):
        raise EngineError(f"a take-back keeps 0 to the plays of the hand, not {keep}")
    other = Match(match.rules, match.n, match.seed, match.stacked, match.first_dealer)
    hands = [list(hand) for hand in match.actions[:-1]] + [list(match.actions[-1][:keep])]
    other.replay(hands)
    return other


def taken_back_plays(match: Match, keep: int) -> list[int]:
    """Who made each play that keeping ``keep`` plays would take back, in order."""
    replay = _dealt(match).state
    if replay is None or not match.actions:
        return []
    movers: list[int] = []
    for i, action in enumerate(match.actions[-1]):
        if i >= keep:
            movers.append(replay.to_move)
        replay.apply_fast(action)
    return movers
