"""The Scores screen: this game's score sheet and chart, past games, statistics.

Each tab is drawn by :mod:`.scores_tabs`, with the sheet and the charts of
:mod:`.sheet` (Game over and replays use them too); this module keeps what is read
of the history, the controls and the input. The reset question is the one confirm
dialog, opened by name.

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

from swoop_desktop.engine import Match, RulesError
from swoop_desktop.i18n import N_, _, ngettext
from swoop_desktop.progress import GameRecord, Stats, opening, reset_stats, take_history_notes
from swoop_desktop.progress.scorebook import Scorebook
from swoop_desktop.progress.stored_reviews import game_accuracies
from swoop_desktop.progress.summaries import GameSummary
from swoop_desktop.storage import DocumentError, has_saved_game, load_game
from swoop_desktop.storage.seats import seats_to_json
from swoop_desktop.ui.controls import Button, Choice, FocusRing, colour, font, wrap_text
from swoop_desktop.ui.reading import Reading
from swoop_desktop.ui.results import Exported, ModalResult, Result
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.scenes import verdicts
from swoop_desktop.ui.scenes.progress import READ_WAIT, ProgressView

from .scores_tabs import draw_busy, draw_game, draw_history, draw_stats
from .sheet import seat_names

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


def _speeds() -> list[tuple[str, str]]:
    """The replay speeds in the player's language."""
    return [(key, _(label)) for key, label in REPLAY_SPEEDS]


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
    def counting(self) -> bool:
        """Whether the statistics are still being counted beside the frames (a long
        history: the tab says so meanwhile)."""
        return self._stats is None and self._counting is not None

    def totals(self) -> tuple[list[tuple[int, str]], int]:
        """Your totals chart's figures: your latest games' and how many games there are
        (read from the history when first asked, unless counted with the statistics)."""
        if self._totals is None and self.book is not None:
            self._totals = self.book.totals()
        return self._totals or ([], 0)

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
            draw_game(surface, theme, body, self)
        elif self.busy is not None:
            told = _("Your progress is still being checked: it opens in a moment.")
            draw_busy(surface, theme, body, self.busy, told)
        elif self.tab == "history":
            draw_history(surface, theme, body, self)
        elif self.tab == "progress":
            if self.progress is not None:
                self.progress.draw(surface, theme, body)
        else:
            draw_stats(surface, theme, body, self)


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
