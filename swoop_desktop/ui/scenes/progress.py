"""Your progress: the rating (on the title and as a chart) and your records (on Scores).

The rating is Glicko-2 against the opponents' measured levels
(:mod:`swoop_desktop.progress.rating`); the records come from the history and the
daily deals (:mod:`swoop_desktop.progress.records`). This module reads them and draws
them; the Scores screen shows :class:`ProgressView` on its Progress tab.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pygame

from swoop_desktop.ai import workers
from swoop_desktop.i18n import _
from swoop_desktop.plural import counted, grouped_number
from swoop_desktop.progress import opening
from swoop_desktop.progress.daily_results import DailyEntry, load_daily
from swoop_desktop.progress.rating import (
    LEVEL_RATINGS,
    RatingPoint,
    current_rating,
    nearest_level,
    rating_chart,
    title_rating,
)
from swoop_desktop.progress.records import BATCH, Records, work_out_facts
from swoop_desktop.progress.scorebook import Scorebook
from swoop_desktop.storage import db
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.reading import Reading
from swoop_desktop.ui.table.view import level_word

_log = logging.getLogger("swoop_desktop.ui")


def _rating_now(words: str, rating: float) -> str:
    # Translators: {rating} is "1523 ± 80"; {level} an opponent's level ("normal").
    return _("{rating}, about like {level}").format(
        rating=words, level=level_word(nearest_level(rating))
    )


def history_unread(dirs: Any) -> str | None:
    """Why the stored history cannot be read now, in plain words ("another Swoop window
    kept your progress file busy"), or None when it can: a figure worked out from the
    history is then not shown at all, rather than worked out from the games waiting
    beside the database alone. Never raises, never waits long."""
    try:
        return db.unreadable(dirs)
    except Exception:  # noqa: BLE001 - asking never stops a screen
        _log.exception("asking whether the progress can be read")
        return None


def rating_words(dirs: Any, abandoned: bool = False) -> str:
    """The title's line: "Your rating: 1523 ± 80, about like normal" (never raises);
    while the history cannot be read, why ("Your rating cannot be shown now: …")."""
    unread = history_unread(dirs)
    if unread is not None:
        # Translators: on the title; {reason} says why, e.g. "another Swoop window kept
        # your progress file busy".
        return _("Your rating cannot be shown now: {reason}").format(reason=unread)
    try:
        now, messages = title_rating(dirs, abandoned)
    except Exception:  # noqa: BLE001 - a line on the title never stops the game
        return ""
    for text in messages:  # a damaged history or rating file is told here, not swallowed
        dirs.notices.post("progress-read", text)
    if now is None:
        return _("No rating yet: finish a game to get one")
    # Translators: the title screen's rating line; {rating} is "1523 ± 80, about like normal".
    return _("Your rating: {rating}").format(rating=_rating_now(now.words(), now.rating))


def margin_words(lead: float) -> str:
    """A game's margin in words that follow its sign: ``lead`` is how far your points lay
    below the others' average (more is better), so a negative one is "over" it."""
    n = round(abs(lead))
    if n == 0:
        return _("level with the others' average")
    if lead > 0:
        # Translators: a game's margin (a record); {points} is "23 pts": fewer than the others.
        return _("{points} under the others' average").format(points=counted(n, "pt"))
    # Translators: a game's margin; {points} is "23 pts": more points than the others.
    return _("{points} over the others' average").format(points=counted(n, "pt"))


def record_lines(records: Records, waiting: int = 0) -> list[tuple[str, str]]:
    """(label, value) for each record, in plain words; ``waiting`` games still being
    counted for the two records that need a game replayed are said beside them."""

    def when(text: str) -> str:
        # Translators: the date a record was set, after it on Scores' Progress ("(2026-01-31)").
        return " " + _("({date})").format(date=text[:10]) if text else ""

    margin = (
        "-"
        if records.best_margin is None
        else f"{margin_words(records.best_margin)}{when(records.best_margin_date)}"
    )
    counting = (
        " "
        # Translators: after a record while older games are still read; {games} is "1,234
        # more games".
        + _("(counting {games}…)").format(
            games=counted(waiting, "more game", "more games", grouped=True)
        )
        if waiting
        else ""
    )
    return [
        (_("Best margin in a game"), margin),
        (
            _("Most Swoops in a hand"),
            f"{records.hand_swoops}{when(records.hand_swoops_date)}{counting}",
        ),
        (
            # Translators: a record on Scores' Progress: most daily deals played day after day.
            _("Longest daily streak"),
            # Translators: {days} is "4 days"; {beaten} how many of them in a row you beat the
            # hard opponent's result, a figure.
            _("{days} (beating hard: {beaten})").format(
                days=counted(records.daily_streak, "day"), beaten=records.daily_beaten_streak
            ),
        ),
        (_("Games won without a pick-up"), f"{records.clean_wins}{counting}"),
    ]


#: Seconds the page waits for its figures before its first frame (a short history is read
#: by then; a long one is said to be on its way, and the frame is not kept waiting).
READ_WAIT = 0.03
#: Games replayed in one go for the records when the thinking shares the game's process.
SHORT_BATCH = 25
#: The most points the rating chart draws: a long history is drawn from every so many
#: games (and the last), which a chart a few hundred pixels wide cannot tell apart.
CHART_POINTS = 600


def _writable(dirs: Any) -> bool:
    """Whether the database may take the records' replayed facts now (never raises)."""
    try:
        return not db.ready(dirs).read_only
    except db.FAILURES:
        return False


def fitting(theme: Any, text: str, size: int, width: int, smallest: int = 10) -> int:
    """The largest bold text size up to ``size`` at which ``text`` fits in ``width``."""
    while size > smallest and W.font(theme, size, True).size(text)[0] > width:
        size -= 1
    return size


@dataclass
class Figures:
    """What the page shows, read together on a thread of its own (:func:`read_figures`)."""

    points: list[RatingPoint] = field(default_factory=list)
    rated: int = 0
    daily: list[DailyEntry] = field(default_factory=list)
    records: Records = field(default_factory=Records)
    waiting: int = 0
    messages: list[str] = field(default_factory=list)


def read_figures(
    dirs: Any, abandoned: bool, kept: list[Any] | None, daily: list[DailyEntry] | None = None
) -> Figures:
    """The rating chart, the daily deals and the records (only the records when ``daily``
    is given: counted again after a batch of older games was replayed). Reads on its own
    connections, so it may run on any thread; never raises."""
    found = Figures()
    if daily is None:
        try:
            found.points, found.rated, messages = rating_chart(dirs, abandoned, kept, CHART_POINTS)
            found.messages += messages
            found.daily, messages = load_daily(dirs)
            found.messages += messages
        except Exception:  # noqa: BLE001 - the page shows what it could read
            _log.exception("reading the rating and the daily deals")
            found.messages.append(_("Some of your progress could not be read."))
    else:
        found.daily = daily
    book = Scorebook(dirs)
    try:
        found.records, found.waiting = book.records(found.daily, date.today())
    except Exception:  # noqa: BLE001 - the page shows what it could read
        _log.exception("counting the records")
        found.messages.append(_("Some of your progress could not be read."))
    finally:
        book.close()
    return found


class ProgressView:
    """The rating chart and the records, read when Scores opens (and after a reset).

    The figures are read on a thread of their own (a history of 100,000 games takes a
    few hundred milliseconds); the page waits for them at most
    :func:`~swoop_desktop.progress.opening.first_frame_wait` before its first frame (a
    short history shows at once) and says they are being worked out until they come.
    The records read the games' summaries; games whose two replayed facts are not known
    yet (brought in from an older Swoop) are replayed by a worker a batch at a time
    while the page is open (:meth:`poll`), and the records are counted again as each
    batch is kept."""

    def __init__(self, app: Any, book: Scorebook, abandoned: bool) -> None:
        self.app = app
        self.book = book
        self.abandoned = abandoned
        self.messages: list[str] = []
        self.points: list[RatingPoint] = []
        self.rated = 0  # games rated (the chart draws at most CHART_POINTS of them)
        self.records = Records()
        self.waiting = 0
        self.daily: list[DailyEntry] = []
        self.job: workers.Job[int] | None = None
        #: The figures being read (None once they are shown, or when nothing is read).
        self.reading: Reading[Figures] | None = None
        #: The page's figures are not read yet: it says they are being worked out.
        self.busy = False
        dirs = app.dirs
        #: Why the history cannot be read now (None: it can): then nothing is worked out
        #: from part of it (the games waiting beside the database), and the page says why.
        self.unread = history_unread(dirs)
        if self.unread is not None:
            # Translators: on Scores' Progress page; {reason} says why, e.g. "another
            # Swoop window kept your progress file busy".
            told = _(
                "Your rating and records cannot be shown now ({reason}); open Scores again "
                "in a moment."
            )
            self.messages.append(told.format(reason=self.unread))
            return
        kept = [g.record for g in book.waiting if g.record is not None]
        self.busy = True
        self.reading = Reading(lambda: read_figures(dirs, abandoned, kept or None))
        self.reading.wait(opening.first_frame_wait(READ_WAIT))  # a short history: shown at once
        self.poll()

    def count(self) -> None:
        """The records counted again (on a thread of their own: :meth:`poll` shows them)."""
        if self.unread is not None or self.reading is not None:
            return
        dirs, daily = self.app.dirs, list(self.daily)
        self.reading = Reading(lambda: read_figures(dirs, self.abandoned, None, daily))

    def _take(self, found: Figures, whole: bool) -> None:
        if whole:
            self.points, self.rated, self.daily = found.points, found.rated, found.daily
        self.records, self.waiting = found.records, found.waiting
        self.messages += [m for m in found.messages if m not in self.messages]
        self.busy = False
        dirs = self.app.dirs
        if self.waiting and self.job is None and dirs.usable and _writable(dirs):
            pool = workers.shared()
            # On a thread of the game's own process (one core) a batch is kept short, so
            # it takes turns with the frames in small pieces.
            most = SHORT_BATCH if pool.in_process() else BATCH
            self.job = workers.Job(pool, work_out_facts, str(db.db_file(dirs)), most)

    def poll(self) -> bool:
        """Take what came in: the figures read (True: the page changed), a batch of
        replayed games kept (the records are counted again). Never waits."""
        changed = False
        reading = self.reading
        if reading is not None and reading.done:
            self.reading = None
            if reading.answer is not None:
                self._take(reading.answer, whole=self.busy)
            else:
                _log.error("the progress could not be read: %s", reading.error)
                self.messages.append(_("Some of your progress could not be read."))
                self.busy = False
            changed = True
        job = self.job
        if job is not None and job.ready:
            self.job = None
            if job.error is not None:  # the records wait for another opening
                _log.error("the records' games could not be replayed: %s", job.error)
                self.waiting = 0
                changed = True
            else:
                self.count()
        return changed

    def close(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    @property
    def lines(self) -> list[tuple[str, str]]:
        """Everything the page says, for tests: the rating and the records."""
        if self.unread is not None:  # no figure at all, rather than one from part of it
            # Translators: a label on Scores' Progress, before the rating's figure.
            labels = [_("Your rating")] + [label for label, _v in record_lines(Records())]
            return [(label, _("cannot be read now")) for label in labels]
        if self.busy:
            labels = [_("Your rating")] + [label for label, _v in record_lines(Records())]
            # Translators: on Scores' Progress page, beside "Your rating" and each record
            # while a long history is read.
            return [(label, _("being worked out…")) for label in labels]
        now = current_rating(self.points)
        # Translators: the value beside "Your rating" on Scores' Progress before any rating.
        rating = _rating_now(now.words(), now.rating) if self.points else _("none yet")
        return [(_("Your rating"), rating), *record_lines(self.records, self.waiting)]

    def draw(self, surface: pygame.Surface, theme: Any, body: pygame.Rect) -> None:
        wide = body.width > 700
        left = pygame.Rect(
            body.x, body.y, min(560, int(body.width * 0.44)) if wide else body.width, body.height
        )
        if not wide:
            left.height = min(body.height, 260)
        W.draw_panel(surface, theme, left)
        size = max(13, min(21, left.height // 14, left.width // 24))
        y = left.y + 16
        W.draw_text(
            surface,
            theme,
            # Translators: a heading on Scores' Progress: your best results.
            _("Records"),
            (left.x + 18, y),
            size=size + 4,
            bold=True,
            colour_name="heading",
        )
        y += int(size * 2)
        for label, value in self.lines:
            W.draw_text(surface, theme, label, (left.x + 18, y), size=size)
            y += int(size * 1.3)
            # Smaller where a long language needs it, then on two lines: inside the panel.
            parts, px = W.fit_lines(theme, value, left.width - 36, size - 1, True, height=3 * size)
            step = W.font(theme, px, True).get_linesize()
            for part in parts:
                W.draw_text(
                    surface,
                    theme,
                    part,
                    (left.right - 18, y),
                    size=px,
                    bold=True,
                    anchor="topright",
                )
                y += step
            y += int(size * 1.6) - step
        chart = (
            pygame.Rect(left.right + 16, body.y, body.right - left.right - 16, body.height)
            if wide
            else pygame.Rect(body.x, left.bottom + 12, body.width, body.bottom - left.bottom - 12)
        )
        if chart.height > 80 and chart.width > 120:
            draw_rating_chart(
                surface, theme, chart, self.points, self.rated, self.unread, self.busy
            )


def draw_rating_chart(
    surface: pygame.Surface,
    theme: Any,
    rect: pygame.Rect,
    points: Sequence[RatingPoint],
    games: int = 0,
    unread: str | None = None,
    busy: bool = False,
) -> list[tuple[int, int]]:
    """Your rating game by game, with its ± band and the levels' ratings as lines;
    returns the points drawn. ``games``: how many games the points stand for (a long
    history's are drawn from every so many games); by default one a point. ``unread``:
    why the history cannot be read now (said instead of a chart); ``busy``: the points are
    still being read (said instead of a chart)."""
    W.draw_panel(surface, theme, rect)
    size = max(12, min(17, rect.height // 14))
    W.draw_text(
        surface,
        theme,
        _("Your rating, game by game"),
        (rect.x + 18, rect.y + 12),
        size=size + 1,
        bold=True,
        colour_name="heading",
    )
    if not points:
        _say_instead(surface, theme, rect, size, unread, busy)
        return []
    levels = [r for r, _rd in LEVEL_RATINGS.values()]
    low = min(min(p.rating.rating - 2 * p.rating.rd for p in points), *levels) - 20
    high = max(max(p.rating.rating + 2 * p.rating.rd for p in points), *levels) + 20
    low, high = 50 * int(low // 50), 50 * int(-(-high // 50))
    # Room on the right for the widest level's label ("normal 1500"), inside the panel.
    label_font = theme.font(size - 2)
    room = max(
        label_font.size(f"{level_word(lv)} {r:.0f}")[0] for lv, (r, _rd) in LEVEL_RATINGS.items()
    )
    plot = pygame.Rect(
        rect.x + int(size * 3.8),
        rect.y + 24 + size * 2,
        rect.width - int(size * 3.8) - room - 20,
        rect.height - 44 - size * 3,
    )
    if plot.width < 20 or plot.height < 20:
        return []

    def at_y(v: float) -> int:
        return int(plot.bottom - plot.height * (v - low) / max(1, high - low))

    n = len(points)

    def at_x(i: int) -> int:
        return int(plot.x + (plot.width * i / (n - 1) if n > 1 else plot.width / 2))

    muted = W.colour(theme, "text_muted")
    _draw_scale(surface, theme, plot, (low, high), at_y, size)
    upper = [(at_x(i), at_y(p.rating.rating + 2 * p.rating.rd)) for i, p in enumerate(points)]
    lower = [(at_x(i), at_y(p.rating.rating - 2 * p.rating.rd)) for i, p in enumerate(points)]
    _draw_band(surface, theme, rect, upper, lower, size)
    line = [(at_x(i), at_y(p.rating.rating)) for i, p in enumerate(points)]
    ink = theme.seat_colour(0)
    if n > 1:
        pygame.draw.lines(surface, ink, False, line, 3)
    if n <= plot.width // 6:  # a dot a game while they stand apart; a line alone after
        for q in line:
            pygame.draw.circle(surface, ink, q, 4)
    now = points[-1].rating
    rated = max(n, games)
    if rated > 1:
        span = _("games 1 to {last}").format(last=grouped_number(rated))
    else:
        # Translators: {span} in the rating chart's caption when only one game is rated.
        span = _("your first game")
    # Translators: {span} is "games 1 to 40"; {rating} "1523 ± 80".
    caption = _("{span}: now {rating} (the band: ± twice the deviation)").format(
        span=span, rating=now.words()
    )
    W.draw_text(
        surface,
        theme,
        caption,
        (plot.centerx, plot.bottom + 4),
        size=fitting(theme, caption, size - 1, rect.width - 20),
        rgb=muted,
        anchor="midtop",
    )
    return line


def _say_instead(
    surface: pygame.Surface,
    theme: Any,
    rect: pygame.Rect,
    size: int,
    unread: str | None,
    busy: bool,
) -> None:
    """What the chart says when it has no points: why it cannot read them now, that they
    are being worked out, or that a game against the AIs draws it."""
    empty = _("Finish a game against the AIs and your rating is drawn here.")
    if unread is not None:
        # Translators: in the rating chart; {reason} says why, e.g. "another Swoop
        # window kept your progress file busy".
        empty = _("Your rating cannot be read now ({reason}).").format(reason=unread)
    elif busy:
        empty = _("{phase}…").format(phase=_(opening.RATING))  # "Working out your rating…"
    fnt = W.font(theme, size - 1)
    for n, words in enumerate(W.wrap_text(fnt, empty, rect.width - 36)):
        W.draw_text(
            surface,
            theme,
            words,
            (rect.x + 18, rect.y + 16 + size * 2 + n * fnt.get_linesize()),
            size=size - 1,
            colour_name="text_muted",
        )


def _draw_scale(
    surface: pygame.Surface,
    theme: Any,
    plot: pygame.Rect,
    span: tuple[int, int],
    at_y: Callable[[float], int],
    size: int,
) -> None:
    """The chart's three ratings on the left, and each level's rating as a dashed line,
    named on the right (the names of levels rated close together spread apart)."""
    low, high = span
    grid, muted = W.colour(theme, "panel_edge"), W.colour(theme, "text_muted")
    for k in range(3):
        v = low + (high - low) * k // 2
        pygame.draw.line(surface, grid, (plot.x, at_y(v)), (plot.right, at_y(v)), 1)
        W.draw_text(
            surface, theme, str(v), (plot.x - 6, at_y(v)), size=size, rgb=muted, anchor="midright"
        )
    label_y = plot.bottom + size * 2  # labels of levels rated close together are spread
    for level, (r, _rd) in sorted(LEVEL_RATINGS.items(), key=lambda kv: kv[1][0]):
        y = at_y(r)
        label_y = min(y, label_y - size)
        for x in range(plot.x, plot.right, 12):
            pygame.draw.line(surface, muted, (x, y), (min(x + 6, plot.right), y), 1)
        W.draw_text(
            surface,
            theme,
            f"{level_word(level)} {r:.0f}",
            (plot.right + 6, label_y),
            size=size - 2,
            rgb=muted,
            anchor="midleft",
        )


def _draw_band(
    surface: pygame.Surface,
    theme: Any,
    rect: pygame.Rect,
    upper: list[tuple[int, int]],
    lower: list[tuple[int, int]],
    size: int,
) -> None:
    """The rating's ± band: a shape between its two edges, or for one game a bar from
    its low end to its high end, with caps."""
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    r, g, b = theme.seat_colour(0)
    if len(upper) > 1:
        shape = [(x - rect.x, y - rect.y) for x, y in upper + lower[::-1]]
        pygame.draw.polygon(band, (r, g, b, 50), shape)
    else:  # one game: its band is a bar from the low end to the high end, with caps
        (x, top), (_x, bottom) = upper[0], lower[0]
        half = max(8, size)
        bar = pygame.Rect(x - half - rect.x, top - rect.y, 2 * half, max(1, bottom - top))
        pygame.draw.rect(band, (r, g, b, 50), bar)
        for y in (top, bottom):
            pygame.draw.line(band, (r, g, b, 160), (bar.x, y - rect.y), (bar.right, y - rect.y), 2)
    surface.blit(band, rect.topleft)
