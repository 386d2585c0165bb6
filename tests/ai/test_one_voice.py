"""One voice of advice: the hint is the review's first look at a decision, the review names
where its closer look parts from the hint, quotes only a hint the player was shown, and its
best play never shows a worse figure than a play listed below it."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest

from swoop_desktop.ai import hint
from swoop_desktop.ai.make import make_bot
from swoop_desktop.ai.review import (
    HINT_WORLDS,
    Decision,
    Verdict,
    assess,
    plain_json,
)
from swoop_desktop.ai.review_words.labels import GOOD_WITHIN, LABELS, verdict_label
from swoop_desktop.engine import Match, Rules
from swoop_desktop.referee.review import decisions
from tests.ai.helpers import play_hands
from tests.sizes import quick_and_full

SEED = 4242


@cache
def _game_decisions() -> tuple[Decision, ...]:
    """Your decisions in one hand of normal bots (seat 0 plays as a person might)."""
    match = Match(Rules.from_preset("app"), 4, SEED)
    play_hands(match, [make_bot("normal", seed=SEED + i) for i in range(4)], hands=1)
    return tuple(decisions(match.rules, 4, SEED, match.actions, 0, 0))


@cache
def _verdict(i: int, shown: str | None = None) -> Verdict:
    d = _game_decisions()[i]
    return assess(replace(d, shown_hint=shown), seed=SEED)


def _picked(size: int) -> list[int]:
    n = len(_game_decisions())
    return list(range(0, n, max(1, n // size)))[:size]


@quick_and_full(3, 10)
def test_the_hint_is_the_play_and_words_the_review_finds_at_its_first_look(size):
    for i in _picked(size):
        d = _game_decisions()[i]
        given = hint(d.obs, list(d.legal), seed=SEED, hand_no=d.hand_no, step=d.step)
        verdict = _verdict(i)
        assert plain_json(given.action) == verdict.hint
        assert given.reason == verdict.hint_words
        assert not verdict.hint_shown


@quick_and_full(4, 12)
def test_a_decision_with_no_hint_asked_never_quotes_a_hint(size):
    for i in _picked(size):
        reason = _verdict(i).reason
        assert "hint you asked for" not in reason
        assert "as the hint puts it" not in reason
        assert "\u201c" not in reason  # nothing is quoted at all


def test_a_shown_hint_is_kept_with_its_decision_and_quoted_word_for_word():
    shown = "Play two 9s on the 10: shed high cards while the pile allows it"
    verdict = _verdict(_picked(1)[0], shown)
    assert verdict.hint_shown
    assert verdict.hint_words == shown
    if "hint you asked for" in verdict.reason:
        assert f"\u201c{shown}\u201d" in verdict.reason
    body = verdict.to_json()
    assert body["hint"]["words"] == shown and body["hint"]["shown"] is True
    assert Verdict.from_json(json.loads(json.dumps(body))) == verdict


@quick_and_full(4, 12)
def test_every_disagreement_with_the_hint_beyond_good_is_named(size):
    for i in _picked(size):
        v = _verdict(i)
        best = v.options[0]
        if v.hint == best.action:
            continue
        if verdict_label(v.hint_cost, v.hint_low, v.hint_high) != LABELS[0][0]:
            assert "The hint's quicker look suggests" in v.reason, v.reason


@quick_and_full(6, 20)
def test_the_best_line_never_shows_a_worse_margin_than_a_line_below_it(size):
    for i in _picked(size):
        v = _verdict(i)
        assert v.best == v.options[0].words
        shown = [round(o.margin) for o in v.options]
        assert shown[0] == min(shown), [(o.words, o.margin) for o in v.options]


def test_the_json_of_a_verdict_carries_the_hint_play_words_and_cost():
    body = _verdict(_picked(1)[0]).to_json()
    hint_body = body["hint"]
    assert {"play", "words", "cost", "action", "shown", "low", "high"} <= set(hint_body)
    assert hint_body["play"] and hint_body["words"]
    assert hint_body["cost"] >= 0


def test_the_hint_thinks_by_a_fixed_work_not_the_clock(monkeypatch):
    import time

    d = _game_decisions()[_picked(1)[0]]
    first = hint(d.obs, list(d.legal), seed=SEED, hand_no=d.hand_no, step=d.step)
    clock = iter(range(0, 10**9, 10**6))  # a clock that races: every look is a second on
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    again = hint(d.obs, list(d.legal), seed=SEED, hand_no=d.hand_no, step=d.step)
    assert (again.action, again.reason) == (first.action, first.reason)


def test_one_good_line_is_said_everywhere():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    assert GOOD_WITHIN == round(LABELS[0][1]) - 1
    for doc in ("docs/playing.md", "docs/progress.md", "docs/development.md"):
        text = (root / doc).read_text(encoding="utf-8")
        for n in range(1, 10):
            if n != GOOD_WITHIN:
                assert f"within {n} points of the best" not in text, (doc, n)
    assert HINT_WORLDS >= 1


@pytest.mark.parametrize("value", [None, "x", [[0, 1]], [[0, -1, "w"]], [["a", 1, "w"]], 7])
def test_hints_kept_with_a_game_that_do_not_read_are_left_out(value):
    from swoop_desktop.progress.game_record import hints_from_json

    assert hints_from_json(value) == {}


def test_the_hints_shown_in_a_game_go_with_its_record_and_back():
    from swoop_desktop.progress.game_record import hints_from_json, hints_to_json

    hints = {(0, 3): "Flip a mystery card: on an empty pile it goes down whatever it is"}
    assert hints_from_json(json.loads(json.dumps(hints_to_json(hints)))) == hints


def test_a_hint_level_with_the_best_on_average_is_never_said_to_lose_about_0_points():
    """The hint's play comes out level with the review's best on average (its cost rounds
    to nothing) while the range it may cost reaches past the "good" line: the review says
    the two are level and how much it may cost, never "by about 0 points"."""
    from swoop_desktop.ai.review import Option
    from swoop_desktop.ai.review_words.reasons import HintSeen, hint_words

    def option(words: str, doing: str) -> Option:
        return Option(
            action="{}", words=words, points=19.0, margin=-2.0, win=0.25, pickup=0.0, doing=doing
        )

    best = option("played a 6", "playing a 6")
    seven = option("played three 7s", "playing three 7s")
    for shown in (None, "Play three 7s on the king: keep your lower cards for later"):
        said = HintSeen(seven, False, 0.3, (0.0, 11.0), shown, 48, 384)
        words = hint_words(said, replace(best, action='{"other": 1}'))
        assert "about 0 point" not in words, words
        assert "level on average with playing a 6" in words, words
        assert "up to 11 points" in words, words
        if shown:
            assert f"\u201c{shown}\u201d" in words
