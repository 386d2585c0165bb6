"""Actions: small hashable values with a JSON form (docs/rules.md, position notation).

``Play`` and ``Add`` name hand cards by rank only (equal-rank hand cards are
interchangeable) and face-up cards by slot (slots are not). A caller that
cares which physical hand cards move (the UI, to fly the card that was
dragged) may pass ``hand_ids``; they never affect equality or hashing.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import format_ranks, parse_ranks
from .errors import ActionError, PositionError, short


class _CardsAction:
    """Shared shape of Play and Add: hand ranks (sorted) and face-up slots (sorted)."""

    __slots__ = ("hand", "up", "hand_ids")
    verb = ""

    def __init__(
        self,
        hand: tuple[int, ...] = (),
        up: tuple[int, ...] = (),
        hand_ids: tuple[int, ...] | None = None,
    ) -> None:
        self.hand = hand
        self.up = up
        self.hand_ids = hand_ids

    @property
    def size(self) -> int:
        return len(self.hand) + len(self.up)

    @property
    def rank(self) -> int | None:
        """The rank of the cards from hand (None when only face-up cards are named)."""
        return self.hand[0] if self.hand else None

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.hand == other.hand and self.up == other.up

    def __hash__(self) -> int:
        return hash((self.verb, self.hand, self.up))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(hand={self.hand!r}, up={self.up!r})"

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {"hand": format_ranks(self.hand), "up": list(self.up)}
        if self.hand_ids is not None:
            body["ids"] = list(self.hand_ids)
        return {self.verb: body}


class Play(_CardsAction):
    """A set (R6) or a Swoop card (R10): hand ranks and face-up slots."""

    __slots__ = ()
    verb = "play"


class Add(_CardsAction):
    """A follow-up (R12): more cards of the offered rank from hand and/or face-up."""

    __slots__ = ()
    verb = "add"


class Flip:
    """Flip an uncovered face-down card in ``slot`` (R11, R13)."""

    __slots__ = ("slot",)

    def __init__(self, slot: int) -> None:
        self.slot = slot

    def __eq__(self, other: object) -> bool:
        return type(other) is Flip and other.slot == self.slot

    def __hash__(self) -> int:
        return hash(("flip", self.slot))

    def __repr__(self) -> str:
        return f"Flip({self.slot})"

    def to_json(self) -> dict[str, Any]:
        return {"flip": self.slot}


class End:
    """Decline a follow-up or stop a chain (R12, R13)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is End

    def __hash__(self) -> int:
        return hash("end")

    def __repr__(self) -> str:
        return "End()"

    def to_json(self) -> dict[str, Any]:
        return {"end": True}


Action = Play | Add | Flip | End
END = End()


def _cards_part(body: Any, verb: str) -> tuple[tuple[int, ...], tuple[int, ...], Any]:
    if not isinstance(body, dict):
        raise ActionError(f'{verb}: expected {{"hand": "7 7", "up": [2]}}, got {short(body)}')
    unknown = set(body) - {"hand", "up", "ids"}
    if unknown:
        raise ActionError(f'{verb}: unknown key {sorted(unknown)[0]!r} (use "hand" and "up")')
    ids = body.get("ids")
    if ids is not None:
        if not isinstance(ids, list) or not all(type(c) is int for c in ids):
            raise ActionError(f"{verb}.ids: expected a list of card ids, got {short(ids)}")
        ids = tuple(ids)
    try:
        hand = parse_ranks(body.get("hand", ""), f"{verb}.hand")
    except PositionError as exc:
        raise ActionError(str(exc)) from None
    up = body.get("up", [])
    if not isinstance(up, list) or not all(type(s) is int for s in up):
        raise ActionError(f"{verb}.up: expected a list of slot numbers 0-3, got {short(up)}")
    if len(set(up)) != len(up):
        raise ActionError(f"{verb}.up: a slot is listed twice in {short(up)}")
    return tuple(sorted(hand)), tuple(sorted(up)), ids


def action_from_json(data: Any) -> Action:
    """Read an action from its JSON value (already decoded) or text."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise ActionError(f"action: not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(data, dict) or len(data) != 1:
        raise ActionError(
            'action: expected one of {"play": …}, {"add": …}, {"flip": N}, {"end": true}, '
            f"got {short(data)}"
        )
    ((verb, body),) = data.items()
    if verb == "play":
        return Play(*_cards_part(body, "play"))
    if verb == "add":
        return Add(*_cards_part(body, "add"))
    if verb == "flip":
        if type(body) is not int:
            raise ActionError(f"flip: expected a slot number 0-3, got {short(body)}")
        return Flip(body)
    if verb == "end":
        if body is not True:
            raise ActionError(f"end: expected true, got {short(body)}")
        return END
    raise ActionError(f"action: unknown verb {short(verb)} (use play, add, flip or end)")


def action_to_json(action: Action) -> dict[str, Any]:
    return action.to_json()
