"""The progress database opened beside the first frame, never in front of it.

A start looks the database over (``db.ready``: its check, a journal left beside it, a
schema step), stores the games, daily results and puzzle answers an earlier session
left waiting, brings an older
Swoop's folder in, sums up games that have no summary yet (and looks every summary
over, which Scores' first opening would otherwise do) and works out the rating the
title shows. With a long history that is seconds of work (a check of a 100,000
game file, the import of an older folder of 10,000 games), so :func:`begin` does it
on a thread of its own while the window draws its first frames: the title says
"Checking your progress…" (with how far it has got, where that is known) until
:func:`done`, then shows the rating as usual. What the work found for the player
(damage, a newer Swoop, games brought in) reaches them through ``dirs.notices``.

A short history is opened within :data:`QUICK` seconds, which the window waits for
before its first frame, so a usual start looks exactly as it did.

When another Swoop window or another program holds the progress file, the opening is
done (the screens say the file is busy, ``db.unreadable``, and work nothing out from
part of the history) and tries again every :data:`AGAIN` seconds on its own thread,
often enough that the screens' asking is answered from what it last found and never
waits itself; once the file is free the rest of the opening's work is done.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from dataclasses import dataclass, field

from swoop_desktop.i18n import N_, _
from swoop_desktop.names import printable
from swoop_desktop.storage import db
from swoop_desktop.storage.paths import Dirs

_log = logging.getLogger("swoop_desktop.storage")

#: Seconds the window waits for the opening before its first frame (a short history is
#: done by then; a long one goes on beside the frames).
QUICK = 0.1
_KEY = "opening"
#: The opening's phases, as the title shows them ("Checking your progress…").
# Translators: shown on the title screen while the game reads your history at start-up.
CHECKING = N_("Checking your progress")
BRINGING_IN = N_("Bringing in your games")
RATING = N_("Working out your rating")
#: Seconds between the opening's tries while another window or program holds the file:
#: with the waits of a try (two of db.BUSY_WAIT at most), within the time a failure is
#: remembered (db.RETRY_AFTER), so the window's own thread never tries (and waits) itself.
AGAIN = 5.0
#: The environment variable for the seconds a first frame waits for the progress: the
#: opening's (ui.app) and a screen's figures read beside the frames (Scores' Progress).
#: The tests wait long, so a screen reads as it did before it read beside the frames.
WAIT_VARIABLE = "SWOOP_OPENING_WAIT"


@dataclass
class _Opening:
    thread: threading.Thread
    finished: threading.Event = field(default_factory=threading.Event)
    #: What it is doing, in English (marked for the catalogues, looked up when shown).
    phase: str = CHECKING


def _work(dirs: Dirs, abandoned: bool, opening: _Opening) -> None:
    # Imported here, on the opening's own thread: the window's start does not wait for
    # the modules of the history, the rating, the daily deal and the puzzles.
    from . import daily_results, history, puzzle_book, rating, scorebook

    try:
        _ready_in_turn(dirs, opening)
        opening.phase = BRINGING_IN
        told = history.record_pending(dirs, history.LOCK_WAIT)
        # Daily results and puzzle answers an earlier session kept for later.
        told += daily_results.store_waiting_daily(dirs) + puzzle_book.store_waiting_answers(dirs)
        for text in told:
            dirs.notices.post("history", text)
        opening.phase = RATING
        _rating, messages = rating.title_rating(dirs, abandoned)
        for text in messages:
            dirs.notices.post("progress-read", printable(text))
        # Every game's summary looked over now (after the games brought in were summed
        # up, with an older Swoop's facts), not by Scores' first frame; what a game that
        # does not read says is said by Scores, which finds it again.
        scorebook.look_over(dirs)
    except db.FAILURES as exc:
        _log.info("the progress database could not be opened yet: %s", exc)
    except Exception:  # noqa: BLE001 - the screens read it again themselves and say why
        _log.exception("opening the progress database")
    finally:
        opening.finished.set()


def _ready_in_turn(dirs: Dirs, opening: _Opening) -> None:
    """``db.ready``, tried again every :data:`AGAIN` seconds while another window or
    program holds the file (the screens may read meanwhile: they say it is busy; the
    thread is a daemon's). Raises what ``db.ready`` does otherwise."""
    again = False
    while True:
        try:
            db.ready(dirs, again=again)
            return
        except db.BusyError as exc:
            if not again:
                _log.info("the progress database is busy, tried again meanwhile: %s", exc)
            opening.finished.set()  # the screens say it is busy meanwhile
            again = True
            time.sleep(AGAIN)


def begin(dirs: Dirs, abandoned: bool = False) -> None:
    """Open the progress database on a thread of its own (once per process and folder).
    Called by the window's own thread, which is marked as the one drawing frames: what
    it asks of the database later never waits long (``db.frame_thread``)."""
    if not dirs.usable or _KEY in dirs.state.cache:
        return
    db.frame_thread(dirs)
    opening = _Opening(threading.Thread(name="progress-opening", daemon=True))
    opening.thread = threading.Thread(
        target=_work, args=(dirs, abandoned, opening), name="progress-opening", daemon=True
    )
    dirs.state.cache[_KEY] = opening
    opening.thread.start()


def done(dirs: Dirs) -> bool:
    """The opening has finished (or was never begun): the screens may read at once."""
    opening = dirs.state.cache.get(_KEY)
    return not isinstance(opening, _Opening) or opening.finished.is_set()


def wait(dirs: Dirs, seconds: float) -> bool:
    """Wait up to ``seconds`` for the opening; whether it has finished."""
    opening = dirs.state.cache.get(_KEY)
    if not isinstance(opening, _Opening):
        return True
    return opening.finished.wait(seconds)


def first_frame_wait(default: float = QUICK) -> float:
    """Seconds a first frame waits for progress being read beside it (``default``, or
    what :data:`WAIT_VARIABLE` says): a short history is read by then and shown at once, a
    long one is said to be on its way."""
    try:
        return max(0.0, float(os.environ.get(WAIT_VARIABLE) or default))
    except ValueError:
        return default


def words(dirs: Dirs) -> str:
    """What the opening is doing, for the title ("Checking your progress…")."""
    opening = dirs.state.cache.get(_KEY)
    if not isinstance(opening, _Opening) or opening.finished.is_set():
        return ""
    checked = db.check_progress(dirs)
    if checked is not None and opening.phase == CHECKING:
        # Translators: the title while the progress file is checked; {percent} is a
        # number from 0 to 100 (in steps of 5).
        text = _("Checking your progress… {percent}%")
        return text.format(percent=int(checked * 20) * 5)  # in steps of 5%
    # Translators: the title while the progress is opened; {phase} is what it is doing
    # ("Bringing in your games", "Working out your rating", "Checking your progress").
    return _("{phase}…").format(phase=_(opening.phase))
