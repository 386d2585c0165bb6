"""Resident memory over a long demo: does the table's memory keep growing?

    python benchmarks/demo_memory.py [--size 1920x1080] [--frames 12000] [--every 1500]

Runs the demo (four AIs, seed 3, fast animations and pace) headless, one frame of
1/60 s after another as fast as the machine allows, and prints the resident set
(VmRSS) and the table cache's size every ``--every`` frames, then the start, the
peak and the end. Nothing is pass/fail: it prints figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import rss_mb  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=12000)
    parser.add_argument("--every", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.lower().split("x"))

    from swoop_desktop.ui.app import App

    app = App(
        size=(w, h),
        data_dir=tempfile.mkdtemp(prefix="swoop-demo-mem-"),
        demo=True,
        seed=args.seed,
        speed="fast",
        pace="fast",
    )
    seen: list[float] = []
    games = 0
    for frame in range(1, args.frames + 1):
        app.step(1 / 60)
        top = app.stack.top
        if top is not None and top.name == "game_over":  # the next game, as a player would
            games += 1
            app.new_game(seed=args.seed + games)
        if frame % args.every == 0:
            table = app.table
            cache = getattr(table, "_text_cache", {})
            kept = getattr(cache, "bytes", None)
            seen.append(rss_mb())
            print(
                f"frame {frame:6d}  {seen[-1]:6.1f} MB resident  "
                f"cache {len(cache)} entries"
                + (f", {kept / 2**20:.1f} MB" if kept is not None else ""),
                flush=True,
            )
    app.shutdown()
    if seen:
        print(
            f"{args.size}: start {seen[0]:.1f} MB, peak {max(seen):.1f} MB, "
            f"end {seen[-1]:.1f} MB over {args.frames} frames ({games} games finished)"
        )


if __name__ == "__main__":
    main()
