"""Where everything sits on the table, for any window size and any table of 3 to 8.

Everything scales with ``u = min(width / 1280, height / 720)``: you at the
bottom with large cards, the others around the table with smaller ones, the
pile in the middle, the log top-left and the game info top-right. The seats
are data: :func:`make_layout` places each opponent once (:class:`SeatPlace`:
its name plate, hand fan, face-up cards and where its last-play marker goes),
going clockwise from your left, over the top and down your right; nothing
outside this module knows how many seats there are or where one sits.
Functions return card centres; the table scene turns them into tweens.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from swoop_desktop.choices import HUMAN_SEAT

from ..cards import card_size

Point = tuple[float, float]

#: Where a seat's last-play marker goes: beside its plate towards the pile ("right" of a
#: seat on the left, "left" of one on the right), under its cards ("below", across the
#: top) or above its plate ("above": yours).
NEWS_SIDES = ("right", "left", "below", "above")


@dataclass(frozen=True)
class SeatPlace:
    """One seat on the table: its name plate and where its cards lie."""

    plate: pygame.Rect
    side: str  # "bottom" (you), "left", "top" or "right": which edge of the table
    fan: tuple[float, float, float]  # the hand fan's centre x, y and widest spread
    slots: tuple[Point, ...]  # the four face-up cards' centres
    news: str  # one of NEWS_SIDES
    block: pygame.Rect  # the plate and the seat's cards together

    def news_anchor(self, rect: pygame.Rect, gap: int) -> pygame.Rect:
        """``rect`` (a marker's size) placed where this seat's last-play marker goes."""
        placed = rect.copy()
        if self.news == "right":
            placed.topleft = (self.plate.right + gap, self.plate.top)
        elif self.news == "left":
            placed.topright = (self.plate.left - gap, self.plate.top)
        elif self.news == "below":
            placed.midtop = (self.block.centerx, self.block.bottom + gap)
        else:
            placed.midbottom = (self.plate.centerx, self.plate.top - gap)
        return placed


@dataclass(frozen=True)
class Layout:
    """Sizes and anchor points of one window size and table."""

    width: int
    height: int
    u: float
    hand_card: tuple[int, int]
    table_card: tuple[int, int]
    small_card: tuple[int, int]
    pile_card: tuple[int, int]
    hand_y: float
    table_y: float
    pile_centre: Point
    swept_centre: Point
    aside_centre: Point
    seats: tuple[SeatPlace, ...]  # seat 0 (you) first, then clockwise
    log_rect: pygame.Rect
    info_rect: pygame.Rect
    buttons_origin: Point

    def px(self, value: float) -> int:
        return max(1, int(round(value * self.u)))

    @property
    def seat_boxes(self) -> tuple[pygame.Rect, ...]:
        """Every seat's name plate, seat 0 first."""
        return tuple(s.plate for s in self.seats)

    @property
    def players(self) -> int:
        return len(self.seats)

    def stack_rect(self, centre: Point) -> pygame.Rect:
        """What a stack beside the pile (swooped or set aside) covers with its caption."""
        w, h = self.small_card
        rect = pygame.Rect(0, 0, max(w, self.px(96)), h + self.px(28))
        rect.midtop = (int(centre[0]), int(centre[1] - h / 2 - self.px(5)))
        return rect

    @property
    def pile_drop_rect(self) -> pygame.Rect:
        """Where a drop counts as "on the pile" (generous, like any desktop card game)."""
        w, h = self.pile_card
        rect = pygame.Rect(0, 0, int(w * 3.2), int(h * 1.6))
        rect.center = (int(self.pile_centre[0] + w * 0.5), int(self.pile_centre[1]))
        return rect


LARGE = 1.16  # the "large cards" setting: every card this much bigger
TOP_FAN = 150  # design pixels of the hand fan of a lone seat across the top
PLAYERS = range(3, 9)  # the table sizes the layout seats

#: How many opponents sit on your left, across the top and on your right, by how many
#: opponents there are: one arc around the table, as people sit at a real one.
ARCS: dict[int, tuple[int, int, int]] = {
    2: (1, 0, 1),
    3: (1, 1, 1),
    4: (1, 2, 1),
    5: (2, 1, 2),
    6: (2, 2, 2),
    7: (2, 3, 2),
}
#: An opponent's card height (design pixels) by how many opponents there are: smaller
#: at a fuller table, never below what a rank can be read at.
SMALL_CARD = {2: 62, 3: 62, 4: 60, 5: 58, 6: 56, 7: 52}
#: The pile's card height by the same count (the middle is shorter at a fuller table).
PILE_CARD = {2: 106, 3: 106, 4: 100, 5: 100, 6: 96, 7: 92}


def make_layout(size: tuple[int, int], large: bool = False, players: int = 4) -> Layout:
    """The table for a window of ``size`` seating ``players`` (3 to 8)."""
    if players not in PLAYERS:
        raise ValueError(f"the players at a table should be from 3 to 8, not {players}")
    width, height = max(320, size[0]), max(240, size[1])
    u = min(width / 1280, height / 720)
    k = LARGE if large else 1.0
    others = players - 1
    left_n, top_n, right_n = ARCS[others]
    hand_card = card_size(118 * u * k)
    table_card = card_size(92 * u * k)
    small_card = card_size(SMALL_CARD[others] * u * k)
    pile_card = card_size(PILE_CARD[others] * u * k)
    hand_y = height - 14 * u - hand_card[1] / 2
    table_y = hand_y - hand_card[1] / 2 - 30 * u - table_card[1] / 2
    cx = width / 2
    plate_w, plate_h = int(230 * u), int(46 * u)
    table_left = cx - 2 * (table_card[0] + 16 * u)
    you = pygame.Rect(0, 0, plate_w, plate_h)
    you.midright = (int(table_left - 28 * u), int(table_y))
    gap = table_card[0] + 16 * u
    mine = SeatPlace(
        plate=you,
        side="bottom",
        fan=(cx, hand_y, width),
        slots=tuple((cx + (s - 1.5) * gap, table_y) for s in range(4)),
        news="above",
        block=you,
    )
    top_row = _top_row(width, u, small_card, top_n)
    top_bottom = max((s.block.bottom for s in top_row), default=int(8 * u)) + 8 * u
    if top_n > 1:
        top_bottom += 40 * u  # the top seats' last-play markers lie under their cards
    elif top_n == 0:
        top_bottom = 8 * u + small_card[1] + 8 * u
    mid_y = (top_bottom + table_y - table_card[1] / 2) / 2 + 10 * u
    # The side columns: one seat stands where it always did; two share the column,
    # above the bottom of your side of the table.
    low = you.top - 60 * u if left_n > 1 else mid_y - 100 * u
    left = _column(width, u, small_card, left_n, "left", low, mid_y)
    right = _column(width, u, small_card, right_n, "right", low, mid_y)
    seats = (mine, *reversed(left), *top_row, *right)
    corner_top = min((s.block.top for s in (*left, *right)), default=int(mid_y))
    if left_n > 1:
        # The upper side seats' last-play markers rise above the stacks beside the pile
        # (three lines at most): the corners keep clear of them.
        corner_top = int(min(corner_top, mid_y - small_card[1] / 2 - 80 * u))
    top_left = min((s.block.left for s in top_row), default=int(cx))
    top_right = max((s.block.right for s in top_row), default=int(cx))
    log_rect = pygame.Rect(
        int(12 * u), int(8 * u), int(min(340 * u, top_left - 24 * u)), int(corner_top - 18 * u)
    )
    info_w = int(min(300 * u, width - 12 * u - top_right - 24 * u))
    info_rect = pygame.Rect(
        int(width - 12 * u - info_w), int(8 * u), info_w, int(corner_top - 18 * u)
    )
    buttons = (cx + 2 * (table_card[0] + 16 * u) + 24 * u, table_y - table_card[1] / 2)
    return Layout(
        width=width,
        height=height,
        u=u,
        hand_card=hand_card,
        table_card=table_card,
        small_card=small_card,
        pile_card=pile_card,
        hand_y=hand_y,
        table_y=table_y,
        pile_centre=(cx - pile_card[0] * 0.6, mid_y),
        swept_centre=(cx + 250 * u, mid_y),
        aside_centre=(cx - 250 * u, mid_y),
        seats=seats,
        log_rect=log_rect,
        info_rect=info_rect,
        buttons_origin=buttons,
    )


def _compact(
    u: float,
    card: tuple[int, int],
    plate_at: tuple[int, int],
    fan_first: bool,
    side: str,
    news: str,
) -> SeatPlace:
    """A seat of a full table: the plate, and under it the face-up cards and the hand fan
    side by side (the fan towards the middle of the table)."""
    w, h = card
    step = w + 5 * u
    fan_w = 58 * u
    row_w = 4 * step - 5 * u + 8 * u + fan_w
    plate = pygame.Rect(plate_at[0], plate_at[1], int(row_w), int(46 * u))
    y = plate.bottom + 6 * u + h / 2
    x0 = plate.x + (fan_w + 8 * u if fan_first else 0)
    slots = tuple((x0 + w / 2 + s * step, y) for s in range(4))
    fan_x = plate.x + fan_w / 2 if fan_first else plate.right - fan_w / 2
    block = plate.union(pygame.Rect(plate.x, int(y - h / 2), plate.w, h))
    return SeatPlace(plate, side, (fan_x, y, fan_w - w), slots, news, block)


def compact_width(u: float, card: tuple[int, int]) -> int:
    """How wide a seat of a full table is."""
    return int(4 * (card[0] + 5 * u) - 5 * u + 8 * u + 58 * u)


def _top_row(width: int, u: float, card: tuple[int, int], n: int) -> list[SeatPlace]:
    """The seats across the top, left to right."""
    w, h = card
    if n == 1:  # one seat across: plate, hand fan and cards in one row
        plate_w, plate_h = int(190 * u), int(46 * u)
        row = plate_w + 10 * u + TOP_FAN * u + 14 * u + 4 * (w + 6 * u)
        plate = pygame.Rect(
            int(width / 2 - row / 2), int(8 * u + (h - plate_h) / 2), plate_w, plate_h
        )
        fan = (plate.right + 10 * u + TOP_FAN * u / 2, plate.centery, TOP_FAN * u - w)
        gap = w + 6 * u
        x0 = plate.right + (10 + TOP_FAN + 14) * u + w / 2
        slots = tuple((x0 + s * gap, plate.centery) for s in range(4))
        block = pygame.Rect(plate.x, int(8 * u), int(row), h)
        return [SeatPlace(plate, "top", fan, slots, "below", block.union(plate))]
    seat_w = compact_width(u, card)
    space = 18 * u
    x = width / 2 - (n * seat_w + (n - 1) * space) / 2
    out = []
    for _ in range(n):
        out.append(_compact(u, card, (int(x), int(8 * u)), False, "top", "below"))
        x += seat_w + space
    return out


def _column(
    width: int, u: float, card: tuple[int, int], n: int, side: str, low: float, mid_y: float
) -> list[SeatPlace]:
    """The seats down one side, top to bottom."""
    w, h = card
    news = "right" if side == "left" else "left"
    if n == 1:  # plate, then the hand fan under it, then the cards
        plate_w, plate_h = int(230 * u), int(46 * u)
        x = int(16 * u) if side == "left" else int(width - 16 * u - plate_w)
        plate = pygame.Rect(x, int(mid_y - 100 * u), plate_w, plate_h)
        fan = (plate.centerx, plate.bottom + 8 * u + h / 2, plate_w - w)
        gap = w + 6 * u
        y = plate.bottom + 8 * u + h + 10 * u + h / 2
        slots = tuple((plate.centerx + (s - 1.5) * gap, y) for s in range(4))
        block = plate.union(pygame.Rect(plate.x, plate.y, plate.w, int(y + h / 2 - plate.y)))
        return [SeatPlace(plate, side, fan, slots, news, block)]
    seat_w = compact_width(u, card)
    seat_h = 46 * u + 6 * u + h
    space = 12 * u
    x = int(16 * u) if side == "left" else int(width - 16 * u - seat_w)
    top = low - n * seat_h - (n - 1) * space
    out = []
    for i in range(n):
        y = int(top + i * (seat_h + space))
        out.append(_compact(u, card, (x, y), side == "right", side, news))
    return out


def hand_positions(lay: Layout, n: int) -> list[Point]:
    """Centres of your ``n`` hand cards, fanned and overlapping to fit the width."""
    if n <= 0:
        return []
    w = lay.hand_card[0]
    room = lay.width - 2 * lay.px(24) - w
    step = min(w * 1.06, room / (n - 1)) if n > 1 else 0.0
    total = step * (n - 1)
    x0 = lay.width / 2 - total / 2
    return [(x0 + i * step, lay.hand_y) for i in range(n)]


def seat_fan_positions(lay: Layout, seat: int, n: int) -> list[Point]:
    """Centres of an opponent's ``n`` hand cards (backs), fanned in its place."""
    if n <= 0:
        return []
    w = lay.small_card[0]
    cx, y, max_w = lay.seats[seat].fan
    step = min(w * 0.28, max_w / max(1, n - 1)) if n > 1 else 0.0
    x0 = cx - step * (n - 1) / 2
    return [(x0 + i * step, y) for i in range(n)]


def slot_position(lay: Layout, seat: int, slot: int, down: bool = False) -> Point:
    """Centre of a face-up card (or, with ``down``, the mystery card under it)."""
    w, h = lay.table_card if seat == HUMAN_SEAT else lay.small_card
    x, y = lay.seats[seat].slots[slot]
    if down:
        return (x - w * 0.06, y - h * 0.07)
    return (x + w * 0.04, y + h * 0.05)


def seat_card_size(lay: Layout, seat: int, zone: str) -> tuple[int, int]:
    if seat == HUMAN_SEAT:
        return lay.hand_card if zone == "hand" else lay.table_card
    return lay.small_card


def pile_positions(lay: Layout, n: int, fanned: int) -> list[Point]:
    """Centres of ``n`` pile cards, bottom to top; the top ``fanned`` are spread out."""
    cx, cy = lay.pile_centre
    w = lay.pile_card[0]
    step = w * 0.3
    out: list[Point] = []
    base = n - fanned
    for i in range(n):
        if i < base:
            jitter = ((i * 37) % 7 - 3) * lay.u * 0.6
            out.append((cx + jitter, cy + ((i * 53) % 5 - 2) * lay.u * 0.6))
        else:
            out.append((cx + (i - base) * step, cy))
    return out


STACK_STEPS = 12  # a stack shows its height over this many cards; the rest lie flush


def stack_positions(centre: Point, n: int, u: float) -> list[Point]:
    """A neat stack: each card a hair higher than the one below."""
    cx, cy = centre
    return [
        (cx - min(i, STACK_STEPS) * 0.35 * u, cy - min(i, STACK_STEPS) * 0.35 * u) for i in range(n)
    ]
