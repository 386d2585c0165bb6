"""Scores' tabs drawn: This game, Past games and Statistics.

The Scores screen (:mod:`.scores`) keeps what it has read of your history, its
controls and its input; each tab is drawn here from what the screen has read
(:class:`ScoresScreen`, what the drawing asks of it), with the score sheet and the
charts of :mod:`.sheet`. Progress draws itself (:mod:`.progress`). A tab's drawing
leaves on the screen what its input and the tests look at: the rows of past games a
click selects, where the sheet is scrolled to, the lines of the charts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Match
from swoop_desktop.i18n import N_, _
from swoop_desktop.progress import GameRecord, Stats
from swoop_desktop.progress.summaries import GameSummary
from swoop_desktop.ui.controls import (
    Button,
    Choice,
    colour,
    draw_text,
    draw_wrapped,
    fit_label,
    fit_lines,
    font,
    wrap_text,
)
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

PRESET_NAMES = {
    # Translators: a rule set's name on Scores (statistics by rule set): this app's rules.
    "app": N_("App rules"),
    # Translators: a rule set's name on Scores: the common published rules.
    "classic": N_("Classic rules"),
    # Translators: a rule set's name on Scores: the older written rules.
    "traditional": N_("Traditional rules"),
}


def preset_name(preset: str) -> str:
    """A rule set's name in the player's language (its id when it has none)."""
    name = PRESET_NAMES.get(preset)
    return _(name) if name else preset


class ScoresScreen(Protocol):
    """What the tabs' drawing asks of the Scores screen (:class:`.scores.ScoresScene`).

    It reads the game being played, the past games (asked as they come on screen) and
    the statistics; it leaves the rows of past games drawn (:attr:`row_rects`, which a
    click selects), the sheet's first hand shown (:attr:`sheet_offset`, which the wheel
    scrolls) and the lines of the charts (:attr:`last_chart`, :attr:`totals_points`).
    """

    # This game
    @property
    def match(self) -> Match | None: ...
    @property
    def seats(self) -> Sequence[dict[str, Any]]: ...

    # Past games
    @property
    def list_rect(self) -> pygame.Rect: ...
    @property
    def game_count(self) -> int: ...
    @property
    def list_offset(self) -> int: ...
    @property
    def selected(self) -> int: ...
    def newest(self, start: int, count: int) -> list[GameSummary]: ...
    def record_of(self, games: Sequence[GameSummary]) -> list[GameRecord | None]: ...
    def selected_record(self) -> GameRecord | None: ...
    @property
    def speed(self) -> Choice: ...
    @property
    def watch_button(self) -> Button: ...
    @property
    def review_button(self) -> Button: ...

    # Statistics
    @property
    def counting(self) -> bool: ...
    @property
    def stats(self) -> Stats: ...
    @property
    def accuracy(self) -> list[float]: ...
    def totals(self) -> tuple[list[tuple[int, str]], int]: ...
    @property
    def reset_button(self) -> Button: ...
    @property
    def export_button(self) -> Button: ...

    # What the drawing leaves
    row_rects: list[tuple[pygame.Rect, int]]
    sheet_offset: int
    last_chart: list[list[tuple[int, int]]]
    totals_points: list[tuple[int, int]]


def draw_game(surface: pygame.Surface, theme: Any, body: pygame.Rect, scores: ScoresScreen) -> None:
    """This game: how it stands (or how it ended), its sheet and its chart."""
    m = scores.match
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
    names = seat_names(scores.seats, m.n)
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
    _sheet_and_chart(surface, theme, rect, scores, names, m.sheet, m.went_out, m.rules.target)


def _sheet_and_chart(
    surface: pygame.Surface,
    theme: Any,
    rect: pygame.Rect,
    scores: ScoresScreen,
    names: list[str],
    sheet: list[list[int]],
    went_out: list[int],
    target: int,
) -> None:
    """A game's sheet beside its chart (or above it, in a narrow room)."""
    if rect.width > rect.height * 1.3:
        # The sheet gets at least the room its four full names need (small windows).
        share = 0.42 if rect.width >= 1000 else 0.5
        left = pygame.Rect(rect.x, rect.y, int(rect.width * share), rect.height)
        right = pygame.Rect(left.right + 12, rect.y, rect.right - left.right - 12, rect.height)
    else:
        left = pygame.Rect(rect.x, rect.y, rect.width, rect.height // 2 - 6)
        right = pygame.Rect(rect.x, left.bottom + 12, rect.width, rect.bottom - left.bottom - 12)
    fits = draw_sheet(surface, theme, left, names, sheet, went_out, scores.sheet_offset)
    if scores.sheet_offset == 0 and len(sheet) > fits:
        scores.sheet_offset = len(sheet) - fits  # show the latest hands
    scores.last_chart = draw_chart(surface, theme, right, names, sheet, target)


def draw_history(
    surface: pygame.Surface, theme: Any, body: pygame.Rect, scores: ScoresScreen
) -> None:
    """Past games: the list (only the games on screen read whole), and the chosen game's
    sheet and chart."""
    lr = pygame.Rect(
        scores.list_rect.x, body.y, scores.list_rect.width, scores.list_rect.bottom - body.y
    )
    panel(surface, theme, lr)
    scores.row_rects = []
    if not scores.game_count:
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
    shown = scores.newest(scores.list_offset, max(1, lr.height // 62 + 1))
    read = scores.record_of(shown)  # only the games on screen are read whole
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
        index = scores.list_offset + place
        if y + row_h > lr.bottom - 4:
            break
        row = pygame.Rect(lr.x + 8, y, lr.width - 16, row_h - 6)
        if index == scores.selected:
            pygame.draw.rect(surface, colour(theme, "focus"), row, width=2, border_radius=8)
        _draw_game_row(surface, theme, row, game, read[place], inner, folded)
        scores.row_rects.append((row, index))
        y += row_h
    chosen = scores.selected_record()
    right = pygame.Rect(lr.right + 12, body.y, body.right - lr.right - 12, body.height)
    if chosen is not None:
        names = seat_names(chosen.seats, chosen.players)
        _sheet_and_chart(
            surface,
            theme,
            right,
            scores,
            names,
            chosen.sheet,
            chosen.went_out,
            chosen.rules_obj().target if rules_ok(chosen) else 300,
        )
    scores.speed.draw(surface, theme)
    scores.watch_button.draw(surface, theme)
    scores.review_button.draw(surface, theme)


def _draw_game_row(
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
    room = row.right - 10 - left.right - 12
    # Translators: a past game's rule set and its table size: "App rules · 6 players".
    sized = _("{rules} · {players}").format(rules=rule, players=counted(game.players, "player"))
    # The table size where it fits (the totals beside the result name every seat anyway).
    rule = (
        sized if font(theme, 14).size(sized)[0] <= room else shortened(font(theme, 14), rule, room)
    )
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


def draw_stats(
    surface: pygame.Surface, theme: Any, body: pygame.Rect, scores: ScoresScreen
) -> None:
    """Statistics: the figures over all games, by rule set, and your totals game by game."""
    if scores.counting:  # a long history, being read
        # Translators: on Scores' Statistics page while a long history is counted.
        draw_busy(surface, theme, body, _("Counting your games…"), "")
        scores.reset_button.draw(surface, theme)
        scores.export_button.draw(surface, theme)
        return
    s = scores.stats
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
    shown = stats_lines(s) + ([accuracy_line(scores.accuracy)] if s.games else [])
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
        if len(scores.accuracy) >= 2 and trend.height >= size * 3:
            draw_accuracy_trend(surface, theme, trend, scores.accuracy)
    if wide:
        px = box.right + 16
        right = pygame.Rect(px, body.y, body.right - px, body.height - 70)
        half = max(
            size * 6,
            min(right.height // 2, int(size * 2.4) + stats_rows(s) * int(size * 3.2) + 20),
        )
        _draw_by_rule_set(surface, theme, pygame.Rect(right.x, right.y, right.w, half), size, s)
        chart = pygame.Rect(right.x, right.y + half + 12, right.w, right.h - half - 12)
        if chart.height > size * 6:
            latest, count = scores.totals()
            scores.totals_points = draw_your_totals(surface, theme, chart, latest, count)
    scores.reset_button.draw(surface, theme)
    scores.export_button.draw(surface, theme)


def _draw_by_rule_set(
    surface: pygame.Surface, theme: Any, pbox: pygame.Rect, size: int, stats: Stats
) -> None:
    """Per rule set: labelled counts and a win-rate bar."""
    panel(surface, theme, pbox)
    # Translators: a heading on Scores' Statistics: the figures for each rule set.
    y = _heading(surface, theme, _("By rule set"), (pbox.x + 18, pbox.y + 14), size)
    if not stats.by_preset:
        draw_wrapped(
            surface,
            theme,
            _("Each rule set you finish a game with is listed here."),
            (pbox.x + 18, y),
            pbox.width - 36,
            size=size - 3,
            colour_name="text_muted",
        )
    for preset, ps in sorted(stats.by_preset.items()):
        if y + size * 3 > pbox.bottom:
            return
        y = _rate_row(surface, theme, pbox, y, size, preset_name(preset), ps)
    if len(stats.by_players) < 2 or y + size * 5 > pbox.bottom:
        return  # one table size: its figures are the rule sets' own
    # Translators: a heading on Scores' Statistics, under the rule sets: the figures for
    # each table size (a win at a table of three is not a win at a table of eight).
    y = _heading(surface, theme, _("By table size"), (pbox.x + 18, y), size)
    for players, ps in sorted(stats.by_players.items()):
        if y + size * 3 > pbox.bottom:
            return
        y = _rate_row(surface, theme, pbox, y, size, counted(players, "player"), ps)


def _heading(surface: pygame.Surface, theme: Any, text: str, at: tuple[int, int], size: int) -> int:
    """A heading in the rule sets' panel; where the rows under it start."""
    draw_text(surface, theme, text, at, size=size + 2, bold=True, colour_name="heading")
    return at[1] + int(size * 1.9)


def stats_rows(stats: Stats) -> int:
    """How many rows of figures the rule sets' panel lists (a table size's heading counts
    as one)."""
    sizes = len(stats.by_players) + 1 if len(stats.by_players) > 1 else 0
    return len(stats.by_preset) + sizes


def _rate_row(
    surface: pygame.Surface,
    theme: Any,
    pbox: pygame.Rect,
    y: int,
    size: int,
    label: str,
    ps: Stats,
) -> int:
    """One rule set's or table size's row: its name, a win-rate bar and its record under
    them; where the next row starts."""
    draw_text(surface, theme, label, (pbox.x + 18, y), size=size - 1, bold=True)
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
    draw_text(surface, theme, line, (pbox.x + 30, y), size=size - 4, colour_name="text_muted")
    return y + int(size * 1.8)


def draw_busy(
    surface: pygame.Surface, theme: Any, body: pygame.Rect, words: str, told: str
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


def shortened(fnt: pygame.font.Font, text: str, width: int) -> str:
    """``text``, cut short with "…" where it would be wider than ``width`` pixels."""
    if fnt.size(text)[0] <= width:
        return text
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip(" ·") + "…"
