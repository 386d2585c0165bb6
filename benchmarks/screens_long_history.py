"""How long a player waits for each screen with a long history (prints figures, never judges).

    python benchmarks/screens_long_history.py [--games 1000 10000] [--runs 3] [--reviews 0]

For each size an older Swoop's history of that many finished games is built in a
temporary folder (``title_rating.build``: real games recorded again under new ids and
dates) and brought into the progress database once (timed: **bring in**, the first
start over an older Swoop's folder, which also sums up every game once); then, in a
fresh window each run (the real App through the pilot, dummy video driver, 1280x720),
it times from the press to the first frame drawn: the **title** (its rating line),
**Scores** (its first opening in the window, which also looks over every summary once,
and its next), its **Statistics** and **Progress** tabs, the **daily deal** page and
**Puzzles**. Median of ``--runs``, milliseconds. The records' replayed facts of the
games brought in are not worked out during the timing (a worker does that while
Scores is open; the benchmark's windows close it first). With ``--reviews N``, N of
the games (spread over the history, the oldest among them) have a stored review, so
the first opening of Puzzles gathers them (**puzzles gather**: it looks back as far as
the oldest) and the later ones find nothing new.
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

from swoop_desktop.progress import load_history  # noqa: E402
from swoop_desktop.progress.stored_reviews import game_review_key, plays_digest, store_review  # noqa: E402
from swoop_desktop.storage import open_dirs  # noqa: E402
from swoop_desktop.ui.pilot import Pilot  # noqa: E402

SCREENS = ("daily", "puzzles")
COLUMNS = ("title", "scores first", "scores", "statistics", "progress", *SCREENS)


def _store_reviews(dirs, count: int) -> None:
    """A stored review (of no mistakes, 70% accurate) of ``count`` games, the oldest one
    among them."""
    games, _ = load_history(dirs)
    step = max(1, len(games) // max(1, count))
    for record in games[::step][:count]:
        digest = plays_digest(record.rules, record.players, record.seed, record.actions)
        store_review(dirs, game_review_key(digest, 48), {"verdicts": [], "accuracy": 70.0})


def _scores(p: Pilot, times: dict[str, list[float]], key: str) -> None:
    times[key].append(timed(lambda: (p.app.open("scores"), p.step())))
    scene = p.app.stack.top
    for tab, name in (("stats", "statistics"), ("progress", "progress")):
        if key == "scores":
            times[name].append(timed(lambda t=tab: (scene.set_tab(t), p.step())))
    p.app.pop()
    p.step()


def measure(games: int, runs: int, reviews: int = 0) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="swoop-bench-") as tmp:
        folder = Path(tmp)
        build(folder, games)
        dirs, _ = open_dirs(folder)
        brought = timed(lambda: load_history(dirs))
        assert len(load_history(dirs)[0]) == games  # brought in once, before the timing
        _store_reviews(dirs, reviews)
        times: dict[str, list[float]] = {k: [] for k in COLUMNS}
        for _ in range(runs):
            with Pilot(data_dir=folder, seed=1, start="none", size=(1280, 720)) as p:
                times["title"].append(timed(lambda p=p: (p.app.open("title"), p.step())))
                _scores(p, times, "scores first")
                _scores(p, times, "scores")
                for name in SCREENS:
                    times[name].append(timed(lambda p=p, n=name: (p.app.open(n), p.step())))
                    p.app.pop()
                    p.step()
        gather = times["puzzles"][0]  # the first window's first opening
        medians = {k: statistics.median(v) for k, v in times.items()}
        return {"bring in": brought, **medians, "puzzles gather": gather}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reviews", type=int, default=0, help="games with a stored review")
    args = parser.parse_args()
    names = ("bring in", *COLUMNS, "puzzles gather")
    print("games  " + "  ".join(f"{n:>12}" for n in names) + "   (ms, press to first frame)")
    for games in args.games:
        f = measure(games, args.runs, args.reviews)
        print(f"{games:5d}  " + "  ".join(f"{f[n]:12.0f}" for n in names))


if __name__ == "__main__":
    main()
