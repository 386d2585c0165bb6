"""The tournament on Dask at its last doors: an address that is not a Dask scheduler, a
scheduler that loses its last worker mid-run, and Ctrl-C mid-run each end in a line or
two of plain words and a known exit code, never a hang or a wall of tracebacks."""

from __future__ import annotations

import functools
import logging
import os
import signal
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from swoop_desktop.referee import cluster
from swoop_desktop.referee.tournament import main, run_matches
from tests.referee import dying_job

ROOT = Path(__file__).resolve().parents[2]
# Quick bots: where the matches are played is the point, not how well anyone plays.
SPREAD_BOTS = ["highest", "lowest", "random"]


def _figures(report: dict) -> dict:
    """A report without what depends on the clock or on where it was played."""
    report = {k: v for k, v in report.items() if k not in ("seconds", "jobs", "cluster")}
    report["entries"] = [
        {k: v for k, v in e.items() if k != "decision_ms"} for e in report["entries"]
    ]
    return report


def _main_within(seconds: float, *args: str) -> int:
    """The tournament's exit code for ``args`` (a quick run of two match seeds), or a
    failed test if it is still running after ``seconds`` (in a thread, so that a hang
    fails the test instead of stopping the suite)."""
    outcome: list[int] = []
    runner = threading.Thread(
        target=lambda: outcome.append(
            main(["--bots", ",".join(SPREAD_BOTS), "--match", "2", *args])
        ),
        daemon=True,
    )
    runner.start()
    runner.join(seconds)
    assert outcome, f"still running after {seconds} s"
    return outcome[0]


# ------------------------------------------------------------ not a Dask scheduler
class _NotDask(socketserver.ThreadingTCPServer):
    """A server on a free port of 127.0.0.1 that accepts every connection and then says
    ``words`` (nothing at all: b"") and keeps the connection open until it is shut."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, words: bytes) -> None:
        self.words = words
        self.closing = threading.Event()
        super().__init__(("127.0.0.1", 0), _Answer)


class _Answer(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        server = self.server
        assert isinstance(server, _NotDask)
        if server.words:
            self.request.sendall(server.words)
        server.closing.wait(60)


@pytest.fixture
def not_dask(request) -> Iterator[str]:
    server = _NotDask(request.param)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.closing.set()
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize(
    "not_dask",
    [
        b"",  # accepts and says nothing
        b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",  # a web server's answer
        # Dask's own framing (two frames, the first of 16 bytes), then silence
        b"\x02\x00\x00\x00\x00\x00\x00\x00\x10\x00\x00\x00\x00\x00\x00\x00",
    ],
    indirect=True,
    ids=["silent", "http", "half-a-frame"],
)
def test_cluster_pointed_at_a_server_that_is_not_dask_stops_in_one_line(
    capsys, monkeypatch, not_dask
):
    """The connect timeout covered the connection only: Dask's handshake waited for
    ever on a port that accepts and then says nothing (still running at 300 s)."""
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 2)
    monkeypatch.setattr(cluster, "play_job", lambda job: pytest.fail("a match was played"))
    assert _main_within(30, "--cluster", not_dask) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert not_dask in err and "not a Dask scheduler" in err, err


def test_a_dask_worker_address_given_for_the_scheduler_is_said_plainly(capsys, monkeypatch):
    from distributed import LocalCluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 5)
    with LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        silence_logs=logging.ERROR,
    ) as local:
        worker = next(iter(local.scheduler.workers))
        code = main(["--bots", ",".join(SPREAD_BOTS), "--match", "2", "--cluster", worker])
    err = capsys.readouterr().err
    assert code == 2 and "is a Dask Worker, not a Dask scheduler" in err, err
    assert len(err.strip().splitlines()) == 1, err


# ------------------------------------------------------------ the last worker lost
@pytest.fixture
def lone_worker(tmp_path, monkeypatch) -> Iterator[tuple[str, list[subprocess.Popen]]]:
    """A scheduler here and one worker process with no nanny (nothing starts it again
    once it dies, as with a machine gone); the first match played kills it."""
    from distributed import LocalCluster

    monkeypatch.setattr(cluster, "POLL_SECONDS", 0.2, raising=False)
    monkeypatch.setattr(
        cluster,
        "play_job",
        functools.partial(dying_job.kill_the_worker_once, str(tmp_path / "killed")),
    )
    workers: list[subprocess.Popen] = []
    with LocalCluster(
        n_workers=0,
        host="127.0.0.1",
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        silence_logs=logging.CRITICAL,
    ) as local:
        address = local.scheduler_address

        def start_worker() -> None:
            workers.append(_worker(address))

        start_worker()
        local.wait_for_workers(1, timeout=60)
        try:
            yield address, workers
        finally:
            for worker in workers:
                worker.kill()
                worker.wait(10)


def _worker(address: str) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_worker",
            address,
            "--no-nanny",
            "--nthreads",
            "1",
            "--no-dashboard",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def test_a_scheduler_left_without_workers_mid_run_is_said_and_the_run_ends(
    capsys, monkeypatch, lone_worker
):
    """The tournament waited silently for ever once the scheduler's last worker was gone."""
    address, workers = lone_worker
    monkeypatch.setattr(cluster, "WORKERLESS_SECONDS", 2, raising=False)
    code = _main_within(30, "--cluster", address)
    err = capsys.readouterr().err
    assert code == 2, err
    assert workers[0].poll() is not None, "the worker died"
    lines = err.strip().splitlines()
    assert len(lines) == 2 and "Traceback" not in err, err
    assert "lost its last worker; waiting up to 2 s for one to come back" in lines[0], err
    assert "no Dask worker came back within 2 s: stopped with 0 of 6 matches played" in lines[1]


def test_a_worker_back_after_the_last_was_lost_lets_the_run_finish_with_its_figures(
    capsys, monkeypatch, lone_worker
):
    address, workers = lone_worker
    serial = run_matches(SPREAD_BOTS, 2, seed=5)
    monkeypatch.setattr(cluster, "WORKERLESS_SECONDS", 60, raising=False)

    def start_another_once_the_first_is_gone() -> None:
        workers[0].wait(60)
        time.sleep(1.5)  # (the loss is seen within POLL_SECONDS)
        workers.append(_worker(address))

    threading.Thread(target=start_another_once_the_first_is_gone, daemon=True).start()
    spread = run_matches(SPREAD_BOTS, 2, seed=5, cluster=address)
    err = capsys.readouterr().err
    assert len(workers) == 2, "the first worker was lost"
    assert _figures(spread) == _figures(serial)
    assert "lost its last worker" in err and "a worker is back; the matches go on" in err, err


# ------------------------------------------------------------ Ctrl-C
def _alive(process) -> bool:
    """Whether a process still runs (a zombie has ended: it waits only to be reaped)."""
    import psutil

    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


# Mid-run (after 4 s) is the slow tier's; the quick tier stops the run as it starts.
@pytest.mark.parametrize(
    "after",
    [
        pytest.param(1.5, id="while-starting"),
        pytest.param(4.0, id="mid-run", marks=pytest.mark.slow),
    ],
)
def test_ctrl_c_mid_run_ends_in_one_line_and_leaves_no_process(after):
    """Ctrl-C printed up to 105 lines of tracebacks from the tournament and its workers
    (``AssertionError: Status.init`` among them). It is sent here as a terminal sends
    it: to every process of the group, the workers included."""
    psutil = pytest.importorskip("psutil")
    run = subprocess.Popen(
        [sys.executable, "-m", "swoop_desktop.referee.tournament"]
        + ["--bots", "hard,normal,normal", "--match", "4", "--jobs", "2", "--no-progress"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        time.sleep(after)
        children = psutil.Process(run.pid).children(recursive=True)
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    assert run.returncode == 130, err
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 3, err
    assert "stopped: " in err and "of 12 matches played (Ctrl-C)" in err, err
    assert out == ""
    deadline = time.monotonic() + 10
    while any(_alive(c) for c in children) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [c.pid for c in children if _alive(c)], "a process was left behind"


def test_ctrl_c_in_a_run_in_this_process_ends_in_one_line(capsys, monkeypatch):
    from swoop_desktop.referee import tournament

    def interrupted(job):
        raise KeyboardInterrupt

    monkeypatch.setattr(tournament, "play_job", interrupted)
    code = main(["--bots", ",".join(SPREAD_BOTS), "--match", "2"])
    out, err = capsys.readouterr()
    assert code == 130 and out == ""
    assert err.strip() == "stopped (Ctrl-C): nothing reported", err
