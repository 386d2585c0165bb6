"""The game with its thinking in worker processes, as a player runs it.

The other tests think on threads of their own process (``tests/conftest.py``);
these ask for worker processes, as the game does on a machine with more than
one core, and count the processes: none starts before it is needed, none is
left after a new game or after the window closes.
"""

from __future__ import annotations

import multiprocessing

import pytest

from swoop_desktop.ai import workers
from swoop_desktop.ui.pilot import Pilot


@pytest.fixture
def in_processes(monkeypatch):
    monkeypatch.setenv(workers.MODE_VARIABLE, "processes")
    workers.shutdown()
    if not workers.processes_wanted():
        pytest.skip("one core: the game thinks on threads here")
    yield
    workers.shutdown()
    assert not multiprocessing.active_children()


def test_the_title_starts_no_worker(tmp_path, in_processes):
    with Pilot(data_dir=tmp_path / "home", seed=8, start="title") as pilot:
        pilot.step(20)
        assert not multiprocessing.active_children(), "nothing thinks yet: no worker runs"


def test_no_worker_is_left_after_a_new_game_or_the_window_closing(tmp_path, in_processes):
    with Pilot(data_dir=tmp_path / "home", seed=8, start="table", demo=True) as pilot:
        assert pilot.until(lambda: pilot.table.model.plays >= 6, 60), "the AIs play"
        pool = workers.shared()
        pids = pool.pids()
        assert pids and not pool.in_process(), "the AIs thought in worker processes"
        assert len(multiprocessing.active_children()) <= pool.workers
        pilot.app.new_game()
        assert pilot.until(lambda: pilot.table.model.plays >= 3, 60), "the new game plays"
        assert len(multiprocessing.active_children()) <= pool.workers, "no worker piles up"
    assert not multiprocessing.active_children(), "the window closed: every worker ended"


def test_the_daily_hard_game_is_played_in_a_worker_with_the_same_score(tmp_path, in_processes):
    import time
    from datetime import date

    from swoop_desktop.engine import Rules
    from swoop_desktop.referee.daily import daily_seed
    from swoop_desktop.storage import resolve_dirs
    from swoop_desktop.ui.scenes import daily

    day = date(2024, 5, 17)
    rules = Rules.from_preset("app")
    seed = daily_seed(day, rules)
    job = daily.HardJob(resolve_dirs(tmp_path / "home"), day, rules, seed)
    end = time.monotonic() + 120
    while job.running and time.monotonic() < end:
        time.sleep(0.05)
    assert not job.failed
    assert workers.shared().pids(), "a worker process played it"
    # The screens' tests play the hard game on 4 worlds (tests/ui/conftest.py).
    assert job.result == daily.hard_in_seat(rules, seed).points
