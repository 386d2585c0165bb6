"""What happened, in order: the engine's events as frozen, typed values.

``GameState.apply`` and ``new_deal`` return a list of these. Each carries the
facts of one thing that happened (card ids, seats, ranks as numbers); none
carries English, which belongs to the UI. ``to_json()`` gives the JSON object
the command line prints (docs/rules.md, "Positions, actions and events"):
a ``"type"`` and the facts, with ranks as symbols.

Readers match on the class (``match event: case Played(player=p): ...`` or
``isinstance``); a misspelt field is an error at once, not a silent ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import RANK_OF, RANK_SYMBOLS


def _symbols(ids: tuple[int, ...]) -> list[str]:
    return [RANK_SYMBOLS[RANK_OF[c]] for c in ids]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. ``kind`` is the JSON ``"type"``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The JSON object of this event (each kind adds its facts)."""
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A new deal (R4): every card's starting place, by id. ``hand_no`` is 0-based in a match."""

    kind: ClassVar[str] = "dealt"
    dealer: int
    seed: int | None
    players: int
    hand: tuple[tuple[int, ...], ...]
    up: tuple[tuple[int | None, ...], ...]
    down: tuple[tuple[int | None, ...], ...]
    set_aside: tuple[int, ...]
    hand_no: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.kind,
            "dealer": self.dealer,
            "seed": self.seed,
            "players": self.players,
            "hand": [list(h) for h in self.hand],
            "up": [list(u) for u in self.up],
            "down": [list(d) for d in self.down],
            "set_aside": list(self.set_aside),
        }
        if self.hand_no is not None:
            out["hand_no"] = self.hand_no
        return out


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """R5 high card: ``player`` drew card ``id`` from the set-aside cards in draw ``round``."""

    kind: ClassVar[str] = "drew"
    player: int
    id: int
    round: int

    @property
    def rank(self) -> int:
        return RANK_OF[self.id]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "player": self.player,
            "card": RANK_SYMBOLS[self.rank],
            "id": self.id,
            "round": self.round,
        }


@dataclass(frozen=True, slots=True)
class DrawSkipped(Event):
    """R5 high card could not decide; the player left of the dealer leads.

    ``reason`` is ``"no_cards"`` (nothing usable to draw) or ``"no_winner"``
    (no single highest card after 200 rounds).
    """

    kind: ClassVar[str] = "draw_skipped"
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Played(Event):
    """Cards of one rank went on the pile (R6-R13). ``zones`` name where each came from:
    ``"hand"``, ``"up0"``-``"up3"`` or ``"down0"``-``"down3"``. ``new_pile``: they started
    a new pile after a pick-up (R8 ``new_pile``)."""

    kind: ClassVar[str] = "played"
    player: int
    ids: tuple[int, ...]
    zones: tuple[str, ...]
    rank: int
    new_pile: bool = False

    @property
    def count(self) -> int:
        return len(self.ids)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.kind,
            "player": self.player,
            "cards": _symbols(self.ids),
            "ids": list(self.ids),
            "from": list(self.zones),
            "rank": RANK_SYMBOLS[self.rank],
            "count": self.count,
        }
        if self.new_pile:
            out["new_pile"] = True
        return out


@dataclass(frozen=True, slots=True)
class Flipped(Event):
    """A mystery card was turned over (R11, R13); a ``Played`` event follows."""

    kind: ClassVar[str] = "flipped"
    player: int
    slot: int
    id: int

    @property
    def rank(self) -> int:
        return RANK_OF[self.id]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "player": self.player,
            "slot": self.slot,
            "card": RANK_SYMBOLS[self.rank],
            "id": self.id,
        }


@dataclass(frozen=True, slots=True)
class PickedUp(Event):
    """``player`` took the pile into their hand (R8, R11): ``ids`` bottom to top."""

    kind: ClassVar[str] = "picked_up"
    player: int
    ids: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.ids)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "player": self.player,
            "ids": list(self.ids),
            "cards": _symbols(self.ids),
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class Swooped(Event):
    """The pile was swooped away (R9 ``by="four"``, R10 ``by="swoop_card"``)."""

    kind: ClassVar[str] = "swooped"
    player: int
    by: str
    ids: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.ids)

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "player": self.player,
            "by": self.by,
            "ids": list(self.ids),
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class Turn(Event):
    """Whose move it is now and what kind: ``phase`` is ``"play"``, ``"follow"`` (with the
    ``rank`` that may be added) or ``"chain"``. ``bonus``: a play again after a Swoop;
    ``first``: the first play of a deal."""

    kind: ClassVar[str] = "turn"
    player: int
    phase: str
    rank: int | None = None
    bonus: bool = False
    first: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "player": self.player, "phase": self.phase}
        if self.rank is not None:
            out["rank"] = RANK_SYMBOLS[self.rank]
        if self.bonus:
            out["bonus"] = True
        if self.first:
            out["first"] = True
        return out


@dataclass(frozen=True, slots=True)
class Out(Event):
    """``player`` has no cards left: the hand is over (R14)."""

    kind: ClassVar[str] = "out"
    player: int

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "player": self.player}


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """R15: this hand's ``points`` per seat and the running ``totals`` after it."""

    kind: ClassVar[str] = "hand_scored"
    out: int
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "out": self.out,
            "points": list(self.points),
            "totals": list(self.totals),
        }


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """R16: someone reached the target. ``winner`` is the seat with the lowest total,
    or None when the lowest total is shared."""

    kind: ClassVar[str] = "game_over"
    winner: int | None
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "winner": self.winner, "totals": list(self.totals)}


def events_json(events: list[Event]) -> list[dict[str, Any]]:
    """The JSON form of a list of events (what the command line prints)."""
    return [e.to_json() for e in events]


__all__ = [
    "Dealt",
    "DrawSkipped",
    "Drew",
    "Event",
    "Flipped",
    "GameOver",
    "HandScored",
    "Out",
    "PickedUp",
    "Played",
    "Swooped",
    "Turn",
    "events_json",
]
