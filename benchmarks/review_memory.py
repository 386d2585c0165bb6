"""Resident memory around a review: before it opens, when it is ready, after it closes.

    python benchmarks/review_memory.py [--size 1920x1080] [--seed 21] [--worlds 8]
                                       [--game [--scores | --game-over]]

Plays one hand of four bots (app rules) or, with ``--game``, a whole game to 100
points (``review_figures.play``: an easy bot in seat 0 against three normal bots, about
40 decisions of seat 0). Opens its review headless at the given size: over the title,
or with ``--scores`` as a player does, the game recorded in the history and its review
opened from Scores (Past games, Review), or with ``--game-over`` the finished game at
the table and its review opened from the game-over sheet (Review game). Waits for the analysis, steps through every
decision (each drawn) and the look with every card shown, closes the review and runs
120 more frames of the screen below. Prints the resident set (VmRSS from
/proc/self/status) at each point. Nothing is pass/fail.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import rss_mb  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--game", action="store_true", help="review a whole game")
    parser.add_argument(
        "--game-over",
        action="store_true",
        help="with --game: the finished game at the table, its review opened from Game over",
    )
    parser.add_argument(
        "--scores",
        action="store_true",
        help="with --game: the game is in the history and its review opened from Scores",
    )
    args = parser.parse_args()
    size = tuple(int(x) for x in args.size.lower().split("x"))

    from swoop_desktop.ai import make_bot
    from swoop_desktop.engine import Match, Rules
    from swoop_desktop.ui.pilot import Pilot
    from swoop_desktop.ui.scenes.review import ReviewScene
    from tests.ai.helpers import play_hands

    if args.game:
        from review_figures import play

        match = play(args.seed, target=100)
        hand = None
    else:
        bots = [make_bot("easy" if p == 0 else "normal", seed=p) for p in range(4)]
        match = play_hands(Match(Rules.from_preset("app"), 4, args.seed), bots)
        hand = 0
    with Pilot(
        size=size, data_dir=tempfile.mkdtemp(prefix="swoop-review-mem-"), start="title"
    ) as p:
        p.step(30)
        if args.game_over:
            from swoop_desktop.ui.scenes import verdicts
            from swoop_desktop.ui.scenes.table import TableScene

            verdicts.DEFAULT_WORLDS = args.worlds
            p.app.push(TableScene(p.app, match=match))
            p.until(lambda: p.top.name == "hand_over", 30)
            p.top.next_hand()  # the deciding hand's breakdown, then the sheet
            p.step(30)
            print(f"Game over, before the review: {rss_mb():6.1f} MB")
            p.top.review_game()
            scene = p.top
            assert isinstance(scene, ReviewScene)
        elif args.scores:
            from swoop_desktop.progress import record_finished_game
            from swoop_desktop.ui.scenes import verdicts

            verdicts.DEFAULT_WORLDS = args.worlds
            record_finished_game(p.app.dirs, match, [{"name": "You"}])
            p.app.open("scores")
            p.step(30)
            print(f"Scores, before the review: {rss_mb():6.1f} MB")
            p.top.review()  # the newest game is selected: Review, as its button does
            scene = p.top
            assert isinstance(scene, ReviewScene)
        else:
            print(f"title, before the review: {rss_mb():6.1f} MB")
            scene = ReviewScene(
                p.app,
                match.rules,
                match.n,
                match.seed,
                match.actions,
                hand=hand,
                worlds=args.worlds,
            )
            p.app.push(scene)
        t0 = time.perf_counter()
        p.until(lambda: scene.ready, 900)
        print(
            f"review ready ({len(scene.decisions)} decisions, "
            f"{time.perf_counter() - t0:.0f} s): {rss_mb():6.1f} MB"
        )
        scene.toggle_hindsight()
        for i in range(len(scene.decisions)):
            scene.go(i)
            p.step(2)
        if scene.seer is not None:
            scene.seer.join(900)
        p.step(2)
        print(f"every decision drawn, every card shown: {rss_mb():6.1f} MB")
        scene.close()
        p.step(120)
        print(f"review closed, 120 frames of {p.top.name}: {rss_mb():6.1f} MB")


if __name__ == "__main__":
    main()
