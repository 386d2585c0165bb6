"""The progress files (daily deals, rating, records) against kills and damage, like the
others: a process writing them in a tight loop is killed over and over and every file still
loads; a damaged file falls back to its ``.bak``; one that cannot be read is never
overwritten."""

from __future__ import annotations

import os
import random
import signal
import time
from datetime import date, timedelta

import pytest

from swoop_desktop.engine import Rules
from swoop_desktop.progress import record_finished_game
from swoop_desktop.progress.daily_results import daily_file, finish_daily, load_daily, start_daily
from swoop_desktop.progress.history import load_history
from swoop_desktop.progress.rating import rating_file, rating_history
from swoop_desktop.storage import resolve_dirs
from swoop_desktop.storage.jsonfile import backup_path
from tests.sizes import quick_and_full
from tests.storage.helpers import as_older_swoop_left_it, finished_match

DAY = date(2026, 12, 1)
RULES = Rules.from_preset("app")
SEATS = [{"name": "You", "level": "human"}] + [{"name": n, "level": "hard"} for n in "ABC"]


def _writer(dirs, start: int) -> None:
    """Child process: record daily deals and work the rating out again, forever."""
    try:
        k = start
        while True:
            day = DAY + timedelta(days=k)
            start_daily(dirs, day, k, RULES)
            finish_daily(dirs, day, k, [k % 50, 1, 2, 3])
            rating_file(dirs).unlink(missing_ok=True)
            rating_history(dirs)
            k += 1
    finally:
        os._exit(0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")
@quick_and_full(12, 40, "kills")  # at 12, about 8 kills cut a daily write, 3 a rating's
def test_sigkill_while_writing_never_leaves_an_unreadable_file(tmp_path, kills):
    dirs = resolve_dirs(tmp_path)
    record_finished_game(dirs, finished_match(3), SEATS)
    games, _ = load_history(dirs)
    start_daily(dirs, DAY, 0, RULES)  # warm up in the parent
    rating_history(dirs)
    rng = random.Random(7)
    for k in range(kills):
        pid = os.fork()
        if pid == 0:
            _writer(dirs, 1 + k * 1000)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        entries, messages = load_daily(dirs)
        assert messages == [] and entries
        points, messages = rating_history(dirs)
        assert len(points) == len(games)
        assert all("damaged" not in m for m in messages)
    assert not list(tmp_path.glob("*damaged*"))


def test_a_damaged_daily_file_falls_back_to_its_backup(tmp_path):
    dirs = resolve_dirs(tmp_path)
    start_daily(dirs, DAY, 1, RULES)
    path = as_older_swoop_left_it(dirs).with_name("daily.json")  # an older Swoop's folder
    backup_path(path).write_bytes(path.read_bytes())  # its backup copy: the first day
    path.write_text('{"format": "swoop-daily", "version": 1, "days": [{')
    entries, messages = load_daily(dirs)
    assert [e.day for e in entries] == [DAY.isoformat()]
    assert "previous copy" in messages[0]
    assert list(tmp_path.glob("daily.damaged-*.json"))


def test_an_unreadable_daily_file_is_never_overwritten(tmp_path, monkeypatch):
    dirs = resolve_dirs(tmp_path)
    start_daily(dirs, DAY, 1, RULES)
    before = as_older_swoop_left_it(dirs).with_name("daily.json").read_bytes()
    import swoop_desktop.storage.jsonfile as jf

    real = jf.read_capped

    def refuse(path, cap):
        if path.name.startswith("daily"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, cap)

    monkeypatch.setattr(jf, "read_capped", refuse)
    counted, messages = start_daily(dirs, DAY + timedelta(days=1), 2, RULES)
    assert not counted and any("kept" in m for m in messages)
    monkeypatch.undo()
    assert daily_file(dirs).read_bytes() == before


def test_plays_are_counted_the_same_however_the_deal_text_is_spaced():
    from swoop_desktop.progress.summaries import _plays

    for text in ("", "p7", "p7 a7 e", "p7  a7 e", " p7 a7", "p7 a7 "):
        assert _plays(text) == len(text.split()), text
