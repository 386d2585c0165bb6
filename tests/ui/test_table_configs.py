"""One table, configured: a game, the demo, the title's backdrop and a replay are
the same TableScene with different seat drivers, saving and hand-end behaviour."""

from __future__ import annotations

import importlib
import pkgutil
import time

import pygame

import swoop_desktop.ui
from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.storage import has_saved_game, resolve_dirs
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.results import HandEnd
from swoop_desktop.ui.scenes.replay import start_replay
from swoop_desktop.ui.scenes.table import TableScene
from swoop_desktop.ui.table.drivers import (
    DEMO,
    BotDriver,
    PersonDriver,
    RecordedDriver,
    backdrop,
)
from tests.storage.helpers import finished_match


def _kinds(table: TableScene) -> list[type]:
    return [type(d) for d in table.flow.drivers]


def test_a_game_seats_you_and_three_bots_and_saves(tmp_path):
    with Pilot(data_dir=tmp_path, seed=3, start="table") as p:
        table = p.table
        assert _kinds(table) == [PersonDriver, BotDriver, BotDriver, BotDriver]
        assert table.you_play and table.flow.saver is not None
        assert p.wait_for_turn(60)
        assert table.human_turn  # the table waits for you: no driver plays seat 0


def test_the_demo_is_four_bots_that_save_nothing(tmp_path):
    with Pilot(data_dir=tmp_path, seed=3, start="table", demo=True) as p:
        table = p.table
        assert table.config is DEMO
        assert _kinds(table) == [BotDriver] * 4
        assert not table.you_play and table.flow.saver is None
        assert p.until(lambda: table.model.plays >= 6, 60)  # seat 0 plays by itself
        assert not has_saved_game(p.app.dirs)
        p.press(pygame.K_ESCAPE)
        assert p.top.name == "pause" and p.top.heading() == "Paused"
        assert p.top.note() == "Demo: an AI in every seat. Nothing here is saved."


def test_the_demos_new_game_leaves_your_saved_game_alone(tmp_path):
    # A game of yours, saved for Continue.
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn(60)
        p.app.table.save_now()
    assert has_saved_game(resolve_dirs(tmp_path))
    with Pilot(data_dir=tmp_path, seed=6, start="table", demo=True) as p:
        p.app.new_game()
        assert p.table.config is DEMO  # the demo's next game is a demo game too
        p.app.continue_game()  # refused, with a message: the demo opens no saved game
        assert p.table.config is DEMO
    assert has_saved_game(resolve_dirs(tmp_path))


def test_the_backdrop_is_quiet_and_hands_its_hand_ends_to_the_title(tmp_path):
    ends: list[HandEnd] = []
    with Pilot(data_dir=tmp_path, seed=3, start="none") as p:
        table = TableScene(p.app, backdrop(ends.append), seed=9)
        table.enter()
        played: list[str] = []
        p.app.sound.play = played.append  # type: ignore[method-assign]
        deadline = time.monotonic() + 120  # the bots think on a thread: give them the time
        while not ends and time.monotonic() < deadline:
            table.update(0.05)
            time.sleep(0.0005)
        assert ends == [HandEnd.HAND_OVER]
        assert played == []  # the game behind the title makes no sound
        assert table.flow.saver is None and table._anim_speed() == "normal"
        assert p.app.stack.top is None  # no overlay was pushed: the title decides


def test_a_replay_is_the_table_driven_by_the_record(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="title") as p:
        record_finished_game(p.app.dirs, finished_match(22), [{"name": "You"}])
        record = load_history(p.app.dirs)[0][0]
        table = start_replay(p.app, record, "fast")
        assert type(table) is TableScene
        assert _kinds(table) == [RecordedDriver] * 4
        assert table.flow.saver is None and not table.you_play


def test_no_module_of_the_ui_subclasses_the_table():
    """Replay, demo and backdrop are configurations, not subclasses of the table."""
    for info in pkgutil.walk_packages(swoop_desktop.ui.__path__, "swoop_desktop.ui."):
        importlib.import_module(info.name)
    assert TableScene.__subclasses__() == []


def test_a_long_status_line_keeps_clear_of_the_side_seats_markers(tmp_path):
    for size in ((1280, 720), (960, 600), (1920, 1080)):
        with Pilot(size=size, data_dir=tmp_path / f"{size[0]}", seed=5, start="title") as p:
            record_finished_game(p.app.dirs, finished_match(22), [{"name": "You"}])
            table = start_replay(p.app, load_history(p.app.dirs)[0][0], "fast")
            table.model.news[1] = (
                "picked up 4 · new pile with a 6, then added a 6",
                table.model.clock,
            )
            table.model.news[3] = ("picked up 2 · new pile with two 9s", table.model.clock)
            status = "Replay (paused) · You to play — then Lefty"
            back, img = table.drawing.hud.status_place(status)
            for seat, rect, _lines, _ink in table.drawing.seating.news_marks():
                if seat in (1, 3):
                    assert not back.colliderect(rect), (size, seat, back, rect)
            assert img.get_height() >= 12 and back.width >= img.get_width()
