"""How long a player waits for the first frame over a long history (prints figures, never judges).

    python benchmarks/opening_large_history.py [--games 10000 100000] [--runs 3] [--hold]
    python benchmarks/opening_large_history.py --older 10000

For each size a progress database of that many finished games is built in a temporary
folder (2,000 real games brought in the usual way, then their rows copied under new
ids and dates until the size is reached), and a fresh window is started over it (the
real App through the pilot, dummy video driver, 1280x720, the title): **first frame**
is from the window's creation to its first frame drawn (the database's check runs
beside it), **checked** from the creation to the frame whose title shows the rating
(the check done), and **worst frame** the longest frame in between. ``--older N``
starts over an older Swoop's folder of N games (history.json, brought in at the
start) instead. ``--hold`` has another program hold the database in exclusive mode
while the window starts and opens Scores: the worst frame is what the player feels.
``--cold`` drops the machine's page cache before each window (root only), as after a
reboot. Median of ``--runs``, milliseconds.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SWOOP_THINKING", "threads")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from title_rating import build  # noqa: E402

from swoop_desktop.progress import load_history, opening  # noqa: E402
from swoop_desktop.progress.rating import title_rating  # noqa: E402
from swoop_desktop.storage import db, open_dirs
from swoop_desktop.ui.pilot import Pilot  # noqa: E402

HOLD = """
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA locking_mode = EXCLUSIVE")
con.execute("BEGIN EXCLUSIVE")
con.execute("UPDATE games SET source = source WHERE seq = 1")
con.execute("COMMIT")
print("holding", flush=True)
time.sleep(600)
"""


def build_database(folder: Path, games: int) -> None:
    """A progress database of ``games`` finished games in ``folder``."""
    seed = min(games, 2000)
    build(folder, seed)
    dirs, _ = open_dirs(folder)
    assert len(load_history(dirs)[0]) == seed
    db.forget(dirs)
    con = sqlite3.connect(folder / db.DB_NAME, isolation_level=None)
    try:
        con.execute("BEGIN IMMEDIATE")
        have = seed
        while have < games:
            step = min(have, games - have)
            con.execute(
                "INSERT INTO games (id, date, players, counted, abandoned, result, body, "
                "source, checked) SELECT id || '-' || ?, date, players, counted, abandoned, "
                "result, body, source, checked FROM games ORDER BY seq LIMIT ?",
                (have, step),
            )
            con.execute(
                "INSERT INTO game_summaries SELECT seq + ?, id || '-' || ?, date, counted, "
                "abandoned, result, preset, changed, hands, points, swoops, total, margin, "
                "plays, turns, hand_swoops, pickups FROM game_summaries WHERE seq <= ? "
                "ORDER BY seq",
                (have, have, step),
            )
            have += step
        con.execute("DELETE FROM rating_points")
        con.execute("DELETE FROM meta WHERE key LIKE 'rating.%'")
        con.execute("COMMIT")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        con.close()
    dirs, _ = open_dirs(folder)
    title_rating(dirs)  # each game's rating point worked out once, as play would have


def start_window(folder: Path) -> dict[str, float]:
    began = time.perf_counter()
    frames: list[float] = []
    pilot = Pilot(data_dir=folder, start="title", seed=1)
    first = (time.perf_counter() - began) * 1000
    checked = None
    deadline = time.perf_counter() + 120
    while time.perf_counter() < deadline:
        at = time.perf_counter()
        pilot.step()
        frames.append((time.perf_counter() - at) * 1000)
        if opening.done(pilot.app.dirs) and not getattr(pilot.top, "checking", False):
            checked = (time.perf_counter() - began) * 1000
            break
        time.sleep(1 / 60)
    at = time.perf_counter()
    pilot.app.open("scores")
    pilot.step()
    scores = (time.perf_counter() - at) * 1000
    pilot.close()
    return {
        "first frame": first,
        "checked": checked if checked is not None else float("nan"),
        "worst frame": max(frames, default=0.0),
        "scores": scores,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10000, 100000])
    parser.add_argument("--older", type=int, default=0, help="an older Swoop's folder")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hold", action="store_true")
    parser.add_argument(
        "--cold", action="store_true", help="drop the page cache before each window (root)"
    )
    args = parser.parse_args()
    sizes = [args.older] if args.older else args.games
    print(f"{'games':>8} {'first frame':>12} {'checked':>9} {'worst frame':>12} {'scores':>8}")
    for games in sizes:
        with tempfile.TemporaryDirectory(prefix="swoop-open-") as tmp:
            base = Path(tmp) / "base"
            base.mkdir()
            if args.older:
                build(base, games)
            else:
                build_database(base, games)
            figures: dict[str, list[float]] = {}
            for run in range(args.runs):
                folder = Path(tmp) / f"run{run}"
                subprocess.run(["cp", "-a", str(base), str(folder)], check=True)
                holder = None
                if args.hold:
                    holder = subprocess.Popen(
                        [sys.executable, "-c", HOLD, str(folder / db.DB_NAME)],
                        stdout=subprocess.PIPE,
                        text=True,
                    )
                    assert holder.stdout is not None and holder.stdout.readline()
                if args.cold:
                    subprocess.run(["sync"], check=True)
                    Path("/proc/sys/vm/drop_caches").write_text("3\n")
                try:
                    for key, value in start_window(folder).items():
                        figures.setdefault(key, []).append(value)
                finally:
                    if holder is not None:
                        with contextlib.suppress(OSError):
                            holder.kill()
                        holder.wait()
            row = {k: statistics.median(v) for k, v in figures.items()}
            print(
                f"{games:>8} {row['first frame']:>12.0f} {row['checked']:>9.0f} "
                f"{row['worst frame']:>12.0f} {row['scores']:>8.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
