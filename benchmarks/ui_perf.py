"""Frame times of the real table during demo play, and start-up time to the first frame.

Runs ``python -m swoop_desktop --demo ... --perf`` in fresh processes (headless
by default: SDL_VIDEODRIVER=dummy) at 1280x720 and 1920x1080, fast animations,
and once more with three *hard* opponents so frames while an AI thinks are
measured at their worst. Prints figures; never passes or fails.

    python benchmarks/ui_perf.py [--frames 1500] [--seed 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def demo(size: str, frames: int, seed: int, levels: str | None, speed: str = "fast") -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        perf = Path(tmp) / "perf.json"  # beside the data folder: the game writes nothing into it
        data = Path(tmp) / "data"
        data.mkdir()
        if levels:
            settings = {
                "format": "swoop-settings",
                "version": 2,
                "opponents": {str(s): {"level": levels} for s in (1, 2, 3)},
            }
            (data / "settings.json").write_text(json.dumps(settings))
        env = dict(os.environ)
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        cmd = [
            sys.executable,
            "-m",
            "swoop_desktop",
            "--demo",
            "--seed",
            str(seed),
            "--frames",
            str(frames),
            "--speed",
            speed,
            "--size",
            size,
            "--data-dir",
            str(data),
            "--perf",
            str(perf),
        ]
        subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True)
        return json.loads(perf.read_text())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    print(
        f"video driver: {os.environ.get('SDL_VIDEODRIVER', 'dummy')}, "
        f"{args.frames} frames per run, seed {args.seed}"
    )
    print(f"load average before: {os.getloadavg()[0]:.2f} (other processes share the CPUs)")
    print(
        "wall-clock frame work in ms (median of 3 runs each); cpu = the frame loop's own CPU time"
    )
    print(f"{'run':30} {'p50':>6} {'p95':>6} {'p99':>6} {'max':>6} {'think max':>9} {'cpu p99':>8}")
    for size, levels, label in (
        ("1280x720", None, "1280x720 fast, normal AIs"),
        ("1920x1080", None, "1920x1080 fast, normal AIs"),
        ("1280x720", "hard", "1280x720 fast, hard AIs"),
        ("1920x1080", "hard", "1920x1080 fast, hard AIs"),
    ):
        runs = [demo(size, args.frames, args.seed + k, levels) for k in range(3)]

        def med(get, runs=runs):
            return sorted(get(r) for r in runs)[1]

        print(
            f"{label:30} {med(lambda r: r['frame_ms']['p50']):6.2f} "
            f"{med(lambda r: r['frame_ms']['p95']):6.2f} "
            f"{med(lambda r: r['frame_ms']['p99']):6.2f} "
            f"{med(lambda r: r['frame_ms']['max']):6.2f} "
            f"{med(lambda r: r['thinking_frame_ms_max']):9.2f} "
            f"{med(lambda r: r['frame_cpu_ms']['p99']):8.2f}"
        )
    starts = [demo("1280x720", 1, args.seed + i, None)["startup_ms"] for i in range(5)]
    starts.sort()
    print(
        f"start to first frame (5 runs, from source): median {starts[2]:.0f} ms, "
        f"max {starts[-1]:.0f} ms"
    )


if __name__ == "__main__":
    main()
