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

from swoop_desktop.names import printable, shown
from swoop_desktop.safeio import Refused, exists, is_regular, parse_json, read_capped

from .notices import short_path

T = TypeVar("T")
Notes = list[str] | None  # where a lenient validator reports dropped entries; None = strict

STALE_TEMP_SECONDS = 60.0


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
            messages.append(
                f"Something that is not a {label} file was where Swoop keeps it "
                f"({target.name}); it was moved to {aside}."
            )
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
        raise DocumentError("the file is empty")
    try:
        data = parse_json(raw, huge="mark")
    except Refused as exc:
        raise DocumentError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise DocumentError(
            f"it is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}); "
            "it may have been cut short"
        ) from None
    if not isinstance(data, dict):
        raise DocumentError(f"expected a JSON object, found {type(data).__name__}")
    fmt = data.get("format")
    if fmt != kind.format:
        raise DocumentError(
            f"it is not a Swoop {kind.label} file (format {shown(fmt)}, expected {kind.format!r})"
        )
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise DocumentError(f"its version {shown(version)} is not a positive whole number")
    if version > kind.version:
        raise DocumentError(
            f"it was written by a newer version of Swoop (file version "
            f"{version}; this program reads up to version {kind.version})"
        )
    while version < kind.version:
        step = kind.migrations.get(version)
        if step is None:
            raise DocumentError(f"version {version} files can no longer be read")
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
            raise DocumentError(f"it could not be updated from version {version}: {exc}") from None
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
        raise DocumentError(f"a value in it is wrong ({exc})") from None


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
        return "earlier"


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
    what = f"Your {kind.label} file"
    notes: list[str] = []

    def keep(message: str) -> Loaded[T]:
        if kept is not None:
            kept.add(path)
        return Loaded(None, [message], "none", blocked=True)

    try:
        main_there = exists(path)
    except OSError as exc:
        return keep(
            f"{what} {path} could not be read ({_plain(exc)}); it was left untouched "
            "and will not be overwritten."
        )
    message = ""
    if main_there:
        try:
            if _dangling(path):
                raise DocumentError(
                    f"it is a link to {short_path(os.readlink(path))}, which is not there"
                )
            value = _read_one(path, kind, notes)
            return Loaded(value, _entries(what, notes, path), "file")
        except DocumentError as exc:
            reason = str(exc)
        except OSError as exc:
            return keep(
                f"{what} {path} could not be read ({_plain(exc)}); it was left "
                "untouched and will not be overwritten."
            )
        try:
            aside = move_aside(path)
        except OSError as exc:
            return keep(
                f"{what} {path} is damaged ({reason}) and could not be moved aside "
                f"({_plain(exc)}); it was left untouched and will not be overwritten."
            )
        message = f"{what} was damaged: {reason}. A copy is kept at {aside}"
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
            lead = message or f"{what} was missing"
            try:
                bak_aside = move_aside(bak)
                message = (
                    f"{lead}. The backup copy was damaged too ({why}); it is kept at {bak_aside}"
                )
            except OSError:
                message = f"{lead}. The backup copy was damaged too ({why})"
        else:
            when = _when(bak)
            lead = message or f"{what} was missing"
            restored = ""
            try:
                raw = read_capped(bak, kind.cap)
                atomic_write_text(path, raw.decode("utf-8"), keep_backup=False)
            except (OSError, ValueError) as exc:
                restored = (
                    f" (it could not be put back in place: {_plain(exc)}; the backup is kept)"
                )
            return Loaded(
                value,
                [lead + f". Using the previous copy, saved {when}{restored}."]
                + _entries(what, notes, None),
                "backup",
            )
    if not message:
        return Loaded(None, [], "none")
    return Loaded(None, [message + f". Starting with a fresh {kind.label} file."], "none")


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
    more = f" (and {len(notes) - 1} more)" if len(notes) > 1 else ""
    copy = keep_copy(path) if path is not None else None
    kept = f"; a copy of the file as it was is kept at {copy}" if copy else ""
    return [
        f"{what} had a value that could not be used: {notes[0]}{more}. The rest of the "
        f"file is used{kept}."
    ]


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
            raise DocumentError(f"{where}{key} is missing")
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
        names = " or ".join(
            "null"
            if k is type(None)
            else {
                "bool": "true/false",
                "int": "a whole number",
                "float": "a number",
                "str": "text",
                "list": "a list",
                "dict": "an object",
            }.get(k.__name__, k.__name__)
            for k in kinds
        )
        raise DocumentError(f"{name} should be {names}, not {shown(value)}")


def int_list(value: Any, name: str, length: int | None = None) -> list[int]:
    check_type(value, list, name)
    if not all(type(v) is int for v in value):  # the usual case at once; else which one
        for i, v in enumerate(value):
            check_type(v, int, f"{name}[{i}]")
    if length is not None and len(value) != length:
        raise DocumentError(f"{name} should hold {length} numbers, not {len(value)}")
    return list(value)
