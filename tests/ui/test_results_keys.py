"""Nothing skips the results: a results panel (the hand's breakdown, the game-over sheet)
answers only a key pressed for it, after it opened. A key held down as it opened, or a run
of Space taps begun at the table to hurry the opponents, never presses its buttons; the
player lets go, looks, and presses again."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.overlays import GameOverScene, HandOverScene


def _tap(p: Pilot, key: int, then: float = 0.25) -> None:
    p.press(key)
    p.advance(then)


@pytest.mark.parametrize("kind", [HandOverScene, GameOverScene])
def test_a_run_of_taps_begun_at_the_table_never_presses_the_panel(tmp_path, kind):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        for _ in range(3):
            _tap(p, pygame.K_SPACE)  # hurrying the opponents' plays
        panel = p.app.push(kind(p.app, p.app.table))
        for _ in range(12):  # three seconds more of the same taps
            _tap(p, pygame.K_SPACE)
            assert p.top is panel, "a tap meant for the table pressed the panel's button"
        p.advance(1.0)  # the player stops and reads the panel
        focused = panel.buttons[panel.focus]
        clicked = []
        focused.on_click = lambda: clicked.append(focused.label)
        p.press(pygame.K_SPACE)  # now a press made for it
        assert clicked == [focused.label]


def test_a_key_held_down_as_the_breakdown_opened_never_reaches_it(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        p.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        p.step()
        panel = p.app.push(HandOverScene(p.app, p.app.table))
        p.advance(1.5)
        # The key is still down: the system repeats it.
        p.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        p.step()
        assert p.top is panel, "a key held since the table pressed the breakdown's button"
        p.post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        p.advance(0.6)
        p.press(pygame.K_RETURN)  # let go, then pressed again: meant for the panel
        assert p.top is not panel


def test_a_tap_before_the_panel_could_be_seen_never_reaches_it(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        panel = p.app.push(HandOverScene(p.app, p.app.table))
        panel.key_guard = 0.0  # only the rule of the press, not the old timer
        p.press(pygame.K_RETURN)  # in the queue as the panel was first drawn
        assert p.top is panel
