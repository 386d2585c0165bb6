"""The puzzles file against kills and damage, like the other files: a process writing it in
a tight loop is killed over and over and it still loads; a damaged file falls back to its
``.bak``; a damaged puzzle is dropped with a plain message and the others kept; one that
cannot be read is never overwritten."""

from __future__ import annotations

import json
import os
import random
import signal
import time
from dataclasses import replace

import pytest

from swoop_desktop.ai.review import Option, Verdict
from swoop_desktop.progress.puzzle_book import (
    Puzzle,
    add_puzzles,
    load_puzzles,
    puzzles_file,
    record_answer,
)
from swoop_desktop.referee.puzzles import position
from swoop_desktop.referee.review import decisions
from swoop_desktop.storage import resolve_dirs
from swoop_desktop.storage.actioncodec import encode_hands
from swoop_desktop.storage.jsonfile import backup_path
from tests.sizes import quick_and_full
from tests.storage.helpers import as_older_swoop_left_it, finished_match


def sample_puzzles(count: int = 3) -> list[Puzzle]:
    """Puzzles made from a finished game's first decisions, with verdicts as a review gives."""
    match = finished_match(5)
    hands = [list(h) for h in match.actions]
    out = []
    for d in decisions(match.rules, 4, match.seed, hands[:1])[:count]:  # 65 in the first hand alone
        other = next(a for a in d.legal if a != d.chosen)
        options = tuple(
            Option(json.dumps(a.to_json(), sort_keys=True), words, pts, pts - 5, 0.3, 0.0)
            for a, words, pts in ((other, "played a 9", 4.0), (d.chosen, "played a king", 30.0))
        )
        verdict = Verdict(
            d.hand_no,
            d.step,
            d.number,
            "played a king",
            "played a 9",
            26.0,
            "blunder",
            "Playing a 9 was better.",
            options,
            8,
        )
        out.append(
            Puzzle(
                id=f"game/{d.hand_no}/{d.step}",
                rules=match.rules.to_json(),
                players=4,
                seed=match.seed,
                deals=encode_hands(hands[: d.hand_no + 1]),
                verdict=verdict.to_json(),
            )
        )
    return out


def test_puzzles_are_kept_whole_and_replay_to_their_decision(tmp_path):
    dirs = resolve_dirs(tmp_path)
    found = sample_puzzles()
    assert add_puzzles(dirs, found) == []
    book, messages = load_puzzles(dirs)
    assert messages == [] and book.puzzles == found
    for p in book.puzzles:
        d = position(p)
        assert (d.hand_no, d.step) == (p.hand_no, p.step)


def test_a_damaged_puzzles_file_falls_back_to_its_backup(tmp_path):
    """An older Swoop's damaged puzzles.json: its backup copy is brought in instead, and the
    damaged file kept."""
    dirs = resolve_dirs(tmp_path)
    first, _, _ = sample_puzzles()
    add_puzzles(dirs, [first])
    path = as_older_swoop_left_it(dirs).with_name("puzzles.json")
    backup_path(path).write_bytes(path.read_bytes())  # its backup copy: the first puzzle
    path.write_text('{"format": "swoop-puzzles", "version": 1, "puzzles": [{')
    book, messages = load_puzzles(dirs)
    assert [p.id for p in book.puzzles] == [first.id]
    assert "previous copy" in messages[0]
    assert list(tmp_path.glob("puzzles.damaged-*.json"))


def test_a_damaged_puzzle_is_dropped_and_the_others_kept(tmp_path):
    dirs = resolve_dirs(tmp_path)
    found = sample_puzzles()
    add_puzzles(dirs, found)
    as_older_swoop_left_it(dirs)  # the file as an older Swoop wrote it
    doc = json.loads(puzzles_file(dirs).read_text())
    doc["puzzles"][1]["verdict"]["label"] = "good"  # not a puzzle
    doc["puzzles"][2]["deals"] = ["pQ9x"]  # not the plays of a deal
    puzzles_file(dirs).write_text(json.dumps(doc))
    book, messages = load_puzzles(dirs)
    assert [p.id for p in book.puzzles] == [found[0].id]
    assert len(messages) == 1 and "puzzles" in messages[0]
    # Answering still works, and is written back.
    assert record_answer(dirs, found[0].id, True)[0] is False
    assert load_puzzles(dirs)[0].puzzles[0].solved == 1


def test_an_unreadable_puzzles_file_is_never_overwritten(tmp_path, monkeypatch):
    dirs = resolve_dirs(tmp_path)
    first, second, _ = sample_puzzles()
    add_puzzles(dirs, [first])
    before = as_older_swoop_left_it(dirs).with_name("puzzles.json").read_bytes()
    import swoop_desktop.storage.jsonfile as jf

    real = jf.read_capped

    def refuse(path, cap):
        if path.name.startswith("puzzles"):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, cap)

    monkeypatch.setattr(jf, "read_capped", refuse)
    messages = add_puzzles(dirs, [second])
    assert any("kept" in m for m in messages)
    cleared, messages = record_answer(dirs, first.id, True)
    assert not cleared and any("kept" in m for m in messages)
    monkeypatch.undo()
    assert puzzles_file(dirs).read_bytes() == before
    # Readable again: brought in whole, and the change goes through.
    add_puzzles(dirs, [second])
    assert [p.id for p in load_puzzles(dirs)[0].puzzles] == [first.id, second.id]


def _writer(dirs, found: list[Puzzle]) -> None:
    """Child process: add puzzles and answer them, forever."""
    try:
        k = 0
        while True:
            add_puzzles(dirs, [replace(p, id=f"{p.id}/{k}") for p in found])
            record_answer(dirs, f"{found[0].id}/{k}", True)
            k += 1
    finally:
        os._exit(0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (POSIX)")
@quick_and_full(10, 30, "kills")  # the writer is nearly always mid-write: so is each kill
def test_sigkill_while_writing_never_leaves_an_unreadable_puzzles_file(tmp_path, kills):
    dirs = resolve_dirs(tmp_path)
    found = sample_puzzles(1)
    rng = random.Random(7)
    for _ in range(kills):
        pid = os.fork()
        if pid == 0:
            _writer(dirs, found)
        time.sleep(rng.uniform(0.005, 0.05))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        book, messages = load_puzzles(dirs)
        assert all("damaged" not in m for m in messages), messages
    # Whatever the last kill cut short, what the writer had committed is there: its
    # puzzles, or (each is answered right at once, and so retired) their ids.
    book = load_puzzles(dirs)[0]
    assert book.puzzles or book.retired
    assert not list(tmp_path.glob("*damaged*"))
