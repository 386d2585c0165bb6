"""Where Swoop keeps its files: platformdirs folders, ``SWOOP_HOME``, or ``--data-dir``.

Order of precedence: an explicit folder (the ``--data-dir`` flag) puts
everything in that one folder; otherwise the ``SWOOP_HOME`` environment
variable does the same; otherwise the platform's user data folder holds
saves and the history, and its user config folder holds settings and the
player's own ``opponents.yaml``.

:func:`open_dirs` never fails: a folder that cannot be used (a file in the
way, no permission, a name too long) gives a :class:`Dirs` marked unusable,
on which every read finds nothing and every write is skipped, plus one
plain-words message.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from swoop_desktop.i18n import _

from .jsonfile import move_aside
from .notices import Notices, plain_reason, short_path

APP_NAME = "Swoop"


@dataclass
class DirsState:
    """What this process knows about its folders (shared by every copy of a Dirs)."""

    notices: Notices = field(default_factory=Notices)
    kept: set[Path] = field(default_factory=set)  # files the player was told are kept as they are
    usable: bool = True
    problem: str | None = None  # why the folders cannot be used (when not usable)
    second_window: bool = False  # another Swoop has this data folder open
    window_lock: Any = None  # held for the life of the process (see claim_data_folder)
    unsaved: list[Any] = field(default_factory=list)  # finished games not yet in the history
    # What reading the history told (damage, games left out), kept until Scores has shown it:
    # whichever screen reads the history first (the title's rating line), Scores still tells.
    history_notes: list[str] = field(default_factory=list)
    # What a screen worked out from a file, keyed by the files' identity (see progress.rating).
    cache: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Dirs:
    """The two folders Swoop writes to (created on demand by :func:`resolve_dirs`)."""

    data: Path
    config: Path
    state: DirsState = field(default_factory=DirsState, compare=False, hash=False, repr=False)

    @property
    def notices(self) -> Notices:
        return self.state.notices

    @property
    def usable(self) -> bool:
        return self.state.usable

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"

    @property
    def opponents_file(self) -> Path:
        """The player's own opponents file (overrides the shipped config/opponents.yaml)."""
        return self.config / "opponents.yaml"

    @property
    def game_file(self) -> Path:
        return self.data / "game.json"

    @property
    def history_file(self) -> Path:
        return self.data / "history.json"

    @property
    def window_lock_file(self) -> Path:
        return self.data / ".swoop-window.lock"


def _choose(data_dir: str | Path | None) -> Dirs:
    if data_dir is not None and str(data_dir) != "":
        root = Path(data_dir).expanduser()
        return Dirs(data=root, config=root)
    if os.environ.get("SWOOP_HOME"):
        root = Path(os.environ["SWOOP_HOME"]).expanduser()
        return Dirs(data=root, config=root)
    return Dirs(
        data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
    )


def resolve_dirs(data_dir: str | Path | None = None) -> Dirs:
    """The folders to use, created if missing (see the module docstring for the order).

    Raises OSError when a folder cannot be created; :func:`open_dirs` does not.
    """
    dirs = _choose(data_dir)
    for folder in {dirs.data, dirs.config}:
        folder.mkdir(parents=True, exist_ok=True)
    return dirs


def _check_folder(folder: Path) -> None:
    """Raise OSError unless ``folder`` is a folder this process may list."""
    folder.mkdir(parents=True, exist_ok=True)
    if not folder.is_dir():
        raise NotADirectoryError(20, "Not a directory", str(folder))
    with os.scandir(folder) as it:
        for _unused in it:
            break


def probe_folder(folder: Path, stem: str, text: str = "ok") -> str:
    """Write ``text`` to a new file ``stem`` in ``folder``, read it back and remove it;
    return what was read. Raises OSError when the folder cannot be written.

    The probe is created exclusively and never through a link: a link (or anything else)
    planted at its name is passed by, left as it is, and the next free name used.
    """
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    binary = getattr(os, "O_BINARY", 0)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | nofollow | binary
    for n in range(100):
        probe = folder / (stem if n == 0 else f"{stem}-{n}")
        try:
            fd = os.open(probe, flags, 0o600)
        except FileExistsError:
            continue
        try:
            try:
                os.write(fd, text.encode("utf-8"))
                os.fsync(fd)
            finally:
                os.close(fd)
            fd = os.open(probe, os.O_RDONLY | nofollow | binary)
            try:
                return os.read(fd, len(text.encode("utf-8")) + 16).decode("utf-8", "replace")
            finally:
                os.close(fd)
        finally:
            try:
                probe.unlink()
            except OSError:
                pass
    raise FileExistsError(17, "no free name for a probe file", str(folder))


def _check_writable(folder: Path) -> None:
    """Raise OSError unless a file can be created in ``folder``."""
    probe_folder(folder, f".swoop-probe-{os.getpid()}")


def open_dirs(data_dir: str | Path | None = None) -> tuple[Dirs, list[str]]:
    """The folders to use and messages for the player; never raises.

    When a folder cannot be used the Dirs is marked unusable: nothing is read
    from it or written to it for this session, and the one message says so.
    A folder that can be read but not written stays usable for reading (Scores,
    Continue); the message says nothing new is kept.
    """
    try:
        dirs = _choose(data_dir)
    except (OSError, ValueError, RuntimeError) as exc:  # e.g. no home folder at all
        dirs = Dirs(data=Path(os.devnull), config=Path(os.devnull))
        dirs.state.usable = False
        dirs.state.problem = str(exc)
        # Translators: {error} is the system's own words for what went wrong.
        told = _(
            "Swoop could not find a folder for its files ({error}). You can play, but "
            "settings, saved games and scores will not be kept this time."
        )
        return dirs, [told.format(error=exc)]
    for folder in sorted({dirs.data, dirs.config}):
        try:
            _check_folder(folder)
        except (OSError, ValueError) as exc:
            dirs.state.usable = False
            if isinstance(exc, (FileExistsError, NotADirectoryError)):
                # Translators: {path} is the data folder's name.
                why = _("{path} is a file, not a folder").format(path=short_path(folder))
            else:
                why = plain_reason(exc, folder) if isinstance(exc, OSError) else str(exc)
            dirs.state.problem = why
            # Translators: {reason} says why, e.g. "the folder … is on a read-only disk".
            told = _(
                "The data folder cannot be used ({reason}). You can play, but settings, "
                "saved games and scores will not be kept this time."
            )
            return dirs, [told.format(reason=why)]
    for folder in sorted({dirs.data, dirs.config}):
        try:
            _check_writable(folder)
        except (OSError, ValueError) as exc:
            why = plain_reason(exc, folder) if isinstance(exc, OSError) else str(exc)
            # Translators: {reason} says why, e.g. "the folder … is on a read-only disk".
            told = _(
                "Nothing new can be saved ({reason}). You can play, and see your scores, but "
                "settings, games and scores from now on will not be kept."
            )
            return dirs, [told.format(reason=why)]
    return dirs, []


def claim_data_folder(dirs: Dirs) -> list[str]:
    """Note that this process uses the data folder; a message if another Swoop already does.

    The first window holds a lock file for as long as it runs (the system lets
    go of it even if the game is killed). A second window plays on: its
    finished games go to the shared history (every write of it is locked), but
    its game in progress is not saved, so the first window's saved game is
    never overwritten. Never raises.
    """
    if not dirs.usable or dirs.state.window_lock is not None:
        return []
    from filelock import FileLock, Timeout

    path = dirs.window_lock_file
    messages: list[str] = []
    try:
        if os.path.islink(path) or (os.path.lexists(path) and not os.path.isfile(path)):
            # A folder, link or device in the way: moved aside like any data file.
            moved = move_aside(path, "in-the-way")
            # Translators: {name} is the lock file's name; {path} where the thing was moved.
            told = _(
                "Something that is not Swoop's window lock was at {name}; it was moved to {path}."
            )
            messages.append(told.format(name=path.name, path=short_path(moved)))
        lock = FileLock(str(path), timeout=0)
        lock.acquire(timeout=0)
    except Timeout:
        dirs.state.second_window = True
        return messages + [
            _(
                "Swoop is already open in another window on this data folder. You can play "
                "here too: finished games from both windows go to your scores, but this "
                "window's game in progress is not saved for Continue."
            )
        ]
    except OSError as exc:
        # Never taken for "the first window": two windows would save over each other.
        dirs.state.second_window = True
        if isinstance(exc, PermissionError) and os.path.lexists(path):
            # The file is there and refused: it belongs to another user (``sudo swoop``),
            # not a folder that cannot be written.
            # Translators: {path} is the window lock file.
            why = _(
                "its window lock file {path} could not be opened: Permission denied; it may "
                "belong to another user, as after Swoop was run as root"
            ).format(path=short_path(path))
        else:
            # Translators: {path} is the window lock file; {reason} why, e.g. "the disk is full".
            why = _("its window lock file {path} cannot be used: {reason}").format(
                path=short_path(path), reason=plain_reason(exc, dirs.data)
            )
        # Translators: {reason} says why (about the window lock file).
        told = _(
            "Swoop could not tell whether it is open in another window on this data folder "
            "({reason}). You can play, but this window's game in progress is not saved for "
            "Continue."
        )
        return messages + [told.format(reason=why)]
    dirs.state.window_lock = lock
    return messages


def holds_data_folder(dirs: Dirs) -> bool:
    """Whether this window holds the data folder, so that the game in progress saved there
    is its own (Continue, or New game recording it as abandoned). A second window takes the
    folder over once the first has closed, and is told. A folder never claimed (a tool,
    a test) is held. Never raises."""
    if not dirs.usable:
        return False
    if not dirs.state.second_window:
        return True
    from filelock import FileLock, Timeout

    path = dirs.window_lock_file
    try:
        if os.path.islink(path) or (os.path.lexists(path) and not os.path.isfile(path)):
            return False
        lock = FileLock(str(path), timeout=0)
        lock.acquire(timeout=0)
    except (Timeout, OSError):
        return False
    dirs.state.window_lock = lock
    dirs.state.second_window = False
    dirs.notices.post(
        "window",
        _(
            "The other Swoop window on this data folder has closed: this window's game in "
            "progress is saved for Continue from now on."
        ),
    )
    return True


def release_data_folder(dirs: Dirs) -> None:
    lock = dirs.state.window_lock
    dirs.state.window_lock = None
    if lock is not None:
        try:
            lock.release(force=True)
        except OSError:
            pass
