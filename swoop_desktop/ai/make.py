"""Making bots by level, and asking them for a move safely.

``make_bot("normal", "cautious", seed=7)`` builds a bot; ``choose_safely``
asks it for an action and never lets a misbehaving bot crash the game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from swoop_desktop.choices import Level
from swoop_desktop.engine import Action
from swoop_desktop.engine.observation import Observation

from .bots import SOFT_LEVELS, Bot, Cancelled, EasyBot, HighestBot, LowestBot, NormalBot, RandomBot
from .search import ExpertBot, HardBot, SharpBot

_log = logging.getLogger("swoop_desktop.ai")

_CLASSES: dict[str, type[Bot]] = {
    "random": RandomBot,
    "lowest": LowestBot,
    "highest": HighestBot,
    "normal": NormalBot,
    "sharp": SharpBot,
    "hard": HardBot,
    "expert": ExpertBot,
}

#: The levels that search (the hard bot's sampling search; sharp is the same search with
#: less work, expert with more): their work is fixed, the clock only a safety cap.
SEARCH_LEVELS: tuple[str, ...] = ("sharp", "hard", "expert")


def make_bot(
    level: str,
    personality: str | None = None,
    seed: int = 0,
    weights: dict[str, float] | None = None,
    **options: Any,
) -> Bot:
    """A bot of ``level`` (one of LEVELS) with a personality (one of PERSONALITIES).

    ``weights`` overrides single feature weights; ``options`` go to the bot
    (the hard and expert bots take ``budget_ms``, ``max_worlds`` and the rest of the
    search's knobs; expert's own knobs are its defaults).
    """
    if level in SOFT_LEVELS:  # easy, casual, steady, keen: one bot, each level its knobs
        return EasyBot(seed=seed, personality=personality, weights=weights, level=level, **options)
    cls = _CLASSES.get(level)
    if cls is None:
        raise ValueError(f"level: unknown {level!r} (choose one of {', '.join(Level)})")
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


def choose_safely(
    bot: Bot, obs: Observation, legal: list[Action], log: Callable[[str], None] | None = None
) -> Action:
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
    except Cancelled:
        raise  # whoever asked no longer wants the answer: not the bot's failure
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
