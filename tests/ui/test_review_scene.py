"""The Review screen through the pilot: analysis off the frame loop, stepping, hindsight,
the summary's jumps, closing, and an instant second opening from the stored review."""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pygame
import pytest

from swoop_desktop.ai import make_bot, workers
from swoop_desktop.ai.review import Review
from swoop_desktop.engine import Match, Rules
from swoop_desktop.progress.stored_reviews import store_review
from swoop_desktop.storage import resolve_dirs, save_game
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.review import ReviewScene
from tests.ai.helpers import play_hands
from tests.storage.helpers import db_document

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _one_hand(seed: int = 21) -> Match:
    bots = [make_bot("easy" if p == 0 else "normal", seed=p) for p in range(4)]
    return play_hands(Match(Rules.from_preset("app"), 4, seed), bots)


@pytest.fixture
def pilot(tmp_path):
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as p:
        yield p


def _open(pilot, match, worlds=4) -> ReviewScene:
    scene = ReviewScene(
        pilot.app, match.rules, match.n, match.seed, match.actions, hand=0, worlds=worlds
    )
    pilot.app.push(scene)
    return scene


_WORKED_OUT: dict[str, dict] = {}


def _open_reviewed(pilot, match) -> ReviewScene:
    """The hand's review already stored, as after a first opening, then the screen opened
    on it (ready at once, ``test_a_second_opening_is_instant_and_the_saved_game_is_untouched``):
    the review is worked out once for the tests that only step through it."""
    scene = ReviewScene(
        pilot.app, match.rules, match.n, match.seed, match.actions, hand=0, worlds=4
    )
    if scene.key not in _WORKED_OUT:
        fair = workers.weigh_all(scene.decisions, scene.worlds, scene.seed)
        _WORKED_OUT[scene.key] = Review(fair, []).to_json()
    assert not store_review(pilot.app.dirs, scene.key, _WORKED_OUT[scene.key])
    pilot.app.push(scene)
    assert scene.ready and scene.worker is None
    return scene


def test_review_steps_through_decisions_by_keyboard_and_mouse(pilot):
    match = _one_hand()
    scene = _open_reviewed(pilot, match)
    pilot.step(2)
    assert scene.view == "summary" and "as good as the best" in scene.words
    pilot.press(pygame.K_RIGHT)
    pilot.step()
    assert scene.view == "decision" and scene.index == 0
    assert "Decision 1" in scene.words and "You " in scene.words
    pilot.press(pygame.K_RIGHT)
    pilot.click(scene.next_btn.rect.center)
    pilot.step()
    assert scene.index == 2
    pilot.click(scene.prev_btn.rect.center)
    pilot.step()
    assert scene.index == 1
    pilot.press(pygame.K_END)
    assert scene.index == len(scene.decisions) - 1
    pilot.press(pygame.K_h)
    pilot.step()
    assert scene.hindsight and "Hindsight: all cards shown" in scene.words
    pilot.press(pygame.K_h)
    assert not scene.hindsight
    pilot.press(pygame.K_s)
    pilot.step(2)
    assert scene.view == "summary"
    pilot.press(pygame.K_ESCAPE)
    pilot.step()
    assert pilot.app.stack.top is not scene


def test_review_keys_home_left_and_the_summarys_enter_open_the_decision_they_name(pilot):
    scene = _open_reviewed(pilot, _one_hand())
    pilot.step(2)
    pilot.press(pygame.K_END)
    last = len(scene.decisions) - 1
    assert scene.view == "decision" and scene.index == last
    pilot.press(pygame.K_LEFT)
    assert scene.index == last - 1
    pilot.press(pygame.K_HOME)
    assert scene.index == 0
    pilot.press(pygame.K_s)
    pilot.step(2)
    assert scene.view == "summary" and scene.summary_rects
    pilot.press(pygame.K_DOWN)
    chosen = scene.summary_rects[scene.selected][1]
    pilot.press(pygame.K_RETURN)
    pilot.step()
    assert scene.view == "decision" and scene.index == chosen
    pilot.press(pygame.K_BACKSPACE)
    pilot.step()
    assert pilot.app.stack.top is not scene


def test_choosing_a_summary_line_jumps_to_that_decision(pilot):
    match = _one_hand()
    scene = _open_reviewed(pilot, match)
    pilot.step(2)
    if not scene.summary_rects:
        pytest.skip("every decision of this hand was good")
    rect, index = scene.summary_rects[0]
    pilot.click(rect.center)
    pilot.step()
    assert scene.view == "decision" and scene.index == index


@pytest.mark.every_frame  # frames counted, pictures compared: each drawn
def test_the_frame_loop_runs_while_the_review_works_and_cancel_stops_it(pilot):
    match = _one_hand()
    scene = _open(pilot, match, worlds=400)  # long enough to be caught working
    frames = pilot.app.frames
    pilot.step(5)
    assert pilot.app.frames == frames + 5
    assert not scene.ready and "Reviewing" in scene.words
    pilot.click(scene.cancel_btn.rect.center)
    pilot.step()
    assert scene.cancel.is_set() and pilot.app.stack.top is not scene
    scene.worker.join(30)
    assert not scene.worker.is_alive()
    assert not db_document(pilot.app.dirs, "reviews.json"), "a cancelled review stores nothing"


def test_a_second_opening_is_instant_and_the_saved_game_is_untouched(tmp_path):
    match = _one_hand()
    dirs = resolve_dirs(tmp_path)
    save_game(dirs, match, ["a line"])
    before = hashlib.sha256(dirs.game_file.read_bytes()).hexdigest()
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        first = _open(pilot, match, worlds=2)  # where it is kept, not how well it weighs
        assert pilot.until(lambda: first.ready, 240)
        assert pilot.until(lambda: bool(db_document(pilot.app.dirs, "reviews.json")), 10)
        pilot.press(pygame.K_ESCAPE)
        second = _open(pilot, match, worlds=2)
        pilot.step()
        assert second.ready and second.worker is None
        assert second.result.to_json() == first.result.to_json()
    assert hashlib.sha256(dirs.game_file.read_bytes()).hexdigest() == before


def test_a_review_closed_as_soon_as_it_is_ready_is_still_kept(pilot):
    match = _one_hand()
    scene = _open(pilot, match, worlds=2)  # where it is kept, not how well it weighs
    assert pilot.until(lambda: scene.ready, 240)
    pilot.press(pygame.K_ESCAPE)
    pilot.step()
    assert pilot.app.stack.top is not scene
    assert db_document(pilot.app.dirs, "reviews.json"), "the finished analysis was stored"


@pytest.mark.slow  # three boards, every decision, with and without every card: about 4 s
@pytest.mark.every_frame
def test_the_review_draws_cards_like_the_game_and_keeps_the_pile_caption_off_all_cards(
    tmp_path,
):
    """The pile's caption is never written over your cards or the others' stacks (at
    800x600 it once ran over the right-hand player's stacks), nor anyone's cards over a
    player's name, with large cards or not."""
    match = _one_hand()
    for size, large in (((1920, 1080), True), ((800, 600), True), ((800, 600), False)):
        data = tmp_path / f"{size[0]}{large}"
        with Pilot(size=size, data_dir=data, start="title") as pilot:
            pilot.app.update_settings(four_colour=True, large_cards=large)
            scene = _open(pilot, match)
            assert scene.art.four_colour and scene.large == large
            assert pilot.until(lambda s=scene: s.ready, 240)
            for index in range(len(scene.decisions)):
                for hindsight in (False, True):  # every card shown: the others' hands too
                    scene.hindsight = hindsight
                    scene.go(index)
                    pilot.step()
                    caption, where = scene.caption_rect, (size, large, index, hindsight)
                    assert not caption.colliderect(scene.own_rect), where
                    assert caption.collidelist(scene.others_rects) == -1, where
                    assert scene.table_part.board.contains(caption), where
                    # Nobody's cards run over a name (Topper's shown hand ran into the
                    # side players' names at 800x600).
                    for name in scene.name_rects:
                        assert name.collidelist(scene.others_rects) == -1, where


def test_a_whole_game_review_never_says_this_hand_and_the_bar_agrees_with_its_words(pilot):
    match = _one_hand()
    scene = ReviewScene(pilot.app, match.rules, match.n, match.seed, match.actions, worlds=400)
    pilot.app.push(scene)
    pilot.step()
    assert "this hand" not in scene.words
    scene.cancel.set()
    n = len(scene.decisions)
    for done in (0, 1, n // 2, n):
        scene.done = done  # the words and the bar count the same steps of the same work
        assert scene.progress_text.endswith(f": {done} of {n}")
        assert scene.progress_share == pytest.approx(done / n)


def _quiet(app) -> None:
    app.last_input = 0.0  # nobody has touched anything for a while
    app.toast = None


def _rest_until(app, condition, seconds: float) -> bool:
    """Run the loop as the interactive one does while nobody touches anything: a frame is
    drawn only when the App decides something changed."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return True
        _quiet(app)
        app.step(0.02, draw=False)
        time.sleep(0.002)
    return condition()


@pytest.mark.every_frame  # frames counted, pictures compared: each drawn
def test_the_finished_review_is_drawn_at_once_with_nobody_touching_anything(pilot):
    match = _one_hand()
    scene = _open(pilot, match, worlds=2)  # when it is drawn, not how well it weighs
    pilot.step()
    assert _rest_until(pilot.app, lambda: scene.ready, 240)
    _quiet(pilot.app)
    pilot.app.step(0.02, draw=False)  # the frame after the analysis finished, at rest
    shown = pygame.image.tobytes(pilot.app.screen, "RGB")
    pilot.app.stack.draw(pilot.app.screen)  # what the finished review looks like
    assert pygame.image.tobytes(pilot.app.screen, "RGB") == shown, (
        "the screen still shows the progress bar: the summary waits for the mouse"
    )
    assert "as good as the best" in scene.words


@pytest.mark.every_frame  # frames counted, pictures compared: each drawn
def test_the_review_at_work_rests_and_each_step_of_progress_is_drawn(pilot):
    match = _one_hand()
    scene = _open(pilot, match, worlds=400)
    pilot.step()
    scene.cancel.set()  # the steps below are set by hand
    scene.worker.join(30)
    scene.done = 0
    pilot.step()
    _quiet(pilot.app)
    assert pilot.app.resting, "the progress page redraws the same picture 60 times a second"
    frames = pilot.app.frames
    pilot.app.step(0.1, draw=False)
    assert pilot.app.frames == frames  # nothing changed: nothing drawn
    scene.done = 1
    pilot.app.step(0.1, draw=False)
    assert pilot.app.frames == frames + 1  # one step of progress: drawn once
    pilot.app.step(0.1, draw=False)
    assert pilot.app.frames == frames + 1


def test_the_words_follow_the_range_of_the_cost_not_its_estimate(pilot):
    match = _one_hand()
    scene = _open(pilot, match, worlds=2)  # few re-deals: wide ranges
    assert pilot.until(lambda: scene.ready, 240)
    labels: dict[tuple[float, float], set[str]] = {}
    for v in scene.result.verdicts:
        if v.label == "good":
            assert v.high < 3.0, f"good {v.cost} with a range up to {v.high}"
        elif v.low < 3.0:
            assert v.label == "unclear", (v.label, v.low, v.high)
        labels.setdefault((v.low, v.high), set()).add(v.label)
    assert all(len(words) == 1 for words in labels.values()), labels
    unclear = [v for v in scene.result.verdicts if v.label == "unclear"]
    assert unclear, "a hand weighed in two re-deals has ranges across the good line"
    scene.go(scene.result.verdicts.index(unclear[0]))
    pilot.step()
    assert f"between {round(unclear[0].low)} and {round(unclear[0].high)}" in scene.words


def test_two_different_plays_never_get_the_same_words(pilot):
    from swoop_desktop.ai.review_words.plays import describe
    from swoop_desktop.engine import Flip

    bots = [make_bot("normal", seed=p) for p in range(4)]
    match = play_hands(Match(Rules.from_preset("app", target=100), 4, 1), bots, hands=6)
    scene = ReviewScene(pilot.app, match.rules, match.n, match.seed, match.actions, worlds=4)
    scene.cancel.set()  # only the decisions are read here, not weighed
    mixed = 0
    for d in scene.decisions:
        plays = [a for a in d.legal if type(a) is not Flip]
        words = [describe(d.obs, a) for a in plays]
        assert len(set(words)) == len(words), sorted(words)
        mixed += any(getattr(a, "up", ()) and getattr(a, "hand", ()) for a in plays)
    assert mixed, "the game has plays of hand and face-up cards together"


@pytest.mark.skipif(not os.environ.get("SWOOP_SHOTS"), reason="set SWOOP_SHOTS=1 to redraw")
@pytest.mark.full_work  # the picture shows the shipped review's verdicts
@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)])
def test_screenshots_of_the_review_summary(tmp_path, size):
    match = _one_hand()
    with Pilot(size=size, data_dir=tmp_path, start="title") as p:
        p.resize(size)  # below the window's minimum, as a window manager may
        scene = ReviewScene(p.app, match.rules, match.n, match.seed, match.actions, hand=0)
        p.app.push(scene)
        assert p.until(lambda: scene.ready, 600)
        p.step(3)
        p.screenshot(DOCS / f"review-summary-{size[0]}x{size[1]}.png")


def test_hindsight_says_the_hint_judged_what_you_could_see_where_its_play_is_not_the_best(
    pilot,
):
    """With every card shown, a decision whose hint's play is not the best says, in one
    line, that the hint judged only what the player could see; where the hint's play is
    still the best, nothing is added."""
    import dataclasses

    match = _one_hand()
    scene = _open_reviewed(pilot, match)
    fair = scene.result.verdicts
    at = next(i for i, v in enumerate(fair) if v.hint and len(v.options) > 1)
    hinted = next(o for o in fair[at].options if o.action == fair[at].hint)
    others = [o for o in fair[at].options if o is not hinted]

    def seen_all(first) -> None:  # the hindsight verdicts, with ``first`` the best there
        rest = [o for o in fair[at].options if o is not first]
        ranked = dataclasses.replace(fair[at], hindsight=True, hint="", options=(first, *rest))
        scene.result.hindsight[:] = [dataclasses.replace(v, hindsight=True) for v in fair]
        scene.result.hindsight[at] = ranked

    said = "The hint judged what you could see, not the hidden cards"
    seen_all(others[0])  # another play comes out best with every card shown
    scene.go(at)
    pilot.press(pygame.K_h)
    pilot.step()
    assert scene.hindsight and said in scene.words
    assert scene.hint_in_hindsight.startswith(said)
    seen_all(hinted)  # the hint's play is still the best with every card shown
    pilot.step()
    assert scene.hindsight and "Hindsight: all cards shown" in scene.words
    assert said not in scene.words
    pilot.press(pygame.K_h)  # what you knew: the line is hindsight's only
    seen_all(others[0])
    assert not scene.hindsight and said not in scene.words
