"""What a screen hands back when it closes: one typed vocabulary for every hand-off.

A modal screen (the pause menu, a hand's breakdown, a yes-or-no question, the export
prompt, the lesson's or the daily deal's table) pops with a value, and the screen it
uncovers reads it in :meth:`~swoop_desktop.ui.scene.Scene.on_result`. The values are
the members of :class:`Result` (or an :class:`Exported` note), never loose strings, so
the type checker refuses a value nobody reads, and the scene stack refuses one at run
time (:func:`check_result`). A table that shows no overlays tells its owner how a hand
ended with a :class:`HandEnd` instead.

This module imports nothing of the game: every screen and the table's parts may use it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TypeAlias


class Result(enum.Enum):
    """A modal screen's answer to the screen under it."""

    #: the pause menu closed: play on
    RESUME = "resume"
    #: a hand's breakdown was read: deal the next hand
    NEXT_HAND = "next_hand"
    #: the deciding hand's breakdown was read: the game-over sheet follows
    FINAL = "final"
    #: a question was answered yes (the action it asked about goes ahead)
    YES = "yes"
    #: a question was answered no, or put away (nothing changes)
    NO = "no"
    #: the lesson was left before its end, or after it, back to the title
    LESSON_LEFT = "lesson_left"
    #: the lesson is done and the player chose the beginner's table
    LESSON_BEGINNER = "lesson_beginner"
    #: the daily deal's result was read: the daily page shows the day again
    DAILY_DONE = "daily_done"


@dataclass(frozen=True)
class Exported:
    """The export prompt wrote the games: ``words`` say how many, and where."""

    words: str


#: Everything a screen may hand back; None when it closes with nothing to say.
ModalResult: TypeAlias = Result | Exported | None


class HandEnd(enum.Enum):
    """How a hand ended, told to a table's owner when the table shows no overlays."""

    #: the hand is over and the game goes on
    HAND_OVER = "hand_over"
    #: the hand decided the game
    GAME_OVER = "game_over"


def check_result(value: object) -> ModalResult:
    """``value`` itself when it is something a screen may hand back; TypeError if not
    (a loose string such as ``"next_hand"`` would be read by nobody)."""
    if value is None or isinstance(value, (Result, Exported)):
        return value
    raise TypeError(f"a screen closed with {value!r}, which is not a Result or Exported")
