"""Tune the normal bot's feature weights by coordinate search against fixed opponents.

    python benchmarks/ai_tune.py --opponent normal --deals 150 --objective points [--start JSON]

Each step tries one weight scaled up and down (and flipped in sign when it
is small) and keeps a change only when the tuned bot does better in
duplicate deals against three copies of the opponent by more than
``--margin``: with ``--objective points`` (the default; what wins whole
games, R15/R16) better means a lower points margin per hand (own points
minus the mean of the others), with ``--objective wins`` a higher share of
deals gone out first. Prints every accepted change and the final weights as
JSON; it is a helper for choosing the shipped weights, never a test.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.ai import make_bot  # noqa: E402
from swoop_desktop.ai.features import BALANCED  # noqa: E402
from swoop_desktop.referee.tournament import run  # noqa: E402


def fitness(
    weights: dict[str, float], opponent: str, deals: int, seed: int, objective: str = "points"
) -> float:
    """Higher is better: the win rate, or minus the points margin per hand / 100."""
    bots: list = [("tuned", make_bot("normal", seed=7, weights=weights))]
    bots += [opponent] * 3
    report = run(bots, deals, seed=seed)
    entry = report["entries"][0]
    if objective == "points":
        return -entry["points_margin"] / 100
    return entry["win_rate"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="highest")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--passes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--margin",
        type=float,
        default=0.01,
        help="least gain kept (0.01 = one point a hand for --objective points)",
    )
    parser.add_argument("--objective", choices=("points", "wins"), default="points")
    parser.add_argument("--start", default=None, help="starting weights as JSON")
    parser.add_argument("--only", default=None, help="comma-separated features to tune")
    args = parser.parse_args()
    weights = dict(BALANCED)
    if args.start:
        weights.update(json.loads(args.start))
    names = args.only.split(",") if args.only else [k for k in BALANCED if k != "out"]
    best = fitness(weights, args.opponent, args.deals, args.seed, args.objective)
    print(f"start: {best:.3f}", flush=True)
    for p in range(args.passes):
        for name in names:
            base = weights[name]
            trials = [base * 2, base * 0.5, base + 1.0, base - 1.0]
            if abs(base) < 0.5:
                trials.append(-base)
            for value in trials:
                trial = dict(weights)
                trial[name] = round(value, 3)
                rate = fitness(trial, args.opponent, args.deals, args.seed + p, args.objective)
                if rate > best + args.margin:
                    print(
                        f"pass {p}: {name} {base} -> {trial[name]}: {best:.3f} -> {rate:.3f}",
                        flush=True,
                    )
                    weights, best = trial, rate
                    break
    print(json.dumps(weights))


if __name__ == "__main__":
    main()
