"""Engine throughput: random legal play, one process. Prints figures, never pass/fail.

    python benchmarks/engine_throughput.py [--deals 2000] [--players 4] [--preset app] [--json]

Each deal: new_deal, then repeatedly legal_actions() and a random choice
played with the unchecked fast path, until someone goes out.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.engine import Rules, new_deal  # noqa: E402


def run(deals: int, players: int, preset: str, seed: int) -> dict[str, float]:
    rules = Rules.from_preset(preset)
    rng = random.Random(seed)
    plays = 0
    start = time.perf_counter()
    for d in range(deals):
        state, _ = new_deal(rules, players, seed + d)
        while not state.is_over:
            state.apply_fast(rng.choice(state.legal_actions()))
            plays += 1
    elapsed = time.perf_counter() - start
    state, _ = new_deal(rules, players, seed)
    for _ in range(20):
        state.apply_fast(rng.choice(state.legal_actions()))
    clones = 20000
    t0 = time.perf_counter()
    for _ in range(clones):
        state.clone()
    clone_s = time.perf_counter() - t0
    return {
        "deals_per_s": round(deals / elapsed, 1),
        "us_per_play": round(elapsed / plays * 1e6, 2),
        "plays_per_deal": round(plays / deals, 1),
        "us_per_clone": round(clone_s / clones * 1e6, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="app")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.deals, args.players, args.preset, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>15}: {value}")


if __name__ == "__main__":
    main()
