"""What the worker tests share: pools ended after each test, and waits on processes."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

import pytest

from swoop_desktop.ai import workers


def wait_until(predicate, seconds: float = 30.0) -> bool:
    """Whether ``predicate()`` came to hold within ``seconds`` (asked every 5 ms)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


def alive(pid: int) -> bool:
    """The process ``pid`` is running (a zombie waiting to be reaped is not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][:1] not in ("Z", "X")
    except OSError:
        return os.name != "posix" or not Path("/proc").exists()


@pytest.fixture
def pools():
    """Make pools with ``pools(...)``; each is ended after the test, and every worker
    must have ended with it (a loaded machine may take a moment to reap a killed one)."""
    made: list[workers.Pool] = []

    def make(*args, **kwargs) -> workers.Pool:
        pool = workers.Pool(*args, **kwargs)
        made.append(pool)
        return pool

    yield make
    for pool in made:
        pool.shutdown()
    wait_until(lambda: not multiprocessing.active_children(), 5)
    left = multiprocessing.active_children()
    assert not left, f"every worker ended with its pool: {left}"
