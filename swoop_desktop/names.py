"""Player names that can be shown: one rule for every file that holds a name.

A name is kept when, after Unicode NFC normalisation and trimming spaces, it
is 1-20 characters long, every character is printable (no control, format,
private-use, unassigned or separator characters other than the plain space),
and at least one character draws something (a letter, digit, punctuation mark
or symbol that is not one of the known blank "letters" such as U+3164).
Anything else falls back to the seat's default name, with a message saying
why. Used by the opponents file, the settings, saved games and the history.
Standard library only, so every layer may use it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from swoop_desktop.choices import HUMAN_SEAT, SEAT_NAMES, SEAT_PLACES, seat_name
from swoop_desktop.engine.errors import short
from swoop_desktop.i18n import N_, Np_, _, pgettext

MAX_NAME = 20

# Characters whose category says "letter" or "symbol" but which draw nothing.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
_VISIBLE_CATEGORIES = ("L", "N", "P", "S")


def check_name(value: Any) -> tuple[str | None, str]:
    """``(name, "")`` for a usable name, else ``(None, why)`` in plain words."""
    if not isinstance(value, str):
        return None, f"a name should be text, not {type(value).__name__}"
    if len(value) > 10 * MAX_NAME:  # never normalise a huge string
        return None, f"the name is {len(value)} characters long (at most {MAX_NAME})"
    name = unicodedata.normalize("NFC", value).strip()
    if not name:
        return None, "the name is empty"
    if len(name) > MAX_NAME:
        return None, f"the name is {len(name)} characters long (at most {MAX_NAME})"
    for ch in name:
        if ch != " " and not ch.isprintable():
            return None, f"the name holds an invisible or control character (U+{ord(ch):04X})"
    if not any(
        unicodedata.category(ch)[0] in _VISIBLE_CATEGORIES and ch not in _BLANK for ch in name
    ):
        return None, "the name has no visible character"
    return name, ""


def shown(value: Any) -> str:
    """``repr`` of a bad value, cut short for a message (never fails, even on a huge int)."""
    return short(value)


def printable(text: str) -> str:
    """``text`` as one printable line: any other character is written as its escape."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def label(key: Any, limit: int = 40) -> str:
    """A key read from a file, fit to name in a message."""
    if isinstance(key, str) and key.isprintable() and len(key) <= limit:
        return key
    return short(key, limit)


def seat_default(seat: int) -> str:
    """The name a seat falls back to (the one naming the table uses everywhere)."""
    return seat_name(seat)


#: The stored name of the person at the screen ("You" in saves and the history, whatever
#: the language shown): compare a seat's stored name with it, never a shown one.
YOU = SEAT_NAMES[HUMAN_SEAT]

# The default names, kept in English where they are stored, shown in the player's language.
_SHOWN_NAMES = {
    "You": Np_("seat name", "You"),
    "Lefty": Np_("seat name", "Lefty"),
    "Topper": Np_("seat name", "Topper"),
    "Righty": Np_("seat name", "Righty"),
    # Translators: the name of the bottom seat when the demo plays it (an AI plays you).
    "Demo AI": Np_("seat name", "Demo AI"),
}
#: Where a player sits at the table, as {place} in Settings' "Lefty (left seat)".
_PLACES = (
    # Translators: {place} in Settings' "You (bottom seat)": your own seat, at the bottom.
    N_("bottom seat"),
    # Translators: {place} in Settings' "Lefty (left seat)": the seat on your left.
    N_("left seat"),
    # Translators: {place} in Settings' "Topper (top seat)": the seat across from you.
    N_("top seat"),
    # Translators: {place} in Settings' "Righty (right seat)": the seat on your right.
    N_("right seat"),
)


def shown_name(name: str) -> str:
    """A seat's stored name as the player reads it: the default names ("You", "Lefty",
    "Topper", "Righty") in the player's language, any other name as it is."""
    if name in _SHOWN_NAMES:
        return pgettext("seat name", _SHOWN_NAMES[name])
    return name


def is_you_name(name: str) -> bool:
    """Whether ``name``, as stored or as shown, is the player's own seat's ("You")."""
    return name in (YOU, shown_name(YOU))


def seat_place(seat: int, players: int = 4) -> str:
    """Where ``seat`` sits at a table of ``players``, in the player's language ("left seat";
    at a table of three the two others sit left and right; past four, "seat 5")."""
    if players == 4 and 0 <= seat < len(SEAT_PLACES):
        return _(_PLACES[seat])
    if players == 3 and 0 <= seat < 3:
        return _(_PLACES[(0, 1, 3)[seat]])
    # Translators: where a player sits, as {place} in "Lefty (seat 5)", past the four seats.
    return _("seat {number}").format(number=seat + 1)
