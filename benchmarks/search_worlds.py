"""How many worlds the hard bot and the expert search, decision by decision, through a hand.

    python benchmarks/search_worlds.py [--deals 4] [--seed 7000] [--json]

Four normal bots play seeded deals (app rules, 4 players). At each of seat 0's decisions
with a choice, a hard bot and an expert (as the table makes them, no clock) choose, and
the worlds each searched are counted: early in the hand (before the 20th play), mid-hand
(20 to 39) and late (40 on), where the step budget deals more worlds because play-outs
are short. A level must never search fewer worlds than the level below it.
Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.ai.bots import NormalBot  # noqa: E402
from swoop_desktop.ai.make import make_bot  # noqa: E402
from swoop_desktop.engine import Rules, new_deal  # noqa: E402
from swoop_desktop.engine.observation import PublicHistory, observe  # noqa: E402
from swoop_desktop.engine.playout import OVER  # noqa: E402

PHASES = (("early", 0, 20), ("mid", 20, 40), ("late", 40, 10_000))


def measure(deals: int, seed: int) -> dict[str, object]:
    rules = Rules.from_preset("app")
    rows: list[tuple[int, int, int]] = []  # (plays into the hand, hard's worlds, expert's)
    for deal in range(deals):
        state, events = new_deal(rules, 4, seed=seed + deal)
        history = PublicHistory(4)
        history.feed(events)
        normal = [NormalBot(seed=s) for s in range(4)]
        hard = make_bot("hard", seed=deal, use_clock=False)
        expert = make_bot("expert", seed=deal, use_clock=False)
        while state.phase != OVER and state.plays < 300:
            p = state.to_move
            obs = observe(state, p, history)
            legal = state.legal_actions()
            if p == 0 and len(legal) > 1:
                hard.choose(obs, legal)
                expert.choose(obs, legal)
                if hard.last_worlds or expert.last_worlds:
                    rows.append((state.plays, hard.last_worlds, expert.last_worlds))
            history.feed(state.apply(normal[p].choose(obs, legal)))
    out: dict[str, object] = {
        "decisions": len(rows),
        "hard_searched_more": sum(1 for _, h, e in rows if h > e),
    }
    for name, low, high in PHASES:
        part = [(h, e) for plays, h, e in rows if low <= plays < high]
        if part:
            out[name] = {
                "decisions": len(part),
                "hard_worlds_mean": round(sum(h for h, _ in part) / len(part), 1),
                "expert_worlds_mean": round(sum(e for _, e in part) / len(part), 1),
                "hard_searched_more": sum(1 for h, e in part if h > e),
            }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.deals, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")


if __name__ == "__main__":
    main()
