"""A progress file SQLite could not use is told in plain words ("your progress file is
damaged", "the disk is full"), never in SQLite's own ("database disk image is
malformed", "no such table: game_summaries"), which go to the log for a bug report."""

from __future__ import annotations

import contextlib
import logging
import sqlite3

import pytest

from swoop_desktop.progress import record_finished_game, reset_stats
from swoop_desktop.storage import db, resolve_dirs
from swoop_desktop.storage.db import why_not

from .helpers import finished_match

SEATS = [{"name": "You", "level": "human"}] + [{"name": n, "level": "normal"} for n in "ABC"]


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (
            sqlite3.DatabaseError("database disk image is malformed"),
            "your progress file is damaged",
        ),
        (sqlite3.DatabaseError("file is not a database"), "your progress file is damaged"),
        (sqlite3.OperationalError("no such table: games"), "your progress file is damaged"),
        (
            sqlite3.IntegrityError("CHECK constraint failed: hands >= 0"),
            "your progress file is damaged",
        ),
        (sqlite3.OperationalError("database or disk is full"), "the disk is full"),
        (
            sqlite3.OperationalError("database is locked"),
            "another Swoop window kept your progress file busy",
        ),
        (
            sqlite3.OperationalError("attempt to write a readonly database"),
            "your progress file cannot be written to",
        ),
        (
            sqlite3.OperationalError("unable to open database file"),
            "your progress file could not be opened",
        ),
        (
            sqlite3.OperationalError("disk I/O error"),
            "the disk could not read or write your progress file just now",
        ),
        (
            sqlite3.OperationalError("interrupted"),
            "your progress file could not be used just now",
        ),
    ],
)
def test_sqlites_failures_are_said_in_plain_words_and_its_own_go_to_the_log(
    tmp_path, caplog, error, said
):
    dirs = resolve_dirs(tmp_path)
    with caplog.at_level(logging.WARNING, logger="swoop_desktop.storage"):
        assert why_not(error, dirs) == said
    assert str(error) in caplog.text, "SQLite's own words are kept in the log"


def test_a_reset_the_database_cannot_make_is_told_without_sqlites_words(tmp_path, caplog):
    dirs = resolve_dirs(tmp_path)
    record_finished_game(dirs, finished_match(2), SEATS)
    # A table lost under the running window (an edit from outside, a damaged page).
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        con.execute("DROP TABLE game_summaries")
        con.commit()
    with caplog.at_level(logging.WARNING, logger="swoop_desktop.storage"):
        copy, messages = reset_stats(dirs)
    assert copy is None
    assert messages == ["Statistics were not reset (your progress file is damaged)."]
    assert "no such table: game_summaries" in caplog.text
