"""Tournament harness: duplicate deals over seat rotations, with figures per bot.

    python -m swoop_desktop.ai.tournament --bots hard,easy,easy,easy --deals 1000 --seed 1
        [--rules JSON] [--cap 1000] [--json] [--progress | --no-progress]

A *game* here is one deal: the player who goes out wins it (scores 0); the
others score their cards (R15). Each seeded deal is played once per seat
rotation, so entry 0 plays every seat with the same cards: ``--deals D``
with N bots plays D x N games. A game that reaches the turn cap (decisions)
is stopped, counted as nobody's win and reported as capped.

Bots are referees' guests: each gets only its observation and the legal
actions, through ``choose_safely``; the referee alone holds the real deal.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from swoop_desktop.engine import EngineError, Rules, new_deal
from swoop_desktop.engine.observation import PublicHistory, observe

from . import Bot, choose_safely, make_bot
from .config import LEVELS
from .features import PERSONALITIES

DEFAULT_CAP = 1000


@dataclass
class Entry:
    """One ``--bots`` entry and what it scored."""

    spec: str
    bot: Bot
    games: int = 0
    wins: int = 0
    points: int = 0
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    times_ms: list[float] = field(default_factory=list)
    fallbacks: int = 0


def parse_bot(spec: str, seed: int, budget_ms: float | None) -> Bot:
    """``"hard"`` or ``"normal:cautious"`` -> a bot; a clear ValueError otherwise."""
    level, _, personality = spec.strip().partition(":")
    if level not in LEVELS:
        raise ValueError(f"--bots: unknown level {level!r} in {spec!r} "
                         f"(choose from {', '.join(LEVELS)})")
    if personality and personality not in PERSONALITIES:
        raise ValueError(f"--bots: unknown personality {personality!r} in {spec!r} "
                         f"(choose from {', '.join(PERSONALITIES)})")
    options: dict[str, Any] = {}
    if level == "hard" and budget_ms is not None:
        options["budget_ms"] = budget_ms
    return make_bot(level, personality or None, seed=seed, **options)


def deal_seed(seed: int, deal: int) -> int:
    return random.Random(f"tournament/{seed}/{deal}").getrandbits(48)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    i = min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[i]


def play_game(rules: Rules, entries: list[Entry], seating: list[int], seed: int, dealer: int,
              cap: int, messages: list[str]) -> tuple[int | None, list[int], bool]:
    """One deal; ``seating[seat]`` is the entry index. Returns (winner seat, points, capped)."""
    n = len(seating)
    state, events = new_deal(rules, n, seed=seed, dealer=dealer)
    history = PublicHistory(n)
    history.feed(events)
    decisions = 0
    clock = time.perf_counter
    while not state.is_over:
        if decisions >= cap:
            return None, [state.points(p) for p in range(n)], True
        p = state.to_move
        entry = entries[seating[p]]
        legal = state.legal_actions()
        obs = observe(state, p, history)
        before = len(messages)
        t0 = clock()
        action = choose_safely(entry.bot, obs, legal, messages.append)
        entry.times_ms.append((clock() - t0) * 1000.0)
        if len(messages) > before:
            entry.fallbacks += 1
        history.feed(state.apply(action))
        decisions += 1
    return state.out_player, [state.points(p) for p in range(n)], False


def run(bots: list[str | tuple[str, Bot]], deals: int, seed: int = 1, rules: Rules | None = None,
        cap: int = DEFAULT_CAP, budget_ms: float | None = None, progress: bool = False
        ) -> dict[str, Any]:
    """Play the tournament and return the report (the ``--json`` object).

    ``bots`` are specs (``"hard"``, ``"normal:pyro"``) or ready ``(label, bot)`` pairs.
    """
    rules = rules or Rules.from_preset("app")
    n = len(bots)
    rules.validate_players(n)
    entries = []
    for i, spec in enumerate(bots):
        if isinstance(spec, tuple):
            label, bot = spec
        else:
            label, bot = spec, parse_bot(spec, seed * 1000 + i, budget_ms)
        entries.append(Entry(label, bot, seat_games=[0] * n, seat_wins=[0] * n))
    messages: list[str] = []
    capped = 0
    games = 0
    total = deals * n
    started = time.perf_counter()
    for d in range(deals):
        s = deal_seed(seed, d)
        dealer = d % n
        for rot in range(n):
            seating = [(seat - rot) % n for seat in range(n)]
            winner, points, was_capped = play_game(rules, entries, seating, s, dealer, cap,
                                                   messages)
            games += 1
            capped += was_capped
            for seat, idx in enumerate(seating):
                e = entries[idx]
                e.games += 1
                e.seat_games[seat] += 1
                e.points += points[seat]
                if winner == seat:
                    e.wins += 1
                    e.seat_wins[seat] += 1
            if progress:
                _progress(games, total, time.perf_counter() - started)
    if progress:
        sys.stderr.write("\n")
    report_entries = []
    for e in entries:
        lo, hi = wilson(e.wins, e.games)
        report_entries.append({
            "bot": e.spec,
            "win_rate": round(e.wins / e.games, 4) if e.games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "wins": e.wins,
            "games": e.games,
            "mean_points": round(e.points / e.games, 2) if e.games else 0.0,
            "seat_win_rates": [round(w / g, 4) if g else 0.0
                               for w, g in zip(e.seat_wins, e.seat_games, strict=True)],
            "decision_ms": {"p50": round(percentile(e.times_ms, 50), 3),
                            "p95": round(percentile(e.times_ms, 95), 3),
                            "max": round(max(e.times_ms, default=0.0), 3)},
            "decisions": len(e.times_ms),
            "fallbacks": e.fallbacks,
        })
    return {"entries": report_entries, "deals": deals, "games": games, "capped": capped,
            "seed": seed, "rules": rules.to_json(), "turn_cap": cap,
            "seconds": round(time.perf_counter() - started, 1),
            "messages": messages[:20]}


def _progress(done: int, total: int, elapsed: float) -> None:
    width = 30
    filled = int(width * done / total)
    eta = elapsed / done * (total - done)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
                     f"{elapsed:.0f}s, about {eta:.0f}s left ")
    sys.stderr.flush()


def format_report(report: dict[str, Any]) -> str:
    lines = [f"{report['deals']} deals x {len(report['entries'])} seat rotations = "
             f"{report['games']} games (a game is one deal; the player who goes out wins), "
             f"seed {report['seed']}, rules {json.dumps(report['rules'])}",
             f"capped games (turn cap {report['turn_cap']}): {report['capped']}",
             "",
             f"{'#':>2} {'bot':<18} {'win rate':>8} {'95% CI':>15} {'pts/deal':>8} "
             f"{'win rate by seat':<28} {'ms p50':>7} {'p95':>7} {'max':>7}"]
    for i, e in enumerate(report["entries"]):
        seats = " ".join(f"{w * 100:4.1f}" for w in e["seat_win_rates"])
        ms = e["decision_ms"]
        lines.append(
            f"{i:>2} {e['bot']:<18} {e['win_rate'] * 100:7.1f}% "
            f"[{e['ci95'][0] * 100:5.1f}, {e['ci95'][1] * 100:5.1f}] {e['mean_points']:8.1f} "
            f"{seats:<28} {ms['p50']:7.2f} {ms['p95']:7.2f} {ms['max']:7.2f}")
    fallbacks = sum(e["fallbacks"] for e in report["entries"])
    if fallbacks:
        lines.append(f"bot answers replaced by a safe move: {fallbacks}")
    lines.append(f"time: {report['seconds']} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m swoop_desktop.ai.tournament",
        description="Duplicate-deal tournament between Swoop bots.")
    parser.add_argument("--bots", required=True,
                        help="comma-separated levels, one per seat, e.g. hard,easy,easy,easy "
                             "(optionally level:personality)")
    parser.add_argument("--deals", type=int, default=100, help="seeded deals (each played "
                                                               "once per seat rotation)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=None,
                        help='rules as JSON, e.g. \'{"preset": "classic", "max_four": false}\'')
    parser.add_argument("--cap", type=int, default=DEFAULT_CAP,
                        help="turn cap: decisions per game before it is stopped")
    parser.add_argument("--budget-ms", type=float, default=None,
                        help="hard bot time budget per decision (default 50, capped at 80)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bar on stderr (default: when stderr is a terminal)")
    args = parser.parse_args(argv)
    bots = [b for b in args.bots.split(",") if b.strip()]
    try:
        if args.deals < 1:
            raise ValueError(f"--deals: must be 1 or more, got {args.deals}")
        if args.cap < 1:
            raise ValueError(f"--cap: must be 1 or more, got {args.cap}")
        rules = Rules.from_json(json.loads(args.rules)) if args.rules else None
        for i, spec in enumerate(bots):
            parse_bot(spec, i, None)
        if rules is not None:
            rules.validate_players(len(bots))
        else:
            Rules.from_preset("app").validate_players(len(bots))
    except json.JSONDecodeError as exc:
        print(f"--rules: not valid JSON ({exc.msg} at column {exc.colno})", file=sys.stderr)
        return 2
    except (ValueError, EngineError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    report = run(bots, args.deals, args.seed, rules, args.cap, args.budget_ms, progress)
    if args.json:
        print(json.dumps(report))
    else:
        print(format_report(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
