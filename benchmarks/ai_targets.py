"""The AI strength targets, measured with the tournament harness: whole games first, then deals.

    python benchmarks/ai_targets.py [--matches 200] [--hard-matches 50] [--worlds 48]
        [--deals 0] [--hard-deals 100] [--seed 1] [--jobs 2 | --cluster tcp://host:8786]
        [--only NAME,...]

Match figures (``--match``): whole games to the rules' target, each match
seed played once per seat rotation (duplicate seating); entry 0's match win
rate (a tie for the lowest total is shared) with its 95% interval and its
points margin per hand (own points minus the mean of the others at the
table; lower is better), next to the target. The hard bot does a fixed
``--worlds`` of work per decision with no clock, so the figures do not
depend on how busy the machine is. The matches are played on Dask (``--jobs N``: a
LocalCluster of N processes here; ``--cluster ADDRESS``: a scheduler's workers on any
machines; the figures are those of ``--jobs 1``), the optional extra
``pip install "swoop-desktop[cluster]"``. Deal figures follow (a game is one deal,
won by the player who goes out) when ``--deals`` is above 0. Prints
figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.ai.search import DEFAULT_WORLDS  # noqa: E402
from swoop_desktop.referee.cluster import ClusterError  # noqa: E402
from swoop_desktop.referee.tournament import (  # noqa: E402
    format_match_report,
    format_report,
    run,
    run_matches,
)

MATCHUPS = [
    # name, bots, target for entry 0, hard?
    ("easy_vs_random", ["easy", "random", "random", "random"], ">= 90% of matches", False),
    ("normal_vs_easy", ["normal", "easy", "easy", "easy"], ">= 60% of matches", False),
    (
        "hard_vs_normal",
        ["hard", "normal", "normal", "normal"],
        ">= 40% of matches, margin <= -4",
        True,
    ),
    ("hard_vs_easy", ["hard", "easy", "easy", "easy"], "above normal_vs_easy", True),
    ("four_normal", ["normal"] * 4, "25 +- 3% every seat", False),
    ("four_easy", ["easy"] * 4, "25 +- 3% every seat", False),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="0: no match figures")
    parser.add_argument("--hard-matches", type=int, default=50)
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--deals", type=int, default=0, help="deal figures too (0: none)")
    parser.add_argument("--hard-deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--jobs", type=int, default=2, help="worker processes of a Dask LocalCluster (niced)"
    )
    parser.add_argument(
        "--cluster", default=None, metavar="ADDRESS", help="a Dask scheduler, tcp://host:8786"
    )
    parser.add_argument("--only", default=None, help="comma-separated matchup names")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    summary = []
    chosen = [m for m in MATCHUPS if not only or m[0] in only]
    for name, bots, target, hard in chosen:
        matches = args.hard_matches if hard else args.matches
        if matches <= 0:
            continue
        try:
            report = run_matches(
                bots,
                matches,
                seed=args.seed,
                worlds=args.worlds,
                jobs=args.jobs,
                progress=sys.stderr.isatty(),
                cluster=args.cluster,
            )
        except ClusterError as exc:
            sys.exit(f"error: {exc}")
        where = f"--cluster {args.cluster}" if args.cluster else f"--jobs {args.jobs}"
        print(
            f"## {name}: python -m swoop_desktop.referee.tournament --bots {','.join(bots)} "
            f"--match {matches} --seed {args.seed} --worlds {args.worlds} {where}"
        )
        print(format_match_report(report))
        print(flush=True)
        e = report["entries"][0]
        seats = " ".join(f"{w * 100:.1f}" for w in e["seat_win_rates"])
        summary.append(
            f"{name:<16} matches {e['match_win_rate'] * 100:5.1f}% "
            f"[{e['match_ci95'][0] * 100:4.1f}, {e['match_ci95'][1] * 100:4.1f}]  "
            f"margin {e['points_margin']:+5.1f}  pts/hand {e['mean_points']:4.1f}  "
            f"target {target:<32} seats {seats}  "
            f"ms p50/p95/max {e['decision_ms']['p50']}/{e['decision_ms']['p95']}/"
            f"{e['decision_ms']['max']}  capped {report['capped']}"
        )
    if args.deals > 0:
        for name, bots, _target, hard in chosen:
            deals = args.hard_deals if hard else args.deals
            if deals <= 0:
                continue
            report = run(
                bots, deals, seed=args.seed, progress=sys.stderr.isatty(), worlds=args.worlds
            )
            print(
                f"## {name} (deals): python -m swoop_desktop.referee.tournament --bots "
                f"{','.join(bots)} --deals {deals} --seed {args.seed} --worlds {args.worlds}"
            )
            print(format_report(report))
            print(flush=True)
            e = report["entries"][0]
            summary.append(
                f"{name + ' deals':<22} out first {e['win_rate'] * 100:5.1f}% "
                f"[{e['ci95'][0] * 100:4.1f}, {e['ci95'][1] * 100:4.1f}]  "
                f"margin {e['points_margin']:+5.1f}  pts/deal {e['mean_points']:4.1f}"
            )
    print("summary (entry 0):")
    print("\n".join(summary))


if __name__ == "__main__":
    main()
