"""Where everything sits on the table, for any window size.

Everything scales with ``u = min(width / 1280, height / 720)``: you at the
bottom with large cards, Left / Top / Right with smaller ones, the pile in the
middle, the log top-left and the game info top-right. Functions return card
centres; the table scene turns them into tweens.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from swoop_desktop.choices import HUMAN_SEAT

from ..cards import card_size

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    """Sizes and anchor points of one window size."""

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
    seat_boxes: tuple[pygame.Rect, ...]  # name-plate rect of seats 0..3
    log_rect: pygame.Rect
    info_rect: pygame.Rect
    buttons_origin: Point

    def px(self, value: float) -> int:
        return max(1, int(round(value * self.u)))

    @property
    def pile_drop_rect(self) -> pygame.Rect:
        """Where a drop counts as "on the pile" (generous, like any desktop card game)."""
        w, h = self.pile_card
        rect = pygame.Rect(0, 0, int(w * 3.2), int(h * 1.6))
        rect.center = (int(self.pile_centre[0] + w * 0.5), int(self.pile_centre[1]))
        return rect


LARGE = 1.16  # the "large cards" setting: every card this much bigger


def make_layout(size: tuple[int, int], large: bool = False) -> Layout:
    width, height = max(320, size[0]), max(240, size[1])
    u = min(width / 1280, height / 720)
    k = LARGE if large else 1.0
    hand_card = card_size(118 * u * k)
    table_card = card_size(92 * u * k)
    small_card = card_size(62 * u * k)
    pile_card = card_size(106 * u * k)
    hand_y = height - 14 * u - hand_card[1] / 2
    table_y = hand_y - hand_card[1] / 2 - 30 * u - table_card[1] / 2
    top_bottom = 8 * u + small_card[1] + 8 * u
    mid_y = (top_bottom + table_y - table_card[1] / 2) / 2 + 10 * u
    cx = width / 2
    plate_w, plate_h = int(230 * u), int(46 * u)
    # Name plates (two lines: name and level, cards and points).
    table_left = cx - 2 * (table_card[0] + 16 * u)
    you = pygame.Rect(0, 0, plate_w, plate_h)
    you.midright = (int(table_left - 28 * u), int(table_y))
    left = pygame.Rect(int(16 * u), int(mid_y - 100 * u), plate_w, plate_h)
    right = pygame.Rect(int(width - 16 * u - plate_w), int(mid_y - 100 * u), plate_w, plate_h)
    # Top sits in one row: plate, hand fan, table cards.
    top_w = int(190 * u)
    row = top_w + 10 * u + TOP_FAN * u + 14 * u + 4 * (small_card[0] + 6 * u)
    top = pygame.Rect(int(cx - row / 2), int(8 * u + (small_card[1] - plate_h) / 2), top_w, plate_h)
    log_rect = pygame.Rect(
        int(12 * u), int(8 * u), int(min(340 * u, top.left - 24 * u)), int(left.top - 18 * u)
    )
    info_rect = pygame.Rect(
        int(width - 12 * u - 300 * u), int(8 * u), int(300 * u), int(right.top - 18 * u)
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
        seat_boxes=(you, left, top, right),
        log_rect=log_rect,
        info_rect=info_rect,
        buttons_origin=buttons,
    )


TOP_FAN = 150  # design pixels of Top's hand fan


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
    """Centres of an opponent's ``n`` hand cards (backs), fanned in its box."""
    if n <= 0:
        return []
    w, h = lay.small_card
    plate = lay.seat_boxes[seat]
    max_w: float
    y: float
    if seat == 2:
        max_w = lay.px(TOP_FAN) - w
        cx = plate.right + lay.px(10) + lay.px(TOP_FAN) / 2
        y = plate.centery
    else:
        max_w = plate.width - w
        cx = plate.centerx
        y = plate.bottom + lay.px(8) + h / 2
    step = min(w * 0.28, max_w / max(1, n - 1)) if n > 1 else 0.0
    x0 = cx - step * (n - 1) / 2
    return [(x0 + i * step, y) for i in range(n)]


def slot_position(lay: Layout, seat: int, slot: int, down: bool = False) -> Point:
    """Centre of a face-up card (or, with ``down``, the mystery card under it)."""
    if seat == HUMAN_SEAT:
        w, h = lay.table_card
        gap = w + lay.px(16)
        x = lay.width / 2 + (slot - 1.5) * gap
        y = lay.table_y
    else:
        w, h = lay.small_card
        gap = w + lay.px(6)
        plate = lay.seat_boxes[seat]
        if seat == 2:
            x = plate.right + lay.px(10 + TOP_FAN + 14) + w / 2 + slot * gap
            y = plate.centery
        else:
            x = plate.centerx + (slot - 1.5) * gap
            y = plate.bottom + lay.px(8) + h + lay.px(10) + h / 2
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
