"""Everything a player earns has somewhere to wait: a finished game on a full disk, a daily
result or a puzzle answer the database cannot take now, and a damaged daily or puzzles
document about to be written over."""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import subprocess
from dataclasses import replace
from datetime import date
from functools import partial
from pathlib import Path

import pytest

from swoop_desktop.engine import Match, Rules
from swoop_desktop.progress import load_history, pending_games, record_finished_game
from swoop_desktop.progress.daily_results import (
    finish_daily,
    load_daily,
    start_daily,
    store_waiting_daily,
)
from swoop_desktop.progress.history import keep_unsaved
from swoop_desktop.progress.puzzle_book import (
    add_puzzles,
    load_puzzles,
    record_answer,
    store_waiting_answers,
)
from swoop_desktop.storage import db, documents, resolve_dirs, schema
from swoop_desktop.storage.jsonfile import atomic_write_text, encode_document
from tests.storage.helpers import finished_match

from .test_puzzle_file import sample_puzzles

SEATS = [{"name": "You"}]
DAY = date(2026, 3, 1)
RULES = Rules.from_preset("app")


def _no_room(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device", "/x/.history.pending-1.json.tmp")


def _database_full(*args, **kwargs):
    raise sqlite3.OperationalError("database or disk is full")


# -- a finished game on a full disk ------------------------------------------------------
def test_a_game_written_nowhere_is_told_not_saved_and_where_room_is_needed(tmp_path, monkeypatch):
    from swoop_desktop.storage import savegame

    dirs = resolve_dirs(tmp_path)
    monkeypatch.setattr(db, "change", _database_full)
    monkeypatch.setattr(pending_games, "atomic_write_text", _no_room)
    monkeypatch.setattr(savegame, "write_document", _no_room)  # nor the saved game
    told = record_finished_game(dirs, finished_match(3), SEATS)
    assert len(told) == 1
    assert "NOT saved" in told[0] and "Make room in" in told[0] and str(tmp_path) in told[0]
    assert "added with your next finished game" not in told[0]
    assert "kept" not in told[0]  # nothing only in memory is promised kept


def test_closing_tries_the_unsaved_game_again_and_keeps_it_once_there_is_room(
    tmp_path, monkeypatch
):
    from swoop_desktop.storage import savegame

    dirs = resolve_dirs(tmp_path)
    match = finished_match(4)
    with monkeypatch.context() as m:
        m.setattr(db, "change", _database_full)
        m.setattr(pending_games, "atomic_write_text", _no_room)
        m.setattr(savegame, "write_document", _no_room)  # nor the saved game: no room at all
        record_finished_game(dirs, match, SEATS)
        still = keep_unsaved(dirs)  # the disk is still full at the first close
        assert len(still) == 1 and "1 finished game is NOT saved" in still[0]
        assert str(tmp_path) in still[0]
    assert keep_unsaved(dirs) == []  # room again: kept at the close
    assert not dirs.state.unsaved
    games, _ = load_history(resolve_dirs(tmp_path))  # the next start has it
    assert [g.seed for g in games] == [match.seed]


def _finished_at_the_table_on_a_full_disk(pilot, seed: int, then=None):
    """A game played to its end at the table while nothing can be stored: the history is
    full, no file can be made beside it; the saved game holds the game as it was before
    its last plays (the last save that could be written; ``then`` is called after it, to
    fill the disk further). The table, once it is over."""
    from swoop_desktop.storage import has_saved_game, save_game
    from swoop_desktop.ui.scenes.table import TableScene
    from swoop_desktop.ui.table.drivers import GAME

    match = finished_match(seed)
    earlier = Match(match.rules, match.n, match.seed)
    earlier.replay([match.actions[0][:6]])
    save_game(pilot.app.dirs, earlier, [])
    assert has_saved_game(pilot.app.dirs)
    if then is not None:
        then()
    table = pilot.app.push(TableScene(pilot.app, GAME, match=match))
    assert pilot.until(lambda: pilot.top.name == "hand_over", 10)
    pilot.top.next_hand()
    pilot.step(2)
    assert pilot.top.name == "game_over"
    table.flow.saver.flush()
    return table


@pytest.mark.parametrize("room", ["the saved game", "a file beside the history"])
def test_a_game_finished_on_a_full_disk_outlives_two_closes_and_is_stored_at_the_next_start(
    tmp_path, monkeypatch, room
):
    """Closed twice without making room: the game finished on a full disk is kept where
    something can still be written at the second close (the saved game, or a file beside
    the history), never dropped; the next start with room stores it in the history, and
    Continue does not offer the game as it was before its last plays."""
    from swoop_desktop.storage import has_saved_game, savegame
    from swoop_desktop.ui.pilot import Pilot

    with Pilot(data_dir=tmp_path, start="title") as p:
        dirs = p.app.dirs
        monkeypatch.setattr(db, "change", _database_full)
        monkeypatch.setattr(pending_games, "atomic_write_text", _no_room)
        no_room_at_all = partial(monkeypatch.setattr, savegame, "write_document", _no_room)
        _finished_at_the_table_on_a_full_disk(p, 7, then=no_room_at_all)
        assert len(dirs.state.unsaved) == 1
        p.app.quit()  # the first close: nothing can be written
        assert p.app.running and "NOT saved" in p.app.toast[0]
        if room == "the saved game":
            monkeypatch.undo()
            monkeypatch.setattr(db, "change", _database_full)
            monkeypatch.setattr(pending_games, "atomic_write_text", _no_room)
        else:
            monkeypatch.setattr(pending_games, "atomic_write_text", atomic_write_text)
        p.app.quit()  # the second close, no room made for the rest
        assert not p.app.running
    monkeypatch.undo()  # room again at the next start
    with Pilot(data_dir=tmp_path, start="title") as p:
        dirs = p.app.dirs
        games, _ = load_history(dirs)
        assert [g.seed for g in games] == [7]
        assert not games[0].abandoned, "stored as the finished game it was"
        assert not has_saved_game(dirs), "no game that is over is offered to Continue"
        assert not list(tmp_path.glob("history.pending-*"))


def _disk_full_for_the_history(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device", "/x/swoop.sqlite3-wal")


def test_a_game_finished_on_a_full_disk_is_added_at_the_next_start_with_room_and_said(
    tmp_path, monkeypatch
):
    """A game finished at the table while neither the history nor a file beside it can
    be written (the disk is full) goes with the saved game at once, so it outlives a
    session that ends without the close's second try (the window killed, the machine
    shut down). A start still without room says plainly why it is not added yet; the next
    start with room adds it to the history once and says so in one line, and Continue
    does not offer the game as it was before its last plays."""
    from swoop_desktop.storage import has_saved_game
    from swoop_desktop.ui.pilot import Pilot

    monkeypatch.setattr(db, "change", _disk_full_for_the_history)
    monkeypatch.setattr(pending_games, "atomic_write_text", _no_room)
    with Pilot(data_dir=tmp_path, start="title") as p:
        _finished_at_the_table_on_a_full_disk(p, 7)
        told = [t for t in p.app.dirs.notices.told if "scores" in t]
        assert len(told) == 1 and "the disk is full" in told[0], told
        assert "kept with your saved game" in told[0] and "NOT saved" not in told[0]
    # The session ended without quitting (Pilot's close is the window going away).
    with Pilot(data_dir=tmp_path, start="title") as p:  # still no room
        told = [t for t in p.app.dirs.notices.told if "history" in t]
        assert told == [
            "Games waiting to be added to your history could not be added yet (the disk "
            "is full); they are shown, and added next time."
        ]
        assert [g.seed for g in load_history(p.app.dirs)[0]] == [7], "shown meanwhile"
    monkeypatch.undo()  # room again
    with Pilot(data_dir=tmp_path, start="title") as p:
        dirs = p.app.dirs
        told = [t for t in dirs.notices.told if "history" in t]
        assert told == [
            "1 finished game that was waiting to be added to your history is in it now."
        ]
        games, messages = load_history(dirs)
        assert [g.seed for g in games] == [7] and messages == []
        assert not games[0].abandoned, "stored as the finished game it was"
        assert not has_saved_game(dirs), "no game that is over is offered to Continue"
    with Pilot(data_dir=tmp_path, start="title") as p:  # and it stays stored once
        assert [g.seed for g in load_history(p.app.dirs)[0]] == [7]
        assert not [t for t in p.app.dirs.notices.told if "history" in t]


@contextlib.contextmanager
def _small_disk(folder: Path):
    """A 1 MB tmpfs at ``folder`` (root only; the test is skipped without it)."""
    folder.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here ({done.stderr.decode().strip()})")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def test_a_game_finished_on_a_really_full_disk_is_told_and_kept_at_the_close(tmp_path):
    with _small_disk(tmp_path / "disk") as disk:
        dirs = resolve_dirs(disk)
        record_finished_game(dirs, finished_match(5), SEATS)  # the database is made
        filler = disk / "filler"
        with contextlib.suppress(OSError), open(filler, "wb") as f:
            while True:
                f.write(b"\0" * 4096)
                f.flush()
        told = record_finished_game(dirs, finished_match(6), SEATS)
        assert any("NOT saved" in t and str(disk) in t for t in told), told
        assert len(keep_unsaved(dirs)) == 1  # still full at the first close
        filler.unlink()
        assert keep_unsaved(dirs) == []
        games, _ = load_history(resolve_dirs(disk))
        assert sorted(g.seed for g in games) == [5, 6]


# -- daily results and puzzle answers the database cannot take now -------------------
def _newer_swoops_database(folder: Path) -> None:
    with contextlib.closing(sqlite3.connect(folder / db.DB_NAME)) as con:
        con.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
        con.commit()


def _current_database(folder: Path) -> None:
    with contextlib.closing(sqlite3.connect(folder / db.DB_NAME)) as con:
        con.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION}")
        con.commit()


def _waiting_files(folder: Path, stem: str) -> list[Path]:
    return sorted(folder.glob(f"{stem}.pending-*.json"))


def test_a_daily_result_a_read_only_database_cannot_take_waits_and_is_stored_next_start(
    tmp_path,
):
    start_daily(resolve_dirs(tmp_path), DAY, 11, RULES)
    _newer_swoops_database(tmp_path)
    dirs = resolve_dirs(tmp_path)
    told = finish_daily(dirs, DAY, 11, [3, 20, 30, 40])
    assert len(told) == 1 and "kept beside your progress file" in told[0], told
    assert len(_waiting_files(tmp_path, "daily")) == 1
    entries, _ = load_daily(dirs)  # shown meanwhile
    assert entries[0].finished and entries[0].points == [3, 20, 30, 40]
    _current_database(tmp_path)  # the newer Swoop's file went back (an update, a restore)
    later = resolve_dirs(tmp_path)
    assert store_waiting_daily(later) == []
    assert _waiting_files(tmp_path, "daily") == []
    entries, _ = load_daily(resolve_dirs(tmp_path))
    assert entries[0].finished and entries[0].points == [3, 20, 30, 40]


@contextlib.contextmanager
def _held(folder: Path):
    """Another window holding the database for a change of its own."""
    con = sqlite3.connect(folder / db.DB_NAME, isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        con.execute("ROLLBACK")
        con.close()


def test_a_daily_deal_and_its_result_wait_while_another_window_holds_the_database(
    tmp_path, monkeypatch
):
    dirs = resolve_dirs(tmp_path)
    load_daily(dirs)  # the database is made
    monkeypatch.setattr(documents, "WAIT", 0.05)
    with _held(tmp_path):
        counts, told = start_daily(dirs, DAY, 12, RULES)
        assert counts and "kept beside your progress file" in told[0]
        finish_daily(dirs, DAY, 12, [5, 6, 7, 8])
        assert len(_waiting_files(tmp_path, "daily")) == 2
    entries, messages = load_daily(resolve_dirs(tmp_path))  # the next read stores them
    assert messages == []
    assert [(e.seed, e.finished, e.points) for e in entries] == [(12, True, [5, 6, 7, 8])]
    assert _waiting_files(tmp_path, "daily") == []
    # Stored once: another window finding the same files later changes nothing.
    assert finish_daily(resolve_dirs(tmp_path), DAY, 12, [9, 9, 9, 9]) == []
    assert load_daily(resolve_dirs(tmp_path))[0][0].points == [5, 6, 7, 8]


def test_a_puzzle_answer_waits_while_the_database_is_busy_and_is_counted_next_start(
    tmp_path, monkeypatch
):
    dirs = resolve_dirs(tmp_path)
    puzzle = sample_puzzles(1)[0]
    add_puzzles(dirs, [puzzle])
    monkeypatch.setattr(documents, "WAIT", 0.05)
    with _held(tmp_path):
        cleared, told = record_answer(dirs, puzzle.id, True)
        assert not cleared and len(told) == 1 and "kept beside your progress file" in told[0]
    assert len(_waiting_files(tmp_path, "puzzles")) == 1
    assert store_waiting_answers(resolve_dirs(tmp_path)) == []
    book, _ = load_puzzles(resolve_dirs(tmp_path))
    assert [(p.id, p.solved, p.tries) for p in book.puzzles] == [(puzzle.id, 1, 1)]
    assert _waiting_files(tmp_path, "puzzles") == []


def test_a_waiting_daily_result_is_kept_when_the_commit_that_stored_it_fails(tmp_path, monkeypatch):
    """The waiting changes are stored in the same transaction as the next change: when its
    COMMIT fails (a full disk, an I/O error), nothing was stored, so the files they wait in
    must stay for the next try, not be deleted as if stored."""
    dirs = resolve_dirs(tmp_path)
    start_daily(dirs, DAY, 12, RULES)
    monkeypatch.setattr(documents, "WAIT", 0.05)
    with _held(tmp_path):
        finish_daily(dirs, DAY, 12, [5, 6, 7, 8])
    assert len(_waiting_files(tmp_path, "daily")) == 1
    real_change = db.change

    @contextlib.contextmanager
    def commit_fails(*args, **kwargs):
        with real_change(*args, **kwargs) as con:
            yield con
            con.execute("ROLLBACK")  # what a failed COMMIT leaves: nothing stored
            raise sqlite3.OperationalError("disk I/O error")

    with monkeypatch.context() as m:
        m.setattr(db, "change", commit_fails)
        told = store_waiting_daily(resolve_dirs(tmp_path))
        assert told and "could not be recorded yet" in told[0], told
    assert len(_waiting_files(tmp_path, "daily")) == 1, "the result waits on"
    assert store_waiting_daily(resolve_dirs(tmp_path)) == []  # the disk is well again
    entries, _ = load_daily(resolve_dirs(tmp_path))
    assert [(e.seed, e.finished, e.points) for e in entries] == [(12, True, [5, 6, 7, 8])]
    assert _waiting_files(tmp_path, "daily") == []


def test_a_daily_change_is_worked_out_before_the_database_is_held(tmp_path):
    """What a change reads and checks is done outside the write: another window can write
    meanwhile, so two busy windows take turns instead of one waiting out its time."""
    from swoop_desktop.progress import daily_results as daily

    dirs = resolve_dirs(tmp_path)
    start_daily(dirs, DAY, 13, RULES)
    others: list[str] = []

    def change(value, told):
        with contextlib.closing(
            sqlite3.connect(tmp_path / db.DB_NAME, timeout=0, isolation_level=None)
        ) as con:
            try:
                con.execute("BEGIN IMMEDIATE")
                con.execute("ROLLBACK")
                others.append("wrote")
            except sqlite3.OperationalError as exc:
                others.append(str(exc))
        entry = replace(value[0], finished=True, points=[1, 2, 3, 4])
        return {"days": [entry.to_json()]}

    documents.change_stored(
        dirs,
        daily.daily_file(dirs),
        daily.DAILY_KIND,
        daily._dump,
        change,
        kept="",
        failed=lambda why: why,
    )
    assert others == ["wrote"]
    assert load_daily(dirs)[0][0].points == [1, 2, 3, 4]


# -- a damaged daily or puzzles document ---------------------------------------------
def _edit_document(folder: Path, name: str, edit) -> None:
    with contextlib.closing(sqlite3.connect(folder / db.DB_NAME)) as con:
        (body,) = con.execute("SELECT body FROM documents WHERE name = ?", (name,)).fetchone()
        con.execute("UPDATE documents SET body = ? WHERE name = ?", (edit(body), name))
        con.commit()


def test_a_damaged_daily_document_is_kept_aside_before_the_next_change(tmp_path):
    dirs = resolve_dirs(tmp_path)
    start_daily(dirs, DAY, 14, RULES)
    _edit_document(tmp_path, "daily.json", lambda body: body[: len(body) // 2])  # cut short
    damaged = None
    with contextlib.closing(sqlite3.connect(tmp_path / db.DB_NAME)) as con:
        (damaged,) = con.execute("SELECT body FROM documents WHERE name = 'daily.json'").fetchone()
    counts, told = start_daily(resolve_dirs(tmp_path), date(2026, 3, 2), 15, RULES)
    copies = list(tmp_path.glob("daily.damaged-*.json"))
    assert len(copies) == 1 and copies[0].read_text() == damaged
    assert len(told) == 1 and copies[0].name in told[0] and "could not be read" in told[0]
    entries, messages = load_daily(resolve_dirs(tmp_path))
    assert [e.seed for e in entries] == [15] and messages == []


def test_a_partly_damaged_puzzles_document_is_kept_aside_before_the_next_change(tmp_path):
    dirs = resolve_dirs(tmp_path)
    one, two = sample_puzzles(2)
    add_puzzles(dirs, [one, replace(two, id="two")])
    _edit_document(tmp_path, "puzzles.json", lambda body: body.replace('"id":"two"', '"id":7'))
    cleared, told = record_answer(resolve_dirs(tmp_path), one.id, False)
    copies = list(tmp_path.glob("puzzles.damaged-*.json"))
    assert len(copies) == 1 and '"id":7' in copies[0].read_text()
    assert len(told) == 1 and copies[0].name in told[0], told
    book, messages = load_puzzles(resolve_dirs(tmp_path))
    assert [p.id for p in book.puzzles] == [one.id] and messages == []


# -- kept changes that do not read ---------------------------------------------------
def _kept_change(folder: Path, document: str, change: str, args: dict, huge: bool = False) -> Path:
    """A change kept beside the database as a window writes one, with these contents
    (``huge``: its first point written as 10^400)."""
    stem = document.partition(".")[0]
    ident = f"{len(list(folder.glob(stem + '.pending-*'))):020d}-1-abcd"
    text = encode_document(
        documents.WAITING_KIND, {"document": document, "id": ident, "change": change, "args": args}
    )
    if huge:
        text = text.replace("[7,", "[1" + "0" * 400 + ",", 1)
    path = folder / f"{stem}.pending-{ident}.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "document, change, args, huge",
    [
        ("daily.json", "explode", {"day": "2026-03-01", "seed": 5, "points": [7, 1, 2, 3]}, False),
        ("daily.json", "finish", {"day": "not-a-day", "seed": 5, "points": [7, 1, 2, 3]}, False),
        ("daily.json", "finish", {"day": "2026-03-01", "seed": 5, "points": [7, 1, 2, 3]}, True),
        ("puzzles.json", "answer", {"id": "p1", "right": "yes"}, False),
    ],
    ids=["an unknown change", "a day that is no date", "points of 10^400", "a bad answer"],
)
def test_a_kept_change_that_does_not_read_is_moved_into_unreadable_and_told_once(
    tmp_path, document, change, args, huge
):
    load_daily(resolve_dirs(tmp_path))  # the database is made
    path = _kept_change(tmp_path, document, change, args, huge)
    raw = path.read_bytes()
    dirs = resolve_dirs(tmp_path)  # the next start
    told = store_waiting_daily(dirs) + store_waiting_answers(dirs)
    assert len(told) == 1, told
    assert "could not be read" in told[0] and "unreadable" in told[0], told
    assert not path.exists()
    assert [p.read_bytes() for p in (tmp_path / "unreadable").iterdir()] == [raw]  # kept
    later = resolve_dirs(tmp_path)  # the start after: nothing beside it, nothing said
    assert store_waiting_daily(later) + store_waiting_answers(later) == []
    assert load_daily(later)[1] == [] and load_puzzles(later)[1] == []
    assert len(list((tmp_path / "unreadable").iterdir())) == 1


def test_kept_changes_that_do_not_read_go_aside_together_in_one_message_and_good_ones_stay(
    tmp_path,
):
    start_daily(resolve_dirs(tmp_path), DAY, 11, RULES)
    for day in ("not-a-day", "also-not"):
        _kept_change(tmp_path, "daily.json", "finish", {"day": day, "seed": 11, "points": [1]})
    good = _kept_change(
        tmp_path,
        "daily.json",
        "finish",
        {"day": DAY.isoformat(), "seed": 11, "points": [4, 5, 6, 7]},
    )
    dirs = resolve_dirs(tmp_path)
    told = store_waiting_daily(dirs)
    assert len(told) == 1 and told[0].startswith("2 changes to your daily deals"), told
    assert not good.exists() and _waiting_files(tmp_path, "daily") == []
    assert len(list((tmp_path / "unreadable").iterdir())) == 2
    entries, messages = load_daily(dirs)
    assert entries[0].points == [4, 5, 6, 7] and messages == []
