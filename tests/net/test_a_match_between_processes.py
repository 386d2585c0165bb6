"""A headless host and two clients, each in its own process on loopback, play a whole
match: both clients end with the host's totals, each only ever received its own seat's
observation, and the match is the one the same bots play locally with the same seeds."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

from swoop_desktop.ai import choose_safely, make_bot
from swoop_desktop.engine import Match, Rules
from swoop_desktop.engine.observation import PublicHistory, observe
from tests.net.helpers import check_seen, record_of

SEED = 5
PLAYERS = 3


def _command(*args: str) -> list[str]:
    return [sys.executable, *args]


def _line(proc: subprocess.Popen[str], seconds: float) -> str:
    """The process's next line of standard output, waited for at most ``seconds``."""
    assert proc.stdout is not None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.1)
        if ready:
            return proc.stdout.readline()
        if proc.poll() is not None:
            break
    raise AssertionError(f"no line from {proc.args!r} in {seconds} s")


def _spawn(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        _command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def _local_match(seeds: list[int]) -> Match:
    """The same match played in one process, each seat a normal bot with its seed."""
    match = Match(Rules.from_preset("app"), PLAYERS, SEED)
    bots = [make_bot("normal", seed=s) for s in seeds]
    while not match.over:
        history = PublicHistory(PLAYERS)
        history.feed(match.start_hand())
        state = match.state
        assert state is not None
        while not state.is_over:
            p = state.to_move
            action = choose_safely(bots[p], observe(state, p, history), state.legal_actions())
            history.feed(match.apply(action))
    return match


def test_two_clients_in_their_own_processes_play_a_match_each_seeing_only_its_own_seat(
    tmp_path: Path,
) -> None:
    host = _spawn(
        "-m", "swoop_desktop.net.host", "--port", "0", "--players", str(PLAYERS),
        "--seats", "2", "--seed", str(SEED), "--wait", "30",
    )  # fmt: skip
    clients: list[subprocess.Popen[str]] = []
    try:
        listening = _line(host, 20)
        assert listening.startswith("listening on ws://127.0.0.1:"), listening
        url = listening.split()[2].rstrip(":")
        logs = [tmp_path / "ann.jsonl", tmp_path / "bea.jsonl"]
        for name, seed, log in (("Ann", SEED, logs[0]), ("Bea", SEED + 1, logs[1])):
            client = _spawn(
                "-m", "swoop_desktop.net.client", url, "--name", name, "--bot", "normal",
                "--seed", str(seed), "--log", str(log),
            )  # fmt: skip
            clients.append(client)
            seated = _line(client, 20)  # joined one after the other: Ann seat 1, Bea seat 2
            assert seated.startswith(f"seated at seat {len(clients)} of 3"), seated
        ends = []
        for client in clients:
            out, err = client.communicate(timeout=40)
            assert client.returncode == 0, err
            ends.append(out.strip().splitlines()[-1])
        out, err = host.communicate(timeout=20)
        assert host.returncode == 0, err
    finally:
        for proc in (host, *clients):
            if proc.poll() is None:
                proc.kill()
                proc.wait(5)
    assert ends[0] == ends[1] == out.strip().splitlines()[-1]
    assert ends[0].startswith("game over: Ann ")

    local = _local_match([SEED, SEED + 1, SEED + 2])
    finals = []
    for seat, log in enumerate(logs):
        lines = log.read_text(encoding="utf-8").splitlines()
        final = json.loads(lines[-2] if json.loads(lines[-1])["type"] == "bye" else lines[-1])
        assert final["type"] == "game_over"
        finals.append(final["totals"])
        record = record_of(final)
        assert record == local.actions, "the networked match is not the one played locally"
        checked = check_seen(lines, seat, local.rules, PLAYERS, SEED, record)
        assert checked == sum(len(hand) + 1 for hand in record)
    assert finals[0] == finals[1] == local.totals
