"""The progress database: ``swoop.sqlite3`` in the data folder (Python's own ``sqlite3``).

It holds the finished and abandoned games (the history that Scores lists and the
statistics, the rating and the records are worked out from). What this module does:

- **Opening.** Every use opens its own connection (so any thread may store a game)
  with a busy timeout, foreign keys on and autocommit: each change is one
  ``BEGIN IMMEDIATE … COMMIT``, so two windows queue for the database instead of
  losing each other's games. The journal is WAL, set when the file is made.
- **Checking, once per process.** ``PRAGMA application_id`` tells a Swoop database
  from any other SQLite file, ``PRAGMA quick_check`` finds damage (the look itself is
  :mod:`.file_check`'s, which writes nothing). A damaged or foreign file is moved aside
  whole (with its ``-wal`` and ``-shm``), the player is told, and the newest backup is
  put back (what came after it is lost, and said).
- **Versions.** ``PRAGMA user_version`` is the schema's version; each missing
  migration (:mod:`.schema`) runs in its own transaction. A database from a newer Swoop
  is read but never written (the player is told once).
- **Backups.** With SQLite's backup API into ``backups/``: made when the newest is
  more than a day old, checked, then renamed into place; :data:`KEEP_BACKUPS` kept.

Nothing here knows what a game is: :mod:`swoop_desktop.progress` owns the tables'
meaning (:mod:`swoop_desktop.progress.stored_games` the games) and the import of the
older JSON files.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from filelock import Timeout

from swoop_desktop.dates import moment_words
from swoop_desktop.i18n import _

from . import file_check, schema
from .locking import held_lock
from .notices import plain_reason, short_path
from .paths import Dirs

DB_NAME = "swoop.sqlite3"
#: How long a change waits for another window's change to finish (seconds).
BUSY_WAIT = 5.0
#: Backups kept in ``backups/`` (the oldest goes first), and how old the newest may get.
KEEP_BACKUPS = 3
BACKUP_EVERY = 24 * 3600.0

_log = logging.getLogger("swoop_desktop.storage")


class StoreError(OSError):
    """The database cannot be used now (with why, in plain words)."""


class BusyError(StoreError):
    """Another Swoop window or another program holds the database (it says which)."""


#: What using the database may raise, all of it caught where it is used: a file SQLite
#: cannot use (its own errors; a message of its that quotes bytes of a damaged file is
#: not even text, a UnicodeDecodeError), the folder, or this module's plain words.
FAILURES = (StoreError, sqlite3.Error, OSError, UnicodeDecodeError)


#: SQLite's words (and its result codes' names) that say the progress file is damaged.
_DAMAGE = (
    "malformed",
    "not a database",
    "no such table",
    "no such column",
    "constraint failed",
    "corrupt",
    "notadb",
)


def why_not(exc: BaseException, dirs: Dirs) -> str:
    """Why the database could not be used, in plain words (for the player's messages);
    SQLite's own words go to the log (they say nothing to a player)."""
    if isinstance(exc, UnicodeDecodeError):  # SQLite quoted bytes of a damaged page
        return _("your progress file is damaged")
    text = str(exc)
    if isinstance(exc, sqlite3.Error):
        _log.warning("SQLite on %s: %s", db_file(dirs), text)
        words = f"{text} {getattr(exc, 'sqlite_errorname', '') or ''}".lower()
        if "locked" in words or "busy" in words:
            return _("another Swoop window kept your progress file busy")
        if "full" in words:
            return _("the disk is full")
        if "readonly" in words or "read-only" in words:
            # Translators: why the progress file could not be used (a read-only file, folder
            # or disk).
            return _("your progress file cannot be written to")
        if "unable to open" in words or "cantopen" in words:
            return _("your progress file could not be opened")
        if any(w in words for w in _DAMAGE) or isinstance(exc, sqlite3.IntegrityError):
            return _("your progress file is damaged")
        if "i/o" in words or "ioerr" in words:
            # Translators: why the progress file could not be used (the disk failed).
            return _("the disk could not read or write your progress file just now")
        # Translators: why the progress file could not be used (SQLite's words, in the log,
        # say nothing to a player).
        return _("your progress file could not be used just now")
    if isinstance(exc, OSError) and not isinstance(exc, StoreError):
        return plain_reason(exc, dirs.data)
    return text


def db_file(dirs: Dirs) -> Path:
    return dirs.data / DB_NAME


def backups_folder(dirs: Dirs) -> Path:
    return dirs.data / "backups"


@dataclass
class _Ready:
    """What this process learnt opening the database (kept in ``dirs.state.cache``)."""

    read_only: bool = False
    messages: list[str] = field(default_factory=list)
    #: Why nothing may be written (plain words), when ``read_only``.
    why: str = "your progress was saved by a newer Swoop"
    #: How readers open the file: "" (as usual), "ro" (read-only) or "immutable" (read
    #: the main file alone, touching no file beside it: a full disk, a read-only folder).
    mode: str = ""
    #: The damaged file moved aside at this opening, whose games that still read are
    #: brought back into the history (progress.stored_games), or None.
    rescue: Path | None = None
    #: Whether a backup was put back in place of a damaged file at this opening.
    restored: bool = False


_OPENING = threading.Lock()
#: Seconds a failed opening is remembered: every screen gets its answer at once instead
#: of waiting the whole busy time again (a lock held by another program, say).
RETRY_AFTER = 20.0
#: The most a read (or the opening) on the window's own thread waits for the database
#: (seconds). In WAL mode a reader never waits for a writer; only another program
#: holding the file in exclusive mode makes one wait, and the window must not freeze.
FRAME_READ_WAIT = 0.25
#: Seconds the reads on the window's thread stop waiting at all after one found the
#: database held by another program.
BUSY_MEMORY = 15.0


def _connect(path: Path, wait: float, mode: str = "") -> sqlite3.Connection:
    if mode:
        con = sqlite3.connect(
            file_check.uri(path, mode),
            uri=True,
            timeout=wait,
            isolation_level=None,
            check_same_thread=False,
        )
    else:
        con = sqlite3.connect(path, timeout=wait, isolation_level=None, check_same_thread=False)
    con.text_factory = file_check.text_of
    con.execute("PRAGMA foreign_keys = ON")
    return con


def check_progress(dirs: Dirs) -> float | None:
    """How far the check of the progress database under way has got (0-1; None when
    none is under way)."""
    return file_check.CHECKED.get(str(db_file(dirs)))


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


def _restore(dirs: Dirs, path: Path) -> str | None:
    """Put the newest sound backup in place of the missing database; when that backup
    was made (for the player), None when there was none to put back. The backup is read
    alone (nothing is made beside it) and the copy put back keeps the usual journal."""
    for backup in backups(dirs):
        if file_check.copy_problem(backup, BUSY_WAIT) is not None:
            continue
        tmp = path.with_name(path.name + ".restoring")
        for side in _sides(tmp):
            side.unlink(missing_ok=True)  # a copy a killed start left
        src = sqlite3.connect(file_check.uri(backup, "immutable"), uri=True)
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode = WAL")
        finally:
            src.close()
            dst.close()  # the last connection: its -wal and -shm go with it
        os.replace(tmp, path)
        return moment_words(datetime.fromtimestamp(backup.stat().st_mtime))
    return None


def _sides(path: Path) -> list[Path]:
    """The file at ``path`` and the journal files SQLite may keep beside it."""
    return [path] + [Path(str(path) + s) for s in ("-wal", "-shm", "-journal")]


def _set_orphans_aside(path: Path) -> None:
    """The journal files left beside a main file that is gone: a ``-wal`` or ``-journal``
    that holds anything (the last changes of the file it belonged to, which SQLite would
    lay over whatever file comes next at that name) is moved aside, kept, as
    ``swoop.left-<time>.sqlite3-wal``; an empty one, and the ``-shm`` (SQLite's index of
    the ``-wal``, nothing of its own), are removed."""
    for suffix in ("-wal", "-journal", "-shm"):
        side = Path(str(path) + suffix)
        if not os.path.lexists(side):
            continue
        if (
            side.is_file()
            and not side.is_symlink()
            and (suffix == "-shm" or file_check.file_size(side) == 0)
        ):
            side.unlink()
            continue
        stamp = _stamp()
        target = path.with_name(f"swoop.left-{stamp}.sqlite3{suffix}")
        n = 1
        while os.path.lexists(target):
            n += 1
            target = path.with_name(f"swoop.left-{stamp}-{n}.sqlite3{suffix}")
        os.replace(side, target)
        _log.warning("a journal left beside a missing progress file was kept at %s", target)


def _set_wal_aside(path: Path) -> Path:
    """Move the journal files beside ``path`` aside (the main file stays); where the
    ``-wal`` went."""
    target = Path(str(path.with_name(f"swoop.damaged-{_stamp()}.sqlite3")) + "-wal")
    n = 1
    while target.exists():
        n += 1
        target = Path(str(path.with_name(f"swoop.damaged-{_stamp()}-{n}.sqlite3")) + "-wal")
    os.replace(Path(str(path) + "-wal"), target)
    shm = Path(str(path) + "-shm")
    if shm.exists() or shm.is_symlink():
        os.replace(shm, Path(str(target)[: -len("-wal")] + "-shm"))
    return target


def _read_only_here(dirs: Dirs, ready: _Ready, why: str) -> _Ready:
    """The file could not be checked now (a full disk, a read-only folder): left where
    it is, shown read-only until the next start."""
    ready.read_only = True
    ready.mode = "ro"
    # Translators: {reason} says why, e.g. "the disk is full".
    ready.why = _("your progress file could not be checked ({reason})").format(reason=why)
    try:
        _connect(db_file(dirs), 0.1, "ro").execute("SELECT count(*) FROM games").fetchone()
    except sqlite3.Error:
        ready.mode = "immutable"  # nothing beside it can be made: the main file alone
    if why == _("the disk is full"):
        # Translators: {reason} says why: here "the disk is full".
        told = _(
            "Your progress could not be checked ({reason}). It is left as it is and shown, "
            "but nothing new is kept until Swoop is started again with room on the disk."
        )
    else:
        # Translators: {reason} says why, e.g. "the folder /home/…/swoop is on a read-only disk".
        told = _(
            "Your progress could not be checked ({reason}). It is left as it is and shown, "
            "but nothing new is kept until Swoop is started again."
        )
    ready.messages.append(told.format(reason=why))
    return ready


def _open_once(dirs: Dirs, wait: float = BUSY_WAIT) -> _Ready:
    """Check, move aside and restore, create and migrate: once per process and folder
    (waiting at most ``wait`` for another program holding the file)."""
    path = db_file(dirs)
    ready = _Ready()
    there = path.exists() or path.is_symlink()
    found = file_check.examine(path, wait) if there else file_check.Finding()
    if not there and backups(dirs):  # gone (deleted, lost by a sync, a failed move)
        _put_back_missing(dirs, path, ready)
    if found.unreachable is not None:
        return _read_only_here(dirs, ready, plain_unreachable(found.unreachable, dirs))
    if found.empty and backups(dirs):  # a file that lost everything, with copies beside it
        found.damage = _("it is empty: it holds none of your progress")
    if found.bad_wal is not None:
        try:
            aside = _set_wal_aside(path)
        except OSError as exc:
            # Translators: {damage} says what is wrong with the journal file (e.g. "it is
            # damaged (…)"); {reason} why it could not be moved (e.g. "the disk is full").
            told = _(
                "A journal file beside your progress does not belong to it ({damage}) and "
                "could not be moved aside ({reason}); nothing was changed."
            )
            reason = plain_reason(exc, dirs.data)
            raise StoreError(told.format(damage=found.bad_wal, reason=reason)) from None
        # Translators: {damage} says what is wrong with the journal file; {path} is where
        # it is kept now.
        told = _(
            "A journal file beside your progress file did not belong to it ({damage}); it is "
            "kept at {path} and your progress is as it was stored."
        )
        ready.messages.append(told.format(damage=found.bad_wal, path=short_path(aside)))
    if found.damage is not None:
        try:
            aside_db: Path | str = _move_damaged(path)
        except OSError as exc:
            # Translators: {path} is the progress file; {damage} says what is wrong with it
            # (e.g. "it is damaged (…)"); {reason} why it could not be moved (e.g. "the disk
            # is full").
            told = _(
                "Your progress file {path} cannot be used ({damage}) and could not be moved "
                "aside ({reason}); it is left untouched."
            )
            raise StoreError(
                told.format(
                    path=short_path(path),
                    damage=found.damage,
                    reason=plain_reason(exc, dirs.data),
                )
            ) from None
        when = _restore(dirs, path)
        ready.restored = when is not None
        ready.rescue = Path(aside_db)
        if when is not None:
            # Translators: {damage} says what is wrong with the file (e.g. "it is damaged
            # (…)"); {path} is where the damaged file is kept; {when} is the date and time
            # the backup was made.
            told = _(
                "Your progress file could not be used ({damage}); it is kept at {path}. Your "
                "progress was put back from the backup of {when}; games finished after that "
                "are read back from the damaged file where they can be."
            )
        else:
            # Translators: {damage} says what is wrong with the file (e.g. "it is damaged
            # (…)"); {path} is where the damaged file is kept.
            told = _(
                "Your progress file could not be used ({damage}); it is kept at {path}. There "
                "was no backup to put back; the games that still read are read back from it."
            )
        ready.messages.append(
            told.format(damage=found.damage, path=short_path(aside_db), when=when)
        )
    con = _connect(path, wait)
    try:
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version > schema.SCHEMA_VERSION:
            ready.read_only = True
            ready.messages.append(
                _(
                    "Your progress was saved by a newer Swoop: it is shown, but nothing new "
                    "is kept until you update Swoop."
                )
            )
        elif version < schema.SCHEMA_VERSION:  # a current one needs no write (another window
            was = schema.repair_version(con)  # may be in the middle of a change)
            if was is not None:
                _log.warning("the progress file's schema version read %s under its tables", was)
            schema.migrate(con)
    except sqlite3.Error as exc:
        if not file_check.machine_fault(exc) or "locked" in str(exc):
            raise
        return _read_only_here(dirs, ready, plain_unreachable(str(exc), dirs))
    finally:
        con.close()
    return ready


def _put_back_missing(dirs: Dirs, path: Path, ready: _Ready) -> None:
    """The progress file is missing with backups beside it: a loss, as a damaged file
    is. The newest sound backup is put back and the player told from when; with none
    sound, a new file is started and the backups are kept (never rotated away while
    they hold more games than it, see :func:`make_backup`)."""
    try:
        _set_orphans_aside(path)
        when = _restore(dirs, path)
    except (OSError, sqlite3.Error) as exc:
        for side in _sides(path.with_name(path.name + ".restoring")):
            side.unlink(missing_ok=True)
        file_check.said(path, exc)
        when = None
    ready.restored = when is not None
    folder = _backups_home(dirs)
    if when is not None:
        # Translators: {path} is the progress file; {when} is the date and time the backup
        # was made.
        told = _(
            "Your progress file {path} was missing. Your progress was put back from the "
            "backup of {when}; games finished after that are not in it."
        )
    else:
        # Translators: {path} is the progress file; {folder} the folder of its backups.
        told = _(
            "Your progress file {path} was missing, and none of its backups could be put "
            "back. A new one was started; the backups are kept in {folder}."
        )
    ready.messages.append(
        told.format(path=short_path(path), when=when, folder=short_path(folder or ""))
    )


def plain_unreachable(why: str, dirs: Dirs) -> str:
    """A check the machine could not do, in plain words (the disk is full, …); ``why`` is
    SQLite's own words, kept in the log."""
    words = why.lower()
    if "full" in words:
        return _("the disk is full")
    if "readonly" in words or "read-only" in words:
        # Translators: the end of "Your progress could not be checked ({reason})".
        return _("the folder {path} cannot be written to").format(path=short_path(dirs.data))
    try:
        probe = dirs.data / f".swoop-probe-{os.getpid()}"
        with open(probe, "wb") as out:
            out.write(b"\0" * 65536)
            out.flush()
            os.fsync(out.fileno())
        probe.unlink()
    except OSError as exc:
        return plain_reason(exc, dirs.data)
    file_check.said(db_file(dirs), why)
    # Translators: the end of "Your progress could not be checked ({reason})".
    return _("the disk would not let it be read just now")


def _failed(dirs: Dirs) -> StoreError | None:
    """A failure of the opening remembered for :data:`RETRY_AFTER` seconds."""
    kept = dirs.state.cache.get(f"db-failed:{db_file(dirs)}")
    if kept is None:
        return None
    when, error = kept
    if time.monotonic() - when > RETRY_AFTER:
        dirs.state.cache.pop(f"db-failed:{db_file(dirs)}", None)
        return None
    return (BusyError if isinstance(error, BusyError) else StoreError)(str(error))


def ready(dirs: Dirs, again: bool = False) -> _Ready:
    """The database checked and at the current schema (done once per process). Raises
    StoreError (or sqlite3.Error; BusyError when another window or program holds it)
    when it cannot be used; a failure is remembered for :data:`RETRY_AFTER` seconds, so
    the screens asking again meanwhile are answered at once instead of each waiting the
    whole busy time. ``again``: tried now whatever was remembered (the opening trying
    again on its own thread; the others are still answered at once meanwhile).

    The check runs under a lock file shared by every Swoop process on the folder: a
    window that looked at the database while another was making it could take the
    half-made file for a damaged one and move it aside, with the other's first game.
    """
    key = f"db-ready:{db_file(dirs)}"
    found = dirs.state.cache.get(key)
    if isinstance(found, _Ready):
        return found
    failed = None if again else _failed(dirs)
    if failed is not None:
        raise failed
    with _OPENING:
        found = dirs.state.cache.get(key)
        if isinstance(found, _Ready):
            return found
        failed = None if again else _failed(dirs)
        if failed is not None:
            raise failed
        path = db_file(dirs)
        wait = FRAME_READ_WAIT if on_frame_thread(dirs) else BUSY_WAIT
        try:
            try:
                with held_lock(
                    path.with_name(path.name + ".lock"),
                    # Translators: the lock file beside the progress file, named in
                    # messages about it ("{lock} … could not be opened").
                    _("the progress file's lock"),
                    wait,
                    dirs.data,
                ) as told:
                    made = _open_once(dirs, wait)
            except OSError as exc:
                if isinstance(exc, StoreError) or exc.errno not in _NO_LOCK_HERE:
                    raise
                # The lock file cannot be made (a read-only folder, a full disk): no
                # window can change the file either, so it is looked at without it.
                told = []
                made = _open_once(dirs, wait)
        except Timeout:
            error = BusyError(_("another Swoop window kept your progress file busy"))
            dirs.state.cache[f"db-failed:{path}"] = (time.monotonic(), error)
            raise error from None
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            error = BusyError(_("another program kept your progress file busy"))
            dirs.state.cache[f"db-failed:{path}"] = (time.monotonic(), error)
            raise error from None
        made.messages[:0] = told
        dirs.state.cache[key] = made
        return made


def unreadable(dirs: Dirs) -> str | None:
    """Why the stored progress cannot be read at all now, in plain words ("another Swoop
    window kept your progress file busy"), or None when it can be (if only read-only):
    a screen that would work a figure out from the history says this instead of working
    it out from part of it. Never waits long (a failed opening is remembered for
    :data:`RETRY_AFTER` seconds; on the window's thread the opening waits at most
    :data:`FRAME_READ_WAIT`)."""
    if not dirs.usable:
        return None
    try:
        ready(dirs)
    except BusyError as exc:
        return str(exc)
    except FAILURES as exc:
        file_check.said(db_file(dirs), exc)
        return _("your progress file could not be opened")
    return None


#: Why a lock file cannot be made: the folder is read-only or full.
_NO_LOCK_HERE = {errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC, errno.EDQUOT}


def frame_thread(dirs: Dirs) -> None:
    """The calling thread draws the window's frames: what it asks of the database never
    waits long for another program (see :data:`FRAME_READ_WAIT`)."""
    dirs.state.cache["frame-thread"] = threading.get_ident()


def on_frame_thread(dirs: Dirs) -> bool:
    return dirs.state.cache.get("frame-thread") == threading.get_ident()


def opened(dirs: Dirs) -> bool:
    """The database has been checked in this process (asking never waits)."""
    return isinstance(dirs.state.cache.get(f"db-ready:{db_file(dirs)}"), _Ready)


def _busy(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and (
        "locked" in str(exc) or "busy" in str(exc)
    )


@contextmanager
def connection(dirs: Dirs, wait: float = BUSY_WAIT) -> Iterator[sqlite3.Connection]:
    """A connection to the checked database (closed after use). On the window's own
    thread a read waits at most :data:`FRAME_READ_WAIT` (and not at all for a while after
    one found the file held by another program): the window never freezes for it."""
    found = ready(dirs)
    key = f"db-busy:{db_file(dirs)}"
    if on_frame_thread(dirs):
        wait = min(wait, FRAME_READ_WAIT)
        if time.monotonic() < float(dirs.state.cache.get(key, 0.0)):
            wait = 0.0
    con = _connect(db_file(dirs), wait, found.mode)
    try:
        yield con
    except BaseException as exc:
        if _busy(exc):
            dirs.state.cache[key] = time.monotonic() + BUSY_MEMORY
        raise
    finally:
        con.close()


@contextmanager
def looked_at(path: Path, wait: float = BUSY_WAIT) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the database file at ``path`` (anywhere: for tools such
    as ``python -m swoop_desktop.review``) that leaves nothing beside it: the file read
    alone and immutable when no journal beside it holds anything, else a copy of the
    file and its journals read in a folder of its own (removed after), so what only the
    journal holds is read too and no ``-wal`` or ``-shm`` is made beside the file."""
    sides = {s: Path(str(path) + s) for s in ("-wal", "-journal")}
    if not any(file_check.file_size(side) for side in sides.values()):
        con = _connect(path, wait, "immutable")
        try:
            yield con
        finally:
            con.close()
        return
    with tempfile.TemporaryDirectory(prefix="swoop-read-") as folder:
        copy = Path(folder) / "swoop.sqlite3"
        shutil.copyfile(path, copy)
        for suffix, side in sides.items():
            if file_check.file_size(side):
                shutil.copyfile(side, Path(str(copy) + suffix))
        con = _connect(copy, wait)
        try:
            yield con
        finally:
            con.close()


def reader(dirs: Dirs) -> sqlite3.Connection:
    """A connection for one screen's many reads, kept while it shows (the caller closes
    it): in WAL mode it holds nothing between its statements."""
    found = ready(dirs)
    wait = FRAME_READ_WAIT if on_frame_thread(dirs) else BUSY_WAIT
    return _connect(db_file(dirs), wait, found.mode)


@contextmanager
def change(dirs: Dirs, wait: float = BUSY_WAIT) -> Iterator[sqlite3.Connection]:
    """One change: ``BEGIN IMMEDIATE`` (waiting up to ``wait`` for another window),
    committed when the block ends, rolled back if it raises. StoreError on a database
    that may not be written (from a newer Swoop, or not checked: a full disk)."""
    found = ready(dirs)
    if found.read_only:
        raise StoreError(found.why)
    con = _connect(db_file(dirs), wait)
    try:
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
    finally:
        con.close()


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
    (or ``force``); the oldest beyond :data:`KEEP_BACKUPS` go, never the copy just made
    and never one that holds more games than the database does now (it may be all that
    is left of them). None when none was due (or none could be made).

    The copy is written in SQLite's plain journal mode and closed before it is renamed
    into place, and checked without anything made beside it: ``backups/`` holds the
    backups and nothing else (what a killed window left there is swept)."""
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
    _sweep_backups(folder)
    target = folder / f"swoop-{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}.sqlite3"
    tmp = target.with_name(target.name + ".tmp")
    try:
        with connection(dirs) as src:
            dst = sqlite3.connect(tmp)
            try:
                src.backup(dst)
                # The copy keeps the source's journal mode (WAL), whose files a read of it
                # would leave beside it: a backup is one file.
                dst.execute("PRAGMA journal_mode = DELETE")
            finally:
                dst.close()
        if file_check.copy_problem(tmp, BUSY_WAIT) is not None:
            return None
        os.replace(tmp, target)
    finally:
        for side in _sides(tmp):
            with contextlib.suppress(OSError):
                side.unlink(missing_ok=True)
    held = file_check.games_in(target)
    # The copy just made is the newest good one whatever the others' times say: it is
    # kept, with the newest of the rest; an older one that holds more games than the
    # database now (the database lost some) is kept until the database holds as many.
    for old in [b for b in backups(dirs) if b != target][KEEP_BACKUPS - 1 :]:
        more = file_check.games_in(old)
        if held is None or more is None or more > held:
            continue
        for side in _sides(old):
            with contextlib.suppress(OSError):
                side.unlink(missing_ok=True)
    return target


#: Seconds after which a temporary copy in ``backups/`` is taken for one a killed window
#: left (a copy is made in well under a minute even for a long history).
STALE_COPY = 3600.0


def _sweep_backups(folder: Path) -> None:
    """Remove what a killed window (or an older Swoop) left in ``backups/`` beside the
    backups: temporary copies over an hour old, the journal files of copies that are
    gone, and the journal files SQLite left beside a backup it read (nothing of the
    backup is in them: a ``-shm``, an empty ``-wal``). Never a backup itself."""
    now = time.time()
    try:
        found = [p for p in folder.iterdir() if p.name.startswith("swoop-")]
    except OSError:
        return
    for stale in found:
        with contextlib.suppress(OSError):
            if stale.is_symlink() or not stale.is_file():
                continue
            base, _dash, suffix = stale.name.rpartition("-")
            side = suffix in ("wal", "shm", "journal")
            main = folder / base if side else stale
            if main.name.endswith(".sqlite3.tmp"):
                if not main.exists() or now - main.stat().st_mtime > STALE_COPY:
                    stale.unlink()
            elif side and main.name.endswith(".sqlite3"):
                wal = folder / f"{main.name}-wal"
                empty = not wal.exists() or wal.stat().st_size == 0
                if suffix == "shm" and empty or suffix != "shm" and stale.stat().st_size == 0:
                    stale.unlink()


def forget(dirs: Dirs) -> None:
    """Open the database afresh on its next use (checked again): after its files were
    replaced from outside this process's own changes (tests, a restore)."""
    with _OPENING:
        dirs.state.cache.pop(f"db-ready:{db_file(dirs)}", None)
        # What was learnt of its rows, and that an older folder was looked for.
        for key in ("summed-up", "summaries-checked", "older-history-looked"):
            dirs.state.cache.pop(key, None)
