"""A game that rests when nothing moves: still screens draw only on input, the game behind
the title rests, and what a covered title held is let go.

The CPU and memory these save are measured in a real X11 window by
benchmarks/still_screens.py (figures in benchmarks/RESULTS.md); here the pilot checks the
behaviour that produces them.
"""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.settings import SettingsScene
from swoop_desktop.ui.scenes.title import WATCH_AFTER, WATCH_REST
from tests.sizes import quick_and_full

# Checks the drawing itself (frames counted, pictures kept): every frame is drawn.
pytestmark = pytest.mark.every_frame


def _quiet(app) -> None:
    app.last_input = 0.0  # no input for a long while
    app.toast = None


# The daily page used to say nothing of whether it moves, and so drew every frame for ever.
@pytest.mark.parametrize("screen", ["settings", "daily"])
def test_a_still_screen_draws_nothing_until_input_comes(tmp_path, screen):
    with Pilot(data_dir=tmp_path, start="title") as p:
        p.app.open(screen)
        p.step(2)
        _quiet(p.app)
        assert p.app.resting
        frames = p.app.frames
        for _ in range(10):
            p.app.step(0.1, draw=False)
        assert p.app.frames == frames  # nothing drawn while nothing changes
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
        p.app.step(0.1, draw=False)  # input: drawn at once
        assert p.app.frames == frames + 1
        assert not p.app.resting


def test_the_table_waiting_for_you_rests(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        p.advance(8.0)  # the first-turn tip fades
        _quiet(p.app)
        assert p.app.resting


# The game behind the title rests once it has played WATCH_REST (30) seconds with nobody
# there. The quick tier moves its clock of play on to all but the last 8 seconds and
# watches those played; the slow tier watches all 30.
_PLAYED_TO_REST = quick_and_full(8.0, WATCH_REST, name="watched")


def _played_but(watch, watched: float) -> None:
    """The game behind the title has played all but the last ``watched`` seconds before it
    rests (nothing if it is to be watched from the start)."""
    watch.playing += WATCH_REST - watched


@_PLAYED_TO_REST
def test_the_game_behind_the_title_rests_and_input_wakes_it(tmp_path, watched):
    with Pilot(data_dir=tmp_path, start="title") as p:
        title = p.app.stack.top
        _quiet(p.app)
        assert p.app.resting  # the still title, before the game behind it starts
        p.advance(WATCH_AFTER + 1.0)
        _quiet(p.app)
        assert title.watch.running and not p.app.resting  # the game plays
        _played_but(title.watch, watched)
        p.advance(watched)
        _quiet(p.app)
        assert title.watch.resting and p.app.resting
        p.move((10, 10))
        p.step()
        assert not title.watch.resting


@_PLAYED_TO_REST
def test_the_resting_game_behind_the_title_lets_its_pictures_go_until_it_plays_again(
    tmp_path, watched
):
    with Pilot(data_dir=tmp_path, start="title") as p:
        title = p.app.stack.top
        p.advance(WATCH_AFTER + 1.0)
        watch = title.watch
        assert watch.running and watch.table.art._faces  # its cards are drawn
        _played_but(watch, watched)
        p.advance(watched)
        _quiet(p.app)
        p.app.step(1 / 60, draw=False)
        assert watch.resting and watch._canvas is None and watch._blurred is not None
        assert not watch.table.art._faces  # only the softened picture is kept
        p.move((10, 10))
        p.advance(1.0)
        assert not watch.resting and watch.table.art._faces  # drawn again as it plays


def test_the_game_behind_the_title_is_drawn_small_and_let_go_under_a_new_game(tmp_path):
    with Pilot(size=(1920, 1080), data_dir=tmp_path, start="title") as p:
        title = p.app.stack.top
        p.advance(WATCH_AFTER + 1.0)
        assert title.watch.running
        assert title.watch.table.model.lay.width <= 960  # half the window: it is shown blurred
        p.app.new_game(seed=3)
        p.step()
        assert p.app.stack.top.name == "table"
        assert not title.watch.running and title.watch._canvas is None


def test_one_wheel_notch_scrolls_settings_well_over_a_row(tmp_path):
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as p:
        settings = p.app.push(SettingsScene(p.app))
        p.step(2)
        before = settings.panel.scroll.offset
        p.scroll(settings.panel.rect.center, -1)
        p.step()
        assert settings.panel.scroll.offset - before >= 100


def _draws_nothing_while_still(app) -> None:
    _quiet(app)
    assert app.resting, app.stack.top.name
    frames = app.frames
    for _ in range(10):
        app.step(0.1, draw=False)
    assert app.frames == frames, app.stack.top.name  # nothing drawn while nothing changes


def test_scores_rests_on_every_tab_and_a_key_wakes_it(tmp_path):
    from swoop_desktop.ui.scenes.scores import TABS, ScoresScene

    with Pilot(data_dir=tmp_path, start="title") as p:
        scores = p.app.push(ScoresScene(p.app))
        for key, _label in TABS:
            scores.set_tab(key)
            p.step(2)
            _draws_nothing_while_still(p.app)
        frames = p.app.frames
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
        p.app.step(0.1, draw=False)
        assert p.app.frames == frames + 1 and scores.tab == TABS[0][0]


def test_the_hand_over_and_game_over_panels_rest_once_their_keys_are_live(tmp_path):
    from swoop_desktop.ui.scenes.confirm import ConfirmOverlay
    from swoop_desktop.ui.scenes.overlays import GameOverScene, HandOverScene, PauseScene

    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        for kind in (HandOverScene, GameOverScene, PauseScene):
            panel = p.app.push(kind(p.app, p.app.table))
            p.step()
            _quiet(p.app)
            if kind is HandOverScene:
                assert not p.app.resting  # keys are still held back: its clock runs
            p.advance(1.0)
            _draws_nothing_while_still(p.app)
            assert p.app.stack.top is panel
            p.app.pop()
        p.app.push(ConfirmOverlay(p.app, "Start a new game?", "", "New game", "Keep playing"))
        p.step()
        _draws_nothing_while_still(p.app)


def test_the_demo_hand_over_keeps_moving_until_the_next_hand(tmp_path):
    from swoop_desktop.ui.scenes.overlays import HandOverScene

    with Pilot(data_dir=tmp_path, seed=5, demo=True, start="table") as p:
        p.step()
        panel = p.app.push(HandOverScene(p.app, p.app.table))
        p.advance(0.1)
        _quiet(p.app)
        assert not p.app.resting  # it moves on by itself
        p.advance(3.0)
        assert p.app.stack.top is not panel


def test_the_game_behind_the_title_gets_eight_new_pictures_a_second_with_nobody_there(
    tmp_path,
):
    with Pilot(size=(1920, 1080), data_dir=tmp_path, start="title") as p:
        title = p.app.stack.top
        p.advance(WATCH_AFTER + 2.0)  # playing, faded in
        assert title.watch.running and title.watch.fade == 0
        title.watch.wake()
        p.advance(1.0)  # nobody there for a second
        softened = []
        real = title.watch._soften
        title.watch._soften = lambda small, size: softened.append(1) or real(small, size)
        p.advance(2.0)
        assert 12 <= len(softened) <= 18  # about 8 a second: it still plays, at a low rate
        assert title.frames_per_second <= 8


def test_the_game_behind_the_title_rests_by_the_wall_clock_when_its_frames_run_slow(tmp_path):
    # At eight softened pictures a second each frame's time is capped, so the frames alone
    # count play slower than the wall: the title still played some seconds after it should
    # have rested (the resting title measured 2.6% of a core where it draws nothing).
    with Pilot(data_dir=tmp_path, start="title") as p:
        watch = p.app.stack.top.watch
        wall = [1000.0]
        watch.clock = lambda: wall[0]
        p.advance(WATCH_AFTER + 1.0)
        assert watch.running and not watch.resting
        wall[0] += 5.0
        p.advance(1.0)
        watch.wake()  # input: play begins again, now on the wall clock
        wall[0] += WATCH_REST - 1.0
        p.step()
        assert not watch.resting  # by the wall and by the frames, still within its play
        wall[0] += 1.5
        p.step()
        assert watch.playing < WATCH_REST and watch.resting  # the wall says it has played


def test_a_slow_scenes_frames_keep_the_walls_pace_and_a_stall_still_counts_a_tenth():
    from swoop_desktop.ui.app import frame_time

    assert frame_time(0.125, 8) == 0.125  # the title's eight pictures a second: all of it
    assert frame_time(2.0, 60) == 0.1  # a stall at the full rate: a tenth of a second
    assert frame_time(2.0, 8) < 0.2 and frame_time(0.016, 60) == 0.016
