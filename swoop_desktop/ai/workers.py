"""Thinking in worker processes, so a search never takes a frame's time.

Python runs one thread at a time in a process: a search on a thread of the
game's own process takes turns with the frame loop. :class:`Pool` runs the
thinking (a seat's decision, a hint, a review's verdicts) in worker processes
instead, from the standard library's ``concurrent.futures.ProcessPoolExecutor``
with the *spawn* start method (a worker never inherits the window or SDL's
state; it imports only the engine and the AI):

- it starts when first asked for work, never before (the game's first frame
  does not wait for it), with one worker for each core but one (at least one);
- with one core, or when processes cannot be started here, it runs the same
  work on threads of the game's process, as before, and says nothing;
- a worker that dies breaks the pool (``BrokenProcessPool``): :class:`Job`
  replaces the pool and asks once more, and reports a plain problem only if
  that fails too;
- :meth:`Pool.shutdown` cancels what waits, ends the workers that still run and
  waits for them, so no process outlives the game; a worker also ends by itself
  within a second or so of the game's process, whatever ended that;
- work that does not answer within its deadline (:meth:`Pool.deadline`: ten times
  the longest this kind of work took lately, never less than :data:`DEADLINE_FLOOR_S`)
  is abandoned: the workers are ended, a new pool takes their place, the other work
  they held is asked again, and the one that waited gets a plain problem (a seat
  plays its safe move);
- where the game's main module cannot be imported again by a worker (a script read
  from standard input), or the first workers all die before they start, the work
  goes to threads, at once and for good;
- workers with nothing to do for :data:`IDLE_S` seconds end; the next work starts
  new ones;
- killed with multiprocessing's resource tracker, the workers are replaced, and the
  tracker started again prints no tracebacks.

How a worker process starts, watches the game and is ended, and the resource
tracker's part in it, is :mod:`.worker_processes`; this module is the pool that
sends the work and keeps it going, the jobs the frame loop polls, and the work.

What crosses to a worker is what a seat may know: its observation (which holds
the public history), the legal actions, the bot with its seed and settings, and
the bot's own guesses about the hidden hands, kept from one decision of the
hand to the next (:class:`~.inference.PolicyInference`, built only from the
public history). The bot goes to the worker with every decision and comes back
with its answer, so a decision is the same whichever worker makes it, or the
game's own thread: the work is fixed (worlds, candidates), never the clock.

The frame loop never waits on a worker: it asks :attr:`Job.ready` each frame.
``SWOOP_THINKING=threads`` in the environment keeps all thinking in the game's
process (the tests' default; the worker tests ask for processes themselves).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any, Generic, TypeVar

from swoop_desktop import i18n
from swoop_desktop.engine import Action
from swoop_desktop.engine.observation import Observation

from .advice import hint
from .bots import Bot
from .make import choose_safely
from .review import REVIEW_WORLDS, Cancelled, Decision, Verdict, assess
from .worker_processes import Spawn, end_workers, live_with_game, main_reimportable, started_flag

_log = logging.getLogger("swoop_desktop.ai")

#: The environment variable that keeps the thinking in the game's process ("threads").
MODE_VARIABLE = "SWOOP_THINKING"
#: The least time a piece of work is given in a worker before it is taken for stuck.
DEADLINE_FLOOR_S = 10.0
#: How many times the longest recent run of the same work it is given.
DEADLINE_FACTOR = 10.0
#: The environment variable that sets the least deadline, in seconds (tests, slow machines).
DEADLINE_VARIABLE = "SWOOP_THINKING_DEADLINE"
#: Seconds with nothing to do after which the workers end (new ones start with new work).
IDLE_S = 60.0
#: Seconds a new worker may take to start before its work's clock runs all the same.
WORKER_START_S = 30.0

T = TypeVar("T")


def worker_count(cores: int | None = None) -> int:
    """Workers for a machine with ``cores`` cores (this one's by default): all but one,
    which the game's window keeps, and at least one."""
    n = os.cpu_count() if cores is None else cores
    return max(1, (n or 1) - 1)


def processes_wanted(cores: int | None = None) -> bool:
    """Whether thinking should go to worker processes here: not with one core (a worker
    would only take turns with the window), nor when ``SWOOP_THINKING=threads``."""
    n = os.cpu_count() if cores is None else cores
    if os.environ.get(MODE_VARIABLE, "").strip().lower() == "threads":
        return False
    return (n or 1) > 1


def _kind(fn: Callable[..., Any]) -> str:
    return f"{getattr(fn, '__module__', '')}.{getattr(fn, '__qualname__', repr(fn))}"


def _deadline_floor() -> float:
    """:data:`DEADLINE_FLOOR_S`, or the seconds :data:`DEADLINE_VARIABLE` gives."""
    try:
        given = float(os.environ.get(DEADLINE_VARIABLE, ""))
    except ValueError:
        return DEADLINE_FLOOR_S
    return given if 0 < given < float("inf") else DEADLINE_FLOOR_S


class Pool:
    """Worker processes for thinking, started on first use (threads when they cannot be).

    ``workers``: how many (by default :func:`worker_count`); ``processes``: False runs
    the work on threads of this process, None decides by :func:`processes_wanted`;
    ``deadline``: the least deadline of a piece of work (by default
    :data:`DEADLINE_FLOOR_S`, or :data:`DEADLINE_VARIABLE`); ``idle``: seconds with no
    work after which the workers end (:data:`IDLE_S`).
    """

    def __init__(
        self,
        workers: int | None = None,
        processes: bool | None = None,
        *,
        deadline: float | None = None,
        idle: float | None = None,
    ) -> None:
        self.workers = max(1, workers if workers is not None else worker_count())
        self.wanted = processes_wanted() if processes is None else processes
        self.floor = deadline if deadline is not None else _deadline_floor()
        self.idle = IDLE_S if idle is None else idle
        self._executor: Executor | None = None
        self._spawn: Spawn | None = None
        self._lock = threading.RLock()
        self.replaced = 0  # broken pools replaced (a worker died, or stopped answering)
        self.generation = 0  # which executor is current: a new one for each start
        self.closed = False
        self._abandoned: set[int] = set()  # generations ended because work was stuck
        # Whether a worker of the current pool has started (a byte shared with them, set
        # by the first), and whether one of any pool ever did.
        self._up: tuple[int, Any] | None = None  # (generation, the byte)
        self._ever_up = False
        self._ending: list[threading.Thread] = []  # pools being ended off the caller's thread
        # Work in flight and the last time any was sent or done (the idle watch), and
        # how long each kind of work took lately (the deadlines).
        self._count_lock = threading.Lock()
        self._busy = 0
        self._last = time.monotonic()
        self._took: dict[str, deque[float]] = {}
        self._keeper: threading.Thread | None = None
        self._keeper_stop = threading.Event()

    # ------------------------------------------------------------ the executor
    def _start(self) -> Executor:
        if self._up is not None:
            self.up(self._up[0])  # remembered: a worker of the pool before started
        self.generation += 1
        if self.wanted and not main_reimportable():
            _log.info("the main module cannot be imported by a worker: thinking on threads")
            self.wanted = False
        if self.wanted:
            try:
                spawn = Spawn()
                flag = started_flag(spawn)
                executor: Executor = ProcessPoolExecutor(
                    self.workers,
                    mp_context=spawn,
                    initializer=live_with_game,
                    initargs=(os.getpid(), flag),
                )
            except (OSError, ValueError, NotImplementedError, ImportError) as exc:
                _log.info("no worker processes here (%s): thinking on threads", exc)
                self.wanted = False
            else:
                self._spawn = spawn
                self._executor = executor
                self._up = (self.generation, flag) if flag is not None else None
                self._keep_watch()
                return executor
        # Threads of this process: at least two, so a hint never queues behind a
        # decision that was abandoned.
        self._spawn = None
        self._executor = ThreadPoolExecutor(max(2, self.workers), thread_name_prefix="thinking")
        return self._executor

    def _current(self) -> Executor:
        if self.closed:
            raise RuntimeError("the thinking pool was shut down")
        return self._executor if self._executor is not None else self._start()

    @property
    def started(self) -> bool:
        """Whether any work has been asked of the pool yet (nothing starts before)."""
        return self._executor is not None

    def in_process(self) -> bool:
        """Whether the work runs on threads of this process (the pool starts if it has not:
        ask only when there is work to send)."""
        with self._lock:
            self._current()
            return not self.wanted

    def submit(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> Future[T]:
        """Start ``fn(*args)`` on a worker (``fn`` a module-level function, the arguments
        plain data); the future is polled, never waited on by a frame."""
        return self.send(fn, *args, **kwargs)[0]

    def send(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[Future[T], int]:
        """:meth:`submit`, and the :attr:`generation` of the pool that took the work."""
        with self._lock:
            # Counted before it is sent: the idle watch never ends a pool given work.
            with self._count_lock:
                self._busy += 1
                self._last = time.monotonic()
            try:
                future, generation = self._send(fn, *args, **kwargs)
            except BaseException:
                self._done(None)
                raise
        future.add_done_callback(self._done)
        return future, generation

    def _done(self, _future: Future[Any] | None) -> None:
        with self._count_lock:
            self._busy -= 1
            self._last = time.monotonic()

    def _send(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[Future[T], int]:
        with self._lock:
            executor = self._current()
            try:
                return executor.submit(fn, *args, **kwargs), self.generation
            except BrokenProcessPool:
                self._replace(executor)
                return self._current().submit(fn, *args, **kwargs), self.generation
            except (OSError, NotImplementedError) as exc:
                # The first worker could not be started: this machine thinks on threads.
                _log.info("worker processes cannot start (%s): thinking on threads", exc)
                self._end(executor)
                self.wanted = False
                self._executor = None
                return self._current().submit(fn, *args, **kwargs), self.generation

    def replace(self, generation: int) -> None:
        """Put a new pool in place of the broken one of ``generation`` (a worker died; the
        work it held is lost and must be asked again). Nothing if it was replaced already."""
        with self._lock:
            if self._executor is not None and generation == self.generation:
                self._replace(self._executor)

    def _replace(self, executor: Executor) -> None:
        if executor is not self._executor:
            return  # already replaced (several jobs saw the same broken pool)
        self._end(executor)
        self._executor = None
        self.replaced += 1
        if self.wanted and self._up is not None and not self.up(self._up[0]) and not self._ever_up:
            # Not one worker got as far as taking work: they die as they start (the main
            # module cannot be imported again, say). Threads from now on, not new workers.
            _log.warning("thinking workers cannot start here: thinking on threads")
            self.wanted = False
            return
        _log.warning("a thinking worker stopped: starting a new one")

    # ------------------------------------------------------------- deadlines
    def up(self, generation: int) -> bool:
        """Whether a worker of the pool of ``generation`` has started (work waiting for a
        worker that is still starting is not yet on its deadline's clock); True when
        it cannot be told."""
        known = self._up
        if known is None or known[0] != generation:
            return True
        if known[1].value:
            self._ever_up = True
            return True
        return False

    def deadline(self, fn: Callable[..., Any]) -> float | None:
        """Seconds ``fn``'s work may run in a worker before it is taken for stuck: ten
        times the longest it took lately here, never less than the floor; None on threads
        (work on a thread of the game cannot be stopped, and is slow only by sharing)."""
        if not self.wanted:
            return None
        with self._count_lock:
            took = self._took.get(_kind(fn))
            longest = max(took) if took else 0.0
        return max(self.floor, DEADLINE_FACTOR * longest)

    def took(self, fn: Callable[..., Any], seconds: float) -> None:
        """``fn``'s work took ``seconds`` (the deadlines follow the machine's pace)."""
        with self._count_lock:
            self._took.setdefault(_kind(fn), deque(maxlen=20)).append(seconds)

    def abandon(self, generation: int, seconds: float) -> None:
        """Work sent to the pool of ``generation`` did not answer within ``seconds``: its
        workers are killed (off this thread: the frame never waits for them) and a new
        pool takes the next work. The other work the old pool held fails with
        :class:`BrokenProcessPool`, and :meth:`was_abandoned` tells it to ask again."""
        with self._lock:
            executor, spawn = self._executor, self._spawn
            if executor is None or generation != self.generation or spawn is None:
                return
            self._executor = None
            self._spawn = None
            self._abandoned.add(generation)
            self.replaced += 1
            _log.warning(
                "a thinking worker did not answer within %.0f s: it was ended, "
                "and a new one takes its place",
                seconds,
            )
            self._end_later(executor, spawn, at_once=True)

    def was_abandoned(self, generation: int) -> bool:
        """Whether the pool of ``generation`` was ended because work in it was stuck (its
        other work is to be asked again, which is not a failure of that work)."""
        return generation in self._abandoned

    # ------------------------------------------------------------ idle workers
    def _keep_watch(self) -> None:
        """Start the thread that ends idle workers (once per pool)."""
        if self._keeper is None or not self._keeper.is_alive():
            self._keeper = threading.Thread(target=self._watch_idle, name="thinking-idle")
            self._keeper.daemon = True
            self._keeper.start()

    def _watch_idle(self) -> None:
        while not self._keeper_stop.wait(min(1.0, max(0.05, self.idle / 4))):
            with self._count_lock:
                idle = self._busy == 0 and time.monotonic() - self._last >= self.idle
            if not idle:
                continue
            with self._lock:
                executor, spawn = self._executor, self._spawn
                with self._count_lock:
                    idle = self._busy == 0 and time.monotonic() - self._last >= self.idle
                if self.closed or not idle or executor is None or spawn is None:
                    continue
                self._executor = None
                self._spawn = None
                _log.info("the thinking workers had nothing to do: they end until needed")
                self._end_later(executor, spawn, at_once=False)

    def _end_later(self, executor: Executor, spawn: Spawn, at_once: bool) -> None:
        """End ``executor``'s workers on a thread of their own (:meth:`shutdown` waits for
        it). Called with the lock held."""
        self._ending = [t for t in self._ending if t.is_alive()]
        ender = threading.Thread(
            target=end_workers, args=(executor, spawn, at_once), name="thinking-end", daemon=True
        )
        self._ending.append(ender)
        ender.start()

    def pids(self) -> list[int]:
        """The process ids of the workers alive now (none on threads)."""
        spawn = self._spawn
        if spawn is None:
            return []
        return [p.pid for p in spawn.started if p.pid is not None and p.is_alive()]

    # ------------------------------------------------------------------ ending
    def _end(self, executor: Executor) -> None:
        """Cancel what waits, end the workers that still think, and wait for them."""
        spawn = self._spawn if executor is self._executor else None
        if spawn is not None:
            self._spawn = None
        end_workers(executor, spawn)

    def shutdown(self) -> None:
        """End the pool: work waiting is dropped, work running is abandoned, every worker
        has ended when this returns. Later work goes to a new :class:`Pool`."""
        with self._lock:
            self.closed = True
            self._keeper_stop.set()
            if self._executor is not None:
                self._end(self._executor)
                self._executor = None
            ending, self._ending = self._ending, []
        for ender in ending:  # workers of stuck or idle pools, being ended
            ender.join()


class Job(Generic[T]):
    """One piece of thinking sent to a :class:`Pool`, which the frame loop polls.

    :attr:`ready` never blocks. A pool broken by a dead worker is replaced and the
    work asked once more; if that fails too, :attr:`error` says so in plain words.
    Work that runs in a worker longer than its :meth:`Pool.deadline` is abandoned (the
    stuck worker is ended and replaced) and :attr:`error` says so; work that only
    waited in the pool that was ended for it is asked again.
    """

    def __init__(self, pool: Pool, fn: Callable[..., T], *args: Any, **kwargs: Any) -> None:
        self.pool = pool
        self.fn = fn
        self.args = args
        self.kwargs = kwargs
        self.tries = 0
        self.error: str | None = None
        self._value: T | None = None
        self._done = False
        self._future: Future[T] | None = None
        self._generation = 0
        self._sent_at = 0.0
        self._running_since: float | None = None  # first seen running in a worker
        self._clock_from: float | None = None  # ... and its worker started: the deadline's
        self._resent = 0  # asked again because another piece of work was stuck
        self._send()

    def _send(self, counted: bool = True) -> None:
        if counted:
            self.tries += 1
        self._sent_at = time.monotonic()
        self._running_since = None
        self._clock_from = None
        try:
            self._future, self._generation = self.pool.send(self.fn, *self.args, **self.kwargs)
        except Exception as exc:  # noqa: BLE001 - the caller gets a plain problem instead
            _log.exception("thinking could not be started")
            self._future = None
            self.error = f"the thinking could not start ({type(exc).__name__}: {exc})"
            self._done = True

    @property
    def ready(self) -> bool:
        """True once the answer (or a problem) is in; never waits."""
        if self._done:
            return True
        future = self._future
        if future is None or not future.done():
            if self.pool.closed:  # ended under it: its answer will never come
                self.error = "the thinking was stopped"
                self._done = True
                return True
            if future is not None and self._past_deadline(future):
                return True
            return False
        try:
            self._value = future.result(timeout=0)
            start = self._clock_from or self._running_since or self._sent_at
            self.pool.took(self.fn, time.monotonic() - start)
        except (BrokenProcessPool, CancelledError) as exc:
            if self.pool.was_abandoned(self._generation) and self._resent < 3:
                # Ended because other work was stuck in the same pool: asked again.
                self._resent += 1
                self._send(counted=False)
                return self._done
            if isinstance(exc, CancelledError):
                self.error = "the thinking was cancelled"
            elif self.tries < 2:
                self.pool.replace(self._generation)
                self._send()
                return self._done
            else:
                self.error = f"the thinking stopped twice ({exc or 'a worker ended'})"
        except Exception as exc:  # noqa: BLE001 - reported, never raised into a frame
            _log.error("thinking failed: %s: %s", type(exc).__name__, exc)
            self.error = f"the thinking failed ({type(exc).__name__}: {exc})"
        self._done = True
        return True

    def _past_deadline(self, future: Future[T]) -> bool:
        """True (and the work abandoned, with its problem) once the work has run in a
        worker for longer than its deadline; its clock starts when it is seen running and
        a worker of its pool has started (or :data:`WORKER_START_S` after it was seen)."""
        now = time.monotonic()
        if self._running_since is None:
            if future.running():
                self._running_since = now
            return False
        limit = self.pool.deadline(self.fn)
        if limit is None:
            return False
        if self._clock_from is None and self.pool.up(self._generation):
            self._clock_from = now
        start = self._clock_from or self._running_since + WORKER_START_S
        if now - start < limit:
            return False
        self.pool.abandon(self._generation, limit)
        future.cancel()
        self.error = f"it did not answer within {limit:.0f} s, and a new worker took its place"
        self._done = True
        return True

    @property
    def value(self) -> T:
        """The answer; only when :attr:`ready` and there is no :attr:`error`."""
        if not self._done or self.error is not None:
            raise RuntimeError(self.error or "the thinking is not finished")
        return self._value  # type: ignore[return-value]

    def cancel(self) -> None:
        """Drop the job: it is taken off the queue if it has not begun; a worker that
        has begun finishes it and the answer is thrown away."""
        if self._future is not None:
            self._future.cancel()
        self._done = True
        if self.error is None and self._value is None:
            self.error = "the thinking was cancelled"


# ----------------------------------------------------------------- the work itself
# Module-level functions (a worker imports them by name); plain data in and out.


def decide(bot: Bot, obs: Observation, legal: list[Action]) -> tuple[Action, str | None, Bot]:
    """A seat's decision: the bot's legal action (:func:`~.make.choose_safely`), the
    problem if it misbehaved, and the bot itself, carrying what it keeps for the hand."""
    notes: list[str] = []
    action = choose_safely(bot, obs, legal, notes.append)
    return action, (notes[0] if notes else None), bot


def advise(
    obs: Observation,
    legal: list[Action],
    seed: int,
    language: str = "",
    hand_no: int = 0,
    step: int | None = None,
) -> tuple[Action, str]:
    """The Hint button's answer: the action and its one line of plain words (in
    ``language``, the game's, which a worker started apart does not share). ``seed`` is
    the game's, ``hand_no`` and ``step`` the decision's place in it: the review of the
    game weighs the same worlds there."""
    if language and language != i18n.language():
        i18n.set_language(language)
    found = hint(obs, legal, seed=seed, hand_no=hand_no, step=step)
    return found.action, found.reason


def weigh(
    decision: Decision,
    worlds: int,
    seed: int,
    hindsight: bool = False,
    language: str = "",
    cancel: threading.Event | None = None,
) -> Verdict:
    """One decision of a review weighed (:func:`~.review.assess`): the same verdict on any
    worker, for it is seeded by the game and the decision; its words in ``language`` (the
    game's, which a worker started apart does not share). ``cancel`` (only on threads of
    the game's process, where the review's own event reaches it) ends the work at the
    next re-deal with :class:`~.review.Cancelled`."""
    if language and language != i18n.language():
        i18n.set_language(language)
    stop = cancel.is_set if cancel is not None else None
    return assess(decision, worlds, seed, hindsight=hindsight, stop=stop)


def weigh_all(
    found: Sequence[Decision],
    worlds: int = REVIEW_WORLDS,
    seed: int = 0,
    hindsight: bool = False,
    pool: Pool | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
    each: Callable[[Verdict], None] | None = None,
) -> list[Verdict]:
    """Every decision weighed, side by side on the pool's workers; the verdicts in order.

    The decisions are independent (each is seeded by the game and itself), so the
    verdicts are those of :func:`~.review.review_decisions` with one worker or many.
    A fair verdict sends no real deal (``truth`` stays behind); a hindsight one needs
    it. ``progress(done, total)`` follows the work; ``each(verdict)`` gets the verdicts
    in order as soon as those before them are in; setting ``cancel`` drops the work
    not yet begun and raises :class:`~.review.Cancelled`. A worker that dies is
    replaced and its decision asked once more; so is one that does not answer within
    its deadline (:meth:`Pool.deadline`; the others it held are asked again, which is
    not counted). Called from a thread that may wait (the review's), never from a frame.
    """
    pool = pool or shared()
    sent: dict[Future[Verdict], tuple[int, int, int]] = {}  # -> index, tries, generation
    since: dict[Future[Verdict], float] = {}  # sent, then first seen running
    late: dict[Future[Verdict], float] = {}  # past their deadline: the deadline

    def send(i: int, tries: int) -> None:
        d = found[i] if hindsight else replace(found[i], truth=None)
        # On threads the cancel reaches inside a decision; a worker process finishes the
        # one it holds (an event cannot cross to it) and the answer is thrown away.
        stop = cancel if cancel is not None and pool.in_process() else None
        future, generation = pool.send(weigh, d, worlds, seed, hindsight, i18n.language(), stop)
        sent[future] = (i, tries, generation)
        since[future] = time.monotonic()

    for i in range(len(found)):
        send(i, 1)
    verdicts: list[Verdict | None] = [None] * len(found)
    running: set[Future[Verdict]] = set()
    # When a piece of work last came back: one seen running that waits behind another in
    # the worker's queue is not on the clock before that (with one worker, two are).
    last = [time.monotonic()]
    given = 0
    done = 0
    try:
        while sent:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            finished, _ = wait(list(sent), timeout=0.1, return_when=FIRST_COMPLETED)
            for future in finished:
                i, tries, generation = sent.pop(future)
                started = max(since.pop(future), last[0])
                last[0] = time.monotonic()
                running.discard(future)
                limit = late.pop(future, None)
                try:
                    verdicts[i] = future.result()
                except (BrokenProcessPool, CancelledError) as exc:
                    if limit is None and pool.was_abandoned(generation):
                        send(i, tries)  # it only waited in the pool ended for another
                        continue
                    if tries >= 2 or isinstance(exc, CancelledError):
                        if limit is not None:
                            raise RuntimeError(
                                f"the thinking did not answer within {limit:.0f} s, twice"
                            ) from None
                        raise
                    pool.replace(generation)
                    send(i, tries + 1)
                    continue
                pool.took(weigh, time.monotonic() - started)
                done += 1
                if progress is not None:
                    progress(done, len(found))
            while each is not None and given < len(found) and verdicts[given] is not None:
                each(verdicts[given])  # type: ignore[arg-type]
                given += 1
            _abandon_late(pool, sent, since, running, late, last[0])
    finally:
        for future in sent:
            future.cancel()
    return [v for v in verdicts if v is not None]


def _abandon_late(
    pool: Pool,
    sent: dict[Future[Verdict], tuple[int, int, int]],
    since: dict[Future[Verdict], float],
    running: set[Future[Verdict]],
    late: dict[Future[Verdict], float],
    last: float,
) -> None:
    """:func:`weigh_all`'s deadlines: each piece of work's clock starts when it is seen
    running, or when work last came back (``last``) if that is later (one seen running
    may wait behind another in the worker's queue); one past its deadline has its pool
    abandoned (and is asked again, counted)."""
    limit = pool.deadline(weigh)
    if limit is None:
        return
    now = time.monotonic()
    for future, (_i, _tries, generation) in sent.items():
        if future not in running:
            # On the clock once it runs and a worker of its pool has started (a worker
            # stuck as it starts: once it has had time to start, all the same).
            if future.running() and (pool.up(generation) or now - since[future] > WORKER_START_S):
                running.add(future)
                since[future] = now
            continue
        waited = now - since[future]
        # Past its deadline since work last came back, or past twice its deadline at all
        # (other workers may keep bringing work back while one is stuck).
        if future not in late and (now - max(since[future], last) > limit or waited > 2 * limit):
            late[future] = limit
            pool.abandon(generation, limit)


def where() -> int:
    """The process id of the worker that ran it (the self-test's round trip)."""
    return os.getpid()


# ------------------------------------------------------------------- the shared pool
_shared: Pool | None = None
_shared_lock = threading.Lock()


def shared() -> Pool:
    """The game's one pool (made on first call; its workers start with the first work)."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared.closed:
            _shared = Pool()
        return _shared


def shutdown() -> None:
    """End the game's pool and its workers (the window closing); a later call to
    :func:`shared` makes a new one."""
    global _shared
    with _shared_lock:
        pool, _shared = _shared, None
    if pool is not None:
        pool.shutdown()


__all__ = [
    "DEADLINE_FACTOR",
    "DEADLINE_FLOOR_S",
    "DEADLINE_VARIABLE",
    "IDLE_S",
    "MODE_VARIABLE",
    "WORKER_START_S",
    "Job",
    "Pool",
    "advise",
    "decide",
    "processes_wanted",
    "shared",
    "shutdown",
    "weigh",
    "weigh_all",
    "where",
    "worker_count",
]
