"""Cards named in the player's language: "a 7", "an ace", "three jacks", "your kings".

The engine keeps its English names (:data:`~swoop_desktop.engine.cards.RANK_NAMES`, for
its own command line); every word the player sees of a card goes through here, looked up
when it is said. Each rank has its messages whole (German "ein Ass" but "eine Dame",
Finnish "kolme ässää"): the rank's name (context "card"), its plural ("cards"), one card
with its article ("a card") and a counted set ("{count} ace" / "{count} aces", where
``count`` is a number word for 2 to 8, else the figure).
"""

from __future__ import annotations

from swoop_desktop.engine.cards import RANK_NAMES
from swoop_desktop.i18n import Np_, npgettext, pgettext

#: The name of each rank, for "your {rank}" (looked up with ``pgettext("card", ...)``).
NAMES = {
    1: Np_("card", "ace"),
    2: Np_("card", "2"),
    3: Np_("card", "3"),
    4: Np_("card", "4"),
    5: Np_("card", "5"),
    6: Np_("card", "6"),
    7: Np_("card", "7"),
    8: Np_("card", "8"),
    9: Np_("card", "9"),
    10: Np_("card", "10"),
    11: Np_("card", "jack"),
    12: Np_("card", "queen"),
    13: Np_("card", "king"),
    14: Np_("card", "Joker"),
}
#: The plural of each rank, for "your {ranks}", "Add {ranks}?" (context "cards").
PLURALS = {
    1: Np_("cards", "aces"),
    2: Np_("cards", "2s"),
    3: Np_("cards", "3s"),
    4: Np_("cards", "4s"),
    5: Np_("cards", "5s"),
    6: Np_("cards", "6s"),
    7: Np_("cards", "7s"),
    8: Np_("cards", "8s"),
    9: Np_("cards", "9s"),
    10: Np_("cards", "10s"),
    11: Np_("cards", "jacks"),
    12: Np_("cards", "queens"),
    13: Np_("cards", "kings"),
    14: Np_("cards", "Jokers"),
}
#: One card of each rank with its article (context "a card").
ONE = {
    1: Np_("a card", "an ace"),
    2: Np_("a card", "a 2"),
    3: Np_("a card", "a 3"),
    4: Np_("a card", "a 4"),
    5: Np_("a card", "a 5"),
    6: Np_("a card", "a 6"),
    7: Np_("a card", "a 7"),
    8: Np_("a card", "an 8"),
    9: Np_("a card", "a 9"),
    10: Np_("a card", "a 10"),
    11: Np_("a card", "a jack"),
    12: Np_("a card", "a queen"),
    13: Np_("a card", "a king"),
    14: Np_("a card", "a Joker"),
}
#: The number words of a set: "two 7s" (a larger set is written in figures).
NUMBER_WORDS = {
    2: Np_("how many cards", "two"),
    3: Np_("how many cards", "three"),
    4: Np_("how many cards", "four"),
    5: Np_("how many cards", "five"),
    6: Np_("how many cards", "six"),
    7: Np_("how many cards", "seven"),
    8: Np_("how many cards", "eight"),
}


def _set(rank: int, n: int) -> str:
    """The counted message of a rank's set, looked up (its number filled in by the caller)."""
    # Each rank's message is written out so that the catalogues hold every one.
    forms = {
        1: lambda: npgettext("cards", "{count} ace", "{count} aces", n),
        2: lambda: npgettext("cards", "{count} 2", "{count} 2s", n),
        3: lambda: npgettext("cards", "{count} 3", "{count} 3s", n),
        4: lambda: npgettext("cards", "{count} 4", "{count} 4s", n),
        5: lambda: npgettext("cards", "{count} 5", "{count} 5s", n),
        6: lambda: npgettext("cards", "{count} 6", "{count} 6s", n),
        7: lambda: npgettext("cards", "{count} 7", "{count} 7s", n),
        8: lambda: npgettext("cards", "{count} 8", "{count} 8s", n),
        9: lambda: npgettext("cards", "{count} 9", "{count} 9s", n),
        10: lambda: npgettext("cards", "{count} 10", "{count} 10s", n),
        11: lambda: npgettext("cards", "{count} jack", "{count} jacks", n),
        12: lambda: npgettext("cards", "{count} queen", "{count} queens", n),
        13: lambda: npgettext("cards", "{count} king", "{count} kings", n),
        14: lambda: npgettext("cards", "{count} Joker", "{count} Jokers", n),
    }
    return forms[rank]()


def rank_name(rank: int) -> str:
    """A rank's name: "ace", "7", "Joker" (German "Ass", "7", "Joker")."""
    return pgettext("card", NAMES.get(rank, RANK_NAMES[rank][0]))


def rank_plural(rank: int) -> str:
    """A rank's plural: "aces", "7s", "Jokers"."""
    return pgettext("cards", PLURALS.get(rank, RANK_NAMES[rank][1]))


def rank_words(rank: int, count: int) -> str:
    """The rank's name for ``count`` cards: its name for one, else its plural."""
    return rank_name(rank) if count == 1 else rank_plural(rank)


def count_phrase(rank: int, count: int) -> str:
    """Plain words for a set: "a 7", "an ace", "three 8s", "two jacks"."""
    if count == 1:
        return pgettext("a card", ONE[rank])
    number = NUMBER_WORDS.get(count)
    # Translators: {count} is a number word ("two") or a figure for more than eight cards.
    words = pgettext("how many cards", number) if number else str(count)
    return _set(rank, count).format(count=words)


__all__ = ["count_phrase", "rank_name", "rank_plural", "rank_words"]
