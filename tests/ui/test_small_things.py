"""Small things a player noticed: the window's name, tooltips in small windows, the
new-game question, the demo's end and its log, and Ctrl-C in the terminal.

Not seen headless: the dock's name itself (the window class is set for X11, checked here
through the environment SDL reads) and the demo window staying open (checked through the
rule the demo's loop follows).
"""

from __future__ import annotations

import os
import random

import pygame
import pytest

from swoop_desktop import __main__ as entry
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.demo import game_over_frames
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.confirm import ConfirmOverlay


def test_the_window_is_named_swoop_for_a_linux_dock(tmp_path):
    with Pilot(data_dir=tmp_path, start="title"):
        assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Swoop"
        assert pygame.display.get_caption()[0] == "Swoop"


@pytest.mark.parametrize("size", [(960, 600), (800, 600)])
def test_title_tooltips_never_cover_another_button(tmp_path, size):
    with Pilot(size=size, data_dir=tmp_path, start="title") as p:
        title = p.app.stack.top
        p.step(2)
        buttons = [b for b in title.buttons.values() if b.visible]
        assert len(buttons) >= 4
        for button in buttons:
            for other in buttons:
                other.hovered = other is button
                other.hover_time = 5.0 if other is button else 0.0
            box = W.draw_tooltip(p.app.screen, p.app.theme, buttons)
            assert box is not None, button.label
            covered = [o.label for o in buttons if o is not button and box.colliderect(o.rect)]
            assert not covered, (button.label, covered)
            assert p.app.screen.get_rect().contains(box)


def test_start_a_new_game_says_the_old_one_is_kept_as_abandoned(tmp_path):
    with Pilot(data_dir=tmp_path, seed=4, start="table") as p:
        assert p.wait_for_turn()
        p.app.to_title()
        p.step(2)
        title = p.app.stack.top
        title.refresh()
        assert title.has_save
        title.new_game()
        confirm = p.app.stack.top
        assert isinstance(confirm, ConfirmOverlay)
        assert "will be lost" not in confirm.message
        assert "abandoned" in confirm.message
        assert confirm.title_colour == "text"  # not the accent's orange


def test_the_demo_stays_open_at_game_over_in_a_window_and_ends_headless():
    assert game_over_frames(headless=False) == float("inf")
    assert game_over_frames(headless=True) == 30


def test_the_demo_log_says_demo_ai_deals(tmp_path):
    # A seed whose first dealer is seat 0, the demo's own AI.
    seed = next(s for s in range(100) if random.Random(f"swoop/{s}/dealer").randrange(4) == 0)
    with Pilot(data_dir=tmp_path, seed=seed, demo=True) as p:
        p.step(3)
        first = [line for line in p.table.model.log if line.startswith("Hand 1:")]
        assert first == ["Hand 1: Demo AI deals"]


def test_ctrl_c_in_the_terminal_stops_without_a_traceback(monkeypatch, capsys):
    def interrupted(argv):
        raise KeyboardInterrupt

    monkeypatch.setattr("swoop_desktop.cli.run", interrupted)
    assert entry.main([]) == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err and "stopped" in err
