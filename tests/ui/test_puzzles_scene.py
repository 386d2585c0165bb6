"""The Puzzles screen through the pilot: reached from the title, a reviewed blunder set out
from your seat, the blunder refused and the better play accepted in the review's words,
two solves in a row clearing it; and the screenshots in docs/."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from swoop_desktop.ai.review import Verdict
from swoop_desktop.progress.puzzle_book import load_puzzles
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.puzzles import PAGE, PuzzleScene
from tests.referee.test_puzzles import WORLDS, reviewed

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _open(pilot) -> PuzzleScene:
    scene = PuzzleScene(pilot.app, worlds=WORLDS)
    pilot.app.push(scene)
    pilot.step(2)
    return scene


def _pick(pilot, scene: PuzzleScene, words: str) -> int:
    """Page to the play (the M key) and give its number key on that page."""
    k = next(k for k, (w, _a) in enumerate(scene.choices) if w == words)
    for _ in range(len(scene.choices)):
        if scene.page * PAGE <= k < (scene.page + 1) * PAGE:
            return pygame.K_1 + k - scene.page * PAGE
        pilot.press(pygame.K_m)
        pilot.step()
    raise AssertionError(f"{words} is never offered")


def test_the_title_opens_puzzles_and_says_how_to_get_some(tmp_path):
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        pilot.press(pygame.K_p)
        pilot.step(2)
        scene = pilot.app.stack.top
        assert isinstance(scene, PuzzleScene)
        assert "No puzzles yet" in scene.words


def test_a_reviewed_blunder_is_refused_then_the_better_play_accepted_twice(tmp_path):
    dirs, _ = reviewed(tmp_path)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        scene = _open(pilot)
        assert len(scene.puzzles) == 1 and scene.decisions
        verdict = Verdict.from_json(scene.puzzles[0].verdict)
        assert "you played a king, and the review called it a blunder" in scene.words
        assert "Play an ace" in scene.words
        # The blunder itself, by its key: refused, without giving the better play away.
        k = _pick(pilot, scene, "played a king")
        pilot.press(k)
        assert pilot.until(lambda: scene.answer is not None, 60)
        pilot.step()
        assert not scene.answer.right and "Not the best" in scene.words
        assert "Try another play, or ask for the answer" in scene.words
        assert "ace" not in scene.words.split("Find the better play.")[1].split("Play ")[0]
        assert verdict.reason not in scene.words
        # The better play, by its button: accepted, but the count started again.
        k = _pick(pilot, scene, "played an ace")
        pilot.click(scene.choice_btns[k - pygame.K_1].rect.center)
        assert pilot.until(lambda: scene.answer is not None and scene.answer.right, 60)
        pilot.step()
        assert scene.words.count("Right: playing an ace") == 1
        assert load_puzzles(dirs)[0].puzzles[0].solved == 0  # the first answer counted
        # Next showing (the same puzzle, the only one): right first time, then again.
        for solved in (1, 2):
            pilot.press(pygame.K_RIGHT)
            pilot.step()
            assert scene.answer is None
            pilot.press(_pick(pilot, scene, "played an ace"))
            assert pilot.until(lambda: scene.answer is not None, 60)
            pilot.step()
            assert scene.answer.right
            left = load_puzzles(dirs)[0].puzzles
            assert [p.solved for p in left] == ([1] if solved == 1 else [])
        assert "this puzzle leaves the list" in scene.words
        assert load_puzzles(dirs)[0].puzzles == []
        pilot.press(pygame.K_RIGHT)
        pilot.step()
        assert "No puzzles yet" in scene.words


@pytest.mark.skipif(not os.environ.get("SWOOP_SHOTS"), reason="set SWOOP_SHOTS=1 to redraw")
@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)])
def test_screenshots_of_a_puzzle(tmp_path, size):
    reviewed(tmp_path)
    with Pilot(size=size, data_dir=tmp_path, start="title") as pilot:
        pilot.resize(size)  # below the window's minimum, as a window manager may
        scene = _open(pilot)
        pilot.press(_pick(pilot, scene, "played a king"))
        assert pilot.until(lambda: scene.answer is not None, 60)
        pilot.step(3)
        pilot.screenshot(DOCS / f"puzzle-{size[0]}x{size[1]}.png")


def _outlined_words(scene: PuzzleScene) -> list[str]:
    from swoop_desktop.ai.review_words.plays import describe

    return [describe(scene.decisions[0].obs, a) for a, _rgb in scene.outlined()]


def test_a_wrong_answer_lets_you_try_again_or_ask_for_the_answer(tmp_path):
    dirs, _ = reviewed(tmp_path)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        scene = _open(pilot)
        verdict = Verdict.from_json(scene.puzzles[0].verdict)
        wrong = next(
            w
            for w, _a in scene.choices
            if w not in ("played a king", "played an ace") and w != "flipped a mystery card"
        )
        pilot.press(_pick(pilot, scene, wrong))
        assert pilot.until(lambda: scene.answer is not None, 60)
        pilot.step()
        if scene.answer.right:
            pytest.skip(f"{wrong} is as good as the best here")
        words = scene.words
        assert "Not the best" in words and verdict.best not in words.replace(wrong, "")
        assert _outlined_words(scene) == [wrong], "the outline follows the play you chose"
        assert scene.choice_btns[0] in scene._buttons(), "you may try again"
        pilot.press(pygame.K_a)  # ask for the answer
        pilot.step()
        why = verdict.reason.partition(" was better: ")[2]
        assert f"The answer: playing an ace. Why: {why}" in scene.words
        assert _outlined_words(scene) == ["played an ace", wrong]
        assert load_puzzles(dirs)[0].puzzles[0].solved == 0  # asked for: not solved


def test_an_accepted_alternative_is_never_contradicted_and_is_the_one_outlined(tmp_path):
    import dataclasses
    import json

    from swoop_desktop.ai.review import Option
    from swoop_desktop.ai.review_words.plays import describe

    reviewed(tmp_path)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        scene = _open(pilot)
        verdict = Verdict.from_json(scene.puzzles[0].verdict)
        obs = scene.decisions[0].obs
        best = verdict.options[0]
        # Another play the review weighed within a point of the best (written into the
        # puzzle's verdict: the search itself is not what is checked here).
        other = next(
            a
            for a in scene.decisions[0].legal
            if describe(obs, a) not in ("played a king", "played an ace")
            and type(a).__name__ != "Flip"
        )
        close = Option(
            action=json.dumps(other.to_json(), sort_keys=True),
            words=describe(obs, other),
            points=best.points,
            margin=best.margin + 1.0,
            win=best.win,
            pickup=0.0,
        )
        changed = dataclasses.replace(verdict, options=(best, close, *verdict.options[1:]))
        scene.puzzle = dataclasses.replace(scene.puzzle, verdict=changed.to_json())
        pilot.press(_pick(pilot, scene, close.words))
        assert pilot.until(lambda: scene.answer is not None, 60)
        pilot.step()
        assert scene.answer.right
        words = scene.words
        assert "was better" not in words and verdict.reason not in words
        assert _outlined_words(scene) == [close.words], "the outline is on the play you chose"
