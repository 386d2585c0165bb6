"""The daily deal: today's deal, your result beside the hard opponent's in your seat, and
your past days and streaks.

Today's deal (:mod:`swoop_desktop.referee.daily`) is one hand against the same three
opponents for everyone, with the rules in Settings. The first time it is dealt on a day
it counts (:mod:`swoop_desktop.progress.daily_results`); playing it again is allowed and changes
nothing. While you play, the referee plays the same deal in a thinking worker with the
hard bot in your seat (from that seat's observation only), and keeps its score with
the day. The table is the one table, in a configuration of its own: not saved for
Continue and not in the history. The hand ends like a hand at the table: its breakdown
(who went out, what each player held, every player's points), then the comparison with
the hard opponent in your seat, a line to share (:func:`share_line`: the date, your
points and margin, the hard opponent's, the streak; no cards) with a "Copy result"
button that puts it on the clipboard, and a "Review this hand" button
(:class:`DailyResultScene`) whose review says, decision by decision, what the hard
opponent played in your seat while both games were the same and where they parted;
"Back to the daily deal" comes back here.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import date
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.ai import workers
from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.dates import day_words
from swoop_desktop.engine import Action, Match, Rules
from swoop_desktop.i18n import _, ngettext, pgettext
from swoop_desktop.plural import counted as numbered
from swoop_desktop.plural import decimal
from swoop_desktop.progress.daily_results import (
    Comparison,
    DailyEntry,
    compare,
    finish_daily,
    load_daily,
    start_daily,
    store_hard,
    streaks,
)
from swoop_desktop.progress.daily_results import margin as table_margin
from swoop_desktop.referee.daily import DAILY_OPPONENTS, daily_seed, hard_in_seat
from swoop_desktop.storage.seats import Seat
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.results import HandEnd, ModalResult, Result
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.table.drivers import TableConfig

from .panels import HandPanel, Overlay, draw_panel

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI, RunningTable

_log = logging.getLogger("swoop_desktop.ui")

PAST_DAYS = 10  # days listed under today's


def daily_seats() -> tuple[Seat, ...]:
    """You and the daily deal's three opponents (the same for everyone)."""
    return (Seat(HUMAN_SEAT, "You"),) + tuple(
        Seat(i + 1, name, level, personality)
        for i, (name, level, personality) in enumerate(DAILY_OPPONENTS)
    )


def points_words(points: list[int] | None, margin: float | None) -> str:
    if points is None or margin is None:
        return "-"
    # Translators: a player's points in the daily deal and the margin to the others'
    # average, as in "12 pts, +3.5".
    return _("{points}, {margin}").format(
        points=numbered(points[HUMAN_SEAT], "pt"), margin=decimal(margin, sign=True)
    )


def share_line(
    day: date, mine: list[int], hard: list[int] | None, streak: int, counted: bool = True
) -> str:
    """The day's result as a line a player can copy and share: the date, your points and
    margin, the hard opponent's in your seat (once known), the streak of days played. It
    names no card, so it gives nothing of the deal away."""
    parts = [
        # Translators: the start of the daily result line players share; {result} is
        # "12 pts, +3.5" (your points, your margin to the others' average).
        _("Swoop daily deal, {date}: {result}").format(
            date=day_words(day), result=points_words(mine, margin_of(mine))
        )
    ]
    if hard is not None:
        parts.append(
            # Translators: a part of the shared daily result line, in the player's own voice
            # ("my seat"); {result} is "9 pts, -2.0".
            _("hard opponent in my seat {result}").format(
                result=points_words(hard, margin_of(hard))
            )
        )
    # Translators: {days} is a counted phrase, as in "3 days".
    parts.append(_("{days} in a row").format(days=numbered(streak, "day")))
    line = " · ".join(parts)
    # Translators: {line} is the whole shared daily result line.
    return line if counted else _("{line} (played again, not counted)").format(line=line)


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard (pygame.scrap); False where there is no clipboard."""
    try:
        import pygame.scrap as scrap

        scrap.put_text(text)
        return bool(scrap.get_text() == text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False


def margin_of(points: list[int]) -> float:
    """Your points minus the average of the others' (fewer is better)."""
    return table_margin(points)


def _amount(value: float) -> tuple[str, int]:
    """A difference of margins as written (a whole number without tenths, else with them,
    in the language's decimal mark) and the count ngettext looks its noun up by: gettext
    counts whole numbers, and a number written with tenths takes the form fractions take
    in English, German, Spanish and Finnish ("1.3 points"), the form of 2."""
    if value == int(value):
        return str(int(value)), int(value)
    return decimal(value), 2


def comparison_words(mine: list[int], hard: list[int]) -> str:
    """Your hand beside the hard opponent's with your cards, and which did better by the
    margin against the table (:func:`~swoop_desktop.progress.daily_results.compare`), in one
    sentence: "You: 18 pts (+8.3 against the table); the hard opponent with your cards:
    20 pts (-5.3): it did 13.6 points better." """
    comparison = compare(mine, hard)
    number, count = _amount(comparison.by)
    values = {
        "points": numbered(mine[HUMAN_SEAT], "pt"),
        "margin": decimal(margin_of(mine), sign=True),
        "hard_points": numbered(hard[HUMAN_SEAT], "pt"),
        "hard_margin": decimal(margin_of(hard), sign=True),
        "n": number,
    }
    if comparison.outcome == "better":
        # Translators: the daily deal's result. {points} and {hard_points} are counted
        # phrases ("18 pts"); {margin} and {hard_margin} signed numbers ("+8.3", "-5.3"):
        # points minus the others' average; {n} the margins' difference ("13.6").
        message = ngettext(
            "You: {points} ({margin} against the table); the hard opponent with your cards: "
            "{hard_points} ({hard_margin}): you did {n} point better.",
            "You: {points} ({margin} against the table); the hard opponent with your cards: "
            "{hard_points} ({hard_margin}): you did {n} points better.",
            count,
        )
    elif comparison.outcome == "worse":
        # Translators: as the message before; here the hard opponent did better.
        message = ngettext(
            "You: {points} ({margin} against the table); the hard opponent with your cards: "
            "{hard_points} ({hard_margin}): it did {n} point better.",
            "You: {points} ({margin} against the table); the hard opponent with your cards: "
            "{hard_points} ({hard_margin}): it did {n} points better.",
            count,
        )
    else:
        # Translators: as the message before; here both margins are the same.
        message = _(
            "You: {points} ({margin} against the table); the hard opponent with your cards: "
            "{hard_points} ({hard_margin}): the same margin as the hard opponent."
        )
    return message.format(**values)


def verdict_words(comparison: Comparison) -> str:
    """Which did better with your cards, you or the hard opponent, and by how much of the
    margin against the table (the daily page, under both results)."""
    number, count = _amount(comparison.by)
    if comparison.outcome == "better":
        # Translators: {n} is a difference of margins against the table ("13.6").
        message = ngettext(
            "You did {n} point better than the hard opponent with your cards.",
            "You did {n} points better than the hard opponent with your cards.",
            count,
        )
    elif comparison.outcome == "worse":
        # Translators: {n} is a difference of margins against the table ("13.6").
        message = ngettext(
            "The hard opponent did {n} point better with your cards.",
            "The hard opponent did {n} points better with your cards.",
            count,
        )
    else:
        message = _("The same margin as the hard opponent with your cards.")
    return message.format(n=number)


def _let_frames_run() -> None:
    time.sleep(0.0003)


class HardJob:
    """The hard opponent playing today's deal in your seat, in a thinking worker.

    A thread of the page waits for the worker (the frame loop never does) and
    stores the score when it comes.
    """

    def __init__(self, dirs: Any, day: date, rules: Rules, seed: int) -> None:
        self.result: list[int] | None = None
        self.actions: list[Action] | None = None  # its hand, every seat's actions in order
        self.failed = False
        pool = workers.shared()

        def work() -> None:
            # On a thread of this process the hard bot yields between play-outs.
            pause = _let_frames_run if pool.in_process() else None
            job = workers.Job(pool, hard_in_seat, rules, seed, pause=pause)
            while not job.ready:
                time.sleep(0.05)
            if job.error is not None:  # the comparison must never stop the game
                _log.error("the hard opponent's daily play failed: %s", job.error)
                self.failed = True
                return
            outcome = job.value
            store_hard(dirs, day, seed, outcome.points, outcome.actions)
            self.actions = list(outcome.actions)
            self.result = outcome.points

        self.thread = threading.Thread(target=work, name="daily-hard", daemon=True)
        self.thread.start()

    @property
    def running(self) -> bool:
        return self.thread.is_alive()


#: The hard opponent's games still at work, by data folder, day and seed: a page opened
#: again finds its day's game there instead of starting the same one twice (the pages
#: use it on the frame loop only).
_AT_WORK: dict[tuple[Any, str, int], HardJob] = {}


class DailyScene(Scene):
    """Today's deal, how it went, and the days before. ``today`` is for tests."""

    name = "daily"
    # A still page: drawn on input, and when the hard opponent's game finishes (picture()).
    animating = False

    def __init__(self, app: AppAPI, today: date | None = None) -> None:
        super().__init__(app)
        self.today = today or date.today()
        self.rules: Rules = app.rules_override or app.settings.rules
        self.seed = daily_seed(self.today, self.rules)
        self.entries: list[DailyEntry] = []
        self.job: HardJob | None = None
        self.counted = False  # the table now open is the play that counts
        self.table: RunningTable | None = None
        self.last_points: list[int] | None = None  # the hand just played (a replay too)
        self.play_button = W.Button(
            (0, 0, 10, 10),
            # Translators: the daily deal page's main button: play the deal of the day.
            _("Play today's deal"),
            self.play,
            key=pygame.K_p,
            primary=True,
            tooltip=_(
                "One hand against Lefty, Topper and Righty, the same deal for everyone today."
            ),
        )
        self.back_button = W.Button(
            (0, 0, 10, 10),
            # Translators: a button: leave this page for the one before (about 12 characters).
            _("Back"),
            self.close,
            # Translators: the tooltip of a Back button: Esc does the same.
            tooltip=_("Back (Esc)"),
        )
        self.ring = W.FocusRing([self.play_button, self.back_button])
        self._size: tuple[int, int] | None = None

    def language_changed(self, size: tuple[int, int]) -> None:
        self.play_button.label = (
            _("Play it again (not counted)") if self.entry is not None else _("Play today's deal")
        )
        self.play_button.tooltip = _(
            "One hand against Lefty, Topper and Righty, the same deal for everyone today."
        )
        self.back_button.label, self.back_button.tooltip = _("Back"), _("Back (Esc)")
        self.resize(size)

    # -- the day --------------------------------------------------------------------
    @property
    def entry(self) -> DailyEntry | None:
        """Today's record, if today's deal was dealt."""
        for e in self.entries:
            if e.day == self.today.isoformat():
                return e
        return None

    def reload(self) -> None:
        self.entries, messages = load_daily(self.app.dirs)
        for text in messages:
            self.app.notify(text, 8.0)
        entry = self.entry
        self.play_button.label = (
            _("Play it again (not counted)") if entry is not None else _("Play today's deal")
        )
        if entry is not None and entry.hard is None:
            try:
                rules = Rules.from_json(entry.rules)
            except ValueError:
                return
            self.start_hard(rules, entry.seed)

    def start_hard(self, rules: Rules, seed: int) -> None:
        """Let the referee play the day's counted deal with the hard bot in your seat (once:
        the page left and opened again waits for the game already at work)."""
        if self.job is not None and (self.job.running or self.job.result is not None):
            return
        for done in [k for k, job in _AT_WORK.items() if not job.running]:
            del _AT_WORK[done]
        key = (self.app.dirs.data, self.today.isoformat(), seed)
        self.job = _AT_WORK.get(key)
        if self.job is None:
            self.job = _AT_WORK[key] = HardJob(self.app.dirs, self.today, rules, seed)

    # -- actions ----------------------------------------------------------------------
    def play(self) -> None:
        counts, messages = (
            start_daily(self.app.dirs, self.today, self.seed, self.rules)
            if self.app.keeps_files
            else (False, [])
        )
        for text in messages:
            self.app.notify(text, 8.0)
        self.counted = counts
        if counts:
            self.start_hard(self.rules, self.seed)
        words = (
            # Translators: the table's caption while the daily deal is played; {date} a day.
            _("Daily deal: {date}")
            if counts
            # Translators: the table's caption when the day's deal is played again; {date} a day.
            else _("Daily deal, played again (not counted): {date}")
        )
        config = TableConfig(
            saves=False,
            caption=words.format(date=day_words(self.today)),
            # Translators: the title of the daily deal (one hand, the same deal for everyone).
            title=_("Daily deal"),
            goal=_("One hand · fewer points is better"),
            overlays=False,
            at_hand_end=self.hand_over,
            review=False,
            scores=False,
            seats=daily_seats(),
        )
        self.app.open("table", config, match=Match(self.rules, 4, self.seed))
        self.table = self.app.table

    def hand_over(self, _what: HandEnd) -> None:
        """The table's hand ended: keep your points (if this play counts) and come back."""
        table = self.table
        if table is None or not table.match.sheet:
            return
        if self.counted and self.app.keeps_files:
            for text in finish_daily(
                self.app.dirs, self.today, self.seed, list(table.match.sheet[-1])
            ):
                self.app.notify(text, 8.0)
        counted = self.counted
        self.counted = False
        self.last_points = list(table.match.sheet[-1])
        top: object = self.app.stack.top  # the table, unless something covers it
        if top is table:
            self.app.push(DailyResultScene(self.app, table, self, counted))

    def hard_points(self) -> list[int] | None:
        """The hard opponent's points with today's counted deal in your seat, once known."""
        job = self.job
        if job is not None and job.result is not None:
            return job.result
        entry = self.entry
        if entry is not None and entry.seed == self.seed:
            return entry.hard
        return None

    def hard_actions(self) -> list[Action] | None:
        """The hard opponent's hand with today's counted deal in your seat (every seat's
        actions in order), once known: what Review this hand lays beside yours."""
        job = self.job
        if job is not None and job.actions is not None:
            return job.actions
        entry = self.entry
        if entry is not None and entry.seed == self.seed and entry.hard_play is not None:
            return entry.hard_actions
        return None

    @property
    def hard_playing(self) -> bool:
        return self.job is not None and self.job.running

    def back_from(self, table: RunningTable) -> None:
        """The daily result was read: the table goes, and this page shows the day."""
        self.table = None
        top: object = self.app.stack.top
        if top is table:
            self.app.pop(Result.DAILY_DONE)

    def close(self) -> None:
        self.app.pop()

    def picture(self) -> object:
        """The hard opponent's result, once its worker is done, is drawn at once."""
        return (self.hard_playing, self.hard_points() is not None)

    # -- scene ------------------------------------------------------------------------
    def enter(self) -> None:
        self.reload()
        self._layout()

    def on_result(self, value: ModalResult) -> None:
        self.table = None
        self.reload()

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        s = W.ui_scale((w, h))
        self.scale = s
        width = min(w - int(40 * s), int(1100 * s))
        x = (w - width) // 2
        header = int(96 * s)
        self.frame = pygame.Rect(x, header, width, h - header - int(20 * s))
        bh = int(48 * s)
        back_w = int(150 * s)
        self.back_button.rect = pygame.Rect(x + width - back_w, int(24 * s), back_w, bh)
        pw = int(330 * s)
        self.play_button.rect = pygame.Rect(
            self.back_button.rect.x - pw - int(14 * s), int(24 * s), pw, bh
        )
        self._size = (w, h)

    def handle(self, event: pygame.event.Event) -> bool:
        if self._size != self.app.size:
            self._layout()
        for button in (self.play_button, self.back_button):
            if button.handle(event):
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
            return True
        if event.type == pygame.MOUSEMOTION:
            W.set_hand_cursor(self.play_button.hovered or self.back_button.hovered)
            return True
        return self.ring.handle(event) or event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.KEYDOWN,
        )

    def update(self, dt: float) -> None:
        self.play_button.update(dt)
        self.back_button.update(dt)
        job = self.job
        if job is not None and job.result is not None and not job.running:
            entry = self.entry
            if entry is not None and entry.hard is None:
                self.reload()

    # -- words --------------------------------------------------------------------------
    def lines(self) -> list[tuple[str, str, str]]:
        """What the page says: (style, left words, right words); tests read it."""
        out: list[tuple[str, str, str]] = []
        entry = self.entry
        # Translators: a heading on the daily deal page; {date} is the day ("Monday 3 March").
        out.append(("h", _("Today, {date}").format(date=day_words(self.today)), ""))
        out.append(
            (
                "p",
                _(
                    "Points in the hand, then the margin against the table: your points minus "
                    "the average of the other three (the lower, the better: you and the hard "
                    "opponent are compared by it)."
                ),
                "",
            )
        )
        if entry is None:
            out.append(("p", _("Not played yet. The first deal you play today counts."), ""))
        elif entry.seed != self.seed:
            out.append(
                ("p", _("You played today's deal with other rules; that one counts today."), "")
            )
        hard_row = _("Hard opponent in your seat")
        if entry is not None:
            # Translators: the row of the daily deal's page with your own result.
            you = pgettext("daily row", "You")
            if entry.finished:
                out.append(("row", you, points_words(entry.points, entry.margin)))
            else:
                out.append(("row", you, _("left unfinished (counts as played)")))
            running = self.job is not None and self.job.running
            if entry.hard is not None:
                out.append(
                    (
                        "row",
                        hard_row,
                        points_words(entry.hard, entry.hard_margin),
                    )
                )
                comparison = entry.comparison
                if comparison is not None:
                    out.append(("p", verdict_words(comparison), ""))
            elif running:
                out.append(("row", hard_row, _("still playing your cards...")))
            else:
                # Translators: the hard opponent's result on the daily page, not known yet.
                out.append(("row", hard_row, _("not worked out")))
        if self.last_points is not None and (entry is None or self.last_points != entry.points):
            mine = self.last_points
            replay = points_words(mine, margin_of(mine))
            out.append(("row", _("This replay (not counted)"), replay))
        s = streaks(self.entries, self.today)
        # Translators: a heading on the daily page: runs of days played in a row.
        out.append(("h", _("Streaks"), ""))
        # Translators: a streak of days and the longest one, as in "3 (best 7)".
        best = _("{now} (best {best})")
        out.append(
            ("row", _("Days in a row played"), best.format(now=s.played, best=s.best_played))
        )
        out.append(
            (
                "row",
                _("Days in a row you beat the hard opponent"),
                best.format(now=s.beaten, best=s.best_beaten),
            )
        )
        past = [e for e in reversed(self.entries) if e.day != self.today.isoformat()][:PAST_DAYS]
        # Translators: a heading on the daily page: the results of the days before today.
        out.append(("h", _("Earlier days"), ""))
        if not past:
            out.append(("p", _("Your earlier daily deals are listed here."), ""))
        for e in past:
            # Translators: an earlier day's result on the daily page: the hand was not finished.
            you = points_words(e.points, e.margin) if e.finished else _("unfinished")
            hard = points_words(e.hard, e.hard_margin)
            if e.beat_hard:
                # Translators: an earlier day's result, yours then the hard opponent's, which
                # you beat.
                row = _("{you}   hard {hard}  beat hard")
            else:
                # Translators: an earlier day's result, yours then the hard opponent's.
                row = _("{you}   hard {hard}")
            out.append(
                ("row", day_words(date.fromisoformat(e.day)), row.format(you=you, hard=hard))
            )
        return out

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self._size != surface.get_size():
            self._layout()
        s = self.scale
        W.draw_page(
            surface,
            theme,
            # Translators: the daily deal page's title.
            _("Daily deal"),
            _("One hand: the same deal for everyone today."),
            self.frame,
            s,
            room=self.play_button.rect.x - int(8 * s),
        )
        lines = self.lines()
        size = max(13, min(int(19 * s), (self.frame.height - 40) // max(1, len(lines) + 4)))
        x0, x1 = self.frame.x + int(24 * s), self.frame.right - int(24 * s)
        y = self.frame.y + int(18 * s)
        for style, left, right in lines:
            if y > self.frame.bottom - size * 2:
                break
            if style == "h":
                y += size // 2
                W.draw_text(
                    surface, theme, left, (x0, y), size=size + 3, bold=True, colour_name="heading"
                )
                y += int(size * 1.8)
            elif style == "p":  # wrapped to the panel: never past its edge
                for part in W.wrap_text(W.font(theme, size), left, x1 - x0):
                    W.draw_text(surface, theme, part, (x0, y), size=size, colour_name="text_muted")
                    y += int(size * 1.3)
                y += int(size * 0.2)
            else:
                W.draw_text(surface, theme, left, (x0 + int(12 * s), y), size=size)
                W.draw_text(surface, theme, right, (x1, y), size=size, bold=True, anchor="topright")
                y += int(size * 1.5)
        self.play_button.draw(surface, theme)
        self.back_button.draw(surface, theme)
        W.draw_tooltip(surface, theme, [self.play_button, self.back_button])


class DailyResultScene(HandPanel, Overlay):
    """The daily hand's end: its breakdown, as at the table (who went out, what each player
    held, every player's points), then your result beside the hard opponent's in your seat,
    and Review this hand. Back to the daily deal leaves the table."""

    name = "daily_result"
    moves_on = False

    def __init__(self, app: AppAPI, table: RunningTable, daily: DailyScene, counted: bool) -> None:
        self.daily = daily
        self.counted = counted
        super().__init__(app, table)
        self._hard_shown: list[int] | None = None
        self.text_bottom = 0
        self.copied = ""  # what pressing Copy result said (it heads the share line)

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        rect = self.panel_rect()
        specs: list[tuple[str, Any, bool]] = [
            (_("Back to the daily deal"), self.back, True),
            # Translators: a button on the daily result: copy the result line to share it.
            (_("Copy result"), self.copy_result, False),
            # Translators: a button on the daily result: open the review of the hand played.
            (_("Review this hand"), self.review_hand, False),
        ]
        self.make_buttons(specs, rect.bottom - int(22 * self.u))

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.u
        # Wide enough for its three buttons in a row at 800x600.
        width = min(w - 40, max(int(900 * u), 640))
        rect = pygame.Rect(0, 0, width, min(h - 40, int(580 * u)))
        rect.center = (w // 2, h // 2)
        return rect

    def heading(self) -> str:
        # Translators: the daily deal's result panel; {heading} says who won the hand.
        return _("Daily deal: {heading}").format(heading=super().heading())

    def next_hand(self) -> None:
        self.back()

    def back(self) -> None:
        if self.app.stack.top is not self:
            return
        self.app.pop()
        self.daily.back_from(self.table)

    def review_hand(self) -> None:
        """The review of your hand, with the hard opponent's play in your seat beside it
        decision by decision (once its game is known) and where the two parted; its
        mistakes and blunders become puzzles (the daily deal is not in the history, where
        Puzzles finds a reviewed game's)."""
        self.open_review(0, hard=self.daily.hard_actions, puzzles=True)

    def share(self) -> str:
        """The line to share (the date, your points and margin, the hard opponent's, the
        streak of days played; no cards); empty before the hand has points."""
        match = self.table.match
        if not match.sheet:
            return ""
        daily = self.daily
        entries = list(daily.entries)
        if not any(e.day == daily.today.isoformat() for e in entries):
            entries.append(DailyEntry(daily.today.isoformat(), daily.seed, {}))
        streak = streaks(entries, daily.today).played
        return share_line(
            daily.today, list(match.sheet[-1]), daily.hard_points(), streak, self.counted
        )

    def copy_result(self) -> None:
        """Copy result: the share line to the clipboard, and a plain word that it was (or
        that this system has no clipboard to copy to)."""
        line = self.share()
        if not line:
            return
        if copy_text(line):
            self.copied = "copied"
            self.app.notify(_("Your result is on the clipboard."), 4.0)
        else:
            self.copied = "no clipboard"
            self.app.notify(_("There is no clipboard to copy to here: copy the line by hand."), 6.0)

    def update(self, dt: float) -> None:
        self.shown += dt
        hard = self.daily.hard_points()
        if hard != self._hard_shown:
            self._hard_shown = hard
            self.refresh()  # the comparison is composed again with the hard result

    def picture(self) -> object:
        return (self.daily.hard_playing, self.daily.hard_points() is not None, self.copied)

    def lines(self) -> list[str]:
        """The comparison under the breakdown (tests read it)."""
        match = self.table.match
        mine = list(match.sheet[-1]) if match.sheet else None
        if mine is None:
            return []
        hard = self.daily.hard_points()
        if hard is not None:
            out = [comparison_words(mine, hard)]
        else:
            out = [
                # Translators: {points} is a counted phrase ("18 pts"); {margin} a signed
                # number ("+8.3"): your points minus the others' average.
                _("You: {points} ({margin} against the table).").format(
                    points=numbered(mine[HUMAN_SEAT], "pt"),
                    margin=decimal(margin_of(mine), sign=True),
                )
            ]
            if self.daily.hard_playing:
                out.append(_("The hard opponent is still playing your cards…"))
        out.append(
            _("Against the table: your points minus the others' average; the lower, the better.")
        )
        if not self.counted:
            out.append(_("Played again: not counted (the first play of the day counts)."))
        share = {
            # Translators: on the daily result; {line} is the result line to share.
            "copied": _("Copied to the clipboard: {line}"),
            # Translators: on the daily result; {line} is the result line to share.
            "no clipboard": _("No clipboard here; copy it by hand: {line}"),
            # Translators: on the daily result, before the line a player can copy and share.
        }.get(self.copied, _("To share: {line}"))
        out.append(share.format(line=self.share()))
        return out

    @property
    def words(self) -> str:
        return "\n".join([self.heading(), *self.lines()])

    def _fit_words(self, top: int, width: int) -> tuple[int, int]:
        """The size of the words under the breakdown and the height of its rows, so that
        the words end above the buttons: the rows closer first, then smaller words (a long
        language's comparison takes more lines)."""
        u, theme = self.u, self.app.theme
        bottom = min((b.rect.top for b in self.buttons), default=self.panel_rect().bottom)
        lines = self.lines()
        size, row_h = max(12, int(17 * u)), int(70 * u)
        for row_h in (int(70 * u), int(58 * u)):
            for size in range(max(12, int(17 * u)), 9, -1):
                said = sum(
                    len(W.wrap_text(W.font(theme, size, k == 0), line, width))
                    for k, line in enumerate(lines)
                )
                rows = int(26 * u) + self.table.match.n * row_h
                end = top + rows + int(10 * u) + said * int(size * 1.35)
                if end <= bottom - int(4 * u):
                    return size, row_h
        return size, row_h

    def draw_body(self, surface: pygame.Surface) -> None:
        self.draw_shade(surface)
        rect = self.panel_rect()
        t, u = self.app.theme, self.u
        draw_panel(surface, t, rect, u)
        y = self.title(surface, self.heading(), rect, t.highlight)
        width = rect.width - int(56 * u)
        size, row_h = self._fit_words(y, width)
        y = self.draw_rows(surface, rect, y, row_h, totals=False)
        y += int(10 * u)
        compared = self.daily.hard_points() is not None
        for k, line in enumerate(self.lines()):
            fnt = W.font(t, size, k == 0)
            ink = W.colour(t, "highlight" if k == 0 and compared else "text")
            for part in W.wrap_text(fnt, line, width):
                img = fnt.render(part, True, ink)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
                y += int(size * 1.35)
        self.text_bottom = y  # below the last line (tests: above the buttons)
