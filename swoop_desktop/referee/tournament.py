"""Tournament harness: whole games or single deals over seat rotations, figures per bot.

    python -m swoop_desktop.referee.tournament --bots hard,normal,normal,normal --match 50 --seed 1
        [--worlds 48] [--jobs 2 | --cluster tcp://host:8786] [--peek] [--json]
    python -m swoop_desktop.referee.tournament --bots hard,easy,easy,easy --deals 1000 --seed 1
        [--rules JSON] [--cap 1000] [--json] [--progress | --no-progress]

With ``--match M`` a *game* is a whole match to the rules' target (R16: the
lowest total when someone reaches it wins; a tie for the lowest is shared
in the win rate), each match seed played once per seat rotation (duplicate
seating). Per entry it reports the match win rate with a 95% Wilson
interval, the mean points per hand, the points margin per hand (own points
minus the mean of the others at the table; lower is better) and decision
times. ``--worlds N`` fixes the hard bot's work per decision and turns every searching
bot's clock off (the expert keeps its own worlds); ``expert@200`` or ``hard@48`` fixes
one entry's worlds.

Each match seed is one job whose result depends on the job alone; ``--jobs N`` plays the
jobs on N worker processes of a Dask ``LocalCluster`` on this machine, ``--cluster
ADDRESS`` on a Dask scheduler's workers on any machines (``docs/development.md``), and
either gives the figures of ``--jobs 1`` for the same seeds. Dask is the optional extra
``pip install "swoop-desktop[cluster]"``; without it either option stops the run at once
with that line (see :func:`run_matches` for why it does not play on alone).

A *game* here is one deal: the player who goes out wins it (scores 0); the
others score their cards (R15). Each seeded deal is played once per seat
rotation, so entry 0 plays every seat with the same cards: ``--deals D``
with N bots plays D x N games. A game that reaches the turn cap (decisions)
is stopped, counted as nobody's win and reported as capped.

Bots are the referee's guests: each gets only its observation and the legal
actions, through ``choose_safely``; the referee alone holds the real deal
(this module sits outside ``swoop_desktop.ai`` for that reason). The one
exception is ``--peek``, a benchmark's upper bound, which hands the hard bot a
copy of the real deal to search.

Why one long module: the runs, their figures and their command line are one tool that
the benchmarks and tests drive as a whole; its parts are used nowhere else.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from swoop_desktop.ai.bots import Bot
from swoop_desktop.ai.make import choose_safely
from swoop_desktop.engine import EngineError, Rules, new_deal
from swoop_desktop.engine.errors import short
from swoop_desktop.engine.jsontext import OneLineParser, Refused, parse_json, write_out
from swoop_desktop.engine.observation import PublicHistory, observe
from swoop_desktop.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from swoop_desktop.names import printable
from swoop_desktop.plural import counted

from .caps import DEFAULT_CAP
from .cluster import CLUSTER_MISSING, ClusterError, Interrupted, cluster_installed, on_dask
from .matches import (
    MAX_WORLDS,
    MatchJob,
    MatchResult,
    MatchTally,
    match_seed,
    parse_bot,
    play_job,
    play_seed,
)


@dataclass
class Entry:
    """One ``--bots`` entry and what it scored."""

    spec: str
    bot: Bot
    games: int = 0
    wins: int = 0
    points: int = 0
    margin: float = 0.0
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    times_ms: list[float] = field(default_factory=list)
    fallbacks: int = 0


def deal_seed(seed: int, deal: int) -> int:
    return random.Random(f"tournament/{seed}/{deal}").getrandbits(48)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
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


def play_game(
    rules: Rules,
    entries: list[Entry],
    seating: list[int],
    seed: int,
    dealer: int,
    cap: int,
    messages: list[str],
) -> tuple[int | None, list[int], bool]:
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


def run(
    bots: list[str | tuple[str, Bot]],
    deals: int,
    seed: int = 1,
    rules: Rules | None = None,
    cap: int = DEFAULT_CAP,
    budget_ms: float | None = None,
    progress: bool = False,
    worlds: int | None = None,
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
            label, bot = spec, parse_bot(spec, seed * 1000 + i, budget_ms, worlds)
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
            winner, points, was_capped = play_game(
                rules, entries, seating, s, dealer, cap, messages
            )
            games += 1
            capped += was_capped
            for seat, idx in enumerate(seating):
                e = entries[idx]
                e.games += 1
                e.seat_games[seat] += 1
                e.points += points[seat]
                e.margin += points[seat] - (sum(points) - points[seat]) / (n - 1)
                if winner == seat:
                    e.wins += 1
                    e.seat_wins[seat] += 1
            if progress:
                _progress(games, total, time.perf_counter() - started)
    if progress:
        sys.stderr.write("\n")
    report_entries = []
    for e in entries:
        entry = _entry(
            e.spec, e.wins, e.games, e.points, e.seat_wins, e.seat_games, e.times_ms, e.fallbacks
        )
        entry["wins"] = e.wins
        entry["points_margin"] = round(e.margin / e.games, 2) if e.games else 0.0
        entry["match_win_rate"] = None  # whole games: --match
        entry["match_ci95"] = None
        report_entries.append(entry)
    return {
        "mode": "deal",
        "entries": report_entries,
        "deals": deals,
        "games": games,
        "capped": capped,
        "seed": seed,
        "rules": rules.to_json(),
        "turn_cap": cap,
        "seconds": round(time.perf_counter() - started, 1),
        "messages": messages[:20],
    }


def _entry(
    bot: str,
    wins: float,
    games: int,
    points: float,
    seat_wins: list[float] | list[int],
    seat_games: list[int],
    times_ms: list[float],
    fallbacks: int,
) -> dict[str, Any]:
    """The keys every report entry has, deal mode and match mode alike (``points`` is the
    total over ``games``; ``mean_points`` is per game)."""
    lo, hi = wilson(wins, games)
    return {
        "bot": bot,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
        "wins": wins,
        "games": games,
        "mean_points": round(points / games, 2) if games else 0.0,
        "seat_win_rates": [
            round(w / g, 4) if g else 0.0 for w, g in zip(seat_wins, seat_games, strict=True)
        ],
        "decision_ms": {
            "p50": round(percentile(times_ms, 50), 3),
            "p95": round(percentile(times_ms, 95), 3),
            "max": round(max(times_ms, default=0.0), 3),
        },
        "decisions": len(times_ms),
        "fallbacks": fallbacks,
    }


def run_matches(
    bots: list[str | tuple[str, Bot]],
    matches: int,
    seed: int = 1,
    rules: Rules | None = None,
    cap: int = DEFAULT_CAP,
    budget_ms: float | None = None,
    worlds: int | None = None,
    jobs: int = 1,
    peek: bool = False,
    progress: bool = False,
    cluster: str | None = None,
) -> dict[str, Any]:
    """Whole games to the target, each match seed once per seat rotation (duplicate seating).

    Each match seed is one job (:class:`MatchJob`), its result a function of the job
    alone, and the results are added up in job order: so ``jobs`` > 1 (that many worker
    processes on a Dask ``LocalCluster`` here) and ``cluster`` (the address of a Dask
    scheduler, ``tcp://host:8786``, and its workers on any machines) give the figures of
    ``jobs=1`` for the same seeds; only the decision times differ. Dask is the optional
    ``cluster`` extra. Without it, ``jobs`` > 1 or a ``cluster`` raise
    :class:`ClusterError` saying how to install it, before any match is played: an
    error, not a fall-back to one process with a warning, because whoever asks for N
    cores or a cluster has planned the run for them, and one core would take N times as
    long (or a cluster's worth) with only a line on stderr, in a batch job nobody reads,
    to say why; the figures would be the same either way, so playing on gains nothing.
    A worker lost mid-run costs its job a second try, never a different result.

    Ready-made bots (``(label, bot)`` pairs) cannot be rebuilt in another process, so
    they play here, one job after the other (``jobs`` and ``cluster`` refused).
    """
    rules = rules or Rules.from_preset("app")
    n = len(bots)
    rules.validate_players(n)
    by_spec = all(isinstance(spec, str) for spec in bots)
    spread = cluster is not None or (jobs > 1 and matches > 1)
    if (cluster is not None or jobs > 1) and not by_spec:
        raise ValueError("ready-made bots play in this process only: give specs to spread them")
    if spread and not cluster_installed():
        raise ClusterError(CLUSTER_MISSING)
    labels, made = _seated(bots, seed, budget_ms, worlds, peek)
    totals = [MatchTally(seat_matches=[0] * n, seat_wins=[0.0] * n) for _ in range(n)]
    messages: list[str] = []
    capped = 0
    started = time.perf_counter()

    def done(count: int) -> None:
        if progress:
            _progress(count * n, matches * n, time.perf_counter() - started, "matches")

    def described(m: int) -> MatchJob:
        return MatchJob(
            rules=rules.to_json(),
            bots=tuple((str(spec), seed * 1000 + i) for i, spec in enumerate(bots)),
            budget_ms=budget_ms,
            worlds=worlds,
            seed=match_seed(seed, m),
            cap=cap,
            peek=peek,
        )

    results: Iterable[MatchResult]
    if spread:
        job_list = [described(m) for m in range(matches)]
        results = on_dask(job_list, min(jobs, matches), cluster, done)
    elif by_spec:  # streamed: one match at a time, never the whole list (--match may be large)
        results = (play_job(described(m)) for m in range(matches))
    else:
        results = (play_seed(rules, made, match_seed(seed, m), cap, peek) for m in range(matches))
    for k, (tallies, c, msgs) in enumerate(results, 1):
        capped += c
        if len(messages) < 20:
            messages.extend(msgs)
        for t, part in zip(totals, tallies, strict=True):
            t.add(part)
        if not spread:
            done(k)
    if progress:
        sys.stderr.write("\n")
    entries = [_match_entry(label, t) for label, t in zip(labels, totals, strict=True)]
    return {
        "mode": "match",
        "entries": entries,
        "matches": matches,
        "games": matches * n,
        "seat_win_rates": _seat_win_rates(totals, n),
        "capped": capped,
        "seed": seed,
        "rules": rules.to_json(),
        "turn_cap": cap,
        "target": rules.target,
        "worlds": worlds,
        "jobs": jobs,
        "cluster": cluster,
        "seconds": round(time.perf_counter() - started, 1),
        "messages": messages[:20],
    }


def _seated(
    bots: list[str | tuple[str, Bot]],
    seed: int,
    budget_ms: float | None,
    worlds: int | None,
    peek: bool,
) -> tuple[list[str], list[Bot]]:
    """Each entry's label (marked when it peeks) and its bot: a ready-made one as given,
    else made from its spec with the entry's seed."""
    labels, made = [], []
    for i, spec in enumerate(bots):
        if isinstance(spec, tuple):
            label, bot = spec
        else:
            label, bot = spec, parse_bot(spec, seed * 1000 + i, budget_ms, worlds)
        labels.append(label + (" (peeks)" if peek and hasattr(bot, "peek") else ""))
        made.append(bot)
    return labels, made


def _seat_win_rates(totals: list[MatchTally], n: int) -> list[float]:
    """Every seat's share of match wins over all entries together (for copies of one
    bot: how fair the seats are, from n times the games of one entry)."""
    seat_wins = [sum(t.seat_wins[s] for t in totals) for s in range(n)]
    seat_games = [sum(t.seat_matches[s] for t in totals) for s in range(n)]
    return [round(w / g, 4) if g else 0.0 for w, g in zip(seat_wins, seat_games, strict=True)]


def _match_entry(label: str, t: MatchTally) -> dict[str, Any]:
    """One entry's figures over whole games."""
    # today's keys: in match mode a game is a whole match, points are per hand
    entry = _entry(
        label,
        t.match_wins,
        t.matches,
        0,
        t.seat_wins,
        t.seat_matches,
        t.times_ms,
        t.fallbacks,
    )
    entry["mean_points"] = round(t.points / t.hands, 2) if t.hands else 0.0
    entry["wins"] = round(t.match_wins, 2)
    # match figures
    entry["match_win_rate"] = entry["win_rate"]
    entry["match_ci95"] = entry["ci95"]
    entry["points_margin"] = round(t.margin / t.hands, 2) if t.hands else 0.0
    entry["hands"] = t.hands
    entry["hand_win_rate"] = round(t.hands_out / t.hands, 4) if t.hands else 0.0
    return entry


def format_match_report(report: dict[str, Any]) -> str:
    n = len(report["entries"])
    work = (
        f"hard bot {report['worlds']} worlds per decision, no clock (expert its own)"
        if report.get("worlds")
        else "default work"
    )
    lines = [
        f"{counted(report['matches'], 'match seed')} x {counted(n, 'seat rotation')} = "
        f"{counted(report['games'], 'whole game')} to {report['target']} (lowest total wins, a tie is shared), "
        f"seed {report['seed']}, rules {json.dumps(report['rules'])}, {work}",
        f"capped games (turn cap {report['turn_cap']} per hand): {report['capped']}",
        "",
        f"{'#':>2} {'bot':<18} {'matches':>7} {'95% CI':>15} {'pts/hand':>8} "
        f"{'margin':>7} {'out':>6} {'match wins by seat':<24} {'ms p50':>7} {'p95':>7} "
        f"{'max':>7}",
    ]
    for i, e in enumerate(report["entries"]):
        seats = " ".join(f"{w * 100:4.1f}" for w in e["seat_win_rates"])
        ms = e["decision_ms"]
        lines.append(
            f"{i:>2} {e['bot']:<18} {e['match_win_rate'] * 100:6.1f}% "
            f"[{e['match_ci95'][0] * 100:5.1f}, {e['match_ci95'][1] * 100:5.1f}] "
            f"{e['mean_points']:8.1f} {e['points_margin']:+7.1f} "
            f"{e['hand_win_rate'] * 100:5.1f}% {seats:<24} {ms['p50']:7.2f} {ms['p95']:7.2f} "
            f"{ms['max']:7.2f}"
        )
    lines.append(
        "all entries by seat: " + " ".join(f"{w * 100:4.1f}" for w in report["seat_win_rates"])
    )
    lines.append(
        "margin: own points per hand minus the mean of the others at the table "
        "(lower is better); out: hands it went out first"
    )
    fallbacks = sum(e["fallbacks"] for e in report["entries"])
    if fallbacks:
        lines.append(f"bot answers replaced by a safe move: {fallbacks}")
    lines.append(f"time: {report['seconds']} s")
    return "\n".join(lines)


def _progress(done: int, total: int, elapsed: float, what: str = "games") -> None:
    width = 30
    filled = int(width * done / total)
    eta = elapsed / done * (total - done)
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {what}, "
        f"{elapsed:.0f}s, about {eta:.0f}s left "
    )
    sys.stderr.flush()


def format_report(report: dict[str, Any]) -> str:
    lines = [
        f"{counted(report['deals'], 'deal')} x "
        f"{counted(len(report['entries']), 'seat rotation')} = "
        f"{counted(report['games'], 'game')} (a game is one deal; the player who goes out wins), "
        f"seed {report['seed']}, rules {json.dumps(report['rules'])}",
        f"capped games (turn cap {report['turn_cap']}): {report['capped']}",
        "",
        f"{'#':>2} {'bot':<18} {'win rate':>8} {'95% CI':>15} {'pts/deal':>8} "
        f"{'win rate by seat':<28} {'ms p50':>7} {'p95':>7} {'max':>7}",
    ]
    for i, e in enumerate(report["entries"]):
        seats = " ".join(f"{w * 100:4.1f}" for w in e["seat_win_rates"])
        ms = e["decision_ms"]
        lines.append(
            f"{i:>2} {e['bot']:<18} {e['win_rate'] * 100:7.1f}% "
            f"[{e['ci95'][0] * 100:5.1f}, {e['ci95'][1] * 100:5.1f}] {e['mean_points']:8.1f} "
            f"{seats:<28} {ms['p50']:7.2f} {ms['p95']:7.2f} {ms['max']:7.2f}"
        )
    fallbacks = sum(e["fallbacks"] for e in report["entries"])
    if fallbacks:
        lines.append(f"bot answers replaced by a safe move: {fallbacks}")
    lines.append(f"time: {report['seconds']} s")
    return "\n".join(lines)


def _parser() -> OneLineParser:
    """The tournament's command line."""
    parser = OneLineParser(
        prog="python -m swoop_desktop.referee.tournament",
        description="Duplicate-deal tournament between Swoop bots.",
    )
    parser.add_argument(
        "--bots",
        required=True,
        help="comma-separated levels, one per seat, e.g. hard,easy,easy,easy "
        "(optionally level:personality)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="a table of N (3 to 8): the last of --bots fills the seats it leaves, e.g. "
        "--bots hard,normal --players 6 is one hard bot against five normal",
    )
    parser.add_argument(
        "--deals", type=int, default=100, help="seeded deals (each played once per seat rotation)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rules",
        default=None,
        help='rules as JSON, e.g. \'{"preset": "classic", "max_four": false}\'',
    )
    parser.add_argument(
        "--cap",
        type=int,
        default=DEFAULT_CAP,
        help="turn cap: decisions per game before it is stopped",
    )
    parser.add_argument(
        "--match",
        type=int,
        default=None,
        metavar="M",
        help="whole games to the rules' target instead of single deals: M match "
        "seeds, each played once per seat rotation",
    )
    parser.add_argument(
        "--worlds",
        type=int,
        default=None,
        metavar="N",
        help="hard bot: exactly N searched worlds per decision and no clock, "
        "so the figures do not depend on the machine (the expert keeps its own "
        "worlds, with no clock; expert@N or hard@N sets one entry's)",
    )
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=None,
        help="hard and expert bots' safety cap on the clock per decision (default 400 "
        "for hard, 1000 for expert; at most 1000)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="--match on N worker processes of a Dask LocalCluster here (niced; e.g. 2 on "
        'two cores; the same figures as 1; needs pip install "swoop-desktop[cluster]")',
    )
    parser.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help="--match on the Dask scheduler at ADDRESS (e.g. tcp://host:8786) and its "
        "workers, on any machines (--jobs is then theirs); the same figures as --jobs 1",
    )
    parser.add_argument(
        "--peek",
        action="store_true",
        help="an upper bound for --match: hard bots search the real hands "
        "(face-down and set-aside cards still dealt at random) instead "
        "of hands dealt from what they see",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    named = [b for b in args.bots.split(",") if b.strip()]
    try:
        bots: list[str | tuple[str, Bot]] = list(seated(named, args.players))
        rules = _checked(args, [b for b in bots if isinstance(b, str)])
    except json.JSONDecodeError as exc:
        print(f"--rules: not valid JSON ({exc.msg} at column {exc.colno})", file=sys.stderr)
        return 2
    except Refused as exc:
        print(f"--rules: {exc}", file=sys.stderr)
        return 2
    except (ValueError, EngineError) as exc:
        print(printable(str(exc)[:200]), file=sys.stderr)  # the words, not their repr
        return 2
    cores = os.cpu_count() or 1
    if args.cluster is None and args.jobs > cores:
        print(
            f"--jobs: this machine has {cores} cores; {cores} worker processes are used",
            file=sys.stderr,
        )
        args.jobs = cores
    progress = sys.stderr.isatty() if args.progress is None else args.progress
    try:
        if args.match is not None:
            report = run_matches(
                bots,
                args.match,
                args.seed,
                rules,
                args.cap,
                args.budget_ms,
                args.worlds,
                args.jobs,
                args.peek,
                progress,
                args.cluster,
            )
        else:
            report = run(
                bots, args.deals, args.seed, rules, args.cap, args.budget_ms, progress, args.worlds
            )
    except ClusterError as exc:
        print(("\n" if progress else "") + f"error: {exc}", file=sys.stderr)
        return 2
    except Interrupted as exc:  # Ctrl-C on Dask: the workers are closed, one line
        print(("\n" if progress else "") + f"{exc} (Ctrl-C)", file=sys.stderr)
        return 130
    except KeyboardInterrupt:  # Ctrl-C in this process: one line, not a traceback
        print(("\n" if progress else "") + "stopped (Ctrl-C): nothing reported", file=sys.stderr)
        return 130
    if args.json:
        return write_out(json.dumps(report))
    if args.match is not None:
        return write_out(format_match_report(report))
    return write_out(format_report(report))


def seated(bots: list[str], players: int | None) -> list[str]:
    """The bots at a table of ``players`` (None: one seat for each bot named): the last
    one named fills the seats the list leaves; ValueError in plain words where the list
    names more bots than the table has seats, or the table is not one Swoop seats."""
    if players is None:
        return bots
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"--players: a table of {MIN_PLAYERS} to {MAX_PLAYERS}, got {short(players, 40)}"
        )
    if not bots:
        raise ValueError("--bots: name at least one bot")
    if len(bots) > players:
        raise ValueError(
            f"--bots names {len(bots)} bots for a table of {players} (--players); "
            "name at most one a seat"
        )
    return bots + [bots[-1]] * (players - len(bots))


def _checked(args: argparse.Namespace, bots: list[str]) -> Rules | None:
    """The options checked before anything is played: the rules asked for (None: the
    app's), or ValueError, EngineError or a JSON error in plain words."""
    _bounded("--deals", args.deals, 1, MAX_DEALS)
    _bounded("--match", args.match, 1, MAX_MATCHES)
    _bounded("--worlds", args.worlds, 1, MAX_WORLDS)
    _bounded("--jobs", args.jobs, 1, 10_000)
    _bounded("--cap", args.cap, 1, MAX_CAP)
    _bounded("--seed", args.seed, 0, MAX_SEED)
    if args.cluster is not None:
        _address(args.cluster)
        if args.match is None:
            raise ValueError("--cluster: spreads whole games only (with --match M)")
    if args.budget_ms is not None and not (
        math.isfinite(args.budget_ms) and 1 <= args.budget_ms <= 1000
    ):
        raise ValueError(
            f"--budget-ms: must be a number of milliseconds from 1 to 1000, got {args.budget_ms}"
        )
    rules = Rules.from_json(parse_json(args.rules)) if args.rules else None
    for i, spec in enumerate(bots):
        parse_bot(spec, i, None)
    if rules is not None:
        rules.validate_players(len(bots))
    else:
        Rules.from_preset("app").validate_players(len(bots))
    return rules


MAX_DEALS = 1_000_000
MAX_MATCHES = 100_000
MAX_CAP = 100_000
MAX_SEED = 2**63 - 1
MAX_ADDRESS = 200


def _bounded(name: str, value: int | None, low: int, high: int) -> None:
    """A numeric option within its bounds, or ValueError in plain words."""
    if value is not None and value < low:
        raise ValueError(f"{name}: must be {low} or more, got {short(value, 40)}")
    if value is not None and value > high:
        raise ValueError(f"{name}: must be at most {high:,}, got {short(value, 40)}")


def _address(address: str) -> None:
    """A scheduler's address as Dask takes it (``tcp://host:8786``, ``host:8786``), or
    ValueError in plain words."""
    if not address or len(address) > MAX_ADDRESS or not address.isprintable() or " " in address:
        raise ValueError(
            f"--cluster: a Dask scheduler's address such as tcp://host:8786, got "
            f"{printable(repr(address[:60]))}"
        )


if __name__ == "__main__":
    # Run under the module's own name, not as a copy named __main__: a job sent to a Dask
    # worker then names play_job and its classes by their import path, which the worker
    # imports, instead of carrying a copy of this module by value.
    import swoop_desktop.referee.tournament as tournament

    sys.exit(tournament.main())
