"""The second-window protection is never silently off: a window lock that cannot be taken
is reported (and the window does not save its game over the first one's); a folder or link
at the lock's name is moved aside."""

from __future__ import annotations

import random

import filelock
import pytest

from swoop_desktop.engine import Match
from swoop_desktop.storage import (
    claim_data_folder,
    load_game,
    open_dirs,
    release_data_folder,
    save_game,
)
from swoop_desktop.storage import paths as paths_module

from .helpers import play


def _session(folder):
    dirs, _ = open_dirs(folder)
    return dirs


@pytest.mark.parametrize("what", ["folder", "dangling link"])
def test_a_folder_at_the_window_lock_is_moved_aside_and_protection_holds(what, tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    lock = folder / ".swoop-window.lock"
    if what == "folder":
        lock.mkdir()
    else:
        lock.symlink_to(tmp_path / "nowhere" / "x")
    first = _session(folder)
    told = claim_data_folder(first)
    assert any("moved" in t for t in told), told
    second = _session(folder)
    told = claim_data_folder(second)
    assert second.state.second_window and "another window" in told[-1], told
    mine = play(Match(seed=3), 20, random.Random(3))
    save_game(first, mine, [])
    save_game(second, play(Match(seed=4), 20, random.Random(4)), [])
    assert load_game(_session(folder))[0].match.seed == 3  # the first window's game stays
    release_data_folder(first)


def test_a_window_lock_that_cannot_be_used_is_reported_never_first_window(tmp_path, monkeypatch):
    class Broken(filelock.FileLock):  # simulated: tests run as root
        def acquire(self, *args, **kwargs):
            raise PermissionError(13, "Permission denied", self.lock_file)

    monkeypatch.setattr(filelock, "FileLock", Broken)
    monkeypatch.setattr(paths_module, "FileLock", Broken, raising=False)
    dirs = _session(tmp_path / "data")
    told = claim_data_folder(dirs)
    assert dirs.state.second_window
    assert len(told) == 1 and "could not tell" in told[0] and "not saved" in told[0], told
