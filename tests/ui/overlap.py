"""What a screen draws where: the words (each line's inked rectangle) and the buttons,
recorded by drawing the screen onto a surface that notes every blit of rendered words,
and of pictures that carry words painted into them earlier (a cached page, a ScrollText).

``layout(pilot)`` draws the whole scene stack once and returns the words and the
buttons of the top scene; ``overlaps(...)`` lists every pair that covers the other.
"""

from __future__ import annotations

from typing import Any

import pygame

from swoop_desktop.ui.controls import base as controls_base
from swoop_desktop.ui.theme import Theme


class Words(pygame.Surface):
    """A rendered line of words (so a blit of it can be told from a panel's or a card's)."""

    text = ""


class _MarkedFont:
    def __init__(self, font: pygame.font.Font) -> None:
        self._font = font

    def render(self, text: str, antialias: bool, colour: Any, *args: Any) -> pygame.Surface:
        img = self._font.render(text, antialias, colour, *args)
        words = Words(img.get_size(), pygame.SRCALPHA)
        words.blit(img, (0, 0))
        words.text = text
        return words

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


_SURFACE = pygame.Surface  # the real class (mark_words puts Carrier in its place)


def _carried(source: Any) -> list[tuple[str, pygame.Rect]]:
    """The words ``source`` holds, each with its inked rectangle in ``source``'s pixels."""
    if isinstance(source, Words):
        if not source.text.strip():
            return []
        return [(source.text, source.get_bounding_rect())]
    return list(getattr(source, "words", None) or [])


class _SameAsSurface(type):
    """Every picture still counts as a ``pygame.Surface`` while Carrier stands in for it."""

    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, _SURFACE)

    def __subclasscheck__(cls, sub: type) -> bool:
        return issubclass(sub, _SURFACE)


class Carrier(_SURFACE, metaclass=_SameAsSurface):
    """A picture that keeps where words were laid on it, so words painted into a cached
    picture (the title's words, a ScrollText's page) are seen where that picture lands;
    what a blit clips (its area, the picture's edge, a clip rectangle) is left out of
    ``words``. ``cut`` keeps each line the picture's edge or a clip cut short at a side
    (or the picture's edge at its top or bottom), whole, where it would have gone."""

    words: list[tuple[str, pygame.Rect]]
    cut: list[tuple[str, pygame.Rect]]

    def _words(self) -> list[tuple[str, pygame.Rect]]:
        found = self.__dict__.get("words")
        if found is None:
            found = self.__dict__["words"] = []
        return found

    def blit(self, source: Any, dest: Any, area: Any = None, special_flags: int = 0) -> Any:
        done = super().blit(source, dest, area, special_flags)
        alpha = source.get_alpha()
        if alpha is not None and alpha <= 40:
            return done  # (nearly) invisible: a fade's first frame
        carried = _carried(source)
        if not carried:
            return done
        at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        cut = pygame.Rect(area) if area is not None else None
        edge = self.get_rect()
        bounds = self.get_clip().clip(edge)
        for text, inked in carried:
            rect = pygame.Rect(inked)
            if cut is not None:
                rect = rect.clip(cut).move(-cut.x, -cut.y)
            whole = rect.move(at)
            rect = whole.clip(bounds)
            if rect.w > 1 and rect.h > 1:
                self._words().append((text, rect))
                # Cut at the side (by the picture's edge or a clip: nothing scrolls sideways)
                # or at the picture's own top or bottom (a scroll view's clip is not a cut).
                if (
                    whole.left < bounds.left
                    or whole.right > bounds.right
                    or not (edge.top <= whole.top and whole.bottom <= edge.bottom)
                ):
                    self._cut().append((text, whole))
        for text, whole in getattr(source, "cut", None) or []:
            self._cut().append((text, whole.move(at)))
        return done

    def _cut(self) -> list[tuple[str, pygame.Rect]]:
        found = self.__dict__.get("cut")
        if found is None:
            found = self.__dict__["cut"] = []
        return found

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> Any:
        done = super().fill(color, rect, special_flags)
        if special_flags == 0:
            painted = self.get_rect() if rect is None else pygame.Rect(rect)
            self.__dict__["words"] = [(t, r) for t, r in self._words() if not painted.contains(r)]
            edge = self.get_rect()
            self.__dict__["cut"] = [
                (t, r) for t, r in self._cut() if not painted.contains(r.clip(edge))
            ]
        return done

    def copy(self) -> Any:
        twin = super().copy()
        twin.__dict__["words"] = list(self._words())
        twin.__dict__["cut"] = list(self._cut())
        return twin

    def subsurface(self, *rect: Any) -> Any:
        part = super().subsurface(*rect)
        box = pygame.Rect(*rect)
        part.__dict__["words"] = [
            (t, r.clip(box).move(-box.x, -box.y)) for t, r in self._words() if r.colliderect(box)
        ]
        return part


class Recorder(Carrier):
    """The screen, noting where each line of words lands (clipped to the screen); with
    :func:`mark_panels_and_buttons`, also each panel (a rectangle outlined in the panel's
    edge colour, as far as it shows) and each button drawn on it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.words = []
        self.cut = []
        self.panels: list[pygame.Rect] = []
        self.buttons: list[Any] = []


def mark_words(monkeypatch: Any) -> None:
    """From now on every font renders :class:`Words` (call before the Pilot starts)."""
    plain = Theme.font

    def marked(self: Theme, px: int, bold: bool = False) -> Any:
        return _MarkedFont(plain(self, px, bold))

    monkeypatch.setattr(Theme, "font", marked)
    monkeypatch.setattr(controls_base, "_rendered", {})
    # Pictures made from now on keep the words laid on them (see Carrier).
    monkeypatch.setattr(pygame, "Surface", Carrier)


def mark_panels_and_buttons(monkeypatch: Any) -> None:
    """From now on a :class:`Recorder` notes the panels and the buttons drawn on it: a
    panel is any rectangle outlined in the theme's panel-edge colour (a page's panel, an
    overlay's, a Scores box, a row's control), kept as far as the clip shows it; a button
    is a ``Button`` drawn on the screen itself (the table's, drawn once into a picture,
    are its ``model.buttons``)."""
    from swoop_desktop.ui.controls import Button
    from swoop_desktop.ui.controls import colour as role

    real_rect = pygame.draw.rect
    edges: set[tuple[int, ...]] = {tuple(Theme().panel_edge), role(None, "panel_edge")}

    def rect(surface: Any, ink: Any, box: Any, width: int = 0, *a: Any, **k: Any) -> Any:
        done = real_rect(surface, ink, box, width, *a, **k)
        if width and type(surface) is Recorder and tuple(pygame.Color(ink))[:3] in edges:
            shown = pygame.Rect(box).clip(surface.get_clip())
            if shown.w > 4 and shown.h > 4:
                surface.panels.append(shown)
        return done

    real_draw = Button.draw

    def draw(self: Any, surface: Any, theme: Any) -> None:
        if self.visible and type(surface) is Recorder:
            surface.buttons.append(self)
        real_draw(self, surface, theme)

    monkeypatch.setattr(pygame.draw, "rect", rect)
    monkeypatch.setattr(Button, "draw", draw)


def buttons_of(scene: Any) -> list[tuple[str, pygame.Rect]]:
    """Every visible button-like control the scene holds (in attributes, lists or dicts)."""
    from swoop_desktop.ui.controls import Button

    found: dict[int, tuple[str, pygame.Rect]] = {}

    def look(value: Any, depth: int = 0) -> None:
        if isinstance(value, Button):
            if getattr(value, "visible", True) and value.rect.w > 10:
                found[id(value)] = (value.label, pygame.Rect(value.rect))
        elif depth < 2 and isinstance(value, (list, tuple)):
            for v in value:
                look(v, depth + 1)
        elif depth < 2 and isinstance(value, dict):
            for v in value.values():
                look(v, depth + 1)

    # What the screen draws now, where it says (a list, or a method that makes one).
    shown = getattr(scene, "buttons", None)
    if shown is None and callable(getattr(scene, "_buttons", None)):
        shown = scene._buttons()
    for value in [shown] if shown else vars(scene).values():
        look(value)
    return list(found.values())


def layout(pilot: Any) -> tuple[list[tuple[str, pygame.Rect]], list[tuple[str, pygame.Rect]]]:
    """Draw the screen once; (words, buttons) of what is on top."""
    app = pilot.app
    screen = Recorder(app.size)
    app.stack.draw(screen)
    top = app.stack.top
    buttons = buttons_of(top)
    return screen.words, buttons


def layout_of_top(
    pilot: Any,
) -> tuple[list[tuple[str, pygame.Rect]], list[tuple[str, pygame.Rect]]]:
    """Like :func:`layout`, but only the words of the screen on top: a panel over the table
    (a question, the export) shades the table's words, which never count against its own."""
    app = pilot.app
    screen = Recorder(app.size)
    top = app.stack.top
    scenes = app.stack.scenes
    first = len(scenes) - 1
    while first > 0 and not scenes[first].opaque:
        first -= 1
    for scene in scenes[max(first, 0) : -1]:
        scene.draw(screen)
    screen.words = []
    top.draw(screen)
    return screen.words, buttons_of(top)


def overlaps(
    words: list[tuple[str, pygame.Rect]],
    boxes: list[tuple[str, pygame.Rect]],
    solid: list[tuple[str, pygame.Rect]] = (),  # type: ignore[assignment]
) -> list[str]:
    """Pairs that cover one another: two lines of words, a line partly over a button (a
    button's own label lies inside it), two buttons, or words over a ``solid`` thing (a
    card)."""
    found = []
    for i, (a, ra) in enumerate(words):
        for b, rb in words[i + 1 :]:
            if ra.colliderect(rb) and ra != rb:
                found.append(f"words {a!r} {ra} cover words {b!r} {rb}")
        for b, rb in boxes:
            if ra.colliderect(rb) and not rb.contains(ra):
                found.append(f"words {a!r} {ra} run over button {b!r} {rb}")
        for b, rb in solid:
            if ra.colliderect(rb):
                found.append(f"words {a!r} {ra} cover {b} {rb}")
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1 :]:
            if ra.colliderect(rb):
                found.append(f"button {a!r} {ra} covers button {b!r} {rb}")
    return found
