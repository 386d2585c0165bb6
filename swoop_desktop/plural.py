"""Numbers with their nouns: "1 point", "2 points", "0 days", "about 1 point".

Every message with a count says it through :func:`counted` (or :func:`noun` when the
number is written apart, :func:`about` for a rounded figure), so that a number and its
noun always agree. Standard library only, so every layer may use it.
"""

from __future__ import annotations

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


def counted(n: int, singular: str, plural: str | None = None, grouped: bool = False) -> str:
    """ "1 card", "3 cards", "0 cards": a number with its noun in the right number
    (``grouped`` writes thousands apart: "1,234 games")."""
    number = f"{n:,}" if grouped else str(n)
    return f"{number} {noun(n, singular, plural)}"


def about(value: float, singular: str = "point", plural: str | None = None) -> str:
    """A figure rounded to a whole number, with its noun: "about 1 point", "about 8 points"."""
    return f"about {counted(round(value), singular, plural)}"


__all__ = ["about", "counted", "noun"]
