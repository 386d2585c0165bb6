"""Scores over a long history, reached while the start still opens it and after (prints figures, never judges).

    python benchmarks/scores_while_opening.py [--games 100000] [--runs 3] [--folder DIR]

A progress database of ``--games`` finished games is built once (as
``opening_large_history.py`` builds one), the rating of its last 10 games left for the
next start to work out (``--folder DIR`` keeps it there, and uses it if it is there).
Each run is a fresh window in a process of its own (the real App through the pilot,
dummy video driver, 1280x720, a game dealt on the table), in one of two ways:

- **during the opening**: the opening is held while it works out the rating (as a long
  history's takes seconds after an update); the game's pause menu is opened, its
  **Scores** clicked and the **Progress** tab pressed (4): the first frame of each, from
  the press to the frame drawn; then the opening is let go, and **figures** is the time
  until the page shows your rating;
- **after the opening**: the opening done, Scores is opened from the pause menu, then
  its **Statistics** and **Progress** tabs: the first frame of each, and the time until
  each shows its figures.

**RSS** is the process's peak resident memory at the end of the run (MB). Median of
``--runs``, milliseconds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SWOOP_THINKING", "threads")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

UNRATED = 10


def build(folder: Path, games: int) -> None:
    from opening_large_history import build_database

    from swoop_desktop.storage import db

    build_database(folder, games)
    with sqlite3.connect(folder / db.DB_NAME, isolation_level=None) as con:
        con.execute("DELETE FROM rating_points WHERE seq > ?", (games - UNRATED,))
        con.execute("UPDATE meta SET value = ? WHERE key = 'rating.upto'", (str(games - UNRATED),))
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _ms(step) -> float:
    began = time.perf_counter()
    step()
    return (time.perf_counter() - began) * 1000


def _figures_shown(scores) -> bool:
    view = scores._progress
    return view is not None and bool(view.points) and not getattr(view, "busy", False)


def window(folder: Path, mode: str) -> dict[str, float]:
    """One window over ``folder``; the figures of ``mode`` ("during" or "after")."""
    import resource

    import pygame

    from swoop_desktop.progress import opening, rating
    from swoop_desktop.ui.pilot import Pilot

    release = threading.Event()
    real = rating._catch_up

    def held(con, abandoned):
        if threading.current_thread().name == "progress-opening":
            release.wait(600)
        return real(con, abandoned)

    if mode == "during":
        rating._catch_up = held
    os.environ["SWOOP_OPENING_WAIT"] = "0"  # what a player's window waits
    found: dict[str, float] = {}
    pilot = Pilot(data_dir=folder, seed=1, start="table", size=(1280, 720))
    try:
        dirs = pilot.app.dirs
        if mode == "during":
            pilot.until(lambda: "rating" in opening.words(dirs), 120)
        else:
            pilot.until(lambda: opening.done(dirs), 600)
        pilot.press(pygame.K_ESCAPE)
        button = next(b for b in pilot.top.buttons if b.label == "Scores")
        found["scores"] = _ms(lambda: pilot.click(button.rect.center))
        scores = pilot.top
        if mode == "during":
            found["progress"] = _ms(lambda: pilot.press(pygame.K_4))
            began = time.perf_counter()
            release.set()
            pilot.until(lambda: _figures_shown(scores), 600)
            found["figures"] = (time.perf_counter() - began) * 1000
        else:
            found["statistics"] = _ms(lambda: pilot.press(pygame.K_3))
            began = time.perf_counter()
            pilot.until(lambda: scores._stats is not None, 600)
            found["statistics figures"] = (time.perf_counter() - began) * 1000
            found["progress"] = _ms(lambda: pilot.press(pygame.K_4))
            began = time.perf_counter()
            pilot.until(lambda: _figures_shown(scores), 600)
            found["figures"] = (time.perf_counter() - began) * 1000
    finally:
        release.set()
        pilot.close()
    found["RSS MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--folder", type=Path, help="where the history is built (kept)")
    parser.add_argument("--window", nargs=2, metavar=("MODE", "FOLDER"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.window:
        print(json.dumps(window(Path(args.window[1]), args.window[0])))
        return
    with tempfile.TemporaryDirectory(prefix="swoop-scores-") as tmp:
        base = args.folder or Path(tmp) / "base"
        if not (base / "swoop.sqlite3").exists():
            base.mkdir(parents=True, exist_ok=True)
            build(base, args.games)
        for mode in ("during", "after"):
            runs: dict[str, list[float]] = {}
            for run in range(args.runs):
                folder = Path(tmp) / f"{mode}{run}"
                shutil.copytree(base, folder)
                done = subprocess.run(
                    [sys.executable, __file__, "--window", mode, str(folder)],
                    capture_output=True,
                    text=True,
                    check=True,
                )
                for key, value in json.loads(done.stdout.splitlines()[-1]).items():
                    runs.setdefault(key, []).append(value)
                shutil.rmtree(folder)
            row = "  ".join(f"{k} {statistics.median(v):.0f}" for k, v in runs.items())
            print(f"{args.games} games, {mode} the opening: {row}", flush=True)


if __name__ == "__main__":
    main()
