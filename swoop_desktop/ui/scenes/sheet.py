"""The score sheet and the charts: one module draws them for Scores, Game over and replays.

Plain data first (seat names, running totals, the words for a past game and the
statistics), then the drawing: the score sheet, the running-totals chart, the
game-over sheet (every hand, the earliest folded when they do not fit) and the
extra charts of the statistics (review accuracy, your final totals).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from swoop_desktop.choices import HUMAN_SEAT, seat_name
from swoop_desktop.engine import Match
from swoop_desktop.i18n import _, pgettext
from swoop_desktop.names import shown_name
from swoop_desktop.plural import decimal, grouped_number
from swoop_desktop.progress import GameRecord, Stats
from swoop_desktop.progress.summaries import GameSummary, as_summary
from swoop_desktop.ui.controls import (
    colour,
    draw_text,
    draw_wrapped,
    fit_lines,
    font,
    wrap_text,
)
from swoop_desktop.ui.table.view import counted


# ---------------------------------------------------------------------------
# What is shown (plain data, easy to test)
# ---------------------------------------------------------------------------
def seat_names(seats: Sequence[dict[str, Any]] | None, n: int) -> list[str]:
    """Names for ``n`` seats from a list of seat dicts (``{"name": ...}``), else the defaults."""
    names = [shown_name(seat_name(i)) for i in range(n)]
    for i, seat in enumerate(list(seats or [])[:n]):
        name = seat.get("name")
        if name:
            names[i] = shown_name(str(name))  # "You" and the default names translated
    return names


def running_totals(sheet: Sequence[Sequence[int]], n: int) -> list[list[int]]:
    """Per player, the running total before any hand and after each hand (starts at 0)."""
    series = [[0] for _ in range(n)]
    for row in sheet:
        for p in range(n):
            series[p].append(series[p][-1] + row[p])
    return series


#: The last few sheets' running totals: (the sheet itself, its length then, n, totals).
#: The sheet is held, so its identity cannot pass to another list while it is here; a
#: sheet only grows (a hand scored), so its length tells a changed one.
_SERIES: list[tuple[Sequence[Sequence[int]], int, int, list[list[int]]]] = []


def _series(sheet: Sequence[Sequence[int]], n: int) -> list[list[int]]:
    """:func:`running_totals`, worked out once per sheet (and again when it grows): a
    sheet of any length costs its drawing the same each frame."""
    for held, length, players, series in _SERIES:
        if held is sheet and length == len(sheet) and players == n:
            return series
    series = running_totals(sheet, n)
    _SERIES.insert(0, (sheet, len(sheet), n, series))
    del _SERIES[4:]
    return series


def _spread(count: int, most: int) -> list[int]:
    """At most ``most`` indices of ``0..count-1``, evenly spread, the first and last kept."""
    if count <= most:
        return list(range(count))
    most = max(2, most)
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def result_words(record: GameRecord, names: Sequence[str]) -> str:
    """ "You won", "Tie", "<name> won" (R16: lowest total wins, a shared lowest is a tie),
    or "Abandoned" for a game left for a new one; "Practice · You won" for a practice
    game (never rated nor counted)."""
    words = _result_words(record, names)
    if not getattr(record, "practice", False):
        return words
    # Translators: a practice game's line in the list of past games, as in
    # "Practice · You won".
    return _("Practice · {result}").format(result=words)


def _result_words(record: GameRecord, names: Sequence[str]) -> str:
    if record.abandoned:
        # Translators: a past game's result in Scores' list: it was left unfinished.
        return _("Abandoned")
    if record.winner is None:
        lowest = min(record.totals)
        who = [names[i] for i, t in enumerate(record.totals) if t == lowest]
        # Translators: a tie between players, as in "Tie: You and Lefty".
        return _("Tie: {names}").format(names=_(" and ").join(who))
    if record.winner == HUMAN_SEAT:
        # Translators: a past game's result in Scores' list.
        return _("You won")
    # Translators: a past game's result in Scores' list; {name} is the winner ("Lefty").
    return _("{name} won").format(name=names[record.winner])


def past_game_line(record: GameRecord, names: Sequence[str]) -> str:
    """ "3 hands · You 30 · Lefty 62 · Topper 63 · Righty 0": every total with its name."""
    totals = " · ".join(f"{names[p]} {t}" for p, t in enumerate(record.totals))
    # Translators: a past game's line, as in "3 hands · You 30 · Lefty 62 · …".
    return _("{hands} · {totals}").format(hands=counted(record.hands, "hand"), totals=totals)


def stats_lines(stats: Stats) -> list[tuple[str, str]]:
    """Label/value pairs of the statistics, in plain words."""
    return [
        # Translators: a label on Scores' Statistics, before a number of games.
        (_("Games played"), str(stats.games)),
        # Translators: a label on Scores' Statistics, before the number of games you won.
        (_("Won"), str(stats.wins)),
        # Translators: a label on Scores' Statistics, before the number of games tied.
        (_("Tied"), str(stats.ties)),
        # Translators: a label on Scores' Statistics, before the number of games you lost.
        (_("Lost"), str(stats.losses)),
        # Translators: a label on Scores' Statistics, before the share of games won ("45%").
        (_("Win rate"), f"{stats.win_rate * 100:.0f}%" if stats.games else "–"),
        # Translators: a label on Scores' Statistics: games won in a row up to now.
        (_("Current winning streak"), str(stats.current_streak)),
        # Translators: a label on Scores' Statistics: the most games ever won in a row.
        (_("Best winning streak"), str(stats.best_streak)),
        (
            _("Average points per hand"),
            decimal(stats.average_points_per_hand) if stats.hands else "–",
        ),
        (_("Swoops made in finished games"), str(stats.swoops)),
    ]


# ---------------------------------------------------------------------------
# Drawing: the score sheet and the chart
# ---------------------------------------------------------------------------
def panel(surface: pygame.Surface, theme: Any, rect: pygame.Rect) -> None:
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
    panel(surface, theme, rect)
    n = len(names)
    size = max(13, min(20, rect.height // 18))
    row_h = int(size * 1.6)
    x0 = rect.x + 14
    hand_w = max(52, int(size * 3.4))
    col_w = (rect.width - 28 - hand_w) / max(1, n)
    y = rect.y + 12

    def col_x(p: int) -> int:
        return int(x0 + hand_w + col_w * p + col_w / 2)

    labels = [fit_label(theme, name, size, int(col_w - 6)) for name in names]
    first = font(theme, labels[0][1], True).size(labels[0][0])[0] if labels else 0
    room = col_x(0) - first // 2 - 8 - x0  # up to the first player's name
    # Translators: the heading of the score sheet's column of hand numbers.
    hand, hand_px = fit_label(theme, _("Hand"), size, room)
    draw_text(surface, theme, hand, (x0, y), size=hand_px, bold=True, colour_name="text_muted")
    for p, (label, px) in enumerate(labels):
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
    if not sheet:  # wrapped within the sheet in any language
        for line in wrap_text(
            font(theme, size), _("No hand has been scored yet."), rect.right - 14 - x0
        ):
            draw_text(surface, theme, line, (x0, y + 4), size=size, colour_name="text_muted")
            y += int(size * 1.3)
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
    totals = [s[-1] for s in _series(sheet, n)]
    ty = rect.bottom - row_h - 8
    pygame.draw.line(
        surface, colour(theme, "panel_edge"), (x0, ty - 6), (rect.right - 14, ty - 6), 2
    )
    first = font(theme, size, True).size(str(totals[0]))[0] if totals else 0
    room = col_x(0) - first // 2 - 8 - x0  # up to the first player's total
    total, total_px = fit_label(theme, _("Total"), size, room)
    draw_text(surface, theme, total, (x0, ty + (size - total_px) // 2), size=total_px, bold=True)
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
    series: Sequence[Sequence[int]],
    plot: pygame.Rect,
    top_value: int,
    picked: Sequence[int] | None = None,
) -> list[list[tuple[int, int]]]:
    """Screen points of each player's running totals inside ``plot`` (hand 0 at the left);
    with ``picked``, only the totals after those hands."""
    hands = max(1, max(len(s) for s in series) - 1) if series else 1
    top_value = max(1, top_value)
    return [
        [
            (
                int(plot.x + plot.width * i / hands),
                int(plot.bottom - plot.height * min(s[i], top_value) / top_value),
            )
            for i in (range(len(s)) if picked is None else picked)
            if i < len(s)
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
    panel(surface, theme, rect)
    n = len(names)
    size = max(12, min(17, rect.height // 22))
    series = _series(sheet, n)
    highest = max((s[-1] for s in series), default=0)
    top_value = chart_top(max(target, highest))
    # The legend: name and total, in the seat colours, on one line or (a full table in a
    # narrow panel) two.
    labels = [f"{name} {series[p][-1]}" for p, name in enumerate(names)]
    rows, px = _legend_rows(theme, labels, size, rect.width - 24)
    legend_h = int(size * 1.8) + (len(rows) - 1) * int(px * 1.5)
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
        # Translators: the line on the chart at the score that ends the game.
        _("target {points}").format(points=target),
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
        # Translators: the label under the score chart's horizontal axis (hands played).
        pgettext("chart axis", "hands"),
        (plot.centerx, plot.bottom + 4 + size + 2),
        size=size,
        rgb=muted,
        anchor="midtop",
    )
    # More hands than the plot has pixels across: every pixel's worth drawn once (the
    # first and the last hand always), so a sheet of any length draws in the same time.
    picked = _spread(max((len(s) for s in series), default=0), max(2, plot.width))
    points = chart_points(series, plot, top_value, picked)
    dots = len(picked) * 8 <= plot.width  # a dot a hand while they stand apart
    for p, pts in enumerate(points):
        rgb = theme.seat_colour(p)
        if len(pts) > 1:
            pygame.draw.lines(surface, rgb, False, pts, 4 if p == HUMAN_SEAT else 3)
        for q in pts if dots else pts[-1:]:
            pygame.draw.circle(surface, rgb, q, 5 if p == HUMAN_SEAT else 4)
    for k, row in enumerate(rows):
        x, y = rect.x + 16, rect.y + 14 + k * int(px * 1.5)
        for p in row:
            pygame.draw.circle(surface, theme.seat_colour(p), (x + 6, y + px // 2 + 2), 6)
            r = draw_text(surface, theme, labels[p], (x + 16, y), size=px, bold=p == HUMAN_SEAT)
            x = r.right + 18
    return points


def _legend_rows(
    theme: Any, labels: Sequence[str], size: int, room: int
) -> tuple[list[list[int]], int]:
    """The legend's seats row by row, and its font size: one row in a smaller font if the
    panel is narrow, two rows where even that would not fit (a table of seven or eight)."""

    def width(seats: Sequence[int], px: int) -> int:
        return sum(font(theme, px, True).size(labels[p])[0] + 34 for p in seats)

    everyone = list(range(len(labels)))
    for px in range(size, 11, -1):
        if width(everyone, px) <= room:
            return [everyone], px
    half = (len(labels) + 1) // 2
    rows = [everyone[:half], everyone[half:]]
    px = size
    while px > 10 and max(width(row, px) for row in rows) > room:
        px -= 1
    return rows, px


def accuracy_line(accuracy: Sequence[float]) -> tuple[str, str]:
    """The statistics line for the review accuracy, in plain words."""
    if not accuracy:
        # Translators: a label on Scores' Statistics: the share of good decisions in the
        # games you reviewed.
        return _("Review accuracy"), _("review a game to see it")
    mean = sum(accuracy) / len(accuracy)
    # Translators: the review accuracy on Scores' Statistics: "84% · 5 games" (reviewed).
    shown = _("{percent}% · {games}")
    return _("Review accuracy"), shown.format(
        percent=f"{mean:.0f}", games=counted(len(accuracy), "game")
    )


def draw_accuracy_trend(
    surface: pygame.Surface, theme: Any, rect: pygame.Rect, accuracy: Sequence[float]
) -> None:
    """A small chart of the review accuracy game by game (0-100%), oldest on the left."""
    pygame.draw.rect(surface, colour(theme, "track"), rect, width=1, border_radius=6)
    draw_text(
        surface,
        theme,
        # Translators: the caption of the chart of review accuracy, game by game.
        _("Accuracy, reviewed games"),
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


def your_totals(games: Sequence[GameSummary | GameRecord]) -> list[tuple[int, str]]:
    """Your final total and result ("win", "tie", "loss") in each finished game, oldest
    first (a game left for a new one has no final total and is not drawn)."""
    return [
        (g.total, g.outcome)
        for g in map(as_summary, games)
        if g.total is not None and not g.abandoned
    ]


def draw_your_totals(
    surface: pygame.Surface,
    theme: Any,
    rect: pygame.Rect,
    games: Sequence[tuple[int, str]],
    count: int | None = None,
) -> list[tuple[int, int]]:
    """A chart of your final total game by game (wins marked); returns the points drawn.

    ``games`` are the last of ``count`` games (all of them by default); as many of the
    latest as the chart has room for are drawn, a few pixels apart, and the caption says
    which games they are."""
    panel(surface, theme, rect)
    size = max(12, min(17, rect.height // 12))
    draw_text(
        surface,
        theme,
        _("Your final total, game by game"),
        (rect.x + 18, rect.y + 12),
        size=size + 1,
        bold=True,
        colour_name="heading",
    )
    if not games:
        draw_wrapped(
            surface,
            theme,
            _("Your finished games will be drawn here."),
            (rect.x + 18, rect.y + 16 + size * 2),
            rect.width - 36,
            size=size - 1,
            colour_name="text_muted",
        )
        return []
    plot = pygame.Rect(
        rect.x + int(size * 3.6),
        rect.y + 24 + size * 2,
        rect.width - int(size * 3.6) - 22,
        rect.height - 44 - size * 3,
    )
    if plot.width < 20 or plot.height < 20:
        return []
    total = max(len(games), count or 0)
    games = list(games[-max(2, plot.width // 5) :])  # the latest that fit, 5 px apart
    first = total - len(games) + 1
    top_value = chart_top(max(t for t, _ in games))
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
    caption = (
        _("game 1   (big dots: games you won)")
        if total == 1
        else _("game {first} … {last}   (big dots: games you won)").format(
            first=grouped_number(first), last=grouped_number(total)
        )
    )
    # Under the plot, inside the panel: smaller where a long language needs it.
    (caption,), px = fit_lines(theme, caption, rect.width - 24, size - 1)
    half = font(theme, px).size(caption)[0] // 2
    cx = max(rect.x + 12 + half, min(plot.centerx, rect.right - 12 - half))
    draw_text(surface, theme, caption, (cx, plot.bottom + 4), size=px, rgb=muted, anchor="midtop")
    return points


def rules_ok(record: GameRecord) -> bool:
    try:
        record.rules_obj()
    except ValueError:
        return False
    return True


def sheet_rows(
    sheet: list[list[int]], went_out: Sequence[int | None], room: int
) -> list[tuple[str, list[int], int | None]]:
    """The game-over sheet's rows: (label, points per player, who went out).

    Every hand is there. When more hands than ``room`` rows were played, the
    earliest are folded into one "Hands 1–k" row holding their sums, so the
    columns always add up to the totals.
    """
    n = len(sheet[0]) if sheet else 0
    rows = [
        (
            # Translators: a row heading of the score sheet: the hand's number.
            _("Hand {number}").format(number=i + 1),
            list(r),
            went_out[i] if i < len(went_out) else None,
        )
        for i, r in enumerate(sheet)
    ]
    room = max(2, room)
    if len(rows) <= room:
        return rows
    fold = len(rows) - room + 1
    sums = [sum(sheet[i][p] for i in range(fold)) for p in range(n)]
    label = (
        # Translators: a row of the score sheet summing the first hands, when all do not fit.
        _("Hands 1–{last}").format(last=fold) if fold > 1 else _("Hand {number}").format(number=1)
    )
    return [(label, sums, None)] + rows[fold:]


def draw_final_sheet(
    surface: pygame.Surface,
    t: Any,
    rect: pygame.Rect,
    y: int,
    u: float,
    names: Sequence[str],
    match: Match,
) -> int:
    """Game over's sheet inside ``rect`` from ``y``: every hand (the earliest folded into
    one row when they do not fit), who went out, the points, then the totals. Returns
    the ``y`` below it."""
    n = match.n
    # Columns: hand, who went out, then one per player; the last row the totals.
    x_hand = rect.left + int(28 * u)
    x_out = rect.left + int(150 * u)
    x0 = rect.left + int(290 * u)
    col_w = (rect.right - int(24 * u) - x0) // n
    head_px = max(12, int(16 * u))
    head = t.font(head_px, True)
    heads = (
        # Translators: the game-over sheet's column head: the hand's number.
        (_("Hand"), x_hand),
        # Translators: the game-over sheet's column head: who went out first in each hand.
        (_("Went out"), x_out),
    )
    for text, x in heads:
        img = head.render(text, True, t.text_dim)
        surface.blit(img, (x, y))
    for p in range(n):
        name = names[p]
        size = head_px
        img = t.font(size, True).render(name, True, t.text)
        while img.get_width() > col_w - 6 and size > 9:  # full names: a smaller font
            size -= 1
            img = t.font(size, True).render(name, True, t.text)
        surface.blit(img, img.get_rect(midtop=(x0 + col_w * p + col_w // 2, y)))
    y += int(28 * u)
    line_h = max(16, int(24 * u))
    bottom = rect.bottom - int(150 * u)
    room = max(2, (bottom - y) // line_h)
    body = t.font(max(12, int(15 * u)))
    rows = sheet_rows(match.sheet, match.went_out, room)
    for k, (label, points, out) in enumerate(rows):
        folded = k == 0 and len(rows) < len(match.sheet)  # the earliest hands in one row
        img = body.render(label, True, t.highlight if folded else t.text_dim)
        surface.blit(img, (x_hand, y))
        if out is not None:
            img = body.render(names[out], True, t.text)
            surface.blit(img, (x_out, y))
        for p, pts in enumerate(points):
            rgb = t.highlight if out == p else t.text
            img = body.render(str(pts), True, rgb)
            surface.blit(img, img.get_rect(midtop=(x0 + col_w * p + col_w // 2, y)))
        y += line_h
    pygame.draw.line(
        surface,
        t.panel_edge,
        (rect.left + int(24 * u), y + 2),
        (rect.right - int(24 * u), y + 2),
        max(1, int(2 * u)),
    )
    y += int(8 * u)
    img = head.render(_("Total"), True, t.text)
    surface.blit(img, (x_hand, y))
    big = t.font(max(14, int(22 * u)), True)
    for p, total in enumerate(match.totals):
        win = match.winner == p
        img = big.render(str(total), True, t.highlight if win else t.text)
        surface.blit(img, img.get_rect(midtop=(x0 + col_w * p + col_w // 2, y)))
    y += int(40 * u)
    return y
