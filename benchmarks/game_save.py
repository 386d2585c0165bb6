"""A play's save, two ways: today's ``game.json`` or a row of the progress database.

    python benchmarks/game_save.py [--plays 10 100 400] [--saves 60]

Issue 29 leaves it to measurement whether the game in progress moves into the
database: keep the faster way that never loses a play. A random game is played to
``--plays`` plays; then the same save is timed ``--saves`` times each way, in a
temporary folder on this machine's disk:

- **game.json**: ``storage.save_game`` as the table calls it after every play (the
  whole game as JSON, written to a temporary file, flushed and fsynced, the ``.bak``
  kept, renamed over the old file, the folder fsynced);
- **database, FULL**: the same JSON body (worked out afresh) as one ``UPDATE`` of a one-row table in
  ``swoop.sqlite3`` (WAL journal, ``synchronous = FULL``: the commit is on disk when
  it returns, as the game file is);
- **database, NORMAL**: the same with ``synchronous = NORMAL`` (a power cut may lose
  the last commits: not the "never loses a play" the game file gives; shown for
  comparison).

Median and 95th percentile, milliseconds. Prints figures; never passes or fails.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.engine import Match, Rules  # noqa: E402
from swoop_desktop.storage import resolve_dirs, save_game  # noqa: E402
from swoop_desktop.storage.savegame import match_to_json  # noqa: E402


def _game(plays: int, seed: int = 3) -> Match:
    rng = random.Random(seed)
    while True:
        match = Match(Rules.from_preset("app"), 4, seed)
        made = 0
        while made < plays and not match.over:
            if match.state is None or match.hand_over:
                match.start_hand()
                continue
            match.apply(rng.choice(match.legal_actions()))
            made += 1
        if made == plays:
            return match
        seed += 1


def _times(step, saves: int) -> tuple[float, float]:
    took = []
    for _ in range(saves):
        start = time.perf_counter()
        step()
        took.append((time.perf_counter() - start) * 1000)
    took.sort()
    return statistics.median(took), took[int(0.95 * (len(took) - 1))]


def measure(plays: int, saves: int) -> dict[str, tuple[float, float]]:
    match = _game(plays)
    out = {}
    with tempfile.TemporaryDirectory(prefix="swoop-save-") as tmp:
        dirs = resolve_dirs(Path(tmp))
        out["game.json"] = _times(lambda: save_game(dirs, match, []), saves)
        body = json.dumps(match_to_json(match))
        count = [0]
        for mode in ("FULL", "NORMAL"):
            path = Path(tmp) / f"swoop-{mode}.sqlite3"
            with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as con:
                con.execute("PRAGMA journal_mode = WAL")
                con.execute(f"PRAGMA synchronous = {mode}")
                con.execute("CREATE TABLE current_game (id INTEGER PRIMARY KEY, body TEXT)")
                con.execute("INSERT INTO current_game VALUES (1, ?)", (body,))

                def update(con: sqlite3.Connection = con) -> None:
                    # The body worked out afresh each play, as the game file's is.
                    count[0] += 1
                    fresh = json.dumps({**match_to_json(match), "saved": count[0]})
                    con.execute("BEGIN IMMEDIATE")
                    con.execute("UPDATE current_game SET body = ? WHERE id = 1", (fresh,))
                    con.execute("COMMIT")

                out[f"database, {mode}"] = _times(update, saves)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, nargs="+", default=[10, 100, 400])
    parser.add_argument("--saves", type=int, default=60)
    args = parser.parse_args()
    print("plays  way                 median ms   p95 ms")
    for plays in args.plays:
        for way, (median, p95) in measure(plays, args.saves).items():
            print(f"{plays:5d}  {way:18s}  {median:9.2f}  {p95:7.2f}")


if __name__ == "__main__":
    main()
