"""Looking at a progress file without writing to it or beside it: what it is (sound,
damaged, foreign, empty, out of reach now, or sound with a journal beside it that does
not belong: :func:`examine`), how far a check under way has got (:data:`CHECKED`), and
whether a backup can be put back (:func:`copy_problem`). SQLite's own words go to the
log; the findings are plain words for the player. :mod:`.db` opens the file and acts on
what is found.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from swoop_desktop.i18n import _

from . import schema

_log = logging.getLogger("swoop_desktop.storage")


def text_of(raw: bytes) -> str:
    """A stored text as a string, whatever its bytes: a damaged one reads with its bad
    bytes replaced (its row then fails its checks and is left out, told), never raises."""
    return raw.decode("utf-8", "replace")


def uri(path: Path, mode: str) -> str:
    """SQLite's URI for ``path`` opened in ``mode`` ("ro", "rw" or "immutable")."""
    query = "mode=ro&immutable=1" if mode == "immutable" else f"mode={mode}"
    return f"{path.absolute().as_uri()}?{query}"


def _row_level(finding: str) -> bool:
    """A finding of ``quick_check`` about one row's value (a CHECK or NOT NULL a row
    breaks: an edit, or a value written with the checks off), not about the file: the
    readers check every value and leave such a row out (or work it out again), so the
    database is not moved aside for it."""
    return finding.startswith(("CHECK constraint failed in ", "NULL value in "))


#: SQLite's result codes that say the machine cannot give the file now (a full disk, a
#: read-only folder, a file it may not open, an input/output fault), not that it is
#: damaged: such a file is left where it is, never moved aside.
_MACHINE = ("SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_READONLY", "SQLITE_PERM")


def machine_fault(exc: BaseException) -> bool:
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    if name.startswith(_MACHINE):
        return True
    words = str(exc).lower()
    return any(
        w in words
        for w in ("disk is full", "unable to open", "disk i/o", "readonly", "read-only", "locking")
    )


@dataclass
class Finding:
    """What a look at the file found: ``damage`` (it is moved aside), ``unreachable`` (it
    cannot be looked at now: left in place, read-only), ``empty`` (it holds nothing of a
    Swoop database: damage when backups wait beside it), ``bad_wal`` (the file is sound
    but the journal beside it does not belong to it: the journal is set aside)."""

    damage: str | None = None
    unreachable: str | None = None
    empty: bool = False
    bad_wal: str | None = None


def _look(
    path: Path, mode: str, wait: float, ids: bool = False
) -> tuple[Finding, list[str] | None]:
    """Check ``path`` opened in ``mode`` (never for writing unless ``mode`` is "rw");
    what was found and, when sound and ``ids`` asked for, the ids of its games in the
    order stored (None when they were not read)."""
    try:
        con = sqlite3.connect(uri(path, mode), uri=True, timeout=wait)
    except sqlite3.Error as exc:
        if machine_fault(exc):
            return Finding(unreachable=str(exc)), None
        said(path, exc)
        # Translators: a reason for "Your progress file could not be used ({damage})".
        return Finding(damage=_("it cannot be opened as a database")), None
    con.text_factory = text_of
    try:
        app = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        names = schema.table_names(con)
        if app != schema.APPLICATION_ID and (version or names):
            return Finding(damage=_("it is not a Swoop file")), None
        if version < 0:  # no Swoop writes one: a damaged header
            # Translators: {version} is a number read from the file's header.
            why = _("it is damaged (its schema version reads {version})")
            return Finding(damage=why.format(version=version)), None
        if not names:
            return Finding(empty=True), []
        if "games" not in names:
            return Finding(damage=_("it holds none of Swoop's tables")), None
        changed = schema.changed_layout(con)
        if changed is not None:
            # Translators: {table} is the name of a table in the database, in quotes.
            why = _("the layout of its table {table} is damaged").format(table=repr(changed))
            return Finding(damage=why), None
        _watch_check(con, path)
        try:
            check = [
                str(row[0])
                for row in con.execute("PRAGMA quick_check").fetchall()
                if not _row_level(str(row[0]))
            ]
        finally:
            con.set_progress_handler(None, 0)
            CHECKED.pop(str(path), None)
        if check not in ([], ["ok"]):
            said(path, "; ".join(check[:5]))
            # Translators: a reason for "Your progress file could not be used ({damage})".
            return Finding(damage=_("parts of it are damaged")), None
        if not ids:
            return Finding(), None
        try:
            return Finding(), [str(r[0]) for r in con.execute("SELECT id FROM games ORDER BY seq")]
        except sqlite3.Error:
            return Finding(), None
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return Finding(), None  # another window is writing: in use, not damaged
        if machine_fault(exc):
            return Finding(unreachable=str(exc)), None
        said(path, exc)
        # Translators: a reason for "Your progress file could not be used ({damage})".
        return Finding(damage=_("it cannot be read")), None
    except sqlite3.DatabaseError as exc:
        said(path, exc)
        # Translators: a reason for "Your progress file could not be used ({damage})".
        return Finding(damage=_("it is damaged")), None
    except UnicodeDecodeError:  # SQLite's own message quoted bytes of the damaged schema
        return Finding(damage=_("it is damaged (its list of tables cannot be read)")), None
    finally:
        con.close()


def said(path: Path, error: object) -> None:
    """Keep SQLite's own words about a file in the log: the player is told in plain words
    (its words, "Page 13: btreeInitPage() returns error code 11", say nothing to them)."""
    _log.warning("SQLite on %s: %s", path, error)


#: How far each check under way has got (0-1), by the checked file's path: an estimate
#: from SQLite's steps against the file's pages (the check takes about
#: :data:`_STEPS_PER_PAGE` of them a page), for the title's "Checking your progress… 40%".
CHECKED: dict[str, float] = {}
_STEPS_PER_PAGE = 40.0  # 20-48 measured on long histories: late rather than stuck
_STEPS_A_CALL = 5000


def _watch_check(con: sqlite3.Connection, path: Path) -> None:
    pages = max(1, int(con.execute("PRAGMA page_count").fetchone()[0]))
    calls = [0]
    key = str(path)

    def step() -> int:
        calls[0] += 1
        CHECKED[key] = min(0.99, calls[0] * _STEPS_A_CALL / (pages * _STEPS_PER_PAGE))
        return 0

    CHECKED[key] = 0.0
    con.set_progress_handler(step, _STEPS_A_CALL)


def file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def examine(path: Path, wait: float) -> Finding:
    """What the file at ``path`` is, found without writing to it or to anything beside
    it (so a foreign or damaged ``-wal`` can cost at most what was only in it):

    - a journal left by a kill while the file was first made (``-journal``) is rolled
      back, as SQLite would at the first read (the only case opened for writing);
    - with a ``-wal`` beside it, the file and the journal are read together read-only;
      where that finds damage, or games the file alone holds and the pair does not (a
      journal never takes a game away), the file alone is checked and, when sound, the
      journal is what does not belong;
    - a check that the machine cannot do now (a full disk, a read-only folder) is
      repeated on the file alone without touching anything beside it, and then leaves
      it in place: unreachable, never damage.
    """
    if path.is_symlink() or (path.exists() and not path.is_file()):
        return Finding(damage=_("it is not an ordinary file"))
    size = file_size(path)
    if size == 0:
        return Finding(empty=True)
    if size < 512:  # SQLite would take it for an empty database and write over it
        return Finding(damage=_("it is too short to be a database (cut short?)"))
    if file_size(Path(str(path) + "-journal")) > 0:
        found, _unused = _look(path, "rw", wait)
        if found.unreachable is None:
            return found
    wal = Path(str(path) + "-wal")
    if file_size(wal) > 0:
        pair, pair_ids = _look(path, "ro", wait, ids=True)
        if pair.unreachable is None:
            alone, alone_ids = _look(path, "immutable", wait, ids=True)
            lost = (
                pair_ids is not None
                and alone_ids is not None
                and pair_ids[: len(alone_ids)] != alone_ids
            )
            if (pair.damage or pair.empty or lost) and alone.damage is None and not alone.empty:
                why = pair.damage or _("it would take games away from your progress")
                return Finding(bad_wal=why)
            if pair.damage is None and not lost:
                return pair
            return alone if alone.damage else pair
        found, _unused = _look(path, "immutable", wait)
        if found.damage is None and not found.empty:
            return Finding(unreachable=pair.unreachable)
        return found
    found, _unused = _look(path, "ro", wait)
    if found.unreachable is not None:
        alone, _unused = _look(path, "immutable", wait)
        if alone.damage is not None:
            return alone
    return found


def copy_problem(path: Path, wait: float) -> str | None:
    """Why the backup (or the copy about to become one) at ``path`` cannot be put back,
    or None when it can: looked at alone and immutable, so nothing is made beside it (a
    backup is never written after it is made), and an empty one is no use."""
    if path.is_symlink() or not path.is_file():
        return _("it is not an ordinary file")
    if file_size(path) < 512:
        return _("it is too short to be a database (cut short?)")
    found, _unused = _look(path, "immutable", wait)
    if found.empty:
        return _("it is empty: it holds none of your progress")
    return found.damage or found.unreachable


def games_in(path: Path) -> int | None:
    """How many games the backup at ``path`` holds (read alone, nothing made beside it);
    None when that cannot be read."""
    try:
        with contextlib.closing(sqlite3.connect(uri(path, "immutable"), uri=True)) as con:
            return int(con.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except (sqlite3.Error, OSError, UnicodeDecodeError, ValueError):
        return None
