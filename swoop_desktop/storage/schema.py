"""The progress database's tables, version by version: the steps that make each
version from the one before (:data:`MIGRATIONS`, each run in a transaction of its own by
:func:`migrate`), the version a file's tables show (a version lowered under its tables is
put back, :func:`repair_version`), and the tables' statements as Swoop makes them (a
damaged byte that changes one is found, :func:`changed_layout`). What the tables mean
is :mod:`swoop_desktop.progress`'s; opening, checking and backing up the file is
:mod:`.db`'s.
"""

from __future__ import annotations

import contextlib
import functools
import sqlite3
from collections.abc import Callable

#: "SWOP": a Swoop database, told apart from any other SQLite file.
APPLICATION_ID = 0x53574F50


def _run(con: sqlite3.Connection, script: str) -> None:
    """Each statement of ``script`` inside the caller's transaction (``executescript``
    would commit it first)."""
    for statement in script.split(";"):
        lines = [ln.split("--")[0] for ln in statement.splitlines()]
        if "".join(lines).strip():
            con.execute("\n".join(lines))


def _create_v1(con: sqlite3.Connection) -> None:
    _run(
        con,
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE games (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- the order games were stored in
            id TEXT NOT NULL UNIQUE,                -- the game's id (see history.game_id)
            date TEXT NOT NULL,                     -- ISO 8601, local time, seconds
            players INTEGER NOT NULL CHECK (players BETWEEN 3 AND 8),
            counted INTEGER NOT NULL CHECK (counted IN (0, 1)),
            abandoned INTEGER NOT NULL CHECK (abandoned IN (0, 1)),
            result TEXT NOT NULL CHECK (result IN ('win', 'tie', 'loss', 'abandoned')),
            body TEXT NOT NULL,                     -- the record as history.json held it
            source TEXT NOT NULL,                   -- 'play', or the import that brought it
            checked BLOB                            -- digest of the body as checked coming in
        );
        CREATE INDEX games_by_date ON games (date, seq);
        CREATE INDEX games_counted ON games (counted, abandoned);
        """,
    )


def _v1_to_v2(con: sqlite3.Connection) -> None:
    """Your rating after each rated game, kept beside the games (progress.rating): worked
    out once per game, read by the title as one row."""
    _run(
        con,
        """
        CREATE TABLE rating_points (
            seq INTEGER PRIMARY KEY REFERENCES games (seq) ON DELETE CASCADE,  -- the game's
            game_id TEXT NOT NULL,
            date TEXT NOT NULL,
            rating REAL NOT NULL CHECK (rating BETWEEN 0 AND 4000),
            rd REAL NOT NULL CHECK (rd BETWEEN 29.99 AND 351),
            vol REAL NOT NULL CHECK (vol BETWEEN 0.001 AND 1)
        )
        """,
    )


def _v2_to_v3(con: sqlite3.Connection) -> None:
    """Your daily deals, puzzles and stored reviews (storage.documents): one versioned
    JSON document each, under the name of the file an older Swoop kept it in."""
    _run(con, "CREATE TABLE documents (name TEXT PRIMARY KEY, body TEXT NOT NULL)")


def _v3_to_v4(con: sqlite3.Connection) -> None:
    """What Scores, the statistics and Progress show of each game, worked out once when
    the game is stored (progress.summaries), so they read narrow rows instead of every
    game's plays (the game's own columns the screens ask for are repeated, so a query
    never touches the wide rows; a statistics reset changes both). The last two (the most Swoops in a hand, pick-ups) need the game
    replayed: NULL until that is done (at once for a game just played, in a worker for
    games brought in). A game without a row here is summed up the next time the history
    is opened."""
    _run(
        con,
        """
        CREATE TABLE game_summaries (
            seq INTEGER PRIMARY KEY REFERENCES games (seq) ON DELETE CASCADE,
            id TEXT NOT NULL,                 -- as the game's row says (games.id)
            date TEXT NOT NULL,               -- as games.date
            counted INTEGER NOT NULL CHECK (counted IN (0, 1)),  -- as games.counted
            abandoned INTEGER NOT NULL CHECK (abandoned IN (0, 1)),
            result TEXT NOT NULL CHECK (result IN ('win', 'tie', 'loss', 'abandoned')),
            preset TEXT NOT NULL,
            changed INTEGER NOT NULL CHECK (changed IN (0, 1)),  -- options off the preset
            hands INTEGER NOT NULL CHECK (hands >= 0),
            points INTEGER NOT NULL,          -- your points over every hand
            swoops INTEGER NOT NULL CHECK (swoops >= 0),
            total INTEGER,                    -- your final total (NULL: no totals)
            margin REAL,                      -- the others' mean total minus yours
            plays TEXT NOT NULL,              -- the review's key for the game (reviews)
            turns INTEGER NOT NULL CHECK (turns >= 0),  -- plays made (no more pick-ups)
            hand_swoops INTEGER CHECK (hand_swoops >= -1),  -- -1: the plays do not
            pickups INTEGER CHECK (pickups >= -1)           -- replay (never known)
        );
        CREATE INDEX game_summaries_counted ON game_summaries (counted, abandoned)
        """,
    )


#: version -> the step that brings a database at that version to the next one.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    0: _create_v1,
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
}
SCHEMA_VERSION = max(MIGRATIONS) + 1


def table_names(con: sqlite3.Connection) -> set[str]:
    return {str(r[0]) for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


@functools.cache
def _layout() -> dict[str, str]:
    """Each table and index Swoop makes, by name, as SQLite keeps its statement (with
    spaces folded): made once in memory by the same steps a file goes through."""
    with contextlib.closing(sqlite3.connect(":memory:")) as con:
        for version in sorted(MIGRATIONS):
            MIGRATIONS[version](con)
        rows = con.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL")
        return {str(name): " ".join(str(sql).split()) for name, sql in rows}


def changed_layout(con: sqlite3.Connection) -> str | None:
    """The first of Swoop's tables or indexes whose statement in the file is not the one
    Swoop made (a damaged byte in the file's list of tables can change a rule, so that
    every new game breaks it), or None."""
    layout = _layout()
    for name, sql in con.execute("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL"):
        made = layout.get(str(name))
        if made is not None and " ".join(str(sql).split()) != made:
            return str(name)
    return None


#: The tables each schema version adds (the version they make).
_VERSION_TABLES = (
    (1, {"meta", "games"}),
    (2, {"rating_points"}),
    (3, {"documents"}),
    (4, {"game_summaries"}),
)


def tables_version(names: set[str]) -> int:
    """The schema version the tables ``names`` show (each version's tables and every
    earlier one's are there)."""
    version = 0
    for made, needs in _VERSION_TABLES:
        if not needs <= names:
            break
        version = made
    return version


def migrate(con: sqlite3.Connection) -> None:
    """Bring the schema up to :data:`SCHEMA_VERSION`, one transaction per step."""
    if con.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        con.execute("PRAGMA journal_mode = WAL")
    while True:
        con.execute("BEGIN IMMEDIATE")
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version >= SCHEMA_VERSION:
                con.execute("COMMIT")
                return
            MIGRATIONS[version](con)
            con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            con.execute(f"PRAGMA user_version = {version + 1}")
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise


def repair_version(con: sqlite3.Connection) -> int | None:
    """A schema version lowered under its tables (an edit, a tool that reset it) put
    back to what the tables show, once, so no step runs again over tables it already
    made; the version it read, when it was repaired."""
    con.execute("BEGIN IMMEDIATE")
    try:
        version = con.execute("PRAGMA user_version").fetchone()[0]
        shown = tables_version(table_names(con))
        if not 0 <= version < shown:
            con.execute("COMMIT")
            return None
        con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        con.execute(f"PRAGMA user_version = {shown}")
        con.execute("COMMIT")
        return int(version)
    except BaseException:
        con.execute("ROLLBACK")
        raise
