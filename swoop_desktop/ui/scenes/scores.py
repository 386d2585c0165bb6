"""The Scores screen: this game's score sheet and chart, past games, statistics.

The sheet and the charts are drawn by :mod:`.sheet` (Game over and replays use
it too); the reset question is the one confirm dialog, opened by name.

Four tabs:

- **This game**: the running score sheet (points per hand and player, who
  went out, totals) and a line chart of every player's running total over the
  hands, with the target drawn across it.
- **Past games**: the history of finished games, newest first; selecting one
  shows its sheet and chart, and "Watch again" replays it on the table at the
  chosen speed (the recorded actions re-applied; see :mod:`.replay`).
- **Statistics**: games, wins, ties, losses, win rate, streaks, average
  points per hand and Swoops made, overall and per rule set, and a "Reset
  statistics" button behind a confirmation (the games stay listed and a dated
  copy of the history file is kept), and "Export…", which writes the games to a
  file the player names (CSV for a spreadsheet, or JSON; :mod:`.export`).
- **Progress**: your rating game by game and your records (:mod:`.progress`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Match, RulesError
from swoop_desktop.i18n import N_, _, ngettext
from swoop_desktop.progress import GameRecord, Stats, opening, reset_stats, take_history_notes
from swoop_desktop.progress.scorebook import Scorebook
from swoop_desktop.progress.stored_reviews import game_accuracies
from swoop_desktop.progress.summaries import GameSummary
from swoop_desktop.storage import DocumentError, has_saved_game, load_game
from swoop_desktop.storage.seats import seats_to_json
from swoop_desktop.ui.controls import (
    Button,
    Choice,
    FocusRing,
    colour,
    draw_text,
    draw_wrapped,
    fit_label,
    fit_lines,
    font,
    wrap_text,
)
from swoop_desktop.ui.results import Exported, ModalResult, Result
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.scenes import verdicts
from swoop_desktop.ui.scenes.progress import READ_WAIT, ProgressView, Reading
from swoop_desktop.ui.table.view import counted

from .sheet import (
    accuracy_line,
    draw_accuracy_trend,
    draw_chart,
    draw_sheet,
    draw_your_totals,
    panel,
    past_game_line,
    result_words,
    rules_ok,
    seat_names,
    stats_lines,
)

_log = logging.getLogger("swoop_desktop.ui")

TABS = (
    # Translators: a tab of Scores: the score sheet of the game being played.
    ("game", N_("This game")),
    # Translators: a tab of Scores: the list of finished games.
    ("history", N_("Past games")),
    # Translators: a tab of Scores: wins, losses and streaks over all games.
    ("stats", N_("Statistics")),
    # Translators: a tab of Scores: your rating over time and your records.
    ("progress", N_("Progress")),
)
# Translators: the speeds a past game is watched again at.
REPLAY_SPEEDS = (("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")))
PRESET_NAMES = {
    # Translators: a rule set's name on Scores (statistics by rule set): this app's rules.
    "app": N_("App rules"),
    # Translators: a rule set's name on Scores: the common published rules.
    "classic": N_("Classic rules"),
    # Translators: a rule set's name on Scores: the older written rules.
    "traditional": N_("Traditional rules"),
}


def _speeds() -> list[tuple[str, str]]:
    """The replay speeds in the player's language."""
    return [(key, _(label)) for key, label in REPLAY_SPEEDS]


def preset_name(preset: str) -> str:
    """A rule set's name in the player's language (its id when it has none)."""
    name = PRESET_NAMES.get(preset)
    return _(name) if name else preset


if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI


class ScoresScene(Scene):
    """Scores: this game's sheet and chart, past games (with "Watch again"), statistics.

    ``match`` is the game in progress (None: taken from the table scene if there
    is one, else the saved game that Continue would resume, else the "This
    game" tab says there is no game); ``seats`` are its seats (dicts with a
    ``"name"``, or objects with a ``name``).
    """

    name = "scores"
    animating = False  # still pages: the App draws them only on input

    def __init__(
        self,
        app: AppAPI,
        match: Match | None = None,
        seats: Sequence[dict[str, Any]] | None = None,
        tab: str | None = None,
    ) -> None:
        super().__init__(app)
        self.match = match
        self.seats = list(seats or [])
        self.tab = tab or ("game" if match is not None else "")
        self.book: Scorebook | None = None  # the finished games, asked as they are shown
        self._records: dict[int, GameRecord] = {}  # the stored games read so far, by number
        self._unreadable: set[int] = set()  # the stored games whose record does not read
        self._totals: tuple[list[tuple[int, str]], int] | None = None  # the chart's, once read
        self.totals_points: list[tuple[int, int]] = []
        self.messages: list[str] = []
        self._stats: Stats | None = None  # each tab's figures, asked when it is shown
        self._accuracy: list[float] | None = None  # review accuracy of each reviewed game
        #: The statistics tab's figures being read beside the frames (None: not reading).
        self._counting: Reading[Counted] | None = None
        self.selected = 0  # index into the newest-first list of past games
        self.list_offset = 0
        self.sheet_offset = 0
        self.replay_speed = "normal"
        self.notice = ""
        self._unwatchable: str | None = None  # why the selected game does not replay
        self.buttons: list[Button] = []
        self.tab_buttons: dict[str, Button] = {}
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        self.speed = Choice(
            (0, 0, 10, 10),
            _("Speed"),
            _speeds(),
            self.replay_speed,
            self._set_speed,
            segmented=True,
        )  # placed by resize
        self.ring = FocusRing([], on_back=self.back)
        self.last_chart: list[list[tuple[int, int]]] = []
        self._progress: ProgressView | None = None

    # -- lifecycle ---------------------------------------------------------------
    def enter(self) -> None:
        if self.match is None:
            table = self.app.table
            self.match = table.match if table is not None else None
            if not self.seats and table is not None:
                self.seats = seats_to_json(table.seats, brief=True)
        saved_messages: list[str] = []
        if self.match is None and has_saved_game(self.app.dirs):
            saved, saved_messages = load_game(self.app.dirs)  # the game Continue would resume
            if saved is not None:
                self.match = saved.match
                self.seats = self.seats or seats_to_json(saved.seats or [], brief=True)
        if not self.tab:
            self.tab = "game" if self.match is not None and self.match.actions else "history"
        self.reload()
        self.messages = saved_messages + self.messages
        self.resize(self.app.size)

    def reload(self) -> None:
        """Read the history again (after a reset or a finished game): each game's summary,
        and the games themselves only as they come on screen."""
        if self.book is not None:
            self.book.close()
            self.book = None
        self._records = {}
        self._unreadable = set()
        self._totals = None
        # The statistics and Progress are asked for when their tab is first shown.
        self._stats = self._accuracy = None
        self._counting = None  # a read of the figures before is not shown
        if self._progress is not None:
            self._progress.close()
            self._progress = None
        if not opening.done(self.app.dirs):
            # Reached from a game's pause menu while a long history is still being opened:
            # nothing is read (the history's tabs say so) until it is (update reads it).
            return
        book = self.book = Scorebook(self.app.dirs)
        # What an earlier read told (the title's rating line reads the history first) too.
        earlier = take_history_notes(self.app.dirs)
        self.messages = earlier + [m for m in book.messages if m not in earlier]
        self.selected = min(self.selected, max(0, len(book) - 1))

    @property
    def busy(self) -> str | None:
        """What the history's tabs say while your progress is still being opened ("Working
        out your rating…"), None once it is read."""
        if self.book is not None:
            return None
        # Translators: on Scores while the game still reads your history at start-up.
        return opening.words(self.app.dirs) or _("Checking your progress…")

    @property
    def stats(self) -> Stats:
        if self._stats is None:
            book = self.book
            self._stats = Stats() if book is None else book.stats(self.app.settings.count_abandoned)
        return self._stats

    def _count(self) -> None:
        """The statistics tab's figures (the sums, the totals chart, the review accuracy),
        read beside the frames: a short history's are there for the first frame, a long
        one's (100,000 games: a few hundred milliseconds) come a moment later."""
        if self.book is None or self._stats is not None or self._counting is not None:
            return
        dirs, abandoned = self.app.dirs, self.app.settings.count_abandoned
        self._counting = Reading(lambda: count_games(dirs, abandoned), "statistics-read")
        self._counting.wait(opening.first_frame_wait(READ_WAIT))
        self._counted()

    def _counted(self) -> bool:
        """Take the statistics read beside the frames, once they are there (never waits)."""
        reading = self._counting
        if reading is None or not reading.done:
            return False
        self._counting = None
        found = reading.answer
        if found is None:
            _log.error("the statistics could not be counted: %s", reading.error)
            found = Counted(Stats(), ([], 0), [])
        self._stats, self._totals, self._accuracy = found.stats, found.totals, found.accuracy
        return True

    @property
    def accuracy(self) -> list[float]:
        if self._accuracy is None:
            book = self.book
            self._accuracy = [] if book is None else review_accuracy(self.app.dirs, book)
        return self._accuracy

    @property
    def progress(self) -> ProgressView | None:
        """Your rating chart and records (read when first asked for: the Progress tab)."""
        if self._progress is None and self.book is not None:
            view = self._progress = ProgressView(
                self.app, self.book, self.app.settings.count_abandoned
            )
            self.messages += [m for m in view.messages if m not in self.messages]
        return self._progress

    @property
    def game_count(self) -> int:
        return 0 if self.book is None else len(self.book)

    def newest(self, start: int, count: int) -> list[GameSummary]:
        """Past games ``start`` to ``start + count``, newest first."""
        return [] if self.book is None else self.book.newest(start, count)

    def record_of(self, games: Sequence[GameSummary]) -> list[GameRecord | None]:
        """The games themselves (read in one go for those not read yet); None for a game
        whose record does not read."""
        wanted = [
            g
            for g in games
            if g.record is None and g.seq not in self._records and g.seq not in self._unreadable
        ]
        if wanted and self.book is not None:
            for g, record in zip(wanted, self.book.records_of(wanted), strict=True):
                if record is not None:
                    self._records[g.seq] = record
                else:  # not read again each frame; why is said once, above the list
                    self._unreadable.add(g.seq)
            told = take_history_notes(self.app.dirs)
            self.messages += [m for m in told if m not in self.messages]
        return [g.record if g.record is not None else self._records.get(g.seq) for g in games]

    def selected_record(self) -> GameRecord | None:
        if not 0 <= self.selected < self.game_count:
            return None
        chosen = self.newest(self.selected, 1)
        return self.record_of(chosen)[0] if chosen else None

    # -- layout ------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = size
        self.margin = max(12, w // 60)
        bh = max(38, min(50, h // 16))
        tab_w = min(220, (w - 2 * self.margin - 160) // len(TABS) - 10)
        self.tab_buttons = {}
        x = self.margin
        for key, label in TABS:
            self.tab_buttons[key] = Button(
                (x, self.margin, tab_w, bh),
                _(label),
                self._tab_setter(key),
                primary=key == self.tab,
            )
            x += tab_w + 10
        self.back_button = Button(
            (w - self.margin - 140, self.margin, 140, bh), _("Back"), self.back, key=pygame.K_ESCAPE
        )
        self.body = pygame.Rect(
            self.margin, self.margin + bh + 16, w - 2 * self.margin, h - 2 * self.margin - bh - 16
        )
        # Every button's words the size of the tabs' (a taller button keeps the same type).
        px = max(14, min(26, int(bh * 0.42)))
        self.watch_button = Button(
            (0, 0, 10, 10), _("Watch again"), self.watch, primary=True, size=px
        )
        self.review_button = Button(
            (0, 0, 10, 10),
            # Translators: a button on Scores: open the review of the chosen game (12 characters).
            _("Review"),
            self.review,
            tooltip=_("Where your plays cost points in this game"),
            size=px,
        )
        # Translators: a button on Scores' Statistics: start the statistics again from zero.
        self.reset_button = Button((0, 0, 10, 10), _("Reset statistics"), self.ask_reset, size=px)
        self.export_button = Button(
            (0, 0, 10, 10),
            # Translators: a button on Scores: open the page writing your games to a file.
            _("Export…"),
            self.ask_export,
            tooltip=_("Write your games to a file: CSV for a spreadsheet, or JSON"),
            size=px,
        )
        self.speed = Choice(
            (0, 0, 10, 10),
            _("Speed"),
            _speeds(),
            self.replay_speed,
            self._set_speed,
            segmented=True,
            control_width=max(210, int(w * 0.44 * 0.66)),
        )
        self._place_tab_widgets()

    def _place_tab_widgets(self) -> None:
        b = self.body
        self.buttons = [*self.tab_buttons.values(), self.back_button]
        for key, button in self.tab_buttons.items():
            button.primary = key == self.tab
        extra: list[Any] = []
        if self.tab == "history":
            left_w = int(b.width * 0.44)
            self.list_rect = pygame.Rect(b.x, b.y, left_w, b.height - 130)
            self.speed.rect = pygame.Rect(b.x, self.list_rect.bottom + 10, left_w, 56)
            watch_w = (left_w - 10) * 3 // 5
            self.watch_button.rect = pygame.Rect(b.x, self.speed.rect.bottom + 8, watch_w, 50)
            self.review_button.rect = pygame.Rect(
                b.x + watch_w + 10, self.speed.rect.bottom + 8, left_w - watch_w - 10, 50
            )
            self._offer_selected()
            extra = [self.speed, self.watch_button, self.review_button]
        elif self.tab == "stats":
            self.reset_button.rect = pygame.Rect(b.x, b.bottom - 56, 260, 50)
            self._count()
            self.reset_button.enabled = self._stats is not None and self._stats.games > 0
            self.export_button.rect = pygame.Rect(
                self.reset_button.rect.right + 12, b.bottom - 56, 200, 50
            )
            self.export_button.enabled = self.game_count > 0
            extra = [self.reset_button, self.export_button]
        self.buttons.extend(w for w in extra if isinstance(w, Button))
        self.ring.set_widgets([*self.tab_buttons.values(), *extra, self.back_button])

    def _tab_setter(self, key: str) -> Callable[[], None]:
        def select() -> None:
            self.set_tab(key)

        return select

    def _set_speed(self, value: str) -> None:
        self.replay_speed = value

    # -- actions -----------------------------------------------------------------
    def set_tab(self, key: str) -> None:
        self.tab = key
        self.notice = ""
        self._place_tab_widgets()

    def back(self) -> None:
        self.app.pop()

    def watch(self) -> None:
        record = self.selected_record()
        if record is None:
            return
        try:
            self.app.watch_replay(record, self.replay_speed)
        except ValueError as exc:  # ReplayError: the record cannot be replayed, and why
            self.notice = str(exc)

    def review(self) -> None:
        """Review the selected past game: every decision of yours, from what you could see."""
        record = self.selected_record()
        if record is None:
            return
        problem = record.replay_problem()
        if problem is not None:
            # Translators: {problem} says what is wrong with the saved game.
            self.notice = _("This game cannot be reviewed: {problem}.").format(problem=problem)
            return
        try:
            rules, deals = record.rules_obj(), record.deals()
        except (DocumentError, RulesError) as exc:
            # Translators: {problem} says what is wrong with the saved game.
            self.notice = _("This game cannot be reviewed: {problem}").format(problem=exc)
            return
        self.app.open(
            "review",
            rules,
            record.players,
            record.seed,
            deals,
            names=seat_names(record.seats, record.players),
            hints=record.hints,
        )

    def ask_reset(self) -> None:
        self.app.open(
            "confirm",
            # Translators: the question's title before the statistics are reset.
            _("Reset your statistics?"),
            ngettext(
                "Your {n} counted game starts again from zero. The games stay in "
                "the list of past games, and a dated copy of your history file is kept.",
                "Your {n} counted games start again from zero. The games stay in "
                "the list of past games, and a dated copy of your history file is kept.",
                self.stats.games,
            ).format(n=self.stats.games),
            # Translators: the question's yes button: reset the statistics.
            yes=_("Reset statistics"),
            # Translators: the question's no button: keep the statistics as they are.
            no=_("Keep them"),
        )

    def ask_export(self) -> None:
        """The file-name prompt; what it wrote, and where, is said here afterwards."""
        self.app.open("export")

    def on_result(self, value: ModalResult) -> None:
        if isinstance(value, Exported):  # the export prompt: where the games went
            self.notice = value.words
            return
        if value is Result.YES and self.tab == "stats":
            copy, messages = reset_stats(self.app.dirs)
            self.reload()
            self.notice = " ".join(messages) or (
                _(
                    "Statistics reset. A backup of your progress from before is kept at {path}."
                ).format(path=copy)
                if copy
                else _("There were no statistics to reset.")
            )
            self._place_tab_widgets()

    # -- input -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        used = False
        for b in self.buttons:
            if b.handle(event) and event.type != pygame.MOUSEMOTION:
                return True
        if self.tab == "history":
            if self.speed.handle(event) and event.type != pygame.MOUSEMOTION:
                return True
            used = self._handle_list(event) or used
        elif self.tab == "game":
            used = self._handle_sheet_scroll(event) or used
        if self.ring.handle(event):
            return True
        if event.type == pygame.KEYDOWN and pygame.K_1 <= event.key < pygame.K_1 + len(TABS):
            self.set_tab(TABS[event.key - pygame.K_1][0])
            return True
        return used or event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _handle_list(self, event: pygame.event.Event) -> bool:
        count = self.game_count
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            for rect, index in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.selected = index
                    self._offer_selected()
                    return True
        elif event.type == pygame.MOUSEWHEEL:
            self.list_offset = max(0, min(count - 1, self.list_offset - int(event.y)))
            return True
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = 1 if event.key == pygame.K_PAGEDOWN else -1
            self.selected = max(0, min(count - 1, self.selected + step))
            self._offer_selected()
            self._keep_selected_visible()
            return True
        return False

    def _offer_selected(self) -> None:
        """Watch again and Review are offered only for a game whose plays replay (checked
        once per game, by replaying it); for one that does not, the plain reason is shown."""
        record = self.selected_record()
        problem = None if record is None else record.replay_problem()
        self.watch_button.enabled = self.review_button.enabled = (
            record is not None and problem is None
        )
        if problem is not None:
            self.notice = self._why_not(problem)
        elif self.notice == self._why_not(self._unwatchable):
            self.notice = ""
        self._unwatchable = problem

    @staticmethod
    def _why_not(problem: object) -> str:
        # Translators: {problem} says why the stored game's plays do not replay.
        return _("This game cannot be watched again or reviewed: {problem}.").format(
            problem=problem
        )

    def _keep_selected_visible(self) -> None:
        rows = max(1, len(self.row_rects))
        if self.selected < self.list_offset:
            self.list_offset = self.selected
        elif self.selected >= self.list_offset + rows:
            self.list_offset = self.selected - rows + 1

    def _handle_sheet_scroll(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.match is not None:
            self.sheet_offset = max(
                0, min(len(self.match.sheet) - 1, self.sheet_offset - int(event.y))
            )
            return True
        return False

    def update(self, dt: float) -> None:
        for b in self.buttons:
            b.update(dt)
        if self.book is None and opening.done(self.app.dirs):  # opened meanwhile: read it
            told = self.messages
            self.reload()
            self.messages = told + [m for m in self.messages if m not in told]
            self._place_tab_widgets()
        view = self._progress
        if view is not None and view.poll():  # the figures read, or the records again
            self.messages += [m for m in view.messages if m not in self.messages]
        if self._counted():  # the statistics read
            self._place_tab_widgets()

    def picture(self) -> object:
        """Drawn again (at rest too) as the progress is opened, its figures are read and
        the records' older games are counted."""
        view = self._progress
        progress = None if view is None else (view.busy, view.waiting, view.records)
        return (self.busy, self._stats is None, progress)

    def exit(self) -> None:
        if self._progress is not None:
            self._progress.close()
        if self.book is not None:
            self.book.close()

    # -- drawing -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill(theme.felt)
        for b in self.buttons:
            b.draw(surface, theme)
        body = self.body
        if self.messages or self.notice:
            text = " ".join([*self.messages, self.notice]).strip()
            fnt = font(theme, 15, True)
            lines = wrap_text(fnt, text, body.width - 20)[:3]
            for line in lines:
                surface.blit(
                    fnt.render(line, True, colour(theme, "highlight")), (body.x + 6, body.y)
                )
                body = body.inflate(0, 0).move(0, fnt.get_linesize())
            body.height -= fnt.get_linesize() * len(lines)
        if self.tab == "game":
            self._draw_game(surface, theme, body)
        elif self.busy is not None:
            told = _("Your progress is still being checked: it opens in a moment.")
            self._draw_busy(surface, theme, body, self.busy, told)
        elif self.tab == "history":
            self._draw_history(surface, theme, body)
        elif self.tab == "progress":
            if self.progress is not None:
                self.progress.draw(surface, theme, body)
        else:
            self._draw_stats(surface, theme, body)

    def _draw_busy(
        self, surface: pygame.Surface, theme: Any, body: pygame.Rect, words: str, told: str
    ) -> None:
        """A tab whose figures are still being read: what is being done, and ``told``."""
        box = pygame.Rect(body.x, body.y, min(body.width, 720), min(body.height, 160))
        panel(surface, theme, box)
        draw_text(surface, theme, words, (box.x + 18, box.y + 16), size=22, colour_name="heading")
        fnt = font(theme, 17)
        for n, line in enumerate(wrap_text(fnt, told, box.width - 36)[:3]):
            draw_text(
                surface,
                theme,
                line,
                (box.x + 18, box.y + 56 + n * fnt.get_linesize()),
                size=17,
                colour_name="text_muted",
            )

    def _sheet_and_chart(
        self,
        surface: pygame.Surface,
        theme: Any,
        rect: pygame.Rect,
        names: list[str],
        sheet: list[list[int]],
        went_out: list[int],
        target: int,
    ) -> None:
        if rect.width > rect.height * 1.3:
            # The sheet gets at least the room its four full names need (small windows).
            share = 0.42 if rect.width >= 1000 else 0.5
            left = pygame.Rect(rect.x, rect.y, int(rect.width * share), rect.height)
            right = pygame.Rect(left.right + 12, rect.y, rect.right - left.right - 12, rect.height)
        else:
            left = pygame.Rect(rect.x, rect.y, rect.width, rect.height // 2 - 6)
            right = pygame.Rect(
                rect.x, left.bottom + 12, rect.width, rect.bottom - left.bottom - 12
            )
        fits = draw_sheet(surface, theme, left, names, sheet, went_out, self.sheet_offset)
        if self.sheet_offset == 0 and len(sheet) > fits:
            self.sheet_offset = len(sheet) - fits  # show the latest hands
        self.last_chart = draw_chart(surface, theme, right, names, sheet, target)

    def _draw_game(self, surface: pygame.Surface, theme: Any, body: pygame.Rect) -> None:
        m = self.match
        if m is None or not m.actions:
            draw_wrapped(
                surface,
                theme,
                _(
                    "No game is being played. Start one from the title screen;"
                    " its scores will show here."
                ),
                (body.x + 8, body.y + 20),
                body.width - 16,
                size=20,
                colour_name="text_muted",
            )
            return
        names = seat_names(self.seats, m.n)
        if m.over:
            if m.winner is None:
                title = _("Game over: nobody wins, the lowest total is shared")
            elif m.winner == HUMAN_SEAT:
                title = _("Game over: you won")
            else:
                # Translators: the heading of Scores' This game; {name} is the winner ("Lefty").
                title = _("Game over: {name} won").format(name=names[m.winner])
        else:
            title = (
                _(
                    "Hand {number} scored  ·  the game ends when someone reaches {target}; "
                    "lowest total wins"
                )
                if m.hand_over
                else _(
                    "Hand {number} being played  ·  the game ends when someone reaches "
                    "{target}; lowest total wins"
                )
            ).format(number=m.hand_no + 1, target=m.rules.target)
        # Smaller where a long language needs it, then on two lines (the sheet moves down).
        lines, px = fit_lines(theme, title, body.width - 8, 18, height=48)
        step = font(theme, px).get_linesize()
        for k, line in enumerate(lines):
            draw_text(
                surface,
                theme,
                line,
                (body.x + 4, body.y + k * step),
                size=px,
                colour_name="text_muted",
            )
        top = max(30, step * len(lines) + 8)
        rect = pygame.Rect(body.x, body.y + top, body.width, body.height - top)
        self._sheet_and_chart(surface, theme, rect, names, m.sheet, m.went_out, m.rules.target)

    def _draw_history(self, surface: pygame.Surface, theme: Any, body: pygame.Rect) -> None:
        lr = pygame.Rect(
            self.list_rect.x, body.y, self.list_rect.width, self.list_rect.bottom - body.y
        )
        panel(surface, theme, lr)
        self.row_rects = []
        if not self.game_count:
            draw_wrapped(
                surface,
                theme,
                _("No finished games yet."),
                (lr.x + 14, lr.y + 14),
                lr.width - 28,
                size=19,
                colour_name="text_muted",
            )
        # A row is two lines; where the result and the totals do not fit side by side
        # (a small window) the totals fold onto a third line, shortened if they must.
        inner = lr.width - 16 - 20
        shown = self.newest(self.list_offset, max(1, lr.height // 62 + 1))
        read = self.record_of(shown)  # only the games on screen are read whole
        widest = max(
            (
                font(theme, 16, True).size(result_words(rec, seat_names(rec.seats, rec.players)))[0]
                + 14
                + font(theme, 14).size(past_game_line(rec, seat_names(rec.seats, rec.players)))[0]
                for rec in read[:12]
                if rec is not None
            ),
            default=0,
        )
        folded = widest > inner
        row_h = 82 if folded else 62
        y = lr.y + 8
        for place, game in enumerate(shown):
            index = self.list_offset + place
            if y + row_h > lr.bottom - 4:
                break
            row = pygame.Rect(lr.x + 8, y, lr.width - 16, row_h - 6)
            if index == self.selected:
                pygame.draw.rect(surface, colour(theme, "focus"), row, width=2, border_radius=8)
            self._draw_game_row(surface, theme, row, game, read[place], inner, folded)
            self.row_rects.append((row, index))
            y += row_h
        chosen = self.selected_record()
        right = pygame.Rect(lr.right + 12, body.y, body.right - lr.right - 12, body.height)
        if chosen is not None:
            names = seat_names(chosen.seats, chosen.players)
            self._sheet_and_chart(
                surface,
                theme,
                right,
                names,
                chosen.sheet,
                chosen.went_out,
                chosen.rules_obj().target if rules_ok(chosen) else 300,
            )
        self.speed.draw(surface, theme)
        self.watch_button.draw(surface, theme)
        self.review_button.draw(surface, theme)

    def _draw_game_row(
        self,
        surface: pygame.Surface,
        theme: Any,
        row: pygame.Rect,
        game: GameSummary,
        rec: GameRecord | None,
        inner: int,
        folded: bool,
    ) -> None:
        """One past game in the list: its date and rule set, then how it ended and the
        totals (beside it, or folded onto a line of their own in a small window)."""
        date = game.date.replace("T", " ")[:16]
        left = draw_text(surface, theme, date, (row.x + 10, row.y + 6), size=16, bold=True)
        rule = preset_name(game.preset)
        if game.changed:
            # Translators: a rule set's name, changed by the player, as in "App rules (changed)".
            rule = _("{rules} (changed)").format(rules=rule)
        rule = shortened(font(theme, 14), rule, row.right - 10 - left.right - 12)
        draw_text(
            surface,
            theme,
            rule,
            (row.right - 10, row.y + 6),
            size=14,
            colour_name="text_muted",
            anchor="topright",
        )
        if rec is None:  # its summary is known, its record does not read
            draw_text(
                surface,
                theme,
                shortened(font(theme, 14), _("This game could not be read."), inner),
                (row.x + 10, row.y + 31),
                size=14,
                colour_name="text_muted",
            )
            return
        names = seat_names(rec.seats, rec.players)
        outcome = result_words(rec, names)
        ink = "heading" if rec.winner == HUMAN_SEAT else "text"
        r = draw_text(
            surface,
            theme,
            shortened(font(theme, 16, True), outcome, inner),
            (row.x + 10, row.y + 30),
            size=16,
            colour_name=ink,
            bold=rec.winner == HUMAN_SEAT,
        )
        at = (row.x + 10, row.y + 54) if folded else (r.right + 14, row.y + 31)
        # Every total whole: a smaller type where a long language needs it, never cut.
        line, px = fit_label(theme, past_game_line(rec, names), row.right - 10 - at[0], 14)
        draw_text(surface, theme, line, at, size=px, colour_name="text_muted")

    def _draw_stats(self, surface: pygame.Surface, theme: Any, body: pygame.Rect) -> None:
        if self._stats is None and self._counting is not None:  # a long history, being read
            # Translators: on Scores' Statistics page while a long history is counted.
            self._draw_busy(surface, theme, body, _("Counting your games…"), "")
            self.reset_button.draw(surface, theme)
            self.export_button.draw(surface, theme)
            return
        s = self.stats
        wide = body.width > 700
        box = pygame.Rect(
            body.x,
            body.y,
            min(520, int(body.width * 0.44)) if wide else body.width,
            body.height - 70,
        )
        panel(surface, theme, box)
        size = max(14, min(22, box.height // 16, box.width // 22))
        y = box.y + 16
        draw_text(
            surface,
            theme,
            # Translators: a heading on Scores' Statistics: the figures over every game.
            _("All games"),
            (box.x + 18, y),
            size=size + 4,
            bold=True,
            colour_name="heading",
        )
        y += int(size * 2)
        shown = stats_lines(s) + ([accuracy_line(self.accuracy)] if s.games else [])
        for label, value in shown:
            draw_text(surface, theme, label, (box.x + 18, y), size=size)
            room = box.width - 36 - font(theme, size).size(label)[0] - 12
            parts, px = [value], size
            if font(theme, size, True).size(value)[0] > room:  # a narrow box: value below
                y += int(size * 1.3)
                # Smaller where a long language needs it, then on two lines: in the panel.
                parts, px = fit_lines(theme, value, box.width - 36, size, True, height=3 * size)
            step = font(theme, px, True).get_linesize()
            for part in parts:
                draw_text(
                    surface, theme, part, (box.right - 18, y), size=px, bold=True, anchor="topright"
                )
                y += step
            y += int(size * 1.55) - step
        if s.games == 0:
            draw_wrapped(
                surface,
                theme,
                _("Finish a game and it is counted here."),
                (box.x + 18, y + 10),
                box.width - 36,
                size=size - 2,
                colour_name="text_muted",
            )
        else:
            trend = pygame.Rect(box.x + 18, y, box.width - 36, box.bottom - y - 12)
            if len(self.accuracy) >= 2 and trend.height >= size * 3:
                draw_accuracy_trend(surface, theme, trend, self.accuracy)
        if wide:
            px = box.right + 16
            right = pygame.Rect(px, body.y, body.right - px, body.height - 70)
            half = max(
                size * 6,
                min(right.height // 2, int(size * 2.4) + len(s.by_preset) * int(size * 3.2) + 20),
            )
            self._draw_by_rule_set(
                surface, theme, pygame.Rect(right.x, right.y, right.w, half), size
            )
            chart = pygame.Rect(right.x, right.y + half + 12, right.w, right.h - half - 12)
            if chart.height > size * 6:
                if self._totals is None and self.book is not None:
                    self._totals = self.book.totals()
                latest, count = self._totals or ([], 0)
                self.totals_points = draw_your_totals(surface, theme, chart, latest, count)
        self.reset_button.draw(surface, theme)
        self.export_button.draw(surface, theme)

    def _draw_by_rule_set(
        self, surface: pygame.Surface, theme: Any, pbox: pygame.Rect, size: int
    ) -> None:
        """Per rule set: labelled counts and a win-rate bar."""
        panel(surface, theme, pbox)
        y = pbox.y + 14
        draw_text(
            surface,
            theme,
            # Translators: a heading on Scores' Statistics: the figures for each rule set.
            _("By rule set"),
            (pbox.x + 18, y),
            size=size + 2,
            bold=True,
            colour_name="heading",
        )
        y += int(size * 1.9)
        if not self.stats.by_preset:
            draw_wrapped(
                surface,
                theme,
                _("Each rule set you finish a game with is listed here."),
                (pbox.x + 18, y),
                pbox.width - 36,
                size=size - 3,
                colour_name="text_muted",
            )
        for preset, ps in sorted(self.stats.by_preset.items()):
            if y + size * 3 > pbox.bottom:
                break
            draw_text(
                surface,
                theme,
                preset_name(preset),
                (pbox.x + 18, y),
                size=size - 1,
                bold=True,
            )
            label_w = (
                # Translators: beside a rule set's bar on Scores' Statistics: its win rate.
                font(theme, size - 3, True).size(_("{percent}% won").format(percent=100))[0] + 8
            )
            bar_w = max(40, int(pbox.w * 0.3))
            bar = pygame.Rect(pbox.right - 18 - label_w - bar_w, y + 3, bar_w, size - 4)
            pygame.draw.rect(surface, colour(theme, "track"), bar, border_radius=4)
            fill = bar.copy()
            fill.width = int(bar.width * ps.win_rate)
            if fill.width:
                pygame.draw.rect(surface, colour(theme, "primary"), fill, border_radius=4)
            draw_text(
                surface,
                theme,
                _("{percent}% won").format(percent=f"{ps.win_rate * 100:.0f}"),
                (bar.right + 8, y),
                size=size - 3,
                bold=True,
            )
            y += int(size * 1.35)
            # Translators: one rule set's record, as in "12 games · won 5 · tied 1 · lost 6 ·
            # 3 Swoops" ({games} and {swoops} are counted phrases).
            line = _("{games} · won {wins} · tied {ties} · lost {losses} · {swoops}").format(
                games=counted(ps.games, "game"),
                wins=ps.wins,
                ties=ps.ties,
                losses=ps.losses,
                swoops=counted(ps.swoops, "Swoop"),
            )
            draw_text(
                surface, theme, line, (pbox.x + 30, y), size=size - 4, colour_name="text_muted"
            )
            y += int(size * 1.8)


def shortened(fnt: pygame.font.Font, text: str, width: int) -> str:
    """``text``, cut short with "…" where it would be wider than ``width`` pixels."""
    if fnt.size(text)[0] <= width:
        return text
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip(" ·") + "…"


@dataclass(frozen=True)
class Counted:
    """The statistics tab's figures, read together (:func:`count_games`)."""

    stats: Stats
    totals: tuple[list[tuple[int, str]], int]  # the totals chart's (Scorebook.totals)
    accuracy: list[float]  # review accuracy of each reviewed game (review_accuracy)


def count_games(dirs: Any, abandoned: bool) -> Counted:
    """The statistics tab's figures, read on a connection of their own (any thread may);
    Scorebook's answers never raise."""
    book = Scorebook(dirs)
    try:
        return Counted(book.stats(abandoned), book.totals(), review_accuracy(dirs, book))
    finally:
        book.close()


def review_accuracy(dirs: Any, book: Scorebook) -> list[float]:
    """Your review accuracy (0-100) in each reviewed game, oldest first (games never
    reviewed, or whose plays cannot be read, are left out)."""
    found = game_accuracies(dirs, verdicts.DEFAULT_WORLDS)
    return [found[digest] for digest in book.reviewed(list(found))]
