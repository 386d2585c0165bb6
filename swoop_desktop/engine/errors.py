"""Errors the engine raises. All are ValueErrors; each message names the rule or key."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose."""


class RulesError(EngineError):
    """An impossible rules combination; the message names the option."""


class PositionError(EngineError):
    """A malformed position; the message names the key that is wrong."""


class ActionError(EngineError):
    """An action that cannot be read (bad syntax): the message names what is wrong."""


#: Every reason the engine can give for refusing an action, with the rule behind it.
#: A reason is a stable, machine-readable word: the UI keeps the plain words for each.
REFUSALS: dict[str, str] = {
    "hand_over": "R14",  # the hand is over; nobody may play
    "follow_offered": "R12",  # facts: rank (the follow-up's)
    "chain_under_way": "R13",  # a chain of mystery cards: flip another or end
    "no_follow_up": "R12",  # an Add when no follow-up is offered
    "wrong_follow_rank": "R12",  # facts: rank (the follow-up's), played
    "flip_in_follow_up": "R11",  # a mystery card is never a follow-up
    "no_such_down_slot": "R11",  # facts: slot (only when it is a number)
    "no_down_card": "R11",  # facts: slot
    "down_covered": "R11",  # facts: slot
    "nothing_to_end": "R12",  # END with nothing to end: there is no passing
    "not_an_action": "R6",
    "not_legal": "R6",  # the form of the action is not one legal_actions lists
    "no_cards": "R6",  # a play (or, under R12, an Add) of no cards
    "no_such_up_slot": "R6",  # facts: slot (only when it is a number)
    "empty_up_slot": "R6",  # facts: slot
    "mixed_ranks": "R6",
    "no_such_rank": "R2",
    "swoop_card_alone": "R10",  # facts: rank
    "not_held": "R6",  # facts: rank, held, count (asked for)
    "hand_ids": "R6",  # the named hand cards are not each once in hand, of the rank
    "more_than_four": "R9",  # facts: count
    "no_room": "R9",  # facts: rank (on top), run (how many on top), room (how many more)
}


class IllegalActionError(EngineError):
    """A well-formed action that the rules forbid here.

    ``reason`` says why in one machine-readable word (a key of :data:`REFUSALS`),
    ``rule`` is the rule behind it ("R9") and ``facts`` the numbers that go with
    it (rank, count, slot...). The message, for people and logs, starts with the
    rule id: ``"R9: no set is larger than four cards (max_four)"``.
    """

    def __init__(self, reason: str, text: str, rule: str = "", **facts: int) -> None:
        if reason not in REFUSALS:
            raise ValueError(f"unknown refusal reason {reason!r}")
        self.reason = reason
        self.rule = rule or REFUSALS[reason]
        self.facts = facts
        super().__init__(f"{self.rule}: {text}")

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled across worker processes by the tournament: rebuild from the parts.
        text = str(self).partition(": ")[2]
        return (_rebuild, (self.reason, text, self.rule, self.facts))


def _rebuild(reason: str, text: str, rule: str, facts: dict[str, int]) -> IllegalActionError:
    return IllegalActionError(reason, text, rule, **facts)


class WorldError(EngineError):
    """A dealing of the unseen cards that does not fit an observation: the message says where."""


class TerminationError(EngineError):
    """R17: a deal ran too long without anyone going out (a bug, never silent)."""


def short(value: object, limit: int = 40) -> str:
    """``repr`` of a value for a message, cut short (a bad value may be 20 KB long)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    if isinstance(value, (list, dict)) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."
