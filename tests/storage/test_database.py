"""The progress database (``swoop.sqlite3``): moving in from an older Swoop's files, the
export, backups, a database from a newer Swoop, and a kill in the middle of storing games.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from swoop_desktop import cli
from swoop_desktop.progress import load_history, record_finished_game, reset_stats
from swoop_desktop.progress.history import wait_for_backup
from swoop_desktop.progress.rating import rating_history
from swoop_desktop.progress.stored_games import record_from_match
from swoop_desktop.storage import db, schema
from swoop_desktop.storage import resolve_dirs as _resolve

from .helpers import as_older_swoop_left_it, finished_match

ROOT = Path(__file__).resolve().parents[2]
SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": lv} for n, lv in (("A", "easy"), ("B", "normal"), ("C", "hard"))
]


def _seeds(dirs) -> list[int]:
    return [g.seed for g in load_history(dirs)[0]]


def _fresh(folder):
    """What the next start of Swoop sees."""
    dirs = _resolve(folder)
    db.forget(dirs)
    return dirs


def test_an_older_swoops_folder_moves_in_once_with_every_game_and_its_files_kept(tmp_path):
    dirs = _resolve(tmp_path)
    for seed in (1, 2, 3):
        record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
    old = as_older_swoop_left_it(dirs).read_bytes()
    games, messages = load_history(_fresh(tmp_path))
    assert [g.seed for g in games] == [1, 2, 3]
    assert len(messages) == 1 and "3 games" in messages[0] and "imported-" in messages[0]
    kept = list(tmp_path.glob("imported-*/history.json"))
    assert [k.read_bytes() for k in kept] == [old]  # untouched
    assert "swoop --export" in (kept[0].parent / "README.txt").read_text()
    assert not (tmp_path / "history.json").exists()
    # The same file brought back (an older Swoop run again, say): nothing is doubled.
    (tmp_path / "history.json").write_bytes(old)
    assert _seeds(_fresh(tmp_path)) == [1, 2, 3]


def test_export_writes_a_history_an_older_swoop_and_the_import_read_back(tmp_path, capsys):
    home = tmp_path / "home"
    dirs = _resolve(home)
    for seed in (4, 5):
        record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
    out = tmp_path / "history.json"
    assert cli.run(["--export", str(out), "--data-dir", str(home)]) == 0
    assert "2 games written" in capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["format"] == "swoop-history" and [g["seed"] for g in data["games"]] == [4, 5]
    # A new folder holding only the export reads the same games.
    other = tmp_path / "other"
    other.mkdir()
    (other / "history.json").write_bytes(out.read_bytes())
    assert _seeds(_fresh(other)) == [4, 5]


def test_export_to_a_folder_says_so_and_writes_nothing(tmp_path, capsys):
    (tmp_path / "here").mkdir()
    assert cli.run(["--export", str(tmp_path / "here"), "--data-dir", str(tmp_path)]) == 2
    assert "not a file" in capsys.readouterr().err


def test_backups_are_checked_copies_and_only_the_newest_few_are_kept(tmp_path):
    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(1), [])
    made = []
    for _ in range(db.KEEP_BACKUPS + 2):
        made.append(db.make_backup(dirs, force=True))
    kept = db.backups(dirs)
    assert len(kept) == db.KEEP_BACKUPS and kept == sorted(made, reverse=True)[: db.KEEP_BACKUPS]
    with contextlib.closing(sqlite3.connect(kept[0])) as con:
        assert con.execute("SELECT count(*) FROM games").fetchone() == (1,)
    assert db.make_backup(dirs) is None  # the newest is not a day old: none due


def test_a_database_from_a_newer_swoop_is_shown_and_never_written(tmp_path):
    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(1), [])
    path = db.db_file(dirs)
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.read_bytes()
    session = _fresh(tmp_path)
    games, messages = load_history(session)
    assert [g.seed for g in games] == [1]
    assert any("newer Swoop" in m for m in messages + session.notices.told)
    told = record_finished_game(session, finished_match(2), [])
    assert any("could not be added" in t for t in told)
    assert _seeds(session) == [1, 2]  # kept beside it, listed, never lost
    assert reset_stats(session)[0] is None
    assert path.read_bytes() == before


KEEP_STORING = textwrap.dedent(
    """
    import sys
    from swoop_desktop.progress import record_finished_game
    from swoop_desktop.storage import resolve_dirs
    from tests.storage.helpers import finished_match

    dirs = resolve_dirs(sys.argv[1])
    for seed in range(100, 400):
        record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
        print(seed, flush=True)  # committed
    """
)


def test_a_kill_while_games_are_stored_loses_no_committed_game(tmp_path):
    folder = tmp_path / "data"
    proc = subprocess.Popen(
        [sys.executable, "-c", KEEP_STORING, str(folder)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    committed: list[int] = []
    assert proc.stdout is not None
    while len(committed) < 12:
        line = proc.stdout.readline()
        assert line, "the storing process ended early"
        committed.append(int(line))
    time.sleep(0.013 * (len(committed) % 7))  # somewhere inside the next change
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    committed += [int(line) for line in proc.stdout.read().split()]
    stored = _seeds(_fresh(folder))
    assert set(committed) <= set(stored)
    assert len(stored) == len(set(stored))  # nothing half-stored, nothing doubled


def test_a_row_changed_since_it_was_checked_is_checked_again_and_a_bad_one_left_out(tmp_path):
    dirs = _resolve(tmp_path)
    for seed in (1, 2):
        record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        body = json.loads(con.execute("SELECT body FROM games WHERE seq = 1").fetchone()[0])
        body["totals"] = "lots"  # an edit (or a damaged page) past the game's own writing
        con.execute("UPDATE games SET body = ? WHERE seq = 1", (json.dumps(body),))
        con.commit()
    games, messages = load_history(_fresh(tmp_path))
    assert [g.seed for g in games] == [2]
    assert len(messages) == 1 and "1 game in your history could not be read" in messages[0]


def test_a_new_schema_step_keeps_every_game(tmp_path):
    """A database made at the first version (games only) is brought to the current one
    with its games and their order kept, and the rating worked out for them."""
    dirs = _resolve(tmp_path)
    path = db.db_file(dirs)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as con:
        con.execute("BEGIN")
        schema.MIGRATIONS[0](con)
        con.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
        con.execute("PRAGMA user_version = 1")
        con.execute("COMMIT")
    from swoop_desktop.progress.stored_games import row_of

    records = [record_from_match(finished_match(s), SEATS) for s in (7, 8, 9)]
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.executemany(
            "INSERT INTO games (id, date, players, counted, abandoned, result, body, source, "
            "checked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [row_of(r, "play") for r in records],
        )
        con.commit()
    session = _fresh(tmp_path)
    assert _seeds(session) == [7, 8, 9]
    with contextlib.closing(sqlite3.connect(path)) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    points, _ = rating_history(session)
    assert [p.game for p in points] == [r.id for r in records]


def test_a_start_with_games_makes_the_days_backup_once(tmp_path):
    dirs = _resolve(tmp_path)
    load_history(dirs)
    assert db.backups(dirs) == []  # nothing to keep yet
    record_finished_game(dirs, finished_match(1), [])
    fresh = _fresh(tmp_path)
    load_history(fresh)
    wait_for_backup(fresh)  # made beside the first screen, not before it
    (first,) = db.backups(dirs)
    record_finished_game(dirs, finished_match(2), [])
    fresh = _fresh(tmp_path)
    load_history(fresh)
    wait_for_backup(fresh)
    assert db.backups(dirs) == [first]  # not a day old: no second one
    with contextlib.closing(sqlite3.connect(first)) as con:
        assert con.execute("SELECT count(*) FROM games").fetchone() == (1,)


def test_an_older_swoops_daily_puzzles_and_reviews_move_in_and_a_later_copy_is_set_aside(
    tmp_path,
):
    from datetime import date

    from swoop_desktop.engine import Rules
    from swoop_desktop.progress.daily_results import load_daily, start_daily
    from swoop_desktop.progress.puzzle_book import add_puzzles, load_puzzles
    from swoop_desktop.progress.stored_reviews import load_review, store_review
    from tests.progress.test_puzzle_file import sample_puzzles

    dirs = _resolve(tmp_path)
    start_daily(dirs, date(2026, 11, 30), 5, Rules.from_preset("app"))
    puzzle = sample_puzzles(1)[0]
    add_puzzles(dirs, [puzzle])
    store_review(dirs, "k/game/48", {"verdicts": [puzzle.verdict], "accuracy": 50.0})
    as_older_swoop_left_it(dirs)
    old = {n: (tmp_path / n).read_bytes() for n in ("daily.json", "puzzles.json", "reviews.json")}
    session = _fresh(tmp_path)
    assert [e.seed for e in load_daily(session)[0]] == [5]
    assert [p.id for p in load_puzzles(session)[0].puzzles] == [puzzle.id]
    assert load_review(session, "k/game/48")[0]["accuracy"] == 50.0
    for name, raw in old.items():
        assert not (tmp_path / name).exists()
        assert [p.read_bytes() for p in tmp_path.glob(f"imported-*/{name}")] == [raw]
    # An older Swoop run once more writes its file again: set aside, said, never doubled.
    (tmp_path / "daily.json").write_bytes(old["daily.json"])
    entries, messages = load_daily(_fresh(tmp_path))
    assert [e.seed for e in entries] == [5]
    assert any("older Swoop" in m and "not used" in m for m in messages), messages
    assert not (tmp_path / "daily.json").exists()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")
def test_a_kill_while_the_database_is_first_made_is_rolled_back_not_called_damage(tmp_path):
    """A window killed while it made the database leaves SQLite's journal beside a half
    written file: the next start rolls it back and goes on, never moving it aside."""
    dirs = _resolve(tmp_path)
    path = db.db_file(dirs)
    pid = os.fork()
    if pid == 0:  # the first window, killed in the middle of its first change
        con = sqlite3.connect(path, isolation_level=None)
        con.execute("PRAGMA cache_size = 1")  # pages reach the file before the commit
        con.execute("BEGIN")
        schema.MIGRATIONS[0](con)
        con.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
        con.executemany("INSERT INTO meta VALUES (?, ?)", [(str(k), "x" * 900) for k in range(300)])
        os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(pid, 0)
    assert Path(str(path) + "-journal").exists()  # what a kill leaves
    record_finished_game(_fresh(tmp_path), finished_match(3), SEATS)
    assert not list(tmp_path.glob("swoop.damaged-*"))
    assert _seeds(_fresh(tmp_path)) == [3]


def test_a_long_historys_daily_backup_is_made_beside_the_first_screen(tmp_path, monkeypatch):
    from swoop_desktop.progress import history

    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(1), [])
    monkeypatch.setattr(history, "BACKUP_ASIDE", 0)  # as if the database were large
    fresh = _fresh(tmp_path)
    load_history(fresh)
    thread = fresh.state.cache.get("db-backup-thread")
    assert thread is not None and thread.name == "daily-backup"
    wait_for_backup(fresh)
    assert len(db.backups(dirs)) == 1


def test_a_backup_leaves_only_the_backup_file_and_what_a_killed_copy_left_is_swept(tmp_path):
    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(1), [])
    folder = db.backups_folder(dirs)
    folder.mkdir()
    hour_ago = time.time() - 2 * 3600
    left = [  # a copy a killed window left an hour ago, and the journals of older copies
        folder / "swoop-20250101-000000-000000.sqlite3.tmp",
        folder / "swoop-20250101-000000-000000.sqlite3.tmp-journal",
        folder / "swoop-20250101-000001-000000.sqlite3.tmp-wal",
        folder / "swoop-20250101-000001-000000.sqlite3.tmp-shm",
    ]
    for path in left:
        path.write_bytes(b"x" * 100)
        os.utime(path, (hour_ago, hour_ago))
    made = [db.make_backup(dirs, force=True) for _ in range(2)]  # the second reads the first
    assert all(made)
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in made if p)
    # Put back in place of a lost file, a backup is read without a trace beside it too.
    for suffix in ("", "-wal", "-shm"):
        Path(str(db.db_file(dirs)) + suffix).unlink(missing_ok=True)
    assert _seeds(_fresh(tmp_path)) == [1]
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in made if p)


def _games_in(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(f"file:{path}?immutable=1", uri=True)) as con:
        return int(con.execute("SELECT count(*) FROM games").fetchone()[0])


def test_backups_holding_more_games_than_the_database_are_never_rotated_away(tmp_path):
    home = tmp_path / "home"
    dirs = _resolve(home)
    for seed in (1, 2, 3):
        record_finished_game(dirs, finished_match(seed), SEATS)
    full = db.make_backup(dirs, force=True)
    assert full is not None
    # An older copy of the progress file comes back in its place (a sync tool, a restore
    # by hand): one game. Day after day backups of it are made.
    other = _resolve(tmp_path / "other")
    record_finished_game(other, finished_match(1), SEATS)
    with contextlib.closing(sqlite3.connect(db.db_file(other))) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for suffix in ("", "-wal", "-shm"):
        Path(str(db.db_file(dirs)) + suffix).unlink(missing_ok=True)
    (home / db.DB_NAME).write_bytes(db.db_file(other).read_bytes())
    dirs = _fresh(home)
    assert _seeds(dirs) == [1]
    for _ in range(db.KEEP_BACKUPS + 2):
        assert db.make_backup(dirs, force=True) is not None
    assert full in db.backups(dirs) and _games_in(full) == 3
    # Once the progress file holds as many games again, the old copy goes in its turn.
    for seed in (4, 5):
        record_finished_game(dirs, finished_match(seed), SEATS)
    for _ in range(db.KEEP_BACKUPS):
        assert db.make_backup(dirs, force=True) is not None
    kept = db.backups(dirs)
    assert full not in kept and len(kept) == db.KEEP_BACKUPS


def test_the_review_command_reads_the_progress_file_and_leaves_nothing_beside_it(tmp_path):
    from swoop_desktop import review

    dirs = _resolve(tmp_path / "data")
    record_finished_game(dirs, finished_match(1), SEATS)
    path = db.db_file(dirs)
    files = sorted(p.name for p in path.parent.iterdir())
    assert review.load_game_file(path)[2] == 1  # the newest game's seed
    assert sorted(p.name for p in path.parent.iterdir()) == files
    # A window has it open and its newest game is in the journal only: read all the same,
    # and nothing new is left beside it.
    with contextlib.closing(sqlite3.connect(path)) as window:
        window.execute("SELECT count(*) FROM games").fetchone()
        record_finished_game(dirs, finished_match(2), SEATS)
        assert Path(str(path) + "-wal").stat().st_size > 0
        files = sorted(p.name for p in path.parent.iterdir())
        assert review.load_game_file(path)[2] == 2
        assert sorted(p.name for p in path.parent.iterdir()) == files
