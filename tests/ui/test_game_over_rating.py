"""The rating where the player looks: the game-over sheet shows your rating and how much
this game moved it, the same before and after the history has taken the game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swoop_desktop.progress.rating import MIN_RD, Rating, game_results, update
from swoop_desktop.progress.stored_games import record_from_match
from swoop_desktop.storage.seats import seats_to_json
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.overlays import GameOverScene
from swoop_desktop.ui.scenes.table import TableScene
from tests.storage.helpers import finished_match

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_game_over_sheet_shows_the_rating_and_this_games_change(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        match = finished_match(3)
        table = p.app.push(TableScene(p.app, match=match))
        assert p.until(lambda: p.top.name == "hand_over", 10)
        p.top.next_hand()  # the deciding hand's breakdown, then the sheet
        p.step(2)
        over = p.top
        assert over.name == "game_over"
        assert p.until(lambda: not over.records_pending, 10)
        record = record_from_match(match, seats_to_json(table.seats, brief=True))
        after = update(Rating(), game_results(record), min_rd=MIN_RD)  # a first game
        change = round(after.rating) - 1500
        assert over.rating_line == f"Your rating: {after.rating:.0f} ({change:+d} this game)"
        assert over.panel_rect().contains(over.rating_rect), "drawn inside the sheet"
        assert not any(over.rating_rect.colliderect(b.rect) for b in over.buttons)
        # Once the history has the game, the sheet still says what this game did.
        table.flow.saver.flush()
        again = p.app.push(GameOverScene(p.app, table))
        assert p.until(lambda: not again.records_pending, 10)
        assert again.rating_line == over.rating_line


def test_the_demo_sheet_shows_no_rating(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, demo=True, start="table") as p:
        p.step()
        over = p.app.push(GameOverScene(p.app, p.app.table))
        p.step()
        assert over.rating_line == ""


@pytest.mark.skipif(not os.environ.get("SWOOP_SHOTS"), reason="set SWOOP_SHOTS=1 to redraw")
@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)])
def test_screenshots_of_the_game_over_sheet(tmp_path, size):
    with Pilot(size=size, data_dir=tmp_path, start="title") as p:
        p.resize(size)  # below the window's minimum, as a window manager may
        p.app.push(TableScene(p.app, match=finished_match(3)))
        assert p.until(lambda: p.top.name == "hand_over", 10)
        p.top.next_hand()
        p.step(3)
        assert p.until(lambda: not p.top.records_pending, 10)
        name = "game-over.png" if size == (1920, 1080) else "game-over-800x600.png"
        p.screenshot(DOCS / name)


def test_the_sheet_comes_at_once_while_a_long_history_is_read_and_its_records_follow(
    tmp_path, monkeypatch
):
    """Over a long history the rating and the records take seconds to read: the sheet is
    drawn at once without them, grows to hold them when they come, and chimes a new best
    then, never holding up a frame meanwhile."""
    import threading
    import time

    from swoop_desktop.progress import rating as rating_store
    from swoop_desktop.progress import record_finished_game
    from swoop_desktop.storage import resolve_dirs
    from tests.ui.test_celebration import LOST, SEATS, WON

    dirs = resolve_dirs(tmp_path)
    for seed in (7, LOST, 10):  # a win, a loss, a win: this win makes a best streak of 2
        record_finished_game(dirs, finished_match(seed), SEATS)
    read = threading.Event()  # the history's reading goes on until this is set
    real = rating_store.game_change

    def slow_game_change(*args, **kwargs):
        read.wait(20)
        return real(*args, **kwargs)

    monkeypatch.setattr(rating_store, "game_change", slow_game_change)
    with Pilot(data_dir=tmp_path, start="title") as p:
        p.app.push(TableScene(p.app, match=finished_match(WON)))
        assert p.until(lambda: p.top.name == "hand_over", 10)
        p.app.speed_override = "normal"
        started = time.perf_counter()
        p.top.next_hand()
        p.step(3)
        over = p.top
        assert isinstance(over, GameOverScene) and over.won
        assert time.perf_counter() - started < 2.0, "the sheet waited for the history"
        assert over.records_pending and over.rating_line == "" and over.bests == []
        assert "cheer" in p.app.sound.played and "best" not in p.app.sound.played
        before = over.panel_rect()
        read.set()
        assert p.until(lambda: not over.records_pending, 10)
        assert over.rating_line.startswith("Your rating: ")
        assert "A new best winning streak: 2 games in a row" in over.bests
        assert "best" in p.app.sound.played, "the new best is chimed when it comes"
        grown = over.panel_rect()
        assert grown.height > before.height and grown.height <= p.app.size[1]
        p.step()
        assert grown.contains(over.rating_rect)
        assert not any(over.rating_rect.colliderect(b.rect) for b in over.buttons)
