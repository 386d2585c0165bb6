"""The scorebook: Scores, the statistics and Progress asked of the database a
query at a time give exactly what counting every game gives, and a summary holding a
value no game could have is never counted."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
from dataclasses import replace
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swoop_desktop.progress import load_history, record_finished_game, reset_stats
from swoop_desktop.progress.daily_results import DailyEntry
from swoop_desktop.progress.records import compute_records
from swoop_desktop.progress.scorebook import Scorebook
from swoop_desktop.progress.stats import compute_stats
from swoop_desktop.progress.stored_games import record_from_match, store_records
from swoop_desktop.progress.stored_reviews import game_review_key, store_review
from swoop_desktop.progress.summaries import summarize
from swoop_desktop.storage import db
from swoop_desktop.storage import resolve_dirs as _resolve
from tests.storage.helpers import finished_match

SEATS = [{"name": "You", "level": "human"}] + [{"name": n, "level": "normal"} for n in "ABC"]
BASE = [record_from_match(finished_match(s), SEATS) for s in (1, 2)]
DAY = date(2026, 11, 30)
EXAMPLES = int(os.environ.get("SWOOP_FUZZ_EXAMPLES", "25"))

# One game of a history: which base game, its rule set, your total against the others',
# a win, a tie or a loss, abandoned or not.
GAME = st.tuples(
    st.integers(0, 1),
    st.sampled_from(["app", "classic", "traditional"]),
    st.integers(0, 400),
    st.sampled_from(["win", "tie", "loss"]),
    st.booleans(),
)


def _record(n: int, base: int, preset: str, mine: int, result: str, abandoned: bool):
    record = BASE[base]
    others = [mine + 10, mine + 20, mine + 30]
    if result == "tie":
        others[0] = mine
    elif result == "loss":
        others[0] = max(0, mine - 15)
    totals = [mine, *others]
    winner = None if result == "tie" else totals.index(min(totals))
    return replace(
        record,
        id=f"game-{n}",
        date=f"2026-11-{1 + n % 28:02d}T10:{n % 60:02d}:00",
        rules={**record.rules, "preset": preset},
        totals=totals,
        winner=winner,
        abandoned=abandoned,
    )


def _store_all(dirs, records) -> None:
    load_history(dirs)  # the database made
    with db.change(dirs) as con:
        store_records(con, records, "play")


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(games=st.lists(GAME, max_size=14), reset_after=st.integers(0, 14))
def test_the_scorebook_answers_as_counting_every_game_does(tmp_path_factory, games, reset_after):
    dirs = _resolve(tmp_path_factory.mktemp("book"))
    records = [_record(n, *g) for n, g in enumerate(games)]
    _store_all(dirs, records[:reset_after])
    if reset_after and records[:reset_after]:
        reset_stats(dirs)  # the games so far stay listed, not counted
    _store_all(dirs, records[reset_after:])
    stored, _ = load_history(dirs)
    every = [summarize(r, facts=None) for r in stored]
    book = Scorebook(dirs)
    try:
        assert len(book) == len(stored)
        for abandoned in (False, True):
            assert book.stats(abandoned) == compute_stats(stored, abandoned)
        daily = [DailyEntry("2026-11-29", 1, {}, True, [0, 5, 5, 5], [9, 5, 5, 5])]
        found, waiting = book.records(daily, DAY)
        listed = book.newest(0, len(book))[::-1]
        assert waiting == sum(1 for s in listed if s.counted and not s.abandoned and s.waiting)
        assert found == compute_records(
            [
                replace(s, hand_swoops=h.hand_swoops, pickups=h.pickups)
                for s, h in zip(every, [s for s in (book.newest(0, len(book))[::-1])], strict=True)
            ],
            daily,
            DAY,
        )
        latest, count = book.totals(last=5)
        whole = [(s.total, s.outcome) for s in every if s.counted and not s.abandoned]
        assert (latest, count) == (whole[-5:], len(whole))
        assert [s.id for s in book.newest(1, 3)] == [r.id for r in stored[::-1][1:4]]
    finally:
        book.close()


def test_reviewed_games_are_found_by_their_key_in_the_games_order(tmp_path):
    dirs = _resolve(tmp_path)
    for seed in (3, 4, 5):
        record_finished_game(dirs, finished_match(seed), SEATS)
    stored, _ = load_history(dirs)
    digests = [summarize(r).plays for r in stored]
    for digest, accuracy in ((digests[2], 40.0), (digests[0], 90.0)):
        store_review(dirs, game_review_key(digest, 48), {"accuracy": accuracy})
    book = Scorebook(dirs)
    assert book.reviewed([digests[2], digests[0], "unknown"]) == [digests[0], digests[2]]
    book.close()


HOSTILE = [
    ("points", 10**12),
    ("points", "many"),
    ("hands", -3),
    ("swoops", 2.5),
    ("total", 10**9),
    ("margin", 1e300),
    ("result", "victory"),
    ("counted", 7),
    ("abandoned", 1),
    ("preset", "blitz"),
    ("preset", 42),
    ("hand_swoops", 10**6),
    ("pickups", 5_000),
    ("turns", -1),
    ("date", 20261101),
]


@pytest.fixture(scope="module")
def three_games(tmp_path_factory):
    """A progress file holding three finished games, as the game recorded them: recorded
    once, each test starts from its own copy."""
    dirs = _resolve(tmp_path_factory.mktemp("three-games"))
    for seed in (6, 7, 8):
        record_finished_game(dirs, finished_match(seed), SEATS)
    db.forget(dirs)
    return db.db_file(dirs)


@pytest.mark.parametrize(("column", "value"), HOSTILE, ids=[f"{c}={v!r}" for c, v in HOSTILE])
def test_a_summary_with_a_value_no_game_could_have_is_worked_out_again(
    tmp_path, three_games, column, value
):
    dirs = _resolve(tmp_path)
    shutil.copyfile(three_games, db.db_file(dirs))
    book = Scorebook(dirs)
    truth = (book.stats(False), book.records([], DAY), book.totals())
    book.close()
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        con.execute("PRAGMA ignore_check_constraints = ON")  # as an editor or damage might
        con.execute(f"UPDATE game_summaries SET {column} = ? WHERE seq = 2", (value,))
        con.commit()
    db.forget(dirs)
    book = Scorebook(dirs)
    assert (book.stats(False), book.records([], DAY), book.totals()) == truth
    assert len(book) == 3 and book.messages == []
    book.close()


def test_a_database_of_the_version_before_gets_its_summaries_at_the_first_start(tmp_path):
    dirs = _resolve(tmp_path)
    for seed in (9, 10):
        record_finished_game(dirs, finished_match(seed), SEATS)
    stored, _ = load_history(dirs)
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        con.execute("DROP TABLE game_summaries")  # as the version before left it
        con.execute("PRAGMA user_version = 3")
        con.commit()
    db.forget(dirs)
    book = Scorebook(dirs)
    assert len(book) == 2 and book.stats(False) == compute_stats(stored)
    assert book.records([], DAY)[1] == 2  # their replayed facts: left to a worker
    book.close()
