"""The game's fixed sets, each defined once: every layer uses these definitions.

Rule options (presets, pick-up and scoring kinds) belong to the rules and are
defined in :mod:`swoop_desktop.engine.rules`; the phases of a turn in
:mod:`swoop_desktop.engine.state`. This module holds the rest: animation
speeds, AI paces, bot levels and the seats. The members are ``StrEnum``s, so
a stored ``"normal"`` is the same value as ``AIPace.NORMAL``.
"""

from __future__ import annotations

from enum import StrEnum


class AnimationSpeed(StrEnum):
    """How fast cards move. ``INSTANT`` shows each play at once."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"


class AIPace(StrEnum):
    """How long the opponents take over a play. ``CLICK`` waits for the player;
    ``INSTANT`` plays at once (for tests and figures)."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    CLICK = "click"
    INSTANT = "instant"


#: The paces offered in Settings (``INSTANT`` is for tests and figures; it is accepted,
#: and kept, wherever a pace is read).
PLAYER_PACES: tuple[AIPace, ...] = (AIPace.SLOW, AIPace.NORMAL, AIPace.FAST, AIPace.CLICK)


class Level(StrEnum):
    """The bots: three baselines for measuring, and the levels a player can choose."""

    RANDOM = "random"
    LOWEST = "lowest"
    HIGHEST = "highest"
    EASY = "easy"
    CASUAL = "casual"
    STEADY = "steady"
    KEEN = "keen"
    NORMAL = "normal"
    SHARP = "sharp"
    HARD = "hard"
    EXPERT = "expert"


#: The levels offered in Settings, weakest first (the baselines are for measuring only):
#: the ladder of measured levels (``progress.rating.LEVEL_RATINGS``). Casual, steady and
#: keen are the easy bot's choice made sharper step by step, filling the gap to normal;
#: sharp is the hard bot's search with less work (filling the gap from normal to hard),
#: expert with more.
PLAYER_LEVELS: tuple[Level, ...] = (
    Level.EASY,
    Level.CASUAL,
    Level.STEADY,
    Level.KEEN,
    Level.NORMAL,
    Level.SHARP,
    Level.HARD,
    Level.EXPERT,
)

#: The human's seat, at the bottom of the table; the opponents follow clockwise.
HUMAN_SEAT = 0
#: Where each seat sits, in words ("the left seat").
SEAT_PLACES: tuple[str, ...] = ("bottom", "left", "top", "right")
#: The names a seat has when nothing else names it (the shipped opponents.yaml uses the
#: same three), and the name of the human's seat.
SEAT_NAMES: tuple[str, ...] = ("You", "Lefty", "Topper", "Righty")

#: The opponents' default names by number (1 Lefty, 2 Topper, 3 Righty, then those who
#: join a fuller table), as ``config/opponents.yaml`` ships them.
OPPONENT_NAMES: tuple[str, ...] = ("Lefty", "Topper", "Righty", "Mags", "Bodhi", "Nell", "Ravi")


#: The table sizes Swoop seats (R3), and the one it starts with.
MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 3, 8, 4


def seated_opponents(players: int) -> tuple[int, ...]:
    """Which opponent (by number: 1 Lefty, 2 Topper, 3 Righty, then 4 to 7) sits in each
    seat from your left round to your right, at a table of ``players``: Lefty always on
    your left and Righty on your right, Topper across the middle, the others between."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"the players at a table should be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}"
        )
    others = players - 1
    if others == 2:
        return (1, 3)
    order: list[int | None] = [None] * others
    order[0], order[-1], order[(others - 1) // 2] = 1, 3, 2
    extra = iter(range(4, 8))
    return tuple(o if o is not None else next(extra) for o in order)


def seat_name(seat: int, players: int = DEFAULT_PLAYERS) -> str:
    """The default name of ``seat`` at a table of ``players``: "You" in seat 0, then the
    opponent :func:`seated_opponents` puts there (Righty on your right at any size);
    "Seat 9" for a seat no table has."""
    if seat == 0:
        return SEAT_NAMES[0]
    if MIN_PLAYERS <= players <= MAX_PLAYERS and 0 < seat < players:
        return OPPONENT_NAMES[seated_opponents(players)[seat - 1] - 1]
    return f"Seat {seat + 1}"


__all__ = [
    "DEFAULT_PLAYERS",
    "HUMAN_SEAT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPPONENT_NAMES",
    "PLAYER_LEVELS",
    "PLAYER_PACES",
    "SEAT_NAMES",
    "SEAT_PLACES",
    "AIPace",
    "AnimationSpeed",
    "Level",
    "seat_name",
    "seated_opponents",
]
