"""One voice of advice, measured: does the review call the hint's play good, does it name
every hint it parts from, and how long does a hint take?

    python benchmarks/advice_agreement.py [--decisions 300] [--seed 9000] [--json]

Plays whole games (app rules, to the target) with a normal bot in seat 0 against three
normal bots, and at each of seat 0's decisions with a real choice (spread over the games,
every decision of each game until ``--decisions`` are counted):

- asks the hint as the table does (:func:`swoop_desktop.ai.hint`: the review's first
  look, the game's seed and the decision's place), timing it (CPU and wall seconds);
- reviews the decision as if the player had followed the hint (the review's own work:
  48 re-deals, more while the choice and the best cannot be told apart) and counts it
  good when the review's label is "good" (an "unclear" one is counted not good);
- reviews it again with the player's own play, and counts how often the hint's play is
  more than the good line from the review's best and whether the verdict's words name it
  (the review must name every one);
- weighs the hint's play once more in fresh worlds (another seed) at four times the
  review's first look, with no early stop: how often the hint is good by a look that
  shares nothing with it (the honest measure of the hint's quality; the review's own
  figure above is good by construction where the player followed the hint, as the
  review's first look is the hint's). Counted twice: "good" as the review labels it (the
  whole range of the cost within the good line: a close call is "unclear", not good), and
  by the estimate alone (the cost itself within the good line).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.ai import hint, make_bot, observe  # noqa: E402
from swoop_desktop.ai.review import (  # noqa: E402
    REVIEW_WORLDS,
    _plain,
    assess,
    plain_json,
)
from swoop_desktop.ai.review_words.labels import LABELS, label_for, verdict_label  # noqa: E402
from swoop_desktop.engine import Match, Rules  # noqa: E402
from swoop_desktop.engine.observation import PublicHistory  # noqa: E402
from swoop_desktop.referee.review import decisions  # noqa: E402


def play(seed: int) -> Match:
    """A whole game of four normal bots, to the target."""
    match = Match(Rules.from_preset("app"), 4, seed)
    bots = [make_bot("normal", seed=seed * 10 + p) for p in range(4)]
    while not match.over:
        history = PublicHistory(4)
        history.feed(match.start_hand())
        while not match.hand_over:
            state = match.state
            assert state is not None
            p = state.to_move
            action = bots[p].choose(observe(state, p, history.copy()), state.legal_actions())
            history.feed(match.apply(action))
    return match


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--timing-only",
        action="store_true",
        help="only time the hints (no reviews): the seconds a player waits after H",
    )
    args = parser.parse_args()
    good = 0
    fresh_good = 0
    fresh_near = 0  # by the estimate alone: within the good line, whatever its range
    parted = 0  # the hint beyond the good line of the review's best (of the player's play)
    named = 0
    n = 0
    cpu: list[float] = []
    wall: list[float] = []
    games = 0
    seed = args.seed
    while n < args.decisions:
        match = play(seed)
        games += 1
        for d in decisions(match.rules, 4, seed, match.actions, 0):
            if n >= args.decisions:
                break
            c0, w0 = time.process_time(), time.perf_counter()
            given = hint(d.obs, list(d.legal), seed=seed, hand_no=d.hand_no, step=d.step)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
            if args.timing_only:
                n += 1
                continue
            followed = assess(replace(d, chosen=_plain(given.action)), seed=seed)
            good += followed.label == LABELS[0][0]
            own = assess(d, seed=seed)
            best = own.options[0].action
            if (
                own.hint != best
                and verdict_label(own.hint_cost, own.hint_low, own.hint_high) != (LABELS[0][0])
            ):
                parted += 1
                named += "The hint's quicker look suggests" in own.reason
            fresh = assess(
                replace(d, chosen=_plain(given.action)),
                REVIEW_WORLDS * 4,
                seed + 1_000_003,
                most=REVIEW_WORLDS * 4,
            )
            fresh_good += fresh.label == LABELS[0][0]
            fresh_near += label_for(fresh.cost) == LABELS[0][0]
            assert plain_json(given.action) == own.hint, "the hint is the review's first look"
            n += 1
        seed += 1
        print(f"... {n} decisions from {games} games", file=sys.stderr, flush=True)
    out = {
        "decisions": n,
        "games": games,
        "hint_good_by_the_review": round(good / n, 3),
        "hint_good_by_a_fresh_look_4x": round(fresh_good / n, 3),
        "hint_within_good_by_a_fresh_looks_estimate": round(fresh_near / n, 3),
        "hint_beyond_good_of_the_best": parted,
        "of_those_named_in_the_words": named,
        "hint_cpu_ms_p50": round(pct(cpu, 0.5) * 1000),
        "hint_cpu_ms_p95": round(pct(cpu, 0.95) * 1000),
        "hint_wall_ms_p95": round(pct(wall, 0.95) * 1000),
        "hint_wall_ms_max": round(max(wall) * 1000),
    }
    if args.timing_only:  # no reviews were run: only the times mean anything
        out = {k: v for k, v in out.items() if k in ("decisions", "games") or "_ms_" in k}
    if args.json:
        print(json.dumps(out))
    else:
        for k, v in out.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
