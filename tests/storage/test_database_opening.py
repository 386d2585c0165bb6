"""Opening the progress database never destroys it and never hides it: a full disk, an
empty file, a journal from another database, a lowered schema version and another
program holding the file each leave every game that could be read before."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.storage import db, file_check, schema
from swoop_desktop.storage import resolve_dirs as _resolve

from .helpers import finished_match

SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": "normal"} for n in ("Lefty", "Topper", "Righty")
]


def _fresh(folder: Path):
    """What the next start of Swoop sees."""
    dirs = _resolve(folder)
    db.forget(dirs)
    return dirs


def _store(folder: Path, seeds) -> None:
    dirs = _fresh(folder)
    for seed in seeds:
        assert record_finished_game(dirs, finished_match(seed), SEATS) == []


def _seeds(folder: Path) -> tuple[list[int], list[str]]:
    dirs = _fresh(folder)
    games, messages = load_history(dirs)
    return [g.seed for g in games], messages + dirs.notices.told


def _aside(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("swoop.damaged-*"))


@contextlib.contextmanager
def _small_disk(tmp_path: Path, size: str = "1m"):
    """A folder on a tmpfs of ``size`` (root only: skipped elsewhere)."""
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip("a small disk needs mount (root): " + done.stderr.decode(errors="replace"))
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _fill(folder: Path) -> Path:
    """Fill the disk under ``folder`` to the last byte; the filler file."""
    filler = folder / "filler.bin"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        for chunk in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * chunk)
    finally:
        os.close(fd)
    return filler


def test_a_start_on_a_full_disk_leaves_the_progress_in_place_and_shows_every_game(tmp_path):
    with _small_disk(tmp_path) as disk:
        home = disk / "home"
        _store(home, [1, 2, 3])
        filler = _fill(disk)
        seeds, told = _seeds(home)
        assert seeds == [1, 2, 3]
        assert any("disk is full" in t for t in told), told
        assert _aside(home) == [] and (home / db.DB_NAME).stat().st_size > 0
        filler.unlink()  # room again: the next start is as before, and keeps new games
        seeds, told = _seeds(home)
        assert seeds == [1, 2, 3] and not any("could not" in t for t in told), told
        _store(home, [4])
        assert _seeds(home)[0] == [1, 2, 3, 4] and _aside(home) == []


@pytest.mark.parametrize("how", ["zero bytes", "an empty foreign database", "other tables"])
def test_a_file_that_lost_everything_is_told_and_the_newest_backup_put_back(tmp_path, how):
    _store(tmp_path, [1, 2])
    assert db.make_backup(_fresh(tmp_path), force=True) is not None
    path = tmp_path / db.DB_NAME
    path.unlink()
    if how == "zero bytes":
        path.write_bytes(b"")
    else:
        with contextlib.closing(sqlite3.connect(path)) as con:
            con.execute("CREATE TABLE t (x)")
            if how == "an empty foreign database":
                con.execute("DROP TABLE t")
            else:
                con.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
            con.commit()
    seeds, told = _seeds(tmp_path)
    assert seeds == [1, 2]
    assert any("put back from the backup" in t for t in told), told
    assert len(_aside(tmp_path)) == 1  # what was found is kept, not deleted


def test_an_empty_file_with_no_backup_is_a_new_database_and_keeps_games(tmp_path):
    _fresh(tmp_path)
    (tmp_path / db.DB_NAME).write_bytes(b"")
    _store(tmp_path, [7])
    seeds, told = _seeds(tmp_path)
    assert seeds == [7] and told == [] and _aside(tmp_path) == []


FOREIGN_WAL = textwrap.dedent(
    """
    import shutil, sqlite3, sys
    from swoop_desktop.progress import record_finished_game
    from swoop_desktop.storage import resolve_dirs
    from tests.storage.helpers import finished_match

    other, target = sys.argv[1], sys.argv[2]
    dirs = resolve_dirs(other)
    record_finished_game(dirs, finished_match(50), [{"name": "You"}])
    con = sqlite3.connect(other + "/swoop.sqlite3", isolation_level=None)
    con.execute("PRAGMA wal_autocheckpoint = 0")
    con.execute("BEGIN IMMEDIATE")
    con.execute("DELETE FROM game_summaries")
    con.execute("UPDATE games SET body = '{}' ")
    for n in range(40):
        con.execute("INSERT INTO meta VALUES (?, ?)", (f"k{n}", "x" * 3000))
    con.execute("COMMIT")
    shutil.copyfile(other + "/swoop.sqlite3-wal", target)  # the journal, still open
    """
)


def test_a_journal_from_another_database_is_set_aside_and_no_game_is_lost(tmp_path):
    home = tmp_path / "home"
    _store(home, range(1, 16))
    assert _seeds(home)[0] == list(range(1, 16))  # opened once, as a window leaves it
    path = home / db.DB_NAME
    before = path.read_bytes()
    subprocess.run(
        [sys.executable, "-c", FOREIGN_WAL, str(tmp_path / "other"), str(path) + "-wal"],
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    seeds, told = _seeds(home)
    assert seeds == list(range(1, 16))
    assert any("journal file" in t and "did not belong" in t for t in told), told
    assert [n for n in _aside(home) if n.endswith("-wal")], "the journal is kept aside"
    assert not [n for n in _aside(home) if n.endswith(".sqlite3")], "the file itself stays"
    assert path.read_bytes()[:100] == before[:100]


KILLED_WITH_A_JOURNAL = textwrap.dedent(
    """
    import os, sqlite3, sys
    from swoop_desktop.progress import record_finished_game
    from swoop_desktop.storage import resolve_dirs
    from tests.storage.helpers import finished_match

    dirs = resolve_dirs(sys.argv[1])
    record_finished_game(dirs, finished_match(1), [{"name": "You"}])
    keep = sqlite3.connect(sys.argv[1] + "/swoop.sqlite3")  # so no close checkpoints
    keep.execute("SELECT count(*) FROM games").fetchone()
    for seed in (2, 3):
        record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
    os._exit(0)  # killed: the last games are only in the journal
    """
)


def test_a_journal_of_its_own_left_by_a_kill_is_kept_with_its_games(tmp_path):
    """The journal a killed window leaves holds its last games: they are read into the
    file, the journal never taken for a foreign one."""
    subprocess.run(
        [sys.executable, "-c", KILLED_WITH_A_JOURNAL, str(tmp_path)],
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert (tmp_path / (db.DB_NAME + "-wal")).stat().st_size > 0
    seeds, told = _seeds(tmp_path)
    assert seeds == [1, 2, 3] and told == [] and _aside(tmp_path) == []


@pytest.mark.parametrize("lowered", [0, 1, 2, 3])
def test_a_lowered_schema_version_is_repaired_once_and_every_game_shown(tmp_path, lowered):
    _store(tmp_path, [1, 2, 3])
    path = tmp_path / db.DB_NAME
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.execute(f"PRAGMA user_version = {lowered}")
        con.commit()
    seeds, told = _seeds(tmp_path)
    assert seeds == [1, 2, 3] and told == []
    with contextlib.closing(sqlite3.connect(path)) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    _store(tmp_path, [4])  # new games are stored, not left waiting beside it
    assert _seeds(tmp_path) == ([1, 2, 3, 4], []) and not list(tmp_path.glob("history.pending-*"))


HOLD_EXCLUSIVE = textwrap.dedent(
    """
    import sqlite3, sys, time
    con = sqlite3.connect(sys.argv[1], isolation_level=None)
    con.execute("PRAGMA locking_mode = EXCLUSIVE")
    con.execute("BEGIN EXCLUSIVE")
    con.execute("UPDATE games SET source = source")
    con.execute("COMMIT")
    print("holding", flush=True)
    time.sleep(120)
    """
)


@pytest.fixture
def held(tmp_path):
    """A progress file of one game, held in exclusive mode by another program while the
    test runs; afterwards the game is still there."""
    _store(tmp_path, [1])
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_EXCLUSIVE, str(tmp_path / db.DB_NAME)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        yield tmp_path
    finally:
        holder.kill()
        holder.wait()
    assert _seeds(tmp_path)[0] == [1]


def test_a_database_held_by_another_program_keeps_each_screen_waiting_once_at_most(
    held, monkeypatch
):
    """Asked again and again while another program holds the file, the answer comes at
    once: the window never waits the whole busy time for every screen."""
    monkeypatch.setattr(db, "BUSY_WAIT", 1.5)  # the first look's wait, shorter here
    dirs = _fresh(held)
    load_history(dirs)  # the first look may wait for the file
    waits = []
    for _ in range(4):
        started = time.monotonic()
        load_history(dirs)
        waits.append(time.monotonic() - started)
    assert max(waits) < 1.0, waits


def test_the_windows_own_thread_never_waits_long_for_a_database_another_program_holds(held):
    """On the thread that draws the frames even the first look gives up quickly, and
    after the remembered failure runs out the look again is as quick."""
    dirs = _fresh(held)
    db.frame_thread(dirs)
    waits = []
    for _ in range(3):
        started = time.monotonic()
        load_history(dirs)
        waits.append(time.monotonic() - started)
        dirs.state.cache.pop(f"db-failed:{db.db_file(dirs)}", None)  # as if 20 s passed
    assert max(waits) < 2.0, waits


def test_a_start_in_a_read_only_folder_shows_every_game_and_moves_nothing(tmp_path):
    with _small_disk(tmp_path, "4m") as disk:
        home = disk / "home"
        _store(home, [1, 2])
        done = subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=False)
        if done.returncode != 0:
            pytest.skip("the small disk could not be made read-only")
        seeds, told = _seeds(home)
        assert seeds == [1, 2]
        assert any("could not be checked" in t and "read-only" in t for t in told), told
        subprocess.run(["mount", "-o", "remount,rw", str(disk)], check=True)
        assert _aside(home) == [] and _seeds(home) == ([1, 2], [])


def test_the_check_of_a_long_history_tells_how_far_it_has_got(tmp_path, monkeypatch):
    _store(tmp_path, range(1, 6))
    dirs = _fresh(tmp_path)
    told: list[float] = []

    class Told(dict):
        def __setitem__(self, key, value):
            if key == str(db.db_file(dirs)):
                told.append(value)
            super().__setitem__(key, value)

    monkeypatch.setattr(file_check, "CHECKED", Told())
    monkeypatch.setattr(file_check, "_STEPS_A_CALL", 20)  # a few games: a word every 20 steps
    load_history(dirs)
    assert len(told) > 2 and told == sorted(told) and 0.0 < told[-1] < 1.0
    assert db.check_progress(dirs) is None  # none under way once it is done


def _change_schema(path: Path, old: bytes, new: bytes) -> None:
    """A damaged byte in the file's list of tables: a rule of a table changed in place
    (same length, so SQLite still reads the file and its quick check finds nothing)."""
    raw = path.read_bytes()
    assert raw.count(old) == 1 and len(old) == len(new)
    path.write_bytes(raw.replace(old, new))


def test_a_damaged_table_rule_is_found_and_every_game_read_back_so_new_games_are_kept(tmp_path):
    """A byte of ``games``' CHECK damaged ('loss' no longer allowed) let the file open
    and show its games while every lost game could never be stored again. The damage is
    found, the file kept aside, its games read back, and the next game is stored."""
    _store(tmp_path, (1, 2, 3))
    path = tmp_path / db.DB_NAME
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    _change_schema(
        path,
        b"'win', 'tie', 'loss', 'abandoned')),\n            body",
        b"'win', 'tie', '\x01oss', 'abandoned')),\n            body",
    )
    seeds, told = _seeds(tmp_path)
    assert sorted(seeds) == [1, 2, 3]
    assert any("layout of its table 'games' is damaged" in m for m in told), told
    assert any("3 games were read back from the damaged file" in m for m in told), told
    assert len([n for n in _aside(tmp_path) if n.endswith(".sqlite3")]) == 1
    _store(tmp_path, (9,))  # a loss
    assert sorted(_seeds(tmp_path)[0]) == [1, 2, 3, 9]


def test_games_after_the_backup_are_read_back_from_a_damaged_file(tmp_path):
    """A backup put back in place of a damaged file no longer costs the games finished
    after it: those the damaged file still holds come back, none twice."""
    _store(tmp_path, (1, 2))
    dirs = _fresh(tmp_path)
    assert db.make_backup(dirs, force=True) is not None
    _store(tmp_path, (3, 4))
    path = tmp_path / db.DB_NAME
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    _change_schema(
        path,
        b"CREATE INDEX games_by_date ON games (date, seq)",
        b"CREATE INDEX games_by_date ON games (seq, date)",
    )
    seeds, told = _seeds(tmp_path)
    assert sorted(seeds) == [1, 2, 3, 4], told
    assert any("put back from the backup" in m for m in told), told
    assert any("2 games were read back" in m for m in told), told


def _gone(folder: Path) -> None:
    """The progress file and its journals gone (deleted, lost by a sync, a failed move)."""
    for suffix in ("", "-wal", "-shm"):
        Path(str(folder / db.DB_NAME) + suffix).unlink(missing_ok=True)


def test_a_missing_progress_file_beside_backups_comes_back_with_its_games_and_a_word(tmp_path):
    _store(tmp_path, [1, 2])
    assert db.make_backup(_fresh(tmp_path), force=True) is not None
    _gone(tmp_path)
    seeds, told = _seeds(tmp_path)
    assert seeds == [1, 2]
    said = [t for t in told if "was missing" in t and "put back from the backup" in t]
    assert len(set(said)) == 1, told  # one message (given back and posted)
    with contextlib.closing(sqlite3.connect(tmp_path / db.DB_NAME)) as con:
        assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    _store(tmp_path, [3])  # it goes on as before
    seeds, told = _seeds(tmp_path)
    assert seeds == [1, 2, 3] and told == []


def test_a_missing_progress_file_with_no_sound_backup_starts_afresh_and_says_so(tmp_path):
    _store(tmp_path, [1])
    backup = db.make_backup(_fresh(tmp_path), force=True)
    assert backup is not None
    backup.write_bytes(b"SQLite format 3\x00" + b"\xff" * 2000)  # damaged as well
    _gone(tmp_path)
    seeds, told = _seeds(tmp_path)
    assert seeds == []
    assert any("was missing" in t and "none of its backups" in t for t in told), told
    assert backup.exists()  # kept, never deleted


def test_a_journal_left_beside_a_missing_progress_file_is_kept_and_not_laid_over_the_backup(
    tmp_path,
):
    _store(tmp_path, [1, 2])
    assert db.make_backup(_fresh(tmp_path), force=True) is not None
    _gone(tmp_path)
    wal = Path(str(tmp_path / db.DB_NAME) + "-wal")
    wal.write_bytes(b"\x37\x7f\x06\x82" + os.urandom(4000))  # a journal of the file that went
    seeds, _told = _seeds(tmp_path)
    assert seeds == [1, 2]
    assert not wal.exists()
    assert len(list(tmp_path.glob("swoop.left-*.sqlite3-wal"))) == 1


def _damaged_page(path: Path) -> None:
    """Bad bytes at the head of one page of an index in the file (the check's own words:
    "*** in database main *** Page 13: btreeInitPage() returns error code 11")."""
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = con.execute("PRAGMA page_size").fetchone()[0]
        (page,) = con.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'game_summaries_counted'"
        ).fetchone()
    data = bytearray(path.read_bytes())
    data[size * (page - 1)] = 0x33  # no page type SQLite knows
    path.write_bytes(bytes(data))


def test_damage_the_check_finds_is_told_in_plain_words_and_sqlites_own_kept_in_the_log(
    tmp_path, caplog
):
    _store(tmp_path, [1, 2, 3])
    _damaged_page(tmp_path / db.DB_NAME)
    with caplog.at_level("WARNING", logger="swoop_desktop.storage"):
        seeds, told = _seeds(tmp_path)
    assert sorted(seeds) == [1, 2, 3]
    damage = [t for t in told if "could not be used" in t]
    assert len(set(damage)) == 1 and "parts of it are damaged" in damage[0], told
    for raw in ("***", "btree", "error code", "Page "):
        assert not any(raw in t for t in told), told
    assert "btreeInitPage() returns error code 11" in caplog.text
