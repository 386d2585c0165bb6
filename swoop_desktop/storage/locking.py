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

from swoop_desktop.i18n import _
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

    def aside(refused: bool) -> None:
        """Move what is at the lock's name aside (``refused``: a lock file this process
        may not open; else something that is not an ordinary file)."""
        lock_name = name[:1].upper() + name[1:]
        try:
            moved = move_aside(path, "in-the-way")
        except OSError as exc:
            if refused:
                # Translators: {lock} is "the progress file's lock"; {path} the lock file;
                # {reason} why it could not be moved, e.g. "the disk is full".
                told = _(
                    "{lock} {path} could not be opened (Permission denied; it may belong to "
                    "another user) and could not be moved aside ({reason})"
                )
            else:
                # Translators: {lock} is "the progress file's lock"; {path} the lock file;
                # {reason} why it could not be moved, e.g. "the disk is full".
                told = _(
                    "{lock} {path} was not an ordinary file and could not be moved aside ({reason})"
                )
            raise LockError(
                told.format(lock=name, path=short_path(path), reason=plain_reason(exc, folder))
            ) from None
        if refused:
            # Translators: {lock} is "The progress file's lock"; {name} the lock file's
            # name; {path} where it was moved.
            told = _(
                "{lock} ({name}) could not be opened (Permission denied; it may belong to "
                "another user); it was moved to {path}."
            )
        else:
            # Translators: {lock} is "The progress file's lock"; {name} the lock file's
            # name; {path} where the thing in its way was moved.
            told = _("{lock} ({name}) was not an ordinary file; it was moved to {path}.")
        messages.append(told.format(lock=lock_name, name=path.name, path=short_path(moved)))

    if os.path.islink(path) or (exists(path) and not is_regular(path)):
        aside(False)
    lock = lock_class(str(path), timeout=wait)
    try:
        lock.acquire()
    except PermissionError:  # e.g. made by ``sudo swoop``: another user's file
        aside(True)
        try:
            lock.acquire()
        except Timeout:
            raise
        except OSError as exc:
            # Translators: {lock} is "the progress file's lock"; {path} the lock file;
            # {reason} why, e.g. "Permission denied".
            told = _("{lock} {path} could not be opened ({reason})")
            raise LockError(
                told.format(
                    lock=name, path=short_path(path), reason=plain_reason(exc, reading=True)
                )
            ) from None
    try:
        yield messages
    finally:
        lock.release()
