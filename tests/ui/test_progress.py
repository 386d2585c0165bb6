"""Your rating on the title and your rating chart and records on Scores (issue 22)."""

from __future__ import annotations

import pygame

from swoop_desktop.storage import record_finished_game, resolve_dirs
from swoop_desktop.storage.rating import rating_history
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.scores import ScoresScene
from tests.storage.helpers import finished_match

SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": lv}
    for n, lv in (("Lefty", "hard"), ("Topper", "normal"), ("Righty", "easy"))
]


def test_the_title_shows_the_rating_and_it_moves_after_a_game(tmp_path):
    dirs = resolve_dirs(tmp_path)
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        assert p.top.rating.startswith("New to Swoop?")  # the very first start: the lesson
        record_finished_game(dirs, finished_match(2), SEATS)
        p.top.refresh()
        first = p.top.rating
        assert first.startswith("Your rating: ")
        record_finished_game(dirs, finished_match(3), SEATS)
        p.top.refresh()
        assert p.top.rating != first  # the second game moved it
        points, _ = rating_history(dirs)
        assert p.top.rating.startswith(f"Your rating: {points[-1].rating.words()}")


def test_scores_has_a_progress_tab_with_the_chart_and_records(tmp_path):
    dirs = resolve_dirs(tmp_path)
    for seed in (2, 3, 4):
        record_finished_game(dirs, finished_match(seed), SEATS)
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        p.press(pygame.K_r)
        scores = p.top
        assert isinstance(scores, ScoresScene)
        p.press(pygame.K_4)
        assert scores.tab == "progress"
        p.step(2)
        labels = dict(scores.progress.lines)
        assert set(labels) == {
            "Your rating",
            "Best margin in a game",
            "Most Swoops in a hand",
            "Longest daily streak",
            "Games won without a pick-up",
        }
        assert len(scores.progress.points) == 3
        surface = pygame.Surface((1280, 720))
        from swoop_desktop.ui.scenes.progress import draw_rating_chart

        drawn = draw_rating_chart(
            surface, p.app.theme, pygame.Rect(600, 100, 600, 500), scores.progress.points
        )
        assert len(drawn) == 3


def test_the_best_margin_says_over_or_under_by_its_sign():
    from swoop_desktop.storage.records import Records
    from swoop_desktop.ui.scenes.progress import record_lines

    def best(lead):
        return dict(record_lines(Records(best_margin=lead, best_margin_date="2026-12-01")))[
            "Best margin in a game"
        ]

    assert best(-15.0) == "15 pts over the others' average (2026-12-01)"
    assert best(15.0) == "15 pts under the others' average (2026-12-01)"
    assert best(1.2) == "1 pt under the others' average (2026-12-01)"
    assert best(0.2) == "level with the others' average (2026-12-01)"


def test_the_rating_chart_with_one_game_reads_sensibly_and_shows_its_band(tmp_path):
    from swoop_desktop.storage.rating import Rating, RatingPoint
    from swoop_desktop.ui import controls as W
    from swoop_desktop.ui.scenes import progress

    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        theme = p.app.theme
        surface = pygame.Surface((1280, 720))
        surface.fill((0, 0, 0))
        rect = pygame.Rect(600, 100, 600, 500)
        words: list[str] = []
        real = W.draw_text

        def spy(surface, theme, text, *a, **k):
            words.append(text)
            return real(surface, theme, text, *a, **k)

        W.draw_text = spy
        try:
            point = RatingPoint("g1", "2026-12-01", Rating(1520.0, 120.0))
            (x, y), *rest = progress.draw_rating_chart(surface, theme, rect, [point])
        finally:
            W.draw_text = real
        assert not rest
        caption = next(w for w in words if "now 1520 ± 240" in w)
        assert caption.startswith("your first game: ") and "…" not in caption
        # The band: tinted above and below the dot, within the ± range, not beside it.
        backdrop = surface.get_at((x + 60, y - 40))
        assert surface.get_at((x, y - 40)) != backdrop
        assert surface.get_at((x, y + 40)) != backdrop
