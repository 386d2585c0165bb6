"""AI opponents: bots that see only an Observation, hints, YAML seats, the review's judgement.

    from swoop_desktop.ai import make_bot, choose_safely, hint, load_opponents
    bot = make_bot("normal", "cautious", seed=7)
    action = choose_safely(bot, observe(state, seat, history), state.legal_actions(), log)

Bots never read hidden cards: this package never imports the engine modules
that hold a real deal (import-linter and ``tools/check_walls.py`` check it);
search plays out worlds it deals itself from the observation. Whatever holds
the real deal and asks the bots (a tournament, the replay of a recorded game
for the review) is the referee's, in :mod:`swoop_desktop.referee`.
"""

from __future__ import annotations

from swoop_desktop.engine import Add, End, Flip, Play
from swoop_desktop.engine.observation import Observation, PublicHistory, observe

from .advice import hint
from .bots import (
    SOFT_LEVELS,
    Bot,
    Cancelled,
    EasyBot,
    HighestBot,
    Knobs,
    LowestBot,
    NormalBot,
    RandomBot,
    action_rank,
)
from .config import LEVELS, SeatConfig, dump_opponents, load_opponents
from .features import FEATURES, PERSONALITIES
from .hint import Hint, explain
from .make import SEARCH_LEVELS, choose_safely, make_bot, safe_action
from .search import ExpertBot, HardBot, SharpBot

__all__ = [
    "Add",
    "Bot",
    "Cancelled",
    "End",
    "ExpertBot",
    "FEATURES",
    "Flip",
    "HardBot",
    "Hint",
    "LEVELS",
    "NormalBot",
    "Observation",
    "PERSONALITIES",
    "Play",
    "PublicHistory",
    "SharpBot",
    "SeatConfig",
    "action_rank",
    "choose_safely",
    "dump_opponents",
    "explain",
    "hint",
    "load_opponents",
    "make_bot",
    "observe",
    "safe_action",
    "EasyBot",
    "RandomBot",
    "LowestBot",
    "HighestBot",
    "Knobs",
    "SEARCH_LEVELS",
    "SOFT_LEVELS",
]
