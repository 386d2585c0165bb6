"""A won game is celebrated: cards burst from the pile over the final sheet with a
fanfare, for two seconds at most, ended at once by any click or key; reduced motion
gives a shorter one whose cards stand still; a new best is said on the sheet; a lost
game gets a calm sheet with no fanfare."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from swoop_desktop.progress import record_finished_game
from swoop_desktop.storage import resolve_dirs
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.celebration import Celebration, duration
from swoop_desktop.ui.scenes.overlays import GameOverScene
from swoop_desktop.ui.scenes.table import TableScene
from tests.storage.helpers import finished_match

WON = 5  # finished_match(5): you have the lowest total
LOST = 1  # finished_match(1): Lefty, Topper or Righty wins
SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": "normal"} for n in ("Lefty", "Topper", "Righty")
]


def _sheet(p: Pilot, seed: int, speed: str = "normal") -> GameOverScene:
    """The game-over sheet of ``finished_match(seed)``, reached as a player reaches it."""
    p.app.push(TableScene(p.app, match=finished_match(seed)))
    assert p.until(lambda: p.top.name == "hand_over", 10)
    p.app.speed_override = speed
    p.top.next_hand()
    p.step()
    over = p.top
    assert isinstance(over, GameOverScene)
    return over


def test_a_won_game_bursts_cards_over_the_sheet_with_a_fanfare_then_leaves_the_sheet(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        over = _sheet(p, WON)
        assert over.won
        assert "cheer" in p.app.sound.played
        assert over.celebrating and over.animating
        assert over.celebration is not None and over.celebration.length <= 2.0
        p.advance(0.5)
        assert over.celebration is not None and over.celebration.draw(p.app.screen) >= 10
        assert over.buttons, "the sheet and its buttons are there beneath the cards"
        p.advance(1.6)  # a couple of seconds at most
        assert not over.celebrating and over.celebration is None
        assert p.top is over, "the sheet stays until the player chooses"


@pytest.mark.parametrize("press", ["key", "click"])
def test_any_click_or_key_ends_the_celebration_at_once_and_presses_nothing(tmp_path, press):
    with Pilot(data_dir=tmp_path, start="title") as p:
        over = _sheet(p, WON)
        p.advance(0.3)
        assert over.celebrating
        if press == "key":
            p.press(pygame.K_RETURN)  # Review game has the focus: it must not open
        else:
            p.click(over.buttons[0].rect.center)  # New game: it must not start
        assert not over.celebrating
        assert p.top is over, "the press only ended the celebration"
        p.advance(0.5)
        p.press(pygame.K_RIGHT)  # the sheet answers the next presses as before
        assert over.focus == 3


def test_reduced_motion_gives_a_shorter_celebration_whose_cards_stand_still(tmp_path):
    assert duration("normal", True) < duration("normal", False)
    assert duration("slow", True) <= 1.0
    assert duration("instant", False) == duration("instant", True) == 0
    with Pilot(data_dir=tmp_path, start="title") as p:
        p.app.update_settings(reduced_motion=True)
        over = _sheet(p, WON)
        cel = over.celebration
        assert cel is not None and cel.reduced and cel.length < 1.0
        p.advance(0.3)
        a = pygame.Surface(p.app.size)
        assert cel.draw(a) > 0
        spots = cel.ring()
        p.advance(0.1)
        assert cel.ring() == spots, "no card moves"
        p.advance(0.6)
        assert not over.celebrating


def test_the_burst_falls_inside_the_window_and_fades_before_it_ends():
    pygame.init()
    art_size = (1280, 720)
    from swoop_desktop.ui.cards import CardArt
    from swoop_desktop.ui.theme import Theme

    cel = Celebration(art_size, CardArt(Theme()), pygame.Rect(200, 100, 880, 520), "normal")
    floor = art_size[1]
    for k in range(1, 40):
        t = cel.length * k / 40
        for flyer in cel.flyers:
            where = cel.position(flyer, t)
            if where is not None:
                assert where[1] + cel.card[1] <= floor + 1, "no card falls below the window"
    cel.elapsed = cel.length - 0.01
    assert cel.alpha() < 20, "the cards have faded by the end"
    cel.elapsed = cel.length
    assert cel.done and cel.draw(pygame.Surface(art_size)) == 0


def test_a_lost_game_gets_a_calm_sheet_with_no_fanfare(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        over = _sheet(p, LOST)
        assert p.until(lambda: not over.records_pending, 10)
        assert not over.won
        assert over.celebration is None and not over.bests
        assert "cheer" not in p.app.sound.played
        assert over.heading().endswith("wins the game")


def test_the_demo_and_instant_speed_have_no_flying_cards(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        over = _sheet(p, WON, speed="instant")
        assert over.won and over.celebration is None  # the fanfare and the sheet say it
        assert "cheer" in p.app.sound.played
    with Pilot(data_dir=tmp_path, seed=5, demo=True, start="table") as p:
        p.step()
        over = p.app.push(GameOverScene(p.app, p.app.table))
        p.step()
        assert not over.won and over.celebration is None


def test_a_new_best_winning_streak_is_said_on_the_sheet_and_chimed(tmp_path):
    dirs = resolve_dirs(tmp_path)
    for seed in (7, LOST, 10):  # a win, a loss, a win: the best streak so far is 1
        record_finished_game(dirs, finished_match(seed), SEATS)
    with Pilot(data_dir=tmp_path, start="title") as p:
        over = _sheet(p, WON)
        assert p.until(lambda: not over.records_pending, 10)
        assert "A new best winning streak: 2 games in a row" in over.bests
        assert "best" in p.app.sound.played
        p.advance(2.5)
        assert over.panel_rect().height <= p.app.size[1]


@pytest.mark.skipif(not os.environ.get("SWOOP_SHOTS"), reason="set SWOOP_SHOTS=FOLDER to draw")
@pytest.mark.parametrize("size", [(1920, 1080), (960, 600)])
@pytest.mark.parametrize("calm", [False, True])
def test_screenshots_of_the_celebration(tmp_path, size, calm):
    folder = Path(os.environ["SWOOP_SHOTS"])
    name = f"win{'-reduced' if calm else ''}-{size[0]}x{size[1]}"
    with Pilot(size=size, data_dir=tmp_path, start="title") as p:
        p.resize(size)
        p.app.update_settings(reduced_motion=calm)
        _sheet(p, WON)
        p.advance(0.35)
        p.screenshot(folder / f"{name}-mid.png")
        if not calm:
            p.advance(0.6)
            p.screenshot(folder / f"{name}-falling.png")
        p.advance(2.0)
        p.screenshot(folder / f"{name}-after.png")
