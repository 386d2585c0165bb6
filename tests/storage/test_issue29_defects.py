"""Issue 29: the defects the attack pass found in the daily, puzzle, review, rating and
records files, each checked on the files as the game writes them."""

from __future__ import annotations

import json
from dataclasses import replace

from swoop_desktop.storage import resolve_dirs
from swoop_desktop.storage.puzzles import add_puzzles, load_puzzles
from swoop_desktop.storage.reviews import load_review, store_review, stored_reviews

from .test_puzzle_file import sample_puzzles

NO_SLOT = json.dumps({"play": {"hand": "", "up": [9]}})


# -- 2. a stored option naming a face-up slot that does not exist ----------------------
def _with_missing_slot(verdict: dict) -> dict:
    bad = json.loads(json.dumps(verdict))
    bad["options"][0]["action"] = NO_SLOT
    return bad


def test_a_stored_review_naming_a_missing_face_up_slot_is_refused_with_a_message(tmp_path):
    dirs = resolve_dirs(tmp_path)
    good = sample_puzzles(2)[1].verdict
    store_review(dirs, "good/game/48", {"verdicts": [good], "accuracy": 80.0})
    bad = _with_missing_slot(sample_puzzles(1)[0].verdict)
    store_review(dirs, "bad/game/48", {"verdicts": [bad], "accuracy": 50.0})
    body, messages = load_review(dirs, "bad/game/48")
    assert body is None
    assert any("face-up slot that does not exist" in m for m in messages), messages
    assert set(stored_reviews(dirs)[0]) == {"good/game/48"}


def test_a_puzzle_naming_a_missing_face_up_slot_is_dropped_with_a_message(tmp_path):
    dirs = resolve_dirs(tmp_path)
    good, other = sample_puzzles(2)
    bad = replace(other, verdict=_with_missing_slot(other.verdict))
    add_puzzles(dirs, [good, bad])
    book, messages = load_puzzles(dirs)
    assert [p.id for p in book.puzzles] == [good.id]
    assert any("face-up slot that does not exist" in m for m in messages), messages
