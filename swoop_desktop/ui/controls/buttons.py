"""Push buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from .base import (
    Widget,
    _is_left_down,
    _is_left_up,
    _mouse_pos,
    colour,
    draw_lines,
    fit_lines,
    font,
)

# ---------------------------------------------------------------------------
# Button
# ---------------------------------------------------------------------------


class Button(Widget):
    """A push button: a click (press and release inside it), its ``key``, or Enter/Space
    while focused runs ``on_click``. ``primary`` buttons are drawn in the accent colour.

    A label too long for the button shrinks to a floor, then takes two lines where the
    button is tall enough, then its ``short`` words (a "short" context's translation,
    :func:`short_words`); it is never cut short with "…"."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        on_click: Callable[[], Any] | None,
        *,
        key: int | None = None,
        enabled: bool = True,
        primary: bool = False,
        tooltip: str | None = None,
        size: int | None = None,
        short: str = "",
    ) -> None:
        super().__init__(rect, enabled=enabled, tooltip=tooltip)
        self.label = label
        self.short = short
        self.on_click = on_click
        self.key = key
        self.primary = primary
        self.size = size
        self.pressed = False
        self.clicks = 0

    def click(self) -> None:
        """Run the button's action (if it is enabled)."""
        if not self.enabled:
            return
        self.clicks += 1
        if self.on_click is not None:
            self.on_click()

    def activate(self) -> None:
        self.click()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        super().handle(event)
        if not self.enabled:
            if _is_left_down(event) and self.rect.collidepoint(_mouse_pos(event) or (-1, -1)):
                return True  # a disabled button still blocks the click under it
            return False
        if _is_left_down(event):
            pos = _mouse_pos(event)
            if pos is not None and self.rect.collidepoint(pos):
                self.pressed = True
                return True
        elif _is_left_up(event):
            if self.pressed:
                self.pressed = False
                pos = _mouse_pos(event)
                if pos is not None and self.rect.collidepoint(pos):
                    self.click()
                return True
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self.click()
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(6, min(14, r.height // 4))
        if not self.enabled:
            face, text = colour(theme, "disabled"), colour(theme, "disabled_text")
        elif self.primary:
            face = colour(theme, "primary_hover" if self.hovered or self.focused else "primary")
            text = colour(theme, "primary_text")
        else:
            face = colour(theme, "button_hover" if self.hovered or self.focused else "button")
            text = colour(theme, "button_text")
        if self.pressed and self.enabled:
            face = tuple(max(0, c - 36) for c in face)  # type: ignore[assignment]
        offset = 2 if self.pressed else 0
        if self.enabled:
            surface.blit(_shadow(r.size, radius), r.move(0, 4))
        body = r.move(0, offset)
        pygame.draw.rect(surface, face, body, border_radius=radius)
        edge = tuple(max(0, c - 60) for c in face)
        pygame.draw.rect(surface, edge, body, width=2, border_radius=radius)
        lines, size = self.label_lines(theme)
        draw_lines(surface, theme, lines, body.center, size, True, text)
        self.draw_focus(surface, theme, radius=radius)

    def label_lines(self, theme: Any) -> tuple[list[str], int]:
        """The label as drawn: its lines (one, or two) and their font size."""
        r = self.rect
        size = self.size or max(14, min(26, int(r.height * 0.42)))
        return fit_lines(
            theme, self.label, r.width - 16, size, True, height=r.height - 4, short=self.short
        )


def fitted_widths(
    theme: Any, labels: Sequence[str], size: int, least: int, room: int, gap: int
) -> list[int]:
    """Widths for buttons side by side: each wide enough for its label on one line at
    ``size`` (and at least ``least``), all of them together within ``room`` (the widths
    over ``least`` given up in proportion where they would be wider: a label then shrinks
    or takes two lines on its button, never reaches past the row)."""
    want = [max(least, font(theme, size, True).size(label)[0] + 24) for label in labels]
    free = room - gap * max(0, len(labels) - 1)
    if sum(want) <= free or not want:
        return want
    if least * len(want) >= free:
        return [max(1, free // len(want))] * len(want)
    over = [w - least for w in want]
    keep = (free - least * len(want)) / max(1, sum(over))
    return [least + int(o * keep) for o in over]


_shadows: dict[tuple[int, int, int], pygame.Surface] = {}


def _shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    key = (size[0], size[1], radius)
    image = _shadows.get(key)
    if image is None:
        if len(_shadows) > 64:
            _shadows.clear()
        image = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(image, (0, 0, 0, 90), image.get_rect(), border_radius=radius)
        _shadows[key] = image
    return image
