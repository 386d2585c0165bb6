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


def _int(text: str) -> int:
    if len(text) - (text[0] == "-") > MAX_DIGITS:
        raise Refused(f"it holds a number of {len(text):,} digits (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 400:
        raise Refused(f"it holds a number written with {len(text):,} characters")
    value = float(text)
    if not math.isfinite(value):
        raise Refused("it holds a number too large to use")
    return value


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


def parse_json(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text -> value, refusing what no Swoop file holds (Refused says why).

    Invalid JSON raises ``json.JSONDecodeError`` (also a ValueError).
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("it is not text (it holds random bytes)") from None
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise Refused("it is nested too deeply") from None
    if depth(value) > max_depth:
        raise Refused(f"it is nested more than {max_depth} levels deep")
    return value


