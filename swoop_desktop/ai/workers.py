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
  waits for them, so no process outlives the game.

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
import multiprocessing
import multiprocessing.context
import os
import signal
import threading
import time
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

from swoop_desktop.engine import Action
from swoop_desktop.engine.observation import Observation

from .bots import Bot
from .hint import hint
from .make import choose_safely
from .review import REVIEW_WORLDS, Cancelled, Decision, Verdict, assess

_log = logging.getLogger("swoop_desktop.ai")

#: The environment variable that keeps the thinking in the game's process ("threads").
MODE_VARIABLE = "SWOOP_THINKING"
#: Seconds :meth:`Pool.shutdown` waits for a worker to end before it is killed.
END_WAIT_S = 2.0

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


class _Spawn(multiprocessing.context.SpawnContext):
    """The spawn start method, keeping each process it starts so that they can all be
    ended on shutdown (the executor only ends idle ones)."""

    def __init__(self) -> None:
        super().__init__()
        self.started: list[multiprocessing.process.BaseProcess] = []

    def Process(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]  # noqa: N802 - the context's own name
        process = multiprocessing.context.SpawnProcess(*args, **kwargs)
        self.started.append(process)
        return process


class Pool:
    """Worker processes for thinking, started on first use (threads when they cannot be).

    ``workers``: how many (by default :func:`worker_count`); ``processes``: False runs
    the work on threads of this process, None decides by :func:`processes_wanted`.
    """

    def __init__(self, workers: int | None = None, processes: bool | None = None) -> None:
        self.workers = max(1, workers if workers is not None else worker_count())
        self.wanted = processes_wanted() if processes is None else processes
        self._executor: Executor | None = None
        self._spawn: _Spawn | None = None
        self._lock = threading.RLock()
        self.replaced = 0  # broken pools replaced (a worker died)
        self.generation = 0  # which executor is current: a new one for each start
        self.closed = False

    # ------------------------------------------------------------ the executor
    def _start(self) -> Executor:
        self.generation += 1
        if self.wanted:
            try:
                spawn = _Spawn()
                executor: Executor = ProcessPoolExecutor(self.workers, mp_context=spawn)
            except (OSError, ValueError, NotImplementedError, ImportError) as exc:
                _log.info("no worker processes here (%s): thinking on threads", exc)
                self.wanted = False
            else:
                self._spawn = spawn
                self._executor = executor
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
        _log.warning("a thinking worker stopped: starting a new one")

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
        executor.shutdown(wait=False, cancel_futures=True)
        if spawn is None:
            return
        # Another thread may be starting a worker as this runs (a submit in progress:
        # the process made, its pid not yet known): looked at again until every one
        # made has ended, or a second has passed for one that never starts.
        ended: set[int] = set()
        for _ in range(50):
            waiting = False
            for process in list(spawn.started):
                if process.pid is None:
                    waiting = True
                elif id(process) not in ended:
                    _end_process(process)
                    ended.add(id(process))
            if not waiting:
                break
            time.sleep(0.02)
        spawn.started.clear()
        self._spawn = None
        # The executor's own thread sees its workers gone and ends; wait for it too.
        executor.shutdown(wait=True)

    def shutdown(self) -> None:
        """End the pool: work waiting is dropped, work running is abandoned, every worker
        has ended when this returns. Later work goes to a new :class:`Pool`."""
        with self._lock:
            self.closed = True
            if self._executor is not None:
                self._end(self._executor)
                self._executor = None


def _end_process(process: multiprocessing.process.BaseProcess) -> None:
    if process.is_alive():
        process.terminate()
    process.join(END_WAIT_S)
    if process.is_alive():
        process.kill()
        process.join(END_WAIT_S)
    if process.is_alive():
        _settle_reaped(process)


def _settle_reaped(process: multiprocessing.process.BaseProcess) -> None:
    """A worker the executor's own thread reaped at the same moment (both waited for its
    exit; the second wait finds no child and leaves it marked alive): marked ended, so
    that nothing counts an ended worker as one still running (``active_children`` lets go
    of a process whose exit code is known)."""
    popen = getattr(process, "_popen", None)
    pid = process.pid
    if os.name != "posix" or popen is None or pid is None:
        return
    if getattr(popen, "returncode", 0) is not None:
        return
    try:
        reaped, status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:  # no longer a child of this process: it has ended
        popen.returncode = -int(signal.SIGKILL)
    else:
        if reaped == pid:
            popen.returncode = os.waitstatus_to_exitcode(status)


class Job(Generic[T]):
    """One piece of thinking sent to a :class:`Pool`, which the frame loop polls.

    :attr:`ready` never blocks. A pool broken by a dead worker is replaced and the
    work asked once more; if that fails too, :attr:`error` says so in plain words.
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
        self._send()

    def _send(self) -> None:
        self.tries += 1
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
            return False
        try:
            self._value = future.result(timeout=0)
        except BrokenProcessPool as exc:
            if self.tries < 2:
                self.pool.replace(self._generation)
                self._send()
                return self._done
            self.error = f"the thinking stopped twice ({exc or 'a worker ended'})"
        except CancelledError:
            self.error = "the thinking was cancelled"
        except Exception as exc:  # noqa: BLE001 - reported, never raised into a frame
            _log.error("thinking failed: %s: %s", type(exc).__name__, exc)
            self.error = f"the thinking failed ({type(exc).__name__}: {exc})"
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


def advise(obs: Observation, legal: list[Action], seed: int) -> tuple[Action, str]:
    """The Hint button's answer: the action and its one line of plain words."""
    found = hint(obs, legal, seed=seed)
    return found.action, found.reason


def weigh(decision: Decision, worlds: int, seed: int, hindsight: bool = False) -> Verdict:
    """One decision of a review weighed (:func:`~.review.assess`): the same verdict on any
    worker, for it is seeded by the game and the decision."""
    return assess(decision, worlds, seed, hindsight=hindsight)


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
    replaced and its decision asked once more. Called from a thread that may wait
    (the review's), never from a frame.
    """
    pool = pool or shared()
    sent: dict[Future[Verdict], tuple[int, int, int]] = {}  # -> index, tries, generation

    def send(i: int, tries: int) -> None:
        d = found[i] if hindsight else replace(found[i], truth=None)
        future, generation = pool.send(weigh, d, worlds, seed, hindsight)
        sent[future] = (i, tries, generation)

    for i in range(len(found)):
        send(i, 1)
    verdicts: list[Verdict | None] = [None] * len(found)
    given = 0
    done = 0
    try:
        while sent:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            finished, _ = wait(list(sent), timeout=0.1, return_when=FIRST_COMPLETED)
            for future in finished:
                i, tries, generation = sent.pop(future)
                try:
                    verdicts[i] = future.result()
                except BrokenProcessPool:
                    if tries >= 2:
                        raise
                    pool.replace(generation)
                    send(i, tries + 1)
                    continue
                done += 1
                if progress is not None:
                    progress(done, len(found))
            while each is not None and given < len(found) and verdicts[given] is not None:
                each(verdicts[given])  # type: ignore[arg-type]
                given += 1
    finally:
        for future in sent:
            future.cancel()
    return [v for v in verdicts if v is not None]


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
    "END_WAIT_S",
    "MODE_VARIABLE",
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
