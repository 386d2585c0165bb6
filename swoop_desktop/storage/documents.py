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

import contextlib
import errno
import json
import logging
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from swoop_desktop.i18n import N_, _, ngettext
from swoop_desktop.names import printable, shown
from swoop_desktop.plural import Nn_
from swoop_desktop.safeio import Refused, read_capped

from . import db
from .imported import IMPORTED, move_imported
from .jsonfile import (
    DocKind,
    DocumentError,
    Loaded,
    Notes,
    atomic_write_text,
    backup_path,
    decode_document,
    encode_document,
    get,
    load_document,
    set_aside,
)
from .notices import plain_reason, short_path
from .paths import Dirs

_log = logging.getLogger("swoop_desktop.storage")

T = TypeVar("T")

#: ``change(value, messages)``: the new body to keep (None: nothing changes). ``value`` is
#: what the database holds (None when nothing yet); ``messages`` takes words for the player.
Change = Callable[[T | None, list[str]], Mapping[str, Any] | None]
#: The body a value is kept as (what :data:`Change` returns for it), for the import.
Dump = Callable[[T], Mapping[str, Any]]

WAIT = db.BUSY_WAIT  # seconds a change waits for another window's


def _decode(body: Any, kind: DocKind[Any], what: str) -> tuple[Any, list[str], str | None]:
    """The stored document's value (None when it cannot be read at all), messages, and
    what is wrong with it (None when it reads whole). ``body`` is whatever the row holds:
    text as stored, or (an edit) bytes or a number."""
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
        return (
            None,
            [_words(what, "unread").format(damage=shown(str(exc)))],
            shown(str(exc)),
        )
    told = [_words(what, "note").format(note=n) for n in notes[:3]]
    if len(notes) > 3:
        told.append(_more(what, len(notes) - 3))
    return value, told, (shown(notes[0]) if notes else None)


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
            [_words(kind.label, "held").format(name=name, folder=IMPORTED)],
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


def load_stored(
    dirs: Dirs, path: Path, kind: DocKind[T], dump: Dump[T], replay: Replay[T] | None = None
) -> Loaded[T]:
    """What the database holds for the document an older Swoop kept at ``path`` (brought
    in first, if that file is there), with the changes waiting beside the database
    (``replay`` turns them back into changes) stored first, or at least shown. Never
    raises: a database that cannot be read gives nothing and says why."""
    if not dirs.usable:
        return Loaded(None, [], "none")
    messages: list[str] = []
    waiting = replay is not None and bool(_waiting_files(dirs, path.name))
    if waiting or _there(path) or _there(backup_path(path)):
        messages += change_stored(
            dirs,
            path,
            kind,
            dump,
            lambda value, told: None,
            kept="",
            failed=lambda why: "",
            replay=replay,
        ).messages
    try:
        with db.connection(dirs) as con:
            row = con.execute("SELECT body FROM documents WHERE name = ?", (path.name,)).fetchone()
            applied = _applied(con)
    except db.FAILURES as exc:
        return Loaded(
            None,
            messages + [_words(kind.label, "failed").format(reason=db.why_not(exc, dirs))],
            "none",
        )
    value: T | None = None
    told: list[str] = []
    if row is not None:
        value, told, _unused = _decode(row[0], kind, kind.label)
    if replay is not None:  # what could not be stored yet is shown all the same
        for _unused, change in _replays(_waiting(dirs, path.name)[0], applied, replay):
            try:
                value = _applied_to(value, change, kind)
            except (DocumentError, ValueError, TypeError, KeyError):
                continue
    if row is None and value is None:
        return Loaded(None, [printable(m) for m in messages], "none")
    return Loaded(value, [printable(m) for m in messages + told], "db")


def store_waiting(
    dirs: Dirs,
    path: Path,
    kind: DocKind[T],
    dump: Dump[T],
    replay: Replay[T],
    failed: Callable[[str], str],
) -> list[str]:
    """Store the changes of the document at ``path`` waiting beside the database (at the
    start); messages for the player (``failed(why)`` when they must wait on). Never
    raises."""
    if not dirs.usable or not _waiting_files(dirs, path.name):
        return []
    return change_stored(
        dirs, path, kind, dump, lambda value, told: None, kept="", failed=failed, replay=replay
    ).messages


class Changed(NamedTuple):
    """What :func:`change_stored` did: whether the change ran (was stored), messages for
    the player, and whether it waits beside the database instead (stored later)."""

    ran: bool
    messages: list[str]
    waiting: bool = False


@dataclass(frozen=True)
class Later:
    """A change kept for later when the database cannot take it now: its name and
    arguments (plain JSON, turned back into the change by the document's replay), and
    the words for the player (given why the database could not take it)."""

    change: str
    args: Mapping[str, Any]
    told: Callable[[str], str]


def change_stored(
    dirs: Dirs,
    path: Path,
    kind: DocKind[T],
    dump: Dump[T],
    change: Change[T],
    *,
    kept: str,
    failed: Callable[[str], str],
    wait: float | None = None,
    replay: Replay[T] | None = None,
    later: Later | None = None,
) -> Changed:
    """Read what the database holds for the document, change it and keep it, in one
    transaction (two windows queue). Never raises.

    The changes waiting beside the database (``replay`` reads them) are stored first, in
    the same transaction. The change is worked out before the transaction and checked
    against what is stored inside it (worked out again only when another window changed
    the document meanwhile), so a window holds the database for a write, not for the
    reading and checking around it: two busy windows take turns instead of one waiting
    out its time. A stored document that does not read whole is kept aside (a file
    beside the database) before anything is written over it, and said.

    When the database cannot take the change (busy past ``wait``, read-only, from a newer
    Swoop; ``wait`` seconds, :data:`WAIT` unless given) and ``later`` is given, the change
    is written beside the database and stored the next time one works; else it is
    dropped. Returns whether ``change`` ran, messages for the player (``kept`` when an
    older Swoop's file is there but cannot be read, ``failed(why)`` or ``later.told(why)``
    when the database could not take it) and whether the change waits beside the
    database."""
    if not dirs.usable:
        return Changed(False, [])
    messages: list[str] = []
    files: list[Path] = []
    done: list[Path] = []
    plan: _Plan | None = None
    waiting, told = _waiting(dirs, path.name, replay) if replay is not None else ([], [])
    messages += told
    old = _there(path) or _there(backup_path(path))
    try:
        seen: tuple[Any, ...] | None = None
        if not old:  # worked out before the transaction; checked inside it
            seen, plan = _planned_before(dirs, path.name, waiting, replay, change, kind, dump)
        if plan is not None and seen is not None and plan.text is None and not plan.used:
            # Nothing to write: the change ran on what is stored (no lock taken).
            messages += plan.messages
            _remove([f for f, w in waiting if w.id in seen[1]])
            return Changed(plan.ran, [printable(m) for m in messages if m])
        with db.change(dirs, WAIT if wait is None else wait) as con:
            if old:
                more, files, blocked = _bring_in(dirs, con, path, kind, dump)
                messages += more
                if blocked:
                    return Changed(False, [printable(m) for m in messages + [kept] if m])
            plan, done = _written(dirs, con, path, kind, dump, change, replay, waiting, seen, plan)
        messages += plan.messages
    except (*db.FAILURES, ValueError) as exc:
        # Nothing of the transaction was kept (its COMMIT may be what failed): the files
        # brought in stay where they are, and the changes waiting beside wait on.
        files, done = [], []
        waits = _not_taken(dirs, path.name, exc, messages, failed, later)
        if waits is not None:
            return waits
        plan = None
    move_imported(dirs, files)
    _remove(done)
    return Changed(plan is not None and plan.ran, [printable(m) for m in messages if m])


def _planned_before(
    dirs: Dirs,
    name: str,
    waiting: list[tuple[Path, Waiting]],
    replay: Replay[T] | None,
    change: Change[T],
    kind: DocKind[T],
    dump: Dump[T],
) -> tuple[tuple[Any, frozenset[str]] | None, _Plan | None]:
    """The stored document as it is now, and the change worked out on it, before the
    transaction (nothing when it cannot be read now: it is worked out inside)."""
    try:
        with db.connection(dirs) as con:
            seen = _state(con, name)
        return seen, _plan(seen, waiting, replay, change, kind, dump)
    except (*db.FAILURES, ValueError):
        return None, None


def _written(
    dirs: Dirs,
    con: sqlite3.Connection,
    path: Path,
    kind: DocKind[T],
    dump: Dump[T],
    change: Change[T],
    replay: Replay[T] | None,
    waiting: list[tuple[Path, Waiting]],
    seen: tuple[Any, ...] | None,
    plan: _Plan | None,
) -> tuple[_Plan, list[Path]]:
    """Inside the transaction: the change (worked out again when the document is no
    longer what it was seen to be) written, with the waiting changes it stored noted; the
    plan, and the waiting files then done with."""
    now = _state(con, path.name)
    if plan is None or now != seen:
        plan = _plan(now, waiting, replay, change, kind, dump)
    if plan.text is not None:
        if plan.damage is not None:
            plan.messages.append(_keep_damaged(dirs, con, path, kind, now[0], plan))
        con.execute(
            "INSERT OR REPLACE INTO documents (name, body) VALUES (?, ?)",
            (path.name, plan.text),
        )
    if plan.used:
        _note_applied(con, now[1], plan.used)
    return plan, [f for f, w in waiting if w.id in now[1] or w.id in plan.used]


def _not_taken(
    dirs: Dirs,
    name: str,
    exc: BaseException,
    messages: list[str],
    failed: Callable[[str], str],
    later: Later | None,
) -> Changed | None:
    """The database could not take the change: kept beside it for later (the answer), or
    dropped, with why added to ``messages`` (None)."""
    why = db.why_not(exc, dirs)
    problem = None if later is None else _keep_waiting(dirs, name, later)
    if later is not None and problem is None:
        return Changed(False, [printable(m) for m in messages + [later.told(why)] if m], True)
    messages.append(failed(why))
    if problem is not None:
        # Translators: follows a message that something could not be stored; {reason}
        # says why, e.g. "the disk is full".
        either = _("It could not be kept for later either ({reason}).")
        messages.append(either.format(reason=plain_reason(problem, dirs.data)))
    return None


def _remove(files: list[Path]) -> None:
    for file in files:
        with contextlib.suppress(OSError):
            file.unlink()


# -- changes waiting beside the database ----------------------------------------------
# A daily result or a puzzle answer the database cannot take now (another window holds
# it past the wait, a newer Swoop's file, a full disk) is written on its own beside it,
# ``<document>.pending-<time>-<process>-<n>.json``, as its change's name and arguments,
# and stored (replayed, in the order kept) with the next change of its document that
# works, or at the next start. The ids of the changes stored are kept in the database in
# the same transaction (``meta``), so a change two windows find is stored once.
#: A stored change's name and arguments -> the change (DocumentError when they are wrong).
Replay = Callable[[str, Mapping[str, Any]], Change[T]]
_APPLIED = "documents.applied"
_MOST_APPLIED = 1000


@dataclass(frozen=True)
class Waiting:
    """A change kept beside the database: for which document, its id, name and arguments."""

    document: str
    id: str
    change: str
    args: dict[str, Any]


def _waiting_from_json(data: dict[str, Any], notes: Notes = None) -> Waiting:
    ident = get(data, "id", str, "")
    if not 0 < len(ident) <= 64:
        raise DocumentError("its id is not one Swoop writes")
    return Waiting(
        document=get(data, "document", str, "")[:40],
        id=ident,
        change=get(data, "change", str, "")[:40],
        args=dict(get(data, "args", dict, "")),
    )


WAITING_KIND: DocKind[Waiting] = DocKind(
    format="swoop-waiting-change",
    version=1,
    label="change waiting to be stored",
    validate=_waiting_from_json,
    indent=None,
    cap=16 << 20,
)


def _stem(name: str) -> str:
    return name.partition(".")[0]


def _waiting_files(dirs: Dirs, name: str) -> list[Path]:
    try:
        return sorted(dirs.data.glob(f"{_stem(name)}.pending-*.json"), key=lambda p: p.name)
    except OSError:
        return []


def _waiting(
    dirs: Dirs, name: str, replay: Replay[Any] | None = None
) -> tuple[list[tuple[Path, Waiting]], list[str]]:
    """The changes of document ``name`` waiting beside the database, oldest first; a
    damaged one is moved aside and said. With ``replay``, a change that does not read as
    one (an unknown change, a day that is no date, points past any game's) is moved into
    ``unreadable/`` in the data folder, kept, and said once (:func:`_set_unreadable_aside`):
    it is never read again at every start."""
    out: list[tuple[Path, Waiting]] = []
    messages: list[str] = []
    unread: list[tuple[Path, str]] = []
    for file in _waiting_files(dirs, name):
        try:
            found = decode_document(read_capped(file, WAITING_KIND.cap), WAITING_KIND, [])
            if found.document != name:
                # Translators: {name} is the name of the document it was written for.
                raise DocumentError(_("it belongs to {name}").format(name=shown(found.document)))
            if replay is not None:
                try:
                    replay(found.change, found.args)
                except _UNREAD as exc:  # the validators' own words, cut to a line
                    unread.append((file, printable(str(exc))[:160]))
                    continue
            out.append((file, found))
        except (DocumentError, Refused) as exc:
            moved = set_aside(file)
            # Translators: {document} is what the change was for, as the file is named
            # ("puzzles", "daily"); {damage} what is wrong; {path} where the file is kept.
            told = _(
                "A change to your {document} waiting to be stored was damaged ({damage}); "
                "the file is kept at {path}."
            )
            messages.append(
                told.format(
                    document=name.partition(".")[0],
                    damage=shown(str(exc)),
                    path=short_path(moved),
                )
            )
        except OSError:
            continue
    if unread:
        messages += _set_unreadable_aside(dirs, name, unread)
    return out, messages


#: What turning a kept change back into a change raises when it does not read as one.
_UNREAD = (DocumentError, ValueError, TypeError, KeyError, OverflowError, RecursionError)
#: The folder in the data folder that kept changes which do not read are moved into.
UNREADABLE = "unreadable"
#: What each document's changes are called in the message about them.
_DOCUMENT_WORDS = {
    # Translators: {document} in "A change to your {document} kept for later could not be
    # read": your daily deals' results.
    "daily": N_("daily deals"),
    # Translators: {document} in "A change to your {document} kept for later could not be
    # read": your saved puzzles.
    "puzzles": N_("puzzles"),
}


def unreadable_folder(dirs: Dirs) -> Path | None:
    """``unreadable/`` in the data folder (made when missing), or where something else
    is at that name (a file, a link out of the folder), the first of ``unreadable-2``,
    ``unreadable-3``... that is a real folder of its own; None when none can be made."""
    first = dirs.data / UNREADABLE
    for n in range(1, 10):
        folder = first if n == 1 else first.with_name(f"{UNREADABLE}-{n}")
        if db.own_folder(folder, dirs.data):
            return folder
        if folder.exists() or folder.is_symlink():
            continue  # not ours: left as it is
        try:
            folder.mkdir()
        except FileExistsError:  # made at this moment by another window
            if db.own_folder(folder, dirs.data):
                return folder
            continue
        except OSError:
            return None
        return folder
    return None


def _set_unreadable_aside(dirs: Dirs, name: str, unread: list[tuple[Path, str]]) -> list[str]:
    """Move the kept changes of document ``name`` that do not read (each with what is
    wrong with it) into :func:`unreadable_folder`, never over anything, never deleted;
    the one message that says so. A change that cannot be moved stays where it is,
    passed over, and is told once in this process."""
    moved: list[tuple[Path, str]] = []
    stuck: list[tuple[Path, str]] = []
    reason = ""
    folder = unreadable_folder(dirs)
    told: set[str] = dirs.state.cache.setdefault("unreadable-told", set())
    for file, why in unread:
        try:
            if folder is None:
                raise OSError(errno.EACCES, "no folder", str(dirs.data / UNREADABLE))
            target = folder / file.name
            n = 1
            while os.path.lexists(target):
                n += 1
                target = folder / f"{file.stem}-{n}{file.suffix}"
            os.replace(file, target)
            moved.append((target, why))
        except OSError as exc:
            if str(file) not in told:
                told.add(str(file))
                stuck.append((file, why))
                reason = reason or plain_reason(exc, dirs.data)
    stem = name.partition(".")[0]
    document = _(_DOCUMENT_WORDS[stem]) if stem in _DOCUMENT_WORDS else shown(stem)
    messages: list[str] = []
    if moved:
        # Translators: {document} is "daily deals" or "puzzles"; {damage} says what is
        # wrong with the (first) change; {folder} is where the files are kept now.
        words = ngettext(
            "A change to your {document} kept for later could not be read ({damage}); it "
            "is not used, and the file is kept in {folder}.",
            "{n} changes to your {document} kept for later could not be read (the first: "
            "{damage}); they are not used, and the files are kept in {folder}.",
            len(moved),
        )
        folder_name = short_path(moved[0][0].parent)
        messages.append(
            words.format(n=len(moved), document=document, damage=moved[0][1], folder=folder_name)
        )
    if stuck:
        # Translators: {document} is "daily deals" or "puzzles"; {damage} says what is
        # wrong with the (first) change; {reason} why it could not be moved (e.g. "the
        # disk is full").
        words = ngettext(
            "A change to your {document} kept for later could not be read ({damage}) and "
            "could not be moved aside ({reason}); it is left beside your progress file and "
            "not used.",
            "{n} changes to your {document} kept for later could not be read (the first: "
            "{damage}) and could not be moved aside ({reason}); they are left beside your "
            "progress file and not used.",
            len(stuck),
        )
        messages.append(
            words.format(n=len(stuck), document=document, damage=stuck[0][1], reason=reason)
        )
    return messages


def _replays(
    waiting: list[tuple[Path, Waiting]], applied: frozenset[str], replay: Replay[T] | None
) -> list[tuple[str, Change[T]]]:
    """The waiting changes not stored yet, as changes (one whose arguments do not read is
    passed over: it stays beside the database, told when it was read)."""
    out: list[tuple[str, Change[T]]] = []
    if replay is None:
        return out
    for _unused, found in waiting:
        if found.id in applied:
            continue
        try:
            out.append((found.id, replay(found.change, found.args)))
        except (DocumentError, ValueError, TypeError, KeyError):
            continue
    return out


def _keep_waiting(dirs: Dirs, name: str, later: Later) -> OSError | None:
    """Write ``later`` beside the database; the error when that fails."""
    ident = f"{time.time_ns():020d}-{os.getpid()}-{secrets.token_hex(4)}"
    try:
        atomic_write_text(
            dirs.data / f"{_stem(name)}.pending-{ident}.json",
            encode_document(
                WAITING_KIND,
                {"document": name, "id": ident, "change": later.change, "args": dict(later.args)},
            ),
            keep_backup=False,
            label=WAITING_KIND.label,
        )
    except (OSError, ValueError) as exc:  # ValueError: an argument JSON cannot hold
        return exc if isinstance(exc, OSError) else OSError(str(exc))
    return None


def _applied(con: sqlite3.Connection) -> frozenset[str]:
    """The ids of the waiting changes stored already (a few hundred, the newest)."""
    row = con.execute("SELECT value FROM meta WHERE key = ?", (_APPLIED,)).fetchone()
    try:
        ids = json.loads(row[0]) if row else []
    except (ValueError, TypeError):
        return frozenset()
    return frozenset(i for i in ids if isinstance(i, str)) if isinstance(ids, list) else frozenset()


def _note_applied(con: sqlite3.Connection, applied: frozenset[str], used: list[str]) -> None:
    ids = sorted(applied | set(used))[-_MOST_APPLIED:]  # ids begin with their time
    con.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (_APPLIED, json.dumps(ids))
    )


def _state(con: sqlite3.Connection, name: str) -> tuple[Any, frozenset[str]]:
    """What a change starts from: the stored body (None: none) and the changes applied."""
    row = con.execute("SELECT body FROM documents WHERE name = ?", (name,)).fetchone()
    return (None if row is None else row[0]), _applied(con)


def _applied_to(value: T | None, change: Change[T], kind: DocKind[T]) -> T | None:
    """``value`` after ``change`` (read back as the document would be)."""
    body = change(value, [])
    if body is None:
        return value
    return decode_document(encode_document(kind, body).encode("utf-8"), kind, [])


@dataclass
class _Plan:
    """A change worked out: the text to store (None: nothing changes), whether the change
    ran, the waiting changes stored with it, why what is stored does not read whole
    (None: it does), and messages."""

    text: str | None
    ran: bool
    used: list[str]
    damage: str | None
    unreadable: bool  # not at all (else some of its entries)
    messages: list[str]


def _plan(
    state: tuple[Any, frozenset[str]] | None,
    waiting: list[tuple[Path, Waiting]],
    replay: Replay[T] | None,
    change: Change[T],
    kind: DocKind[T],
    dump: Dump[T],
) -> _Plan:
    body, applied = state if state is not None else (None, frozenset[str]())
    messages: list[str] = []
    value: T | None = None
    damage: str | None = None
    if body is not None:
        value, messages, damage = _decode(body, kind, kind.label)
    changed = False
    used: list[str] = []
    for ident, step in _replays(waiting, applied, replay):
        try:
            after = _applied_to(value, step, kind)
        except (DocumentError, ValueError, TypeError, KeyError):
            continue  # it stays beside the database, as it is
        changed = changed or after is not value
        value = after
        used.append(ident)
    more: list[str] = []
    new = change(value, more)
    if new is None and changed and value is not None:
        new = dump(value)
    text = None if new is None else encode_document(kind, new)
    if text is not None and damage is not None:
        messages = []  # one message says it all (see _keep_damaged)
    return _Plan(text, True, used, damage, damage is not None and value is None, messages + more)


def _keep_damaged(
    dirs: Dirs, con: sqlite3.Connection, path: Path, kind: DocKind[Any], body: Any, plan: _Plan
) -> str:
    """Keep the stored document that does not read whole aside before it is written over:
    a file ``<name>.damaged-<time>.json`` beside the database (or, when no file can be
    written, a row of its own in the database); the one message that says so."""
    raw = body if isinstance(body, bytes) else str(body).encode("utf-8", "surrogatepass")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        target = _write_new(dirs.data, f"{_stem(path.name)}.damaged-{stamp}", ".json", raw)
        where, inside = short_path(target), False
    except OSError:
        name = f"{_stem(path.name)}.damaged-{stamp}.json"
        con.execute(
            "INSERT OR REPLACE INTO documents (name, body) VALUES (?, ?)",
            (name, raw.decode("utf-8", "replace")),
        )
        where, inside = name, True
    key = ("lost_" if plan.unreadable else "some_") + ("inside" if inside else "at")
    return _words(kind.label, key).format(damage=plan.damage, path=where)


def _write_new(folder: Path, stem: str, suffix: str, raw: bytes) -> Path:
    """Write ``raw`` to a new file (never over anything, never through a link); its path."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_BINARY", 0)
    for n in range(100):
        target = folder / f"{stem}{f'-{n}' if n else ''}{suffix}"
        try:
            fd = os.open(target, flags, 0o600)
        except FileExistsError:
            continue
        try:
            os.write(fd, raw)
            os.fsync(fd)
        except OSError:
            os.close(fd)
            target.unlink(missing_ok=True)
            raise
        os.close(fd)
        return target
    raise FileExistsError(17, "no free name for a copy", str(folder))


#: The messages about each kind of stored document (by its label), whole for each kind so
#: that a translation can make its words agree; looked up when a message is made.
# Translators: {damage} says what is wrong with the stored document; {note} which entry
# and what is wrong with it; {n} counts entries; {name} is a file's name; {folder} the
# start of the name of the folder older files are moved into; {reason} why the progress
# file could not be read (e.g. "the disk is full"); {path} where a copy is kept.
_WORDS: dict[str, dict[str, Any]] = {
    "puzzles": {
        # Translators: {damage} says what is wrong with the stored document.
        "unread": N_("Your stored puzzles could not be read ({damage}); they start again."),
        # Translators: {note} says which entry and what is wrong with it.
        "note": N_("Your stored puzzles: {note}"),
        # Translators: {n} counts the other entries that could not be read.
        "more": Nn_(
            "… and {n} more of your stored puzzles could not be read.",
            "… and {n} more of your stored puzzles could not be read.",
        ),
        # Translators: {name} is a file's name; {folder} the start of the name of the folder older files are moved into.
        "held": N_(
            "A {name} found beside your progress file (left by an older Swoop) is kept in "
            "{folder}… and not used: your progress file has your puzzles already."
        ),
        # Translators: {reason} says why, e.g. "the disk is full".
        "failed": N_("Your puzzles could not be read ({reason})."),
        # Translators: {damage} says what is wrong; {path} where the damaged copy is kept.
        "lost_at": N_(
            "Your stored puzzles could not be read ({damage}); they start again, and the "
            "damaged copy is kept at {path}."
        ),
        # Translators: {damage} says what is wrong; {path} the name the copy is kept under.
        "lost_inside": N_(
            "Your stored puzzles could not be read ({damage}); they start again, and the "
            "damaged copy is kept inside your progress file as {path}."
        ),
        # Translators: {damage} says what is wrong; {path} where the copy is kept.
        "some_at": N_(
            "Some of your stored puzzles could not be read ({damage}); the others are kept, and "
            "a copy of them as they were is kept at {path}."
        ),
        # Translators: {damage} says what is wrong; {path} the name the copy is kept under.
        "some_inside": N_(
            "Some of your stored puzzles could not be read ({damage}); the others are kept, and "
            "a copy of them as they were is kept inside your progress file as {path}."
        ),
    },
    "daily deals": {
        # Translators: {damage} says what is wrong with the stored document.
        "unread": N_("Your stored daily deals could not be read ({damage}); they start again."),
        # Translators: {note} says which entry and what is wrong with it.
        "note": N_("Your stored daily deals: {note}"),
        # Translators: {n} counts the other entries that could not be read.
        "more": Nn_(
            "… and {n} more of your stored daily deals could not be read.",
            "… and {n} more of your stored daily deals could not be read.",
        ),
        # Translators: {name} is a file's name; {folder} the start of the name of the folder older files are moved into.
        "held": N_(
            "A {name} found beside your progress file (left by an older Swoop) is kept in "
            "{folder}… and not used: your progress file has your daily deals already."
        ),
        # Translators: {reason} says why, e.g. "the disk is full".
        "failed": N_("Your daily deals could not be read ({reason})."),
        # Translators: {damage} says what is wrong; {path} where the damaged copy is kept.
        "lost_at": N_(
            "Your stored daily deals could not be read ({damage}); they start again, and the "
            "damaged copy is kept at {path}."
        ),
        # Translators: {damage} says what is wrong; {path} the name the copy is kept under.
        "lost_inside": N_(
            "Your stored daily deals could not be read ({damage}); they start again, and the "
            "damaged copy is kept inside your progress file as {path}."
        ),
        # Translators: {damage} says what is wrong; {path} where the copy is kept.
        "some_at": N_(
            "Some of your stored daily deals could not be read ({damage}); the others are kept, and "
            "a copy of them as they were is kept at {path}."
        ),
        # Translators: {damage} says what is wrong; {path} the name the copy is kept under.
        "some_inside": N_(
            "Some of your stored daily deals could not be read ({damage}); the others are kept, and "
            "a copy of them as they were is kept inside your progress file as {path}."
        ),
    },
    "game reviews": {
        # Translators: {damage} says what is wrong with the stored document.
        "unread": N_("Your stored game reviews could not be read ({damage}); they start again."),
        # Translators: {note} says which entry and what is wrong with it.
        "note": N_("Your stored game reviews: {note}"),
        # Translators: {n} counts the other entries that could not be read.
        "more": Nn_(
            "… and {n} more of your stored game reviews could not be read.",
            "… and {n} more of your stored game reviews could not be read.",
        ),
        # Translators: {name} is a file's name; {folder} the start of the name of the folder older files are moved into.
        "held": N_(
            "A {name} found beside your progress file (left by an older Swoop) is kept in "
            "{folder}… and not used: your progress file has your game reviews already."
        ),
        # Translators: {reason} says why, e.g. "the disk is full".
        "failed": N_("Your game reviews could not be read ({reason})."),
        # Translators: {damage} says what is wrong; {path} where the damaged copy is kept.
        "lost_at": N_(
            "Your stored game reviews could not be read ({damage}); they start again, and the "
            "damaged copy is kept at {path}."
        ),
        # Translators: {damage} says what is wrong; {path} the name the copy is kept under.
        "lost_inside": N_(
            "Your stored game reviews could not be read ({damage}); they start again, and the "
            "damaged copy is kept inside your progress file as {path}."
        ),
        # Translators: {damage} says what is wrong; {path} where the copy is kept.
        "some_at": N_(
            "Some of your stored game reviews could not be read ({damage}); the others are kept, and "
            "a copy of them as they were is kept at {path}."
        ),
        # Translators: {damage} says what is wrong; {path} the name the copy is kept under.
        "some_inside": N_(
            "Some of your stored game reviews could not be read ({damage}); the others are kept, and "
            "a copy of them as they were is kept inside your progress file as {path}."
        ),
    },
}


def _words(label: str, key: str) -> str:
    """The message ``key`` about the stored ``label`` in the player's language (for
    ``"more"``: the counted pair, looked up by the caller)."""
    found = _WORDS.get(label)
    if found is not None:
        return str(_(found[key]))
    english = {  # a label the table lacks: said in English, as written
        "unread": f"Your stored {label} could not be read ({{damage}}); they start again.",
        "note": f"Your stored {label}: {{note}}",
        "held": f"A {{name}} found beside your progress file (left by an older Swoop) is kept "
        f"in {{folder}}… and not used: your progress file has your {label} already.",
        "failed": f"Your {label} could not be read ({{reason}}).",
        "lost_at": f"Your stored {label} could not be read ({{damage}}); they start again, "
        "and the damaged copy is kept at {path}.",
        "lost_inside": f"Your stored {label} could not be read ({{damage}}); they start "
        "again, and the damaged copy is kept inside your progress file as {path}.",
        "some_at": f"Some of your stored {label} could not be read ({{damage}}); the others "
        "are kept, and a copy of them as they were is kept at {path}.",
        "some_inside": f"Some of your stored {label} could not be read ({{damage}}); the "
        "others are kept, and a copy of them as they were is kept inside your progress "
        "file as {path}.",
    }
    return english[key]


def _more(label: str, n: int) -> str:
    """ "… and 2 more of your stored puzzles could not be read." """
    found = _WORDS.get(label)
    if found is None:
        return f"… and {n} more of your stored {label} could not be read."
    singular, plural = found["more"]
    return ngettext(singular, plural, n).format(n=n)
