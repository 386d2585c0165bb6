"""The pilot that draws only the frames a test can see plays the same game as the one
that draws every frame: the same plays for the same seed, fewer frames drawn, and the
frame a test looks at drawn as it stands (``draws="seen"``, the tests' default)."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.engine import Rules
from swoop_desktop.ui.pilot import Pilot
from tests.sizes import quick_and_full


def _a_played_game(draws: str, tmp_path) -> tuple[list, list[str], int]:
    """A short demo game played to its game-over sheet."""
    rules = Rules.from_preset("app", target=50)
    with Pilot(
        data_dir=tmp_path / draws, demo=True, seed=6, pace="instant", rules=rules, draws=draws
    ) as p:
        assert p.until(lambda: p.top is not None and p.top.name == "game_over", 240)
        table = p.table
        return [list(hand) for hand in table.match.actions], list(table.model.log), p.app.frames


def _drawn_as_it_stands(p: Pilot) -> bool:
    """The screen holds the picture of the game as it stands now."""
    now = pygame.Surface(p.app.screen.get_size())
    p.app.stack.draw(now)
    return pygame.image.tobytes(now, "RGB") == pygame.image.tobytes(p.app.screen, "RGB")


@pytest.mark.every_frame
def test_drawing_only_the_seen_frames_plays_the_same_game(tmp_path):
    every = _a_played_game("every", tmp_path)
    seen = _a_played_game("seen", tmp_path)
    assert len(every[0]) >= 2 and seen[0] == every[0]  # the same plays, hand by hand
    assert seen[1] == every[1]  # the same log, line by line
    assert seen[2] < every[2] // 4  # for far fewer frames drawn


@quick_and_full(6, 60, name="turns")
def test_a_hand_played_at_the_tables_pace_is_the_same_drawn_or_not(tmp_path, turns):
    """Your plays (the first legal one), the opponents' at the table's pace: the same hand, and
    after each stretch of frames the screen shows the table as it stands. Six of your turns
    are about two thirds of the first hand; sixty play to the game's end (two hands,
    eighteen turns of yours)."""

    def play(draws: str) -> list:
        with Pilot(data_dir=tmp_path / draws, seed=5, pace="fast", draws=draws) as p:
            for _ in range(turns):
                if not p.wait_for_turn(30):
                    break
                assert p.app.toast is not None or _drawn_as_it_stands(p)
                p.table.apply(p.table.state.legal_actions()[0])
                p.advance(0.3)
                assert p.app.toast is not None or _drawn_as_it_stands(p)
            return [list(h) for h in p.table.match.actions]

    every, seen = play("every"), play("seen")
    assert len(every[0]) > 8 and seen == every


def test_a_pilot_draws_every_frame_or_the_seen_ones_and_nothing_else(tmp_path):
    with pytest.raises(ValueError, match="draws"):
        Pilot(data_dir=tmp_path, draws="some")
