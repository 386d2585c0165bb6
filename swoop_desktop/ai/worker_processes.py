"""The thinking workers as processes: how each starts, watches the game and is ended.

:class:`~.workers.Pool` runs its work in a ``ProcessPoolExecutor`` started with
:class:`Spawn`, the *spawn* start method keeping every process it starts (the executor
ends only idle ones) and the named semaphores made for the pool. What the pool asks of
the processes themselves is here:

- whether a spawned worker can import the game's main module again at all
  (:func:`main_reimportable`);
- a worker, as it starts, says so (:func:`started_flag`) and watches the game's process,
  ending within a second or so when the game is gone for any reason (kill -9 or a crash
  included, when nothing could end it): :func:`live_with_game`. Multiprocessing's
  resource tracker then ends too, its last user gone;
- :func:`end_workers` cancels what waits, ends the workers (asked to, or killed at once
  when their work is stuck) and waits for each, so no process outlives its pool;
- killed with multiprocessing's resource tracker (every process of the game's name, as
  ``pkill -f multiprocessing`` finds them), the workers are replaced and the tracker is
  started again by multiprocessing; each pool's semaphores are told to the tracker
  running when the pool ends (:func:`_tracked_again`), so the new tracker lets them go
  without the ``KeyError`` tracebacks it would print for names it never held.

It uses the standard library alone.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.context
import multiprocessing.synchronize
import os
import signal
import sys
import threading
import time
import warnings
import weakref
from concurrent.futures import Executor
from typing import Any

_log = logging.getLogger("swoop_desktop.ai")

#: Seconds a worker is given to end when asked, and again when killed (:func:`end_workers`).
END_WAIT_S = 2.0
#: How often (seconds) a worker looks whether the game's process is still there. Every
#: half second cost the demo's frames about 0.5 ms at the median beside the workers
#: (benchmarks/side_by_side.py); every 2 s is level with no watch, and a worker still
#: ends within seconds of the game.
WATCH_S = 2.0

# The tracker started again after it was killed says so as it starts; what it says might
# leak (the pools' semaphores) is told to it again (_tracked_again) and let go.
warnings.filterwarnings(
    "ignore",
    message="resource_tracker: process died unexpectedly",
    category=UserWarning,
    module="multiprocessing.resource_tracker",
)


def main_reimportable() -> bool:
    """Whether a spawned worker can import this program's main module again, as the spawn
    start method does before it takes any work: not when it was read from standard input
    (``python - < script``: its ``__file__`` is ``<stdin>``) or its file is gone."""
    main = sys.modules.get("__main__")
    if main is None or getattr(sys, "frozen", False):
        return True
    if getattr(getattr(main, "__spec__", None), "name", None):
        return True  # run with -m: imported again by name
    path = getattr(main, "__file__", None)
    if path is None:
        return True  # an interactive session or -c: nothing is imported again
    origin = getattr(multiprocessing.process, "ORIGINAL_DIR", None)
    if not os.path.isabs(path) and origin is not None:
        path = os.path.join(origin, path)
    return os.path.isfile(path)


class Spawn(multiprocessing.context.SpawnContext):
    """The spawn start method, keeping each process it starts so that they can all be
    ended on shutdown (the executor only ends idle ones)."""

    def __init__(self) -> None:
        super().__init__()
        self.started: list[multiprocessing.process.BaseProcess] = []
        #: The named semaphores made for the pool (its queues' locks), while they last.
        self.semaphores: weakref.WeakSet[multiprocessing.synchronize.SemLock] = weakref.WeakSet()

    def Process(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]  # noqa: N802 - the context's own name
        process = multiprocessing.context.SpawnProcess(*args, **kwargs)
        self.started.append(process)
        return process

    def Lock(self) -> Any:  # noqa: N802 - the context's own name
        return self._kept(super().Lock())

    def RLock(self) -> Any:  # noqa: N802 - the context's own name
        return self._kept(super().RLock())

    def Semaphore(self, value: int = 1) -> Any:  # noqa: N802 - the context's own name
        return self._kept(super().Semaphore(value))

    def BoundedSemaphore(self, value: int = 1) -> Any:  # noqa: N802 - the context's own name
        return self._kept(super().BoundedSemaphore(value))

    def _kept(self, lock: Any) -> Any:
        self.semaphores.add(lock)
        return lock


def started_flag(spawn: multiprocessing.context.SpawnContext) -> Any:
    """A byte shared with the workers, which the first to start sets (None where shared
    memory cannot be made: the workers are then only replaced when they die)."""
    try:
        return spawn.RawValue("b", 0)
    except (OSError, ValueError) as exc:
        _log.info("no shared memory for the workers' start (%s)", exc)
        return None


def live_with_game(game: int, started: Any) -> None:
    """In a worker as it starts (the pool's initializer): say that a worker could start
    (``started``, a shared byte: no lock that a worker killed at the wrong moment could
    keep), and end this worker when the game's process ``game`` is gone, whatever ended
    it (a kill -9 leaves nobody to end the workers; they would wait for work for ever)."""
    if started is not None:
        started.value = 1
    parent = multiprocessing.parent_process()

    def watch() -> None:
        while True:
            time.sleep(WATCH_S)
            # Adopted by another process (POSIX), or the game's handle says it has ended.
            if os.getppid() != game or (parent is not None and not parent.is_alive()):
                # Ended at once, whatever the worker is doing (Windows: terminated).
                os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))

    threading.Thread(target=watch, name="watch-the-game", daemon=True).start()


def end_workers(executor: Executor, spawn: Spawn | None, at_once: bool = False) -> None:
    """Cancel what waits in ``executor``, end the workers ``spawn`` started (``at_once``:
    killed, even a stopped one, and the work they held fails as a broken pool's), and
    wait for them."""
    if spawn is not None:
        _tracked_again(spawn)
    if at_once and spawn is not None:
        for process in list(spawn.started):
            if process.pid is not None:
                try:
                    process.kill()
                except OSError:
                    pass
    else:
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
    # The executor's own thread sees its workers gone and ends; wait for it too.
    executor.shutdown(wait=True)


def _tracked_again(spawn: Spawn) -> None:
    """Tell multiprocessing's resource tracker running now of the pool's semaphores, just
    before the pool ends and they are let go. The tracker they were told to at first may
    have been killed (with the workers) and another started since: it would print a
    ``KeyError`` traceback for each name it is asked to let go of that it never held.
    Told to the same tracker again, nothing changes."""
    from multiprocessing import resource_tracker

    for lock in list(spawn.semaphores):  # held here while they are told
        name = getattr(getattr(lock, "_semlock", None), "name", None)
        if not name:
            continue
        try:
            resource_tracker.register(name, "semaphore")
        except (OSError, ValueError) as exc:  # no tracker can be started: nothing to tell
            _log.info("multiprocessing's resource tracker could not be told (%s)", exc)
            return


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
