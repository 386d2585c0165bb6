"""The title screen: New game, Continue, Settings, Scores, How to play, Quit.

Continue shows only when a saved game exists. Starting a new game over a
saved one asks first. Every button has a key (N, C, S, R, H, Q) and the
column works with Up/Down/Tab and Enter.
"""

from __future__ import annotations

import importlib
from typing import Any

import pygame

from swoop_desktop.engine import RANK_OF
from swoop_desktop.storage import has_saved_game
from swoop_desktop.ui import widgets as W
from swoop_desktop.ui.cards import CardArt, card_size
from swoop_desktop.ui.rules_text import summary
from swoop_desktop.ui.scene import Scene

CONFIRM_NEW = "confirm_new_game"


def _first_id(rank: int, skip: int = 0) -> int:
    """A card id of ``rank`` (the ``skip``-th one), for the decorative fans."""
    found = [i for i, r in enumerate(RANK_OF) if r == rank]
    return found[skip % len(found)]


class TitleScene(Scene):
    """The first screen, and where the game returns after a game or from the pause menu."""

    name = "title"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons: dict[str, W.Button] = {}
        self.ring = W.FocusRing([])
        self.art: CardArt | None = None
        self.has_save = False
        self.scores_scene: type | None = None
        self.footer = ""
        self._built_for: tuple[int, int] | None = None
        self._background: pygame.Surface | None = None
        self._background_key: Any = None

    # -- life cycle -----------------------------------------------------------
    def enter(self) -> None:
        self.refresh()

    def on_result(self, value: Any) -> None:
        if value == (CONFIRM_NEW, True):
            self.app.new_game()
            return
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self.build(size)

    def refresh(self) -> None:
        """Re-read what may have changed: a saved game, the settings, the scores screen."""
        try:
            self.has_save = bool(has_saved_game(self.app.dirs))
        except OSError:
            self.has_save = False
        self.scores_scene = _scores_scene_class()
        try:
            rules = self.app.settings.rules_obj()
            self.footer = "Next game: " + summary(rules)
        except Exception:  # noqa: BLE001 - a footer must never stop the title screen
            self.footer = ""
        self.build(tuple(self.app.size))

    # -- actions --------------------------------------------------------------
    def new_game(self) -> None:
        if self.has_save:
            self.app.push(ConfirmScene(
                self.app, "Start a new game?",
                "The game in progress will be lost. To go back to it, choose Continue.",
                [("Start a new game", (CONFIRM_NEW, True), True),
                 ("Cancel", (CONFIRM_NEW, False), False)]))
            return
        self.app.new_game()

    def continue_game(self) -> None:
        if self.has_save:
            self.app.continue_game()

    def open_settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def open_scores(self) -> None:
        if self.scores_scene is not None:
            self.app.push(self.scores_scene(self.app))

    def open_howto(self) -> None:
        from .howto import HowToScene

        self.app.push(HowToScene(self.app))

    def quit(self) -> None:
        self.app.quit()

    # -- layout ---------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        s = W.ui_scale(size)
        self.scale = s
        bw, bh = int(340 * s), int(54 * s)
        gap = int(14 * s)
        specs: list[tuple[str, str, Any, int, bool, bool, str]] = [
            ("continue", "Continue", self.continue_game, pygame.K_c, True, self.has_save,
             "Go back to the game you were playing."),
            ("new", "New game", self.new_game, pygame.K_n, not self.has_save, True,
             "Deal a new game against Left, Top and Right with the rules in Settings."),
            ("settings", "Settings", self.open_settings, pygame.K_s, False, True,
             "Rules, opponents, speeds, sound and screen."),
            ("scores", "Scores", self.open_scores, pygame.K_r, False, True,
             "The score sheet and your record."),
            ("howto", "How to play", self.open_howto, pygame.K_h, False, True,
             "The rules in plain words, with the options you have chosen."),
            ("quit", "Quit", self.quit, pygame.K_q, False, True, "Close Swoop."),
        ]
        shown = [spec for spec in specs if spec[5]]
        top = int(h * 0.36)
        bottom_room = int(70 * s)
        needed = len(shown) * bh + (len(shown) - 1) * gap
        if top + needed > h - bottom_room:  # small window: tighten the column
            top = max(int(h * 0.28), h - bottom_room - needed)
            if top + needed > h - bottom_room:
                gap = max(6, (h - bottom_room - top - len(shown) * bh) // max(1, len(shown) - 1))
        old = self.buttons
        self.buttons = {}
        y = top
        for key, label, action, hotkey, primary, _show, tip in shown:
            button = W.Button((w // 2 - bw // 2, y, bw, bh), label, action, key=hotkey,
                              primary=primary, tooltip=tip)
            if key == "scores" and self.scores_scene is None:
                button.enabled = False
                button.tooltip = "The score sheet is not available in this version."
            if key in old:
                button.hovered = old[key].hovered
            self.buttons[key] = button
            y += bh + gap
        focused = self.ring.focused
        self.ring = W.FocusRing(list(self.buttons.values()))
        if focused is not None:
            for key, button in old.items():
                if button is focused and key in self.buttons:
                    self.ring.focus(self.buttons[key])
        self.title_y = int(h * 0.17)
        self._built_for = (w, h)

    # -- input ----------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self._built_for != tuple(self.app.size):
            self.build(tuple(self.app.size))
        if event.type == pygame.MOUSEMOTION:
            for button in self.buttons.values():
                button.handle(event)
            W.set_hand_cursor(any(b.hovered and b.enabled for b in self.buttons.values()))
            return False
        for button in list(self.buttons.values()):
            if button.handle(event):
                return True
        return self.ring.handle(event)

    def update(self, dt: float) -> None:
        for button in self.buttons.values():
            button.update(dt)

    # -- drawing --------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        size = surface.get_size()
        if self._built_for != size:
            self.build(size)
        key = (size, self.footer, self.buttons and next(iter(self.buttons.values())).rect.x)
        if self._background is None or self._background_key != key:
            self._background = self._paint_background(size, theme)
            self._background_key = key
        surface.blit(self._background, (0, 0))
        for button in self.buttons.values():
            button.draw(surface, theme)
        W.draw_tooltip(surface, theme, list(self.buttons.values()))

    def _paint_background(self, size: tuple[int, int], theme: Any) -> pygame.Surface:
        """Everything that does not move (cloth, cards, title, footer), painted once a size."""
        image = pygame.Surface(size)
        s = self.scale
        W.draw_backdrop(image, theme)
        self._draw_fans(image, theme)
        w, h = size
        W.draw_text(image, theme, "Swoop", (w // 2, self.title_y), size=int(100 * s),
                    bold=True, colour_name="accent", anchor="center", shadow=True)
        W.draw_text(image, theme, "You against Left, Top and Right. Lowest score wins.",
                    (w // 2, self.title_y + int(70 * s)), size=int(21 * s),
                    colour_name="text_muted", anchor="center")
        if self.footer:
            fnt = W.font(theme, int(16 * s))
            lines = W.wrap_text(fnt, self.footer, int(w * 0.8))[:2]
            y = h - int(22 * s) - (len(lines) - 1) * fnt.get_linesize()
            for line in lines:
                W.draw_text(image, theme, line, (w // 2, y), size=int(16 * s),
                            colour_name="text_muted", anchor="center")
                y += fnt.get_linesize()
        return image

    def _draw_fans(self, surface: pygame.Surface, theme: Any) -> None:
        """Two small fans of cards either side of the menu: four 7s and the Swoop cards."""
        w, h = surface.get_size()
        column = self.buttons and next(iter(self.buttons.values())).rect
        if not column or w < 900:
            return
        if self.art is None:
            self.art = CardArt(theme)
        ch = int(min(h * 0.25, (column.x - 40) * 0.9))
        if ch < 90:
            return
        size = card_size(ch)
        centre_y = int(h * 0.58)
        left_x = column.x // 2
        right_x = column.right + (w - column.right) // 2
        fans = ((left_x, [_first_id(7, k) for k in range(4)]),
                (right_x, [_first_id(10, 1), _first_id(10, 2), _first_id(14, 0)]))
        for cx, ids in fans:
            n = len(ids)
            for i, cid in enumerate(ids):
                t = i - (n - 1) / 2
                angle = -t * 12
                face = pygame.transform.rotozoom(self.art.face(cid, size), angle, 1.0)
                x = cx + t * size[0] * 0.42
                y = centre_y + abs(t) * size[1] * 0.06
                shadow = pygame.transform.rotozoom(self.art.shadow(size), angle, 1.0)
                surface.blit(shadow, shadow.get_rect(center=(x + 4, y + 6)))
                surface.blit(face, face.get_rect(center=(x, y)))


def _scores_scene_class() -> type | None:
    """The storage engineer's ScoresScene, when this build has it."""
    try:
        module = importlib.import_module("swoop_desktop.ui.scenes.scores")
    except ImportError:
        return None
    return getattr(module, "ScoresScene", None)


class ConfirmScene(Scene):
    """A small question over the screen below; pops with the chosen button's value.
    Esc (or a click outside the box) pops with the last choice's value (the safe one)."""

    name = "confirm"
    opaque = False

    def __init__(self, app: Any, title: str, message: str,
                 choices: list[tuple[str, Any, bool]]) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.choices = choices
        self.buttons: list[W.Button] = []
        self.ring = W.FocusRing([], on_back=self.cancel)
        self.box = pygame.Rect(0, 0, 0, 0)
        self._built_for: tuple[int, int] | None = None

    def enter(self) -> None:
        self.build(tuple(self.app.size))
        if self.buttons:
            self.ring.focus(self.buttons[0])

    def resize(self, size: tuple[int, int]) -> None:
        self.build(size)

    def cancel(self) -> None:
        self.app.pop(self.choices[-1][1])

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        s = W.ui_scale(size)
        self.scale = s
        bw, bh = int(230 * s), int(50 * s)
        gap = int(16 * s)
        box_w = max(int(560 * s), len(self.choices) * (bw + gap) + gap * 2)
        box_h = int(230 * s)
        self.box = pygame.Rect(0, 0, min(box_w, w - 40), box_h)
        self.box.center = (w // 2, h // 2)
        total = len(self.choices) * bw + (len(self.choices) - 1) * gap
        x = self.box.centerx - total // 2
        y = self.box.bottom - bh - int(24 * s)
        focused = self.buttons.index(self.ring.focused) if self.ring.focused in self.buttons else 0
        self.buttons = []
        for label, value, primary in self.choices:
            self.buttons.append(W.Button((x, y, bw, bh), label,
                                         lambda v=value: self.app.pop(v), primary=primary))
            x += bw + gap
        self.ring.set_widgets(self.buttons)
        if self.buttons and self.ring.focused is None and self._built_for is not None:
            self.ring.focus(self.buttons[min(focused, len(self.buttons) - 1)])
        self._built_for = (w, h)

    def handle(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle(event):
                return True
        if self.ring.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1:
            pos = getattr(event, "pos", None)
            if pos is not None and not self.box.collidepoint(pos):
                self.cancel()
        # A modal question: nothing below it gets input.
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                              pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self._built_for != surface.get_size():
            self.build(surface.get_size())
        s = self.scale
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 140))
        surface.blit(dim, (0, 0))
        W.draw_panel(surface, theme, self.box, alpha=245)
        W.draw_text(surface, theme, self.title, (self.box.centerx, self.box.y + int(40 * s)),
                    size=int(28 * s), bold=True, colour_name="accent", anchor="center")
        fnt = W.font(theme, int(18 * s))
        y = self.box.y + int(74 * s)
        for line in W.wrap_text(fnt, self.message, self.box.width - int(60 * s)):
            W.draw_text(surface, theme, line, (self.box.centerx, y), size=int(18 * s),
                        anchor="midtop")
            y += fnt.get_linesize()
        for button in self.buttons:
            button.draw(surface, theme)
