"""What the title's rating line costs with a long history (prints figures, never judges).

    python benchmarks/title_rating.py [--games 1000 3000] [--runs 5]

For each size an older Swoop's history of that many finished games is built in
a temporary folder (a few real games played to their end by random players,
recorded again under new ids and dates: the reader checks each record as it
checks a player's); the first read moves it into the progress database
(**import**), then **every game** (``load_history``, what Scores reads) and the
title's line are timed three ways:

- **read every refresh**: ``rating_history`` as the title called it on every
  refresh before issue 29 (the whole history read, the rating brought up to
  date);
- **first show**: ``title_rating`` in a fresh session (nothing known yet: the
  same read, once);
- **refresh**: ``title_rating`` again with neither the history nor the rating
  file changed (what every later refresh of the title costs).

Each figure is the median of ``--runs`` runs, in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from common import random_game  # noqa: E402

from swoop_desktop.progress.history import load_history  # noqa: E402
from swoop_desktop.progress.history_file import HISTORY_KIND  # noqa: E402
from swoop_desktop.progress.rating import rating_history, title_rating  # noqa: E402
from swoop_desktop.progress.stored_games import record_from_match  # noqa: E402
from swoop_desktop.storage import open_dirs  # noqa: E402
from swoop_desktop.storage.jsonfile import write_document  # noqa: E402

SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": lv}
    for n, lv in (("Lefty", "hard"), ("Topper", "normal"), ("Righty", "easy"))
]


def build(folder: Path, games: int) -> None:
    """A history.json of ``games`` finished games in ``folder``."""
    samples = [record_from_match(random_game(seed), SEATS) for seed in range(1, 9)]
    start = datetime(2020, 1, 1)
    records = []
    for k in range(games):
        base = samples[k % len(samples)].to_json()
        base["id"] = f"bench{k:06d}"
        base["date"] = (start + timedelta(hours=k)).isoformat(timespec="seconds")
        records.append(base)
    write_document(folder / "history.json", HISTORY_KIND, {"games": records})


def timed(step) -> float:
    began = time.perf_counter()
    step()
    return (time.perf_counter() - began) * 1000


def measure(games: int, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="swoop-bench-") as tmp:
        folder = Path(tmp)
        build(folder, games)
        size = (folder / "history.json").stat().st_size
        dirs, _ = open_dirs(folder)  # the first start: the older file moves into the database
        moved = timed(lambda d=dirs: load_history(d))
        assert len(load_history(dirs)[0]) == games
        scores = []
        for _ in range(runs):
            dirs, _ = open_dirs(folder)
            scores.append(timed(lambda d=dirs: load_history(d)))
        every, first, refresh = [], [], []
        for _ in range(runs):
            dirs, _ = open_dirs(folder)
            every.append(timed(lambda d=dirs: rating_history(d)))
        for _ in range(runs):
            dirs, _ = open_dirs(folder)  # a fresh session: nothing known yet
            first.append(timed(lambda d=dirs: title_rating(d)))
            refresh.append(
                statistics.median(timed(lambda d=dirs: title_rating(d)) for _ in range(20))
            )
        return {
            "history_kb": size / 1024,
            "import_ms": moved,
            "every_game_ms": statistics.median(scores),
            "read_every_refresh_ms": statistics.median(every),
            "first_show_ms": statistics.median(first),
            "refresh_ms": statistics.median(refresh),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 3000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(
        "games  history KB  import ms  every game ms  read every refresh ms  first show ms  "
        "refresh ms"
    )
    for games in args.games:
        f = measure(games, args.runs)
        print(
            f"{games:5d}  {f['history_kb']:10.0f}  {f['import_ms']:9.0f}  "
            f"{f['every_game_ms']:13.1f}  {f['read_every_refresh_ms']:21.1f}  "
            f"{f['first_show_ms']:13.1f}  {f['refresh_ms']:10.3f}"
        )


if __name__ == "__main__":
    main()
