"""The flow of a game at the table: the match, who sits where, who moves, saving.

:class:`TableFlow` owns the :class:`~swoop_desktop.engine.Match`, the seats,
the seat drivers, the public history of the deal and the saver. It turns an
action into the engine's events (``events = flow.apply(action)``), asks the
seat to move for its play on every quiet frame (:meth:`TableFlow.poll`), and
saves the game (a snapshot of the match and the log, written on the saver's
thread) when the scene calls :meth:`TableFlow.save`, after every play, deal and
take-back once the presenter has written its log line: the log saved with a
position always holds that position's plays. It draws nothing and shows
nothing: the presenter shows the events it returns.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, Match
from swoop_desktop.engine.events import Event, Turn
from swoop_desktop.engine.observation import PublicHistory
from swoop_desktop.engine.takeback import take_back_point, taken_back, taken_back_plays
from swoop_desktop.i18n import _
from swoop_desktop.storage.seats import Seat, seats_to_json

from .drivers import SeatDriver, TableConfig, seat_setup
from .model import TableModel, Thinking

if TYPE_CHECKING:
    from swoop_desktop.engine import GameState

_log = logging.getLogger("swoop_desktop.ui")


def choose_seats(
    config: TableConfig,
    settings: Any,
    config_dir: Any,
    resumed: bool,
    saved_seats: list[Seat] | None,
    report: Callable[[str], None],
    players: int = 4,
) -> list[Seat]:
    """Who sits at this table: the configuration's seats (a replay), the seats a resumed
    game was saved with, or the settings' opponents (problems in opponents.yaml are
    reported when the configuration says so)."""
    if config.seats is not None:
        return list(config.seats)
    if resumed and saved_seats is not None:
        return list(saved_seats)  # a resumed game keeps the opponents it was started with
    seats, problems = seat_setup(settings, config_dir, demo=config.watch, players=players)
    for text in problems if config.reports else ():
        report(text)
    return seats


class TableFlow:
    """The match and its seats, moved on one action at a time. Also what a seat driver
    reads of the table (:class:`~.drivers.DrivenTable`)."""

    def __init__(
        self,
        model: TableModel,
        config: TableConfig,
        drivers: list[SeatDriver],
        dirs: Any,
        app_pace: Callable[[], str],
    ) -> None:
        self.model = model
        self.config = config
        self.drivers = drivers
        self.dirs = dirs
        self.app_pace = app_pace
        self.rng = random.Random(model.match.seed ^ 0x5EED)  # think times
        self.saver = Saver() if config.saves else None
        self.finished_recorded = False
        self._point: tuple[int, int | None] | None = None  # (plays, take-back point)

    # ---------------------------------------------------- what drivers read
    @property
    def match(self) -> Match:
        return self.model.match

    @property
    def history(self) -> PublicHistory:
        return self.model.history

    @property
    def state(self) -> GameState:
        return self.model.state

    @property
    def clock(self) -> float:
        return self.model.clock

    @property
    def plays(self) -> int:
        return self.model.plays

    @property
    def ai_pace(self) -> str:
        return self.config.pace or self.app_pace()

    # ---------------------------------------------------- the game
    def start_hand(self) -> list[Event]:
        """Deal the next hand; its events (the deal, the first turn). Not saved yet: the
        scene saves once the deal's log line is written (:meth:`save`)."""
        events = self.model.match.start_hand()
        self.model.history = PublicHistory(self.model.match.n)
        self.model.history.feed(events)
        return events

    def resume(self) -> list[list[Event]]:
        """A game taken up where it was left: the deal's events, then each action's (the
        public history is rebuilt from them)."""
        match = self.model.match
        per_action = match.current_hand_events()
        self.model.history = PublicHistory(match.n)
        for events in per_action:
            self.model.history.feed(events)
        to_move = HUMAN_SEAT
        for i, events in enumerate(per_action):
            if i > 0:
                self.model.last_actor = to_move
            for ev in events:
                if isinstance(ev, Turn):
                    to_move = ev.player
        return per_action

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move; the engine checks it and raises
        :class:`~swoop_desktop.engine.IllegalActionError` (nothing changed) if the
        rules say no. Not saved yet: the scene saves once the presenter has put the
        play's line in the log (:meth:`save`), so the saved log ends with this play."""
        model = self.model
        seat = model.state.to_move
        events = model.match.apply(action)
        model.plays += 1
        model.history.feed(events)
        model.last_actor = seat
        st = model.state
        if (
            seat != HUMAN_SEAT
            and model.you_play
            and self.ai_pace == "click"
            and not st.is_over
            and not self.drivers[st.to_move].takes_input
        ):
            model.wait_click = True  # "wait for my click" before the next AI plays
        self.note_thinking()
        return events

    def hint_shown(self, place: tuple[int, int], words: str) -> None:
        """A hint was shown at ``place`` (hand, play of the hand): its words go with the
        game (saved with it, and with its record when it ends)."""
        self.model.hints = {**self.model.hints, place: words}

    # ---------------------------------------------------- take-backs
    def take_back_point(self) -> int | None:
        """How many plays of the hand to keep to take back your last play and the plays
        since (None: nothing to take back, or no take-backs at this table). Worked out
        once per position."""
        model = self.model
        if not self.config.take_backs or not model.you_play:
            return None
        if self._point is None or self._point[0] != model.plays:
            self._point = (model.plays, take_back_point(model.match, HUMAN_SEAT))
        return self._point[1]

    def take_back(self) -> tuple[list[int], list[list[Event]]] | None:
        """Take back your last play and every play since: the match goes back to the
        moment it was your play before it, replayed from the deal (exactly as it stood).
        Thinking in flight is abandoned. Returns who made each play taken back and the
        hand's events as replayed (the deal's, then each play's), or None when there is
        nothing to take back. Not saved yet: the scene saves once the take-back's line is
        in the log (:meth:`save`)."""
        keep = self.take_back_point()
        if keep is None:
            return None
        model = self.model
        movers = taken_back_plays(model.match, keep)
        hand = model.match.hand_no
        # A hint for a play taken back was for a position that is gone.
        model.hints = {k: v for k, v in model.hints.items() if k[0] != hand or k[1] < keep}
        model.match = taken_back(model.match, keep)
        # A new number for a new position: an answer still on its way for an old one is
        # never taken for this one.
        model.plays += 1
        model.wait_click = False
        model.last_actor = HUMAN_SEAT  # as at a deal; the plays kept say who played last
        for driver in self.drivers:
            driver.forget()
        per_action = self.resume()
        self.note_thinking()
        return movers, per_action

    def poll(self, dt: float) -> Action | None:
        """The play of the seat to move, when its driver has one ready."""
        st = self.model.state
        if st is None or st.is_over or self.model.wait_click:
            return None
        return self.drivers[st.to_move].poll(self, st.to_move, dt)

    def go_on(self) -> None:
        """The click (or Space) that lets the next AI play."""
        self.model.wait_click = False

    def thinking(self) -> Thinking | None:
        """The seat whose AI is thinking about its play now, and since when."""
        st = self.model.state
        if st is None or st.is_over:
            return None
        since = self.drivers[st.to_move].thinking(self)
        return None if since is None else Thinking(st.to_move, since)

    def note_thinking(self) -> None:
        self.model.thinking = self.thinking()

    def takes_input(self, seat: int) -> bool:
        return self.drivers[seat].takes_input

    # ---------------------------------------------------- saving
    def save(self) -> None:
        """Save the position as it now stands with the log as written: called by the scene
        after a play, a deal or a take-back has been handed to the presenter (whose line
        is then in ``model.log`` or ``model.unshown_log``)."""
        if self.saver is not None and not self.model.match.over:
            self.save_now()

    def save_now(self) -> None:
        """Queue a save of the game in progress (atomic, on the saver thread)."""
        model = self.model
        if self.saver is None or model.match.state is None or model.match.over:
            return
        dirs = self.dirs
        snap, log = model.match.copy(), (model.log + model.unshown_log)[-200:]
        seats = list(model.seats)
        extra: dict[str, Any] = {"practice": True} if self.config.practice else {}
        if model.hints:  # the hints you were shown, for the game's review
            from swoop_desktop.progress.game_record import hints_to_json

            extra["hints"] = hints_to_json(model.hints)

        def job() -> None:
            from swoop_desktop.storage import save_game

            save_game(dirs, snap, log, extra, seats=seats)

        self.saver.submit(job)

    def record_finished(self) -> None:
        """A finished game goes to the history (once)."""
        if self.finished_recorded or self.saver is None:
            return
        self.finished_recorded = True
        dirs = self.dirs
        snap = self.model.match.copy()
        seats = seats_to_json(self.model.seats, brief=True)
        practice = self.config.practice
        hints = dict(self.model.hints)

        def job() -> None:
            from swoop_desktop.progress import retire_game

            # The saved game is cleared only once the history (or a record beside it) has
            # the game. Problems reach the player through dirs.notices, which the app shows
            # over any screen (Game Over included).
            retire_game(dirs, snap, seats, practice=practice, hints=hints)

        self.saver.submit(job)

    def save_problem(self) -> str | None:
        """A save that failed, to be told (one at a time)."""
        if self.saver is not None and self.saver.errors:
            return self.saver.errors.pop(0)
        return None

    def persist(self) -> None:
        """Save now and wait until it is written (the window is closing)."""
        if self.saver is not None:
            self.save_now()
            self.saver.flush()

    def close(self) -> None:
        for driver in self.drivers:
            driver.close()  # thinking in flight is abandoned, never waited for
        if self.saver is not None:
            self.save_now()
            self.saver.close()


class Saver:
    """Runs save jobs in order on one worker thread; ``flush()`` waits for them."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self.errors: list[str] = []
        self.thread = threading.Thread(target=self._run, name="saver", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            try:
                if job is None:
                    return
                job()
            except Exception as exc:  # noqa: BLE001 - report, never crash the game
                _log.exception("saving failed")
                self.errors.append(_("The game could not be saved: {error}").format(error=exc))
            finally:
                self.jobs.task_done()

    def flush(self) -> None:
        """Wait until every queued save is written."""
        if self.thread.is_alive():
            self.jobs.join()

    def close(self) -> None:
        """Write what is queued, then stop the thread (later saves run at once, here)."""
        if self.thread.is_alive():
            self.jobs.put(None)
            self.thread.join()

    def submit(self, job: Callable[[], None]) -> None:
        if self.thread.is_alive():
            self.jobs.put(job)
            return
        try:
            job()
        except Exception as exc:  # noqa: BLE001 - report, never crash the game
            _log.exception("saving failed")
            self.errors.append(_("The game could not be saved: {error}").format(error=exc))
