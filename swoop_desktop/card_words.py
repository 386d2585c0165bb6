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


# --- Card words in a grammatical frame -------------------------------------------------
# A card's words change with their place in a sentence in many languages (German "ein
# König" as the subject, "einen König" as the object, "mit einem König"; Finnish
# "kuningas", "kuninkaan", "kuninkaalla"; Polish "król", "króla", "królem"). So a message
# never receives a bare card word where the frame matters: each frame is a whole message
# per rank, with its own context, and it carries its preposition where it has one ("on the
# king", "with two 7s"), so a language free to use a case or a postposition instead.
#: The frames a card's words are asked in: the subject of a verb, its object, after "with".
#: A language may mark an object by whether the sentence names who acts: Finnish says
#: "Pelaa kuningas" (a command, no subject) but "Pelasit kuninkaan" ("You played a king"),
#: so the object of a play told with its player is a frame of its own (``TOLD``).
SUBJECT = "subject"
OBJECT = "object"
TOLD = "told"
WITH = "with"
FRAMES = (SUBJECT, OBJECT, TOLD, WITH)

#: One card as the subject of a verb: "{card} goes on the pile".
_ONE_SUBJECT = {
    # Translators: one card as the subject of a verb (nominative): "{card} goes on the pile".
    1: Np_("a card, subject", "an ace"),
    2: Np_("a card, subject", "a 2"),
    3: Np_("a card, subject", "a 3"),
    4: Np_("a card, subject", "a 4"),
    5: Np_("a card, subject", "a 5"),
    6: Np_("a card, subject", "a 6"),
    7: Np_("a card, subject", "a 7"),
    8: Np_("a card, subject", "an 8"),
    9: Np_("a card, subject", "a 9"),
    10: Np_("a card, subject", "a 10"),
    11: Np_("a card, subject", "a jack"),
    12: Np_("a card, subject", "a queen"),
    13: Np_("a card, subject", "a king"),
    14: Np_("a card, subject", "a Joker"),
}
#: One card as the object where no player is named (a command, a review's label): "Play {card}".
_ONE_OBJECT = {
    # Translators: one card as the object where no player is named (a command, a label; accusative; Finnish nominative "kuningas"): "Play {card}".
    1: Np_("a card, object", "an ace"),
    2: Np_("a card, object", "a 2"),
    3: Np_("a card, object", "a 3"),
    4: Np_("a card, object", "a 4"),
    5: Np_("a card, object", "a 5"),
    6: Np_("a card, object", "a 6"),
    7: Np_("a card, object", "a 7"),
    8: Np_("a card, object", "an 8"),
    9: Np_("a card, object", "a 9"),
    10: Np_("a card, object", "a 10"),
    11: Np_("a card, object", "a jack"),
    12: Np_("a card, object", "a queen"),
    13: Np_("a card, object", "a king"),
    14: Np_("a card, object", "a Joker"),
}
#: One card as the object of a play told with who made it: "You played {card}", "Lefty
#: flipped {card}" (:data:`OBJECT` is the object where no player is named: "Play {card}").
_ONE_TOLD = {
    # Translators: one card as the object of a play told with its player (accusative; Finnish genitive-accusative "kuninkaan"): "You played {card}", "Lefty flipped {card}".
    1: Np_("a card, told", "an ace"),
    2: Np_("a card, told", "a 2"),
    3: Np_("a card, told", "a 3"),
    4: Np_("a card, told", "a 4"),
    5: Np_("a card, told", "a 5"),
    6: Np_("a card, told", "a 6"),
    7: Np_("a card, told", "a 7"),
    8: Np_("a card, told", "an 8"),
    9: Np_("a card, told", "a 9"),
    10: Np_("a card, told", "a 10"),
    11: Np_("a card, told", "a jack"),
    12: Np_("a card, told", "a queen"),
    13: Np_("a card, told", "a king"),
    14: Np_("a card, told", "a Joker"),
}
#: One card after "with", the preposition included: "Start the pile {card}".
_ONE_WITH = {
    # Translators: one card after "with", the preposition (or case) included: "Start the pile {cards}".
    1: Np_("a card, with", "with an ace"),
    2: Np_("a card, with", "with a 2"),
    3: Np_("a card, with", "with a 3"),
    4: Np_("a card, with", "with a 4"),
    5: Np_("a card, with", "with a 5"),
    6: Np_("a card, with", "with a 6"),
    7: Np_("a card, with", "with a 7"),
    8: Np_("a card, with", "with an 8"),
    9: Np_("a card, with", "with a 9"),
    10: Np_("a card, with", "with a 10"),
    11: Np_("a card, with", "with a jack"),
    12: Np_("a card, with", "with a queen"),
    13: Np_("a card, with", "with a king"),
    14: Np_("a card, with", "with a Joker"),
}
#: The card a play goes on, the preposition included: "Play two 7s {on}".
_ON_THE = {
    # Translators: the card a play goes on, preposition (or case, postposition) included: "Play two 7s {on}".
    1: Np_("on the card", "on the ace"),
    2: Np_("on the card", "on the 2"),
    3: Np_("on the card", "on the 3"),
    4: Np_("on the card", "on the 4"),
    5: Np_("on the card", "on the 5"),
    6: Np_("on the card", "on the 6"),
    7: Np_("on the card", "on the 7"),
    8: Np_("on the card", "on the 8"),
    9: Np_("on the card", "on the 9"),
    10: Np_("on the card", "on the 10"),
    11: Np_("on the card", "on the jack"),
    12: Np_("on the card", "on the queen"),
    13: Np_("on the card", "on the king"),
    14: Np_("on the card", "on the Joker"),
}
#: One rank's card named on its own, as a subject: "{card} is on top".
_THE = {
    # Translators: one rank's card named as the subject (nominative): "{card} is on top".
    1: Np_("the card, subject", "the ace"),
    2: Np_("the card, subject", "the 2"),
    3: Np_("the card, subject", "the 3"),
    4: Np_("the card, subject", "the 4"),
    5: Np_("the card, subject", "the 5"),
    6: Np_("the card, subject", "the 6"),
    7: Np_("the card, subject", "the 7"),
    8: Np_("the card, subject", "the 8"),
    9: Np_("the card, subject", "the 9"),
    10: Np_("the card, subject", "the 10"),
    11: Np_("the card, subject", "the jack"),
    12: Np_("the card, subject", "the queen"),
    13: Np_("the card, subject", "the king"),
    14: Np_("the card, subject", "the Joker"),
}
#: Your card as the subject: "{card} clears the pile".
_YOUR_SUBJECT = {
    # Translators: your card as the subject (nominative): "{card} clears the pile".
    1: Np_("your card, subject", "your ace"),
    2: Np_("your card, subject", "your 2"),
    3: Np_("your card, subject", "your 3"),
    4: Np_("your card, subject", "your 4"),
    5: Np_("your card, subject", "your 5"),
    6: Np_("your card, subject", "your 6"),
    7: Np_("your card, subject", "your 7"),
    8: Np_("your card, subject", "your 8"),
    9: Np_("your card, subject", "your 9"),
    10: Np_("your card, subject", "your 10"),
    11: Np_("your card, subject", "your jack"),
    12: Np_("your card, subject", "your queen"),
    13: Np_("your card, subject", "your king"),
    14: Np_("your card, subject", "your Joker"),
}
#: Your card as the object: "keeps {card} for a bigger pile".
_YOUR_OBJECT = {
    # Translators: your card as the object (accusative): "keeps {card} for a bigger pile".
    1: Np_("your card, object", "your ace"),
    2: Np_("your card, object", "your 2"),
    3: Np_("your card, object", "your 3"),
    4: Np_("your card, object", "your 4"),
    5: Np_("your card, object", "your 5"),
    6: Np_("your card, object", "your 6"),
    7: Np_("your card, object", "your 7"),
    8: Np_("your card, object", "your 8"),
    9: Np_("your card, object", "your 9"),
    10: Np_("your card, object", "your 10"),
    11: Np_("your card, object", "your jack"),
    12: Np_("your card, object", "your queen"),
    13: Np_("your card, object", "your king"),
    14: Np_("your card, object", "your Joker"),
}
#: Your card after "with", the preposition included: "Swoop {card}".
_YOUR_WITH = {
    # Translators: your card after "with", preposition (or case) included: "Swoop {card}".
    1: Np_("your card, with", "with your ace"),
    2: Np_("your card, with", "with your 2"),
    3: Np_("your card, with", "with your 3"),
    4: Np_("your card, with", "with your 4"),
    5: Np_("your card, with", "with your 5"),
    6: Np_("your card, with", "with your 6"),
    7: Np_("your card, with", "with your 7"),
    8: Np_("your card, with", "with your 8"),
    9: Np_("your card, with", "with your 9"),
    10: Np_("your card, with", "with your 10"),
    11: Np_("your card, with", "with your jack"),
    12: Np_("your card, with", "with your queen"),
    13: Np_("your card, with", "with your king"),
    14: Np_("your card, with", "with your Joker"),
}
#: All your cards of a rank, as the object: "Keep {cards} for later".
_YOURS_OBJECT = {
    # Translators: all your cards of a rank as the object (accusative): "Keep {cards} for later".
    1: Np_("your cards, object", "your aces"),
    2: Np_("your cards, object", "your 2s"),
    3: Np_("your cards, object", "your 3s"),
    4: Np_("your cards, object", "your 4s"),
    5: Np_("your cards, object", "your 5s"),
    6: Np_("your cards, object", "your 6s"),
    7: Np_("your cards, object", "your 7s"),
    8: Np_("your cards, object", "your 8s"),
    9: Np_("your cards, object", "your 9s"),
    10: Np_("your cards, object", "your 10s"),
    11: Np_("your cards, object", "your jacks"),
    12: Np_("your cards, object", "your queens"),
    13: Np_("your cards, object", "your kings"),
    14: Np_("your cards, object", "your Jokers"),
}


def _set_in(frame: str, rank: int, n: int) -> str:
    """A set of ``n`` cards of ``rank`` in ``frame`` (its number filled in by the caller):
    "{count} kings" as a subject or an object, "with {count} kings"."""
    # Each message is written out so that the catalogues hold every one.
    subject = {
        # Translators: a set of cards as the subject (nominative); {count} is a number word or figure.
        1: lambda: npgettext("cards, subject", "{count} ace", "{count} aces", n),
        2: lambda: npgettext("cards, subject", "{count} 2", "{count} 2s", n),
        3: lambda: npgettext("cards, subject", "{count} 3", "{count} 3s", n),
        4: lambda: npgettext("cards, subject", "{count} 4", "{count} 4s", n),
        5: lambda: npgettext("cards, subject", "{count} 5", "{count} 5s", n),
        6: lambda: npgettext("cards, subject", "{count} 6", "{count} 6s", n),
        7: lambda: npgettext("cards, subject", "{count} 7", "{count} 7s", n),
        8: lambda: npgettext("cards, subject", "{count} 8", "{count} 8s", n),
        9: lambda: npgettext("cards, subject", "{count} 9", "{count} 9s", n),
        10: lambda: npgettext("cards, subject", "{count} 10", "{count} 10s", n),
        11: lambda: npgettext("cards, subject", "{count} jack", "{count} jacks", n),
        12: lambda: npgettext("cards, subject", "{count} queen", "{count} queens", n),
        13: lambda: npgettext("cards, subject", "{count} king", "{count} kings", n),
        14: lambda: npgettext("cards, subject", "{count} Joker", "{count} Jokers", n),
    }
    obj = {
        # Translators: a set of cards as the object where no player is named (a command, a label; accusative): "Play {cards}"; {count} is a number word or figure.
        1: lambda: npgettext("cards, object", "{count} ace", "{count} aces", n),
        2: lambda: npgettext("cards, object", "{count} 2", "{count} 2s", n),
        3: lambda: npgettext("cards, object", "{count} 3", "{count} 3s", n),
        4: lambda: npgettext("cards, object", "{count} 4", "{count} 4s", n),
        5: lambda: npgettext("cards, object", "{count} 5", "{count} 5s", n),
        6: lambda: npgettext("cards, object", "{count} 6", "{count} 6s", n),
        7: lambda: npgettext("cards, object", "{count} 7", "{count} 7s", n),
        8: lambda: npgettext("cards, object", "{count} 8", "{count} 8s", n),
        9: lambda: npgettext("cards, object", "{count} 9", "{count} 9s", n),
        10: lambda: npgettext("cards, object", "{count} 10", "{count} 10s", n),
        11: lambda: npgettext("cards, object", "{count} jack", "{count} jacks", n),
        12: lambda: npgettext("cards, object", "{count} queen", "{count} queens", n),
        13: lambda: npgettext("cards, object", "{count} king", "{count} kings", n),
        14: lambda: npgettext("cards, object", "{count} Joker", "{count} Jokers", n),
    }
    told = {
        # Translators: a set of cards as the object of a play told with its player ("You played {cards}"); {count} is a number word or figure.
        1: lambda: npgettext("cards, told", "{count} ace", "{count} aces", n),
        2: lambda: npgettext("cards, told", "{count} 2", "{count} 2s", n),
        3: lambda: npgettext("cards, told", "{count} 3", "{count} 3s", n),
        4: lambda: npgettext("cards, told", "{count} 4", "{count} 4s", n),
        5: lambda: npgettext("cards, told", "{count} 5", "{count} 5s", n),
        6: lambda: npgettext("cards, told", "{count} 6", "{count} 6s", n),
        7: lambda: npgettext("cards, told", "{count} 7", "{count} 7s", n),
        8: lambda: npgettext("cards, told", "{count} 8", "{count} 8s", n),
        9: lambda: npgettext("cards, told", "{count} 9", "{count} 9s", n),
        10: lambda: npgettext("cards, told", "{count} 10", "{count} 10s", n),
        11: lambda: npgettext("cards, told", "{count} jack", "{count} jacks", n),
        12: lambda: npgettext("cards, told", "{count} queen", "{count} queens", n),
        13: lambda: npgettext("cards, told", "{count} king", "{count} kings", n),
        14: lambda: npgettext("cards, told", "{count} Joker", "{count} Jokers", n),
    }
    with_ = {
        # Translators: a set of cards after "with", preposition (or case) included; {count} is a number word or figure.
        1: lambda: npgettext("cards, with", "with {count} ace", "with {count} aces", n),
        2: lambda: npgettext("cards, with", "with {count} 2", "with {count} 2s", n),
        3: lambda: npgettext("cards, with", "with {count} 3", "with {count} 3s", n),
        4: lambda: npgettext("cards, with", "with {count} 4", "with {count} 4s", n),
        5: lambda: npgettext("cards, with", "with {count} 5", "with {count} 5s", n),
        6: lambda: npgettext("cards, with", "with {count} 6", "with {count} 6s", n),
        7: lambda: npgettext("cards, with", "with {count} 7", "with {count} 7s", n),
        8: lambda: npgettext("cards, with", "with {count} 8", "with {count} 8s", n),
        9: lambda: npgettext("cards, with", "with {count} 9", "with {count} 9s", n),
        10: lambda: npgettext("cards, with", "with {count} 10", "with {count} 10s", n),
        11: lambda: npgettext("cards, with", "with {count} jack", "with {count} jacks", n),
        12: lambda: npgettext("cards, with", "with {count} queen", "with {count} queens", n),
        13: lambda: npgettext("cards, with", "with {count} king", "with {count} kings", n),
        14: lambda: npgettext("cards, with", "with {count} Joker", "with {count} Jokers", n),
    }
    return {SUBJECT: subject, OBJECT: obj, TOLD: told, WITH: with_}[frame][rank]()


def cards_in(frame: str, rank: int, count: int) -> str:
    """``count`` cards of ``rank`` as ``frame`` asks: "a king" / "two 7s" as the subject,
    the object of a command or of a play told with its player, or "with a king" / "with
    two 7s" (the preposition included)."""
    if count == 1:
        one = {SUBJECT: _ONE_SUBJECT, OBJECT: _ONE_OBJECT, TOLD: _ONE_TOLD, WITH: _ONE_WITH}[frame]
        return pgettext(f"a card, {frame}", one[rank])
    number = NUMBER_WORDS.get(count)
    words = pgettext("how many cards", number) if number else str(count)
    return _set_in(frame, rank, count).format(count=words)


def on_the(rank: int) -> str:
    """The card a play goes on, the preposition included: "on the king"."""
    return pgettext("on the card", _ON_THE[rank])


def the_card(rank: int) -> str:
    """One rank's card named as the subject: "the king"."""
    return pgettext("the card, subject", _THE[rank])


def your_card(frame: str, rank: int) -> str:
    """Your card of ``rank`` as ``frame`` asks: "your king" (subject or object), "with
    your king"."""
    table = {SUBJECT: _YOUR_SUBJECT, OBJECT: _YOUR_OBJECT, WITH: _YOUR_WITH}[frame]
    return pgettext(f"your card, {frame}", table[rank])


def your_cards(rank: int) -> str:
    """All your cards of ``rank``, as the object of a verb: "your kings"."""
    return pgettext("your cards, object", _YOURS_OBJECT[rank])


#: A rank's plural on its own (no number, no article), in a frame: "Add {cards}?" (the
#: object), "Only {cards} can be added now" (the subject).
_RANKS_OBJECT = {
    # Translators: a rank's plural alone, as the object (accusative; Finnish partitive): "Add {cards}?", "All {cards}".
    1: Np_("rank plural, object", "aces"),
    2: Np_("rank plural, object", "2s"),
    3: Np_("rank plural, object", "3s"),
    4: Np_("rank plural, object", "4s"),
    5: Np_("rank plural, object", "5s"),
    6: Np_("rank plural, object", "6s"),
    7: Np_("rank plural, object", "7s"),
    8: Np_("rank plural, object", "8s"),
    9: Np_("rank plural, object", "9s"),
    10: Np_("rank plural, object", "10s"),
    11: Np_("rank plural, object", "jacks"),
    12: Np_("rank plural, object", "queens"),
    13: Np_("rank plural, object", "kings"),
    14: Np_("rank plural, object", "Jokers"),
}
_RANKS_SUBJECT = {
    # Translators: a rank's plural alone, as the subject (nominative): "Only {cards} can be added now".
    1: Np_("rank plural, subject", "aces"),
    2: Np_("rank plural, subject", "2s"),
    3: Np_("rank plural, subject", "3s"),
    4: Np_("rank plural, subject", "4s"),
    5: Np_("rank plural, subject", "5s"),
    6: Np_("rank plural, subject", "6s"),
    7: Np_("rank plural, subject", "7s"),
    8: Np_("rank plural, subject", "8s"),
    9: Np_("rank plural, subject", "9s"),
    10: Np_("rank plural, subject", "10s"),
    11: Np_("rank plural, subject", "jacks"),
    12: Np_("rank plural, subject", "queens"),
    13: Np_("rank plural, subject", "kings"),
    14: Np_("rank plural, subject", "Jokers"),
}


def ranks_in(frame: str, rank: int) -> str:
    """A rank's plural on its own, as the subject or the object of a verb: "kings"."""
    if frame == SUBJECT:
        return pgettext("rank plural, subject", _RANKS_SUBJECT[rank])
    return pgettext("rank plural, object", _RANKS_OBJECT[rank])


__all__ = [
    "FRAMES",
    "OBJECT",
    "SUBJECT",
    "TOLD",
    "WITH",
    "cards_in",
    "count_phrase",
    "on_the",
    "rank_name",
    "rank_plural",
    "rank_words",
    "ranks_in",
    "the_card",
    "your_card",
    "your_cards",
]
