"""Paired decisions: where two ways of inferring hidden hands make the hard bot choose
differently, which choice was better against the real hands?

    python benchmarks/ai_paired.py [--deals 20] [--worlds 48] [--truth 32] [--seed 0] [--truth-noise 0.3] [--json]
        [--a inference=floors] [--b inference=policy]

Four normal bots play seeded deals (app rules, 4 players). At each of seat
0's decisions with a choice, two hard bots that have followed the hand from
seat 0's observations choose: one dealing its worlds by floors and gaps
(``inference="floors"``), one by the policy-based inference (``"policy"``).
Where they disagree, a referee that knows the deal scores both choices: each
is played out ``--truth`` times from the real position (the same play-out
seeds for both; only the face-down and set-aside cards, which nobody knows,
are shuffled) and seat 0's points margin for the hand is averaged (own points
minus the others' mean; lower is better); in those play-outs every seat plays as
the normal bot's play-out policy with ``--truth-noise`` randomness (0: as the
normal bots of the deal play, nearly choice for choice). The figure is the mean difference
policy minus floors over all decisions (0 where they agree), with its
standard error. The deal goes on with the normal bot's choice, so both bots
see the same hands. ``--a`` and ``--b`` compare any two settings of the hard
bot instead (``KEY=VALUE,...`` of ``HardBot``'s options, e.g.
``--a confidence=1.0 --b confidence=0.5``); the figure is then b minus a.
``peek=1`` gives a bot the real hands (face-down and set-aside cards still
shuffled), the upper bound every inference is measured against:
``--a inference=floors --b peek=1`` is the whole gap a guess could close.
Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import knob_options  # noqa: E402

from swoop_desktop.ai.bots import NormalBot, action_rank  # noqa: E402
from swoop_desktop.ai.search import (  # noqa: E402
    HardBot,
    RolloutPolicy,
    _real_hands,  # the same shuffle of the unknown cards as the --peek upper bound
    points_margin,
)
from swoop_desktop.engine import Action, Add, End, Flip, Rules, new_deal  # noqa: E402
from swoop_desktop.engine.observation import Observation, PublicHistory, observe  # noqa: E402
from swoop_desktop.engine.playout import OVER, PlayoutState  # noqa: E402


def _margin(state: PlayoutState, action: Action, policy: RolloutPolicy, seeds: list[int]) -> float:
    total = 0.0
    for seed in seeds:
        rng = random.Random(seed)
        world = _real_hands(state, rng)
        world.apply_fast(action)
        for _ in range(300):
            if world.phase == OVER:
                break
            world.apply_fast(policy.act(world, rng))
        total += points_margin(world, 0)
    return total / len(seeds)


def _kind(obs: Observation, action: Action) -> str:
    """What an action does, in a player's words: under, pickup, swoop card, flip, add, end."""
    if isinstance(action, (Flip, End, Add)):
        return type(action).__name__.lower()
    r = action_rank(obs, action)
    if obs.rules.is_swoop_rank(r):
        return "swoop card"
    return "under" if not obs.pile or r <= obs.top else "pickup"


def _bot(deal: int, worlds: int, text: str, state: PlayoutState) -> HardBot:
    """A hard bot with ``text``'s options; ``peek=1`` hands it the real hands (the upper
    bound of the tournament's ``--peek``: face-down and set-aside cards still unknown)."""
    options = knob_options(text)
    peek = bool(options.pop("peek", 0))
    kwargs: dict[str, object] = {"seed": deal, "max_worlds": worlds, "use_clock": False}
    kwargs.update(options)  # e.g. max_worlds=96 for one of the two
    bot = HardBot(**kwargs)  # type: ignore[arg-type]
    if peek:
        bot.peek = state.clone  # the referee's deal as it is at each decision
    return bot


def measure(
    deals: int,
    worlds: int,
    truth: int,
    seed: int,
    first: str = "inference=floors",
    second: str = "inference=policy",
    truth_noise: float = 0.3,
) -> dict[str, float]:
    rules = Rules.from_preset("app")
    diffs: list[float] = []
    differ = 0
    kinds: dict[str, list[float]] = {}  # "a's kind / b's kind" -> differences there
    for deal in range(deals):
        state, events = new_deal(rules, 4, seed=seed * 1000 + deal)
        history = PublicHistory(4)
        history.feed(events)
        bots = [NormalBot(seed=s) for s in range(4)]
        bot_a = _bot(deal, worlds, first, state)
        bot_b = _bot(deal, worlds, second, state)
        rng = random.Random(deal)
        while state.phase != OVER and state.plays < 300:
            p = state.to_move
            obs = observe(state, p, history)
            legal = state.legal_actions()
            if p == 0 and len(legal) > 1:
                a = bot_a.choose(obs, legal)
                b = bot_b.choose(obs, legal)
                if a == b:
                    diffs.append(0.0)
                else:
                    differ += 1
                    seeds = [rng.getrandbits(32) for _ in range(truth)]
                    play = RolloutPolicy(
                        bot_a.weights, obs.unseen_rank_counts(), rules, truth_noise
                    )
                    diffs.append(_margin(state, b, play, seeds) - _margin(state, a, play, seeds))
                    pair = f"{_kind(obs, a)} / {_kind(obs, b)}"
                    kinds.setdefault(pair, []).append(diffs[-1])
            history.feed(state.apply(bots[p].choose(obs, legal)))
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    name = (
        "margin_policy_minus_floors_per_decision"
        if (first, second) == ("inference=floors", "inference=policy")
        else f"margin_[{second}]_minus_[{first}]_per_decision"
    )
    return {
        "decisions": len(diffs),
        "choices_differ": differ,
        name: round(mean, 3),
        "standard_error": round(se, 3),
        # Where the choices differed, by what each bot's choice did ("a / b"): how many,
        # and the sum of b - a there (its share of the total difference).
        "by_kind": {
            pair: {"n": len(v), "sum": round(sum(v), 2)}
            for pair, v in sorted(kinds.items(), key=lambda kv: sum(kv[1]))
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=48)
    parser.add_argument("--truth", type=int, default=32)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--a", default="inference=floors", help="the first hard bot's options")
    parser.add_argument("--b", default="inference=policy", help="the second hard bot's options")
    parser.add_argument(
        "--truth-noise",
        type=float,
        default=0.3,
        help="randomness of the referee's play-outs (0: every seat plays as the normal bot "
        "does, 98.6%% of its choices; the default 0.3 varies them more)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(
        args.deals, args.worlds, args.truth, args.seed, args.a, args.b, args.truth_noise
    )
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>42}: {value}")


if __name__ == "__main__":
    main()
