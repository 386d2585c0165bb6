"""reviews.json: every stored value checked (a bad review dropped with one message, never a
crash of the Review screen), kept under a size budget, and its messages reach the player."""

from __future__ import annotations

import copy
import json

import pytest

from swoop_desktop.progress import stored_reviews as reviews_module
from swoop_desktop.progress.stored_reviews import (
    load_review,
    reviews_file,
    store_review,
    stored_accuracies,
)
from swoop_desktop.storage import resolve_dirs
from tests.storage.helpers import as_older_swoop_left_it, db_document

GOOD_OPTION = {
    "action": '{"play": {"hand": "A A", "up": []}}',
    "words": "played two aces",
    "points": 12.5,
    "margin": -3.0,
    "win": 0.25,
    "pickup": 0.1,
}
GOOD_VERDICT = {
    "hand_no": 0,
    "step": 3,
    "number": 1,
    "chosen": "played two aces",
    "best": "played a four",
    "cost": 4.2,
    "label": "inaccuracy",
    "reason": "A four kept the aces for later.",
    "options": [GOOD_OPTION],
    "worlds": 48,
    "hindsight": False,
}


def _body(**changes):
    verdict = copy.deepcopy(GOOD_VERDICT)
    option = verdict["options"][0]
    for key, value in changes.items():
        if key.startswith("option."):
            option[key.removeprefix("option.")] = value
        else:
            verdict[key] = value
    return {"verdicts": [verdict], "hindsight": [], "accuracy": 50.0}


BAD = [
    {"label": "brilliant"},
    {"cost": "4.2"},
    {"cost": None},
    {"cost": 1e308},
    {"reason": ["a", "list"]},
    {"reason": "x" * 5000},
    {"option.action": "not an action"},
    {"option.action": '{"fly": 3}'},
    {"option.points": "12"},
    {"option.win": 7},
    {"hand_no": -1},
    {"low": "1"},
    {"high": 1e308},
    {"option.swoops": 3.0},
]


@pytest.mark.parametrize("change", BAD, ids=[next(iter(c)) for c in BAD])
def test_a_stored_review_with_a_wrong_value_is_dropped_with_one_message(change):
    dirs = resolve_dirs()
    store_review(dirs, "good/game/48", _body())
    as_older_swoop_left_it(dirs)  # the file as an older Swoop wrote it
    data = json.loads(reviews_file(dirs).read_text())
    data["reviews"]["bad/game/48"] = _body(**change)
    reviews_file(dirs).write_text(json.dumps(data))
    body, messages = load_review(dirs, "bad/game/48")
    assert body is None  # worked out again rather than drawn
    assert len(messages) == 1 and "could not be used" in messages[0], messages
    assert load_review(dirs, "good/game/48")[0] == _body()


def test_every_value_of_a_real_verdict_passes():
    dirs = resolve_dirs()
    hindsight = dict(GOOD_VERDICT, hindsight=True, label="good", cost=0.0)
    body = {"verdicts": [GOOD_VERDICT], "hindsight": [hindsight], "accuracy": 100}
    assert store_review(dirs, "k/game/48", body) == []
    assert load_review(dirs, "k/game/48") == (body, [])


def test_a_long_reason_in_a_wordier_language_is_read_back_not_dropped():
    """A reason of several sentences in German or French runs past 600 characters (636
    were measured over eight reviewed games): such a review is read back, not dropped and
    worked out again every time it is opened."""
    reason = (
        "Eine 5 zu spielen wäre besser gewesen: Du hättest die Asse für später behalten, "
        "und Righty geht seltener zuerst aus. "
    ) * 7  # about 800 characters
    assert 600 < len(reason) < 1000
    body = _body(reason=reason)
    dirs = resolve_dirs()
    assert store_review(dirs, "long/game/48", body) == []
    assert load_review(dirs, "long/game/48") == (body, [])


def test_a_review_made_by_the_analysis_is_kept_whole():
    """What the review's own analysis writes ("unclear" with the range its cost lies in)
    passes the check and reads back unchanged, so a second look stays instant."""
    from swoop_desktop.ai.review import Option, Review, Verdict

    option = Option(**GOOD_OPTION, pickups=0.5, swoops=0.25, out=0.1, opponent_out=0.3)
    verdict = Verdict(
        hand_no=1,
        step=4,
        number=2,
        chosen="played a king",
        best="played a 4",
        cost=9.5,
        label="unclear",
        reason="The play-outs could not separate them.",
        options=(option,),
        worlds=384,
        low=1.5,
        high=17.5,
    )
    body = Review([verdict], []).to_json()
    dirs = resolve_dirs()
    assert store_review(dirs, "u/game/48", body) == []
    assert load_review(dirs, "u/game/48") == (json.loads(json.dumps(body)), [])


def test_reviews_stay_under_the_size_budget_the_oldest_going_first(monkeypatch):
    monkeypatch.setattr(reviews_module, "BUDGET", 20_000, raising=False)
    dirs = resolve_dirs()
    big = {"verdicts": [GOOD_VERDICT] * 10, "accuracy": 10.0}  # about 5 KB each
    for i in range(12):
        assert store_review(dirs, f"r{i}/game/48", big) == []
    stored = db_document(dirs, "reviews.json")
    assert len(stored.encode()) <= 20_000 + 200
    assert load_review(dirs, "r11/game/48") == (big, [])  # the newest kept, read back whole
    assert load_review(dirs, "r0/game/48") == (None, [])  # the oldest went first
    assert not [p for p in dirs.data.iterdir() if "damaged" in p.name]


def test_a_damaged_reviews_file_read_by_scores_is_told():
    dirs = resolve_dirs()
    reviews_file(dirs).write_text("{not json")
    assert stored_accuracies(dirs, ["x/game/48"]) == [None]
    told = dirs.notices.take()
    assert len(told) == 1 and "game reviews" in told[0] and "copy is kept" in told[0], told
