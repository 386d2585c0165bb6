"""Crash safety: a process saving in a tight loop is killed with SIGKILL, over and over.

After every kill the saved game loads — the old version or the new one, never
a broken file — and no damaged copy is ever made.
"""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from swoop_desktop.engine import Match
from swoop_desktop.storage import load_game, load_settings, resolve_dirs, save_game, save_settings
from swoop_desktop.storage.savegame import fingerprint
from swoop_desktop.storage.settings import Settings
from tests.sizes import quick_and_full

from .helpers import play

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")


def _saver(dirs, matches, logs, start: int) -> None:
    """Child process: save game and settings alternately, forever, as fast as it can."""
    try:
        i = start
        while True:
            save_game(dirs, matches[i % 2], logs[i % 2])
            save_settings(dirs, Settings(volume=(i % 10) / 10))
            i += 1
    finally:
        os._exit(0)


@quick_and_full(30, 110, "kills")  # at 30, about half the kills still land mid-save
def test_sigkill_while_saving_never_leaves_an_unreadable_file(kills):
    dirs = resolve_dirs()
    rng = random.Random(2024)
    matches = [play(Match(seed=s), 150 + 150 * s, random.Random(s)) for s in (0, 1)]
    logs = [[f"play {k} " * 8 for k in range(400 + 300 * s)] for s in (0, 1)]  # a big file
    prints = {fingerprint(m.state) for m in matches}
    seen: set[str] = set()
    save_game(dirs, matches[0], logs[0])  # warm up in the parent: the child imports nothing
    save_settings(dirs, Settings())
    for k in range(kills):
        pid = os.fork()
        if pid == 0:
            _saver(dirs, matches, logs, k + 1)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        saved, messages = load_game(dirs)
        assert messages == []
        if saved is not None:  # None only if killed before the very first save finished
            fp = fingerprint(saved.match.state)
            assert fp in prints
            seen.add(fp)
        settings, messages = load_settings(dirs)
        assert messages == [] and 0.0 <= settings.volume <= 0.9
    assert seen == prints  # the loop really was saving both versions between kills
    assert not list(dirs.data.glob("*damaged*"))
