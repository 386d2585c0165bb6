"""How to play: the rules in plain words, for the game in progress or the next new game.

The text comes from :mod:`swoop_desktop.ui.rules_text`, built from the rules in
the player's settings (or, over a game in progress, that game's rules). It
scrolls with the wheel, the arrow keys, PageUp/PageDown and Home/End.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from swoop_desktop.engine import Rules
from swoop_desktop.i18n import _
from swoop_desktop.resources import about_line
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.rules_text import how_to_play
from swoop_desktop.ui.scene import Scene

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI


class HowToScene(Scene):
    """The rules, scrollable. ``rules`` defaults to the settings' rules for the next game."""

    name = "howto"
    animating = False  # a still page: the App draws it only on input

    def __init__(self, app: AppAPI, rules: Rules | None = None) -> None:
        super().__init__(app)
        table = app.table
        match = table.match if table is not None else None
        self.in_game = rules is None and match is not None
        if rules is None:
            rules = match.rules if match is not None else app.settings.rules
        self.rules = rules
        self.text = W.ScrollText((0, 0, 10, 10), self._paragraphs())
        self.text.focused = True  # the arrow keys scroll the text straight away
        self.back = W.Button(
            (0, 0, 10, 10), _("Back"), self.close, primary=True, tooltip=_("Back (Esc)")
        )
        self._size: tuple[int, int] | None = None

    def _paragraphs(self) -> list[tuple[str, str]]:
        """The page's headings and paragraphs, in the player's language."""
        return how_to_play(self.rules, this_game=self.in_game) + [
            # Translators: the last heading of How to play: about the program (its licence).
            ("h", _("About")),
            ("p", about_line()),
        ]

    def language_changed(self, size: tuple[int, int]) -> None:
        self.text = W.ScrollText((0, 0, 10, 10), self._paragraphs())
        self.text.focused = True
        self.back = W.Button(
            (0, 0, 10, 10), _("Back"), self.close, primary=True, tooltip=_("Back (Esc)")
        )
        self._layout()

    @property
    def words(self) -> str:
        """Everything the screen says (tests read it)."""
        return self.text.text

    def close(self) -> None:
        self.app.pop()

    def enter(self) -> None:
        self._layout()

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        s = W.ui_scale((w, h))
        self.scale = s
        width = min(w - int(40 * s), int(980 * s))
        x = (w - width) // 2
        header = int(96 * s)
        self.frame = pygame.Rect(x, header, width, h - header - int(20 * s))
        self.text.rect = self.frame.inflate(-int(24 * s), -int(20 * s))
        self.text.size = max(15, int(19 * s))
        bw, bh = int(150 * s), int(48 * s)
        self.back.rect = pygame.Rect(x + width - bw, int(24 * s), bw, bh)
        self._size = (w, h)

    def handle(self, event: pygame.event.Event) -> bool:
        if self._size != self.app.size:
            self._layout()
        if self.back.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_ESCAPE,
            pygame.K_BACKSPACE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.text.scroll_by(int(self.text.view_height * 0.9))
            return True
        if self.text.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            W.set_hand_cursor(self.back.hovered)
        return event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.KEYDOWN,
            pygame.MOUSEWHEEL,
            pygame.MOUSEMOTION,
        )

    def update(self, dt: float) -> None:
        self.back.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self._size != surface.get_size():
            self._layout()
        W.draw_page(
            surface,
            theme,
            # Translators: the title of the page of the game's rules.
            _("How to play"),
            _("Scroll with the mouse wheel, the arrow keys or Page Up/Down."),
            self.frame,
            self.scale,
        )
        self.text.focused = False  # no focus ring around the whole page
        self.text.draw(surface, theme)
        self.text.focused = True
        self.back.draw(surface, theme)
