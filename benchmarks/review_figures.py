"""Hand review figures: seconds per hand and per game, and how stable the labels are.

    python benchmarks/review_figures.py [--games 3] [--hands 3] [--check 10] [--json]

Plays games with an easy bot in seat 0 (the reviewed seat: it makes mistakes to find)
against three normal bots, then reviews seat 0's decisions at review strength
(``REVIEW_WORLDS`` re-deals per decision, more where the choice and the best are
close: the mean and the most used are reported), timing each hand and each game. For
agreement it re-assesses the same decisions with ``--check`` times the work and
reports how often each label survives, what each changed label became, and how often
a "blunder" at review strength is still a blunder (or at least a mistake) with ten
times the work.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.ai import make_bot, observe  # noqa: E402
from swoop_desktop.ai.bots import NormalBot  # noqa: E402
from swoop_desktop.ai.review import REVIEW_WORLDS, assess  # noqa: E402
from swoop_desktop.engine import Match, Rules  # noqa: E402
from swoop_desktop.engine.observation import PublicHistory  # noqa: E402
from swoop_desktop.referee.review import decisions  # noqa: E402


def play(seed: int, hands: int | None = None, target: int | None = None) -> Match:
    """A game of an easy bot in seat 0 against three normal bots: ``hands`` hands, or to
    its end (at ``target``, the app rules' own when None)."""
    rules = Rules.from_preset("app")
    match = Match(rules if target is None else replace(rules, target=target), 4, seed)
    bots = [make_bot("easy" if p == 0 else "normal", seed=seed * 10 + p) for p in range(4)]
    histories = [PublicHistory(4) for _ in range(4)]

    def feed(events):
        for h in histories:
            h.feed(events)

    feed(match.start_hand())
    while True:
        state = match.state
        p = state.to_move
        feed(
            match.apply(
                bots[p].choose(observe(state, p, histories[p].copy()), state.legal_actions())
            )
        )
        if match.hand_over:
            if match.over or (hands is not None and len(match.actions) >= hands):
                return match
            feed(match.start_hand())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--hands", type=int, default=3, help="hands per game (at most)")
    parser.add_argument("--check", type=int, default=10, help="work multiple for agreement")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--worst",
        action="store_true",
        help="judge, at each decision, the normal bot's least liked action instead of the "
        "one played (many blunders, to see whether blunders stay blunders)",
    )
    args = parser.parse_args()
    hand_seconds, game_seconds = [], []
    pairs = []
    worlds = []
    for g in range(args.games):
        match = play(100 + g, args.hands)
        found = decisions(match.rules, 4, match.seed, match.actions)
        if args.worst:
            scorer = NormalBot(0)
            found = [replace(d, chosen=scorer.scored(d.obs, list(d.legal))[-1][1]) for d in found]
        game_start = time.perf_counter()
        verdicts = []
        for hand in range(len(match.actions)):
            start = time.perf_counter()
            verdicts += [assess(d) for d in found if d.hand_no == hand]
            hand_seconds.append(time.perf_counter() - start)
        game_seconds.append(time.perf_counter() - game_start)
        for d, v in zip(found, verdicts, strict=True):
            worlds.append(v.worlds)
            strong = assess(d, worlds=REVIEW_WORLDS * args.check, seed=1)
            pairs.append((v.label, strong.label))
    same = Counter(a for a, b in pairs if a == b)
    total = Counter(a for a, _ in pairs)
    blunders = [b for a, b in pairs if a == "blunder"]
    out = {
        "decisions": len(pairs),
        "seconds_per_hand_mean": round(sum(hand_seconds) / len(hand_seconds), 2),
        "seconds_per_hand_max": round(max(hand_seconds), 2),
        "seconds_per_game_mean": round(sum(game_seconds) / len(game_seconds), 2),
        "hands_per_game": round(len(hand_seconds) / len(game_seconds), 1),
        "labels": dict(total),
        "worlds_per_decision_mean": round(sum(worlds) / max(1, len(worlds)), 1),
        "worlds_per_decision_max": max(worlds, default=0),
        "label_kept_at_check": {k: f"{same[k]}/{total[k]}" for k in total},
        "blunder_still_blunder": f"{blunders.count('blunder')}/{len(blunders)}",
        "blunder_still_mistake_or_worse": (
            f"{sum(b in ('blunder', 'mistake') for b in blunders)}/{len(blunders)}"
        ),
        "good_still_good": f"{same['good']}/{total['good']}",
        # what a changed label became: "mistake -> inaccuracy" is still a costly play
        "changed": dict(Counter(f"{a} -> {b}" for a, b in pairs if a != b)),
        "mistake_still_costly": (
            f"{sum(b in ('inaccuracy', 'mistake', 'blunder') for a, b in pairs if a == 'mistake')}"
            f"/{total['mistake']}"
        ),
    }
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
