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


class IllegalActionError(EngineError):
    """A well-formed action that the rules forbid here; the message starts with a rule id."""


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
