"""The table's pen: words, panels and button pictures drawn once and kept.

Every drawing part of the table writes through one :class:`Pen`, so the pictures a
frame blits come from one cache bounded by bytes (:class:`~..cache.PictureCache`):
the seats' plates and markers, the status line, the log and the buttons share it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...controls import Button, wrap_text
from ..cache import CACHE_BYTES, PictureCache
from ..model import Colour, TableModel

if TYPE_CHECKING:
    from ...theme import Theme


class Pen:
    """Rendered lines, wrapped paragraphs, panels and buttons, made once and blitted."""

    def __init__(self, model: TableModel, theme: Theme) -> None:
        self.model = model
        self.theme = theme
        # Bounded by bytes (least recently used first out).
        self.cache = PictureCache(CACHE_BYTES)

    def clear(self) -> None:
        """A new window size: every picture is made again at the new size."""
        self.cache.clear()

    def text(
        self, text: str, px: int, colour: tuple[int, int, int], bold: bool = False
    ) -> pygame.Surface:
        key = (text, px, colour, bold)
        cache = self.cache
        found = cache.get(key)
        if found is None:
            found = self.theme.font(px, bold).render(text, True, colour)
            cache[key] = found
        return found

    def button(self, surface: pygame.Surface, b: Button) -> None:
        """A shared widget button, drawn once per look and then blitted (it is drawn often)."""
        margin = self.model.lay.px(10)
        key = (
            "button",
            b.label,
            b.rect.size,
            b.enabled,
            b.primary,
            b.hovered,
            b.pressed,
            b.focused,
            b.size,
            b.visible,
            b.short,
        )
        cache = self.cache
        img = cache.get(key)
        if img is None:
            img = pygame.Surface((b.rect.w + 2 * margin, b.rect.h + 2 * margin), pygame.SRCALPHA)
            saved = b.rect
            b.rect = pygame.Rect(margin, margin, saved.w, saved.h)
            try:
                b.draw(img, self.theme)
            finally:
                b.rect = saved
            cache[key] = img
        surface.blit(img, (b.rect.x - margin, b.rect.y - margin))

    def panel(
        self,
        size: tuple[int, int],
        colour: tuple[int, int, int],
        alpha: int,
        radius: int,
        edge: tuple[int, int, int] | None = None,
    ) -> pygame.Surface:
        """A translucent rounded panel (cached: panels are drawn every frame)."""
        key = ("panel", size, colour, alpha, radius, edge)
        cache = self.cache
        found = cache.get(key)
        if found is None:
            found = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(found, (*colour, alpha), found.get_rect(), border_radius=radius)
            if edge is not None:
                pygame.draw.rect(
                    found,
                    (*edge, 255),
                    found.get_rect(),
                    width=max(1, self.model.lay.px(2)),
                    border_radius=radius,
                )
            cache[key] = found
        return found

    def wrap(self, text: str, px: int, width: int, bold: bool) -> list[str]:
        """``text`` broken into lines of at most ``width`` pixels (cached)."""
        key = ("wrap", text, px, width, bold)
        cache = self.cache
        found = cache.get(key)
        if found is None:
            font = self.theme.font(px, bold)
            lines: list[str] = []
            line = ""
            for word in text.split(" "):
                trial = f"{line} {word}" if line else word
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = "   " + word
            lines.append(line)
            found = lines
            cache[key] = found
        return list(found)

    def lines(self, text: str, px: int, colour: Colour, room: int) -> pygame.Surface:
        """``text`` in bold, one line or as many as keep it within ``room`` pixels,
        centred under one another (a long refusal wraps rather than reach the window's
        edges)."""
        fnt = self.theme.font(px, True)
        lines = wrap_text(fnt, text, room)
        if len(lines) == 1:
            return self.text(text, px, colour, True)
        key = ("lines", text, px, colour, room)
        found = self.cache.get(key)
        if found is None:
            images = [self.text(line, px, colour, True) for line in lines]
            step = fnt.get_linesize()
            found = pygame.Surface(
                (
                    max(i.get_width() for i in images),
                    step * (len(images) - 1) + images[-1].get_height(),
                ),
                pygame.SRCALPHA,
            )
            for k, image in enumerate(images):
                found.blit(image, image.get_rect(midtop=(found.get_width() // 2, k * step)))
            self.cache[key] = found
        return found
