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

from swoop_desktop.engine.jsontext import (
    MAX_DEPTH,
    MAX_DIGITS,
    Refused,
    broken_stdout,
    depth,
    parse_json,
    read_capped,
    write_out,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "Refused",
    "broken_stdout",
    "depth",
    "exists",
    "is_regular",
    "parse_json",
    "read_capped",
    "write_out",
]


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
