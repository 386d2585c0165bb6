"""AI opponents: bots that see only an Observation, hints, YAML seats, tournaments.

    from swoop_desktop.ai import make_bot, choose_safely, hint, load_opponents
    bot = make_bot("normal", "cautious", seed=7)
    action = choose_safely(bot, observe(state, seat, history), state.legal_actions(), log)

Bots never read hidden cards: this package never imports the engine module
that holds them (an import-linter contract checks it); search plays out
worlds it deals itself from the observation.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from swoop_desktop.engine import Action, Add, End, Flip, Play
from swoop_desktop.engine.observation import Observation, PublicHistory, observe

from .bots import Bot, EasyBot, HighestBot, LowestBot, NormalBot, RandomBot, action_rank
from .config import LEVELS, SeatConfig, dump_opponents, load_opponents
from .features import FEATURES, PERSONALITIES
from .hint import Hint, explain, hint
from .search import HardBot

_log = logging.getLogger("swoop_desktop.ai")

_CLASSES: dict[str, type[Bot]] = {
    "random": RandomBot, "lowest": LowestBot, "highest": HighestBot,
    "easy": EasyBot, "normal": NormalBot, "hard": HardBot,
}


def make_bot(level: str, personality: str | None = None, seed: int = 0,
             weights: dict | None = None, **options) -> Bot:
    """A bot of ``level`` (one of LEVELS) with a personality (one of PERSONALITIES).

    ``weights`` overrides single feature weights; ``options`` go to the bot
    (the hard bot takes ``budget_ms`` and ``max_worlds``).
    """
    cls = _CLASSES.get(level)
    if cls is None:
        raise ValueError(f"level: unknown {level!r} (choose one of {', '.join(LEVELS)})")
    return cls(seed=seed, personality=personality, weights=weights, **options)


def safe_action(obs: Observation, legal: list[Action]) -> Action:
    """A legal move that never hurts much: the normal bot's choice, else the first legal."""
    try:
        choice = NormalBot(0).choose(obs, legal)
        if choice in legal:
            return choice
    except Exception:  # noqa: BLE001 - the fallback must never fail
        _log.exception("the normal fallback failed too")
    return legal[0]


def choose_safely(bot: Bot, obs: Observation, legal: list[Action],
                  log: Callable[[str], None] | None = None) -> Action:
    """The bot's action if it is legal; otherwise a safe legal move, and the problem logged.

    Never raises for a misbehaving bot. ``log`` (e.g. ``print`` or a game-log
    method) gets one line of plain words; the ``swoop_desktop.ai`` logger
    always gets the details.
    """
    if not legal:
        raise ValueError("choose_safely: no legal action (the hand is over)")
    problem = None
    try:
        action = bot.choose(obs, legal)
    except Exception as exc:  # noqa: BLE001 - a bot must never crash the game
        _log.exception("bot %r failed", bot)
        problem = f"{bot.level} bot in seat {obs.seat} failed ({type(exc).__name__}: {exc})"
    else:
        if action in legal:
            return legal[legal.index(action)]
        problem = f"{bot.level} bot in seat {obs.seat} chose an illegal action {action!r}"
        _log.warning(problem)
    fallback = safe_action(obs, legal)
    if log is not None:
        log(f"{problem}; played {fallback!r} instead")
    return fallback


__all__ = [
    "Add", "Bot", "End", "FEATURES", "Flip", "HardBot", "Hint", "LEVELS", "NormalBot",
    "Observation", "PERSONALITIES", "Play", "PublicHistory", "SeatConfig", "action_rank",
    "choose_safely", "dump_opponents", "explain", "hint", "load_opponents", "make_bot",
    "observe", "safe_action", "EasyBot", "RandomBot", "LowestBot", "HighestBot",
]
