"""Messages about storage for the player: each told once, in plain words.

Saving happens after every play, so a disk that is full or a folder that is
read-only would otherwise say the same thing fifty times. :class:`Notices`
keeps the last message per subject (``"game"``, ``"history"``,
``"settings"``, ``"window"``...): posting the same text again is silent, a
different text is told, and :meth:`Notices.ok` forgets the subject once the
operation works again, so a later failure is told anew.

The app drains :meth:`Notices.take` every frame and shows each message over
whatever screen is up (Game Over included). Thread-safe: the game is saved on
a worker thread.
"""

from __future__ import annotations

import errno
import threading
from pathlib import Path

from swoop_desktop.i18n import _


class Notices:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last: dict[str, str] = {}
        self._queue: list[str] = []
        self.told: list[str] = []  # everything ever told, oldest first (for tests and logs)

    def post(self, subject: str, text: str) -> bool:
        """Tell ``text`` unless it is what was last told about ``subject``; True if queued."""
        from swoop_desktop.names import printable

        text = printable(text)
        with self._lock:
            if self._last.get(subject) == text:
                return False
            self._last[subject] = text
            self._queue.append(text)
            self.told.append(text)
            return True

    def ok(self, subject: str) -> None:
        """``subject`` works again: its next failure is told even if the words are the same."""
        with self._lock:
            self._last.pop(subject, None)

    def take(self) -> list[str]:
        """The messages not yet shown, oldest first (and forget them)."""
        with self._lock:
            out, self._queue = self._queue, []
            return out

    def pending(self) -> list[str]:
        with self._lock:
            return list(self._queue)


def short_path(path: Path | str, limit: int = 60) -> str:
    """A path for a message: its end when it is long (the end says the most)."""
    text = str(path)
    return text if len(text) <= limit else "..." + text[-(limit - 3) :]


def plain_reason(exc: BaseException, folder: Path | None = None, reading: bool = False) -> str:
    """Why a file operation failed, in words a player understands (no errno, no temp paths)."""
    code = getattr(exc, "errno", None)
    # Translators: {where} is "the folder /home/…/swoop" or just "the folder"; each reason
    # below is the end of a sentence such as "Your game could not be saved: {reason}."
    where = (
        # Translators: {where} in a reason below; {path} is the folder's path (or its end).
        _("the folder {path}").format(path=short_path(folder))
        if folder is not None
        # Translators: {where} in a reason below, when the folder's path is not known.
        else _("the folder")
    )
    if reading and code in (errno.EACCES, errno.EPERM):
        # Translators: why a file could not be read, after "…could not be read: " (a reason).
        return _("Permission denied")
    if code == errno.ENOSPC or code == getattr(errno, "EDQUOT", -1):
        return _("the disk is full")
    if code in (errno.EACCES, errno.EPERM):
        # Translators: a reason; {where} is "the folder /home/…/swoop" or "the folder".
        return _("{where} cannot be written to (no permission)").format(where=where)
    if code == errno.EROFS:
        # Translators: a reason; {where} is "the folder /home/…/swoop" or "the folder".
        return _("{where} is on a read-only disk").format(where=where)
    if code in (errno.ENOTDIR, errno.ENOENT):
        # Translators: a reason; {where} is "the folder /home/…/swoop" or "the folder".
        return _("{where} is missing or is not a folder").format(where=where)
    if code == errno.ENAMETOOLONG:
        # Translators: a reason; {where} is "the folder /home/…/swoop" or "the folder".
        return _("the name of {where} is too long").format(where=where)
    if code == errno.EISDIR:
        return _("a folder is in the way of the file")
    if isinstance(exc, OSError) and exc.strerror:
        return _("the disk reported a problem ({error})").format(error=exc.strerror.lower())
    return _("the disk reported a problem")
