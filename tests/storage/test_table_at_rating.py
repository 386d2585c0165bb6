"""A table at your rating: tables of three opponents from neighbouring measured levels,
the one nearest a rating, and when a player has outgrown a table."""

from __future__ import annotations

import pytest

from swoop_desktop.storage.rating import (
    LEVEL_RATINGS,
    OUTGROWN,
    ladder,
    outgrown,
    table_for,
    table_rating,
)


def test_the_ladder_of_tables_runs_from_three_easy_to_three_hard_with_no_easy_beside_hard():
    tables = ladder()
    assert tables[0] == ("easy",) * 3 and tables[-1] == ("hard",) * 3
    assert not any("easy" in t and "hard" in t for t in tables)
    ratings = [table_rating(t) for t in tables]
    assert ratings == sorted(ratings)
    # The mixes fill the big step between easy and normal: no step above ~165 points.
    assert max(b - a for a, b in zip(ratings, ratings[1:], strict=False)) < 165


def test_a_first_game_sits_one_step_below_three_normal_opponents():
    tables = ladder()
    first = table_for(None)
    assert tables.index(first) == tables.index(("normal",) * 3) - 1
    assert table_rating(first) < LEVEL_RATINGS["normal"][0]


@pytest.mark.parametrize("rating", [800.0, 1009.0, 1250.0, 1413.0, 1500.0, 1600.0, 2000.0])
def test_the_table_for_a_rating_is_the_nearest(rating):
    chosen = table_for(rating)
    best = min(abs(table_rating(t) - rating) for t in ladder())
    assert abs(table_rating(chosen) - rating) == best


def test_outgrown_means_well_above_the_tables_levels():
    easy = ("easy",) * 3
    assert outgrown(table_rating(easy) + OUTGROWN, easy)
    assert not outgrown(table_rating(easy) + OUTGROWN - 1, easy)
    assert not outgrown(3000.0, ("hard",) * 3)  # nothing stronger to offer
    assert not outgrown(3000.0, ("human", "easy", "easy"))  # not a table of known levels
