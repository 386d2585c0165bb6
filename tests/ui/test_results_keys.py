"""Nothing skips the results: a results panel (the hand's breakdown, the game-over sheet)
answers only a key pressed for it, after it opened. Space, which hurries the opponents'
plays, never presses its buttons at all; a key held down as it opened, or a run of Enter
taps begun at the table, never does either: the player lets go, looks, and presses
Enter (or clicks)."""

from __future__ import annotations

import random

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
        p.press(pygame.K_SPACE)  # Space never goes on from the results
        assert clicked == []
        p.press(pygame.K_RETURN)  # Enter, made for it, does
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


def test_space_tapped_as_people_tap_it_never_closes_the_results(tmp_path):
    """Space (which steps the opponents' plays) tapped about three a second with irregular gaps (0.25-0.8 s) and a slow frame in the
    middle, begun at the table and going on for ten seconds over the panel, never press
    its buttons, over twenty seeds; the deliberate press after a pause does."""
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        p.dt = 1 / 20  # a coarse clock: the taps' gaps are what matter
        for seed in range(20):
            rng = random.Random(seed)
            kind = (HandOverScene, GameOverScene)[seed % 2]
            for _ in range(rng.randint(1, 4)):  # the last plays of the hand, hurried
                p.press(pygame.K_SPACE)
                p.advance(rng.uniform(0.25, 0.8))
            panel = p.app.push(kind(p.app, p.app.table))
            clicked: list[str] = []
            for button in panel.buttons:
                button.on_click = lambda b=button, c=clicked: c.append(b.label)
            slow_at = rng.randint(3, 15)
            for tap in range(20):  # ten seconds of taps
                p.press(pygame.K_SPACE)
                if tap == slow_at:
                    p.app.step(0.3)  # one slow frame
                p.advance(rng.uniform(0.25, 0.8))
                assert clicked == [], f"seed {seed}: tap {tap} pressed {clicked}"
            p.advance(1.5)  # the player stops and reads
            p.press(pygame.K_RETURN)
            assert len(clicked) == 1, f"seed {seed}: the deliberate press did nothing"
            p.app.pop()
