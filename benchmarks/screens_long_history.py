"""How long a player waits for each screen with a long history (prints figures, never judges).

    python benchmarks/screens_long_history.py [--games 1000 10000] [--runs 3]

For each size an older Swoop's history of that many finished games is built in a
temporary folder (``title_rating.build``: real games recorded again under new ids and
dates) and brought into the progress database once; then, in a fresh window each run
(the real App through the pilot, dummy video driver, 1280x720), it times from the
press to the first frame drawn: the **title** (its rating line), **Scores** (the
past games, statistics and Progress, read when it opens), the **daily deal** page and
**Puzzles**. Median of ``--runs``, milliseconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from title_rating import build, timed  # noqa: E402

from swoop_desktop.storage import load_history, open_dirs  # noqa: E402
from swoop_desktop.ui.pilot import Pilot  # noqa: E402

SCREENS = ("scores", "daily", "puzzles")


def measure(games: int, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="swoop-bench-") as tmp:
        folder = Path(tmp)
        build(folder, games)
        dirs, _ = open_dirs(folder)
        assert len(load_history(dirs)[0]) == games  # brought in once, before the timing
        times: dict[str, list[float]] = {"title": [], **{s: [] for s in SCREENS}}
        for _ in range(runs):
            with Pilot(data_dir=folder, seed=1, start="none", size=(1280, 720)) as p:
                times["title"].append(timed(lambda p=p: (p.app.open("title"), p.step())))
                for name in SCREENS:
                    times[name].append(timed(lambda p=p, n=name: (p.app.open(n), p.step())))
                    p.app.pop()
                    p.step()
        return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print("games   title ms  scores ms  daily ms  puzzles ms   (press to first frame)")
    for games in args.games:
        f = measure(games, args.runs)
        print(
            f"{games:5d}  {f['title']:9.0f}  {f['scores']:9.0f}  {f['daily']:8.0f}  "
            f"{f['puzzles']:10.0f}"
        )


if __name__ == "__main__":
    main()
