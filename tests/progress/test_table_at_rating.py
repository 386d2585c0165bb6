"""A table at your rating: tables of three opponents from neighbouring measured levels,
the one nearest a rating, and when a player has outgrown a table."""

from __future__ import annotations

import pytest

from swoop_desktop.progress.rating import (
    LEVEL_RATINGS,
    OUTGROWN,
    ladder,
    outgrown,
    table_for,
    table_rating,
)


def test_the_ladder_of_tables_runs_from_three_easy_to_three_expert_with_no_easy_beside_hard():
    tables = ladder()
    assert tables[0] == ("easy",) * 3 and tables[-1] == ("expert",) * 3
    assert ("hard",) * 3 in tables and ("hard", "hard", "expert") in tables
    assert not any("easy" in t and "hard" in t for t in tables)
    assert not any("normal" in t and "expert" in t for t in tables)
    levels = sorted(LEVEL_RATINGS, key=lambda lv: LEVEL_RATINGS[lv][0])
    for t in tables:  # two neighbouring levels at most
        at = sorted({levels.index(lv) for lv in t})
        assert at[-1] - at[0] <= 1, t
    ratings = [table_rating(t) for t in tables]
    assert ratings == sorted(ratings)
    # The mixes fill the steps between the levels: no step above ~60 points.
    assert max(b - a for a, b in zip(ratings, ratings[1:], strict=False)) < 60


def test_a_first_game_sits_at_three_of_the_level_just_below_normal():
    tables = ladder()
    first = table_for(None)
    assert first == ("keen",) * 3 and first in tables
    assert tables.index(first) < tables.index(("normal",) * 3)
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
    assert outgrown(3000.0, ("hard",) * 3)  # expert is stronger
    assert not outgrown(3000.0, ("expert",) * 3)  # nothing stronger to offer
    assert not outgrown(3000.0, ("human", "easy", "easy"))  # not a table of known levels


def test_a_rating_above_hard_is_offered_the_expert():
    top = LEVEL_RATINGS["expert"][0]
    assert LEVEL_RATINGS["expert"][0] > LEVEL_RATINGS["hard"][0]
    assert table_for(top + 200.0) == ("expert",) * 3
    assert "expert" in table_for(LEVEL_RATINGS["hard"][0] + 30.0)
