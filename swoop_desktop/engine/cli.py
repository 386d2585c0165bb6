"""The engine's command line: ``deal``, ``legal`` and ``play`` in the position notation.

    python -m swoop_desktop.engine deal --seed 7 [--players 4] [--rules '{"preset": "classic"}']
    python -m swoop_desktop.engine legal POSITION.json
    python -m swoop_desktop.engine play POSITION.json '{"play": {"hand": "7 7", "up": [2]}}'

A malformed position or an illegal action exits with status 2 and the reason
(with the rule id) on stderr. ``-`` reads the position from standard input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .actions import action_from_json
from .errors import EngineError
from .events import events_json
from .position import format_position, parse_position
from .rules import Rules
from .state import new_deal


def _read_position(path: str) -> Any:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise EngineError(f"position: cannot read {path}: {exc.strerror}") from None


def _dump(value: Any) -> None:
    json.dump(value, sys.stdout)
    sys.stdout.write("\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m swoop_desktop.engine",
                                     description="Swoop rules engine (docs/rules.md notation).")
    sub = parser.add_subparsers(dest="command", required=True)
    deal = sub.add_parser("deal", help="deal a new hand and print its position")
    deal.add_argument("--seed", type=int, required=True)
    deal.add_argument("--players", type=int, default=4)
    deal.add_argument("--rules", default=None, help='JSON, e.g. {"preset": "classic"}')
    deal.add_argument("--dealer", type=int, default=None)
    legal = sub.add_parser("legal", help="print the legal actions of a position")
    legal.add_argument("position", help="position file (- for stdin)")
    play = sub.add_parser("play", help="play an action; print the new position and events")
    play.add_argument("position", help="position file (- for stdin)")
    play.add_argument("action", help='JSON, e.g. {"play": {"hand": "7 7", "up": [2]}}')
    args = parser.parse_args(argv)
    try:
        if args.command == "deal":
            rules_data = None
            if args.rules is not None:
                try:
                    rules_data = json.loads(args.rules)
                except json.JSONDecodeError as exc:
                    raise EngineError(f"--rules: not valid JSON ({exc.msg})") from None
            rules = Rules.from_json(rules_data)
            state, _events = new_deal(rules, args.players, args.seed, args.dealer)
            _dump(format_position(state))
        elif args.command == "legal":
            state = parse_position(_read_position(args.position))
            _dump([a.to_json() for a in state.legal_actions()])
        else:
            state = parse_position(_read_position(args.position))
            action = action_from_json(args.action)
            events = state.apply(action)
            _dump({"position": format_position(state), "events": events_json(events)})
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
