"""A compact text form of engine actions, for saved games and the game history.

One action is one short token, a deal is its tokens joined by spaces::

    p77u2i12.57   Play two 7s from hand (card ids 12 and 57) and face-up slot 2
    pT            Play a 10 from hand (a Swoop card)
    pu1           Play the face-up card in slot 1
    a9            Add a 9 (follow-up)
    f3            Flip face-down slot 3
    e             End (decline a follow-up, stop a chain)

The ids part is present only when the action named which hand cards move, so
a restored deal has the same physical cards where they were.
"""

from __future__ import annotations

import functools
import re

from swoop_desktop.engine import END, RANK_SYMBOLS, Action, Add, End, Flip, Play
from swoop_desktop.i18n import _

from .jsonfile import DocumentError

_SYMBOL_RANK = {s: r for r, s in RANK_SYMBOLS.items()}
_TOKEN = re.compile(
    r"(?P<verb>[pa])(?P<hand>[A2-9TJQKX]*)(?:u(?P<up>[0-3]+))?"
    r"(?:i(?P<ids>\d+(?:\.\d+)*))?|f(?P<slot>[0-3])|e"
)


# Possessive (``++``, ``?+``): no part of a token can be taken by the next, so nothing is
# ever tried again, and every game read is checked at about twice the speed.
_TOKEN_TEXT = r"(?:[pa](?:[A2-9TJQKX]++(?:u[0-3]++)?+|u[0-3]++)(?:i\d++(?:\.\d++)*+)?+|f[0-3]|e)"
_DEAL = re.compile(rf"(?:{_TOKEN_TEXT}(?: {_TOKEN_TEXT})*+)?+")


def check_deal_text(text: str) -> None:
    """Fast check that ``text`` is well-formed tokens (no objects made); DocumentError if not."""
    if _DEAL.fullmatch(text) is None:
        bad = next((t for t in text.split(" ") if _TOKEN.fullmatch(t) is None), text)
        # Translators: {value} is a recorded play as written in the file.
        told = _("{value} is not an action")
        raise DocumentError(told.format(value=f"{bad!r:.40}"))


def encode_action(action: Action) -> str:
    if isinstance(action, Flip):
        return f"f{action.slot}"
    if isinstance(action, End):
        return "e"
    verb = "p" if isinstance(action, Play) else "a"
    text = verb + "".join(RANK_SYMBOLS[r] for r in action.hand)
    if action.up:
        text += "u" + "".join(str(s) for s in action.up)
    if action.hand_ids:
        text += "i" + ".".join(str(c) for c in action.hand_ids)
    return text


@functools.lru_cache(maxsize=4096)
def decode_action(token: str) -> Action:
    """The action a token names (actions are values, never changed, so one is shared by
    every deal that names it: a history of many games reads far fewer tokens than it
    holds); DocumentError, in plain words, for a token that names none."""
    m = _TOKEN.fullmatch(token)
    if m is None:
        # Translators: {value} is a recorded play as written in the file.
        told = _("{value} is not an action")
        raise DocumentError(told.format(value=repr(token)))
    if token == "e":
        return END
    if m.group("slot") is not None:
        return Flip(int(m.group("slot")))
    hand = tuple(sorted(_SYMBOL_RANK[s] for s in m.group("hand")))
    up_text = m.group("up") or ""
    up = tuple(sorted(int(s) for s in up_text))
    if len(set(up)) != len(up):
        # Translators: {value} is a recorded play as written in the file.
        told = _("{value} names a face-up slot twice")
        raise DocumentError(told.format(value=repr(token)))
    ids = tuple(int(c) for c in m.group("ids").split(".")) if m.group("ids") else None
    if not hand and not up:
        # Translators: {value} is a recorded play as written in the file.
        told = _("{value} plays no cards")
        raise DocumentError(told.format(value=repr(token)))
    cls = Play if m.group("verb") == "p" else Add
    return cls(hand, up, ids)


def encode_deal(actions: list[Action]) -> str:
    return " ".join(encode_action(a) for a in actions)


def decode_deal(text: str) -> list[Action]:
    return [decode_action(t) for t in text.split()]


def encode_hands(hands: list[list[Action]]) -> list[str]:
    return [encode_deal(h) for h in hands]


def decode_hands(value: object, name: str = "actions") -> list[list[Action]]:
    if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
        # Translators: {name} is where the value is in the file.
        told = _("{name} should be a list of texts, one per deal")
        raise DocumentError(told.format(name=name))
    out = []
    for i, text in enumerate(value):
        try:
            out.append(decode_deal(text))
        except DocumentError as exc:
            raise DocumentError(f"{name}[{i}]: {exc}") from None
    return out
