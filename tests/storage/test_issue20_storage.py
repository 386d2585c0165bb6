"""Nothing a hostile data folder holds loses a game: the history's lock, games waiting beside
the history, links at the history and at the atomic write's temporary names.

Tests run as root here, so a file this process "may not open" is simulated: the lock made by
``sudo swoop`` is played by a FileLock that raises PermissionError while the file it is given
is the planted one (marked by its content).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import filelock
import pytest

from swoop_desktop import storage
from swoop_desktop.engine import Match
from swoop_desktop.storage import (
    compute_stats,
    jsonfile,
    load_game,
    load_history,
    open_dirs,
    record_finished_game,
    reset_stats,
    resolve_dirs,
    save_game,
)
from swoop_desktop.storage import history as history_module

from .helpers import finished_match, play


def lock_file(dirs) -> Path:
    return dirs.data / "history.json.lock"


def _seeds(dirs) -> list[int]:
    return [r.seed for r in load_history(dirs)[0]]


def _fresh():
    """A new session on the same folder (what the next start of Swoop sees)."""
    dirs, _ = open_dirs(resolve_dirs().data)
    return dirs


ROOTS = b"made by sudo swoop"


class RootOwnedLock(filelock.FileLock):
    """Simulated: a lock file this (root) process would not be allowed to open."""

    def acquire(self, *args, **kwargs):
        try:
            planted = Path(self.lock_file).read_bytes() == ROOTS
        except OSError:
            planted = False
        if planted:
            raise PermissionError(13, "Permission denied", self.lock_file)
        return super().acquire(*args, **kwargs)


def test_item02_a_lock_file_that_cannot_be_opened_loses_no_finished_game(monkeypatch):
    dirs = resolve_dirs()
    record_finished_game(dirs, finished_match(1), [])
    lock_file(dirs).write_bytes(ROOTS)
    monkeypatch.setattr(history_module, "FileLock", RootOwnedLock)
    session = _fresh()
    for seed in (2, 3):
        record_finished_game(session, finished_match(seed), [])
    told = " ".join(session.notices.told)
    assert "lock file" in told and "moved" in told, told
    assert "cannot be written to" not in told  # the folder is writable: it is not blamed
    # Quit, start again: every game is in the history file itself.
    assert _seeds(_fresh()) == [1, 2, 3]
    stored = json.loads(dirs.history_file.read_text())["games"]
    assert [g["seed"] for g in stored] == [1, 2, 3]
    assert any(p.name.startswith("history.in-the-way-") for p in dirs.data.iterdir())


@pytest.mark.parametrize("what", ["folder", "link", "dangling link"])
def test_item02_something_at_the_lock_path_is_moved_aside(what, tmp_path):
    dirs = resolve_dirs()
    path = lock_file(dirs)
    if what == "folder":
        path.mkdir()
        (path / "inside").write_text("x")
    elif what == "link":
        (tmp_path / "elsewhere").write_text("not a lock")
        path.symlink_to(tmp_path / "elsewhere")
    else:
        path.symlink_to(tmp_path / "nowhere" / "x")
    session = _fresh()
    record_finished_game(session, finished_match(4), [])
    assert _seeds(_fresh()) == [4]
    assert "moved" in " ".join(session.notices.told)
    assert not path.is_symlink() and not path.is_dir()
    if what == "link":
        assert (tmp_path / "elsewhere").read_text() == "not a lock"


def test_item09_a_busy_history_never_makes_the_window_wait_and_loses_nothing(monkeypatch):
    dirs = resolve_dirs()
    record_finished_game(dirs, finished_match(1), [])
    waits: list[float] = []

    class Watched(filelock.FileLock):
        def acquire(self, timeout=None, *args, **kwargs):
            waits.append(self.timeout if timeout is None else timeout)
            return super().acquire(timeout, *args, **kwargs)

    monkeypatch.setattr(history_module, "FileLock", Watched)
    other = filelock.FileLock(str(lock_file(dirs)))  # another window writing the history
    other.acquire()
    try:
        session = _fresh()
        games, _ = load_history(session)  # Scores: read as it stands, no wait at all
        assert [g.seed for g in games] == [1] and waits == [0]
        # A finished game while the other window holds the lock (then the window quits).
        record_finished_game(session, finished_match(2), [], wait=0.05)
        assert _seeds(session) == [1, 2]
        assert "another Swoop window" in session.notices.told[-1]
    finally:
        other.release()
    assert max(waits) <= history_module.LOCK_WAIT <= 5
    # The next start adds it to the history: nothing was lost at quit.
    assert _seeds(_fresh()) == [1, 2]
    stored = json.loads(dirs.history_file.read_text())["games"]
    assert [g["seed"] for g in stored] == [1, 2]
    assert not list(dirs.data.glob("history.pending-*"))


def _in_progress(seed: int) -> Match:
    return play(Match(seed=seed), 30, random.Random(seed))


def test_item01_a_game_is_deleted_only_once_its_new_home_has_it(monkeypatch):
    dirs = resolve_dirs()
    match = _in_progress(11)
    save_game(dirs, match, [])
    dirs.history_file.mkdir()  # a history that can be neither read nor moved aside

    def no_move(path, why="damaged"):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(jsonfile, "move_aside", no_move)
    assert storage.retire_game(dirs, match, [], abandoned=True)  # kept beside the history
    assert not dirs.game_file.exists()
    assert [r.seed for r in load_history(dirs)[0]] == [11]

    other = _in_progress(12)
    save_game(dirs, other, [])

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonfile.os, "fsync", disk_full)
    assert not storage.retire_game(dirs, other, [], abandoned=True)  # nowhere to keep it
    assert load_game(dirs)[0].match.seed == 12  # so the saved game stays
    assert any("the disk is full" in t for t in dirs.notices.told), dirs.notices.told


def test_item14_a_dangling_link_at_the_history_uses_the_backup(tmp_path):
    dirs = resolve_dirs()
    for seed in (1, 2):
        record_finished_game(dirs, finished_match(seed), [])
    dirs.history_file.unlink()
    dirs.history_file.symlink_to(tmp_path / "gone" / "history.json")
    session = _fresh()
    games, messages = load_history(session)
    assert [g.seed for g in games] == [1]  # the .bak: the history before the last game
    text = " ".join(messages)
    assert "not there" in text and "missing or is not a folder" not in text, text
    record_finished_game(session, finished_match(3), [])
    assert _seeds(_fresh()) == [1, 3]
    assert not (tmp_path / "gone").exists()


def test_item18_links_planted_at_temporary_and_copy_names_are_not_followed(tmp_path, monkeypatch):
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
