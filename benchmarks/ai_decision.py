"""Time single bot decisions: the hard bot's search and the normal bot's scoring.

    python benchmarks/ai_decision.py [--positions 50] [--worlds 48] [--normal-repeat 20] [--json]
    python benchmarks/ai_decision.py --followed 6 [--worlds 48] [--inference floors] [--halve-from 4] [--json]
    python benchmarks/ai_decision.py --followed 3 --options max_worlds=160,halve_from=12 [--json]
    python benchmarks/ai_decision.py --followed 6 --expert [--json]
    python benchmarks/ai_decision.py --followed 4 --worlds 72 --players 8 [--json]

The positions are reached by seeded random play (app rules, ``--players``: 4), each
seen by the player to move with the public history, as at the table; only
positions with a choice to make are kept. The hard bot searches exactly
``--worlds`` worlds with no clock, so the work is the same on every run and
only the time differs. The normal bot scores every position ``--normal-repeat``
times. Each of these decisions starts the hard bot's inference afresh (as the
Hint button and the review do).

``--followed N``: the hard bot sits in seat 0 against normal bots (three at a table of four) for
N seeded deals and every one of its decisions is timed, as at the table,
where its inference follows the hand from one decision to the next.

``--options KEY=VALUE,...`` sets any of ``HardBot``'s options (as ``ai_paired.py``'s
``--a``), over ``--worlds`` and ``--halve-from``; ``--expert`` sets the expert level's knobs (``EXPERT_KNOBS``), with
``--options`` over them.

``--followed`` also gives the search's work, which no machine changes: the play-out
steps of the 95th-percentile decision (``steps_p95``; ``HardBot.last_steps``) and the
worlds a decision on average (``worlds_mean``; more than ``--worlds`` with a
``step_budget``).

Times are wall-clock and CPU (``process_time``, which a busy machine inflates
less). Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import knob_options  # noqa: E402

from swoop_desktop.ai.bots import NormalBot  # noqa: E402
from swoop_desktop.ai.search import EXPERT_KNOBS, HALVE_FROM, HardBot  # noqa: E402
from swoop_desktop.engine import Action, Rules, new_deal  # noqa: E402
from swoop_desktop.engine.observation import Observation, PublicHistory, observe  # noqa: E402
from swoop_desktop.engine.playout import OVER  # noqa: E402


def positions(
    count: int, seed: int = 0, players: int = 4
) -> list[tuple[Observation, list[Action]]]:
    """``count`` positions with at least two legal actions, from seeded random play."""
    out: list[tuple[Observation, list[Action]]] = []
    rules = Rules.from_preset("app")
    deal = seed
    while len(out) < count:
        state, events = new_deal(rules, players, seed=deal)
        history = PublicHistory(players)
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


def followed(
    deals: int,
    worlds: int,
    seed: int,
    inference: str,
    halve_from: int = HALVE_FROM,
    options: dict[str, object] | None = None,
    players: int = 4,
) -> dict[str, float]:
    """Time every decision of a hard bot in seat 0 through whole deals against three normal."""
    rules = Rules.from_preset("app")
    wall: list[float] = []
    cpu: list[float] = []
    steps: list[int] = []  # play-out steps a decision (the search's work, machine-free)
    worlds_played: list[int] = []
    for deal in range(deals):
        state, events = new_deal(rules, players, seed=seed * 1000 + deal)
        history = PublicHistory(players)
        history.feed(events)
        kwargs: dict[str, object] = {
            "seed": deal,
            "max_worlds": worlds,
            "use_clock": False,
            "inference": inference,
            "halve_from": halve_from,
        }
        kwargs.update(options or {})
        bots: list[NormalBot] = [HardBot(**kwargs)]  # type: ignore[arg-type]
        bots += [NormalBot(seed=s) for s in range(1, players)]
        while state.phase != OVER and state.plays < 300:
            p = state.to_move
            obs = observe(state, p, history)
            legal = state.legal_actions()
            w0, c0 = time.perf_counter(), time.process_time()
            action = bots[p].choose(obs, legal)
            if p == 0 and len(legal) > 1:
                wall.append((time.perf_counter() - w0) * 1000)
                cpu.append((time.process_time() - c0) * 1000)
                hard = cast(HardBot, bots[0])
                steps.append(hard.last_steps)
                worlds_played.append(hard.last_worlds)
            history.feed(state.apply(action))
    wall.sort()
    cpu.sort()
    steps.sort()

    def pct(xs: list[float], q: float) -> float:
        return round(xs[min(len(xs) - 1, int(q * len(xs)))], 1)

    return {
        "decisions": len(wall),
        "wall_ms_p50": pct(wall, 0.5),
        "wall_ms_p95": pct(wall, 0.95),
        "wall_ms_max": round(wall[-1], 1),
        "cpu_ms_p50": pct(cpu, 0.5),
        "cpu_ms_p95": pct(cpu, 0.95),
        "cpu_ms_max": round(cpu[-1], 1),
        "steps_p95": steps[min(len(steps) - 1, int(0.95 * len(steps)))],
        "worlds_mean": round(statistics.fmean(worlds_played), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--worlds", type=int, default=48)
    parser.add_argument("--normal-repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--followed", type=int, default=0, help="deals of hard vs normal bots")
    parser.add_argument("--players", type=int, default=4, help="the table's size, 3 to 8")
    parser.add_argument("--inference", choices=("policy", "floors"), default="policy")
    parser.add_argument(
        "--halve-from", type=int, default=HALVE_FROM, help="worlds before the first halving"
    )
    parser.add_argument(
        "--options", default="", help="the hard bot's options, KEY=VALUE,... (over the above)"
    )
    parser.add_argument(
        "--expert", action="store_true", help="the expert level's knobs (EXPERT_KNOBS)"
    )
    args = parser.parse_args()
    options: dict[str, object] = dict(EXPERT_KNOBS) if args.expert else {}
    options.update(knob_options(args.options))
    if args.followed:
        figures = followed(
            args.followed,
            args.worlds,
            args.seed,
            args.inference,
            args.halve_from,
            options,
            args.players,
        )
        print(json.dumps(figures) if args.json else figures)
        return
    cases = positions(args.positions, args.seed, args.players)

    hard_ms: list[float] = []
    hard_cpu: list[float] = []
    worlds = 0
    for i, (obs, legal) in enumerate(cases):
        kwargs: dict[str, object] = {
            "seed": i,
            "max_worlds": args.worlds,
            "use_clock": False,
            "halve_from": args.halve_from,
        }
        kwargs.update(options)
        bot = HardBot(**kwargs)  # type: ignore[arg-type]
        start, cpu = time.perf_counter(), time.process_time()
        bot.choose(obs, legal)
        hard_ms.append((time.perf_counter() - start) * 1000)
        hard_cpu.append((time.process_time() - cpu) * 1000)
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
        "hard_cpu_ms_median": round(statistics.median(hard_cpu), 2),
        "hard_cpu_ms_p95": round(sorted(hard_cpu)[int(0.95 * len(hard_cpu))], 2),
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
