"""Review opens from the three places a player finishes something: the hand-over overlay,
Game over, and Scores -> Past games; it steps by keyboard and closes back where it was."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.ai import review as review_module
from swoop_desktop.engine import Rules
from swoop_desktop.progress.history import record_finished_game
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes import verdicts
from swoop_desktop.ui.scenes.review import ReviewScene
from swoop_desktop.ui.scenes.scores import ScoresScene
from swoop_desktop.ui.scenes.sheet import accuracy_line


@pytest.fixture(autouse=True)
def _light_reviews(monkeypatch):
    monkeypatch.setattr(verdicts, "DEFAULT_WORLDS", 2)  # a quick analysis for tests
    # ... and no growing work while the choice and the best are too close to call: the
    # places are tested here, the verdicts in tests/ai (under a busy CI run 16 worlds a
    # decision over a whole game went past the two-minute wait).
    monkeypatch.setattr(review_module, "REVIEW_MORE", 1)


def _button(scene, label):
    return next(b for b in scene.buttons if b.label == label)


def _step_and_close(pilot: Pilot, under: str) -> None:
    review = pilot.top
    assert isinstance(review, ReviewScene)
    assert pilot.until(lambda: review.ready, 300)  # (a busy CI machine is slow)
    pilot.step(2)
    assert review.decisions, "the reviewed seat had choices to make"
    pilot.press(pygame.K_RIGHT)
    pilot.step()
    assert review.view == "decision" and review.index == 0 and "Decision" in review.words
    if len(review.decisions) > 1:
        pilot.press(pygame.K_RIGHT)
        pilot.step()
        assert review.index == 1
    pilot.press(pygame.K_ESCAPE)
    pilot.step()
    assert pilot.top is not None and pilot.top.name == under


def test_review_hand_from_the_hand_over_overlay(tmp_path):
    with Pilot(data_dir=tmp_path, demo=True, seed=4, speed="instant", pace="instant") as pilot:
        assert pilot.until(lambda: pilot.top is not None and pilot.top.name == "hand_over", 120)
        over = pilot.top
        pilot.click(_button(over, "Review hand").rect.center)
        pilot.step()
        review = pilot.top
        assert isinstance(review, ReviewScene) and review.hand == 0
        _step_and_close(pilot, "hand_over")


def test_review_game_from_game_over(tmp_path):
    rules = Rules.from_preset("app", target=50)
    with Pilot(
        data_dir=tmp_path, demo=True, seed=6, speed="instant", pace="instant", rules=rules
    ) as pilot:
        assert pilot.until(lambda: pilot.top is not None and pilot.top.name == "game_over", 240)
        over = pilot.top
        pilot.click(_button(over, "Review game").rect.center)
        pilot.step()
        review = pilot.top
        assert isinstance(review, ReviewScene) and review.hand is None
        assert review.title == "Review: the whole game"
        _step_and_close(pilot, "game_over")


def test_review_a_past_game_from_scores(tmp_path):
    from tests.storage.helpers import finished_match

    with Pilot(data_dir=tmp_path, start="title") as pilot:
        # A short game (one hand of 56 plays; the review weighs 14 choices of yours): what is
        # tested is where the review opens from and what it stores, not how long it works.
        match = finished_match(65, Rules.from_preset("app", target=50))
        record_finished_game(pilot.app.dirs, match, [{"name": "You"}, {"name": "Lefty"}])
        scores = ScoresScene(pilot.app, tab="history")
        pilot.app.push(scores)
        pilot.step(2)
        assert scores.review_button.enabled
        pilot.click(scores.review_button.rect.center)
        pilot.step()
        review = pilot.top
        assert isinstance(review, ReviewScene) and len(review.hands) == len(match.actions)
        _step_and_close(pilot, "scores")
        # The stored review gives the game an accuracy on the Statistics page.
        scores.reload()
        assert scores.accuracy == [round(review.result.accuracy, 1)]
        assert accuracy_line(scores.accuracy)[1].endswith("· 1 game")
