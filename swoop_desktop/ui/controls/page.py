"""Whole-screen helpers: the scale of a window, the cloth, a page with its title, a panel."""

from __future__ import annotations

from typing import Any

import pygame

from .base import (
    Colour,
    _mix,
    _theme,
    colour,
    draw_text,
    fit_label,
    fit_lines,
    font,
    let_words_go,
    render,
    words_of_a_new_screen,
)

# ---------------------------------------------------------------------------
# Screen helpers
# ---------------------------------------------------------------------------


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than the 1280x720 design the menus draw (0.8 to 1.6)."""
    w, h = size
    return max(0.8, min(1.6, min(w / 1280, h / 720)))


_backdrops: dict[tuple[int, int, Colour, Colour], pygame.Surface] = {}
#: The keys of the cloths and panels drawn since the screen last changed: what a page
#: left behind (a full-window cloth, a panel the size of the page, 6-8 MB each at
#: 1920x1080) is let go when the next screen comes to rest.
_in_use: set[tuple[object, ...]] = set()


def new_screen() -> None:
    """A new screen is shown: the pictures drawn from here on are its own."""
    _in_use.clear()
    words_of_a_new_screen()


def let_go_unused() -> None:
    """Drop the cloths, panels and rendered words the screen shown now has not drawn."""
    for key in [k for k in _backdrops if k not in _in_use]:
        del _backdrops[key]
    for panel in [k for k in _panels if k not in _in_use]:
        del _panels[panel]
    let_words_go()


def draw_backdrop(surface: pygame.Surface, theme: Any) -> None:
    """The felt cloth behind the menus: the table colour, darker towards the edges."""
    size = surface.get_size()
    theme = _theme(theme)
    centre, edge = tuple(theme.felt), tuple(theme.felt_dark)
    key = (size[0], size[1], centre, edge)
    image = _backdrops.get(key)
    if image is None:
        _backdrops.clear()
        small = pygame.Surface((64, 40))
        for y in range(40):
            for x in range(64):
                d = (((x - 31.5) / 32) ** 2 + ((y - 19.5) / 20) ** 2) ** 0.5
                small.set_at((x, y), _mix(centre, edge, min(1.0, max(0.0, d - 0.25) * 1.1)))
        image = pygame.transform.smoothscale(small, size)
        _backdrops[key] = image
    _in_use.add(key)
    surface.blit(image, (0, 0))


_panels: dict[tuple[int, ...], pygame.Surface] = {}


def draw_page(
    surface: pygame.Surface,
    theme: Any,
    title: str,
    subtitle: str,
    frame: pygame.Rect,
    scale: float,
    room: int | None = None,
) -> None:
    """A full-screen menu page: the cloth, the title and its subtitle above ``frame``, and
    the panel that the page's content sits on. The subtitle ends before ``room`` (the x
    where the header's buttons begin; the frame's right edge by default): a smaller size
    where it must, then two lines, never under a button or past the panel."""
    draw_backdrop(surface, theme)
    x = frame.x + 6
    width = (frame.right if room is None else room) - x
    # In a long language the title shrinks before the header's buttons (never cut short).
    title, px = fit_label(theme, title, width, int(38 * scale), True)
    top = int(22 * scale)
    draw_text(
        surface,
        theme,
        title,
        (frame.x + 4, top),
        size=px,
        bold=True,
        colour_name="heading",
        shadow=True,
    )
    title_foot = (
        top + render(theme, title, px, True, colour(theme, "heading")).get_bounding_rect().bottom
    )
    lines, size = fit_lines(
        theme,
        subtitle,
        width,
        max(12, int(16 * scale)),
        height=frame.top - 2 - title_foot,
    )
    muted = colour(theme, "text_muted")
    inked = [render(theme, line, size, False, muted).get_bounding_rect() for line in lines]
    # A line under another, clear of its ink (accented letters reach higher and lower).
    step = max(
        [font(theme, size).get_linesize()]
        + [a.bottom - b.top + 1 for a, b in zip(inked, inked[1:], strict=False)]
    )
    image = render(theme, lines[0], size, False, muted)
    at = int(70 * scale) - (image.get_height() + step * (len(lines) - 1)) // 2
    at = min(at, frame.top - 2 - step * len(lines))  # two lines end above the panel
    # Accented letters reach higher and lower: the lines keep clear of the title's ink.
    at = max(at, title_foot + 2 - image.get_bounding_rect().top)
    for line in lines:
        draw_text(surface, theme, line, (x, at), size=size, colour_name="text_muted")
        at += step
    draw_panel(surface, theme, frame)


def draw_panel(
    surface: pygame.Surface, theme: Any, rect: pygame.Rect, *, alpha: int = 170, radius: int = 16
) -> None:
    """A dark translucent card-table panel with a thin edge (menus sit on it)."""
    r, g, b = colour(theme, "panel")
    key = (rect.width, rect.height, r, g, b, alpha, radius)
    shade = _panels.get(key)
    if shade is None:
        if len(_panels) > 16:
            _panels.clear()
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (r, g, b, alpha), shade.get_rect(), border_radius=radius)
        _panels[key] = shade
    _in_use.add(key)
    surface.blit(shade, rect)
    pygame.draw.rect(surface, colour(theme, "panel_edge"), rect, width=2, border_radius=radius)
