"""The headless host's and client's command lines: a bad argument is one line of plain
words and exit status 2; a port already taken is said so; a host of bots alone plays
its match and ends in one line."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

HOST = [sys.executable, "-m", "swoop_desktop.net.host"]
CLIENT = [sys.executable, "-m", "swoop_desktop.net.client"]


def run(args: list[str], timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "9"], "--players: must be from 3 to 8, got 9"),
        (["--players", "4", "--seats", "5"], "--seats: must be from 0 to 4, got 5"),
        (["--port", "70000"], "--port: must be from 0 to 65535"),
        (["--port", "eight"], "invalid int value"),
        (["--wait", "nan"], "--wait: must be from 0"),
        (["--grace", "-1"], "--grace: must be from 0"),
        (["--bots", "silly"], "--bots: unknown level 'silly'"),
        (["--rules", "{bad"], "--rules: not valid JSON"),
        (["--rules", '{"preset": "nope"}'], "--rules: preset: unknown rule set"),
        (["--bind", "a b;rm -rf /"], "--bind: not an address or host name"),
        (["--seed", "-3"], "--seed: must be from 0"),
    ],
)
def test_a_bad_host_argument_is_one_line_and_exit_two(args: list[str], words: str) -> None:
    done = run([*HOST, *args])
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["http://x", "--name", "Ann"], "should start with ws://"),
        (["ws://127.0.0.1:1", "--name", "Ann\x1b[2J"], "--name: the name holds an invisible"),
        (["ws://127.0.0.1:1", "--name", "Ann", "--bot", "godlike"], "--bot: unknown level"),
        (["ws://127.0.0.1:1", "--name", "Ann", "--token", "short"], "--token: not a seat token"),
        (["ws://127.0.0.1:1"], "the following arguments are required: --name"),
    ],
)
def test_a_bad_client_argument_is_one_line_and_exit_two(args: list[str], words: str) -> None:
    done = run([*CLIENT, *args])
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.stderr


def test_a_port_already_taken_is_said_in_plain_words() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run([*HOST, "--port", str(port), "--seats", "0"])
    assert done.returncode == 2
    assert (
        done.stderr.strip() == f"error: cannot listen on 127.0.0.1:{port} (address already in use)"
    )


def test_a_client_with_no_host_to_reach_says_so() -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    done = run([*CLIENT, f"ws://127.0.0.1:{port}", "--name", "Ann"])
    assert done.returncode == 1
    assert done.stderr.startswith(f"error: cannot reach the host at 'ws://127.0.0.1:{port}'")
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_host_of_bots_alone_plays_its_match_and_says_how_it_ended() -> None:
    done = run([*HOST, "--port", "0", "--players", "3", "--seats", "0", "--seed", "2"])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("listening on ws://127.0.0.1:") and "bots only" in lines[0]
    assert lines[1].startswith("game over: Lefty ") and ("wins" in lines[1] or "tie" in lines[1])
