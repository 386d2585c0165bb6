"""Your daily deals, puzzles and stored reviews, kept in the progress database.

Each is one document in the ``documents`` table of ``swoop.sqlite3`` (storage.db),
under the name of the file an older Swoop kept it in (``daily.json``,
``puzzles.json``, ``reviews.json``), in the same versioned JSON and read by the same
validator, entry by entry: a bad entry is dropped and told, the others kept. What
the database gives them: every read-change-write is one transaction, so two
windows queue instead of losing each other's days or puzzles; they are in the
database's backups, and a damaged database is put back from one.

An older Swoop's file is brought in the first time it is read or changed, in the
same transaction (its damaged entries dropped and told, a damaged file moved aside
and its ``.bak`` used, as the file reader always did), and the file moves untouched
into the import's folder beside the history's (``imported-<date>/``). A file found
again later (an older Swoop run once more) is moved there too, and said: the
database's copy is the one kept.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from swoop_desktop.names import printable, shown

from . import db
from .jsonfile import (
    DocKind,
    DocumentError,
    Loaded,
    backup_path,
    decode_document,
    encode_document,
    load_document,
)
from .notices import plain_reason
from .paths import Dirs

T = TypeVar("T")

#: ``change(value, messages)``: the new body to keep (None: nothing changes). ``value`` is
#: what the database holds (None when nothing yet); ``messages`` takes words for the player.
Change = Callable[[T | None, list[str]], Mapping[str, Any] | None]
#: The body a value is kept as (what :data:`Change` returns for it), for the import.
Dump = Callable[[T], Mapping[str, Any]]

WAIT = db.BUSY_WAIT  # seconds a change waits for another window's


def _decode(body: Any, kind: DocKind[Any], what: str) -> tuple[Any, list[str]]:
    """The stored document's value (None when it cannot be read at all) and messages.
    ``body`` is whatever the row holds: text as stored, or (an edit) bytes or a number."""
    notes: list[str] = []
    if isinstance(body, str):
        raw = body.encode("utf-8", "surrogatepass")
    elif isinstance(body, bytes):
        raw = body
    else:
        raw = repr(body).encode()  # no document: told as one that does not read
    try:
        value = decode_document(raw, kind, notes)
    except (DocumentError, ValueError, RecursionError) as exc:
        return None, [
            f"Your stored {what} could not be read ({shown(str(exc))}); they start again."
        ]
    told = [f"Your stored {what}: {n}" for n in notes[:3]]
    if len(notes) > 3:
        told.append(f"… and {len(notes) - 3} more of your stored {what} could not be read.")
    return value, told


def _there(path: Path) -> bool:
    """Whether something is at ``path`` (False when the folder cannot even be searched)."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return False


def _bring_in(
    dirs: Dirs, con: sqlite3.Connection, path: Path, kind: DocKind[T], dump: Dump[T]
) -> tuple[list[str], list[Path], bool]:
    """Inside a change: an older Swoop's file at ``path`` brought in (unless the database
    holds the document already). Messages, the files to move once committed, and whether
    the file could not be read (then nothing may change: its entries would be lost)."""
    bak = backup_path(path)
    if not (_there(path) or _there(bak)):
        return [], [], False
    name = path.name
    held = con.execute("SELECT 1 FROM documents WHERE name = ?", (name,)).fetchone()
    if held:
        return (
            [
                f"A {name} found beside your progress file (left by an older Swoop) is kept in "
                f"{IMPORTED}… and not used: your progress file has your {kind.label} already."
            ],
            [p for p in (path, bak) if _there(p)],
            False,
        )
    loaded = load_document(path, kind, dirs.state.kept)
    messages = list(loaded.messages)
    if loaded.blocked:
        return messages, [], True  # it stays where it is, untouched; tried again next time
    if loaded.value is not None:
        con.execute(
            "INSERT INTO documents (name, body) VALUES (?, ?)",
            (name, encode_document(kind, dump(loaded.value))),
        )
    return messages, [p for p in (path, bak) if _there(p)], False


def load_stored(dirs: Dirs, path: Path, kind: DocKind[T], dump: Dump[T]) -> Loaded[T]:
    """What the database holds for the document an older Swoop kept at ``path`` (brought
    in first, if that file is there). Never raises: a database that cannot be read gives
    nothing and says why."""
    if not dirs.usable:
        return Loaded(None, [], "none")
    messages: list[str] = []
    if _there(path) or _there(backup_path(path)):
        messages += change_stored(
            dirs, path, kind, dump, lambda value, told: None, kept="", failed=lambda why: ""
        )[1]
    try:
        with db.connection(dirs) as con:
            row = con.execute("SELECT body FROM documents WHERE name = ?", (path.name,)).fetchone()
    except db.FAILURES as exc:
        return Loaded(
            None,
            messages + [f"Your {kind.label} could not be read ({why_not(exc, dirs)})."],
            "none",
        )
    if row is None:
        return Loaded(None, [printable(m) for m in messages], "none")
    value, told = _decode(row[0], kind, kind.label)
    return Loaded(value, [printable(m) for m in messages + told], "db")


def change_stored(
    dirs: Dirs,
    path: Path,
    kind: DocKind[T],
    dump: Dump[T],
    change: Change[T],
    *,
    kept: str,
    failed: Callable[[str], str],
    wait: float = WAIT,
) -> tuple[bool, list[str]]:
    """Read what the database holds for the document, change it and keep it, in one
    transaction (two windows queue). Never raises. Returns whether ``change`` ran and
    messages for the player: ``kept`` when an older Swoop's file is there but cannot be
    read (nothing changes until it can be brought in), ``failed(why)`` when the
    database could not take the change."""
    if not dirs.usable:
        return False, []
    messages: list[str] = []
    ran = False
    files: list[Path] = []
    try:
        with db.change(dirs, wait) as con:
            more, files, blocked = _bring_in(dirs, con, path, kind, dump)
            messages += more
            if blocked:
                return False, [printable(m) for m in messages + [kept] if m]
            row = con.execute("SELECT body FROM documents WHERE name = ?", (path.name,)).fetchone()
            value: T | None = None
            if row is not None:
                value, told = _decode(row[0], kind, kind.label)
                messages += told
            body = change(value, messages)
            ran = True
            if body is not None:
                con.execute(
                    "INSERT OR REPLACE INTO documents (name, body) VALUES (?, ?)",
                    (path.name, encode_document(kind, body)),
                )
    except (*db.FAILURES, ValueError) as exc:
        files = []
        messages.append(failed(why_not(exc, dirs)))
    move_imported(dirs, files)
    return ran, [printable(m) for m in messages if m]


def why_not(exc: BaseException, dirs: Dirs) -> str:
    """Why the database could not be used, in plain words (for the player's messages)."""
    if isinstance(exc, UnicodeDecodeError):  # SQLite quoted bytes of a damaged page
        return "your progress file is damaged"
    text = str(exc)
    if isinstance(exc, sqlite3.OperationalError) and "locked" in text:
        return "another Swoop window kept your progress file busy"
    if isinstance(exc, sqlite3.OperationalError) and "full" in text:
        return "the disk is full"
    if isinstance(exc, sqlite3.Error):
        return f"the database said: {shown(text)}"
    if isinstance(exc, OSError) and not isinstance(exc, db.StoreError):
        return plain_reason(exc, dirs.data)
    return text


#: The folder (with the time of the import) an older Swoop's files move into.
IMPORTED = "imported-"
IMPORTED_README = """These are the files an older Swoop kept your progress in.

Swoop now keeps it in swoop.sqlite3, in the folder above, and brought everything it
could read from these files into it. Nothing here is needed any more; it is kept so
that nothing you had is lost. To get a history.json of all your games (for another
tool, or an older Swoop), run:  swoop --export history.json
"""


def _import_folder(dirs: Dirs) -> Path:
    """This start's ``imported-<date>/`` folder: one made by this process, right inside
    the data folder. Whatever is already at that name (a link to a folder elsewhere, a
    file, an earlier start's folder) is left alone and a fresh name taken
    (``imported-<date>-2``...), so nothing is ever moved out of the data folder."""
    folder = dirs.state.cache.get("import-folder")
    if isinstance(folder, Path) and db.own_folder(folder, dirs.data):
        return folder
    stamp = f"{IMPORTED}{datetime.now().strftime('%Y%m%d-%H%M%S')}"
    for n in range(1, 100):
        folder = dirs.data / (stamp if n == 1 else f"{stamp}-{n}")
        try:
            folder.mkdir()  # fails on anything there, a link included
        except FileExistsError:
            continue
        if db.own_folder(folder, dirs.data):
            dirs.state.cache["import-folder"] = folder
            return folder
    raise FileExistsError(f"no fresh folder for the imported files in {dirs.data}")


def move_imported(dirs: Dirs, files: list[Path]) -> None:
    """Move files an older Swoop kept, untouched, into this start's ``imported-<date>/``
    folder (best effort: a file left in place is brought in, or set aside, next time)."""
    if not files:
        return
    try:
        folder = _import_folder(dirs)
        readme = folder / "README.txt"
        if not (readme.exists() or readme.is_symlink()):
            readme.write_text(IMPORTED_README, encoding="utf-8")
        for path in files:
            target = folder / path.name
            n = 1
            while target.exists() or target.is_symlink():  # never over one kept before
                n += 1
                target = folder / f"{path.stem}-{n}{path.suffix}"
            os.replace(path, target)
    except OSError:
        pass
