"""This tree against an earlier commit, on one machine in the same minutes (prints figures).

    python benchmarks/side_by_side.py [--against main~1] [--runs 3] [--size 1920x1080]
                                      [--frames 900] [--title 36 56] [--skip-title]

The earlier commit is checked out into a scratch folder (``git archive``, nothing of
this tree touched) and both are run with this tree's Python environment, turn about
(this, that, this, …) so a busy spell of the machine falls on both:

- **demo**: ``python -m swoop_desktop --demo --frames F --perf FILE --size WxH``: the
  frame times' p50 and p99 (ms) and ``startup_ms``, from the process's start to its
  first frame drawn;
- **title at rest**: the game started on its title (a fresh data folder), its CPU as a
  share of one core between ``--title A B`` seconds after the start (the game behind
  the title has rested by then), read from /proc.

The windows are headless (SDL's dummy driver) unless DISPLAY is set and
SWOOP_SIDE_BY_SIDE_X11=1 (for a real X11 window under Xvfb; see README). Medians
of ``--runs`` for each tree, then the difference. Nothing is pass/fail.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def checkout(rev: str, into: Path) -> Path:
    """The tree of ``rev`` in ``into`` (via ``git archive``)."""
    archive = into / "tree.tar"
    with open(archive, "wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", rev], stdout=out, check=True)
    tree = into / "tree"
    tree.mkdir()
    with tarfile.open(archive) as tar:
        tar.extractall(tree, filter="data")
    archive.unlink()
    return tree


def _env(tree: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    if not (env.get("DISPLAY") and env.get("SWOOP_SIDE_BY_SIDE_X11") == "1"):
        env["SDL_VIDEODRIVER"] = "dummy"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    return env


def demo(tree: Path, size: str, frames: int, work: Path) -> dict[str, float]:
    perf = work / "perf.json"
    perf.unlink(missing_ok=True)
    data = Path(tempfile.mkdtemp(prefix="data-", dir=work))
    subprocess.run(
        [sys.executable, "-m", "swoop_desktop", "--demo", "--frames", str(frames), "--perf"]
        + [str(perf), "--size", size, "--data-dir", str(data)],
        cwd=tree,
        env=_env(tree),
        check=True,
        capture_output=True,
        timeout=600,
    )
    got = json.loads(perf.read_text(encoding="utf-8"))
    return {
        "frame p50": float(got["frame_ms"]["p50"]),
        "frame p99": float(got["frame_ms"]["p99"]),
        "start": float(got["startup_ms"]),
    }


def _cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def title_cpu(tree: Path, size: str, window: tuple[float, float], work: Path) -> float:
    data = Path(tempfile.mkdtemp(prefix="data-", dir=work))
    game = subprocess.Popen(
        [sys.executable, "-m", "swoop_desktop", "--size", size, "--data-dir", str(data)],
        cwd=tree,
        env=_env(tree),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        started = time.monotonic()
        time.sleep(max(0.0, window[0] - (time.monotonic() - started)))
        before, at = _cpu_s(game.pid), time.monotonic()
        time.sleep(window[1] - window[0])
        return 100.0 * (_cpu_s(game.pid) - before) / (time.monotonic() - at)
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
            game.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main~1", help="the earlier commit")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=900)
    parser.add_argument("--title", type=float, nargs=2, default=(36.0, 56.0))
    parser.add_argument("--skip-title", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="swoop-side-") as tmp:
        work = Path(tmp)
        trees = {"this": ROOT, args.against: checkout(args.against, work)}
        figures: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
        for run in range(args.runs):
            order = list(trees.items()) if run % 2 == 0 else list(trees.items())[::-1]
            for name, tree in order:
                got = demo(tree, args.size, args.frames, work)
                if not args.skip_title:
                    got["title cpu %"] = title_cpu(tree, args.size, tuple(args.title), work)
                for key, value in got.items():
                    figures[name].setdefault(key, []).append(value)
                print(f"run {run + 1} {name}: " + ", ".join(f"{k} {v:.1f}" for k, v in got.items()))
        print()
        keys = list(figures["this"])
        print(f"{'median':<14}" + "".join(f"{k:>14}" for k in keys))
        rows = {name: [statistics.median(figures[name][k]) for k in keys] for name in trees}
        for name, row in rows.items():
            print(f"{name:<14}" + "".join(f"{v:>14.2f}" for v in row))
        diff = [a - b for a, b in zip(rows["this"], rows[args.against], strict=True)]
        print(f"{'this - that':<14}" + "".join(f"{v:>+14.2f}" for v in diff))


if __name__ == "__main__":
    main()
