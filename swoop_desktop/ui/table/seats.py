"""Who sits at the table, how the AIs think off the frame loop, and saving off it too.

:func:`seat_setup` merges the shipped/user ``opponents.yaml`` (via
``swoop_desktop.ai.load_opponents``) with the player's settings overrides.
:class:`Thinker` runs one bot decision on a worker thread: the frame loop
only polls it, so no frame ever waits on a thinking AI. :class:`Saver`
writes the game in progress on a worker thread from a copy of the match
(:meth:`Match.copy`), so a slow
disk never stalls a frame.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from swoop_desktop.ai import choose_safely, hint, load_opponents, make_bot, observe
from swoop_desktop.engine import Action, GameState
from swoop_desktop.engine.observation import PublicHistory
from swoop_desktop.storage.seats import Seat

_log = logging.getLogger("swoop_desktop.ui")

PACE_SECONDS = {"slow": (1.2, 1.8), "fast": (0.15, 0.3), "click": None, "instant": (0.0, 0.0)}


def seat_setup(
    settings: Any, config_dir: Any = None, demo: bool = False
) -> tuple[list[Seat], list[str]]:
    """The four seats (seat 0 the player, or a bot in demo mode) and problems to report."""
    configs, messages = load_opponents(config_dir)
    seats = [Seat(0, "You") if not demo else Seat(0, "Demo AI", "normal", "balanced")]
    overrides = getattr(settings, "opponents", {}) or {}
    for cfg in configs[:3]:
        extra = dict(overrides.get(cfg.seat, {}) or {})
        level = str(extra.get("level") or cfg.level)
        name = str(extra.get("name") or cfg.name)
        personality = extra.get("personality") or cfg.personality
        # Explicit weights from opponents.yaml belong to the personality they came with.
        weights = cfg.weights if personality == cfg.personality else None
        seats.append(
            Seat(cfg.seat, name, level, personality, (cfg.think_ms[0], cfg.think_ms[1]), weights)
        )
    return seats, messages


def _let_frames_run() -> None:
    time.sleep(0.0003)


class Thinker:
    """A bot's decision for one position, computed on a worker thread."""

    def __init__(self, seat: Seat, seed: int) -> None:
        self.seat = seat
        self.bot = make_bot(
            seat.level if seat.level != "human" else "normal",
            seat.personality,
            seed=seed,
            weights=seat.weights,
        )
        if hasattr(self.bot, "pause"):
            # A searching bot hands the interpreter back to the frame loop between
            # play-outs, so a frame never waits long for it.
            self.bot.pause = _let_frames_run
        self.thread: threading.Thread | None = None
        self.result: Action | None = None
        self.problem: str | None = None
        self.key: int = -1

    def start(self, state: GameState, history: PublicHistory, key: int) -> None:
        obs = observe(state, self.seat.seat, history.copy())
        legal = state.legal_actions()
        self.result = None
        self.problem = None
        self.key = key

        def work() -> None:
            notes: list[str] = []
            try:
                self.result = choose_safely(self.bot, obs, legal, notes.append)
            except Exception as exc:  # noqa: BLE001 - the table must go on
                _log.exception("bot failed")
                self.problem = str(exc)
                self.result = legal[0]
            if notes:
                self.problem = notes[0]

        self.thread = threading.Thread(target=work, name=f"bot-{self.seat.seat}", daemon=True)
        self.thread.start()

    @property
    def ready(self) -> bool:
        return self.thread is not None and not self.thread.is_alive()

    def think_time(self, pace: str, rng: random.Random) -> float:
        if pace in PACE_SECONDS and PACE_SECONDS[pace] is not None:
            lo, hi = PACE_SECONDS[pace]  # type: ignore[misc]
        else:
            lo, hi = self.seat.think_ms[0] / 1000, self.seat.think_ms[1] / 1000
        return rng.uniform(lo, hi)


class HintJob:
    """The Hint button's search for one position, on a worker thread.

    The hint caps its own time (a quarter of a second); the frame loop only
    polls :attr:`ready`, so pressing H never stalls a frame. ``key`` is the
    play the hint was asked at: an answer that comes after the position moved
    on is dropped by the table.
    """

    def __init__(self, key: int, obs: Any, legal: list[Action], seed: int) -> None:
        self.key = key
        self.result: tuple[Action, str] | None = None
        self.error: str | None = None

        def work() -> None:
            try:
                found = hint(obs, legal, seed=seed + key)
                self.result = (found.action, found.reason)
            except Exception as exc:  # noqa: BLE001 - a hint must never break the game
                _log.exception("hint failed")
                self.error = str(exc)

        self.thread = threading.Thread(target=work, name="hint", daemon=True)
        self.thread.start()

    @property
    def ready(self) -> bool:
        return not self.thread.is_alive()


class Saver:
    """Runs save jobs in order on one worker thread; ``flush()`` waits for them."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self.errors: list[str] = []
        self.thread = threading.Thread(target=self._run, name="saver", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            try:
                if job is None:
                    return
                job()
            except Exception as exc:  # noqa: BLE001 - report, never crash the game
                _log.exception("saving failed")
                self.errors.append(f"The game could not be saved: {exc}")
            finally:
                self.jobs.task_done()

    def flush(self) -> None:
        """Wait until every queued save is written."""
        if self.thread.is_alive():
            self.jobs.join()

    def close(self) -> None:
        """Write what is queued, then stop the thread (later saves run at once, here)."""
        if self.thread.is_alive():
            self.jobs.put(None)
            self.thread.join()

    def submit(self, job: Callable[[], None]) -> None:
        if self.thread.is_alive():
            self.jobs.put(job)
            return
        try:
            job()
        except Exception as exc:  # noqa: BLE001 - report, never crash the game
            _log.exception("saving failed")
            self.errors.append(f"The game could not be saved: {exc}")
