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
from swoop_desktop.i18n import _, ngettext
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
        # Translators: {name} is the value's name in the file; {n} how many seats it should
        # list; {found} what it held ("3 seats").
        told = ngettext(
            "{name} should list {n} seat, not {found}; the opponents from your settings are used",
            "{name} should list {n} seats, not {found}; the opponents from your settings are used",
            players,
        )
        return None, [told.format(name=where, n=players, found=count)]
    messages: list[str] = []
    seats = []
    for i, raw in enumerate(data):
        if not isinstance(raw, dict):
            # Translators: {name} is the entry's name in the file (seats[2]).
            told = _("{name} is not a seat description; the opponents from your settings are used")
            return None, [told.format(name=f"{where}[{i}]")]
        seats.append(_seat(raw, i, known, messages, f"{where}[{i}]"))
    if not seats[HUMAN_SEAT].is_human:
        # Translators: {name} is the entry's name in the file (seats[0]).
        told = _("{name} is not your seat; the opponents from your settings are used")
        return None, [told.format(name=f"{where}[{HUMAN_SEAT}]")]
    return seats, messages


def _seat(raw: dict[str, Any], i: int, known: Known, messages: list[str], where: str) -> Seat:
    name, why = check_name(raw.get("name"))
    if name is None:
        name = seat_default(i)
        if "name" in raw:
            # Translators: {name} is the value's name in the file; {why} what is wrong with
            # the player's name; {default} the name used instead.
            told = _("{name}: {why}; the seat's default name {default} is used")
            messages.append(told.format(name=f"{where}.name", why=why, default=repr(name)))
    level = raw.get("level")
    if i == HUMAN_SEAT and level == HUMAN:
        pass
    elif (
        not isinstance(level, str)
        or len(level) > 40
        or level == HUMAN
        or (known.levels is not None and level not in known.levels)
    ):
        # Translators: {name} is the value's name in the file; {value} what it held;
        # {player} the opponent's name; {level} the level's name (as written in the file).
        told = _("{name}: unknown level {value}; {player} plays at the {level} level")
        messages.append(
            told.format(name=f"{where}.level", value=shown(level), player=name, level=DEFAULT_LEVEL)
        )
        level = DEFAULT_LEVEL
    personality = raw.get("personality")
    if personality is not None and (
        not isinstance(personality, str)
        or len(personality) > 40
        or (known.personalities is not None and personality not in known.personalities)
    ):
        # Translators: {name} is the value's name in the file; {value} what it held;
        # {player} the opponent's name.
        told = _("{name}: unknown personality {value}; {player} plays the balanced one")
        messages.append(
            told.format(name=f"{where}.personality", value=shown(personality), player=name)
        )
        personality = None
    think = raw.get("think_ms", list(DEFAULT_THINK_MS))
    if not (
        isinstance(think, list | tuple)
        and len(think) == 2
        and all(type(t) is int and 0 <= t <= MAX_THINK_MS for t in think)
        and think[0] <= think[1]
    ):
        # Translators: {name} is the value's name in the file; {value} what it held.
        told = _("{name} should be [low, high] milliseconds, not {value}")
        messages.append(told.format(name=f"{where}.think_ms", value=shown(think)))
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
        # Translators: {name} is the value's name in the file.
        told = _("{name} should be an object of feature: number")
        messages.append(told.format(name=f"{where}.weights"))
        return None
    good: dict[str, float] = {}
    for key, value in weights.items():
        if not isinstance(key, str) or (known.features is not None and key not in known.features):
            # Translators: {name} is the value's name in the file; {value} the feature.
            told = _("{name}: unknown feature {value}; ignored")
            messages.append(told.format(name=f"{where}.weights", value=shown(key)))
        elif type(value) not in (int, float) or not -MAX_WEIGHT <= value <= MAX_WEIGHT:
            # Translators: {name} is the value's name in the file; {low} and {high} the
            # numbers it may be between; {value} what it held.
            told = _("{name} should be a number from {low} to {high}, not {value}; ignored")
            messages.append(
                told.format(
                    name=f"{where}.weights.{label(key)}",
                    low=-MAX_WEIGHT,
                    high=MAX_WEIGHT,
                    value=shown(value),
                )
            )
        else:
            good[key] = value
    return good or None
