"""The AI strength and speed targets of issue 3, measured with the tournament harness.

    python benchmarks/ai_targets.py [--deals 1000] [--hard-deals 100] [--seed 1] [--only NAME]

Runs each matchup (duplicate deals over all seat rotations; a game is one
deal, won by the player who goes out) and prints entry 0's win rate with its
95% interval next to the target, then the decision times. Prints figures;
never passes or fails.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.ai.tournament import format_report, run  # noqa: E402

MATCHUPS = [
    # name, bots, target (win rate of entry 0, or None), hard?
    ("easy_vs_random", ["easy", "random", "random", "random"], ">= 35%", False),
    ("normal_vs_easy", ["normal", "easy", "easy", "easy"], ">= 33%", False),
    ("four_normal", ["normal"] * 4, "25 +- 2% every seat", False),
    ("four_easy", ["easy"] * 4, "25 +- 2% every seat", False),
    ("hard_vs_easy", ["hard", "easy", "easy", "easy"], ">= 40%", True),
    ("hard_vs_normal", ["hard", "normal", "normal", "normal"], ">= 31%", True),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--hard-deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="comma-separated matchup names")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    summary = []
    for name, bots, target, hard in MATCHUPS:
        if only and name not in only:
            continue
        deals = args.hard_deals if hard else args.deals
        report = run(bots, deals, seed=args.seed, progress=sys.stderr.isatty())
        print(f"## {name}: python -m swoop_desktop.ai.tournament --bots {','.join(bots)} "
              f"--deals {deals} --seed {args.seed}")
        print(format_report(report))
        print(flush=True)
        e = report["entries"][0]
        seats = " ".join(f"{w * 100:.1f}" for w in e["seat_win_rates"])
        summary.append(f"{name:<16} {e['win_rate'] * 100:5.1f}% "
                       f"[{e['ci95'][0] * 100:4.1f}, {e['ci95'][1] * 100:4.1f}]  "
                       f"target {target:<20} seats {seats}  "
                       f"ms p50/p95/max {e['decision_ms']['p50']}/{e['decision_ms']['p95']}/"
                       f"{e['decision_ms']['max']}  capped {report['capped']}")
    print("summary (entry 0):")
    print("\n".join(summary))


if __name__ == "__main__":
    main()
