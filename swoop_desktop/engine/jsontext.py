"""JSON text that the engine and the game read from outside: bounded, so never a crash.

:func:`parse_json` refuses numbers with too many digits (Python's int limit
would otherwise raise a bare ValueError after 4,300 digits), infinities and
NaN, bytes that are not UTF-8, and nesting deeper than any Swoop file or
position needs. It raises :class:`Refused` (a ValueError) with a reason in
plain words, or ``json.JSONDecodeError`` for text that is not JSON.

:func:`read_capped` is the one reader of a file named from outside (by the
game or a command line): it never blocks on a pipe and never reads more than a
cap. :func:`write_out` is how the command lines print: a standard output that
cannot be written ends with one line and status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import stat
import sys
from typing import Any, NoReturn

MAX_DIGITS = 40  # seeds and scores are far shorter; 4,300+ digits crash int()
MAX_DEPTH = 32


class Refused(ValueError):
    """A file or value that will not be read; the message says why in plain words."""


class HugeNumber:
    """Stands for a number too long to convert (with ``huge="mark"``), so that only the
    value holding it is refused: it is neither an int nor a float, so every type check of
    a reader turns it down, and its repr says what it was."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"


def _int(text: str) -> int:
    digits = len(text) - (text[0] == "-")
    if digits > MAX_DIGITS:
        raise Refused(f"it holds a number of {digits:,} digits (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 400:
        raise Refused(f"it holds a number written with {len(text):,} characters")
    value = float(text)
    if not math.isfinite(value):
        raise Refused("it holds a number too large to use")
    return value


def _int_marked(text: str) -> Any:
    digits = len(text) - (text[0] == "-")
    return HugeNumber(digits) if digits > MAX_DIGITS else int(text)


def _float_marked(text: str) -> Any:
    value = float(text) if len(text) <= 400 else math.inf
    return value if math.isfinite(value) else HugeNumber(len(text))


def _constant(name: str) -> Any:
    raise Refused(f"the number {name} is not allowed")


def depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, d = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, d)
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, d)
            stack.extend((v, d + 1) for v in item)
    return deepest


def parse_json(text: str | bytes, max_depth: int = MAX_DEPTH, huge: str = "refuse") -> Any:
    """JSON text -> value, refusing what no Swoop file holds (Refused says why).

    ``huge="mark"`` reads a number too long or too large as a :class:`HugeNumber`
    instead of refusing the whole text, so a reader can drop just that value.
    Invalid JSON raises ``json.JSONDecodeError`` (also a ValueError).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("it is not text (it holds random bytes)") from None
    try:
        marked = huge == "mark"
        value = json.loads(
            text,
            parse_int=_int_marked if marked else _int,
            parse_float=_float_marked if marked else _float,
            parse_constant=_constant,
        )
    except RecursionError:
        raise Refused("it is nested too deeply") from None
    if depth(value) > max_depth:
        raise Refused(f"it is nested more than {max_depth} levels deep")
    return value


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


def write_out(text: str) -> int:
    """Print ``text`` (and a newline) on standard output for a command line; 0 when it was
    written, 1 with one line on standard error when it could not be (a full disk, a closed
    pipe), never a traceback."""
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except (OSError, ValueError) as exc:
        return broken_stdout(exc)
    return 0


def broken_stdout(exc: BaseException) -> int:
    """Standard output could not be written: say so in one line; the exit status is 1."""
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    try:  # a later flush at exit must not fail again, with a traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    try:
        sys.stderr.write(f"error: the output could not be written ({reason.lower()})\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    return 1


class OneLineParser(argparse.ArgumentParser):
    """argparse for the command lines: a bad option is one line ``error: ...`` on stderr
    and status 2 (not the whole usage block)."""

    def error(self, message: str) -> NoReturn:
        line = " ".join(f"{self.prog.split()[-1]}: {message}".split())
        sys.stderr.write(f"error: {line[:300]}\n")
        raise SystemExit(2)
