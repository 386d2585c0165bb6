"""The networked table's wire protocol: versioned JSON messages, one a websocket text frame.

Every message is a JSON object with a ``"type"``. What a client may send (:func:`parse_client`
checks each one once, where it enters the host, and raises :class:`Refusal` in plain words):

- ``{"type": "hello", "version": 1, "name": "Ann"}``, optionally with ``"token"``: the seat
  token a host gave before, to take that seat back after a drop;
- ``{"type": "play", "turn": 17, "action": {"play": {"hand": "7 7", "up": []}}}``: an action
  in the engine's JSON (``swoop_desktop.engine.actions``) for the turn numbered in the host's
  ``your_turn``;
- ``{"type": "bye"}``: leaving the table.

What the host sends (built here by the ``*_message`` functions; a client reads each with
:func:`parse_host`): ``seated``, ``table``, ``observation`` (exactly what
``swoop_desktop.engine.observation.observe`` gives that seat, see :func:`observation_json`),
``your_turn``, ``refused``, ``hand_over``, ``game_over`` and ``bye``. docs/network.md lists
every field.

No message from outside is trusted: a text over :data:`MAX_MESSAGE` bytes, nested deeper
than :data:`MAX_DEPTH`, of an unknown type, with an unknown or missing field, a value of
the wrong type or range, a name the game's own name filter (``swoop_desktop.names``) turns
down, or an action the engine's parser cannot read is refused here; whether an action is
legal is the host's referee's to say (``GameState.check``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields
from typing import Any

from swoop_desktop.engine import Action, Rules, action_from_json
from swoop_desktop.engine.errors import EngineError, short
from swoop_desktop.engine.jsontext import Refused, parse_json
from swoop_desktop.engine.observation import Observation, PublicEvent
from swoop_desktop.names import check_name, printable

#: The protocol's version: a host and a client of different versions do not play together.
VERSION = 1
#: The largest message a client may send, in bytes (a play is well under 200).
MAX_MESSAGE = 16 * 1024
#: The largest message a host may send a client (an observation late in a long hand is
#: some tens of kilobytes).
MAX_HOST_MESSAGE = 1024 * 1024
#: The deepest nesting of lists and objects a client's message may have (a play has 3).
MAX_DEPTH = 8
#: The most turns a match may number, for the range check of ``"turn"``.
MAX_TURN = 10**9
#: What a seat token looks like (the host makes them with ``secrets.token_urlsafe``).
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")

CLIENT_TYPES = ("hello", "play", "bye")
HOST_TYPES = (
    "seated",
    "table",
    "observation",
    "your_turn",
    "refused",
    "hand_over",
    "game_over",
    "bye",
)


class Refusal(ValueError):
    """A message refused: ``reason`` is a stable word, the message plain words."""

    def __init__(self, reason: str, words: str) -> None:
        super().__init__(words)
        self.reason = reason
        self.words = words


@dataclass(frozen=True)
class Hello:
    version: int
    name: str
    token: str | None = None


@dataclass(frozen=True)
class PlayMessage:
    turn: int
    action: Action


@dataclass(frozen=True)
class Bye:
    pass


ClientMessage = Hello | PlayMessage | Bye

# type -> (required fields, optional fields)
_CLIENT_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "hello": (frozenset({"type", "version", "name"}), frozenset({"token"})),
    "play": (frozenset({"type", "turn", "action"}), frozenset()),
    "bye": (frozenset({"type"}), frozenset()),
}


def decode(data: str | bytes, limit: int, depth: int) -> dict[str, Any]:
    """A message's JSON object, or :class:`Refusal` saying what is wrong with it."""
    if isinstance(data, bytes):
        raise Refusal("bad_message", "messages are JSON text, not binary frames")
    if len(data) > limit or len(data.encode("utf-8", "surrogatepass")) > limit:
        raise Refusal("too_big", f"the message is larger than {limit:,} bytes")
    try:
        value = parse_json(data, max_depth=depth)
    except Refused as exc:
        raise Refusal("bad_message", f"the message is refused: {exc}") from None
    except ValueError as exc:  # json.JSONDecodeError
        raise Refusal("bad_message", f"the message is not JSON ({short(str(exc), 80)})") from None
    if not isinstance(value, dict):
        raise Refusal("bad_message", "a message is a JSON object with a type")
    return value


def _fields(
    message: dict[str, Any], table: dict[str, tuple[frozenset[str], frozenset[str]]]
) -> str:
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in table:
        raise Refusal("unknown_type", f"unknown message type {short(kind)}")
    required, optional = table[kind]
    unknown = set(message) - required - optional
    if unknown:
        raise Refusal("bad_message", f"{kind}: unknown field {short(sorted(unknown)[0])}")
    missing = required - set(message)
    if missing:
        raise Refusal("bad_message", f"{kind}: the field {sorted(missing)[0]!r} is missing")
    return kind


def _int(message: dict[str, Any], key: str, low: int, high: int) -> int:
    value = message[key]
    if type(value) is not int or not low <= value <= high:
        raise Refusal(
            "bad_message",
            f"{message['type']}.{key}: a whole number {low}-{high}, not {short(value)}",
        )
    return value


def parse_client(data: str | bytes) -> ClientMessage:
    """One message from a client, checked; :class:`Refusal` in plain words otherwise."""
    message = decode(data, MAX_MESSAGE, MAX_DEPTH)
    kind = _fields(message, _CLIENT_FIELDS)
    if kind == "hello":
        version = message["version"]
        if type(version) is not int:
            raise Refusal("bad_message", f"hello.version: a number, not {short(version)}")
        if version != VERSION:
            raise Refusal(
                "version",
                f"this host speaks version {VERSION} of the protocol, not {short(version)}",
            )
        name, why = check_name(message["name"])
        if name is None:
            raise Refusal("name", f"that name cannot be used: {printable(why)}")
        token = message.get("token")
        if token is not None and (not isinstance(token, str) or not TOKEN.fullmatch(token)):
            raise Refusal("token", "hello.token: not a seat token this host could have given")
        return Hello(version, name, token)
    if kind == "play":
        turn = _int(message, "turn", 0, MAX_TURN)
        try:
            action = action_from_json(message["action"])
        except EngineError as exc:
            raise Refusal("bad_action", printable(str(exc))[:300]) from None
        return PlayMessage(turn, action)
    return Bye()


# ------------------------------------------------------------------------ the host's side
def dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _event_json(ev: PublicEvent) -> dict[str, Any]:
    return {
        "kind": ev.kind,
        "player": ev.player,
        "ranks": list(ev.ranks),
        "zones": list(ev.zones),
        "new_pile": ev.new_pile,
        "follow": ev.follow,
    }


_OBS_FIELDS = tuple(f.name for f in fields(Observation) if not f.name.startswith("_"))


def observation_json(obs: Observation) -> dict[str, Any]:
    """An observation as JSON, field for field (the rules as ``Rules.to_json``)."""
    out: dict[str, Any] = {}
    for name in _OBS_FIELDS:
        value = getattr(obs, name)
        if name == "rules":
            out[name] = obs.rules.to_json()
        elif name == "history":
            out[name] = [_event_json(ev) for ev in value]
        elif isinstance(value, tuple):
            out[name] = [list(v) if isinstance(v, tuple) else v for v in value]
        else:
            out[name] = value
    return out


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def observation_from_json(data: Any) -> Observation:
    """The observation a host sent, rebuilt (what the seat's own bot or screen reads);
    :class:`Refusal` when it is not one."""
    try:
        if not isinstance(data, dict) or set(data) != set(_OBS_FIELDS):
            raise ValueError("its fields are not an observation's")
        values: dict[str, Any] = {}
        for name in _OBS_FIELDS:
            raw = data[name]
            if name == "rules":
                values[name] = Rules.from_json(raw)
            elif name == "history":
                values[name] = tuple(
                    PublicEvent(
                        e["kind"],
                        e["player"],
                        tuple(e["ranks"]),
                        tuple(e["zones"]),
                        e["new_pile"],
                        e["follow"],
                    )
                    for e in raw
                )
            else:
                values[name] = _tuples(raw)
        obs = Observation(**values)
        if not 0 <= obs.seat < obs.n or len(obs.up) != obs.n or len(obs.hand_counts) != obs.n:
            raise ValueError("its seats do not add up")
    except (ValueError, TypeError, KeyError) as exc:
        raise Refusal("bad_message", f"not an observation ({short(str(exc), 80)})") from None
    return obs


def seated_message(seat: int, players: int, rules: Rules, token: str) -> dict[str, Any]:
    return {
        "type": "seated",
        "version": VERSION,
        "seat": seat,
        "players": players,
        "rules": rules.to_json(),
        "token": token,
    }


def table_message(started: bool, seats: list[tuple[str, str]]) -> dict[str, Any]:
    """``seats``: (name, kind) per seat, kind one of person, bot, away (a bot plays for a
    person who dropped) and open (waiting for someone to join)."""
    return {
        "type": "table",
        "started": started,
        "seats": [{"name": name, "kind": kind} for name, kind in seats],
    }


def observation_message(hand: int, obs: Observation) -> dict[str, Any]:
    return {"type": "observation", "hand": hand, "obs": observation_json(obs)}


def your_turn_message(hand: int, turn: int, legal: list[Action]) -> dict[str, Any]:
    return {"type": "your_turn", "hand": hand, "turn": turn, "legal": [a.to_json() for a in legal]}


def refused_message(reason: str, words: str) -> dict[str, Any]:
    return {"type": "refused", "reason": reason, "words": words}


def hand_over_message(
    hand: int, points: list[int], totals: list[int], out: int | None
) -> dict[str, Any]:
    return {"type": "hand_over", "hand": hand, "points": points, "totals": totals, "out": out}


def game_over_message(
    totals: list[int], sheet: list[list[int]], winner: int | None, record: list[list[Action]]
) -> dict[str, Any]:
    """The match's end. ``record`` is every hand's actions: all public (an action names
    ranks and slots, never a hidden card), sent so a client can replay what it saw."""
    return {
        "type": "game_over",
        "totals": totals,
        "sheet": sheet,
        "winner": winner,
        "record": [[a.to_json() for a in hand] for hand in record],
    }


def bye_message(words: str) -> dict[str, Any]:
    return {"type": "bye", "words": words}


_HOST_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "seated": (frozenset({"type", "version", "seat", "players", "rules", "token"}), frozenset()),
    "table": (frozenset({"type", "started", "seats"}), frozenset()),
    "observation": (frozenset({"type", "hand", "obs"}), frozenset()),
    "your_turn": (frozenset({"type", "hand", "turn", "legal"}), frozenset()),
    "refused": (frozenset({"type", "reason", "words"}), frozenset()),
    "hand_over": (frozenset({"type", "hand", "points", "totals", "out"}), frozenset()),
    "game_over": (frozenset({"type", "totals", "sheet", "winner", "record"}), frozenset()),
    "bye": (frozenset({"type", "words"}), frozenset()),
}


def parse_host(data: str | bytes) -> dict[str, Any]:
    """One message from a host: its JSON object, of a known type with its fields, the
    observation rebuilt (``"obs"`` an :class:`Observation`) and the legal actions read
    (``"legal"`` a list of actions); :class:`Refusal` otherwise."""
    message = decode(data, MAX_HOST_MESSAGE, 64)
    kind = _fields(message, _HOST_FIELDS)
    try:
        if kind == "observation":
            message["obs"] = observation_from_json(message["obs"])
        elif kind == "your_turn":
            message["legal"] = [action_from_json(a) for a in message["legal"]]
            if not message["legal"]:
                raise ValueError("no legal action")
        elif kind == "game_over":
            message["record"] = [[action_from_json(a) for a in hand] for hand in message["record"]]
    except (EngineError, ValueError, TypeError) as exc:
        raise Refusal("bad_message", f"{kind}: {short(str(exc), 80)}") from None
    return message
