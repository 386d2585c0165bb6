"""The plain words for every refusal the engine can give: one table, one entry per reason.

The engine refuses an action with an :class:`~swoop_desktop.engine.IllegalActionError`
that carries a machine-readable ``reason`` (a key of
:data:`~swoop_desktop.engine.REFUSALS`), the rule behind it and the facts (rank,
count...). :data:`WORDS` turns each reason into the sentence a player reads on the
table: no rule ids, no option names. A test holds that every reason has words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from swoop_desktop.engine import IllegalActionError, count_phrase
from swoop_desktop.engine.cards import RANK_NAMES

_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}

Facts = Mapping[str, int]


def _plural(facts: Facts) -> str:
    """The plural name of the rank in the facts ("nines")."""
    return RANK_NAMES[facts["rank"]][1]


def _no_room(facts: Facts) -> str:
    room = facts["room"]
    more = _COUNT_WORDS.get(room, str(room))
    noun = RANK_NAMES[facts["rank"]][0 if room == 1 else 1]
    return f"Only {more} more {noun} can go on {count_phrase(facts['rank'], facts['run'])}"


#: reason -> the plain words, from the refusal's facts.
WORDS: dict[str, Callable[[Facts], str]] = {
    "hand_over": lambda f: "The hand is over",
    "follow_offered": lambda f: f"Add more {_plural(f)} to the pile, or press Done",
    "chain_under_way": lambda f: "Flip another mystery card, or press Done",
    "no_follow_up": lambda f: "Nothing can be added now: play a card",
    "wrong_follow_rank": lambda f: f"Only {_plural(f)} can be added now, or press Done",
    "flip_in_follow_up": lambda f: "A mystery card cannot be flipped while adding to a set",
    "no_such_down_slot": lambda f: "There is no such mystery card",
    "no_down_card": lambda f: "There is no mystery card there",
    "down_covered": lambda f: "That mystery card is still covered by its face-up card",
    "nothing_to_end": lambda f: "There is no passing: play cards or flip a mystery card",
    "not_an_action": lambda f: "That cannot be played now",
    "not_legal": lambda f: "That cannot be played now",
    "no_cards": lambda f: "Choose one or more cards of one rank first",
    "no_such_up_slot": lambda f: "There is no such face-up card",
    "empty_up_slot": lambda f: "That face-up card is not there",
    "mixed_ranks": lambda f: "Play cards of one rank together",
    "no_such_rank": lambda f: "That cannot be played now",
    "swoop_card_alone": lambda f: "A Swoop card is played on its own, never with other cards",
    "not_held": lambda f: f"You do not hold that many {_plural(f)}",
    "hand_ids": lambda f: "Those cards are not all in your hand",
    "more_than_four": lambda f: "At most four cards go down together",
    "no_room": _no_room,
}


def plain_words(refusal: IllegalActionError) -> str:
    """The engine's refusal in the words a player would use (the rule goes to the log)."""
    words = WORDS.get(refusal.reason)
    return words(refusal.facts) if words is not None else "That cannot be played now"
