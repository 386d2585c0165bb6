"""The game-over sheet of a won game over a long history (prints figures, never judges).

    python benchmarks/game_over_long_history.py [--games 10000 100000] [--runs 3]

For each size a progress database of that many finished games is built once (as
``opening_large_history.py`` builds one) and its rating worked out. Each run is a fresh
window (the real App through the pilot, dummy video driver, 1280x720) that reaches the
final sheet of a game you won, as a player does: the last hand's sheet, then Next.
Printed, in milliseconds (median of ``--runs``):

- **first frame**: from Next pressed to the game-over sheet's first frame drawn;
- **worst frame**: the longest frame from then until the sheet shows its records;
- **records**: from Next pressed until the sheet says what this game bettered.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SWOOP_THINKING", "threads")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

WON = 5  # tests/storage/helpers.finished_match(5): you have the lowest total


def _one_run(folder: Path) -> dict[str, float]:
    from swoop_desktop.ui.pilot import Pilot
    from swoop_desktop.ui.scenes.overlays import GameOverScene
    from swoop_desktop.ui.scenes.table import TableScene
    from tests.storage.helpers import finished_match

    with Pilot(data_dir=folder, start="title") as p:
        p.app.push(TableScene(p.app, match=finished_match(WON)))
        assert p.until(lambda: p.top.name == "hand_over", 30)
        p.app.speed_override = "normal"
        t0 = time.perf_counter()
        p.top.next_hand()
        p.step()
        first = time.perf_counter() - t0
        over = p.top
        assert isinstance(over, GameOverScene) and over.won
        worst = 0.0
        # (getattr: a tree from before the records were read on a thread has no such mark)
        while getattr(over, "records_pending", False) and time.perf_counter() - t0 < 60:
            f0 = time.perf_counter()
            p.step()
            worst = max(worst, time.perf_counter() - f0)
            time.sleep(0.005)
        records = time.perf_counter() - t0
    return {"first frame": first * 1000, "worst frame": worst * 1000, "records": records * 1000}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, nargs="+", default=[10000, 100000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from opening_large_history import build_database

    from swoop_desktop.progress.rating import rating_history
    from swoop_desktop.storage import db, resolve_dirs

    out: dict[str, dict[str, float]] = {}
    for games in args.games:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp) / "data"
            folder.mkdir()
            build_database(folder, games)
            dirs = resolve_dirs(folder)
            rating_history(dirs, False)  # the rating worked out once, as a long-kept history has it
            db.forget(dirs)
            runs = [_one_run(folder) for _ in range(args.runs)]
        out[str(games)] = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        if not args.json:
            figures = ", ".join(f"{k} {v:.0f} ms" for k, v in out[str(games)].items())
            print(f"{games:>7} games: {figures}", flush=True)
    if args.json:
        print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
