"""The export of the games (Scores → Export…, ``swoop --export``): what is written (every
game as a ``history.json``, :func:`export_history`, or as CSV for a spreadsheet,
:func:`export_csv`), and the file the player names, checked and written so that
nothing but that one file ever changes.

- :func:`export_refusal` says, in plain words, why a path must not be written: never
  Swoop's data folder or its settings folder, nor anything in them (however the path
  reaches them: a link, ``..``, another spelling of the same folder, a hard link to one
  of their files); never a folder that does not exist, a folder, a named pipe, a device
  or a socket; never a name no file can have (too long, a NUL). It never raises.
- :func:`write_export` writes a new file beside the target and renames it onto the
  target: a crash leaves the old file or the new one, and nothing else in the folder (a
  ``.bak``, a folder or pipe of the same name) is moved, replaced or made.
- :func:`csv_cell` keeps a spreadsheet from reading a cell as a formula (a name such as
  ``=1+2`` stays text), whatever separator it splits the file on: the comma, the ``;``
  of the locales Swoop ships but English, or a tab. :func:`export_failure` says why a
  write failed.
"""

from __future__ import annotations

import contextlib
import csv
import errno
import io
import os
import re
import stat
from collections.abc import Iterator, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from swoop_desktop.i18n import _
from swoop_desktop.names import printable, seat_default
from swoop_desktop.storage.jsonfile import encode_document
from swoop_desktop.storage.notices import plain_reason
from swoop_desktop.storage.paths import Dirs

from .game_record import GameRecord
from .history import load_history
from .history_file import HISTORY_KIND

#: What a spreadsheet may take for the start of a formula (OWASP's "CSV injection" list):
#: a text cell that starts with one gets a ``'`` in front, which shows it as the text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: Where a spreadsheet may start a cell inside one of ours: the start of the cell, or just
#: after a separator it splits the file on (the comma; the ``;`` that the spreadsheets of
#: de, fr, es, it and pl split CSV on; a tab), past the spaces and quotes it strips. A
#: formula's first character there gets a ``'`` before it.
_SEPARATED = re.compile(r"(^|[,;\t])([ \"]*)(?=[=+\-@])")
#: ... and just after a line break in a cell: a spreadsheet splitting the file on another
#: separator than ours does not see our quotes, so a line break in a cell ends its row.
_NEW_LINE = re.compile(r"([\r\n])([ \"]*)(?=[=+\-@])")


def csv_cell(value: Any) -> Any:
    """``value`` as a CSV cell no spreadsheet runs: an int or float the code worked out stays
    a number (a negative total stays -5); any text starting as a formula would (``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return) gets a ``'`` in front, so ``=1+2`` reads as
    ``'=1+2`` and shows as typed; so does a formula's start after a ``,``, ``;`` or tab
    inside the text (``Bob;=1+2`` reads as ``Bob;'=1+2``), where a spreadsheet splitting
    the file on that separator would start a cell."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS):
        text = "'" + text
    return _SEPARATED.sub(r"\1\2'", text)


def _text_cell(value: Any) -> Any:
    """A cell of the games' CSV: :func:`csv_cell`, and a formula's start after a line break
    inside the text neutralised too (a spreadsheet splitting the file on ``;`` starts a row
    there)."""
    cell = csv_cell(value)
    return _NEW_LINE.sub(r"\1\2'", cell) if isinstance(cell, str) else cell


def _name(path: Path | str, limit: int = 120) -> str:
    """A path for a message: printable, and its two ends when it is very long."""
    text = printable(str(path))
    if len(text) <= limit:
        return text
    half = (limit - 1) // 2
    return f"{text[:half]}…{text[-half:]}"


class NotAFile(OSError):
    """The target turned out to be something other than an ordinary file (a folder, pipe,
    device or socket put there after it was checked): nothing was written."""

    def __init__(self, message: str) -> None:
        super().__init__(errno.EISDIR, message)
        self.message = message


def _not_a_file(path: Path, mode: int) -> str | None:
    """Why ``path`` (of this ``st_mode``) cannot be written over, naming what it is."""
    if stat.S_ISREG(mode):
        return None
    shown = _name(path)
    if stat.S_ISDIR(mode):
        return _("{path} is a folder, not a file; nothing was written").format(path=shown)
    if stat.S_ISFIFO(mode):
        # Translators: a named pipe (FIFO) is a special file programs talk through.
        return _("{path} is a named pipe (FIFO), not a file; nothing was written").format(
            path=shown
        )
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("{path} is a device, not a file; nothing was written").format(path=shown)
    if stat.S_ISSOCK(mode):
        return _("{path} is a socket, not a file; nothing was written").format(path=shown)
    return _("{path} is not an ordinary file; nothing was written").format(path=shown)


def _where(path: Path) -> Path:
    """Where the bytes written to ``path`` would go: through any link (as far as it can be
    followed), made absolute. Never raises."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # RuntimeError: a loop of links
        try:
            return Path(os.path.abspath(path))
        except (OSError, ValueError):  # no current folder any more
            return path


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def _swoops_folders(dirs: Dirs) -> Iterator[tuple[Path, str]]:
    """Swoop's folders, resolved, each with the words for it (the data folder first: when
    one folder holds both, it is the data folder)."""
    seen: set[Path] = set()
    for folder, kind in ((dirs.data, "data"), (dirs.config, "config")):
        where = _where(folder)
        if where not in seen:
            seen.add(where)
            yield where, kind


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            return list(entries)
    except OSError:
        return []


def _identity_of(entry: os.DirEntry[str]) -> tuple[int, int] | None:
    try:
        found = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _in_folder_words(target: Path, folder: Path, kind: str) -> str:
    if kind == "data":
        # Translators: {target} is the file asked for; {folder} Swoop's data folder.
        told = _(
            "{target} is in Swoop's data folder ({folder}), where it would take the "
            "place of your progress; nothing was written. Choose a file outside that "
            "folder."
        )
    else:
        # Translators: {target} is the file asked for; {folder} the folder of Swoop's
        # settings (settings.json, opponents.yaml).
        told = _(
            "{target} is in Swoop's settings folder ({folder}), where it would take the "
            "place of your settings; nothing was written. Choose a file outside that "
            "folder."
        )
    return told.format(target=_name(target), folder=_name(folder, 60))


def swoops_folders_refusal(dirs: Dirs, target: Path) -> str | None:
    """Why ``target`` must not be written because it is Swoop's own (None: it is not): in
    or at Swoop's data or settings folder, by any path (links and ``..`` resolved, and
    each existing folder on the way compared by identity, so another spelling of the same
    folder is caught too), or a hard link to a file in one of them. Never raises."""
    where = _where(target)  # through any link, to where the bytes would go
    folders = list(_swoops_folders(dirs))
    ids = {_identity(folder): (folder, kind) for folder, kind in folders}
    ids.pop(None, None)
    for folder, kind in folders:
        if where == folder or folder in where.parents:
            return _in_folder_words(target, folder, kind)
    for step in (where, *where.parents):
        found = ids.get(_identity(step))
        if found is not None:
            return _in_folder_words(target, *found)
    try:
        found_stat = os.stat(where)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(found_stat.st_mode):
        return None
    for folder, kind in folders:
        for entry in _entries(folder):  # the same file under another name (a hard link)
            same = _identity_of(entry)
            if same == (found_stat.st_dev, found_stat.st_ino):
                if kind == "data":
                    # Translators: {target} is the file asked for; {name} a file of
                    # Swoop's data folder.
                    told = _(
                        "{target} is the same file as {name} in Swoop's data folder; "
                        "nothing was written. Choose a file outside that folder."
                    )
                else:
                    # Translators: {target} is the file asked for; {name} a file of
                    # Swoop's settings folder.
                    told = _(
                        "{target} is the same file as {name} in Swoop's settings "
                        "folder; nothing was written. Choose a file outside that folder."
                    )
                return told.format(target=_name(target), name=_name(entry.name))
    return None


def _too_long(target: Path) -> str:
    # Translators: {path} is the file asked for (its two ends when it is very long).
    return _(
        "{path} is too long a name for a file here; nothing was written. Choose a shorter name."
    ).format(path=_name(target))


def export_refusal(dirs: Dirs, target: Path) -> str | None:
    """Why the export must not write ``target``, in plain words (None: it may). Never
    raises, whatever the name.

    Never Swoop's data or settings folder nor anything in them (see
    :func:`swoops_folders_refusal`); never into a folder that does not exist (a mistyped
    path is not made into folders); never over anything but an ordinary file (a folder, a
    named pipe, a device, a socket: each called what it is); never a name no file can have.
    """
    try:
        if any(len(os.fsencode(part)) > 255 for part in target.parts):
            return _too_long(target)
        where = target.resolve()  # through any link, to where the bytes would go
        try:
            mode: int | None = os.stat(where).st_mode
        except (FileNotFoundError, NotADirectoryError):
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            return _not_a_file(target, mode)
        mine = swoops_folders_refusal(dirs, target)
        if mine is not None:
            return mine
        folder = target.parent
        if not folder.is_dir() or not where.parent.is_dir():
            missing = folder if not folder.is_dir() else where.parent
            # Translators: {folder} is the folder the export was asked to go into.
            return _("the folder {folder} does not exist; nothing was written").format(
                folder=_name(missing)
            )
        return None
    except (ValueError, UnicodeError):  # a NUL, or bytes this system cannot name
        # Translators: {path} is the file asked for.
        return _("{path} is not a name a file can have; nothing was written").format(
            path=_name(target)
        )
    except RuntimeError:  # a loop of links
        # Translators: {path} is the file asked for.
        return _("{path} is a link that leads round in a circle; nothing was written").format(
            path=_name(target)
        )
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            return _too_long(target)
        if exc.errno == errno.ELOOP:
            return _("{path} is a link that leads round in a circle; nothing was written").format(
                path=_name(target)
            )
        # Translators: {target} is the file asked for; {error} why it cannot be checked.
        told = _("{target} cannot be checked ({error}); nothing was written")
        return told.format(target=_name(target), error=plain_reason(exc, target.parent))


def export_failure(exc: OSError, target: Path) -> str:
    """Why writing ``target`` failed, in plain words (one sentence, no errno)."""
    if isinstance(exc, NotAFile):
        return exc.message
    if exc.errno == errno.ENAMETOOLONG:
        return _too_long(target)
    # Translators: {path} is the file asked for; {reason} why, e.g. "the disk is full".
    return _("{path} could not be written ({reason}).").format(
        path=_name(target), reason=plain_reason(exc, target.parent)
    )


def _temporary(folder: Path) -> tuple[int, Path]:
    """A new file in ``folder`` for the export's bytes (never through a link, never a name
    already there), short whatever the target's name."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
    flags |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for n in range(100):
        tmp = folder / f".swoop-export-{os.getpid()}-{n}.tmp"
        try:
            return os.open(tmp, flags, 0o644), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def write_export(target: Path, text: str) -> None:
    """Write ``text`` as the file ``target`` (a link is followed to its file): into a new
    file in the same folder, then renamed onto the target, so that a crash leaves the old
    file or the new one. Nothing else is moved or replaced: a folder, pipe, device or
    socket at the target raises :class:`NotAFile` (an OSError), and the target's folder
    must exist. Raises OSError when it cannot be written."""
    try:
        where = target.resolve()
    except RuntimeError as exc:  # a loop of links
        raise OSError(errno.ELOOP, str(exc), str(target)) from None
    fd, tmp = _temporary(where.parent)
    try:
        with open(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = os.stat(where).st_mode
        except FileNotFoundError:
            pass
        else:
            problem = _not_a_file(target, mode)
            if problem is not None:
                raise NotAFile(problem)
            with contextlib.suppress(OSError):  # the file keeps who may read it
                os.chmod(tmp, stat.S_IMODE(mode))
        os.replace(tmp, where)
    finally:
        tmp.unlink(missing_ok=True)
    with contextlib.suppress(OSError, AttributeError):
        dir_fd = os.open(where.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def export_history(dirs: Dirs, target: Path) -> int:
    """Write every game as a ``history.json`` of today's format (for other tools and
    older Swoops); how many games. Only ``target`` changes (see :func:`write_export`;
    :func:`export_refusal` says first whether the player may have it written). Raises
    OSError when it cannot be written."""
    games, _unused = load_history(dirs)
    write_export(target, encode_document(HISTORY_KIND, {"games": [g.to_json() for g in games]}))
    return len(games)


#: The formats a player may export the games in: CSV (one row a game, for spreadsheets)
#: and JSON (the ``history.json`` that ``swoop --export`` writes).
EXPORT_FORMATS = ("csv", "json")


def export_csv(dirs: Dirs, target: Path) -> int:
    """Write every game as a CSV file, a header then one row a game (oldest first), for a
    spreadsheet; how many games. Only ``target`` changes, as with :func:`export_history`.
    Raises OSError when it cannot be written."""
    games, _unused = load_history(dirs)
    write_export(target, games_csv(games))
    return len(games)


def games_csv(games: Sequence[GameRecord]) -> str:
    """The games as CSV text: the date, your result, total and place, the hands and your
    Swoops, the rules, whether the game counts, then each seat's name, level and total.
    No cell is ever a formula, whatever separator a spreadsheet splits the file on: text
    that a spreadsheet would run (a name ``=1+2``, a date edited to ``@SUM(1)``, a name
    ``Bob;=1+2`` split on ``;``) gets a ``'`` before the formula (:func:`csv_cell`), and
    every text cell is quoted, so a spreadsheet splitting on ``;`` keeps it whole; the
    numbers are not quoted, and stay numbers."""
    seats = max((g.players for g in games), default=4)
    header = [
        "Date",
        "Result",
        "Your total",
        "Your place",
        "Hands",
        "Your Swoops",
        "Rules",
        "Rule options",
        "Counted",
        "Abandoned",
        "Practice",
        "Players",
    ]
    for i in range(seats):
        header += [f"Seat {i + 1}", f"Seat {i + 1} level", f"Seat {i + 1} total"]
    header += ["Seed", "Game id"]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(header)  # Swoop's own words: no quotes
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    for g in games:
        totals = list(g.totals)
        you = totals[0] if totals else ""
        place = 1 + sum(1 for t in totals[1:] if t < totals[0]) if totals else ""
        options = "; ".join(f"{k}={v}" for k, v in sorted(g.options.items()))
        row: list[Any] = [
            g.date,
            g.result(),
            you,
            "" if g.abandoned else place,
            g.hands,
            g.swoops[0] if g.swoops else 0,
            g.preset,
            options,
            "yes" if g.counted else "no",
            "yes" if g.abandoned else "no",
            "yes" if g.practice else "no",
            g.players,
        ]
        for i in range(seats):
            seat = g.seats[i] if i < len(g.seats) and isinstance(g.seats[i], dict) else {}
            name = seat.get("name") or (seat_default(i) if i < g.players else "")
            level = seat.get("level") or ("human" if i == 0 and i < g.players else "")
            row += [name, level, totals[i] if i < len(totals) else ""]
        row += [g.seed, g.id]
        writer.writerow([_text_cell(cell) for cell in row])
    return out.getvalue()


def default_export_path(home: Path, today: date, fmt: str) -> Path:
    """Where an export goes unless the player says otherwise: the Documents folder (the
    home folder when there is none), named for the day ("swoop-games-2025-03-01.csv"),
    with a number added when that name is taken (an earlier export is never replaced)."""
    folder = home / "Documents"
    if not folder.is_dir():
        folder = home
    stem = f"swoop-games-{today.isoformat()}"
    path = folder / f"{stem}.{fmt}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.{fmt}"
        n += 1
    return path
