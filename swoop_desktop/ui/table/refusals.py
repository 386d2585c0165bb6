"""The plain words for every refusal the engine can give: one table, one entry per reason.

The engine refuses an action with an :class:`~swoop_desktop.engine.IllegalActionError`
that carries a machine-readable ``reason`` (a key of
:data:`~swoop_desktop.engine.REFUSALS`), the rule behind it and the facts (rank,
count...). :data:`WORDS` turns each reason into the sentence a player reads on the
table: no rule ids, no option names. A test holds that every reason has words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from swoop_desktop.card_words import OBJECT, SUBJECT, cards_in, ranks_in
from swoop_desktop.engine import IllegalActionError
from swoop_desktop.i18n import _, ngettext

Facts = Mapping[str, int]


def _plural(facts: Facts) -> str:
    """The plural name of the rank in the facts, as the subject ("nines")."""
    return ranks_in(SUBJECT, facts["rank"])


def _held(facts: Facts) -> str:
    """The plural name of the rank in the facts, as the object ("nines")."""
    return ranks_in(OBJECT, facts["rank"])


def _no_room(facts: Facts) -> str:
    room = facts["room"]
    # Translators: {cards} is "a 7" / "two 7s" (the subject); {run} how many of the rank
    # lie on top already, a figure.
    return ngettext(
        "Only {cards} can still go on the pile: {run} lie on top, and four is the most",
        "Only {cards} can still go on the pile: {run} lie on top, and four is the most",
        room,
    ).format(cards=cards_in(SUBJECT, facts["rank"], room), run=facts["run"])


#: reason -> the plain words, from the refusal's facts.
WORDS: dict[str, Callable[[Facts], str]] = {
    "hand_over": lambda f: _("The hand is over"),
    # Translators: a refusal at the table; {cards} is "7s" (a rank in the plural).
    "follow_offered": lambda f: _("Add more {cards} to the pile, or press Done").format(
        cards=_plural(f)
    ),
    "chain_under_way": lambda f: _("Flip another mystery card, or press Done"),
    "no_follow_up": lambda f: _("Nothing can be added now: play a card"),
    # Translators: a refusal at the table; {cards} is "7s" (a rank in the plural).
    "wrong_follow_rank": lambda f: _("Only {cards} can be added now, or press Done").format(
        cards=_plural(f)
    ),
    "flip_in_follow_up": lambda f: _("A mystery card cannot be flipped while adding to a set"),
    "no_such_down_slot": lambda f: _("There is no such mystery card"),
    "no_down_card": lambda f: _("There is no mystery card there"),
    "down_covered": lambda f: _("That mystery card is still covered by its face-up card"),
    "nothing_to_end": lambda f: _("There is no passing: play cards or flip a mystery card"),
    "not_an_action": lambda f: _("That cannot be played now"),
    "not_legal": lambda f: _("That cannot be played now"),
    "no_cards": lambda f: _("Choose one or more cards of one rank first"),
    "no_such_up_slot": lambda f: _("There is no such face-up card"),
    "empty_up_slot": lambda f: _("That face-up card is not there"),
    "mixed_ranks": lambda f: _("Play cards of one rank together"),
    "no_such_rank": lambda f: _("That cannot be played now"),
    "swoop_card_alone": lambda f: _("A Swoop card is played on its own, never with other cards"),
    # Translators: a refusal at the table; {cards} is "7s" (a rank in the plural).
    "not_held": lambda f: _("You do not hold that many {cards}").format(cards=_held(f)),
    "hand_ids": lambda f: _("Those cards are not all in your hand"),
    "more_than_four": lambda f: _("At most four cards go down together"),
    "no_room": _no_room,
}


def plain_words(refusal: IllegalActionError) -> str:
    """The engine's refusal in the words a player would use (the rule goes to the log)."""
    words = WORDS.get(refusal.reason)
    return words(refusal.facts) if words is not None else _("That cannot be played now")
