"""Matches played on Dask distributed: on a ``LocalCluster`` of worker processes on this
machine, or on any scheduler given by its address, each match seed one pure job
(:func:`.matches.play_job`), retried where a worker fails, the results in job order.

Dask is the optional ``cluster`` extra: it is imported only when matches are spread, so
the game and a serial run never load it.

What a run on Dask promises (``docs/development.md``): an address that does not answer
as a Dask scheduler within :data:`CONNECT_SECONDS`, handshake included, stops the run in
one line; a scheduler left with no worker mid-run is said in one line and the run goes on
when a worker comes back, or stops after :data:`WORKERLESS_SECONDS`; Ctrl-C stops it in
one line (:class:`Interrupted`), the local workers closed."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import logging
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

from swoop_desktop.names import printable

from .matches import MatchJob, MatchResult, play_job

#: A job is run again this often after an error on its worker; a job whose worker is lost
#: (killed, out of memory, its machine gone) is run again by the scheduler on another
#: worker (Dask's ``distributed.scheduler.allowed-failures``, 3 by default). Jobs are
#: pure, so a job run twice gives the same result.
RETRIES = 3
#: Seconds the scheduler named by ``--cluster`` has to answer: the connection and Dask's
#: handshake together, so a port that accepts and then says nothing (or not Dask's
#: words: a web server) stops the run as surely as a port where nothing listens.
CONNECT_SECONDS = 10
#: Seconds a run waits for a worker to come back once the scheduler has lost its last one
#: mid-run (a machine restarting, a worker started again by hand), then stops.
WORKERLESS_SECONDS = 180
#: Seconds between two questions to the scheduler about its workers while no job finishes.
POLL_SECONDS = 1.0

CLUSTER_MISSING = (
    "--jobs above 1 and --cluster play the matches on Dask distributed, which is not "
    'installed here: pip install "swoop-desktop[cluster]" '
    '(in a checkout: pip install -e ".[cluster]"), or run with --jobs 1'
)


class ClusterError(RuntimeError):
    """Dask is not installed, its scheduler does not answer, or a match failed on every try
    (said in one line of plain words)."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a run on Dask: ``played`` of ``total`` matches had finished; the
    client and any local workers are closed by the time it is raised."""

    def __init__(self, played: int, total: int) -> None:
        super().__init__(f"stopped: {played} of {total} matches played")
        self.played = played
        self.total = total


def cluster_installed() -> bool:
    """Whether Dask distributed (the ``cluster`` extra) is installed; it is not imported
    until matches are spread, so the game and a serial run never load it."""
    return importlib.util.find_spec("distributed") is not None


def on_dask(
    job_list: list[MatchJob],
    workers: int,
    address: str | None,
    done: Callable[[int], None],
) -> Iterator[MatchResult]:
    """The jobs' results in job order, the jobs played on Dask: on a ``LocalCluster`` of
    ``workers`` processes on this machine (127.0.0.1 only, no dashboard), or on the
    scheduler at ``address`` and whatever workers it has. ``done(k)`` is told each time
    another job has finished (``k`` in all, in any order); the results come back in order.
    Ctrl-C raises :class:`Interrupted` once the client and local workers are closed.
    """
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise ClusterError(CLUSTER_MISSING) from exc
    if address is not None:
        _answers_as_a_scheduler(address)  # bounded, handshake included
    seats = len(job_list[0].bots) if job_list else 0
    with contextlib.ExitStack() as stack:
        ctrl_c = stack.enter_context(_CtrlC())  # left last: the closing below is covered
        dask_log = logging.getLogger("distributed")
        stack.callback(dask_log.setLevel, dask_log.level)
        if address is None:
            with _ctrl_c_kept_from_the_workers():
                # (distributed's constructors and as_completed carry no annotations)
                cluster = LocalCluster(  # type: ignore[no-untyped-call]
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=None,
                    # (its health and metrics pages on a free port, not 8787: two runs at once)
                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                    silence_logs=logging.ERROR,
                )
            stack.enter_context(cluster)
            client = stack.enter_context(Client(cluster))  # type: ignore[no-untyped-call]
        else:
            try:
                client = stack.enter_context(
                    Client(address, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
                )
            except (OSError, TimeoutError, ValueError, TypeError) as exc:
                raise ClusterError(_unanswered(address, exc)) from exc
        present = _worker_count(client)
        if address is not None and not present:
            print(
                "--cluster: the scheduler has no workers yet; the matches wait for them "
                "(start one with: dask worker " + printable(address[:80]) + ")",
                file=sys.stderr,
            )
        watch = _Workers(client, address, seats, len(job_list) * seats, bool(present))
        try:
            if ctrl_c.pressed:
                raise Interrupted(0, len(job_list) * seats)
            yield from _results(client, job_list, done, watch, ctrl_c)
        except Interrupted:
            # Closed on purpose, mid-job: what Dask logs about it is not news.
            dask_log.setLevel(logging.CRITICAL)
            raise


def _results(
    client: Any,
    job_list: list[MatchJob],
    done: Callable[[int], None],
    watch: _Workers,
    ctrl_c: _CtrlC,
) -> Iterator[MatchResult]:
    """The jobs submitted to ``client`` and their results in job order, the scheduler's
    workers watched (``watch``) and Ctrl-C heard while none has finished."""
    from distributed import as_completed

    # pure: a job's key is a hash of what it is, so a job run twice is the same job.
    futures = [client.submit(play_job, job, pure=True, retries=RETRIES) for job in job_list]
    places: dict[Any, list[int]] = {}  # a job's key -> its places in the list
    unique: dict[Any, Any] = {}
    for i, future in enumerate(futures):
        places.setdefault(future.key, []).append(i)
        unique[future.key] = future
    del futures
    finished: dict[int, MatchResult] = {}
    next_up = 0
    count = 0
    pending: Any = as_completed(list(unique.values()))  # type: ignore[no-untyped-call]
    while not pending.is_empty():
        if ctrl_c.pressed:
            raise Interrupted(count * watch.seats, watch.total)
        if not pending.has_ready():
            watch.check(count * watch.seats)
            time.sleep(0.1)
            continue
        future = next(pending)
        try:
            result: MatchResult = future.result()
        except Exception as exc:  # noqa: BLE001 - said in one line, the run stops
            client.cancel(list(unique.values()))
            reason = printable(f"{type(exc).__name__}: {exc}"[:200])
            raise ClusterError(
                f"a match failed on every try on Dask ({reason}); every worker needs "
                'this Swoop installed (pip install -e ".[cluster]" in the same checkout)'
            ) from exc
        for i in places.pop(future.key):
            finished[i] = result
            count += 1
        del unique[future.key]
        future.release()
        watch.working()
        done(count)
        while next_up in finished:
            yield finished.pop(next_up)
            next_up += 1


def _answers_as_a_scheduler(address: str) -> None:
    """Nothing, once the scheduler at ``address`` has answered Dask's handshake and said
    who it is, all within :data:`CONNECT_SECONDS`; else :class:`ClusterError` in one line.
    (A ``Client`` bounds the connection only: a port that accepts and says nothing, or
    says what a web server says, kept it waiting for ever.)"""

    async def identity() -> Any:
        from distributed.comm import connect

        comm = await connect(address, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    async def bounded() -> Any:
        return await asyncio.wait_for(identity(), CONNECT_SECONDS)

    try:
        answer = asyncio.run(bounded())
    except TimeoutError as exc:
        raise ClusterError(
            f"--cluster: no Dask scheduler answered at {printable(address[:80])} within "
            f"{CONNECT_SECONDS} s (nothing there, or a server that is not a Dask scheduler: "
            "give the scheduler's own address, such as tcp://host:8786)"
        ) from exc
    except OSError as exc:  # refused, closed, unreachable: the connection failed
        raise ClusterError(_unanswered(address, exc)) from exc
    except Exception as exc:  # noqa: BLE001 - whatever the other end said, one line
        raise ClusterError(
            f"--cluster: the server at {printable(address[:80])} does not speak Dask's "
            "protocol, so it is not a Dask scheduler: give the scheduler's own address, "
            "such as tcp://host:8786"
        ) from exc
    kind = answer.get("type") if isinstance(answer, dict) else None
    if kind != "Scheduler":
        what = f"a Dask {printable(kind[:40])}" if isinstance(kind, str) else "not Dask"
        raise ClusterError(
            f"--cluster: what answered at {printable(address[:80])} is {what}, not a Dask "
            "scheduler: give the scheduler's own address, such as tcp://host:8786"
        )


def _unanswered(address: str, exc: BaseException) -> str:
    """The one line for a scheduler that did not answer (``exc``: what went wrong)."""
    reason = printable((str(exc) or type(exc).__name__)[:160])
    return f"--cluster: no Dask scheduler answered at {printable(address[:80])} ({reason})"


def _worker_count(client: Any) -> int | None:
    """How many workers the client's scheduler has (None: it could not be asked)."""
    try:
        info = client.scheduler_info(n_workers=1)
    except Exception:  # noqa: BLE001 - asked again at the next poll
        return None
    count = info.get("n_workers")
    return count if isinstance(count, int) else len(info.get("workers") or {})


class _Workers:
    """The scheduler's workers, watched while no job finishes: the loss of the last one is
    said (once), its return too, and a run left without any for :data:`WORKERLESS_SECONDS`
    stops with :class:`ClusterError`."""

    def __init__(
        self, client: Any, address: str | None, seats: int, total: int, seen: bool
    ) -> None:
        self.client = client
        self.address = address
        self.seats = seats  # matches a job plays
        self.total = total  # matches in the run
        self.asked = time.monotonic()
        self.seen = seen  # a run that starts with no worker waits for one, unbounded
        self.gone_since: float | None = None

    def check(self, played: int) -> None:
        """Ask the scheduler (at most every :data:`POLL_SECONDS`) how many workers it has."""
        now = time.monotonic()
        if now - self.asked < POLL_SECONDS:
            return
        self.asked = now
        count = _worker_count(self.client)
        if count:
            self.working()
        elif count == 0 and self.seen:
            if self.gone_since is None:
                self.gone_since = now
                start = (
                    f" (start one with: dask worker {printable(self.address[:80])})"
                    if self.address
                    else ""
                )
                print(
                    f"Dask: the scheduler has lost its last worker; waiting up to "
                    f"{WORKERLESS_SECONDS} s for one to come back{start}",
                    file=sys.stderr,
                )
            elif now - self.gone_since >= WORKERLESS_SECONDS:
                raise ClusterError(
                    f"no Dask worker came back within {WORKERLESS_SECONDS} s: stopped with "
                    f"{played} of {self.total} matches played"
                )

    def working(self) -> None:
        """A worker is there (the scheduler says so, or a job has just finished)."""
        if self.gone_since is not None:
            print("Dask: a worker is back; the matches go on", file=sys.stderr)
        self.seen, self.gone_since = True, None


class _CtrlC(contextlib.AbstractContextManager["_CtrlC"]):
    """Ctrl-C heard, not raised, while a run on Dask is set up, played and closed: a
    KeyboardInterrupt in the middle of Dask's start or close left a wall of tracebacks
    (``AssertionError: Status.init`` among them). The run looks at :attr:`pressed` and
    stops in order. Outside the main thread (no signal handlers there) it does nothing."""

    def __init__(self) -> None:
        self.pressed = False
        self._before: Any = None

    def _heard(self, signum: int, frame: FrameType | None) -> None:
        self.pressed = True

    def __enter__(self) -> _CtrlC:
        if threading.current_thread() is threading.main_thread():
            self._before = signal.signal(signal.SIGINT, self._heard)
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)
            self._before = None


@contextlib.contextmanager
def _ctrl_c_kept_from_the_workers() -> Iterator[None]:
    """SIGINT blocked in this thread meanwhile, so in the threads Dask starts meanwhile
    (its event loop's, which starts the worker processes) and in those processes for
    good: Ctrl-C at a terminal reaches every process of the group, and each worker printed
    its own traceback. A Ctrl-C meanwhile waits and is heard here once it is unblocked."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "pthread_sigmask"
    ):
        yield
        return
    # (multiprocessing's resource tracker, started on first need, unblocks SIGINT in the
    # thread that starts it: started here first, it has no need to later.)
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
