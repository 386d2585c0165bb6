"""Each level's rating, measured from whole referee matches between the levels.

    nice -n 10 python benchmarks/level_ratings.py [--matches 6] [--worlds 8] [--seed 1]
        [--tables hard,normal,easy,easy/hard,normal,normal,easy/...] [--json]
        [--save FILE] [--load FILE ...] [--draws 300]

A level written ``hard@48`` is the hard bot at 48 worlds (the work it was rated at) in that
seat, rated as a player of its own (``hard@48``), whatever ``--worlds`` says.

Every table is a list of four levels; each match seed is played once per seat
rotation (duplicate seating) with the referee's ``play_match``, and every pair
of seats at a table gives one result per match: the lower final total wins,
the same total is a draw. From those pair results a Bradley-Terry model on the
Glicko-2 scale (the chance that A beats B is 1 / (1 + exp(-(a - b) / 173.7178)))
is fitted by maximum likelihood (Hunter's MM iteration, a draw counts half a
win each way), with ``normal`` anchored at 1500. Each level's deviation is the
standard error from the fit's information (the anchor's is that of the pairs
it was in) — too small, because the pairs of one match are not independent — so
each level's 95% interval is also given by resampling whole match seeds table by
table and fitting again (``--draws``). ``--save`` keeps a run's pair results and
``--load`` pools earlier runs (``--matches 0`` to fit only what was saved).

A level rated from whole games of one of it against three of another (the tournament's
``--match`` mode, ``--bots expert,hard,hard,hard --json``) comes in with ``--fours FILE
...``: winning one game of four against three equals with chance w is, on the same
scale, a step of 173.7178 · ln(3w / (1 − w)) over the three (one winner of four,
Plackett-Luce), added to their fitted rating; its interval resamples those files (each
a run of whole match seeds) inside the same bootstrap draws. The ladder is then printed
lowest first, each level with its step over the one below. These are the ratings
``swoop_desktop/progress/rating.py`` rates your games against. The hard bot does a fixed ``--worlds`` of work per
decision with no clock, so the figures do not depend on how busy the machine
is; the run lowers its own priority. Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.ai.search import DEFAULT_WORLDS, SHARP_KNOBS  # noqa: E402
from swoop_desktop.engine import Rules  # noqa: E402
from swoop_desktop.progress.rating import SCALE, START_RATING  # noqa: E402
from swoop_desktop.referee.caps import DEFAULT_CAP  # noqa: E402
from swoop_desktop.referee.matches import (  # noqa: E402
    MatchTally,
    match_seed,
    parse_bot,
    play_match,
)

TABLES = "hard,normal,easy,easy/hard,hard,normal,easy/hard,normal,normal,easy"
ANCHOR = "normal"
#: The game's level that a measured player is, where the name does not say it: the hard
#: search at the sharp level's and at hard's own work.
SHIPPED = {f"hard@{SHARP_KNOBS['max_worlds']}": "sharp", f"hard@{DEFAULT_WORLDS}": "hard"}
#: The ladder's widest step between neighbours.
WIDEST_STEP = 150


def is_level(name: str) -> bool:
    """A level of the game (``easy``, ``expert``, the hard search at a shipped level's
    work), not a measured player of other work (``hard@16``)."""
    return "@" not in name or name in SHIPPED


def _worlds(spec: str, worlds: int) -> int:
    """``hard@48``: this seat's hard bot searches 48 worlds (the default is ``--worlds``)."""
    _, at, n = spec.partition("@")
    return int(n) if at else worlds


def play(
    tables: list[list[str]], matches: int, seed: int, worlds: int
) -> list[tuple[int, int, str, str, float]]:
    """Every pair result of every table: (table, match seed, level a, level b, a's score
    against b). The results of one match seed (its four seatings) go together."""
    rules = Rules.from_preset("app")
    results: list[tuple[int, int, str, str, float]] = []
    for t, table in enumerate(tables):
        bots = [
            parse_bot(spec.partition("@")[0], seed * 1000 + t * 10 + i, None, _worlds(spec, worlds))
            for i, spec in enumerate(table)
        ]
        n = len(table)
        for m in range(matches):
            s = match_seed(seed + t, m)
            for rot in range(n):
                seating = [(seat - rot) % n for seat in range(n)]
                tallies = [MatchTally(seat_matches=[0] * n, seat_wins=[0.0] * n) for _ in table]
                capped = play_match(rules, bots, seating, s, DEFAULT_CAP, tallies, [])
                if capped:
                    continue
                totals = [t_.points for t_ in tallies]  # each entry's final total
                for i in range(n):
                    for j in range(n):
                        a, b = table[i], table[j]
                        if i == j or a == b:
                            continue
                        score = (
                            1.0 if totals[i] < totals[j] else 0.5 if totals[i] == totals[j] else 0.0
                        )
                        results.append((t, m, a, b, score))
    return results


def pairs_of(results: Sequence[Sequence[Any]]) -> dict[tuple, list]:
    """(level a, level b) -> a's scores against b."""
    pairs: dict[tuple[str, str], list[float]] = {}
    for *_, a, b, score in results:
        pairs.setdefault((a, b), []).append(float(score))
    return pairs


def load_fours(names: Sequence[str]) -> list[tuple[str, str, float, int]]:
    """Each file's whole games of one level against three of another: (level, the three's
    level, the one's wins, games). A file is a tournament report (``--match``, ``--json``)
    or the same four figures as {"level", "against", "wins", "games"}."""
    out = []
    for name in names:
        saved = json.loads(Path(name).read_text(encoding="utf-8"))
        if "entries" not in saved:
            out.append(
                (saved["level"], saved["against"], float(saved["wins"]), int(saved["games"]))
            )
            continue
        bots = [e["bot"] for e in saved["entries"]]
        ones = [e for e in saved["entries"] if bots.count(e["bot"]) == 1]
        others = {b for b in bots if bots.count(b) == len(bots) - 1}
        if len(ones) != 1 or len(others) != 1:
            raise SystemExit(f"{name}: not one level against three of another ({bots})")
        against = others.pop()
        if "@" not in against and against == "hard" and saved.get("worlds"):
            against = f"hard@{saved['worlds']}"
        out.append((ones[0]["bot"], against, float(ones[0]["wins"]), int(ones[0]["games"])))
    return out


def step_over_three(wins: float, games: int) -> float:
    """The rating step of a level that wins ``wins`` of ``games`` against three equals."""
    w = min(max(wins / games, 1e-6), 1 - 1e-6)
    return SCALE * math.log(3 * w / (1 - w))


def add_fours(
    ratings: dict[str, float], fours: Sequence[tuple[str, str, float, int]]
) -> dict[str, float]:
    """``ratings`` with each level rated from whole games of four put in."""
    out = dict(ratings)
    for (level, against), (wins, games, _runs) in summed_fours(fours).items():
        if against in out and games:
            out[level] = out[against] + step_over_three(wins, games)
    return out


def summed_fours(
    fours: Sequence[tuple[str, str, float, int]],
) -> dict[tuple[str, str], tuple[float, int, int]]:
    """(level, the three's level) -> the one's wins, games and runs, summed over runs."""
    out: dict[tuple[str, str], tuple[float, int, int]] = {}
    for level, against, wins, games in fours:
        w, g, r = out.get((level, against), (0.0, 0, 0))
        out[(level, against)] = (w + wins, g + games, r + 1)
    return out


def bootstrap(
    results: Sequence[Sequence[Any]],
    draws: int = 300,
    seed: int = 0,
    fours: Sequence[tuple[str, str, float, int]] = (),
) -> list[dict[str, float]]:
    """Every level's rating in each of ``draws`` resamples: whole match seeds (with every
    seating and pair of each) drawn again table by table and fitted again. The pairs of one
    match are not independent (the same deal, the same four players), so the fit's own
    deviation is too small; the seeds are. Whole games of four are resampled run by run
    in each draw."""
    clusters: dict[Any, dict[Any, list[Sequence[Any]]]] = {}
    for r in results:
        table, match = r[0], r[1]
        clusters.setdefault(table, {}).setdefault(match, []).append(r)
    rng = random.Random(seed)
    out = []
    for _ in range(draws):
        drawn: list[Sequence[Any]] = []
        for by_match in clusters.values():
            keys = list(by_match)
            for _k in keys:
                drawn += by_match[rng.choice(keys)]
        fitted = {level: r for level, (r, _) in fit(pairs_of(drawn)).items()}
        runs = [fours[rng.randrange(len(fours))] for _ in fours]
        out.append(add_fours(fitted, runs))
    return out


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The middle 95% of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return (float("nan"), float("nan"))
    return (ordered[int(0.025 * len(ordered))], ordered[int(0.975 * len(ordered)) - 1])


def intervals_of(
    ratings: dict[str, tuple[float, float]], draws: Sequence[dict[str, float]]
) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[float, float]]]:
    """Each level's 95% interval, and that of its step over the level below it (the
    levels ordered by ``ratings``), from the same draws."""
    levels = sorted(ratings, key=lambda lv: ratings[lv][0])
    each = {lv: interval([d[lv] for d in draws if lv in d]) for lv in levels}
    levels = [lv for lv in levels if is_level(lv)]
    steps = {
        high: interval([d[high] - d[low] for d in draws if high in d and low in d])
        for low, high in zip(levels, levels[1:], strict=False)
    }
    return each, steps


def fit(pairs: dict[tuple, list]) -> dict[str, tuple[float, float]]:
    """Bradley-Terry by MM (Hunter 2004) -> level: (rating, deviation), ANCHOR at 1500."""
    levels = sorted({a for a, _ in pairs} | {b for _, b in pairs})
    strength = {lv: 1.0 for lv in levels}
    for _ in range(2000):
        new = {}
        before = dict(strength)
        for i in levels:
            wins = sum(sum(pairs.get((i, j), [])) for j in levels if j != i)
            denom = sum(
                len(pairs.get((i, j), [])) / (strength[i] + strength[j]) for j in levels if j != i
            )
            new[i] = max(wins, 0.5) / denom if denom else strength[i]
        total = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {k: v / total for k, v in new.items()}
        if max(abs(math.log(strength[k] / before[k])) for k in strength) < 1e-9:
            break
    base = math.log(strength[ANCHOR]) if ANCHOR in strength else 0.0
    out = {}
    for i in levels:
        mu = math.log(strength[i]) - base
        info = 0.0
        for j in levels:
            if j == i:
                continue
            n = len(pairs.get((i, j), []))
            p = strength[i] / (strength[i] + strength[j])
            info += n * p * (1 - p)
        se = 1 / math.sqrt(info) if info else float("inf")
        out[i] = (START_RATING + SCALE * mu, SCALE * se)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=6, help="match seeds per table")
    parser.add_argument("--worlds", type=int, default=8, help="hard bot worlds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", default=TABLES, help="tables of four levels, split by /")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--save", help="write this run's results to FILE (JSON), to pool later")
    parser.add_argument("--load", nargs="*", default=[], help="earlier runs' files to pool in")
    parser.add_argument(
        "--draws", type=int, default=300, help="bootstrap draws over match seeds (0: none)"
    )
    parser.add_argument(
        "--fours",
        nargs="*",
        default=[],
        help="runs of one level against three of another (tournament --match --json)",
    )
    args = parser.parse_args(argv)
    try:
        os.nice(10)
    except (AttributeError, OSError):
        pass
    tables = [t.split(",") for t in args.tables.split("/")]
    started = time.perf_counter()
    results: list[Any] = []
    if args.load:  # earlier runs' results, pooled (each run's tables kept apart)
        for k, name in enumerate(args.load):
            saved = json.loads(Path(name).read_text(encoding="utf-8"))
            results += [[f"{k}:{r[0]}", *r[1:]] for r in saved["results"]]
    if args.matches > 0:
        new = play(tables, args.matches, args.seed, args.worlds)
        if args.save:
            Path(args.save).write_text(
                json.dumps(
                    {
                        "tables": args.tables,
                        "matches": args.matches,
                        "seed": args.seed,
                        "worlds": args.worlds,
                        "results": new,
                    }
                ),
                encoding="utf-8",
            )
        results += [[f"new:{r[0]}", *r[1:]] for r in new]
    pairs = pairs_of(results)
    ratings = fit(pairs)
    fours = load_fours(args.fours)
    for level, rating in add_fours({k: r for k, (r, _) in ratings.items()}, fours).items():
        if level not in ratings:
            ratings[level] = (rating, float("nan"))
    draws = bootstrap(results, args.draws, fours=fours) if args.draws else []
    intervals, steps = intervals_of(ratings, draws) if draws else ({}, {})
    seconds = round(time.perf_counter() - started, 1)
    if args.json:
        print(
            json.dumps(
                {
                    "ratings": {k: [round(r), round(d)] for k, (r, d) in ratings.items()},
                    "intervals": {k: [round(lo), round(hi)] for k, (lo, hi) in intervals.items()},
                    "steps": {k: [round(lo), round(hi)] for k, (lo, hi) in steps.items()},
                    "pairs": {f"{a}>{b}": [sum(v), len(v)] for (a, b), v in sorted(pairs.items())},
                    "fours": [list(f) for f in fours],
                    "seconds": seconds,
                }
            )
        )
        return 0
    if args.matches > 0:
        print(
            f"tables {args.tables}, {args.matches} match seeds each x 4 seat rotations, "
            f"hard {args.worlds} worlds, seed {args.seed}"
            + (f", with {len(args.load)} earlier run(s)" if args.load else "")
        )
    else:
        print(f"pooled from {len(args.load)} saved run(s)")
    for (a, b), v in sorted(pairs.items()):
        print(f"  {a:>6} vs {b:<6} {sum(v):6.1f} / {len(v):4d} = {sum(v) / len(v) * 100:5.1f}%")
    for (level, against), (wins, games, runs) in summed_fours(fours).items():
        print(f"  {level} vs three {against}: {wins:g} of {games} games won ({runs} runs)")
    print(ladder(ratings, intervals, steps))
    print(f"time: {seconds} s")
    return 0


def ladder(
    ratings: dict[str, tuple[float, float]],
    intervals: dict[str, tuple[float, float]],
    steps: dict[str, tuple[float, float]] | None = None,
) -> str:
    """The levels lowest first: rating, the fit's ±, the 95% interval by match seeds, the
    step over the level below (marked where it is wider than the ladder allows) and that
    step's own 95% interval (above 0: the two are told apart). A measured player that is
    not a level of the game is shown without a step and left out of its neighbours'."""
    steps = steps or {}
    lines = ["level                rating  fit ±   95% by match seeds   step   its 95%"]
    below = None
    for level, (r, d) in sorted(ratings.items(), key=lambda kv: kv[1][0]):
        lo, hi = intervals.get(level, (float("nan"), float("nan")))
        name = f"{SHIPPED[level]} ({level})" if level in SHIPPED else level
        fit_pm = "   -" if math.isnan(d) else f"{d:4.0f}"
        step = ""
        if not is_level(level):
            step = "(not a level)"
        elif below is not None:
            step = f"{r - below:+5.0f}"
            if level in steps:
                step += f"  [{steps[level][0]:+.0f}, {steps[level][1]:+.0f}]"
            if r - below > WIDEST_STEP:
                step += f"  (over {WIDEST_STEP})"
        lines.append(f"{name:<18} {r:7.0f}  {fit_pm}   [{lo:5.0f}, {hi:5.0f}]       {step}")
        if is_level(level):
            below = r
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
