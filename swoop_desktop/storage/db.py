"""The progress database: ``swoop.sqlite3`` in the data folder (Python's own ``sqlite3``).

It holds the finished and abandoned games (the history that Scores lists and the
statistics, the rating and the records are worked out from). What this module does:

- **Opening.** Every use opens its own connection (so any thread may store a game)
  with a busy timeout, foreign keys on and autocommit: each change is one
  ``BEGIN IMMEDIATE … COMMIT``, so two windows queue for the database instead of
  losing each other's games. The journal is WAL, set when the file is made.
- **Checking, once per process.** ``PRAGMA application_id`` tells a Swoop database
  from any other SQLite file, ``PRAGMA quick_check`` finds damage. A damaged or
  foreign file is moved aside whole (with its ``-wal`` and ``-shm``), the player is
  told, and the newest backup is put back (what came after it is lost, and said).
- **Versions.** ``PRAGMA user_version`` is the schema's version; each missing
  migration runs in its own transaction. A database from a newer Swoop is read but
  never written (the player is told once).
- **Backups.** With SQLite's backup API into ``backups/``: made when the newest is
  more than a day old, checked, then renamed into place; :data:`KEEP_BACKUPS` kept.

Nothing here knows what a game is: :mod:`swoop_desktop.storage.history` owns the
tables' meaning and the import of the older JSON files.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from filelock import Timeout

from .locking import held_lock
from .notices import plain_reason, short_path
from .paths import Dirs

DB_NAME = "swoop.sqlite3"
#: "SWOP": a Swoop database, told apart from any other SQLite file.
APPLICATION_ID = 0x53574F50
#: How long a change waits for another window's change to finish (seconds).
BUSY_WAIT = 5.0
#: Backups kept in ``backups/`` (the oldest goes first), and how old the newest may get.
KEEP_BACKUPS = 3
BACKUP_EVERY = 24 * 3600.0


class StoreError(OSError):
    """The database cannot be used now (with why, in plain words)."""


#: What using the database may raise, all of it caught where it is used: a file SQLite
#: cannot use (its own errors; a message of its that quotes bytes of a damaged file is
#: not even text, a UnicodeDecodeError), the folder, or this module's plain words.
FAILURES = (StoreError, sqlite3.Error, OSError, UnicodeDecodeError)


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
    """Your rating after each rated game, kept beside the games (storage.rating): worked
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
    the game is stored (storage.summaries), so they read narrow rows instead of every
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


def db_file(dirs: Dirs) -> Path:
    return dirs.data / DB_NAME


def backups_folder(dirs: Dirs) -> Path:
    return dirs.data / "backups"


@dataclass
class _Ready:
    """What this process learnt opening the database (kept in ``dirs.state.cache``)."""

    read_only: bool = False
    messages: list[str] = field(default_factory=list)


_OPENING = threading.Lock()


def text_of(raw: bytes) -> str:
    """A stored text as a string, whatever its bytes: a damaged one reads with its bad
    bytes replaced (its row then fails its checks and is left out, told), never raises."""
    return raw.decode("utf-8", "replace")


def _connect(path: Path, wait: float) -> sqlite3.Connection:
    con = sqlite3.connect(path, timeout=wait, isolation_level=None, check_same_thread=False)
    con.text_factory = text_of
    con.execute("PRAGMA foreign_keys = ON")
    return con


def _row_level(finding: str) -> bool:
    """A finding of ``quick_check`` about one row's value (a CHECK or NOT NULL a row
    breaks: an edit, or a value written with the checks off), not about the file: the
    readers check every value and leave such a row out (or work it out again), so the
    database is not moved aside for it."""
    return finding.startswith(("CHECK constraint failed in ", "NULL value in "))


def _problem(path: Path) -> str | None:
    """Why the file at ``path`` is not a sound Swoop database, or None when it is (an
    empty file, about to be made one, is sound)."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        return "it is not an ordinary file"
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    if 0 < size < 512:  # SQLite would take it for an empty database and write over it
        return "it is too short to be a database (cut short?)"
    # Opened for writing when it can be: a write cut short (a kill while the file was
    # being made) leaves a journal that SQLite rolls back at the first read, which a
    # read-only connection cannot do. This runs under the opening lock, so no window is
    # in the middle of a change.
    try:
        con = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=BUSY_WAIT)
    except sqlite3.Error:
        try:
            con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_WAIT)
        except sqlite3.Error as exc:
            return f"it cannot be opened ({exc})"
    try:
        app = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app != APPLICATION_ID and (version or tables):
            return "it is not a Swoop file"
        if version < 0:  # no Swoop writes one: a damaged header
            return f"it is damaged (its schema version reads {version})"
        check = [
            str(row[0])
            for row in con.execute("PRAGMA quick_check").fetchall()
            if not _row_level(str(row[0]))
        ]
        if check not in ([], ["ok"]):
            return f"SQLite found damage in it ({check[0][:120]})"
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return None  # another window is writing: it is in use, not damaged
        return f"it cannot be read ({exc})"
    except sqlite3.DatabaseError as exc:
        return f"it is damaged ({exc})"
    except UnicodeDecodeError:  # SQLite's own message quoted bytes of the damaged schema
        return "it is damaged (its list of tables cannot be read)"
    finally:
        con.close()
    return None


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _move_damaged(path: Path) -> Path:
    """Move the database and its journal files aside together; the new main file's path."""
    stamp = _stamp()
    target = path.with_name(f"swoop.damaged-{stamp}.sqlite3")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"swoop.damaged-{stamp}-{n}.sqlite3")
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        side = Path(str(path) + suffix)
        if side.exists() or side.is_symlink():
            os.replace(side, Path(str(target) + suffix))
    return target


def backups(dirs: Dirs) -> list[Path]:
    """The backups, newest first by when each file was written (never by its name: a
    clock once set ahead leaves names, and times, from the future). A file written in the
    future counts as the oldest; links and anything else planted there are no backups."""
    folder = _backups_home(dirs)
    if folder is None:
        return []
    now = time.time()
    found: list[tuple[float, str, Path]] = []
    try:
        for path in folder.glob("swoop-*.sqlite3"):
            with contextlib.suppress(OSError):
                if path.is_symlink() or not path.is_file():
                    continue
                found.append((_written(path, now), path.name, path))
    except OSError:
        return []
    return [path for *_, path in sorted(found, reverse=True)]


def _restore(dirs: Dirs, path: Path) -> str:
    """Put the newest sound backup in place of the missing database; what to tell."""
    for backup in backups(dirs):
        if _problem(backup) is not None:
            continue
        tmp = path.with_name(path.name + ".restoring")
        src = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
        finally:
            src.close()
            dst.close()
        os.replace(tmp, path)
        when = datetime.fromtimestamp(backup.stat().st_mtime).strftime("%d %B %Y, %H:%M")
        return (
            f"Your progress was put back from the backup of {when}; games finished after "
            "that are lost."
        )
    return "There was no backup to put back, so your progress starts again from here."


def _migrate(con: sqlite3.Connection) -> None:
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


def _open_once(dirs: Dirs) -> _Ready:
    """Check, move aside and restore, create and migrate: once per process and folder."""
    path = db_file(dirs)
    ready = _Ready()
    problem = _problem(path) if path.exists() or path.is_symlink() else None
    if problem is not None:
        try:
            aside: Path | str = _move_damaged(path)
        except OSError as exc:
            raise StoreError(
                f"Your progress file {short_path(path)} cannot be used ({problem}) and could "
                f"not be moved aside ({plain_reason(exc, dirs.data)}); it is left untouched."
            ) from None
        told = _restore(dirs, path)
        ready.messages.append(
            f"Your progress file could not be used ({problem}); it is kept at "
            f"{short_path(aside)}. {told}"
        )
    con = _connect(path, BUSY_WAIT)
    try:
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            ready.read_only = True
            ready.messages.append(
                "Your progress was saved by a newer Swoop: it is shown, but nothing new is "
                "kept until you update Swoop."
            )
        elif version < SCHEMA_VERSION:  # a current one needs no write (another window
            _migrate(con)  # may be in the middle of a change)
    finally:
        con.close()
    return ready


def ready(dirs: Dirs) -> _Ready:
    """The database checked and at the current schema (done once per process). Raises
    StoreError (or sqlite3.Error) when it cannot be used.

    The check runs under a lock file shared by every Swoop process on the folder: a
    window that looked at the database while another was making it could take the
    half-made file for a damaged one and move it aside, with the other's first game.
    """
    key = f"db-ready:{db_file(dirs)}"
    with _OPENING:
        found = dirs.state.cache.get(key)
        if isinstance(found, _Ready):
            return found
        path = db_file(dirs)
        try:
            with held_lock(
                path.with_name(path.name + ".lock"),
                "the progress file's lock",
                BUSY_WAIT,
                dirs.data,
            ) as told:
                made = _open_once(dirs)
        except Timeout:
            raise StoreError("another Swoop window kept your progress file busy") from None
        made.messages[:0] = told
        dirs.state.cache[key] = made
        return made


@contextmanager
def connection(dirs: Dirs, wait: float = BUSY_WAIT) -> Iterator[sqlite3.Connection]:
    """A connection to the checked database (closed after use)."""
    ready(dirs)
    con = _connect(db_file(dirs), wait)
    try:
        yield con
    finally:
        con.close()


def reader(dirs: Dirs) -> sqlite3.Connection:
    """A connection for one screen's many reads, kept while it shows (the caller closes
    it): in WAL mode it holds nothing between its statements."""
    ready(dirs)
    return _connect(db_file(dirs), BUSY_WAIT)


@contextmanager
def change(dirs: Dirs, wait: float = BUSY_WAIT) -> Iterator[sqlite3.Connection]:
    """One change: ``BEGIN IMMEDIATE`` (waiting up to ``wait`` for another window),
    committed when the block ends, rolled back if it raises. StoreError on a database
    from a newer Swoop."""
    if ready(dirs).read_only:
        raise StoreError("your progress was saved by a newer Swoop")
    with connection(dirs, wait) as con:
        con.execute("BEGIN IMMEDIATE")
        try:
            yield con
        except BaseException:
            # Some errors (a full disk, a full table) end the transaction themselves: a
            # ROLLBACK then would fail and hide the error that tells what happened.
            if con.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    con.execute("ROLLBACK")
            raise
        con.execute("COMMIT")


#: How far ahead of this machine's clock a file's time may be and still be believed
#: (seconds): a file system's own clock may run a little ahead of the process's.
CLOCK_SLACK = 120.0


def _written(path: Path, now: float) -> float:
    """When ``path`` was last written; 0 (the oldest there is) for a time in the future."""
    when = path.stat().st_mtime
    return when if when <= now + CLOCK_SLACK else 0.0


def own_folder(folder: Path, data: Path) -> bool:
    """Whether ``folder`` is a real folder right inside ``data`` (not a link to one
    elsewhere, nor a file)."""
    try:
        return (
            not folder.is_symlink()
            and folder.is_dir()
            and folder.resolve().parent == data.resolve()
        )
    except (OSError, RuntimeError):
        return False


def _backups_home(dirs: Dirs, make: bool = False) -> Path | None:
    """The folder the backups are kept in: ``backups/`` in the data folder, or where
    something else was put at that name (a link to another folder, a file), the first of
    ``backups-2``, ``backups-3``... that is a real folder of its own (made when ``make``;
    a backup is never written through a link, out of the data folder). None when there
    is none."""
    first = backups_folder(dirs)
    for n in range(1, 10):
        folder = first if n == 1 else first.with_name(f"{first.name}-{n}")
        if own_folder(folder, dirs.data):
            return folder
        if folder.exists() or folder.is_symlink():
            continue  # not ours: left as it is
        if not make:
            return None
        try:
            folder.mkdir()
        except FileExistsError:  # made at this moment by another window
            if own_folder(folder, dirs.data):
                return folder
            continue
        return folder
    return None


def make_backup(dirs: Dirs, force: bool = False) -> Path | None:
    """A checked copy of the database in ``backups/`` when the newest is over a day old
    (or ``force``); the oldest beyond :data:`KEEP_BACKUPS` go, never the copy just made.
    None when none was due (or none could be made)."""
    newest = backups(dirs)
    if newest and not force:
        try:
            if time.time() - _written(newest[0], time.time()) < BACKUP_EVERY:
                return None
        except OSError:
            pass
    folder = _backups_home(dirs, make=True)
    if folder is None:
        return None
    for stale in folder.glob("swoop-*.sqlite3.tmp"):  # a copy a killed window left
        with contextlib.suppress(OSError):
            if time.time() - stale.stat().st_mtime > 3600:
                stale.unlink()
    target = folder / f"swoop-{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}.sqlite3"
    tmp = target.with_name(target.name + ".tmp")
    with connection(dirs) as src:
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
        finally:
            dst.close()
    if _problem(tmp) is not None:
        tmp.unlink(missing_ok=True)
        return None
    os.replace(tmp, target)
    # The copy just made is the newest good one whatever the others' times say: it is
    # kept, with the newest of the rest.
    for old in [b for b in backups(dirs) if b != target][KEEP_BACKUPS - 1 :]:
        old.unlink(missing_ok=True)
    return target


def forget(dirs: Dirs) -> None:
    """Open the database afresh on its next use (checked again): after its files were
    replaced from outside this process's own changes (tests, a restore)."""
    with _OPENING:
        dirs.state.cache.pop(f"db-ready:{db_file(dirs)}", None)
        for key in ("summed-up", "summaries-checked"):  # what was learnt of its rows
            dirs.state.cache.pop(key, None)
