"""Locks every Swoop process on a data folder shares, and the one read-change-write of a file.

Two windows on the same folder (or a window and its own worker threads) may
change the same file at once: each reads it, changes what it read and writes
it back, and without a lock the second write throws away the first one's
change. :func:`change_document` does the read, the change and the write while
holding ``<file>.lock`` (a ``filelock`` lock, which the system lets go of when
a process dies), so the changes queue and none is lost. The daily deals, the
puzzles, the stored reviews and the rating are all changed through it; the
history keeps its own merge of waiting games under :func:`held_lock` too.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from filelock import FileLock, Timeout

from swoop_desktop.names import printable
from swoop_desktop.safeio import exists, is_regular

from .jsonfile import DocKind, KeptFile, load_document, move_aside, write_document
from .notices import plain_reason, short_path
from .paths import Dirs

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


_THREADS: dict[Path, threading.Lock] = {}
_THREADS_LOCK = threading.Lock()


def _thread_lock(path: Path) -> threading.Lock:
    """One lock per file inside this process (the file lock queues the processes)."""
    with _THREADS_LOCK:
        return _THREADS.setdefault(path, threading.Lock())


#: ``change(value, messages)``: the new body to write (None: nothing to write). ``value`` is
#: what the file holds (None when there is none); ``messages`` takes words for the player.
Change = Callable[[T | None, list[str]], Mapping[str, Any] | None]


def change_document(
    dirs: Dirs,
    path: Path,
    kind: DocKind[T],
    change: Change[T],
    *,
    kept: str,
    failed: Callable[[str], str],
    wait: float = CHANGE_WAIT,
    honour_kept: bool = True,
) -> tuple[bool, list[str]]:
    """Read ``path``, change what it holds and write it, all under its lock. Never raises.

    Returns whether ``change`` ran (with the file as it is now) and messages for
    the player: what reading found (damage), ``kept`` when the file could not be
    read and so is not written over, ``failed(why)`` when the lock or the write
    failed (an empty message is left out). With ``honour_kept`` a file the player was told is kept as it is
    (``dirs.state.kept``) is never written.
    """
    if not dirs.usable:
        return False, []
    known = dirs.state.kept if honour_kept else None
    messages: list[str] = []
    ran = False
    try:
        with (
            _thread_lock(path),
            held_lock(
                path.with_name(path.name + ".lock"), f"the {kind.label} lock file", wait, dirs.data
            ) as told,
        ):
            messages += told
            loaded = load_document(path, kind, known)
            messages += loaded.messages
            if loaded.blocked:
                return False, [printable(m) for m in messages + [kept] if m]
            body = change(loaded.value, messages)
            ran = True
            if body is not None:
                messages += write_document(path, kind, body, known)
    except KeptFile:
        messages.append(kept)
    except Timeout:
        messages.append(failed("another Swoop window kept the file busy"))
    except LockError as exc:
        messages.append(failed(str(exc)))
    except OSError as exc:
        messages.append(failed(plain_reason(exc, dirs.data)))
    return ran, [printable(m) for m in messages if m]
