"""``python -m swoop_desktop.review``: the review from the command line, on real saved files."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest

from swoop_desktop import i18n
from swoop_desktop.ai import make_bot
from swoop_desktop.engine import Match, Rules
from swoop_desktop.progress import load_history
from swoop_desktop.progress.history import record_finished_game
from swoop_desktop.review import _report
from swoop_desktop.storage import db, resolve_dirs, save_game
from tests.ai.helpers import play_hands
from tests.storage.helpers import play
from tests.test_translations import catalogues, compiled  # noqa: F401 (fixtures)


def _play(match: Match, hands: int) -> None:
    bots = [make_bot("easy" if p == 0 else "normal", seed=p) for p in range(4)]
    play_hands(match, bots, hands)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "swoop_desktop.review", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def saved(tmp_path):
    """A game saved a few plays into its second hand (4 decisions of yours there), the first
    played whole by the bots (11 decisions of yours)."""
    dirs = resolve_dirs(tmp_path)
    match = Match(Rules.from_preset("app"), 4, 21)
    _play(match, hands=1)
    play(match, 20, random.Random(21))
    save_game(dirs, match, [])
    return dirs


def test_reviewing_a_saved_hand_prints_the_summary_and_every_decision(saved):
    before = _digest(saved.game_file)
    result = _run(str(saved.game_file), "--hand", "1", "--worlds", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Review of the saved game in progress, hand 1 (")
    assert "decisions: " in lines[1] and "as good as the best" in lines[1]
    assert any(line.startswith("hand 1 #1 ") for line in lines)
    assert _digest(saved.game_file) == before, "a review never changes the saved game"


def test_json_output_carries_verdicts_accuracy_and_summary(saved):
    result = _run(str(saved.game_file), "--hand", "2", "--worlds", "2", "--json")
    assert result.returncode == 0, result.stderr
    body = json.loads(result.stdout)
    assert body["verdicts"] and {v["hand_no"] for v in body["verdicts"]} == {1}
    assert 0 <= body["accuracy"] <= 100 and body["summary"]
    assert {"label", "cost", "reason", "options", "chosen", "best"} <= set(body["verdicts"][0])
    # Every decision carries the hint at the table's work: its play, words and the cost the
    # review gives it, so the hint and the review can be checked against each other.
    for verdict in body["verdicts"]:
        hint = verdict["hint"]
        assert hint["play"] and hint["words"] and hint["cost"] >= 0, verdict


def test_a_history_is_reviewed_by_game_id_and_left_unchanged(tmp_path):
    dirs = resolve_dirs(tmp_path)
    match = Match(Rules.from_preset("app", target=60), 4, 5)
    _play(match, hands=50)
    assert match.over
    record_finished_game(dirs, match, [{"name": n} for n in ("You", "Left", "Top", "Right")])
    database = db.db_file(dirs)  # the player's own progress file, as the game keeps it
    game = load_history(dirs)[0][0].id  # (the game's own first opening may add to the file)
    before = _digest(database)
    result = _run(str(database), "--game", game[:6], "--hand", "1", "--worlds", "2")
    assert result.returncode == 0, result.stderr
    assert f"game {game}" in result.stdout.splitlines()[0]
    assert _digest(database) == before


@pytest.mark.parametrize(
    "args, words",
    [
        (["{missing}"], "cannot be read"),
        (["{junk}"], "not valid JSON"),
        (["{game}", "--hand", "9"], "--hand: the game has hands 1-2"),
        (["{game}", "--seat", "7"], "--seat: the game has seats 0-3"),
        (["{game}", "--worlds", "0"], "--worlds: must be 1-10000"),
    ],
)
def test_bad_input_exits_2_with_one_plain_line(saved, tmp_path, args, words):
    junk = tmp_path / "junk.json"
    junk.write_text("{oops")
    subs = {
        "{missing}": str(tmp_path / "nope.json"),
        "{junk}": str(junk),
        "{game}": str(saved.game_file),
    }
    result = _run(*[subs.get(a, a) for a in args])
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert words in result.stderr


def test_the_command_weighs_in_worker_processes_with_the_same_verdicts(saved, monkeypatch):
    """The command weighs the decisions side by side in worker processes: the same
    verdicts as one by one in its own process (each is seeded by the game)."""
    from swoop_desktop.ai import workers

    out = {}
    for mode in ("threads", "processes"):
        monkeypatch.setenv(workers.MODE_VARIABLE, mode)
        result = _run(str(saved.game_file), "--hand", "2", "--worlds", "2", "--json")
        assert result.returncode == 0, result.stderr
        body = json.loads(result.stdout)
        out[mode] = [(v["number"], v["label"], v["cost"], v["best"]) for v in body["verdicts"]]
    assert out["threads"] and out["processes"] == out["threads"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
def test_a_named_pipe_is_refused_at_once_with_exit_2(tmp_path):
    """A pipe in place of the game file is refused before anything opens it: nothing
    writes to it, so opening it would wait for ever."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "swoop_desktop.review", str(fifo)],
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert time.monotonic() - started < 15
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert "not an ordinary file" in result.stderr


def test_a_folder_is_refused_with_exit_2(tmp_path):
    result = _run(str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "it is a folder, not a file" in result.stderr


def _costly_review(cost: float) -> SimpleNamespace:
    """A review of one decision of the first hand that cost ``cost``, fair and in hindsight."""
    verdict = SimpleNamespace(
        hand_no=0, number=3, label="mistake", cost=cost, chosen="played two 7s", reason="WHY"
    )
    return SimpleNamespace(verdicts=[verdict], hindsight=[verdict], summary_lines=lambda: [])


def _cost_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.endswith("WHY")]


def test_the_cost_column_keeps_its_width_in_english():
    rows = _cost_rows(_report(_costly_review(6.3), "game 1a2b", None, 1.5))
    assert len(rows) == 2 and all("  6.3  " in row for row in rows), rows


@pytest.mark.parametrize("language", ["de", "es", "fi", "fr", "it", "pl"])
def test_the_cost_column_writes_the_languages_decimal_mark(catalogues, language):  # noqa: F811
    # German, as every shipped language, writes 6,3, as the review's head writes its seconds
    assert i18n.set_language(language) == language
    try:
        text = _report(_costly_review(6.3), "game 1a2b", None, 1.5)
    finally:
        i18n.set_language(i18n.SOURCE)
    rows = _cost_rows(text)
    assert len(rows) == 2, text
    for row in rows:
        assert "  6,3  " in row and "6.3" not in row, row
    assert "1,5" in text.splitlines()[0], text
