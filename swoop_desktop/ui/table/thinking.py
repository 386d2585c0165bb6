"""How the AIs and the hint think off the frame loop.

:class:`Thinker` sends one bot decision to a thinking worker (a worker process,
:mod:`swoop_desktop.ai.workers`, or a thread where processes cannot run), and
:class:`HintJob` the Hint button's question: the frame loop only polls them, so no
frame ever waits on a thinking AI. Who sits at the table is :func:`.drivers.seat_setup`'s
(the seat record itself is :mod:`swoop_desktop.storage.seats`'), and saving off the
frame loop is the flow's (:class:`.flow.Saver`).
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from swoop_desktop import i18n
from swoop_desktop.ai import (
    SEARCH_LEVELS,
    Bot,
    Cancelled,
    make_bot,
    observe,
    safe_action,
    workers,
)
from swoop_desktop.engine import Action, GameState
from swoop_desktop.engine.observation import PublicHistory
from swoop_desktop.i18n import _
from swoop_desktop.storage.seats import Seat

_log = logging.getLogger("swoop_desktop.ui")

PACE_SECONDS = {"slow": (1.2, 1.8), "fast": (0.15, 0.3), "click": None, "instant": (0.0, 0.0)}


def _let_frames_run() -> None:
    time.sleep(0.0003)


def _pause_until(stopped: threading.Event) -> Callable[[], None]:
    """A searching bot's pause on a thread here: the frame loop gets the interpreter, and
    once ``stopped`` is set the search ends (:class:`Cancelled`), its answer unwanted."""

    def pause() -> None:
        if stopped.is_set():
            raise Cancelled
        _let_frames_run()

    return pause


class Thinker:
    """A bot's decision for one position, made by a thinking worker (``ai.workers``).

    The bot goes to a worker with the seat's observation and the legal actions and
    comes back with its answer and what it keeps for the rest of the hand (its
    guesses about the hidden hands), so the next decision starts where this one
    ended, whichever worker makes it. The frame loop only polls :attr:`ready`.
    A hard or expert bot plays its fixed work, never cut by the clock, so the same seed
    makes the same decisions in a worker process or on a thread here.
    ``options`` go to :func:`~swoop_desktop.ai.make_bot` (benchmarks, tests).
    """

    def __init__(
        self, seat: Seat, seed: int, pool: workers.Pool | None = None, **options: Any
    ) -> None:
        self.seat = seat
        level = seat.level if seat.level != "human" else "normal"
        if level in SEARCH_LEVELS:
            options.setdefault("use_clock", False)
        self.bot = make_bot(level, seat.personality, seed=seed, weights=seat.weights, **options)
        self.pool = pool
        self.job: workers.Job[tuple[Action, str | None, Bot]] | None = None
        self.result: Action | None = None
        self.problem: str | None = None
        self.key: int = -1
        self._asked: tuple[Any, list[Action]] | None = None
        self._stopped = threading.Event()  # set when the decision in flight is abandoned

    def start(self, state: GameState, history: PublicHistory, key: int) -> None:
        obs = observe(state, self.seat.seat, history.copy())
        legal = state.legal_actions()
        self.stop()
        self.result = None
        self.problem = None
        self.key = key
        self._asked = (obs, legal)
        pool = self.pool or workers.shared()
        if hasattr(self.bot, "pause"):
            # On a thread of this process, a searching bot hands the interpreter back to
            # the frame loop between play-outs, and stops there once the decision is
            # abandoned (the table closed or taken back); in a worker process it needs not.
            self.bot.pause = _pause_until(self._stopped) if pool.in_process() else None
        self.job = workers.Job(pool, workers.decide, self.bot, obs, legal)

    @property
    def ready(self) -> bool:
        """True once the decision is in (and :attr:`result` holds it); never waits."""
        job = self.job
        if job is None or not job.ready:
            return False
        if self.result is None and self._asked is not None:
            obs, legal = self._asked
            if job.error is None:
                self.result, self.problem, self.bot = job.value
            else:
                # The worker failed twice: a safe move, here (the normal bot's, quick).
                _log.warning("seat %s: %s", self.seat.seat, job.error)
                self.result = safe_action(obs, legal)
                # Translators: {name} is an opponent ("Lefty"); {error} a technical error.
                self.problem = _("{name}'s thinking stopped ({error})").format(
                    name=self.seat.name, error=job.error
                )
        return True

    def stop(self) -> None:
        """Abandon a decision in flight (the table closes, or moves on without it); on a
        thread here its search stops at the next play-out."""
        self._stopped.set()
        self._stopped = threading.Event()  # the next decision's
        if self.job is not None and not self.job.ready:
            self.job.cancel()

    def think_time(self, pace: str, rng: random.Random) -> float:
        if pace in PACE_SECONDS and PACE_SECONDS[pace] is not None:
            lo, hi = PACE_SECONDS[pace]  # type: ignore[misc]
        else:
            lo, hi = self.seat.think_ms[0] / 1000, self.seat.think_ms[1] / 1000
        return rng.uniform(lo, hi)


class HintJob:
    """The Hint button's search for one position, by a thinking worker.

    The hint's work is fixed (the review's first look at this decision of the game: the
    game's ``seed`` and the decision's ``place``); the frame loop only
    polls :attr:`ready`, so pressing H never stalls a frame. ``key`` is the
    play the hint was asked at: an answer that comes after the position moved
    on is dropped by the table.
    """

    def __init__(
        self,
        key: int,
        obs: Any,
        legal: list[Action],
        seed: int,
        pool: workers.Pool | None = None,
        place: tuple[int, int] = (0, 0),
    ) -> None:
        self.key = key
        self.place = place  # (hand, play of the hand): where the review finds this decision
        self.result: tuple[Action, str] | None = None
        self.error: str | None = None
        self.job = workers.Job(
            pool or workers.shared(),
            workers.advise,
            obs,
            legal,
            seed,
            i18n.language(),
            place[0],
            place[1],
        )

    @property
    def ready(self) -> bool:
        job = self.job
        if not job.ready:
            return False
        if job.error is None:
            self.result = job.value
        else:
            _log.warning("hint: %s", job.error)
            self.error = job.error
        return True
