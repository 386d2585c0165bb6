"""The rating (Glicko-2): the published worked example, how games move it, and its
file, which follows the history and survives damage."""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import replace

import pytest

from swoop_desktop.progress import rating as rating_module
from swoop_desktop.progress import record_finished_game
from swoop_desktop.progress.history import load_history
from swoop_desktop.progress.rating import (
    LEVEL_RATINGS,
    START_RATING,
    Rating,
    fold,
    game_results,
    rating_history,
    title_rating,
    update,
)
from swoop_desktop.storage import db, resolve_dirs
from tests.storage.helpers import finished_match

YOU_AND_THREE = [
    {"name": "You", "level": "human"},
    {"name": "Lefty", "level": "hard"},
    {"name": "Topper", "level": "normal"},
    {"name": "Righty", "level": "easy"},
]


def test_glicko2_matches_glickmans_worked_example():
    """Glickman's "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30 and loses to
    1550/100 and 1700/300 -> 1464.06, 151.52, 0.05999 (tau 0.5)."""
    after = update(Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_widens_the_deviation():
    after = update(Rating(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.rd > 100


def _records(tmp_path, n=3):
    dirs = resolve_dirs(tmp_path)
    for seed in range(1, n + 1):
        record_finished_game(dirs, finished_match(seed), YOU_AND_THREE)
    games, _ = load_history(dirs)
    return dirs, games


def test_each_finished_game_moves_the_rating_by_its_result(tmp_path):
    dirs, games = _records(tmp_path)
    points, messages = rating_history(dirs)
    assert not messages
    assert [p.game for p in points] == [g.id for g in games]
    before = Rating()
    for game, point in zip(games, points, strict=True):
        results = game_results(game)
        assert len(results) == 3  # one result against each opponent's measured level
        assert point.rating != before  # every game moves it
        wins = sum(s for _, _, s in results)
        expected = sum(
            1 / (1 + 10 ** ((r - before.rating) / 400)) for r, _, _ in results
        )  # roughly the expected score
        if wins > expected + 0.5:
            assert point.rating.rating > before.rating
        if wins < expected - 0.5:
            assert point.rating.rating < before.rating
        before = point.rating


def test_beating_everyone_raises_it_losing_to_everyone_lowers_it(tmp_path):
    dirs, games = _records(tmp_path, 1)
    game = games[0]
    won = replace(game, totals=[0, 100, 100, 100])
    lost = replace(game, totals=[300, 10, 10, 10])
    assert fold([won])[0].rating.rating > START_RATING
    assert fold([lost])[0].rating.rating < START_RATING
    assert game_results(won) == [
        (*LEVEL_RATINGS["hard"], 1.0),
        (*LEVEL_RATINGS["normal"], 1.0),
        (*LEVEL_RATINGS["easy"], 1.0),
    ]


def test_abandoned_and_uncounted_games_follow_the_statistics(tmp_path):
    dirs, games = _records(tmp_path, 2)
    abandoned = replace(games[0], abandoned=True)
    assert fold([abandoned]) == []
    assert fold([abandoned], abandoned=True)[0].rating.rating < START_RATING  # a loss
    assert fold([replace(games[0], counted=False)]) == []


def test_the_points_are_kept_beside_the_games_and_follow_a_reset(tmp_path):
    dirs, games = _records(tmp_path, 2)
    points, _ = rating_history(dirs)
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        kept = con.execute("SELECT game_id FROM rating_points ORDER BY seq").fetchall()
    assert [g for (g,) in kept] == [p.game for p in points] and len(points) == 2
    from swoop_desktop.progress import reset_stats

    reset_stats(dirs)
    points, _ = rating_history(dirs)
    assert points == []  # the games no longer count, so the rating starts again
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        assert con.execute("SELECT count(*) FROM rating_points").fetchone() == (0,)


def test_each_games_point_is_worked_out_once(tmp_path, monkeypatch):
    """A new game adds its point; the title reads one row, never the whole history."""
    dirs, games = _records(tmp_path, 2)
    rating_history(dirs)
    read = []
    real = rating_module.stored_after

    def counted(con, seq):
        for item in real(con, seq):
            read.append(item[0])
            yield item

    monkeypatch.setattr(rating_module, "stored_after", counted)
    monkeypatch.setattr(rating_module, "load_history", None)  # never called
    assert title_rating(resolve_dirs(tmp_path))[0] is not None and read == []
    record_finished_game(dirs, finished_match(9), YOU_AND_THREE)
    before = len(read)
    points, _ = rating_history(dirs)
    assert len(read) - before == 1 and len(points) == 3  # only the new game was read


def test_a_very_long_run_one_way_never_breaks_the_rating():
    """Thousands of games lost to the easiest level (or won against the strongest) once
    pushed Glicko-2 to where a chance is 0 or 1 to the last bit: the next game divided by
    zero and the title's rating went blank for good. It stays in range and keeps moving."""
    for score, level in ((0.0, "easy"), (1.0, "hard")):
        r_j, rd_j = LEVEL_RATINGS[level]
        current = Rating()
        for _ in range(6000):
            current = update(current, [(r_j, rd_j, score)] * 3, min_rd=30.0)
        assert 0.0 <= current.rating <= 4000.0 and 30.0 <= current.rd and 0.001 <= current.vol <= 1
        after = update(current, [(r_j, rd_j, 1.0 - score)] * 3, min_rd=30.0)
        assert after.rating != current.rating  # a result the other way still moves it
