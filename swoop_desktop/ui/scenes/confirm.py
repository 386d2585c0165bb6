"""A yes-or-no question over the screen below: a control of its own, used by Scores
(reset statistics) and Settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from swoop_desktop.ui.controls import Button, FocusRing, colour, draw_text, font, wrap_text
from swoop_desktop.ui.scene import Scene

if TYPE_CHECKING:
    from swoop_desktop.ui.appapi import AppAPI


class ConfirmOverlay(Scene):
    """A modal question over the screen below; pops with True (yes) or False (no / Esc)."""

    opaque = False
    name = "confirm"
    animating = False  # a still question: the App draws it only on input

    def __init__(self, app: AppAPI, question: str, detail: str, yes: str, no: str) -> None:
        super().__init__(app)
        self.question, self.detail, self.yes_text, self.no_text = question, detail, yes, no
        self.yes = Button((0, 0, 10, 10), yes, lambda: self.app.pop(True), primary=True)
        self.no = Button((0, 0, 10, 10), no, lambda: self.app.pop(False))
        self.ring = FocusRing([self.no, self.yes], on_back=lambda: self.app.pop(False))
        self.box = pygame.Rect(0, 0, 10, 10)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = min(560, size[0] - 40), 250
        self.box = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        bw = (w - 60) // 2
        self.no.rect = pygame.Rect(self.box.x + 20, self.box.bottom - 70, bw, 50)
        self.yes.rect = pygame.Rect(self.box.right - 20 - bw, self.box.bottom - 70, bw, 50)

    def handle(self, event: pygame.event.Event) -> bool:
        for b in (self.yes, self.no):
            if b.handle(event) and event.type != pygame.MOUSEMOTION:
                return True
        self.ring.handle(event)
        return True  # modal: nothing below gets input

    def update(self, dt: float) -> None:
        self.yes.update(dt)
        self.no.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        surface.fill((115, 115, 115), special_flags=pygame.BLEND_RGB_MULT)  # black at 140
        pygame.draw.rect(surface, colour(theme, "panel"), self.box, border_radius=16)
        pygame.draw.rect(surface, colour(theme, "focus"), self.box, width=2, border_radius=16)
        draw_text(
            surface,
            theme,
            self.question,
            (self.box.centerx, self.box.y + 20),
            size=24,
            bold=True,
            anchor="midtop",
        )
        fnt = font(theme, 17)
        y = self.box.y + 64
        for line in wrap_text(fnt, self.detail, self.box.width - 48):
            surface.blit(fnt.render(line, True, colour(theme, "text_muted")), (self.box.x + 24, y))
            y += fnt.get_linesize()
        self.no.draw(surface, theme)
        self.yes.draw(surface, theme)


# ---------------------------------------------------------------------------
# The screen
# ---------------------------------------------------------------------------
