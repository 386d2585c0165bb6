"""Resident memory over an evening of play (prints figures, never judges).

    python benchmarks/evening_memory.py [--games 10] [--reviews 5] [--size 1280x720]
                                        [--worlds 8] [--rest 70] [--trace]

One window (the real App through the pilot, dummy video driver) plays an evening as a
player does: ``--games`` whole games at the table (your seat plays its first legal play,
the opponents think as usual, in worker processes unless SWOOP_THINKING=threads), each
finished on its game-over sheet and stored; after every other game the game's review is
opened from the sheet and stepped through (``--reviews`` of them, at ``--worlds``
worlds a decision), then back to the title for the next New game. Then the daily deal
page and Puzzles are opened, and the window rests on the title for ``--rest`` seconds
of real time, stepped as the window's own loop steps them. Printed: the game process's resident set (VmRSS) after each game and
review, at the end and after the rest, with the worker processes' own beside it (and
how many are alive). ``--trace`` adds the ten biggest growths of Python's allocations
(tracemalloc) between game 3 and the last game.
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import rss_mb  # noqa: E402


def _rss_of(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _children() -> list[int]:
    """The game process's child processes (workers, the resource tracker)."""
    me = str(os.getpid())
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me:
            out.append(int(entry))
    return out


def report(label: str) -> None:
    kids = _children()
    workers = sum(_rss_of(pid) for pid in kids)
    print(
        f"{label:<28} game {rss_mb():6.1f} MB   workers {workers:6.1f} MB ({len(kids)} alive)"
        f"   together {rss_mb() + workers:6.1f} MB",
        flush=True,
    )


def play_game(p, seed: int) -> None:
    """A whole game from the title: New game, your first legal play each turn, every
    breakdown closed, until the game-over sheet."""
    p.app.new_game(seed=seed)
    t = p.table
    for _ in range(400_000):
        top = p.top
        if top.name == "game_over":
            return
        if top.name == "hand_over":
            top.next_hand()
            p.step()
            continue
        st = t.state
        if t.idle and st is not None and not st.is_over and st.to_move == 0:
            t.apply(st.legal_actions()[0])
        p.step()
        if t.model.wait_click:
            t.model.wait_click = False
    raise AssertionError("the game did not end")


def rest(app, seconds: float, every: float = 30.0) -> None:
    """``seconds`` of real time as the window's own loop (App.run) spends them: frames
    drawn at the frame rate while anything moves (the game behind the title plays on
    until it rests), and once the screen rests a frame that draws nothing every so often."""
    from swoop_desktop.ui.app import REST_WAKE_S

    start = last = time.perf_counter()
    until = start + seconds
    told = start
    while time.perf_counter() < until:
        if time.perf_counter() - told >= every:
            told = time.perf_counter()
            report(f"  {told - start:.0f} s at rest")
        resting = app.resting and app._drawn_at is app.stack.top
        if resting and not app.picture_changed:
            time.sleep(REST_WAKE_S)
        else:
            time.sleep(max(0.0, 1 / app.frame_rate - (time.perf_counter() - last)))
        now = time.perf_counter()
        app.step(min(now - last, 0.1), draw=not resting)
        last = now


def review(p) -> int:
    from swoop_desktop.ui.scenes.review import ReviewScene

    p.top.review_game()
    scene = p.top
    assert isinstance(scene, ReviewScene)
    p.until(lambda: scene.ready, 900)
    for i in range(len(scene.decisions)):
        scene.go(i)
        p.step(2)
    p.app.pop()
    p.step(10)
    return len(scene.decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--reviews", type=int, default=5)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--rest", type=float, default=70.0)
    parser.add_argument("--trace", action="store_true")
    args = parser.parse_args()
    size = tuple(int(x) for x in args.size.lower().split("x"))

    from swoop_desktop.engine import Rules
    from swoop_desktop.ui.pilot import Pilot
    from swoop_desktop.ui.scenes import verdicts

    verdicts.DEFAULT_WORLDS = args.worlds
    if args.trace:
        import tracemalloc

        tracemalloc.start(8)
    rules = Rules.from_preset("app")
    folder = tempfile.mkdtemp(prefix="swoop-evening-")
    started = time.perf_counter()
    with Pilot(size=size, data_dir=folder, start="title", pace="instant", rules=rules) as p:
        p.step(30)
        report("title")
        reviews = 0
        snapshot = None
        for game in range(1, args.games + 1):
            play_game(p, seed=100 + game)
            p.step(30)
            report(f"game {game} over")
            if game == 3 and args.trace:
                snapshot = tracemalloc.take_snapshot()
            if reviews < args.reviews and game % 2 == 0:
                n = review(p)
                reviews += 1
                report(f"  review {reviews} ({n} decisions)")
            p.app.to_title()
            p.step(30)
        p.app.open("daily")
        p.step(60)
        p.app.pop()
        p.app.open("puzzles")
        p.step(60)
        p.app.pop()
        p.step(30)
        report("daily and puzzles seen")
        if args.trace and snapshot is not None:
            after = tracemalloc.take_snapshot()
            print("biggest growths from game 3 to the end:")
            for stat in after.compare_to(snapshot, "traceback")[:10]:
                print(f"  {stat.size_diff / 1024:8.1f} KiB  {stat.traceback.format()[-1].strip()}")
        rest(p.app, args.rest)
        report(f"after {args.rest:.0f} s at rest")
    print(f"evening took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
