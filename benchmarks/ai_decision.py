"""Time single bot decisions: the hard bot's search and the normal bot's scoring.

    python benchmarks/ai_decision.py [--positions 50] [--worlds 48] [--normal-repeat 20] [--json]

The positions are reached by seeded random play (app rules, 4 players), each
seen by the player to move with the public history, as at the table; only
positions with a choice to make are kept. The hard bot searches exactly
``--worlds`` worlds with no clock, so the work is the same on every run and
only the time differs. The normal bot scores every position ``--normal-repeat``
times. Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.ai.bots import NormalBot  # noqa: E402
from swoop_desktop.ai.search import HardBot  # noqa: E402
from swoop_desktop.engine import Action, Rules, new_deal  # noqa: E402
from swoop_desktop.engine.observation import Observation, PublicHistory, observe  # noqa: E402


def positions(count: int, seed: int = 0) -> list[tuple[Observation, list[Action]]]:
    """``count`` positions with at least two legal actions, from seeded random play."""
    out: list[tuple[Observation, list[Action]]] = []
    rules = Rules.from_preset("app")
    deal = seed
    while len(out) < count:
        state, events = new_deal(rules, 4, seed=deal)
        history = PublicHistory(4)
        history.feed(events)
        rng = random.Random(deal)
        plays = 10 + (deal * 7) % 60
        for _ in range(plays):
            if state.is_over:
                break
            before = state.clone()
            events = state.apply(rng.choice(state.legal_actions()))
            if state.is_over:
                state = before
                break
            history.feed(events)
        legal = state.legal_actions()
        if not state.is_over and len(legal) > 1:
            out.append((observe(state, state.to_move, history), legal))
        deal += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--worlds", type=int, default=48)
    parser.add_argument("--normal-repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cases = positions(args.positions, args.seed)

    hard_ms: list[float] = []
    worlds = 0
    for i, (obs, legal) in enumerate(cases):
        bot = HardBot(seed=i, max_worlds=args.worlds, use_clock=False)
        start = time.perf_counter()
        bot.choose(obs, legal)
        hard_ms.append((time.perf_counter() - start) * 1000)
        worlds += bot.last_worlds

    normal = NormalBot(seed=0)
    start = time.perf_counter()
    for _ in range(args.normal_repeat):
        for obs, legal in cases:
            normal.choose(obs, legal)
    normal_us = (time.perf_counter() - start) * 1e6 / (args.normal_repeat * len(cases))

    result = {
        "decisions": len(cases),
        "hard_total_s": round(sum(hard_ms) / 1000, 3),
        "hard_ms_median": round(statistics.median(hard_ms), 2),
        "hard_ms_mean": round(statistics.fmean(hard_ms), 2),
        "worlds_per_decision": round(worlds / len(cases), 1),
        "normal_us_per_decision": round(normal_us, 1),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>24}: {value}")


if __name__ == "__main__":
    main()
