"""Numbers with their nouns: "1 point", "2 points", "0 days", "about 1 point".

Every message with a count says it through :func:`counted` (or :func:`noun` when the
number is written apart, :func:`about` for a rounded figure), so that a number and its
noun always agree. Standard library only, so every layer may use it.

Each goes through the player's language (:mod:`swoop_desktop.i18n`): ``counted(3, "card")``
looks up the counted message ``"{n} card"`` / ``"{n} cards"`` with ``ngettext``, so a
catalogue gives it the forms its language has (German's two, Finnish's partitive, ...).
The phrases are listed in :data:`COUNTED` for the catalogues; a phrase missing there is
said in English. A new caller's noun goes into :data:`COUNTED`.
"""

from __future__ import annotations

from swoop_desktop.i18n import ngettext, pgettext

#: The lookup of a counted phrase built from its noun (its messages are listed in COUNTED, so
#: the extraction does not read the call as a message of its own).
_phrase = ngettext


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 (gettext's marker style)
    """Marks a counted message for the catalogues without looking it up."""
    return singular, plural


#: Plurals that do not just add "s".
_IRREGULAR = {
    "inaccuracy": "inaccuracies",
    "play-out": "play-outs",
    "pick-up": "pick-ups",
    "is": "are",
    "was": "were",
    "costs": "cost",
    "has": "have",
}


def noun(n: float, singular: str, plural: str | None = None) -> str:
    """The noun that goes with ``n``: ``singular`` for exactly 1, else ``plural`` (by
    default the singular with an "s", or "ies" for a consonant and "y")."""
    if n == 1:
        return singular
    if plural is not None:
        return plural
    if singular in _IRREGULAR:
        return _IRREGULAR[singular]
    if singular.endswith("y") and singular[-2:-1] not in tuple("aeiou"):
        return singular[:-1] + "ies"
    return singular + "s"


def grouped_number(n: int) -> str:
    """``1234`` -> "1,234" in English ("1.234" in German: the catalogue says the separator)."""
    # Translators: the mark between thousands in a large number, as in 1,234 (German ".").
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))


def decimal(value: float, places: int = 1, sign: bool = False) -> str:
    """``-3.25`` -> "-3.3" in English ("-3,3" in German: the catalogue says the mark);
    ``sign`` writes a "+" before a positive number."""
    text = f"{value:{'+' if sign else ''}.{places}f}"
    # Translators: the mark between the whole number and its tenths, as in 3.5 (German ",").
    return text.replace(".", pgettext("decimal mark", "."))


def counted(n: int, singular: str, plural: str | None = None, grouped: bool = False) -> str:
    """ "1 card", "3 cards", "0 cards": a number with its noun in the right number, in the
    player's language (``grouped`` writes thousands apart: "1,234 games")."""
    number = grouped_number(n) if grouped else str(n)
    message = _phrase("{n} " + singular, "{n} " + noun(2, singular, plural), n)
    return message.replace("{n}", number)


def about(value: float, singular: str = "point", plural: str | None = None) -> str:
    """A figure rounded to a whole number, with its noun: "about 1 point", "about 8 points"."""
    n = round(value)
    message = _phrase("about {n} " + singular, "about {n} " + noun(2, singular, plural), n)
    return message.replace("{n}", str(n))


#: Every counted phrase the game says through :func:`counted` and :func:`about`, marked for
#: the catalogues (the English forms are what the functions look up).
COUNTED = (
    Nn_("{n} card", "{n} cards"),
    Nn_("{n} point", "{n} points"),
    Nn_("{n} pt", "{n} pts"),
    Nn_("about {n} point", "about {n} points"),
    Nn_("{n} game", "{n} games"),
    Nn_("{n} more game", "{n} more games"),
    Nn_("{n} whole game", "{n} whole games"),
    Nn_("{n} day", "{n} days"),
    Nn_("{n} hand", "{n} hands"),
    Nn_("{n} player", "{n} players"),
    Nn_("{n} Swoop", "{n} Swoops"),
    Nn_("{n} play", "{n} plays"),
    Nn_("{n} seat", "{n} seats"),
    Nn_("{n} decision", "{n} decisions"),
    Nn_("{n} deck", "{n} decks"),
    Nn_("{n} deal", "{n} deals"),
    Nn_("{n} play-out", "{n} play-outs"),
    Nn_("{n} inaccuracy", "{n} inaccuracies"),
    Nn_("{n} mistake", "{n} mistakes"),
    Nn_("{n} blunder", "{n} blunders"),
    Nn_("{n} move", "{n} moves"),
    Nn_("{n} puzzle", "{n} puzzles"),
    Nn_("{n} time", "{n} times"),
)


__all__ = ["COUNTED", "Nn_", "about", "counted", "grouped_number", "noun"]
