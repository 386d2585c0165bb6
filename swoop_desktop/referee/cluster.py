"""Matches played on Dask distributed: on a ``LocalCluster`` of worker processes on this
machine, or on any scheduler given by its address, each match seed one pure job
(:func:`.matches.play_job`), retried where a worker fails, the results in job order.

Dask is the optional ``cluster`` extra: it is imported only when matches are spread, so
the game and a serial run never load it."""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import sys
from collections.abc import Callable, Iterator
from typing import Any

from swoop_desktop.names import printable

from .matches import MatchJob, MatchResult, play_job

#: A job is run again this often after an error on its worker; a job whose worker is lost
#: (killed, out of memory, its machine gone) is run again by the scheduler on another
#: worker (Dask's ``distributed.scheduler.allowed-failures``, 3 by default). Jobs are
#: pure, so a job run twice gives the same result.
RETRIES = 3
#: Seconds to wait for the scheduler named by ``--cluster`` to answer.
CONNECT_SECONDS = 10

CLUSTER_MISSING = (
    "--jobs above 1 and --cluster play the matches on Dask distributed, which is not "
    'installed here: pip install "swoop-desktop[cluster]" '
    '(in a checkout: pip install -e ".[cluster]"), or run with --jobs 1'
)


class ClusterError(RuntimeError):
    """Dask is not installed, its scheduler does not answer, or a match failed on every try
    (said in one line of plain words)."""


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
    """
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise ClusterError(CLUSTER_MISSING) from exc
    with contextlib.ExitStack() as stack:
        if address is None:
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
                reason = printable((str(exc) or type(exc).__name__)[:160])
                raise ClusterError(
                    f"--cluster: no Dask scheduler answered at {printable(address[:80])} ({reason})"
                ) from exc
            if not client.scheduler_info().get("workers"):
                print(
                    "--cluster: the scheduler has no workers yet; the matches wait for them "
                    "(start one with: dask worker " + printable(address[:80]) + ")",
                    file=sys.stderr,
                )
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
        for future in as_completed(list(unique.values())):  # type: ignore[no-untyped-call]
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
            done(count)
            while next_up in finished:
                yield finished.pop(next_up)
                next_up += 1
