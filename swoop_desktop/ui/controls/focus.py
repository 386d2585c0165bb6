"""Keyboard focus (a ring over a screen's controls) and tooltips."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from .base import Widget, colour, font, wrap_text
from .scroll import ScrollPanel

# ---------------------------------------------------------------------------
# Keyboard focus
# ---------------------------------------------------------------------------


class FocusRing:
    """Keyboard navigation over a list of widgets.

    Up/Down and Tab/Shift+Tab move the focus among enabled, visible widgets;
    Enter/Space activate the focused one; Left/Right adjust it (choices, toggles,
    sliders); Esc calls ``on_back``. ``panel`` (optional) is scrolled so the
    focused widget stays in view. The focus only shows after the first key press,
    so a mouse player never sees a stray ring.
    """

    def __init__(
        self,
        widgets: Sequence[Widget],
        *,
        on_back: Callable[[], Any] | None = None,
        panel: ScrollPanel | None = None,
        wrap: bool = True,
    ) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.on_back = on_back
        self.panel = panel
        self.wrap = wrap
        self.index = -1

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.index < len(self.widgets):
            return self.widgets[self.index]
        return None

    def set_widgets(self, widgets: Sequence[Widget]) -> None:
        """Replace the list, keeping the focus on the same widget (or index) if possible."""
        current = self.focused
        self.widgets = list(widgets)
        for w in self.widgets:
            w.focused = False
        if current is not None and current in self.widgets:
            self.index = self.widgets.index(current)
        elif self.index >= len(self.widgets):
            self.index = len(self.widgets) - 1
        if self.focused is not None:
            self.focused.focused = True

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = False
        if widget is None or widget not in self.widgets:
            self.index = -1
            return
        self.index = self.widgets.index(widget)
        widget.focused = True
        if self.panel is not None:
            self.panel.scroll_to_widget(widget)

    def move(self, step: int) -> Widget | None:
        candidates = [i for i, w in enumerate(self.widgets) if w.can_focus]
        if not candidates:
            self.focus(None)
            return None
        if self.index not in candidates:
            start = candidates[0] if step > 0 else candidates[-1]
            if self.index >= 0:
                later = [i for i in candidates if (i > self.index if step > 0 else i < self.index)]
                if later:
                    start = later[0] if step > 0 else later[-1]
            self.focus(self.widgets[start])
            return self.focused
        pos = candidates.index(self.index) + step
        if not self.wrap:
            pos = max(0, min(len(candidates) - 1, pos))
        self.focus(self.widgets[candidates[pos % len(candidates)]])
        return self.focused

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE and self.on_back is not None:
            self.on_back()
            return True
        if key in (pygame.K_DOWN, pygame.K_TAB) and not (key == pygame.K_TAB and shift):
            self.move(+1)
            return True
        if key == pygame.K_UP or (key == pygame.K_TAB and shift):
            self.move(-1)
            return True
        current = self.focused
        if current is None or not current.can_focus:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.move(+1)
                return True
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            current.activate()
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            current.adjust(-1 if key == pygame.K_LEFT else +1)
            return True
        return False


def tooltip_rect(
    target: pygame.Rect,
    size: tuple[int, int],
    others: Sequence[pygame.Rect],
    bounds: pygame.Rect,
    clear_only: bool = False,
) -> pygame.Rect | None:
    """Where a tooltip of ``size`` goes: beside ``target`` (right, left, below, above), at
    the first place on screen that covers neither ``target`` nor any of ``others``
    (the next button stays visible and clickable). When there is none: None if
    ``clear_only``, else the first place that covers only others."""
    box = pygame.Rect(0, 0, *size)
    gap = 8
    places = (
        ("midleft", (target.right + gap, target.centery)),
        ("midright", (target.left - gap, target.centery)),
        ("midtop", (target.centerx, target.bottom + gap)),
        ("midbottom", (target.centerx, target.top - gap)),
    )
    first = None
    for anchor, point in places:
        trial = box.copy()
        setattr(trial, anchor, point)
        trial.clamp_ip(bounds)
        if trial.colliderect(target):
            continue
        first = first or trial
        if not any(trial.colliderect(o) for o in others):
            return trial
    if clear_only:
        return None
    return first or box


def draw_tooltip(
    surface: pygame.Surface, theme: Any, widgets: Sequence[Widget], *, delay: float = 0.6
) -> pygame.Rect | None:
    """Draw the tooltip of the widget the pointer has rested on for ``delay`` seconds;
    returns where it went (None when there is none). In a small window it is wrapped
    narrower until it fits beside its widget without covering another."""
    for w in widgets:
        if w.tooltip and w.hovered and w.hover_time >= delay and w.visible:
            fnt = font(theme, 15)
            others = [o.rect for o in widgets if o is not w and o.visible]
            found = None
            for wrap in (360, 280, 220, 170, 130):
                lines = wrap_text(fnt, w.tooltip, wrap)
                width = max(fnt.size(line)[0] for line in lines) + 20
                height = len(lines) * fnt.get_linesize() + 12
                found = tooltip_rect(
                    w.rect, (width, height), others, surface.get_rect(), clear_only=True
                )
                if found is not None:
                    break
            if found is None:
                lines = wrap_text(fnt, w.tooltip, 360)
                width = max(fnt.size(line)[0] for line in lines) + 20
                height = len(lines) * fnt.get_linesize() + 12
                found = tooltip_rect(w.rect, (width, height), others, surface.get_rect())
            assert found is not None
            box = found
            pygame.draw.rect(surface, (20, 24, 22), box, border_radius=6)
            pygame.draw.rect(surface, colour(theme, "panel_edge"), box, width=1, border_radius=6)
            y = box.y + 6
            for line in lines:
                surface.blit(fnt.render(line, True, colour(theme, "text")), (box.x + 10, y))
                y += fnt.get_linesize()
            return box
    return None
