"""Nothing a hostile data folder holds loses a game: something at the database's path, a
database another window holds, games waiting beside it, links at an older Swoop's history
and at the atomic write's temporary names."""

from __future__ import annotations

import contextlib
import json
import os
import random
import sqlite3
import time
from pathlib import Path

import pytest

from swoop_desktop import progress
from swoop_desktop.engine import Match
from swoop_desktop.progress import compute_stats, load_history, record_finished_game, reset_stats
from swoop_desktop.progress import history as history_module
from swoop_desktop.storage import db, jsonfile, load_game, open_dirs, resolve_dirs, save_game

from .helpers import as_older_swoop_left_it, finished_match, play


def _seeds(dirs) -> list[int]:
    return [r.seed for r in load_history(dirs)[0]]


def _fresh():
    """A new session on the same folder (what the next start of Swoop sees)."""
    dirs, _ = open_dirs(resolve_dirs().data)
    return dirs


@pytest.mark.parametrize("what", ["folder", "link", "dangling link", "text file"])
def test_something_at_the_databases_path_is_moved_aside(what, tmp_path):
    """Something that is not Swoop's database where it goes is moved aside whole (a link
    is never followed), the player is told, and no finished game is lost."""
    dirs = resolve_dirs()
    path = db.db_file(dirs)
    if what == "folder":
        path.mkdir()
        (path / "inside").write_text("x")
    elif what == "link":
        (tmp_path / "elsewhere").write_text("not a database")
        path.symlink_to(tmp_path / "elsewhere")
    elif what == "dangling link":
        path.symlink_to(tmp_path / "nowhere" / "x")
    else:
        path.write_text("my notes")
    session = _fresh()
    record_finished_game(session, finished_match(4), [])
    assert _seeds(_fresh()) == [4]
    told = " ".join(session.notices.told + session.state.history_notes)
    assert "could not be used" in told and "kept at" in told, told
    assert path.is_file() and not path.is_symlink()
    aside = [p for p in dirs.data.iterdir() if p.name.startswith("swoop.damaged-")]
    assert len(aside) == 1
    if what == "link":
        assert (tmp_path / "elsewhere").read_text() == "not a database"
    if what == "folder":
        assert (aside[0] / "inside").read_text() == "x"
    if what == "text file":
        assert aside[0].read_text() == "my notes"


def test_a_busy_history_never_makes_the_window_wait_and_loses_nothing():
    dirs = resolve_dirs()
    record_finished_game(dirs, finished_match(1), [])
    # Another window in the middle of a change: it holds the database's write lock.
    other = sqlite3.connect(db.db_file(dirs), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        session = _fresh()
        began = time.perf_counter()
        games, _ = load_history(session)  # Scores: read as it stands
        assert [g.seed for g in games] == [1]
        # A finished game while the other window holds it (then the window quits).
        record_finished_game(session, finished_match(2), [], wait=0.05)
        assert time.perf_counter() - began < history_module.LOCK_WAIT
        assert _seeds(session) == [1, 2]  # listed, waiting beside the database
        assert "another Swoop window" in session.notices.told[-1]
    finally:
        other.execute("ROLLBACK")
        other.close()
    # The next start stores it: nothing was lost at quit.
    assert _seeds(_fresh()) == [1, 2]
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        stored = [
            json.loads(b)["seed"] for (b,) in con.execute("SELECT body FROM games ORDER BY seq")
        ]
    assert stored == [1, 2]
    assert not list(dirs.data.glob("history.pending-*"))


def _in_progress(seed: int) -> Match:
    return play(Match(seed=seed), 30, random.Random(seed))


def test_a_game_is_deleted_only_once_its_new_home_has_it(monkeypatch):
    dirs = resolve_dirs()
    match = _in_progress(11)
    save_game(dirs, match, [])
    db.db_file(dirs).mkdir()  # a database that can be neither used nor moved aside

    def no_move(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(db, "_move_damaged", no_move)
    assert progress.retire_game(dirs, match, [], abandoned=True)  # kept beside the history
    assert not dirs.game_file.exists()
    assert [r.seed for r in load_history(dirs)[0]] == [11]

    other = _in_progress(12)
    save_game(dirs, other, [])

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonfile.os, "fsync", disk_full)
    assert not progress.retire_game(dirs, other, [], abandoned=True)  # nowhere to keep it
    assert load_game(dirs)[0].match.seed == 12  # so the saved game stays
    assert any("the disk is full" in t for t in dirs.notices.told), dirs.notices.told


def test_a_dangling_link_at_the_history_uses_the_backup(tmp_path):
    dirs = resolve_dirs()
    record_finished_game(dirs, finished_match(1), [])
    path = as_older_swoop_left_it(dirs)  # an older Swoop's folder: its history's .bak ...
    path.rename(path.with_name("history.json.bak"))
    dirs.history_file.symlink_to(tmp_path / "gone" / "history.json")  # ... and a dead link
    session = _fresh()
    games, messages = load_history(session)
    assert [g.seed for g in games] == [1]  # the .bak: the history before the last game
    text = " ".join(messages)
    assert "not there" in text and "missing or is not a folder" not in text, text
    record_finished_game(session, finished_match(3), [])
    assert _seeds(_fresh()) == [1, 3]
    assert not (tmp_path / "gone").exists()


def test_links_planted_at_temporary_and_copy_names_are_not_followed(tmp_path, monkeypatch):
    import threading

    dirs = resolve_dirs()
    record_finished_game(dirs, finished_match(1), [])
    outside = tmp_path / "outside"
    outside.mkdir()
    names = iter(["aaaa", "bbbb", "cccc", "dddd", "eeee", "ffff"])
    monkeypatch.setattr("secrets.token_hex", lambda n: next(names))
    planted = [
        f".history.json.{os.getpid()}-{threading.get_ident()}.tmp",  # the old predictable name
        ".history.json.aaaa.tmp",
        ".history.json.bak.bbbb.tmp",
    ]
    for i, name in enumerate(planted):
        (dirs.data / name).symlink_to(outside / f"target{i}")
    record_finished_game(dirs, finished_match(2), [])
    assert sorted(os.listdir(outside)) == []
    assert _seeds(dirs) == [1, 2]
    # Dated copies (statistics reset, partly damaged files) never write through a link.
    monkeypatch.setattr(jsonfile, "_timestamp", lambda: "20260101-000000")
    (dirs.data / "history.before-reset-20260101-000000.json").symlink_to(outside / "copy")
    copy, _ = reset_stats(dirs)
    assert copy is not None and not Path(copy).is_symlink()
    assert sorted(os.listdir(outside)) == []
    assert compute_stats(load_history(dirs)[0]).games == 0
