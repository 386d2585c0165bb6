"""The Swoop rules engine: pure, event-driven, standard library only.

Public surface: :class:`Rules`, the actions, :func:`new_deal`,
:class:`GameState` (``legal_actions`` / ``apply`` / ``clone``),
:class:`Match`, the position notation, and the typed events in
:mod:`swoop_desktop.engine.events`.
"""

from .actions import END, Action, Add, End, Flip, Play, action_from_json
from .cards import RANK_OF, RANK_SYMBOLS, Card, card_rank, card_suit, count_phrase
from .errors import (
    REFUSALS,
    ActionError,
    EngineError,
    IllegalActionError,
    PositionError,
    RulesError,
    TerminationError,
    WorldError,
)
from .match import Match, hand_seed
from .position import format_position, parse_position
from .rules import (
    OPTION_NAMES,
    OPTION_SPECS,
    OPTION_VALUES,
    PRESET_NAMES,
    PRESETS,
    FollowUp,
    OptionSpec,
    Rules,
)
from .state import GameState, new_deal

__all__ = [
    "END",
    "Action",
    "ActionError",
    "Add",
    "Card",
    "End",
    "EngineError",
    "Flip",
    "FollowUp",
    "GameState",
    "IllegalActionError",
    "Match",
    "OPTION_NAMES",
    "OPTION_SPECS",
    "OPTION_VALUES",
    "OptionSpec",
    "PRESET_NAMES",
    "PRESETS",
    "Play",
    "PositionError",
    "RANK_OF",
    "RANK_SYMBOLS",
    "REFUSALS",
    "Rules",
    "RulesError",
    "TerminationError",
    "WorldError",
    "action_from_json",
    "card_rank",
    "card_suit",
    "count_phrase",
    "format_position",
    "hand_seed",
    "new_deal",
    "parse_position",
]
