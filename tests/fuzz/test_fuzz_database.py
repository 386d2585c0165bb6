"""Fuzzing the progress database like every other file: whatever bytes ``swoop.sqlite3``
holds (bytes flipped anywhere, the file cut short, a page zeroed), opening it never
raises: the games it can give are given, damage is told in plain words, the damaged
file is kept whole beside it, and the next finished game is stored."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from swoop_desktop.engine import Rules
from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.storage import db, resolve_dirs
from tests.sizes import quick_and_full

from ..storage.helpers import finished_match
from .test_fuzz_loaders import EXAMPLES, _check_messages, fuzz, fuzz_sizes


def _other_progress(dirs) -> None:
    """A daily deal, a puzzle and a stored review beside the games (a row of each)."""
    from datetime import date

    from swoop_desktop.engine import Rules
    from swoop_desktop.progress.daily_results import finish_daily, start_daily
    from swoop_desktop.progress.puzzle_book import add_puzzles
    from swoop_desktop.progress.stored_reviews import store_review

    from ..progress.test_puzzle_file import sample_puzzles

    start_daily(dirs, date(2026, 11, 30), 7, Rules.from_preset("app"))
    finish_daily(dirs, date(2026, 11, 30), 7, [3, 0, 20, 11])
    add_puzzles(dirs, sample_puzzles(1))
    store_review(dirs, "0123456789abcdef/game/48", {"verdicts": [], "accuracy": 75.0})


def _sound_database(other: bool = False) -> bytes:
    """A database holding three games (and, with ``other``, a daily deal, a puzzle and a
    review), its write-ahead log folded into the main file."""
    with tempfile.TemporaryDirectory() as folder:
        dirs = resolve_dirs(folder)
        for seed in (1, 2, 3):
            record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
        if other:
            _other_progress(dirs)
        with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return db.db_file(dirs).read_bytes()


SOUND = _sound_database()
FULL = _sound_database(other=True)  # every table with rows, for the hostile values
SEEDS = {1, 2, 3}
#: The next finished game each example stores: a short one (to 50 points), quick to
#: replay as it is stored.
SHORT = Rules.from_preset("app", target=50)


@st.composite
def damaged(draw) -> bytes:
    data = bytearray(SOUND)
    how = draw(st.sampled_from(["flip", "cut", "zero a page"]))
    if how == "cut":
        return bytes(data[: draw(st.integers(0, len(data) - 1))])
    if how == "zero a page":
        page = draw(st.integers(0, len(data) // 4096 - 1))
        data[page * 4096 : (page + 1) * 4096] = bytes(4096)
        return bytes(data)
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(data) - 1))
        data[at] = draw(st.integers(0, 255))
    return bytes(data)


def _negative_version() -> bytes:
    """The header's schema version (bytes 60-63) with its top bit flipped: negative."""
    data = bytearray(SOUND)
    data[60] ^= 0x80
    return bytes(data)


@fuzz_sizes
def test_fuzz_a_damaged_database_never_stops_the_game_or_loses_its_bytes(examples):
    @fuzz(examples)
    @given(raw=damaged())
    @example(raw=_negative_version())
    def check(raw):
        with tempfile.TemporaryDirectory() as folder:
            dirs = resolve_dirs(folder)
            db.db_file(dirs).write_bytes(raw)
            games, messages = load_history(dirs)  # never raises
            _check_messages(messages + dirs.notices.told)
            assert {g.seed for g in games} <= SEEDS
            # The bytes the player had are still in the folder (in place or moved aside whole).
            kept = [p.read_bytes() for p in Path(folder).glob("swoop*.sqlite3")]
            assert not raw or raw in kept or games, "a file that gave nothing is kept"
            # What the game does next: the next finished game is stored and read back.
            record_finished_game(dirs, finished_match(9, SHORT), [{"name": "You"}])
            assert 9 in {g.seed for g in load_history(resolve_dirs(folder))[0]}
            shutil.rmtree(Path(folder) / "backups", ignore_errors=True)

    check()


def _columns() -> list[tuple[str, str]]:
    """(table, column) of every table of the sound database."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sound.sqlite3"
        path.write_bytes(FULL)
        with contextlib.closing(sqlite3.connect(path)) as con:
            tables = [
                row[0]
                for row in con.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' "
                    "AND name NOT LIKE 'sqlite_%'"
                )
            ]
            return [
                (table, row[1])
                for table in tables
                for row in con.execute(f"PRAGMA table_info({table})")
            ]


COLUMNS = _columns()
HOSTILE = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.binary(max_size=40),
    st.sampled_from(["win", "abandoned", "app", "2026-13-45", "{}", "[]", '{"a": 1}', ""]),
)


# Each example opens every screen's reader over a fresh copy: a fifth as many as the
# other fuzz tests, at each size (and the examples below, each a defect found or a value
# worth pinning, at both).
HOSTILE_EXAMPLES = max(10, EXAMPLES // 5)


@quick_and_full(max(3, HOSTILE_EXAMPLES // 4), HOSTILE_EXAMPLES, "examples")
def test_fuzz_a_hostile_value_in_any_column_never_stops_a_screen(examples):
    """A value put into any column of any table with the checks off (an editor, another
    program): every screen's reading of the database still gives what it can, never
    raises, and tells in plain words."""
    from datetime import date

    from swoop_desktop.progress.daily_results import load_daily
    from swoop_desktop.progress.puzzle_book import load_puzzles
    from swoop_desktop.progress.rating import rating_history, title_rating
    from swoop_desktop.progress.scorebook import Scorebook
    from swoop_desktop.progress.stored_reviews import stored_reviews

    @fuzz(examples)
    @example(where=("documents", "body"), value=b"", row=2)  # a document stored as bytes
    @example(where=("documents", "body"), value=7, row=1)
    @example(where=("game_summaries", "points"), value=2**62, row=2)
    @example(where=("games", "body"), value=12, row=1)
    @example(where=("games", "players"), value="", row=1)  # a table size as text: Statistics
    @example(where=("games", "players"), value=11, row=2)  # a table no game has
    @given(
        where=st.sampled_from(COLUMNS),
        value=HOSTILE,
        row=st.integers(1, 3),
    )
    def check(where, value, row):
        table, column = where
        with tempfile.TemporaryDirectory() as folder:
            dirs = resolve_dirs(folder)
            db.db_file(dirs).write_bytes(FULL)
            with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
                con.execute("PRAGMA ignore_check_constraints = ON")
                with contextlib.suppress(sqlite3.IntegrityError):  # NOT NULL, UNIQUE: refused
                    con.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", (value, row))
                con.commit()
            games, messages = load_history(dirs)
            book = Scorebook(dirs)
            try:
                stats = book.stats(False)
                assert 0 <= stats.wins <= stats.games <= len(book) <= 3
                book.records([], date(2026, 12, 1))
                book.totals()
                book.records_of(book.newest(0, 3))
            finally:
                book.close()
            rating_history(dirs)
            title_rating(dirs)
            load_daily(dirs)
            load_puzzles(dirs)
            stored_reviews(dirs)
            _check_messages(messages + book.messages + dirs.notices.told)
            record_finished_game(dirs, finished_match(9, SHORT), [{"name": "You"}])
            assert 9 in {g.seed for g in load_history(resolve_dirs(folder))[0]}
            shutil.rmtree(Path(folder) / "backups", ignore_errors=True)

    check()
