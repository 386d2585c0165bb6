"""How well each way of dealing the unseen cards guesses the other players' hands.

    python benchmarks/ai_inference.py [--deals 60] [--worlds 16] [--seed 0] [--only NAME ...]

Four normal bots play seeded deals (app rules, 4 players). At each of seat
0's decisions with a choice, each sampler deals ``--worlds`` worlds from seat
0's observation, and each world's hands are compared with the real ones (the
cards of each other hand that seat 0 has not seen):

- **overlap**: the share of a hand's unseen cards a world gets right by rank
  (the sum over ranks of the smaller count, over the hand's size);
- **points error**: how far the points of those cards (R15) are off;
- **can-play error**: for every rank x (not a Swoop card), how far the share
  of worlds in which the player holds a card that goes under x (a card at or
  below x, or a Swoop card) is from the truth (0 or 1).

Samplers: ``uniform`` (the engine's ``random_world``: facts only),
``floors`` (``WorldSampler`` as shipped: pick-up floors and gaps) and
``policy`` (``PolicyInference``: worlds weighted by how likely each player's
plays were, kept across the hand). Figures for all decisions, early ones
(fewer than 12 plays into the hand), mid-hand ones (12 to 39 plays) and late ones
(40 plays on); ``exact_share`` is the share of the policy sampler's decisions where it
weighed every possible placing of the unseen cards (endgames, ``EXACT_LIMIT``).
Prints figures; never passes or fails.
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
from swoop_desktop.ai.floors import WorldSampler  # noqa: E402
from swoop_desktop.ai.inference import PolicyInference  # noqa: E402
from swoop_desktop.engine import RANK_OF, Rules, new_deal  # noqa: E402
from swoop_desktop.engine.observation import Observation, PublicHistory, observe  # noqa: E402
from swoop_desktop.engine.playout import PlayoutState  # noqa: E402

SAMPLERS = ("uniform", "floors", "policy")


def _unseen_hand(state: PlayoutState, obs: Observation, p: int) -> list[int]:
    """Rank counts of the cards of ``p``'s hand that ``obs.seat`` has not seen."""
    counts = [0] * 15
    for c in state.hand_ids(p):
        counts[RANK_OF[c]] += 1
    for c in obs.known[p]:
        counts[RANK_OF[c]] -= 1
    return counts


def _can_go_under(counts: list[int], x: int, swoop: list[bool]) -> bool:
    return any(counts[r] for r in range(1, 15) if swoop[r] or r <= x)


def measure(
    deals: int,
    worlds: int,
    seed: int,
    only: tuple[str, ...],
    particles: int,
    moves: int,
    temperature: float | None = None,
    random_share: float | None = None,
) -> dict[str, dict[str, float]]:
    rules = Rules.from_preset("app")
    swoop = [rules.is_swoop_rank(r) for r in range(15)]
    points = [rules.card_points(r) if r else 0 for r in range(15)]
    xs = [x for x in range(1, 14) if not swoop[x]]
    rows: dict[str, dict[str, list[float]]] = {
        name: {
            k: []
            for k in ("overlap", "points", "can", "early", "mid", "mid_can", "late", "exact", "ms")
        }
        for name in only
    }
    bots = [NormalBot(seed=s) for s in range(4)]
    for deal in range(deals):
        state, events = new_deal(rules, 4, seed=seed * 100_000 + deal)
        history = PublicHistory(4)
        history.feed(events)
        model: dict[str, float] = {}
        if temperature is not None:
            model["temperature"] = temperature
        if random_share is not None:
            model["random_share"] = random_share
        inference = PolicyInference(bots[0].weights, particles=particles, moves=moves, **model)
        rng = random.Random(deal)
        while not state.is_over and state.plays < 300:
            p = state.to_move
            obs = observe(state, p, history)
            legal = state.legal_actions()
            if p == 0 and len(legal) > 1:
                _score(state, obs, rows, worlds, rng, inference, swoop, points, xs)
            history.feed(state.apply(bots[p].choose(obs, legal)))
    out: dict[str, dict[str, float]] = {}
    for name, r in rows.items():
        out[name] = {
            "decisions": len(r["ms"]),
            "overlap": round(statistics.fmean(r["overlap"]), 3),
            "early_overlap": round(statistics.fmean(r["early"]), 3) if r["early"] else -1,
            "mid_overlap": round(statistics.fmean(r["mid"]), 3) if r["mid"] else -1,
            "points_error": round(statistics.fmean(r["points"]), 2),
            "can_play_error": round(statistics.fmean(r["can"]), 3),
            "mid_can_play_error": round(statistics.fmean(r["mid_can"]), 3) if r["mid_can"] else -1,
            "late_overlap": round(statistics.fmean(r["late"]), 3) if r["late"] else -1,
            "late_decisions": len(r["late"]),
            "exact_share": round(statistics.fmean(r["exact"]), 3) if r["exact"] else -1,
            "ms_per_decision": round(statistics.fmean(r["ms"]), 2),
        }
    return out


def _score(state, obs, rows, worlds, rng, inference, swoop, points, xs) -> None:  # type: ignore[no-untyped-def]
    others = [q for q in range(obs.n) if q != obs.seat]
    truth = {q: _unseen_hand(state, obs, q) for q in others}
    for name, r in rows.items():
        start = time.perf_counter()
        if name == "uniform":
            dealt = [obs.random_world(rng) for _ in range(worlds)]
        elif name == "floors":
            sampler = WorldSampler(obs)
            dealt = [sampler.sample(rng) for _ in range(worlds)]
        else:
            inference.update(obs, rng)
            dealt = [inference.sample(rng) for _ in range(worlds)]
            r["exact"].append(float(inference.exact))
        r["ms"].append((time.perf_counter() - start) * 1000)
        overlaps, errs, cans = [], [], []
        for q in others:
            real = truth[q]
            size = sum(real)
            if not size:
                continue
            guesses = [_unseen_hand(w, obs, q) for w in dealt]
            for g in guesses:
                overlaps.append(sum(min(a, b) for a, b in zip(g, real, strict=True)) / size)
                errs.append(abs(sum(points[k] * (g[k] - real[k]) for k in range(15))))
            for x in xs:
                share = sum(_can_go_under(g, x, swoop) for g in guesses) / len(guesses)
                cans.append(abs(share - _can_go_under(real, x, swoop)))
        if not overlaps:
            continue
        ov, ca = statistics.fmean(overlaps), statistics.fmean(cans)
        r["overlap"].append(ov)
        r["points"].append(statistics.fmean(errs))
        r["can"].append(ca)
        if obs.plays < 12:
            r["early"].append(ov)
        elif obs.plays < 40:
            r["mid"].append(ov)
            r["mid_can"].append(ca)
        else:
            r["late"].append(ov)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--particles", type=int, default=None)
    parser.add_argument("--moves", type=int, default=None)
    parser.add_argument("--temperature", type=float, default=None, help="the opponent model's")
    parser.add_argument("--random-share", type=float, default=None, help="of random play")
    parser.add_argument("--only", nargs="*", choices=SAMPLERS, default=list(SAMPLERS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from swoop_desktop.ai.inference import MOVES, PARTICLES

    result = measure(
        args.deals,
        args.worlds,
        args.seed,
        tuple(args.only),
        PARTICLES if args.particles is None else args.particles,
        MOVES if args.moves is None else args.moves,
        args.temperature,
        args.random_share,
    )
    if args.json:
        print(json.dumps(result))
        return
    for name, figures in result.items():
        print(name)
        for key, value in figures.items():
            print(f"  {key:>20}: {value}")


if __name__ == "__main__":
    main()
