"""Versioned JSON documents that survive crashes and damage.

Writing is atomic: the new text goes to a temporary file in the same folder,
is flushed and fsynced, and is renamed over the old file; just before that the
old file is kept as ``<name>.bak`` (a hard link, so the old version is never
copied half-way). At every instant the file on disk is a complete old or new
version.

Reading checks everything: JSON text, a ``"format"`` name, a ``"version"``
number (older versions are migrated forward by code, newer ones refused), and
the values (by a per-kind validator). A file that fails is moved aside with a
timestamp — never deleted — the player is told in plain words what happened
and where the copy is, the ``.bak`` is used when it is good, and otherwise the
caller starts fresh for that file only.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import stat
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from swoop_desktop.i18n import N_, _, ngettext
from swoop_desktop.names import printable, shown
from swoop_desktop.safeio import Refused, exists, is_regular, parse_json, read_capped

from .notices import short_path

T = TypeVar("T")
Notes = list[str] | None  # where a lenient validator reports dropped entries; None = strict

STALE_TEMP_SECONDS = 60.0

#: The words for each kind of file (by its label), looked up when a message is made: what
#: the file is called at the start of a sentence ("Your settings file ..."), the sentence
#: for starting afresh, and the message for something else found where it is kept.
# Translators: each first entry is the subject of sentences such as "{file} was damaged:
# {damage}." and "{file} had a value that could not be used: {note}."; in the third,
# {name} is the name of the file and {path} where the thing in its way was moved to.
_FILE_WORDS: dict[str, tuple[str, str, str]] = {
    "settings": (
        # Translators: a sentence's subject in a notice: "Your settings file was damaged: …".
        N_("Your settings file"),
        N_("Starting with a fresh settings file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a settings file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "saved game": (
        N_("Your saved game file"),
        N_("Starting with a fresh saved game file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a saved game file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "game history": (
        N_("Your game history file"),
        N_("Starting with a fresh game history file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a game history file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "unrecorded game": (
        N_("Your unrecorded game file"),
        N_("Starting with a fresh unrecorded game file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a unrecorded game file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "records": (
        # Translators: a sentence's subject in a notice: "Your records file was damaged: …".
        N_("Your records file"),
        N_("Starting with a fresh records file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a records file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "puzzles": (
        # Translators: a sentence's subject in a notice: "Your puzzles file was damaged: …".
        N_("Your puzzles file"),
        N_("Starting with a fresh puzzles file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a puzzles file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "daily deals": (
        N_("Your daily deals file"),
        N_("Starting with a fresh daily deals file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a daily deals file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "game reviews": (
        N_("Your game reviews file"),
        N_("Starting with a fresh game reviews file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a game reviews file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "change waiting to be stored": (
        N_("Your change waiting to be stored file"),
        N_("Starting with a fresh change waiting to be stored file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a change waiting to be stored file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "Swoop": (
        # Translators: a sentence's subject in a notice: "Your Swoop file was damaged: …" (a
        # file of the game's own whose kind is not known).
        N_("Your Swoop file"),
        N_("Starting with a fresh Swoop file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a Swoop file was where Swoop keeps it ({name}); it was "
            "moved to {path}."
        ),
    ),
    "Swoop's export": (
        N_("Your Swoop's export file"),
        N_("Starting with a fresh Swoop's export file."),
        # Translators: {name} is the file's name; {path} where the thing in its way went.
        N_(
            "Something that is not a Swoop's export file was where Swoop keeps it ({name}); "
            "it was moved to {path}."
        ),
    ),
}


def _file_words(label: str) -> tuple[str, str, str]:
    """The words for a file of ``label`` in the player's language (English, as written,
    for a label the table lacks)."""
    found = _FILE_WORDS.get(label)
    if found is None:
        return (
            f"Your {label} file",
            f"Starting with a fresh {label} file.",
            f"Something that is not a {label} file was where Swoop keeps it ({{name}}); it "
            "was moved to {path}.",
        )
    return (_(found[0]), _(found[1]), _(found[2]))


class DocumentError(ValueError):
    """The content of a file is not what this program expects; the message says why."""


class KeptFile(OSError):
    """A write refused because the player was told this file is kept as it is."""


def drop(notes: Notes, text: str) -> None:
    """A bad entry: raise in strict mode (``notes`` None), else note it and go on."""
    if notes is None:
        raise DocumentError(text)
    notes.append(text)


@dataclass(frozen=True)
class DocKind(Generic[T]):
    """One kind of file: its format name, current version, migrations and validator.

    ``migrations[v]`` turns a version-``v`` body into a version-``v + 1`` body.
    ``validate(body, notes)`` turns a current-version body into a value or raises
    :class:`DocumentError` naming what is wrong; with a ``notes`` list it drops a
    bad entry (using its default) and appends a plain-words note instead of
    raising, and raises only when the file as a whole is unusable.
    ``cap`` is the largest file (bytes) that is read at all.
    """

    format: str
    version: int
    label: str  # "settings", "saved game", "game history" (used in messages)
    validate: Callable[[dict[str, Any], Notes], T]
    migrations: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = field(
        default_factory=dict
    )
    indent: int | None = 2
    cap: int = 1 << 20


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What reading a file gave: the value (None = start fresh) and messages for the player.

    ``blocked`` is true when the file exists but could not even be read or moved
    aside (permissions, a locked file): callers must then not overwrite it.
    """

    value: T | None
    messages: list[str]
    source: str  # "file", "backup" or "none"
    blocked: bool = False

    def __post_init__(self) -> None:
        self.messages[:] = [printable(m) for m in self.messages]  # one line each, on screen


# -- writing --------------------------------------------------------------------
def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _create_exclusive(folder: Path, stem: str) -> tuple[int, Path]:
    """A new, empty temporary file in ``folder``, named ``.<stem>.<random>.tmp``.

    Created exclusively and without following links: a file, folder or link
    planted at any name cannot redirect what is written.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    flags |= getattr(os, "O_BINARY", 0)
    for _unused in range(100):
        tmp = folder / f".{stem}.{secrets.token_hex(8)}.tmp"
        try:
            return os.open(tmp, flags, 0o644), tmp
        except FileExistsError:
            continue
    raise FileExistsError(17, "no free temporary name", str(folder))


def copy_exclusive(source: Path, target: Path) -> None:
    """Copy the ordinary file ``source`` to the new file ``target``.

    Neither end follows a link: a link at ``source`` is refused, and ``target``
    must not exist at all (FileExistsError), so a planted link never sends the
    copy elsewhere.
    """
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    src = os.open(source, os.O_RDONLY | nofollow | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(src).st_mode):
            raise IsADirectoryError(21, "not an ordinary file", str(source))
        dst = os.open(
            target,
            os.O_WRONLY | os.O_CREAT | os.O_EXCL | nofollow | getattr(os, "O_BINARY", 0),
            0o644,
        )
        try:
            while chunk := os.read(src, 1 << 20):
                os.write(dst, chunk)
            os.fsync(dst)
        except BaseException:
            os.close(dst)
            target.unlink(missing_ok=True)
            raise
        os.close(dst)
    finally:
        os.close(src)


def _keep_backup(path: Path) -> None:
    """Make ``<name>.bak`` the current content of ``path`` (atomically), if it exists."""
    if os.path.islink(path) or not is_regular(path):
        return
    bak = backup_path(path)
    fd, tmp = _create_exclusive(path.parent, f"{path.name}.bak")
    os.close(fd)
    try:
        tmp.unlink()
        try:
            os.link(path, tmp)  # fails if anything was put at the name meanwhile
        except FileExistsError:
            raise
        except OSError:  # no hard links here (some network or FAT folders): copy instead
            copy_exclusive(path, tmp)
        os.replace(tmp, bak)
    finally:
        tmp.unlink(missing_ok=True)


def _retry(step: Callable[[], None], tries: int = 5) -> None:
    """Run ``step``, retrying briefly when another program holds the file (Windows, virus
    scanners, cloud sync): a rename there fails with PermissionError for a moment."""
    for attempt in range(tries):
        try:
            step()
            return
        except PermissionError:
            if attempt == tries - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


def _clear_the_way(path: Path, label: str) -> list[str]:
    """A folder, pipe or device where ``path`` (or its ``.bak``) should be is moved aside.

    Returns a message for the player for each thing moved; raises OSError if it cannot be.
    """
    messages = []
    for target in (path, backup_path(path)):
        if os.path.isdir(target) or (
            exists(target) and not is_regular(target) and not os.path.islink(target)
        ):
            aside = move_aside(target, "in-the-way")
            told = _file_words(label)[2]
            messages.append(told.format(name=target.name, path=aside))
    return messages


def atomic_write_text(
    path: Path,
    text: str,
    keep_backup: bool = True,
    kept: set[Path] | None = None,
    label: str = "Swoop",
) -> list[str]:
    """Replace ``path`` by ``text`` so that a crash at any moment leaves the old or new file.

    A folder or other non-file in the way of ``path`` or its ``.bak`` is moved
    aside first. A path in ``kept`` (the player was told it stays as it is) is
    never written: KeptFile is raised. Returns messages for the player.
    """
    path = Path(path)
    if kept is not None and path in kept:
        raise KeptFile(f"{path} is kept as it is")
    path.parent.mkdir(parents=True, exist_ok=True)
    messages = _clear_the_way(path, label)
    fd, tmp = _create_exclusive(path.parent, path.name)
    try:
        with open(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if keep_backup:
            _retry(lambda: _keep_backup(path))
        _retry(lambda: os.replace(tmp, path))
    finally:
        tmp.unlink(missing_ok=True)
    _fsync_dir(path.parent)
    return messages


def encode_document(kind: DocKind[Any], body: Mapping[str, Any]) -> str:
    data = {"format": kind.format, "version": kind.version}
    data.update((k, v) for k, v in body.items() if k not in ("format", "version"))
    separators = (",", ": ") if kind.indent is not None else (",", ":")
    return (
        json.dumps(
            data, indent=kind.indent, separators=separators, ensure_ascii=False, allow_nan=False
        )
        + "\n"
    )


def write_document(
    path: Path, kind: DocKind[Any], body: Mapping[str, Any], kept: set[Path] | None = None
) -> list[str]:
    """Write ``body`` (plus ``format`` and ``version``) atomically, keeping a ``.bak``.

    Returns messages for the player (things moved out of the way).
    """
    return atomic_write_text(path, encode_document(kind, body), kept=kept, label=kind.label)


# -- reading --------------------------------------------------------------------
def decode_document(raw: bytes, kind: DocKind[T], notes: Notes = None) -> T:
    """Bytes of a file -> the validated value, migrating older versions; DocumentError if bad.

    With a ``notes`` list, bad entries are dropped and noted instead (see DocKind).
    """
    if not raw.strip():
        raise DocumentError(_("the file is empty"))
    try:
        data = parse_json(raw, huge="mark")
    except Refused as exc:
        raise DocumentError(str(exc)) from None
    except json.JSONDecodeError as exc:
        # Translators: {error} is the JSON reader's own words (in English); {line} and
        # {column} are numbers.
        told = _(
            "it is not valid JSON ({error} at line {line}, column {column}); it may have "
            "been cut short"
        )
        raise DocumentError(told.format(error=exc.msg, line=exc.lineno, column=exc.colno)) from None
    if not isinstance(data, dict):
        # Translators: {found} is the kind of JSON value found (list, str, int...).
        told = _("expected a JSON object, found {found}")
        raise DocumentError(told.format(found=type(data).__name__))
    fmt = data.get("format")
    if fmt != kind.format:
        # Translators: {file} is what the file should be ("settings", "saved game"; in
        # English); {found} and {expected} are the format names in the file and wanted.
        told = _("it is not a Swoop {file} file (format {found}, expected {expected})")
        raise DocumentError(
            told.format(file=kind.label, found=shown(fmt), expected=repr(kind.format))
        )
    version = data.get("version")
    if type(version) is not int or version < 1:
        # Translators: {version} is what the file has as its version.
        told = _("its version {version} is not a positive whole number")
        raise DocumentError(told.format(version=shown(version)))
    if version > kind.version:
        # Translators: {version} and {known} are whole numbers.
        told = _(
            "it was written by a newer version of Swoop (file version {version}; this "
            "program reads up to version {known})"
        )
        raise DocumentError(told.format(version=version, known=kind.version))
    while version < kind.version:
        step = kind.migrations.get(version)
        if step is None:
            # Translators: {version} is a whole number.
            told = _("version {version} files can no longer be read")
            raise DocumentError(told.format(version=version))
        try:
            data = step(data)
        except DocumentError:
            raise
        except (
            KeyError,
            TypeError,
            ValueError,
            AttributeError,
            IndexError,
            OverflowError,
            RecursionError,
        ) as exc:
            # Translators: {error} is Python's own words (in English) for what went wrong.
            told = _("it could not be updated from version {version}: {error}")
            raise DocumentError(told.format(version=version, error=exc)) from None
        version += 1
        data["version"] = version
    try:
        return kind.validate(data, notes)
    except DocumentError:
        raise
    except (
        KeyError,
        TypeError,
        ValueError,
        AttributeError,
        IndexError,
        OverflowError,
        RecursionError,
    ) as exc:
        # Translators: {error} is Python's own words (in English) for the wrong value.
        raise DocumentError(_("a value in it is wrong ({error})").format(error=exc)) from None


def _timestamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def move_aside(path: Path, why: str = "damaged") -> Path:
    """Rename ``path`` to ``<stem>.<why>-<timestamp><suffix>`` (never overwriting); return it."""
    stamp = _timestamp()
    name, dot, suffix = path.name.partition(".")
    suffix = dot + suffix
    n = 0
    while True:
        extra = f"-{n}" if n else ""
        target = path.with_name(f"{name}.{why}-{stamp}{extra}{suffix}")
        if not os.path.lexists(target):
            break
        n += 1
    os.replace(path, target)
    return target


def set_aside(path: Path) -> Path | str:
    """:func:`move_aside` for a message: where the damaged file went, or "its place" when
    it could not be moved (it is then left where it is)."""
    try:
        return move_aside(path)
    except OSError:
        return "its place"


def _clean_stale_temps(path: Path) -> None:
    now = time.time()
    try:
        temps = list(path.parent.glob(f".{path.name}.*tmp"))
    except OSError:
        return
    for tmp in temps:
        try:
            if now - tmp.stat().st_mtime > STALE_TEMP_SECONDS:
                tmp.unlink()
        except OSError:
            pass


def _read_one(path: Path, kind: DocKind[T], notes: Notes = None) -> T:
    try:
        raw = read_capped(path, kind.cap)
    except Refused as exc:
        raise DocumentError(str(exc)) from None
    return decode_document(raw, kind, notes)


def _dangling(path: Path) -> bool:
    """True when ``path`` is a link whose target is missing."""
    return os.path.islink(path) and not os.path.exists(path)


def _when(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    except (OSError, ValueError, OverflowError):
        # Translators: the time a backup was saved, when it is not known ("saved earlier").
        return _("earlier")


def load_document(path: Path, kind: DocKind[T], kept: set[Path] | None = None) -> Loaded[T]:
    """Read a file of ``kind``; on damage move it aside and fall back to its ``.bak``.

    The ``.bak`` is used whenever the main file is missing or bad (and copied
    back in place). A file that cannot be read or moved aside is left alone
    and added to ``kept``: the writers then never write over it.
    Entries that fail the validator are dropped and told in the messages.
    """
    path = Path(path)
    _clean_stale_temps(path)
    bak = backup_path(path)
    what, fresh, _way = _file_words(kind.label)
    notes: list[str] = []

    def keep(message: str) -> Loaded[T]:
        if kept is not None:
            kept.add(path)
        return Loaded(None, [message], "none", blocked=True)

    try:
        main_there = exists(path)
    except OSError as exc:
        return keep(_unread(what, path, exc))
    message = ""
    if main_there:
        try:
            if _dangling(path):
                # Translators: {path} is where the link points.
                told = _("it is a link to {path}, which is not there")
                raise DocumentError(told.format(path=short_path(os.readlink(path))))
            value = _read_one(path, kind, notes)
            return Loaded(value, _entries(what, notes, path), "file")
        except DocumentError as exc:
            reason = str(exc)
        except OSError as exc:
            return keep(_unread(what, path, exc))
        try:
            aside = move_aside(path)
        except OSError as exc:
            # Translators: {file} is "Your settings file" or the like; {path} the file;
            # {damage} what is wrong with it; {reason} why it could not be moved.
            told = _(
                "{file} {path} is damaged ({damage}) and could not be moved aside "
                "({reason}); it was left untouched and will not be overwritten."
            )
            return keep(told.format(file=what, path=path, damage=reason, reason=_plain(exc)))
        damaged: tuple[str, Path] | None = (reason, aside)
    else:
        damaged = None
    try:
        bak_there = exists(bak)
    except OSError:
        bak_there = False
    if bak_there:
        notes = []
        try:
            value = _read_one(bak, kind, notes)
        except (DocumentError, OSError) as exc:
            why = str(exc) if isinstance(exc, DocumentError) else _plain(exc)
            try:
                bak_aside: Path | None = move_aside(bak)
            except OSError:
                bak_aside = None
            message = _backup_damaged(what, damaged, why, bak_aside)
        else:
            when = _when(bak)
            put_back: str | None = None
            try:
                raw = read_capped(bak, kind.cap)
                atomic_write_text(path, raw.decode("utf-8"), keep_backup=False)
            except (OSError, ValueError) as exc:
                put_back = _plain(exc)
            return Loaded(
                value,
                [_backup_used(what, damaged, when, put_back)] + _entries(what, notes, None),
                "backup",
            )
    elif damaged is not None:
        # Translators: {file} is "Your settings file" or the like; {damage} what is wrong
        # with it; {path} where the damaged file is kept.
        message = _("{file} was damaged: {damage}. A copy is kept at {path}.").format(
            file=what, damage=damaged[0], path=damaged[1]
        )
    if not message:
        return Loaded(None, [], "none")
    return Loaded(None, [message + " " + fresh], "none")


def _unread(what: str, path: Path, exc: BaseException) -> str:
    """The words for a file that could not even be read (it is kept as it is)."""
    # Translators: {file} is "Your settings file" or the like; {path} the file; {reason}
    # why it could not be read (e.g. "Permission denied").
    told = _(
        "{file} {path} could not be read ({reason}); it was left untouched and will not be "
        "overwritten."
    )
    return told.format(file=what, path=path, reason=_plain(exc))


def _backup_damaged(
    what: str, damaged: tuple[str, Path] | None, why: str, bak_aside: Path | None
) -> str:
    """The words for a file damaged (or missing) whose backup was damaged too."""
    if damaged is None and bak_aside is None:
        # Translators: {file} is "Your settings file" or the like; {bak_damage} what is
        # wrong with its backup copy.
        told = _("{file} was missing. The backup copy was damaged too ({bak_damage}).")
    elif damaged is None:
        # Translators: {file} is "Your settings file" or the like; {bak_damage} what is
        # wrong with its backup copy; {bak_path} where that copy is kept.
        told = _(
            "{file} was missing. The backup copy was damaged too ({bak_damage}); it is kept "
            "at {bak_path}."
        )
    elif bak_aside is None:
        # Translators: {file} is "Your settings file" or the like; {damage} what is wrong
        # with it; {path} where it is kept; {bak_damage} what is wrong with its backup.
        told = _(
            "{file} was damaged: {damage}. A copy is kept at {path}. The backup copy was "
            "damaged too ({bak_damage})."
        )
    else:
        # Translators: {file} is "Your settings file" or the like; {damage} what is wrong
        # with it; {path} where it is kept; {bak_damage} what is wrong with its backup;
        # {bak_path} where that is kept.
        told = _(
            "{file} was damaged: {damage}. A copy is kept at {path}. The backup copy was "
            "damaged too ({bak_damage}); it is kept at {bak_path}."
        )
    damage, path = damaged if damaged is not None else ("", None)
    return told.format(file=what, damage=damage, path=path, bak_damage=why, bak_path=bak_aside)


def _backup_used(
    what: str, damaged: tuple[str, Path] | None, when: str, put_back: str | None
) -> str:
    """The words for a file damaged (or missing) whose backup is used instead."""
    if damaged is None and put_back is None:
        # Translators: {file} is "Your settings file" or the like; {when} the date and
        # time the copy was saved.
        told = _("{file} was missing. Using the previous copy, saved {when}.")
    elif damaged is None:
        # Translators: {file} is "Your settings file" or the like; {when} the date and
        # time the copy was saved; {reason} why it could not be put back.
        told = _(
            "{file} was missing. Using the previous copy, saved {when} (it could not be put "
            "back in place: {reason}; the backup is kept)."
        )
    elif put_back is None:
        # Translators: {file} is "Your settings file" or the like; {damage} what is wrong
        # with it; {path} where it is kept; {when} the date and time the copy was saved.
        told = _(
            "{file} was damaged: {damage}. A copy is kept at {path}. Using the previous copy, "
            "saved {when}."
        )
    else:
        # Translators: {file} is "Your settings file" or the like; {damage} what is wrong
        # with it; {path} where it is kept; {when} the date and time the copy was saved;
        # {reason} why it could not be put back.
        told = _(
            "{file} was damaged: {damage}. A copy is kept at {path}. Using the previous copy, "
            "saved {when} (it could not be put back in place: {reason}; the backup is kept)."
        )
    damage, path = damaged if damaged is not None else ("", None)
    return told.format(file=what, damage=damage, path=path, when=when, reason=put_back)


def keep_copy(path: Path, why: str = "partly-damaged") -> Path | None:
    """A dated copy of ``path`` beside it (none if an identical copy is already kept)."""
    name, dot, suffix = path.name.partition(".")
    try:
        data = path.read_bytes()
        for old in path.parent.glob(f"{name}.{why}-*{dot}{suffix}"):
            if is_regular(old) and not old.is_symlink() and old.read_bytes() == data:
                return old
        return copy_beside(path, why)
    except OSError:
        return None


def copy_beside(path: Path, why: str) -> Path:
    """A dated copy of ``path`` beside it, ``<stem>.<why>-<timestamp><suffix>``, never over
    anything (a link or file already at a name is passed by); return the copy's path."""
    name, dot, suffix = path.name.partition(".")
    stamp = _timestamp()
    for n in range(1000):
        target = path.with_name(f"{name}.{why}-{stamp}{f'-{n}' if n else ''}{dot}{suffix}")
        try:
            copy_exclusive(path, target)
        except FileExistsError:
            continue
        return target
    raise FileExistsError(17, "no free name for a copy", str(path))


def _entries(what: str, notes: list[str], path: Path | None) -> list[str]:
    """One message for the entries a lenient validator dropped (a copy of the file as it
    was is kept, so that the next save, which leaves them out, loses nothing)."""
    if not notes:
        return []
    copy = keep_copy(path) if path is not None else None
    more = len(notes) - 1
    if not more and copy is None:
        # Translators: {file} is "Your settings file" or the like; {note} says which value
        # and what is wrong with it.
        told = _("{file} had a value that could not be used: {note}. The rest of the file is used.")
    elif not more:
        # Translators: {file} is "Your settings file" or the like; {note} says which value
        # and what is wrong with it; {path} is where a copy of the file is kept.
        told = _(
            "{file} had a value that could not be used: {note}. The rest of the file is "
            "used; a copy of the file as it was is kept at {path}."
        )
    elif copy is None:
        # Translators: {file} is "Your settings file" or the like; {note} says which value
        # and what is wrong with it; {n} counts the other values that could not be used.
        told = ngettext(
            "{file} had a value that could not be used: {note} (and {n} more). The rest of "
            "the file is used.",
            "{file} had a value that could not be used: {note} (and {n} more). The rest of "
            "the file is used.",
            more,
        )
    else:
        # Translators: {file} is "Your settings file" or the like; {note} says which value
        # and what is wrong with it; {n} counts the other values that could not be used;
        # {path} is where a copy of the file is kept.
        told = ngettext(
            "{file} had a value that could not be used: {note} (and {n} more). The rest of "
            "the file is used; a copy of the file as it was is kept at {path}.",
            "{file} had a value that could not be used: {note} (and {n} more). The rest of "
            "the file is used; a copy of the file as it was is kept at {path}.",
            more,
        )
    return [told.format(file=what, note=notes[0], n=more, path=copy)]


def _plain(exc: BaseException) -> str:
    from .notices import plain_reason

    return plain_reason(exc, reading=True)


# -- validation helpers -----------------------------------------------------------
_MISSING: Any = object()


def get(
    obj: Mapping[str, Any],
    key: str,
    kinds: type | tuple[type, ...],
    where: str,
    default: Any = _MISSING,
) -> Any:
    """``obj[key]`` checked against ``kinds`` (bool is never accepted as int)."""
    if key not in obj:
        if default is _MISSING:
            # Translators: {name} is the name of a value in the file (as written there).
            raise DocumentError(_("{name} is missing").format(name=f"{where}{key}"))
        return default
    value = obj[key]
    check_type(value, kinds, f"{where}{key}")
    return value


def check_type(value: Any, kinds: type | tuple[type, ...], name: str) -> None:
    if kinds is int or kinds is str or kinds is list or kinds is dict:  # the usual, at once
        if type(value) is int if kinds is int else isinstance(value, kinds):
            return
    if not isinstance(kinds, tuple):
        kinds = (kinds,)
    ok = any(
        (type(value) is bool)
        if k is bool
        else (type(value) is int)
        if k is int
        else (
            type(value) in (int, float)
            and (type(value) is float and math.isfinite(value) or type(value) is int)
        )
        if k is float
        else (value is None)
        if k is type(None)
        else isinstance(value, k)
        for k in kinds
    )
    if not ok:
        names = [
            "null"
            if k is type(None)
            else _(_KIND_WORDS[k.__name__])
            if k.__name__ in _KIND_WORDS
            else k.__name__
            for k in kinds
        ]
        while len(names) > 1:  # "text or a list or null"
            # Translators: two kinds of value a setting may hold ("text or a list").
            names[:2] = [_("{first} or {second}").format(first=names[0], second=names[1])]
        # Translators: {name} is the name of a value in the file (as written there); {kinds}
        # what it may be ("a whole number", "text or null"); {value} what it was.
        told = _("{name} should be {kinds}, not {value}")
        raise DocumentError(told.format(name=name, kinds=names[0], value=shown(value)))


#: The kinds of value a file holds, as the messages name them.
_KIND_WORDS = {
    # Translators: kinds of value, as {kinds} in "{name} should be {kinds}, not {value}":
    # this one a yes/no value (written true or false in the file).
    "bool": N_("true/false"),
    # Translators: a kind of value, as {kinds} in "{name} should be {kinds}, not {value}".
    "int": N_("a whole number"),
    # Translators: a kind of value, as {kinds} in "{name} should be {kinds}, not {value}".
    "float": N_("a number"),
    # Translators: a kind of value, as {kinds} in "{name} should be {kinds}, not {value}".
    "str": N_("text"),
    # Translators: a kind of value, as {kinds} in "{name} should be {kinds}, not {value}".
    "list": N_("a list"),
    # Translators: a kind of value, as {kinds} in "{name} should be {kinds}, not {value}":
    # a JSON object (a group of named values).
    "dict": N_("an object"),
}


def int_list(value: Any, name: str, length: int | None = None) -> list[int]:
    check_type(value, list, name)
    if not all(type(v) is int for v in value):  # the usual case at once; else which one
        for i, v in enumerate(value):
            check_type(v, int, f"{name}[{i}]")
    if length is not None and len(value) != length:
        # Translators: {name} is the name of a value in the file; {n} how many numbers it
        # should hold; {found} how many it held.
        told = ngettext(
            "{name} should hold {n} number, not {found}",
            "{name} should hold {n} numbers, not {found}",
            length,
        )
        raise DocumentError(told.format(name=name, n=length, found=len(value)))
    return list(value)
