"""The review of one whole recorded game, with and without the hindsight pass.

    python benchmarks/review_game.py [--seed 102] [--target 100] [--worlds 48] [--json]

Plays one whole game (App rules, the game to ``--target`` points, as the issue's
player did) with an easy bot in seat 0 (the reviewed seat) against three normal bots,
then reviews seat 0's decisions as the Review screen does (``review_decisions`` at
review strength): once without the hindsight pass (the review a player waits for) and
once with it (what Show all cards adds), timing each. It prints the decisions, the
seconds of each run and per decision, and the labels. A benchmark, never a test: it
reports figures and never passes or fails.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from review_figures import play  # noqa: E402

from swoop_desktop.ai.review import REVIEW_WORLDS, review_decisions  # noqa: E402
from swoop_desktop.referee.review import decisions  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=102)
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=REVIEW_WORLDS)
    parser.add_argument("--count", action="store_true", help="only count the decisions")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    match = play(args.seed, target=args.target)
    found = decisions(match.rules, 4, match.seed, match.actions)
    out: dict[str, object] = {"hands": len(match.actions), "decisions": len(found)}
    if not args.count:
        for hindsight in (False, True):
            start = time.perf_counter()
            result = review_decisions(found, args.worlds, hindsight=hindsight)
            seconds = time.perf_counter() - start
            name = "with_hindsight" if hindsight else "without_hindsight"
            out[f"{name}_seconds"] = round(seconds, 1)
            out[f"{name}_seconds_per_decision"] = round(seconds / max(1, len(found)), 2)
            if not hindsight:
                out["labels"] = dict(Counter(v.label for v in result.verdicts))
                out["worlds_per_decision_mean"] = round(
                    sum(v.worlds for v in result.verdicts) / max(1, len(found)), 1
                )
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
