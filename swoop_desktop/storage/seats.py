"""Who sits at the table: the one seat record, its one writer and its one reader.

A :class:`Seat` is one chair: the name on its plate, the level and
personality of the AI sitting there (``"human"`` for you), its think-time
range and any weights from ``opponents.yaml``. The saved game stores the
whole record (:func:`seats_to_json`), so Continue seats the same opponents;
the history keeps the brief form (name and level) that Scores shows.

:func:`seats_from_json` reads seats back, value by value: a value that
cannot be used is replaced by its default and said in plain words (an
unknown level becomes the normal level, an unknown personality the balanced
one), so a resumed game always seats the opponents it was saved with. Only
seats that cannot be the table's at all (the wrong number, or you not in
your own chair) are refused as a whole, and the message says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.names import check_name, label, seat_default, shown
from swoop_desktop.plural import counted

from .settings import Known

HUMAN = "human"
DEFAULT_LEVEL = "normal"
DEFAULT_THINK_MS = (400, 900)
MAX_THINK_MS = 10_000
MAX_WEIGHT = 10_000


@dataclass(frozen=True)
class Seat:
    """One chair: display name, level (for the plate), personality and think-time range."""

    seat: int
    name: str
    level: str = HUMAN
    personality: str | None = None
    think_ms: tuple[int, int] = DEFAULT_THINK_MS
    weights: dict[str, float] | None = field(default=None, hash=False, compare=False)

    @property
    def is_human(self) -> bool:
        return self.level == HUMAN


def seats_to_json(seats: list[Seat], brief: bool = False) -> list[dict[str, Any]]:
    """The seats as files keep them: the whole record for a saved game, or (``brief``)
    the name and level that the history keeps for Scores."""
    if brief:
        return [{"name": s.name, "level": s.level} for s in seats]
    return [
        {
            "seat": s.seat,
            "name": s.name,
            "level": s.level,
            "personality": s.personality,
            "think_ms": list(s.think_ms),
            "weights": None if s.weights is None else dict(s.weights),
        }
        for s in seats
    ]


def seats_from_json(
    data: Any, players: int, known: Known | None = None, where: str = "seats"
) -> tuple[list[Seat] | None, list[str]]:
    """Seats written by :func:`seats_to_json`, and what had to be changed, in plain words.

    Each value is checked on its own and a bad one replaced by its default (said in the
    messages). ``None`` (with the reason) only when these cannot be the table's seats:
    not a list of ``players`` seats, or you not in your chair, or an AI in it.
    """
    known = known or Known()
    if not isinstance(data, list) or len(data) != players:
        count = counted(len(data), "seat") if isinstance(data, list) else shown(data)
        return None, [
            f"{where} should list {counted(players, 'seat')}, not {count}; "
            "the opponents from your settings are used"
        ]
    messages: list[str] = []
    seats = []
    for i, raw in enumerate(data):
        if not isinstance(raw, dict):
            return None, [
                f"{where}[{i}] is not a seat description; the opponents from your settings are used"
            ]
        seats.append(_seat(raw, i, known, messages, f"{where}[{i}]"))
    if not seats[HUMAN_SEAT].is_human:
        return None, [
            f"{where}[{HUMAN_SEAT}] is not your seat; the opponents from your settings are used"
        ]
    return seats, messages


def _seat(raw: dict[str, Any], i: int, known: Known, messages: list[str], where: str) -> Seat:
    name, why = check_name(raw.get("name"))
    if name is None:
        name = seat_default(i)
        if "name" in raw:
            messages.append(f"{where}.name: {why}; the seat's default name {name!r} is used")
    level = raw.get("level")
    if i == HUMAN_SEAT and level == HUMAN:
        pass
    elif (
        not isinstance(level, str)
        or len(level) > 40
        or level == HUMAN
        or (known.levels is not None and level not in known.levels)
    ):
        messages.append(
            f"{where}.level: unknown level {shown(level)}; {name} plays at the "
            f"{DEFAULT_LEVEL} level"
        )
        level = DEFAULT_LEVEL
    personality = raw.get("personality")
    if personality is not None and (
        not isinstance(personality, str)
        or len(personality) > 40
        or (known.personalities is not None and personality not in known.personalities)
    ):
        messages.append(
            f"{where}.personality: unknown personality {shown(personality)}; "
            f"{name} plays the balanced one"
        )
        personality = None
    think = raw.get("think_ms", list(DEFAULT_THINK_MS))
    if not (
        isinstance(think, list | tuple)
        and len(think) == 2
        and all(type(t) is int and 0 <= t <= MAX_THINK_MS for t in think)
        and think[0] <= think[1]
    ):
        messages.append(f"{where}.think_ms should be [low, high] milliseconds, not {shown(think)}")
        think = list(DEFAULT_THINK_MS)
    return Seat(
        i, name, level, personality, (think[0], think[1]), _weights(raw, known, messages, where)
    )


def _weights(
    raw: dict[str, Any], known: Known, messages: list[str], where: str
) -> dict[str, float] | None:
    weights = raw.get("weights")
    if weights is None:
        return None
    if not isinstance(weights, dict):
        messages.append(f"{where}.weights should be an object of feature: number")
        return None
    good: dict[str, float] = {}
    for key, value in weights.items():
        if not isinstance(key, str) or (known.features is not None and key not in known.features):
            messages.append(f"{where}.weights: unknown feature {shown(key)}; ignored")
        elif type(value) not in (int, float) or not -MAX_WEIGHT <= value <= MAX_WEIGHT:
            messages.append(
                f"{where}.weights.{label(key)} should be a number from -{MAX_WEIGHT} "
                f"to {MAX_WEIGHT}, not {shown(value)}; ignored"
            )
        else:
            good[key] = value
    return good or None
