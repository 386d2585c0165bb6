"""New game never deletes the saved game before the history (or a record beside it) has it,
and says why once. Tests run as root: a lock file that cannot be opened and a history that
cannot be read are simulated (a FileLock or a reader that raises PermissionError)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import filelock
import pytest

from swoop_desktop.engine import Match, Play, Rules
from swoop_desktop.progress import load_history
from swoop_desktop.storage import (
    Settings,
    db,
    jsonfile,
    load_game,
    open_dirs,
    save_game,
    save_settings,
)
from swoop_desktop.storage.seats import Seat
from swoop_desktop.ui.pilot import Pilot


def _leave_a_saved_game(folder: Path, seed: int) -> None:
    """What a window leaves after your first play of a new game and a return to the title,
    written the way it writes it: the game saved with its seats and lines, the settings
    (the lesson already offered), and the progress database opened."""
    dirs, messages = open_dirs(folder)
    assert dirs.usable and messages == []
    save_settings(dirs, Settings(lesson_offered=True))
    db.ready(dirs)
    match = Match(Rules.from_preset("app"), 4, seed)
    match.start_hand()
    while match.state.to_move != 0:  # the opponents before you, then your first play
        match.apply(match.state.legal_actions()[0])
    st = match.state
    match.apply(
        next((a for a in st.legal_actions() if isinstance(a, Play)), None) or st.legal_actions()[0]
    )
    seats = [Seat(0, "You")] + [
        Seat(i, name, "normal") for i, name in ((1, "Lefty"), (2, "Topper"), (3, "Righty"))
    ]
    save_game(dirs, match, ["You played a card"], seats=seats)
    assert load_game(dirs)[0] is not None


def _no_database(path, wait):
    raise sqlite3.OperationalError("unable to open database file")


def _unreadable(path, kind, notes=None):
    if Path(path).name.startswith("history"):
        raise PermissionError(13, "Permission denied", str(path))
    return _real_read_one(path, kind, notes)


_real_read_one = jsonfile._read_one


def _disk_full(fd):
    raise OSError(28, "No space left on device")


def _database_full(*args, **kwargs):
    raise sqlite3.OperationalError("database or disk is full")


CONDITIONS = [
    "lock is a folder",
    "database cannot be opened",
    "lock held by another window",
    "history unreadable",
    "history a dangling link",
    "disk full",
]


@pytest.mark.parametrize("condition", CONDITIONS)
def test_new_game_keeps_save_when_history_fails(condition, tmp_path, monkeypatch):
    folder = tmp_path / "data"
    _leave_a_saved_game(folder, seed=5)
    lock = folder / "history.json.lock"
    held = None
    if condition == "lock is a folder":
        lock.unlink(missing_ok=True)  # the title's reading of the history leaves the lock file
        lock.mkdir()
    elif condition == "database cannot be opened":
        monkeypatch.setattr(db, "_connect", _no_database)
    elif condition == "lock held by another window":
        held = filelock.FileLock(str(lock))
        held.acquire()
    elif condition == "history unreadable":
        (folder / "history.json").write_text("{}")
        monkeypatch.setattr(jsonfile, "_read_one", _unreadable)  # simulated (root)
    elif condition == "history a dangling link":
        (folder / "history.json").symlink_to(tmp_path / "gone" / "history.json")
    else:
        monkeypatch.setattr(jsonfile.os, "fsync", _disk_full)
        monkeypatch.setattr(db, "change", _database_full)
    shown: list[str] = []
    try:
        with Pilot(data_dir=folder, start="title") as pilot:
            real_notify = pilot.app.notify
            pilot.app.notify = lambda text, seconds=5.0: (
                shown.append(text),
                real_notify(text, seconds),
            )
            pilot.app.new_game()
            pilot.step(30)
            listed = [r.seed for r in load_history(pilot.app.dirs)[0] if r.abandoned]
            assert listed == [5], (condition, listed, pilot.app.dirs.notices.told)
    finally:
        monkeypatch.undo()
        if held is not None:
            held.release()
    # Whatever went wrong, the game is not lost: in the history at the next start, or
    # (nothing could be written at all) still the saved game.
    dirs, _ = open_dirs(folder)
    in_history = [r.seed for r in load_history(dirs)[0] if r.abandoned]
    saved = load_game(dirs)[0]
    assert in_history == [5] or (saved is not None and saved.match.seed == 5), condition
    if condition != "disk full":
        assert in_history == [5]
    # Told once, not twice, and in words naming the real cause.
    about = [t for t in shown if "could not be added" in t or "not added" in t]
    assert len(about) <= 1, about


def test_could_not_be_added_is_shown_once_on_new_game(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    _leave_a_saved_game(folder, seed=6)
    monkeypatch.setattr(jsonfile.os, "fsync", _disk_full)
    monkeypatch.setattr(db, "change", _database_full)
    shown: list[str] = []
    with Pilot(data_dir=folder, start="title") as pilot:
        real_notify = pilot.app.notify

        def notify(text, seconds=5.0):
            shown.append(text)
            real_notify(text, seconds)

        pilot.app.notify = notify
        pilot.app.new_game()
        for _ in range(40):  # long enough for every queued message to have been shown
            pilot.app.toast = None
            pilot.step(1)
    about = [t for t in shown if "could not be added" in t]
    assert len(about) == 1, shown
    assert "the disk is full" in about[0]


def test_a_new_game_from_a_table_that_saves_nothing_records_the_saved_game(tmp_path):
    """A saved game left for a new game started from a replay (a table that saves
    nothing) goes into the history as abandoned; it was deleted without a trace."""
    from swoop_desktop.progress import record_finished_game
    from swoop_desktop.ui.scenes.replay import start_replay
    from tests.storage.helpers import finished_match

    folder = tmp_path / "data"
    _leave_a_saved_game(folder, seed=7)
    with Pilot(data_dir=folder, start="title") as pilot:
        dirs = pilot.app.dirs
        record_finished_game(dirs, finished_match(3), [{"name": "You"}])
        start_replay(pilot.app, load_history(dirs)[0][0], "fast")
        pilot.step(3)
        assert not pilot.table.config.saves
        pilot.app.new_game()
        pilot.step(3)
        abandoned = [r.seed for r in load_history(dirs)[0] if r.abandoned]
        assert abandoned == [7]
