"""The statistics chart of your final totals: only finished games, and an axis that reads
right with a single game."""

from __future__ import annotations

import pygame

from swoop_desktop.engine import Match, Rules
from swoop_desktop.progress.stored_games import record_from_match
from swoop_desktop.ui.scenes.sheet import draw_your_totals, your_totals
from swoop_desktop.ui.theme import Theme
from tests.storage.helpers import finished_match

SEATS = [{"name": n} for n in ("You", "Lefty", "Topper", "Righty")]


def test_an_abandoned_game_is_not_drawn_as_a_final_total_of_zero():
    done = record_from_match(finished_match(3), SEATS)
    left = record_from_match(Match(Rules.from_preset("app"), 4, 9), SEATS, abandoned=True)
    assert your_totals([done, left]) == [(done.totals[0], done.result())]


def test_one_game_reads_game_1_not_game_1_to_1(monkeypatch):
    from swoop_desktop.ui.scenes import sheet

    said: list[str] = []
    real = sheet.draw_text

    def noting(surface, theme, text, pos, **kw):
        said.append(text)
        return real(surface, theme, text, pos, **kw)

    monkeypatch.setattr(sheet, "draw_text", noting)
    pygame.font.init()
    surface = pygame.Surface((500, 300))
    draw_your_totals(surface, Theme(), surface.get_rect(), [(120, "win")])
    assert any(t.startswith("game 1 ") for t in said)
    assert not any("…" in t for t in said)
