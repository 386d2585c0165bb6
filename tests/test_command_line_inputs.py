"""The command lines read and write like the app: bounded readers, bounded options, one line
(never a traceback) for bad input or a standard output that cannot be written."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading

import pytest

from swoop_desktop import review as review_cli
from swoop_desktop.engine import Match, Rules
from swoop_desktop.progress import record_finished_game
from swoop_desktop.referee import tournament
from swoop_desktop.storage import resolve_dirs, save_game
from tests.storage.helpers import as_older_swoop_left_it, finished_match, play
from tests.ui.test_past_games_that_do_not_replay import VARIANTS, _variant


def _limited() -> None:
    """In the child: at most 2 GiB of memory (reading /dev/zero used to take it all)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def _run(module: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [sys.executable, "-m", module, *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            preexec_fn=_limited if os.name == "posix" else None,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{module} {' '.join(args)[:60]} ran on for {timeout} s")


def _history(tmp_path, kind: str | None = None):
    dirs = resolve_dirs(tmp_path / "data")
    record_finished_game(dirs, finished_match(3), [{"name": "You"}])
    as_older_swoop_left_it(dirs)  # the command reads an older Swoop's history.json too
    if kind is not None:
        data = json.loads(dirs.history_file.read_text())
        _variant(data["games"][0], kind)
        dirs.history_file.write_text(json.dumps(data))
    return dirs.history_file


@pytest.mark.parametrize("kind", VARIANTS)
def test_the_review_command_refuses_a_past_game_that_does_not_replay(kind, tmp_path, capsys):
    path = _history(tmp_path, kind)
    assert review_cli.main([str(path), "--worlds", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "cannot be reviewed" in err, err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_the_review_command_refuses_a_fifo_and_a_device(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    writer_done = threading.Event()

    def never_close() -> None:  # a writer that keeps the pipe open: reading would never end
        try:
            fd = os.open(fifo, os.O_WRONLY)
        except OSError:
            return
        writer_done.wait(30)
        os.close(fd)

    threading.Thread(target=never_close, daemon=True).start()
    try:
        result = _run("swoop_desktop.review", str(fifo), timeout=60)
    finally:
        writer_done.set()
        # Lets the writer's open return if it is still waiting. Non-blocking: if the writer
        # had already opened and closed, a blocking open here would wait for ever.
        os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
    assert result.returncode == 2 and "not an ordinary file" in result.stderr, result.stderr
    result = _run("swoop_desktop.review", "/dev/zero", timeout=60)
    assert result.returncode == 2 and "not an ordinary file" in result.stderr, result.stderr


def test_review_command_messages_name_the_real_problem(tmp_path, capsys):
    path = _history(tmp_path)
    data = json.loads(path.read_text())
    data["games"][0]["seed"] = 123456789
    path.write_text(json.dumps(data).replace("123456789", "9" * 5000))
    assert review_cli.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert "not a Swoop saved game file" not in err and "history" in err, err
    odd = tmp_path / "two\nlines\n.json"
    assert review_cli.main([str(odd)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    # The newest game's plays are illegal: refused, not reviewed as a one-decision game.
    path = _history(tmp_path / "b", "illegal play")
    assert review_cli.main([str(path), "--worlds", "2"]) == 2
    assert "cannot be reviewed" in capsys.readouterr().err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "module, args",
    [
        ("swoop_desktop.engine", ["deal", "--seed", "3"]),
        ("swoop_desktop.referee.tournament", ["--bots", "random,random,random", "--deals", "2"]),
        ("swoop_desktop.review", ["GAME", "--worlds", "2", "--hand", "1"]),
    ],
)
def test_a_standard_output_that_cannot_be_written_ends_in_one_line(module, args, tmp_path):
    if "GAME" in args:  # a saved game a few plays in: a short review, still written out
        dirs = resolve_dirs(tmp_path / "data")
        save_game(dirs, play(Match(Rules.from_preset("app"), 4, 3), 12, random.Random(3)), [])
        args = [str(dirs.game_file) if a == "GAME" else a for a in args]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", module, *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
        )
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "could not be written" in result.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["--match", "1000000000"], "--match: must be at most"),
        (["--deals", "10000000000"], "--deals: must be at most"),
        (["--match", "2", "--worlds", "100000000"], "--worlds: must be at most"),
        (["--budget-ms", "nan"], "--budget-ms"),
        (["--budget-ms", "inf"], "--budget-ms"),
        (["--budget-ms", "-1"], "--budget-ms"),
        (["--budget-ms", "0"], "--budget-ms"),
        (["--rules", "[" * 50_000 + "]" * 50_000], "--rules"),
        (["--cap", "10000000000"], "--cap: must be at most"),
    ],
)
def test_tournament_options_are_bounded_with_a_plain_message(args, words):
    # In a child with a memory limit and a time limit: before the bounds, --match 10**9
    # built its whole job list (memory grew without end) and --deals 10**10 ran for ever.
    result = _run(
        "swoop_desktop.referee.tournament", "--bots", "random,random,random", *args, timeout=60
    )
    err = result.stderr
    assert result.returncode == 2, err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_tournament_jobs_are_capped_at_the_cores(capsys, monkeypatch):
    started: list[int] = []
    monkeypatch.setattr(
        tournament,
        "on_dask",
        lambda job_list, workers, address, done: started.append(workers) or iter([]),
    )
    monkeypatch.setattr(tournament.os, "cpu_count", lambda: 2)
    code = tournament.main(
        ["--bots", "random,random,random", "--match", "3", "--jobs", "64", "--json"]
    )
    assert code == 0 and started == [2]
    assert "2 cores" in capsys.readouterr().err


@pytest.mark.parametrize("address", ["", "tcp://host :8786", "tcp://host\n:8786", "x" * 5000])
def test_tournament_cluster_address_is_checked_with_a_plain_message(address):
    result = _run(
        "swoop_desktop.referee.tournament",
        "--bots",
        "random,random,random",
        "--match",
        "2",
        "--cluster",
        address,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "--cluster" in result.stderr
