"""The public play-out interface: what search may read and do with a dealt world.

The AI never names :class:`~swoop_desktop.engine.state.GameState` (a check in
``make lint`` holds it to that). Worlds it plays out come from
:meth:`Observation.world` (the unseen cards placed as the AI chose, checked
to fit what the seat sees) or :meth:`Observation.random_world`, and search is
written against this :class:`PlayoutState` protocol: public attributes and
the fast, unchecked moves, nothing private. ``GameState`` implements it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .actions import Action
    from .rules import Rules

#: Phases of a turn (``state.phase``): a play, a follow-up, a chain, the hand is over.
PLAY, FOLLOW, CHAIN, OVER = 0, 1, 2, 3


class PlayoutState(Protocol):
    """One deal, seen as search may see a world it dealt itself."""

    rules: Rules
    n: int
    hands: list[list[list[int]]]  # hands[p][rank] -> card ids of that rank
    hand_count: list[int]
    up: list[list[int | None]]
    down: list[list[int | None]]
    pile: list[int]
    set_aside: list[int]
    top: int  # rank on top of the pile, 0 when empty
    run: int  # equal cards on top
    to_move: int
    phase: int  # PLAY, FOLLOW, CHAIN or OVER
    follow_rank: int
    scores: list[int] | None
    out_player: int | None

    @property
    def swoop_rank(self) -> tuple[bool, ...]:
        """For each rank 0-14, whether it is a Swoop card under these rules."""
        ...

    @property
    def max_four(self) -> bool: ...

    @property
    def is_over(self) -> bool: ...

    def clone(self) -> PlayoutState: ...

    def legal_actions(self) -> list[Action]: ...

    def candidate_actions(self) -> list[Action]:
        """A few of :meth:`legal_actions` standing for them all (see ``GameState``)."""
        ...

    def apply_fast(self, action: Action) -> None: ...

    def cards_left(self, player: int) -> int: ...

    def hand_ids(self, player: int) -> list[int]: ...


__all__ = ["CHAIN", "FOLLOW", "OVER", "PLAY", "PlayoutState"]
