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
    # Translators: a count of playing cards, put into many sentences ("picked up 3 cards").
    Nn_("{n} card", "{n} cards"),
    # Translators: a count of penalty points (lower is better), put into many sentences.
    Nn_("{n} point", "{n} points"),
    # Translators: points, abbreviated where room is tight (a player's total at the table).
    Nn_("{n} pt", "{n} pts"),
    # Translators: penalty points rounded, in the review ("costs about 8 points").
    Nn_("about {n} point", "about {n} points"),
    # Translators: a count of games played ("12 games written to …", "5 games in a row").
    Nn_("{n} game", "{n} games"),
    # Translators: games still being counted, on Progress: "(counting 1,234 more games…)".
    Nn_("{n} more game", "{n} more games"),
    # Translators: complete games (played to the end), in the tournament tool's report.
    Nn_("{n} whole game", "{n} whole games"),
    # Translators: a count of days, as a daily-deal streak on Progress ("4 days").
    Nn_("{n} day", "{n} days"),
    # Translators: a count of hands (deals) of a game, in the list of past games ("6 hands").
    Nn_("{n} hand", "{n} hands"),
    # Translators: a count of players at a game ("This game had 5 players").
    Nn_("{n} player", "{n} players"),
    # Translators: a count of Swoops (times a player cleared the pile), in the statistics.
    Nn_("{n} Swoop", "{n} Swoops"),
    # Translators: a count of plays (turns' moves) made, in reports ("made 240 plays").
    Nn_("{n} play", "{n} plays"),
    # Translators: a count of seats at the table, in a notice about a damaged file.
    Nn_("{n} seat", "{n} seats"),
    # Translators: a count of your decisions (plays) the review weighs ("12 decisions").
    Nn_("{n} decision", "{n} decisions"),
    # Translators: a count of decks of cards shuffled together, in the rules.
    Nn_("{n} deck", "{n} decks"),
    # Translators: a count of deals (shuffled starting hands), in the tournament's report.
    Nn_("{n} deal", "{n} deals"),
    # Translators: a count of play-outs (the rest of a hand played out by the AI to weigh a
    # play), in the review.
    Nn_("{n} play-out", "{n} play-outs"),
    # Translators: a count of the review's slightly costly plays (the mildest label).
    Nn_("{n} inaccuracy", "{n} inaccuracies"),
    # Translators: a count of the review's costly plays (worse than an inaccuracy).
    Nn_("{n} mistake", "{n} mistakes"),
    # Translators: a count of the review's very costly plays (worse than a mistake).
    Nn_("{n} blunder", "{n} blunders"),
    # Translators: a count of moves (plays) in a game.
    Nn_("{n} move", "{n} moves"),
    # Translators: a count of puzzles (positions to find the best play in).
    Nn_("{n} puzzle", "{n} puzzles"),
    # Translators: how many times something happened ("disagreed 3 times").
    Nn_("{n} time", "{n} times"),
)


__all__ = ["COUNTED", "Nn_", "about", "counted", "grouped_number", "noun"]
