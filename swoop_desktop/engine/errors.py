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


class TerminationError(EngineError):
    """R17: a deal ran too long without anyone going out (a bug, never silent)."""
