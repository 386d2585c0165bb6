"""A lock file every Swoop process on a data folder shares (``filelock``, which the system
lets go of when a process dies), with what is in the way at its name moved aside.

The progress database queues its changes itself (SQLite's own lock); this one is held
while a process checks and makes the database (storage.db), so that one window never
takes another's half-made database for a damaged one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from filelock import FileLock, Timeout

from swoop_desktop.safeio import exists, is_regular

from .jsonfile import move_aside
from .notices import plain_reason, short_path

T = TypeVar("T")

#: Seconds a change waits for another window to finish changing the same file.
CHANGE_WAIT = 5.0


class LockError(OSError):
    """A lock file cannot be used; the message names it and says why."""


@contextmanager
def held_lock(
    path: Path,
    name: str,
    wait: float,
    folder: Path,
    lock_class: Callable[..., Any] = FileLock,
) -> Iterator[list[str]]:
    """Hold the lock file ``path`` (``name`` says whose, in messages: "the history's lock
    file"), waiting at most ``wait`` seconds (Timeout after that); yields messages.

    A folder, link or device at the lock's name is moved aside like any data
    file in the way, and so is a lock file this process may not open (one left
    by Swoop run as another user). LockError when even that is not possible.
    """
    messages: list[str] = []

    def aside(why: str) -> None:
        try:
            moved = move_aside(path, "in-the-way")
        except OSError as exc:
            raise LockError(
                f"{name} {short_path(path)} {why} and could not be moved "
                f"aside ({plain_reason(exc, folder)})"
            ) from None
        messages.append(
            f"{name[:1].upper()}{name[1:]} ({path.name}) {why}; it was moved to "
            f"{short_path(moved)}."
        )

    if os.path.islink(path) or (exists(path) and not is_regular(path)):
        aside("was not an ordinary file")
    lock = lock_class(str(path), timeout=wait)
    try:
        lock.acquire()
    except PermissionError:  # e.g. made by ``sudo swoop``: another user's file
        aside("could not be opened (Permission denied; it may belong to another user)")
        try:
            lock.acquire()
        except Timeout:
            raise
        except OSError as exc:
            raise LockError(
                f"{name} {short_path(path)} could not be opened ({plain_reason(exc, reading=True)})"
            ) from None
    try:
        yield messages
    finally:
        lock.release()
