"""The hand review of a recorded game: the referee replays it to one seat's decisions
(observations only, forced moves skipped) and the AI's review weighs each of them."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest

from swoop_desktop.ai import make_bot
from swoop_desktop.ai.review import REVIEW_WORLDS, Cancelled, best_action, review_decisions
from swoop_desktop.engine import Match, Rules
from swoop_desktop.referee.review import decisions, review

from ..ai.helpers import play_hands


def _bot_game(seed: int, seat0) -> Match:
    """One hand with ``seat0`` in seat 0 and normal bots elsewhere."""
    bots = [seat0] + [make_bot("normal", seed=seed + p) for p in (1, 2, 3)]
    return play_hands(Match(Rules.from_preset("app"), 4, seed), bots)


class _ReviewStrength:
    """The review's own search as a player, with its own seed (other worlds than the review's)."""

    def __init__(self, worlds: int = 96) -> None:
        self.worlds = worlds

    def choose(self, obs, legal):
        return best_action(obs, legal, worlds=self.worlds, seed=99)


def test_a_hand_played_by_the_reviews_own_bot_on_less_work_has_no_blunder():
    """The quick copy of the test below: the review's search plays a hand and reviews it
    on a quarter of the work. Noisier, so only a blunder (20 points or more) would say
    the review contradicts its own search."""
    match = _bot_game(3, _ReviewStrength(worlds=24))
    result = review(match.rules, 4, match.seed, match.actions, worlds=REVIEW_WORLDS // 4)
    assert len(result.verdicts) >= 5
    assert "blunder" not in {v.label for v in result.verdicts}, [
        (v.number, v.label, v.cost, v.reason) for v in result.verdicts
    ]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
def test_a_hand_played_by_the_reviews_own_bot_at_full_work_has_no_mistake(seed):
    match = _bot_game(seed, _ReviewStrength())
    result = review(match.rules, 4, match.seed, match.actions, worlds=REVIEW_WORLDS)
    assert len(result.verdicts) >= 5
    labels = [v.label for v in result.verdicts]
    assert not {"mistake", "blunder"} & set(labels), [
        (v.number, v.label, v.cost, v.reason) for v in result.verdicts
    ]
    # Good, or (a range that reaches past the good line) unclear with an estimate
    # within it; at most one decision otherwise.
    near = [v for v in result.verdicts if v.good or (v.label == "unclear" and v.cost < 3.0)]
    assert len(near) >= len(labels) - 1


def test_decisions_skip_forced_moves_and_count_only_the_reviewed_seat():
    match = _bot_game(5, make_bot("easy", seed=1))
    found = decisions(match.rules, 4, match.seed, match.actions)
    assert found and all(d.obs.seat == 0 and len(d.legal) > 1 for d in found)
    assert [d.number for d in found] == list(range(1, len(found) + 1))
    other = decisions(match.rules, 4, match.seed, match.actions, seat=2)
    assert other and all(d.obs.seat == 2 for d in other)


def test_cancel_stops_a_review_and_progress_is_reported():
    match = _bot_game(5, make_bot("easy", seed=1))
    seen = []
    cancel = threading.Event()

    def progress(done, total):
        seen.append((done, total))
        if done == 2:
            cancel.set()

    with pytest.raises(Cancelled):
        review(
            match.rules, 4, match.seed, match.actions, worlds=2, progress=progress, cancel=cancel
        )
    assert seen[:2] == [(1, seen[0][1]), (2, seen[0][1])] and len(seen) == 2


def test_the_ai_review_weighs_exactly_the_decisions_it_is_given():
    match = _bot_game(5, make_bot("easy", seed=1))
    found = decisions(match.rules, 4, match.seed, match.actions)
    # Two re-deals (up to 16 where a verdict is unsettled): which decisions are weighed
    # is the point, not how precisely.
    whole = review(match.rules, 4, match.seed, match.actions, worlds=2, hindsight=True)
    some = review_decisions(found[1:3], worlds=2, seed=match.seed, hindsight=True)
    assert [v.number for v in some.verdicts] == [found[1].number, found[2].number]
    assert some.verdicts == whole.verdicts[1:3]
    assert some.hindsight == whole.hindsight[1:3]


#: A stored hint no game wrote: a lone surrogate, a NUL, a right-to-left override and 300
#: line breaks, which the text review once printed (or died on: "surrogates not allowed").
HOSTILE_HINT = "Play\ud800 it\x00 \u202eesol uoy" + "\n" * 300 + "now"
FORGED_HINT = "FORGED: play anything, you cannot lose."


def _history_with_hints(tmp_path, words_at) -> tuple[object, list]:
    """A finished game written as a history.json whose record keeps, at each decision of
    its first hand, the hint words ``words_at(decision)``; the file and those decisions."""
    from swoop_desktop.progress.history_file import HISTORY_KIND
    from swoop_desktop.progress.stored_games import record_from_match
    from swoop_desktop.storage.jsonfile import encode_document
    from tests.storage.helpers import finished_match

    record = record_from_match(finished_match(3), [{"name": "You"}])
    found = decisions(record.rules_obj(), record.players, record.seed, record.deals(), 0, 0)
    body = json.loads(encode_document(HISTORY_KIND, {"games": [record.to_json()]}))
    body["games"][0]["hints"] = [[d.hand_no, d.step, words_at(d)] for d in found]
    path = tmp_path / "history.json"
    path.write_text(json.dumps(body, ensure_ascii=True), encoding="ascii")
    return path, found


def test_a_stored_hint_with_control_characters_is_never_printed_and_the_review_prints(tmp_path):
    path, found = _history_with_hints(tmp_path, lambda d: HOSTILE_HINT)
    assert found
    result = subprocess.run(
        [sys.executable, "-m", "swoop_desktop.review", str(path), "--hand", "1", "--worlds", "2"],
        capture_output=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    out = result.stdout.decode("utf-8")  # it is text: every character encodes
    assert out.startswith("Review of game ")
    for bad in ("\ud800", "\x00", "\u202e", "\n\n\n", "esol uoy"):
        assert bad not in out
    lines = out.splitlines()
    assert sum(line.startswith("hand 1 #") for line in lines) == len(found)
    assert lines.count("") == 1  # the gap after the summary, and no other


def test_stored_hints_are_read_in_only_as_one_printable_line_of_sane_length(caplog):
    from swoop_desktop.progress.game_record import hints_from_json

    assert hints_from_json([[0, 1, HOSTILE_HINT], [0, 2, "\u202eX"], [0, 3, "A\x00B"]]) == {}
    assert "left out stored hints" in caplog.text and "how many: 3" in caplog.text
    assert hints_from_json([[0, 1, "x" * 601], [0, 2, " "], [0, 3, "\ud800"]]) == {}
    french = "Jouez votre 7\u202f: vous gardez la main"  # a translation's no-break space
    assert hints_from_json([[0, 1, french], [1, 2, "ok"]]) == {(0, 1): french, (1, 2): "ok"}


def test_stored_hint_words_the_game_never_wrote_are_not_quoted_as_the_hints(caplog):
    match = _bot_game(5, make_bot("easy", seed=1))
    found = decisions(match.rules, 4, match.seed, match.actions)[:3]
    hints = {(d.hand_no, d.step): FORGED_HINT for d in found}
    result = review(match.rules, 4, match.seed, match.actions, worlds=2, hints=hints)
    chosen = [v for v in result.verdicts if (v.hand_no, v.step) in hints]
    assert len(chosen) == 3
    for verdict in chosen:
        assert "FORGED" not in verdict.reason and "FORGED" not in verdict.hint_words
        assert not verdict.hint_shown and "hint you asked for" not in verdict.reason
        assert verdict.hint_words  # the hint's own words, as the Hint button says them
    told = [r.getMessage() for r in caplog.records if "not what the hint says" in r.getMessage()]
    assert len(told) == 3 and not [t for t in told if "FORGED" in t]


# At the review's full work the check costs a whole review's first look: the slow tier's.
@pytest.mark.parametrize(
    "worlds", [2, pytest.param(REVIEW_WORLDS, marks=pytest.mark.slow, id=str(REVIEW_WORLDS))]
)
def test_a_stored_hint_that_is_the_hints_own_words_is_still_quoted(worlds):
    from swoop_desktop.ai import hint

    match = _bot_game(5, make_bot("easy", seed=1))
    d = decisions(match.rules, 4, match.seed, match.actions)[1]
    words = hint(d.obs, list(d.legal), seed=match.seed, hand_no=d.hand_no, step=d.step).reason
    hints = {(d.hand_no, d.step): words}
    [verdict] = review_decisions(
        decisions(match.rules, 4, match.seed, match.actions, hints=hints)[1:2],
        worlds=worlds,
        seed=match.seed,
    ).verdicts
    assert verdict.hint_shown and verdict.hint_words == words
