"""The Scores screen: this game's score sheet and chart, past games, statistics.

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
  copy of the history file is kept).
- **Progress**: your rating game by game and your records (:mod:`.progress`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.choices import HUMAN_SEAT, seat_name
from swoop_desktop.engine import Match, RulesError
from swoop_desktop.storage import (
    DocumentError,
    GameRecord,
    Stats,
    compute_stats,
    has_saved_game,
    load_game,
    load_history,
    reset_stats,
)
from swoop_desktop.storage.reviews import review_key, stored_accuracies
from swoop_desktop.ui.controls import Button, Choice, FocusRing, colour, draw_text, font, wrap_text
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.scenes import review as review_scene
from swoop_desktop.ui.scenes.progress import ProgressView
from swoop_desktop.ui.scenes.review import ReviewScene
from swoop_desktop.ui.table.view import counted

TABS = (
    ("game", "This game"),
    ("history", "Past games"),
    ("stats", "Statistics"),
    ("progress", "Progress"),
)
REPLAY_SPEEDS = (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"))
PRESET_NAMES = {"app": "App rules", "classic": "Classic rules", "traditional": "Traditional rules"}

if TYPE_CHECKING:
    from swoop_desktop.ui.appapi import AppAPI


# ---------------------------------------------------------------------------
# What is shown (plain data, easy to test)
# ---------------------------------------------------------------------------
def seat_names(seats: Sequence[dict[str, Any]] | None, n: int) -> list[str]:
    """Names for ``n`` seats from a list of seat dicts (``{"name": ...}``), else the defaults."""
    names = [seat_name(i) for i in range(n)]
    for i, seat in enumerate(list(seats or [])[:n]):
        name = seat.get("name")
        if name:
            names[i] = str(name)
    return names


def running_totals(sheet: Sequence[Sequence[int]], n: int) -> list[list[int]]:
    """Per player, the running total before any hand and after each hand (starts at 0)."""
    series = [[0] for _ in range(n)]
    for row in sheet:
        for p in range(n):
            series[p].append(series[p][-1] + row[p])
    return series


def result_words(record: GameRecord, names: Sequence[str]) -> str:
    """ "You won", "Tie", "<name> won" (R16: lowest total wins, a shared lowest is a tie),
    or "Abandoned" for a game left for a new one."""
    if record.abandoned:
        return "Abandoned"
    if record.winner is None:
        lowest = min(record.totals)
        who = [names[i] for i, t in enumerate(record.totals) if t == lowest]
        return "Tie: " + " and ".join(who)
    return "You won" if record.winner == HUMAN_SEAT else f"{names[record.winner]} won"


def past_game_line(record: GameRecord, names: Sequence[str]) -> str:
    """ "3 hands · You 30 · Lefty 62 · Topper 63 · Righty 0": every total with its name."""
    totals = " · ".join(f"{names[p]} {t}" for p, t in enumerate(record.totals))
    return f"{counted(record.hands, 'hand')} · {totals}"


def stats_lines(stats: Stats) -> list[tuple[str, str]]:
    """Label/value pairs of the statistics, in plain words."""
    return [
        ("Games played", str(stats.games)),
        ("Won", str(stats.wins)),
        ("Tied", str(stats.ties)),
        ("Lost", str(stats.losses)),
        ("Win rate", f"{stats.win_rate * 100:.0f}%" if stats.games else "–"),
        ("Current winning streak", str(stats.current_streak)),
        ("Best winning streak", str(stats.best_streak)),
        ("Average points per hand", f"{stats.average_points_per_hand:.1f}" if stats.hands else "–"),
        ("Swoops made in finished games", str(stats.swoops)),
    ]


# ---------------------------------------------------------------------------
# Drawing: the score sheet and the chart
# ---------------------------------------------------------------------------
def _panel(surface: pygame.Surface, theme: Any, rect: pygame.Rect) -> None:
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*colour(theme, "panel"), 215), shade.get_rect(), border_radius=14)
    surface.blit(shade, rect)
    pygame.draw.rect(surface, colour(theme, "panel_edge"), rect, width=2, border_radius=14)


LABEL_CUT = 64  # no score-sheet column is this many characters wide


def fit_label(theme: Any, name: str, size: int, width: int, smallest: int = 10) -> tuple[str, int]:
    """A column heading that fits ``width``: the full name in a smaller font if need be,
    shortened with "…" only when even the smallest font is too wide.

    The name is pre-cut to :data:`LABEL_CUT` characters and shortened by a binary
    search, so a name of any length costs a few measurements."""
    text = name[:LABEL_CUT]
    px = size
    while px > smallest and font(theme, px, True).size(text)[0] > width:
        px -= 1
    fnt = font(theme, px, True)
    if fnt.size(text)[0] <= width and len(text) == len(name):
        return text, px
    lo, hi = 1, len(text) - 1  # the longest prefix (of at least 1 character) that fits
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.size(text[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[: max(1, lo)] + "…", px


def draw_sheet(
    surface: pygame.Surface,
    theme: Any,
    rect: pygame.Rect,
    names: Sequence[str],
    sheet: Sequence[Sequence[int]],
    went_out: Sequence[int],
    first_row: int = 0,
) -> int:
    """The score sheet: one row per hand, a column per player, totals at the bottom.

    The player who went out in a hand gets a "out" mark instead of a 0. Returns
    how many hand rows fit (the caller scrolls with ``first_row``).
    """
    _panel(surface, theme, rect)
    n = len(names)
    size = max(13, min(20, rect.height // 18))
    row_h = int(size * 1.6)
    x0 = rect.x + 14
    hand_w = max(52, int(size * 3.4))
    col_w = (rect.width - 28 - hand_w) / max(1, n)
    y = rect.y + 12

    def col_x(p: int) -> int:
        return int(x0 + hand_w + col_w * p + col_w / 2)

    draw_text(surface, theme, "Hand", (x0, y), size=size, bold=True, colour_name="text_muted")
    for p, name in enumerate(names):
        label, px = fit_label(theme, name, size, int(col_w - 6))
        draw_text(
            surface,
            theme,
            label,
            (col_x(p), y + (size - px) // 2),
            size=px,
            bold=True,
            rgb=theme.seat_colour(p),
            anchor="midtop",
        )
    y += row_h
    pygame.draw.line(surface, colour(theme, "panel_edge"), (x0, y - 4), (rect.right - 14, y - 4))
    fits = max(1, (rect.bottom - y - row_h - 18) // row_h)
    if not sheet:
        draw_text(
            surface,
            theme,
            "No hand has been scored yet.",
            (x0, y + 4),
            size=size,
            colour_name="text_muted",
        )
    for i in range(first_row, min(len(sheet), first_row + fits)):
        row = sheet[i]
        draw_text(surface, theme, str(i + 1), (x0 + 8, y), size=size, colour_name="text_muted")
        for p in range(n):
            out = i < len(went_out) and went_out[i] == p
            text = "out" if out else str(row[p])
            draw_text(
                surface,
                theme,
                text,
                (col_x(p), y),
                size=size,
                bold=out,
                colour_name="focus" if out else "text",
                anchor="midtop",
            )
        y += row_h
    totals = [sum(r[p] for r in sheet) for p in range(n)]
    ty = rect.bottom - row_h - 8
    pygame.draw.line(
        surface, colour(theme, "panel_edge"), (x0, ty - 6), (rect.right - 14, ty - 6), 2
    )
    draw_text(surface, theme, "Total", (x0, ty), size=size, bold=True)
    low = min(totals) if totals else 0
    for p in range(n):
        draw_text(
            surface,
            theme,
            str(totals[p]),
            (col_x(p), ty),
            size=size,
            bold=True,
            colour_name="highlight" if sheet and totals[p] == low else "text",
            anchor="midtop",
        )
    return fits


def _dashed(
    surface: pygame.Surface,
    rgb: tuple[int, int, int],
    a: tuple[int, int],
    b: tuple[int, int],
    dash: int = 10,
) -> None:
    length = max(1, int(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5))
    for s in range(0, length, dash * 2):
        t0, t1 = s / length, min(1.0, (s + dash) / length)
        pygame.draw.line(
            surface,
            rgb,
            (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
            (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
            2,
        )


def chart_points(
    series: Sequence[Sequence[int]], plot: pygame.Rect, top_value: int
) -> list[list[tuple[int, int]]]:
    """Screen points of each player's running totals inside ``plot`` (hand 0 at the left)."""
    hands = max(1, max(len(s) for s in series) - 1) if series else 1
    top_value = max(1, top_value)
    return [
        [
            (
                int(plot.x + plot.width * i / hands),
                int(plot.bottom - plot.height * min(v, top_value) / top_value),
            )
            for i, v in enumerate(s)
        ]
        for s in series
    ]


def chart_top(value: int) -> int:
    """A round top for the chart's value axis, a little above ``value``, in four grid steps."""
    for step in (
        25,
        50,
        75,
        100,
        125,
        150,
        200,
        250,
        300,
        400,
        500,
        750,
        1000,
        1250,
        1500,
        2000,
        2500,
        5000,
    ):
        if step * 4 >= value * 1.05:
            return step * 4
    return int(value * 1.1)


def draw_chart(
    surface: pygame.Surface,
    theme: Any,
    rect: pygame.Rect,
    names: Sequence[str],
    sheet: Sequence[Sequence[int]],
    target: int,
) -> list[list[tuple[int, int]]]:
    """Each player's running total over the hands, in the seat colours, with the target line.

    Returns the points drawn (for tests)."""
    _panel(surface, theme, rect)
    n = len(names)
    size = max(12, min(17, rect.height // 22))
    series = running_totals(sheet, n)
    highest = max((s[-1] for s in series), default=0)
    top_value = chart_top(max(target, highest))
    legend_h = int(size * 1.8)
    plot = pygame.Rect(
        rect.x + int(size * 3.6),
        rect.y + 16 + legend_h,
        rect.width - int(size * 3.6) - 22,
        rect.height - 40 - legend_h - size * 2,
    )
    if plot.width < 20 or plot.height < 20:
        return []
    grid = colour(theme, "panel_edge")
    muted = colour(theme, "text_muted")
    for k in range(5):
        v = top_value * k // 4
        y = int(plot.bottom - plot.height * v / top_value)
        pygame.draw.line(surface, (*grid,), (plot.x, y), (plot.right, y), 1)
        draw_text(surface, theme, str(v), (plot.x - 6, y), size=size, rgb=muted, anchor="midright")
    ty = int(plot.bottom - plot.height * target / top_value)
    _dashed(surface, colour(theme, "heading"), (plot.x, ty), (plot.right, ty))
    draw_text(
        surface,
        theme,
        f"target {target}",
        (plot.right, ty - 2),
        size=size,
        colour_name="heading",
        anchor="bottomright",
    )
    hands = max(1, len(sheet))
    step = max(1, hands // 10)
    for i in range(0, hands + 1, step):
        x = int(plot.x + plot.width * i / hands)
        draw_text(
            surface, theme, str(i), (x, plot.bottom + 4), size=size, rgb=muted, anchor="midtop"
        )
    draw_text(
        surface,
        theme,
        "hands",
        (plot.centerx, plot.bottom + 4 + size + 2),
        size=size,
        rgb=muted,
        anchor="midtop",
    )
    points = chart_points(series, plot, top_value)
    for p, pts in enumerate(points):
        rgb = theme.seat_colour(p)
        if len(pts) > 1:
            pygame.draw.lines(surface, rgb, False, pts, 4 if p == HUMAN_SEAT else 3)
        for q in pts:
            pygame.draw.circle(surface, rgb, q, 5 if p == HUMAN_SEAT else 4)
    # legend: name and total, in the seat colour (a smaller font if the panel is narrow)
    labels = [f"{name} {series[p][-1]}" for p, name in enumerate(names)]
    px = size
    while (
        px > 10 and sum(font(theme, px, True).size(lb)[0] + 34 for lb in labels) > rect.width - 24
    ):
        px -= 1
    x = rect.x + 16
    for p, label in enumerate(labels):
        pygame.draw.circle(surface, theme.seat_colour(p), (x + 6, rect.y + 14 + px // 2 + 2), 6)
        r = draw_text(surface, theme, label, (x + 16, rect.y + 14), size=px, bold=p == HUMAN_SEAT)
        x = r.right + 18
    return points


# ---------------------------------------------------------------------------
# A confirmation overlay
# ---------------------------------------------------------------------------
class ConfirmOverlay(Scene):
    """A modal question over the screen below; pops with True (yes) or False (no / Esc)."""

    opaque = False
    name = "confirm"

    def __init__(self, app: AppAPI, question: str, detail: str, yes: str, no: str) -> None:
        super().__init__(app)
        self.question, self.detail, self.yes_text, self.no_text = question, detail, yes, no
        self.yes = Button((0, 0, 10, 10), yes, lambda: self.app.pop(True), primary=True)
        self.no = Button((0, 0, 10, 10), no, lambda: self.app.pop(False))
        self.ring = FocusRing([self.no, self.yes], on_back=lambda: self.app.pop(False))
        self.box = pygame.Rect(0, 0, 10, 10)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = min(560, size[0] - 40), 250
        self.box = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        bw = (w - 60) // 2
        self.no.rect = pygame.Rect(self.box.x + 20, self.box.bottom - 70, bw, 50)
        self.yes.rect = pygame.Rect(self.box.right - 20 - bw, self.box.bottom - 70, bw, 50)

    def handle(self, event: pygame.event.Event) -> bool:
        for b in (self.yes, self.no):
            if b.handle(event) and event.type != pygame.MOUSEMOTION:
                return True
        self.ring.handle(event)
        return True  # modal: nothing below gets input

    def update(self, dt: float) -> None:
        self.yes.update(dt)
        self.no.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 140))
        surface.blit(veil, (0, 0))
        pygame.draw.rect(surface, colour(theme, "panel"), self.box, border_radius=16)
        pygame.draw.rect(surface, colour(theme, "focus"), self.box, width=2, border_radius=16)
        draw_text(
            surface,
            theme,
            self.question,
            (self.box.centerx, self.box.y + 20),
            size=24,
            bold=True,
            anchor="midtop",
        )
        fnt = font(theme, 17)
        y = self.box.y + 64
        for line in wrap_text(fnt, self.detail, self.box.width - 48):
            surface.blit(fnt.render(line, True, colour(theme, "text_muted")), (self.box.x + 24, y))
            y += fnt.get_linesize()
        self.no.draw(surface, theme)
        self.yes.draw(surface, theme)


# ---------------------------------------------------------------------------
# The screen
# ---------------------------------------------------------------------------
class ScoresScene(Scene):
    """Scores: this game's sheet and chart, past games (with "Watch again"), statistics.

    ``match`` is the game in progress (None: taken from the table scene if there
    is one, else the saved game that Continue would resume, else the "This
    game" tab says there is no game); ``seats`` are its seats (dicts with a
    ``"name"``, or objects with a ``name``).
    """

    name = "scores"

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
        self.records: list[GameRecord] = []
        self.totals_points: list[tuple[int, int]] = []
        self.messages: list[str] = []
        self.stats = Stats()
        self.accuracy: list[float] = []  # review accuracy of each reviewed game
        self.selected = 0  # index into the newest-first list of past games
        self.list_offset = 0
        self.sheet_offset = 0
        self.replay_speed = "normal"
        self.notice = ""
        self.buttons: list[Button] = []
        self.tab_buttons: dict[str, Button] = {}
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        self.speed = Choice(
            (0, 0, 10, 10),
            "Speed",
            REPLAY_SPEEDS,
            self.replay_speed,
            self._set_speed,
            segmented=True,
        )  # placed by resize
        self.ring = FocusRing([], on_back=self.back)
        self.last_chart: list[list[tuple[int, int]]] = []

    # -- lifecycle ---------------------------------------------------------------
    def enter(self) -> None:
        if self.match is None:
            table = self.app.table
            self.match = table.match if table is not None else None
            if not self.seats and table is not None:
                self.seats = [{"name": seat.name, "level": seat.level} for seat in table.seats]
        saved_messages: list[str] = []
        if self.match is None and has_saved_game(self.app.dirs):
            saved, saved_messages = load_game(self.app.dirs)  # the game Continue would resume
            if saved is not None:
                self.match = saved.match
                self.seats = self.seats or list(saved.extra.get("seats") or [])
        if not self.tab:
            self.tab = "game" if self.match is not None and self.match.actions else "history"
        self.reload()
        self.messages = saved_messages + self.messages
        self.resize(self.app.size)

    def reload(self) -> None:
        """Read the history again (after a reset or a finished game)."""
        self.records, messages = load_history(self.app.dirs)
        self.messages = messages
        self.stats = compute_stats(self.records, abandoned=self.app.settings.count_abandoned)
        self.selected = min(self.selected, max(0, len(self.records) - 1))
        self.accuracy = review_accuracy(self.app.dirs, self.records)
        self.progress = ProgressView(self.app.dirs, self.records, self.app.settings.count_abandoned)
        self.messages += self.progress.messages

    @property
    def newest_first(self) -> list[GameRecord]:
        return list(reversed(self.records))

    def selected_record(self) -> GameRecord | None:
        games = self.newest_first
        return games[self.selected] if 0 <= self.selected < len(games) else None

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
                (x, self.margin, tab_w, bh), label, self._tab_setter(key), primary=key == self.tab
            )
            x += tab_w + 10
        self.back_button = Button(
            (w - self.margin - 140, self.margin, 140, bh), "Back", self.back, key=pygame.K_ESCAPE
        )
        self.body = pygame.Rect(
            self.margin, self.margin + bh + 16, w - 2 * self.margin, h - 2 * self.margin - bh - 16
        )
        self.watch_button = Button((0, 0, 10, 10), "Watch again", self.watch, primary=True)
        self.review_button = Button(
            (0, 0, 10, 10),
            "Review",
            self.review,
            tooltip="Where your plays cost points in this game",
        )
        self.reset_button = Button((0, 0, 10, 10), "Reset statistics", self.ask_reset)
        self.speed = Choice(
            (0, 0, 10, 10),
            "Speed",
            REPLAY_SPEEDS,
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
            self.watch_button.enabled = self.selected_record() is not None
            self.review_button.enabled = self.watch_button.enabled
            extra = [self.speed, self.watch_button, self.review_button]
        elif self.tab == "stats":
            self.reset_button.rect = pygame.Rect(b.x, b.bottom - 56, 260, 50)
            self.reset_button.enabled = self.stats.games > 0
            extra = [self.reset_button]
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
        try:
            rules, deals = record.rules_obj(), record.deals()
        except (DocumentError, RulesError) as exc:
            self.notice = f"This game cannot be reviewed: {exc}"
            return
        self.app.push(
            ReviewScene(
                self.app,
                rules,
                record.players,
                record.seed,
                deals,
                names=seat_names(record.seats, record.players),
            )
        )

    def ask_reset(self) -> None:
        self.app.push(
            ConfirmOverlay(
                self.app,
                "Reset your statistics?",
                f"Your {self.stats.games} counted games start again from zero. The games stay in "
                "the list of past games, and a dated copy of your history file is kept.",
                yes="Reset statistics",
                no="Keep them",
            )
        )

    def on_result(self, value: Any) -> None:
        if value is True and self.tab == "stats":
            copy, messages = reset_stats(self.app.dirs)
            self.reload()
            self.notice = " ".join(messages) or (
                f"Statistics reset. A copy of the old history is kept at {copy}."
                if copy
                else "There were no statistics to reset."
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
        games = self.newest_first
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            for rect, index in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.selected = index
                    self.watch_button.enabled = True
                    self.review_button.enabled = True
                    return True
        elif event.type == pygame.MOUSEWHEEL:
            self.list_offset = max(0, min(len(games) - 1, self.list_offset - int(event.y)))
            return True
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = 1 if event.key == pygame.K_PAGEDOWN else -1
            self.selected = max(0, min(len(games) - 1, self.selected + step))
            self._keep_selected_visible()
            return True
        return False

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
        elif self.tab == "history":
            self._draw_history(surface, theme, body)
        elif self.tab == "progress":
            self.progress.draw(surface, theme, body)
        else:
            self._draw_stats(surface, theme, body)

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
            draw_text(
                surface,
                theme,
                "No game is being played. Start one from the title screen;"
                " its scores will show here.",
                (body.x + 8, body.y + 20),
                size=20,
                colour_name="text_muted",
            )
            return
        names = seat_names(self.seats, m.n)
        if m.over:
            title = "Game over: " + (
                "nobody wins, the lowest total is shared"
                if m.winner is None
                else "you won"
                if m.winner == HUMAN_SEAT
                else f"{names[m.winner]} won"
            )
        else:
            title = (
                f"Hand {m.hand_no + 1}"
                + (" scored" if m.hand_over else " being played")
                + f"  ·  the game ends when someone reaches {m.rules.target}; "
                "lowest total wins"
            )
        draw_text(surface, theme, title, (body.x + 4, body.y), size=18, colour_name="text_muted")
        rect = pygame.Rect(body.x, body.y + 30, body.width, body.height - 30)
        self._sheet_and_chart(surface, theme, rect, names, m.sheet, m.went_out, m.rules.target)

    def _draw_history(self, surface: pygame.Surface, theme: Any, body: pygame.Rect) -> None:
        lr = pygame.Rect(
            self.list_rect.x, body.y, self.list_rect.width, self.list_rect.bottom - body.y
        )
        _panel(surface, theme, lr)
        games = self.newest_first
        self.row_rects = []
        if not games:
            draw_text(
                surface,
                theme,
                "No finished games yet.",
                (lr.x + 14, lr.y + 14),
                size=19,
                colour_name="text_muted",
            )
        row_h = 62
        y = lr.y + 8
        for index in range(self.list_offset, len(games)):
            if y + row_h > lr.bottom - 4:
                break
            rec = games[index]
            row = pygame.Rect(lr.x + 8, y, lr.width - 16, row_h - 6)
            if index == self.selected:
                pygame.draw.rect(surface, colour(theme, "focus"), row, width=2, border_radius=8)
            names = seat_names(rec.seats, rec.players)
            date = rec.date.replace("T", " ")[:16]
            draw_text(surface, theme, date, (row.x + 10, row.y + 6), size=16, bold=True)
            rule = PRESET_NAMES.get(rec.preset, rec.preset) + (" (changed)" if rec.options else "")
            draw_text(
                surface,
                theme,
                rule,
                (row.right - 10, row.y + 6),
                size=14,
                colour_name="text_muted",
                anchor="topright",
            )
            outcome = result_words(rec, names)
            ink = "heading" if rec.winner == HUMAN_SEAT else "text"
            r = draw_text(
                surface,
                theme,
                outcome,
                (row.x + 10, row.y + 30),
                size=16,
                colour_name=ink,
                bold=rec.winner == HUMAN_SEAT,
            )
            draw_text(
                surface,
                theme,
                past_game_line(rec, names),
                (r.right + 14, row.y + 31),
                size=14,
                colour_name="text_muted",
            )
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
                chosen.rules_obj().target if _rules_ok(chosen) else 300,
            )
        self.speed.draw(surface, theme)
        self.watch_button.draw(surface, theme)
        self.review_button.draw(surface, theme)

    def _draw_stats(self, surface: pygame.Surface, theme: Any, body: pygame.Rect) -> None:
        s = self.stats
        wide = body.width > 700
        box = pygame.Rect(
            body.x,
            body.y,
            min(520, int(body.width * 0.44)) if wide else body.width,
            body.height - 70,
        )
        _panel(surface, theme, box)
        size = max(14, min(22, box.height // 16, box.width // 22))
        y = box.y + 16
        draw_text(
            surface,
            theme,
            "All games",
            (box.x + 18, y),
            size=size + 4,
            bold=True,
            colour_name="heading",
        )
        y += int(size * 2)
        shown = stats_lines(s) + ([accuracy_line(self.accuracy)] if s.games else [])
        for label, value in shown:
            draw_text(surface, theme, label, (box.x + 18, y), size=size)
            draw_text(
                surface, theme, value, (box.right - 18, y), size=size, bold=True, anchor="topright"
            )
            y += int(size * 1.55)
        if s.games == 0:
            draw_text(
                surface,
                theme,
                "Finish a game and it is counted here.",
                (box.x + 18, y + 10),
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
                self.totals_points = draw_your_totals(
                    surface, theme, chart, your_totals(self.records)
                )
        self.reset_button.draw(surface, theme)

    def _draw_by_rule_set(
        self, surface: pygame.Surface, theme: Any, pbox: pygame.Rect, size: int
    ) -> None:
        """Per rule set: labelled counts and a win-rate bar."""
        _panel(surface, theme, pbox)
        y = pbox.y + 14
        draw_text(
            surface,
            theme,
            "By rule set",
            (pbox.x + 18, y),
            size=size + 2,
            bold=True,
            colour_name="heading",
        )
        y += int(size * 1.9)
        if not self.stats.by_preset:
            draw_text(
                surface,
                theme,
                "Each rule set you finish a game with is listed here.",
                (pbox.x + 18, y),
                size=size - 3,
                colour_name="text_muted",
            )
        for preset, ps in sorted(self.stats.by_preset.items()):
            if y + size * 3 > pbox.bottom:
                break
            draw_text(
                surface,
                theme,
                PRESET_NAMES.get(preset, preset),
                (pbox.x + 18, y),
                size=size - 1,
                bold=True,
            )
            label_w = font(theme, size - 3, True).size("100% won")[0] + 8
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
                f"{ps.win_rate * 100:.0f}% won",
                (bar.right + 8, y),
                size=size - 3,
                bold=True,
            )
            y += int(size * 1.35)
            line = (
                f"{counted(ps.games, 'game')} · won {ps.wins} · tied {ps.ties} · "
                f"lost {ps.losses} · {counted(ps.swoops, 'Swoop')}"
            )
            draw_text(
                surface, theme, line, (pbox.x + 30, y), size=size - 4, colour_name="text_muted"
            )
            y += int(size * 1.8)


def review_accuracy(dirs: Any, records: Sequence[GameRecord]) -> list[float]:
    """Your review accuracy (0-100) in each reviewed game, oldest first (games never
    reviewed, or whose plays cannot be read, are left out)."""
    keys: list[str] = []
    for record in records:
        try:
            keys.append(
                review_key(
                    record.rules,
                    record.players,
                    record.seed,
                    record.deals(),
                    None,
                    review_scene.DEFAULT_WORLDS,
                )
            )
        except (DocumentError, ValueError):
            keys.append("")
    return [a for a in stored_accuracies(dirs, keys) if a is not None]


def accuracy_line(accuracy: Sequence[float]) -> tuple[str, str]:
    """The statistics line for the review accuracy, in plain words."""
    if not accuracy:
        return "Review accuracy", "review a game to see it"
    mean = sum(accuracy) / len(accuracy)
    return "Review accuracy", f"{mean:.0f}% · {counted(len(accuracy), 'game')}"


def draw_accuracy_trend(
    surface: pygame.Surface, theme: Any, rect: pygame.Rect, accuracy: Sequence[float]
) -> None:
    """A small chart of the review accuracy game by game (0-100%), oldest on the left."""
    pygame.draw.rect(surface, colour(theme, "track"), rect, width=1, border_radius=6)
    draw_text(
        surface,
        theme,
        "Accuracy, reviewed games",
        (rect.x + 8, rect.y + 4),
        size=13,
        colour_name="text_muted",
    )
    inner = rect.inflate(-16, -28)
    inner.y = rect.y + 22
    n = len(accuracy)
    pts = [
        (inner.x + (inner.w * i) // max(1, n - 1), inner.bottom - int(inner.h * a / 100))
        for i, a in enumerate(accuracy)
    ]
    pygame.draw.lines(surface, colour(theme, "primary"), False, pts, 3)
    for q in pts:
        pygame.draw.circle(surface, colour(theme, "primary"), q, 4)


def your_totals(records: Sequence[GameRecord]) -> list[tuple[int, str]]:
    """Your final total and result ("win", "tie", "loss") in each game, oldest first."""
    return [(r.totals[0], r.result()) for r in records if r.totals]


def draw_your_totals(
    surface: pygame.Surface, theme: Any, rect: pygame.Rect, games: Sequence[tuple[int, str]]
) -> list[tuple[int, int]]:
    """A chart of your final total game by game (wins marked); returns the points drawn."""
    _panel(surface, theme, rect)
    size = max(12, min(17, rect.height // 12))
    draw_text(
        surface,
        theme,
        "Your final total, game by game",
        (rect.x + 18, rect.y + 12),
        size=size + 1,
        bold=True,
        colour_name="heading",
    )
    if not games:
        draw_text(
            surface,
            theme,
            "Your finished games will be drawn here.",
            (rect.x + 18, rect.y + 16 + size * 2),
            size=size - 1,
            colour_name="text_muted",
        )
        return []
    top_value = chart_top(max(t for t, _ in games))
    plot = pygame.Rect(
        rect.x + int(size * 3.6),
        rect.y + 24 + size * 2,
        rect.width - int(size * 3.6) - 22,
        rect.height - 44 - size * 3,
    )
    if plot.width < 20 or plot.height < 20:
        return []
    grid, muted = colour(theme, "panel_edge"), colour(theme, "text_muted")
    for k in range(3):
        v = top_value * k // 2
        y = int(plot.bottom - plot.height * v / top_value)
        pygame.draw.line(surface, grid, (plot.x, y), (plot.right, y), 1)
        draw_text(surface, theme, str(v), (plot.x - 6, y), size=size, rgb=muted, anchor="midright")
    n = len(games)
    points = [
        (
            int(plot.x + (plot.width * i / (n - 1) if n > 1 else plot.width / 2)),
            int(plot.bottom - plot.height * t / top_value),
        )
        for i, (t, _) in enumerate(games)
    ]
    ink = theme.seat_colour(HUMAN_SEAT)
    if len(points) > 1:
        pygame.draw.lines(surface, ink, False, points, 3)
    for (x, y), (_t, result) in zip(points, games, strict=True):
        pygame.draw.circle(
            surface,
            colour(theme, "focus") if result == "win" else ink,
            (x, y),
            7 if result == "win" else 4,
        )
    draw_text(
        surface,
        theme,
        f"game 1 … {n}   (big dots: games you won)",
        (plot.centerx, plot.bottom + 4),
        size=size - 1,
        rgb=muted,
        anchor="midtop",
    )
    return points


def _rules_ok(record: GameRecord) -> bool:
    try:
        record.rules_obj()
    except ValueError:
        return False
    return True
