"""The one yes-or-no question over the screen below, opened by name (``app.open("confirm",
…)``): starting a new game over a saved one (the title), resetting statistics (Scores),
restoring the default settings (Settings)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from swoop_desktop.ui.controls import (
    Button,
    FocusRing,
    colour,
    draw_text,
    font,
    ui_scale,
    wrap_text,
)
from swoop_desktop.ui.results import Result
from swoop_desktop.ui.scene import Scene

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI


class ConfirmOverlay(Scene):
    """A modal question over the screen below; pops with ``Result.YES`` or ``Result.NO``.

    The safe answer is the one in focus, so Enter never loses anything; Esc and a click
    outside the box answer no as well."""

    opaque = False
    name = "confirm"
    animating = False  # a still question: the App draws it only on input
    title_colour = "text"  # a plain question, in the text's own colour (the accent is the brand's)

    def __init__(self, app: AppAPI, question: str, detail: str, yes: str, no: str) -> None:
        super().__init__(app)
        self.question, self.detail, self.yes_text, self.no_text = question, detail, yes, no
        self.yes = Button((0, 0, 10, 10), yes, lambda: self.app.pop(Result.YES), primary=True)
        self.no = Button((0, 0, 10, 10), no, lambda: self.app.pop(Result.NO))
        self.ring = FocusRing([self.no, self.yes], on_back=lambda: self.app.pop(Result.NO))
        self.box = pygame.Rect(0, 0, 10, 10)
        self.scale = 1.0

    @property
    def message(self) -> str:
        return self.detail

    @property
    def buttons(self) -> list[Button]:
        """Left to right as drawn: yes, then the safe no."""
        return [self.yes, self.no]

    def enter(self) -> None:
        self.resize(self.app.size)
        self.ring.focus(self.no)  # the safe choice: Enter never loses a game or a setting

    def resize(self, size: tuple[int, int]) -> None:
        s = ui_scale(size)
        self.scale = s
        w, h = min(int(580 * s), size[0] - 40), int(250 * s)
        self.box = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        pad, bh = int(20 * s), int(50 * s)
        bw = (w - 3 * pad) // 2
        self.yes.rect = pygame.Rect(self.box.x + pad, self.box.bottom - bh - pad, bw, bh)
        self.no.rect = pygame.Rect(self.box.right - pad - bw, self.box.bottom - bh - pad, bw, bh)

    def handle(self, event: pygame.event.Event) -> bool:
        for b in (self.yes, self.no):
            if b.handle(event) and event.type != pygame.MOUSEMOTION:
                return True
        if self.ring.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            pos = getattr(event, "pos", None)
            if pos is not None and not self.box.collidepoint(pos):
                self.app.pop(Result.NO)
        return True  # modal: nothing below gets input

    def update(self, dt: float) -> None:
        self.yes.update(dt)
        self.no.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        s = self.scale
        surface.fill((115, 115, 115), special_flags=pygame.BLEND_RGB_MULT)  # black at 140
        pygame.draw.rect(surface, colour(theme, "panel"), self.box, border_radius=16)
        pygame.draw.rect(surface, colour(theme, "focus"), self.box, width=2, border_radius=16)
        draw_text(
            surface,
            theme,
            self.question,
            (self.box.centerx, self.box.y + int(20 * s)),
            size=max(16, int(24 * s)),
            bold=True,
            colour_name=self.title_colour,
            anchor="midtop",
        )
        fnt = font(theme, max(13, int(17 * s)))
        y = self.box.y + int(64 * s)
        for line in wrap_text(fnt, self.detail, self.box.width - int(48 * s)):
            surface.blit(
                fnt.render(line, True, colour(theme, "text_muted")), (self.box.x + int(24 * s), y)
            )
            y += fnt.get_linesize()
        self.no.draw(surface, theme)
        self.yes.draw(surface, theme)
