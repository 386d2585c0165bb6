"""Thinking off the frame (issue 30): the review with 1 and 2 worker processes, frames
with three hard (and three expert) opponents against three normal ones, and start to the
first frame.

    python benchmarks/thinking_workers.py [--seed 102] [--target 100] [--worlds 48]
        [--frames 1500] [--size 1920x1080] [--skip-review] [--skip-frames] [--skip-daily]

- **review**: one whole recorded game (``review_figures.play``: an easy bot in seat 0
  against three normal bots, to ``--target`` points), seat 0's decisions weighed
  without hindsight, as the Review screen does: one after another in this process
  (``review_decisions``), then side by side by ``workers.weigh_all`` with a pool of 1
  and of 2 worker processes; the seconds of each, the speed-up, and whether the
  verdicts are the same.
- **frames**: the demo (``python -m swoop_desktop --demo --perf``, ``benchmarks/ui_perf.py``'s
  runner) at ``--size`` with three normal AIs, three hard and three expert AIs, thinking in
  worker processes (the game's default), and three hard AIs thinking on threads
  (``SWOOP_THINKING=threads``, how the game thought before): frame p50/p99/max and the
  worst frame while an AI thought.
- **daily**: seconds until the daily deal's hard game has its score (three days'
  deals, each sent to a worker as the daily page sends it).
- **start**: start to the first frame of the demo, from source (5 runs). No worker
  starts before the first work is sent (in the demo, the first AI's first decision).

A benchmark, never a test: it prints figures and never passes or fails.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from review_figures import play  # noqa: E402
from ui_perf import demo  # noqa: E402

from swoop_desktop.ai import workers  # noqa: E402
from swoop_desktop.ai.review import REVIEW_WORLDS, review_decisions  # noqa: E402
from swoop_desktop.referee.review import decisions  # noqa: E402


def review(seed: int, target: int, worlds: int) -> None:
    match = play(seed, target=target)
    found = decisions(match.rules, 4, match.seed, match.actions)
    print(
        f"review: {len(match.actions)} hands, {len(found)} decisions, {worlds} worlds, no hindsight"
    )
    start = time.perf_counter()
    alone = review_decisions(found, worlds).verdicts
    here = time.perf_counter() - start
    print(
        f"  in this process, one after another: {here:6.1f} s ({here / len(found):.2f} s a decision)"
    )
    for count in (1, 2):
        pool = workers.Pool(count, processes=True)
        try:
            start = time.perf_counter()
            verdicts = workers.weigh_all(found, worlds, pool=pool)
            seconds = time.perf_counter() - start
        finally:
            pool.shutdown()
        print(
            f"  {count} worker process{'es' if count > 1 else ''}:{'' if count > 1 else '  '}"
            f"                 {seconds:6.1f} s ({here / seconds:.2f}x), "
            f"same verdicts: {'yes' if verdicts == alone else 'NO'}"
        )


def frames(size: str, count: int, seed: int) -> None:
    print(
        f"frames: demo at {size}, {count} frames, seed {seed}, fast animations, "
        f"video driver {os.environ.get('SDL_VIDEODRIVER', 'dummy')}"
    )
    print(f"  load average before: {os.getloadavg()[0]:.2f}")
    print(f"  {'run':36} {'p50':>6} {'p99':>6} {'max':>7} {'think max':>9}")
    results = {}
    for label, levels, mode in (
        ("three normal, worker processes", None, "processes"),
        ("three hard, worker processes", "hard", "processes"),
        ("three expert, worker processes", "expert", "processes"),
        ("three hard, threads (as before)", "hard", "threads"),
    ):
        os.environ[workers.MODE_VARIABLE] = mode
        r = demo(size, count, seed, levels)
        results[label] = r
        ms = r["frame_ms"]
        print(
            f"  {label:36} {ms['p50']:6.2f} {ms['p99']:6.2f} {ms['max']:7.2f} "
            f"{r['thinking_frame_ms_max']:9.2f}"
        )
    os.environ.pop(workers.MODE_VARIABLE, None)
    normal = results["three normal, worker processes"]["frame_ms"]["p99"]
    hard = results["three hard, worker processes"]["frame_ms"]["p99"]
    old = results["three hard, threads (as before)"]["frame_ms"]["p99"]
    expert = results["three expert, worker processes"]["frame_ms"]["p99"]
    print(f"  p99 hard / normal: {hard / normal:.2f}x in workers, {old / normal:.2f}x on threads")
    print(f"  p99 expert / normal: {expert / normal:.2f}x in workers")


def daily() -> None:
    """Seconds until the daily deal's hard game (the hard bot in your seat, the same
    cards) has its score, sent to a worker as the daily page sends it."""
    from datetime import date

    from swoop_desktop.engine import Rules
    from swoop_desktop.referee.daily import daily_seed, hard_in_seat

    rules = Rules.from_preset("app")
    for day in (date(2026, 12, 1), date(2026, 12, 2), date(2026, 12, 3)):
        seed = daily_seed(day, rules)
        began = time.perf_counter()
        job = workers.Job(workers.shared(), hard_in_seat, rules, seed)
        while not job.ready:
            time.sleep(0.01)
        seconds = time.perf_counter() - began
        points = job.value.points if job.error is None else job.error
        print(f"daily deal of {day}: the hard game's score in {seconds:.1f} s ({points})")
    workers.shutdown()


def start(seed: int) -> None:
    starts = sorted(demo("1280x720", 1, seed + i, None)["startup_ms"] for i in range(5))
    print(
        f"start to first frame (5 runs, from source, demo 1280x720): median {starts[2]:.0f} ms, "
        f"min {starts[0]:.0f} ms, max {starts[-1]:.0f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=102)
    ap.add_argument("--target", type=int, default=100)
    ap.add_argument("--worlds", type=int, default=REVIEW_WORLDS)
    ap.add_argument("--frames", type=int, default=1500)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--skip-review", action="store_true")
    ap.add_argument("--skip-frames", action="store_true")
    ap.add_argument("--skip-daily", action="store_true")
    args = ap.parse_args()
    print(f"cores: {os.cpu_count()}, workers by default: {workers.worker_count()}")
    if not args.skip_review:
        review(args.seed, args.target, args.worlds)
    if not args.skip_daily:
        daily()
    if not args.skip_frames:
        frames(args.size, args.frames, 3)
        start(3)


if __name__ == "__main__":
    main()
