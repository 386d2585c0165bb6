"""Reading a file the player may have changed, without trusting it.

:func:`read_capped` opens without blocking (a pipe or a device in place of a
file would otherwise hang the game or fill memory), refuses anything that is
not an ordinary file, and never reads more than a size cap.
:func:`parse_json` refuses numbers with too many digits (Python's int limit
would otherwise raise a bare ValueError), infinities, and nesting deeper than
any Swoop file needs. Both raise :class:`Refused` (a ValueError) with a reason
in plain words. Standard library only, so every layer may use it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from swoop_desktop.engine.jsontext import MAX_DEPTH, MAX_DIGITS, Refused, depth, parse_json

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "Refused",
    "depth",
    "exists",
    "is_regular",
    "parse_json",
    "read_capped",
]


def read_capped(path: str | os.PathLike[str], cap: int) -> bytes:
    """The bytes of an ordinary file of at most ``cap`` bytes.

    Raises :class:`Refused` for a folder, a pipe, a device or a file too large,
    and OSError when the file cannot be opened (missing, no permission).
    """
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_BINARY", 0)
        | getattr(os, "O_NOCTTY", 0)
    )
    if os.path.isdir(path):  # (Windows refuses to open a folder with "permission denied")
        raise Refused("it is a folder, not a file")
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise Refused("it is a folder, not a file") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise Refused("it is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise Refused("it is not an ordinary file (a pipe, a device or a socket)")
        if info.st_size > cap:
            raise Refused(f"it is too large ({info.st_size:,} bytes; at most {cap:,} expected)")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > cap:
                raise Refused(f"it is too large (more than {cap:,} bytes)")
    finally:
        os.close(fd)
    return b"".join(chunks)


def is_regular(path: Path) -> bool:
    """True when ``path`` is (or links to) an ordinary file; False for anything else."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def exists(path: Path) -> bool:
    """True when something (a file, folder, pipe, broken link...) is at ``path``.

    Raises OSError when the folder cannot be searched (so callers do not take
    "cannot look" for "nothing there").
    """
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except ValueError:  # a NUL in the name
        return False
    return True
