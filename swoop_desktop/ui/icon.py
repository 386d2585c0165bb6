"""The application icon, drawn by the program: two fanned cards and a golden swoop.

``render_icon(size)`` returns a square, transparent-cornered surface of any
size. Shapes are drawn several times larger than asked and box-filtered down
(``smoothscale``), so every edge is anti-aliased and crisp. Small sizes
(32 px and below) get a bolder, simpler picture: one big card with a spade
and a thick swoop, because fine detail turns to mud at 16 px.

``window_icon()`` is what the App passes to ``pygame.display.set_icon``;
``tools/make_icon.py`` writes ``assets/icon.png`` / ``.ico`` / ``.icns`` from
the same drawing. Needs no display and no ``pygame.init()``.
"""

from __future__ import annotations

import functools
import math

import pygame

FELT = (24, 112, 70)
FELT_EDGE = (10, 64, 38)
FELT_LIGHT = (38, 138, 88)
CARD = (251, 246, 232)
CARD_EDGE = (52, 48, 44)
BACK = (168, 34, 48)
BACK_LIGHT = (214, 92, 96)
GOLD = (246, 184, 34)
GOLD_DARK = (176, 118, 14)
RED = (206, 32, 48)
INK = (28, 28, 34)

SMALL = 32  # at or below this size the simple picture is drawn
WINDOW_ICON_SIZE = 64

Point = tuple[float, float]


def render_icon(size: int) -> pygame.Surface:
    """The icon as a ``size`` x ``size`` surface with per-pixel alpha (16 <= size <= 1024)."""
    if not 16 <= size <= 1024:
        raise ValueError(f"icon size must be 16..1024 px, not {size}")
    big = _supersampled_size(size)
    # Compose on an opaque canvas (alpha-on-alpha blits round 255 down to 253),
    # then cut the rounded square out with a mask.
    canvas = pygame.Surface((big, big))
    small = size <= SMALL
    margin, radius = (0.0, 0.22) if small else (0.035, 0.2)
    _background(canvas, margin, radius)
    if small:
        _draw_small(canvas)
    else:
        _draw_large(canvas)
    icon = pygame.Surface((big, big), pygame.SRCALPHA)
    icon.blit(canvas, (0, 0))
    icon.blit(_rounded_mask(big, margin, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if big == size:
        return icon
    return pygame.transform.smoothscale(icon, (size, size))


@functools.cache
def window_icon() -> pygame.Surface:
    """The icon for ``pygame.display.set_icon`` (window title bar, task bar): drawn once a
    process (a window opened again, as the tests and the self-test do, takes the same)."""
    return render_icon(WINDOW_ICON_SIZE)


def _supersampled_size(size: int) -> int:
    # A power of two, at least 4x, big enough (>= 512 px) that curves stay smooth;
    # smoothscale's box filter is exact for whole power-of-two ratios (an odd ratio
    # leaves solid pixels at alpha 253).
    factor = max(4, 2 ** math.ceil(math.log2(512 / size)))
    return min(size * factor, 4096)


# ---- the two pictures ------------------------------------------------------------------------


def _draw_large(c: pygame.Surface) -> None:
    s = c.get_width()
    card_w, card_h = 0.40 * s, 0.56 * s
    # The card behind: a card back, tilted left.
    back = _card(card_w, card_h, face=False)
    _blit_rotated(c, back, (0.40 * s, 0.45 * s), 16)
    # The card in front: a black spade, tilted right.
    front = _card(card_w, card_h, face=True)
    _spade(front, (card_w / 2, card_h * 0.54), card_w * 0.56, INK)
    _corner_pip(front, card_w, card_h)
    _blit_rotated(c, front, (0.60 * s, 0.47 * s), -12)
    # The swoop: a golden crescent sweeping under and around the cards.
    _swoop(c, (0.13, 0.66), (0.36, 0.98), (0.90, 0.58), thickness=0.13)


def _draw_small(c: pygame.Surface) -> None:
    s = c.get_width()
    card_w, card_h = 0.56 * s, 0.74 * s
    front = _card(card_w, card_h, face=True, edge=0.06)
    _spade(front, (card_w / 2, card_h * 0.50), card_w * 0.74, INK)
    _blit_rotated(c, front, (0.52 * s, 0.44 * s), -10)
    _swoop(c, (0.08, 0.64), (0.34, 1.00), (0.96, 0.56), thickness=0.20)


# ---- pieces ------------------------------------------------------------------------------------


def _background_rect(s: int, margin: float, radius: float) -> tuple[pygame.Rect, int]:
    m = round(margin * s)
    return pygame.Rect(m, m, s - 2 * m, s - 2 * m), round(radius * s)


def _rounded_mask(s: int, margin: float, radius: float) -> pygame.Surface:
    mask = pygame.Surface((s, s), pygame.SRCALPHA)
    rect, r = _background_rect(s, margin, radius)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=r)
    return mask


def _background(c: pygame.Surface, margin: float, radius: float) -> None:
    s = c.get_width()
    c.fill(FELT_EDGE)
    rect, r = _background_rect(s, margin, radius)
    pygame.draw.rect(c, FELT_EDGE, rect, border_radius=r)
    inner = rect.inflate(-round(0.05 * s), -round(0.05 * s))
    pygame.draw.rect(c, FELT, inner, border_radius=max(1, r - round(0.025 * s)))
    # A soft highlight in the upper half, like light on cloth.
    glow = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.ellipse(
        glow,
        (*FELT_LIGHT, 150),
        pygame.Rect(-inner.w // 4, -inner.h // 3, inner.w * 3 // 2, inner.h * 3 // 4),
    )
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(
        mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, r - round(0.025 * s))
    )
    glow.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    c.blit(glow, inner.topleft)


def _card(w: float, h: float, face: bool, edge: float = 0.035) -> pygame.Surface:
    surf = pygame.Surface((round(w), round(h)), pygame.SRCALPHA)
    rect = surf.get_rect()
    r = round(0.12 * w)
    border = max(1, round(edge * w))
    pygame.draw.rect(surf, CARD_EDGE, rect, border_radius=r)
    inner = rect.inflate(-2 * border, -2 * border)
    pygame.draw.rect(surf, CARD, inner, border_radius=max(1, r - border))
    if not face:
        panel = inner.inflate(-round(0.14 * w), -round(0.14 * w))
        pygame.draw.rect(surf, BACK, panel, border_radius=max(1, r - 2 * border))
        # A lattice of diamonds, the classic card back.
        step = panel.w / 4
        for i in range(5):
            for j in range(7):
                cx = panel.left + i * step
                cy = panel.top + j * step
                if panel.collidepoint(cx, cy) or i == 4 or j == 6:
                    _diamond(surf, (cx, cy), step * 0.34, BACK_LIGHT, clip=panel)
    return surf


def _corner_pip(card: pygame.Surface, w: float, h: float) -> None:
    """A small red heart in the top-left corner: reads as 'playing card' at a glance."""
    _heart(card, (w * 0.20, h * 0.14), w * 0.20, RED)


def _blit_rotated(c: pygame.Surface, card: pygame.Surface, centre: Point, degrees: float) -> None:
    turned = pygame.transform.rotate(card, degrees)
    c.blit(turned, turned.get_rect(center=(round(centre[0]), round(centre[1]))))


def _spade(surf: pygame.Surface, centre: Point, width: float, colour: tuple[int, int, int]) -> None:
    """A spade ``width`` wide centred on ``centre``: an upside-down heart and a flared stem."""
    cx, cy = centre
    w = width
    # The body: two lobes and a point upward.
    r = w * 0.27
    lobe_y = cy + w * 0.06
    pygame.draw.circle(surf, colour, (cx - w * 0.23, lobe_y), r)
    pygame.draw.circle(surf, colour, (cx + w * 0.23, lobe_y), r)
    pygame.draw.polygon(
        surf,
        colour,
        [
            (cx, cy - w * 0.55),
            (cx - w * 0.485, lobe_y - w * 0.02),
            (cx - w * 0.30, lobe_y + r * 0.60),
            (cx + w * 0.30, lobe_y + r * 0.60),
            (cx + w * 0.485, lobe_y - w * 0.02),
        ],
    )
    # The stem, flaring out at the bottom.
    pygame.draw.polygon(
        surf,
        colour,
        [
            (cx - w * 0.05, lobe_y + w * 0.05),
            (cx + w * 0.05, lobe_y + w * 0.05),
            (cx + w * 0.20, cy + w * 0.52),
            (cx - w * 0.20, cy + w * 0.52),
        ],
    )


def _heart(surf: pygame.Surface, centre: Point, width: float, colour: tuple[int, int, int]) -> None:
    cx, cy = centre
    w = width
    r = w * 0.27
    lobe_y = cy - w * 0.12
    pygame.draw.circle(surf, colour, (cx - w * 0.23, lobe_y), r)
    pygame.draw.circle(surf, colour, (cx + w * 0.23, lobe_y), r)
    pygame.draw.polygon(
        surf,
        colour,
        [
            (cx - w * 0.485, lobe_y + w * 0.04),
            (cx + w * 0.485, lobe_y + w * 0.04),
            (cx, cy + w * 0.50),
        ],
    )


def _diamond(
    surf: pygame.Surface,
    centre: Point,
    half: float,
    colour: tuple[int, int, int],
    clip: pygame.Rect,
) -> None:
    cx, cy = centre
    old = surf.get_clip()
    surf.set_clip(clip)
    pygame.draw.polygon(
        surf,
        colour,
        [(cx, cy - half), (cx + half * 0.75, cy), (cx, cy + half), (cx - half * 0.75, cy)],
    )
    surf.set_clip(old)


def _swoop(c: pygame.Surface, p0: Point, ctrl: Point, p2: Point, thickness: float) -> None:
    """A swoosh along the quadratic curve p0 -> p2 (bent toward ``ctrl``), in unit coordinates.

    It starts round and thick and tapers to a sharp tail, like a motion streak
    of a hand sweeping the pile away; a darker rim under it keeps it apart
    from whatever it crosses.
    """
    s = c.get_width()
    steps = 72
    upper: list[Point] = []
    lower: list[Point] = []
    rim: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * ctrl[0] + t**2 * p2[0]
        y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * ctrl[1] + t**2 * p2[1]
        dx = 2 * (1 - t) * (ctrl[0] - p0[0]) + 2 * t * (p2[0] - ctrl[0])
        dy = 2 * (1 - t) * (ctrl[1] - p0[1]) + 2 * t * (p2[1] - ctrl[1])
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length  # the normal pointing below the curve
        # Round at the start, thickest early, tapering to a point at the end.
        w = thickness * (
            math.sqrt(min(1.0, t / 0.16)) if t < 0.16 else (1 - t) ** 0.85 / 0.84**0.85
        )
        upper.append(((x - nx * w * 0.25) * s, (y - ny * w * 0.25) * s))
        lower.append(((x + nx * w * 0.75) * s, (y + ny * w * 0.75) * s))
        rim.append(
            (
                (x + nx * (w * 0.75 + thickness * 0.10)) * s,
                (y + ny * (w * 0.75 + thickness * 0.10)) * s,
            )
        )
    pygame.draw.polygon(c, GOLD_DARK, upper + rim[::-1])
    pygame.draw.polygon(c, GOLD, upper + lower[::-1])
