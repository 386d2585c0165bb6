"""A table of seven or eight on the score sheets and Scores: every seat its own colour,
the chart's legend on two rows where one would run out of the panel, the table size on
each past game."""

from __future__ import annotations

import pygame

from swoop_desktop.ui.controls import font
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.sheet import _legend_rows
from swoop_desktop.ui.theme import Theme


def test_every_seat_of_a_table_of_eight_has_its_own_colour():
    theme = Theme()
    colours = [theme.seat_colour(p) for p in range(8)]
    assert len(set(colours)) == 8
    # The first four are a table of four's, as they always were.
    assert colours[:4] == [(236, 200, 90), (120, 190, 240), (230, 130, 160), (150, 220, 140)]


def test_a_full_tables_legend_goes_onto_two_rows_that_fit_the_panel():
    pygame.init()
    theme = Theme()
    labels = [f"Opponent{p} 2{p}3" for p in range(8)]
    rows, px = _legend_rows(theme, labels, 16, 600)
    assert len(rows) == 2 and sorted(p for row in rows for p in row) == list(range(8))
    for row in rows:
        wide = sum(font(theme, px, True).size(labels[p])[0] + 34 for p in row)
        assert wide <= 600 and px >= 11
    # Four short names keep one row at their size.
    assert _legend_rows(theme, labels[:4], 16, 900) == ([[0, 1, 2, 3]], 16)


def test_a_past_game_says_its_table_size(tmp_path, monkeypatch):
    from swoop_desktop.progress import record_finished_game
    from swoop_desktop.ui.pilot import Pilot
    from swoop_desktop.ui.scenes import scores_tabs
    from swoop_desktop.ui.scenes.scores import ScoresScene
    from tests.storage.helpers import finished_match

    drawn: list[str] = []
    real = scores_tabs.draw_text

    def noting(surface, theme, text, *a, **k):
        drawn.append(text)
        return real(surface, theme, text, *a, **k)

    monkeypatch.setattr(scores_tabs, "draw_text", noting)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as p:
        record_finished_game(p.app.dirs, finished_match(3, players=6), [{"name": "You"}] * 6)
        p.app.push(ScoresScene(p.app, tab="history"))
        p.step(3)
    assert any(text.endswith("· 6 players") for text in drawn), drawn


def test_the_default_names_of_a_fuller_table_follow_where_each_opponent_sits():
    # Without the table's own names (the review command, a stored review), seat 3 of a
    # table of six is Mags's, not Righty's: Righty always sits on your right.
    from swoop_desktop.ai import load_opponents
    from swoop_desktop.choices import seat_name, seated_opponents

    shipped = {cfg.seat: cfg.name for cfg in load_opponents(None)[0]}
    for players in range(3, 9):
        names = [seat_name(p, players) for p in range(players)]
        assert names[0] == "You" and names[1] == "Lefty" and names[-1] == "Righty"
        assert names[1:] == [shipped[k] for k in seated_opponents(players)]
    assert seat_name(2) == "Topper"  # a table of four, as it always was


def test_a_full_tables_review_board_keeps_everyones_cards_apart_in_hindsight(tmp_path):
    from swoop_desktop.ui.scenes.review import ReviewScene
    from tests.storage.helpers import finished_match

    match = finished_match(7, players=8)
    for size in ((1280, 720), (960, 600)):
        with Pilot(size=size, data_dir=tmp_path / f"{size[0]}", start="title") as pilot:
            scene = ReviewScene(
                pilot.app, match.rules, match.n, match.seed, match.actions, hand=0, worlds=4
            )
            pilot.app.push(scene)
            assert pilot.until(lambda s=scene: s.ready, 240)
            for hindsight in (False, True):
                scene.hindsight = hindsight
                scene.go(0)
                pilot.step()
                board = scene.table_part.board
                where = (size, hindsight)
                # The side seats (their hands too, in hindsight) end above your hand.
                assert scene.table_part.hand_rect.collidelist(scene.others_rects) == -1, where
                for name in scene.name_rects:
                    assert board.contains(name), where
                    assert name.collidelist(scene.others_rects) == -1, where
