"""The engine's command line: ``deal``, ``legal`` and ``play`` in the position notation.

    python -m swoop_desktop.engine deal --seed 7 [--players 4] [--rules '{"preset": "classic"}']
    python -m swoop_desktop.engine legal POSITION.json
    python -m swoop_desktop.engine play POSITION.json '{"play": {"hand": "7 7", "up": [2]}}'

Every bad input - a malformed or impossible position, an illegal action,
text that is not UTF-8 or not JSON, nesting or numbers beyond what a position
needs, a bad option - exits with status 2 and one short line ``error: ...``
(with the rule id where there is one) on stderr. ``-`` reads the position from
standard input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from .actions import action_from_json
from .errors import EngineError, short
from .events import events_json
from .jsontext import Refused, parse_json, read_capped, write_out
from .position import format_position, parse_position
from .rules import Rules
from .state import new_deal

MAX_INPUT = 1 << 20  # a position is a few hundred bytes; a megabyte is plenty
MAX_MESSAGE = 200


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad option gives the same one short line and status 2."""

    def error(self, message: str) -> NoReturn:
        _fail(f"{self.prog.split()[-1]}: {message}")


def _fail(message: str) -> NoReturn:
    line = " ".join(str(message).split())
    if len(line) > MAX_MESSAGE:
        line = line[: MAX_MESSAGE - 3] + "..."
    print(f"error: {line}", file=sys.stderr)
    raise SystemExit(2)


def _int_arg(text: str) -> int:
    body = text.strip()
    digits = body[1:] if body[:1] in "+-" else body
    if not digits.isascii() or not digits.isdigit() or len(digits) > 40:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {short(text)}")
    return int(body)


def _read_position(path: str) -> Any:
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT + 1)
            if len(raw) > MAX_INPUT:
                raise Refused(f"more than {MAX_INPUT:,} bytes; a position is far shorter")
        else:  # capped, never blocking: a pipe or a device is refused, not read for ever
            raw = read_capped(path, MAX_INPUT)
    except Refused as exc:
        raise EngineError(f"position: {short(path)}: {exc}") from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise EngineError(f"position: cannot read {short(path)}: {reason}") from None
    return _json(raw, "position")


def _json(text: str | bytes, what: str) -> Any:
    try:
        return parse_json(text)
    except Refused as exc:
        raise EngineError(f"{what}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise EngineError(
            f"{what}: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None


def _dump(value: Any) -> int:
    return write_out(json.dumps(value))


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(
        prog="python -m swoop_desktop.engine",
        description="Swoop rules engine (docs/rules.md notation).",
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    deal = sub.add_parser("deal", help="deal a new hand and print its position")
    deal.add_argument("--seed", type=_int_arg, required=True)
    deal.add_argument("--players", type=_int_arg, default=4)
    deal.add_argument("--rules", default=None, help='JSON, e.g. {"preset": "classic"}')
    deal.add_argument("--dealer", type=_int_arg, default=None)
    legal = sub.add_parser("legal", help="print the legal actions of a position")
    legal.add_argument("position", help="position file (- for stdin)")
    play = sub.add_parser("play", help="play an action; print the new position and events")
    play.add_argument("position", help="position file (- for stdin)")
    play.add_argument("action", help='JSON, e.g. {"play": {"hand": "7 7", "up": [2]}}')
    args = parser.parse_args(argv)
    try:
        if args.command == "deal":
            rules_data = None if args.rules is None else _json(args.rules, "--rules")
            rules = Rules.from_json(rules_data)
            if args.dealer is not None and not 0 <= args.dealer < args.players:
                raise EngineError(
                    f"--dealer: must be a seat 0-{args.players - 1}, got {short(args.dealer)}"
                )
            state, _events = new_deal(rules, args.players, args.seed, args.dealer)
            return _dump(format_position(state))
        elif args.command == "legal":
            state = parse_position(_read_position(args.position))
            return _dump([a.to_json() for a in state.legal_actions()])
        else:
            state = parse_position(_read_position(args.position))
            action = action_from_json(_json(args.action, "action"))
            events = state.apply(action)
            return _dump({"position": format_position(state), "events": events_json(events)})
    except (EngineError, Refused) as exc:
        _fail(str(exc))
    except (ValueError, TypeError, KeyError, IndexError, OverflowError, RecursionError) as exc:
        # Not expected (every input is checked above), but never a traceback for bad input.
        _fail(f"the input could not be used ({type(exc).__name__}: {exc})")
    return 0
