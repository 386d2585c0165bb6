"""JSON text that the engine and the game read from outside: bounded, so never a crash.

:func:`parse_json` refuses numbers with too many digits (Python's int limit
would otherwise raise a bare ValueError after 4,300 digits), infinities and
NaN, bytes that are not UTF-8, and nesting deeper than any Swoop file or
position needs. It raises :class:`Refused` (a ValueError) with a reason in
plain words, or ``json.JSONDecodeError`` for text that is not JSON.
"""

from __future__ import annotations

import json
import math
from typing import Any

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
