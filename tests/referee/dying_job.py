"""Match jobs that fail on their worker the first time any of them runs, for the tests of
the tournament on Dask (``test_tournament.py``): one kills its worker process, as a lost
machine would, the other raises.

They live in a module of their own that imports only the matches: a Dask worker that
is sent one imports its module to unpickle it, and a test module would bring its own
imports into every worker.
"""

from __future__ import annotations

import os

from swoop_desktop.referee import matches


def _first(marker: str) -> bool:
    """True for the one job that makes the marker file (every worker sees it)."""
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


def kill_the_worker_once(marker: str, job: matches.MatchJob) -> matches.MatchResult:
    if _first(marker):
        os._exit(1)  # the worker process is gone mid-job, nothing said
    return matches.play_job(job)


def raise_once(marker: str, job: matches.MatchJob) -> matches.MatchResult:
    if _first(marker):
        raise OSError("the worker's disk went away for a moment")
    return matches.play_job(job)
