"""The thinking processes live and die with the game (``swoop_desktop.ai.workers``).

What a player would notice: killing the game (kill -9, a crash) leaves no worker and no
helper process of it running; a worker that stops answering (stopped, hung) costs a
seat at most its deadline, after which the seat plays its safe move and a new worker
takes the stuck one's place; a game started from a script read on standard input
thinks on threads at once instead of starting workers that cannot start; and workers
with nothing to do end after a while, to start again with the next work.

Every pool made here is ended by the ``pools`` fixture, so no worker outlives its test.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from swoop_desktop.ai import workers
from swoop_desktop.ai.make import safe_action
from swoop_desktop.ai.review import assess
from swoop_desktop.engine import Match, Rules
from swoop_desktop.engine.observation import PublicHistory, observe
from swoop_desktop.storage.seats import Seat
from swoop_desktop.ui.table.thinking import Thinker

from .conftest import alive, wait_until

ROOT = Path(__file__).resolve().parents[2]
POSIX_PROC = pytest.mark.skipif(
    os.name != "posix" or not Path("/proc/self/stat").exists(),
    reason="finds processes and stops them the POSIX way, through /proc",
)


def _descendants(pid: int) -> set[int]:
    """Every process started by ``pid`` or by one of its own (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().split(") ")[-1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    todo = [pid]
    while todo:
        here = todo.pop()
        for child, parent in parents.items():
            if parent == here and child not in found:
                found.add(child)
                todo.append(child)
    return found


def _processes_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env[workers.MODE_VARIABLE] = "processes"
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _kill_all(pids: set[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


# ------------------------------------------------------------ the game killed outright
GAME_LIKE = """
import sys, time
from swoop_desktop.ai import workers

if __name__ == "__main__":
    pool = workers.shared()
    if pool.in_process():
        print("threads", flush=True)
        sys.exit(0)
    # Work for every worker at once, so that each starts.
    futures = [pool.submit(time.sleep, 0.5) for _ in range(pool.workers)]
    for future in futures:
        future.result(timeout=120)
    print("ready", flush=True)
    time.sleep(600)
"""


def _killed_outright(command: list[str], tmp_path: Path) -> None:
    """Start ``command``, wait until it has worker processes, kill -9 it, and check that
    every process it started has ended within 15 seconds."""
    game = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=_processes_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    started: set[int] = set()
    try:
        assert wait_until(lambda: len(_descendants(game.pid)) >= 2, 120), "workers started"
        time.sleep(1.0)  # every worker is up and has its work
        started = _descendants(game.pid)
        assert started
        game.kill()
        game.wait(10)
        assert wait_until(lambda: not any(alive(p) for p in started), 15), (
            f"processes left running after the game was killed: "
            f"{sorted(p for p in started if alive(p))}"
        )
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(10)
        _kill_all({p for p in started if alive(p)})


@POSIX_PROC
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: no workers")
def test_no_worker_outlives_the_game_killed_outright(tmp_path):
    script = tmp_path / "game_like.py"
    script.write_text(GAME_LIKE)
    _killed_outright([sys.executable, str(script)], tmp_path)


@POSIX_PROC
def test_no_worker_outlives_the_review_command_killed_outright(tmp_path):
    from swoop_desktop.ai import make_bot
    from swoop_desktop.storage import resolve_dirs, save_game
    from tests.ai.helpers import play_hands

    dirs = resolve_dirs(tmp_path / "data")
    match = Match(Rules.from_preset("app"), 4, 21)
    play_hands(match, [make_bot("normal", seed=p) for p in range(4)], 1)
    save_game(dirs, match, [])
    command = [sys.executable, "-m", "swoop_desktop.review", str(dirs.game_file)]
    # Work for minutes: the command is killed in the middle of it.
    _killed_outright([*command, "--worlds", "10000"], tmp_path)


# ------------------------------------------------- helpers killed under a running game
HELPERS_KILLED = """
import os, signal, sys, time
from pathlib import Path
from swoop_desktop.ai import workers


def children():
    mine = str(os.getpid())
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().split(") ")[-1].split()
            except OSError:
                continue
            if fields[1] == mine:
                found.append(int(entry.name))
    return found


if __name__ == "__main__":
    pool = workers.Pool(2, processes=True)
    for future in [pool.submit(time.sleep, 0.5) for _ in range(2)]:
        future.result(timeout=120)  # both workers have started
    jobs = [workers.Job(pool, time.sleep, 1.0) for _ in range(3)]
    time.sleep(0.3)
    # Every process the game started, as a `pkill -f multiprocessing` finds them: the
    # workers and multiprocessing's resource tracker.
    helpers = children()
    for pid in helpers:
        os.kill(pid, signal.SIGKILL)
    while not all(job.ready for job in jobs):
        time.sleep(0.02)
    print(len(helpers), [job.error for job in jobs], flush=True)
    pool.shutdown()
"""


@POSIX_PROC
def test_killed_workers_and_their_resource_tracker_print_no_traceback(tmp_path):
    """Workers killed together with multiprocessing's resource tracker (a kill of every
    process of the game but the game): the work is asked again of new workers, and the
    tracker started again prints no KeyError tracebacks for the old pool's semaphores,
    nor any warning, on the game's terminal."""
    script = tmp_path / "helpers_killed.py"
    script.write_text(HELPERS_KILLED)
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=_processes_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    killed, errors = done.stdout.split(" ", 1)
    assert int(killed) == 3, "two workers and the resource tracker"
    assert errors.strip() == "[None, None, None]", "the work was asked again, and answered"
    assert "Traceback" not in done.stderr and "KeyError" not in done.stderr, done.stderr
    assert "resource_tracker" not in done.stderr, done.stderr


# ------------------------------------------------------------------ a stopped worker
def _position():
    match = Match(Rules.from_preset("app"), 4, 12)
    history = PublicHistory(4)
    history.feed(match.start_hand())
    return match, history


def _stopped_worker(pool: workers.Pool) -> int:
    """The pool's one worker, started and then stopped (SIGSTOP)."""
    assert pool.submit(workers.where).result(timeout=60) != os.getpid()
    (pid,) = pool.pids()
    os.kill(pid, signal.SIGSTOP)
    return pid


@POSIX_PROC
def test_a_seat_whose_worker_is_stopped_plays_its_safe_move_within_the_deadline(
    pools, monkeypatch, caplog
):
    monkeypatch.setenv(workers.DEADLINE_VARIABLE, "2")
    pool = pools(1, processes=True)
    stuck = _stopped_worker(pool)
    try:
        match, history = _position()
        seat = match.state.to_move
        thinker = Thinker(Seat(seat, "Lefty", "hard", "balanced"), seed=1, pool=pool)
        started = time.monotonic()
        thinker.start(match.state, history, 0)
        assert wait_until(lambda: thinker.ready, 30)
        took = time.monotonic() - started
        assert took < 2 + 3, f"the seat waited {took:.1f} s for a stopped worker"
        legal = match.state.legal_actions()
        assert thinker.result == safe_action(observe(match.state, seat, history.copy()), legal)
        assert "did not answer within 2 s" in (thinker.problem or "")
        assert "did not answer" in caplog.text, "the log says why"
        assert wait_until(lambda: not alive(stuck), 10), "the stuck worker was ended"
        # The next decision is made by a new worker (given the usual time: a loaded
        # machine may take seconds to start it).
        pool.floor = workers.DEADLINE_FLOOR_S
        again = workers.Job(pool, workers.where)
        assert wait_until(lambda: again.ready, 60) and again.error is None
        assert again.value != stuck and again.value != os.getpid()
    finally:
        _kill_all({stuck})


@POSIX_PROC
def test_work_queued_behind_a_stopped_worker_is_asked_again_not_lost(pools, monkeypatch):
    monkeypatch.setenv(workers.DEADLINE_VARIABLE, "2")
    pool = pools(1, processes=True)
    stuck = _stopped_worker(pool)
    try:
        first = workers.Job(pool, workers.where)
        time.sleep(1.0)  # the second waits behind the first
        second = workers.Job(pool, workers.where)
        assert wait_until(lambda: first.ready, 30)
        assert first.error is not None and "did not answer" in first.error
        pool.floor = workers.DEADLINE_FLOOR_S  # the new worker may be slow to start
        assert wait_until(lambda: second.ready, 60)
        assert second.error is None, "asked again of the new worker"
        assert second.value not in (stuck, os.getpid())
    finally:
        _kill_all({stuck})


@POSIX_PROC
def test_a_review_goes_on_past_a_stopped_worker(pools, monkeypatch):
    from tests.ai.test_workers import DEAL, _game_decisions

    monkeypatch.setenv(workers.DEADLINE_VARIABLE, "2")
    found = _game_decisions(3)
    alone = [assess(d, 4, DEAL) for d in found]
    pool = pools(1, processes=True)
    stuck = _stopped_worker(pool)
    try:
        started = time.monotonic()
        verdicts = workers.weigh_all(found, 4, DEAL, pool=pool)
        assert verdicts == alone
        assert time.monotonic() - started < 30
        assert not alive(stuck)
    finally:
        _kill_all({stuck})


# ----------------------------------------------------- a main module read from stdin
USES_THE_POOL = """
import os, sys, time
from swoop_desktop.ai import workers

pool = workers.Pool(2, processes=True)
started = time.monotonic()
for _ in range(6):
    job = workers.Job(pool, workers.where)
    while not job.ready:
        time.sleep(0.01)
    assert job.error is None, job.error
print(pool.replaced, round(time.monotonic() - started, 2), pool.in_process(), flush=True)
pool.shutdown()
"""


def test_a_script_read_from_standard_input_thinks_without_replacing_its_pool(tmp_path):
    done = subprocess.run(
        [sys.executable, "-"],
        input=USES_THE_POOL,
        cwd=tmp_path,
        env=_processes_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    replaced, seconds, threads = done.stdout.split()
    assert int(replaced) == 0, "no worker was started that could not start"
    assert float(seconds) < 20
    assert threads == "True"


def test_a_main_module_that_fails_in_a_worker_falls_back_to_threads_at_the_first_failure(
    tmp_path,
):
    script = tmp_path / "fails_in_workers.py"
    script.write_text(
        textwrap.dedent(
            """
            import multiprocessing
            if multiprocessing.parent_process() is not None:
                raise SystemExit("this script cannot run in a worker")
            """
        )
        + USES_THE_POOL
    )
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        env=_processes_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    replaced, seconds, threads = done.stdout.split()
    assert int(replaced) <= 1
    assert float(seconds) < 30
    assert threads == "True"


# -------------------------------------------------------------------- an idle pool
def test_idle_workers_end_and_start_again_with_the_next_work(pools):
    pool = pools(1, processes=True, idle=1.0)
    first = pool.submit(workers.where).result(timeout=60)
    assert alive(first)
    assert wait_until(lambda: not alive(first) and not pool.pids(), 15), "idle workers end"
    again = pool.submit(workers.where).result(timeout=60)
    assert again not in (first, os.getpid())
