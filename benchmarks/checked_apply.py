"""Checked play with events: what the table and the command line pay per action.

    python benchmarks/checked_apply.py [--deals 400] [--repeat 3] [--players 4] [--preset app]
                                       [--src DIR] [--json]

The loop: for each deal, new_deal(rules, players, seed), then ``state.apply(
rng.choice(state.legal_actions()))`` with ``rng = random.Random(seed)`` until
someone goes out, so every run plays the same deals (``deals_per_s``,
``us_per_play``: the whole loop, the choice of action included).

The split: the same deals' actions, recorded, are played again three ways and
timed per action: ``apply`` (check, play, events), ``check`` then ``apply_fast``,
and ``apply_fast`` alone. The differences are the cost of the events
(``events_us``) and of the check (``check_us``).

Each figure is the best of ``--repeat`` runs (the least disturbed by other
work on the machine). Prints figures, never pass/fail.

``--src DIR`` imports ``swoop_desktop`` from another checkout (for example an
older commit unpacked with ``git archive``), so two versions can be timed
one after the other under the same load.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path


def run(deals: int, players: int, preset: str) -> dict[str, float]:
    from swoop_desktop.engine import Rules, new_deal

    rules = Rules.from_preset(preset)
    plays = 0
    events = 0
    start = time.perf_counter()
    for seed in range(deals):
        state, _ = new_deal(rules, players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            events += len(state.apply(rng.choice(state.legal_actions())))
            plays += 1
    elapsed = time.perf_counter() - start
    return {
        "deals_per_s": round(deals / elapsed, 1),
        "us_per_play": round(elapsed / plays * 1e6, 2),
        "plays_per_deal": round(plays / deals, 1),
        "events_per_play": round(events / plays, 2),
    }


def split(deals: int, players: int, preset: str, repeat: int) -> dict[str, float]:
    from swoop_desktop.engine import Rules, new_deal

    rules = Rules.from_preset(preset)
    games = []
    for seed in range(deals):
        state, _ = new_deal(rules, players, seed)
        rng = random.Random(seed)
        walk = state.clone()
        actions = []
        while not walk.is_over:
            action = rng.choice(walk.legal_actions())
            actions.append(action)
            walk.apply_fast(action)
        games.append((state, actions))

    def per_action(way: str) -> float:
        best = float("inf")
        for _ in range(max(1, repeat)):
            elapsed = 0.0
            count = 0
            for start, actions in games:
                state = start.clone()
                t0 = time.perf_counter()
                if way == "apply":
                    for action in actions:
                        state.apply(action)
                elif way == "check":
                    for action in actions:
                        state.check(action)
                        state.apply_fast(action)
                else:
                    for action in actions:
                        state.apply_fast(action)
                elapsed += time.perf_counter() - t0
                count += len(actions)
            best = min(best, elapsed / count * 1e6)
        return best

    apply_us, checked_us, fast_us = (per_action(w) for w in ("apply", "check", "fast"))
    return {
        "apply_us": round(apply_us, 2),
        "events_us": round(apply_us - checked_us, 2),
        "check_us": round(checked_us - fast_us, 2),
        "fast_us": round(fast_us, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="app")
    parser.add_argument("--src", help="import swoop_desktop from this directory")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    src = Path(args.src) if args.src else Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(src.resolve()))
    runs = [run(args.deals, args.players, args.preset) for _ in range(max(1, args.repeat))]
    result = max(runs, key=lambda r: r["deals_per_s"])
    result.update(split(args.deals, args.players, args.preset, args.repeat))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>15}: {value}")


if __name__ == "__main__":
    main()
