"""Scrolling: a panel of controls, a page of text, a list of lines, a window onto what a
screen draws itself."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from .base import Colour, Widget, _mouse_pos, colour, font, wrap_text

# ---------------------------------------------------------------------------
# Scrolling
# ---------------------------------------------------------------------------


class _Scroller:
    """Shared scroll arithmetic: ``offset`` in pixels within ``content_height``."""

    def __init__(self) -> None:
        self.offset = 0
        self.content_height = 0
        self.pointer: tuple[int, int] | None = None

    def max_offset(self, view_height: int) -> int:
        return max(0, self.content_height - view_height)

    def scroll_to(self, offset: int, view_height: int) -> None:
        self.offset = max(0, min(self.max_offset(view_height), int(offset)))

    def scroll_keys(self, event: pygame.event.Event, view_height: int, line: int) -> bool:
        """PageUp/PageDown/Home/End (always) for the area that has the keyboard."""
        if event.key == pygame.K_PAGEUP:
            self.scroll_to(self.offset - int(view_height * 0.9), view_height)
        elif event.key == pygame.K_PAGEDOWN:
            self.scroll_to(self.offset + int(view_height * 0.9), view_height)
        elif event.key == pygame.K_HOME:
            self.scroll_to(0, view_height)
        elif event.key == pygame.K_END:
            self.scroll_to(self.content_height, view_height)
        else:
            return False
        return True

    def draw_bar(self, surface: pygame.Surface, theme: Any, view: pygame.Rect) -> None:
        if self.content_height <= view.height:
            return
        bar = pygame.Rect(view.right - 8, view.y + 4, 6, view.height - 8)
        pygame.draw.rect(surface, colour(theme, "track"), bar, border_radius=3)
        frac = view.height / self.content_height
        h = max(30, int(bar.height * frac))
        top = bar.y + int((bar.height - h) * self.offset / max(1, self.max_offset(view.height)))
        pygame.draw.rect(
            surface, colour(theme, "panel_edge"), (bar.x, top, bar.width, h), border_radius=3
        )


def _wheel_pos(
    event: pygame.event.Event, pointer: tuple[int, int] | None
) -> tuple[int, int] | None:
    """Where the wheel turned: the event's own ``pos`` if it has one (the pilot adds it),
    else the last pointer position seen in a motion event (None: unknown)."""
    pos = _mouse_pos(event)
    return pos if pos is not None else pointer


def _wheel_step(event: pygame.event.Event) -> float:
    precise = getattr(event, "precise_y", None)
    y = float(getattr(event, "y", 0) if precise is None else precise)
    return -y if getattr(event, "flipped", False) else y


class ScrollPanel:
    """A vertical column of widgets inside ``rect`` that scrolls when it does not fit.

    Widgets are stacked top to bottom at their ``height_for(width)`` with ``gap``
    pixels between them; their rects are kept in window coordinates (shifted by
    the scroll offset), so their own ``handle`` works unchanged. Mouse events
    outside the panel never reach them; the wheel scrolls it when the pointer is
    over it (or its position is unknown).
    """

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        widgets: Sequence[Widget] = (),
        *,
        gap: int = 6,
        padding: int = 8,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.widgets: list[Widget] = list(widgets)
        self.gap = gap
        self.padding = padding
        self.wheel_px = 48  # pixels one notch of the mouse wheel scrolls
        self.scroll = _Scroller()
        self._tops: list[int] = []
        self._heights: list[int] = []

    def layout(self, theme: Any) -> None:
        """Measure every widget and place it (call after changing widgets or the rect)."""
        width = self.rect.width - 2 * self.padding - 12
        y = self.padding
        self._tops, self._heights = [], []
        for w in self.widgets:
            h = w.height_for(width, theme) if w.visible else 0
            self._tops.append(y)
            self._heights.append(h)
            w.rect = pygame.Rect(self.rect.x + self.padding, 0, width, h)
            y += h + (self.gap if h else 0)
        self.scroll.content_height = y + self.padding
        self.scroll.scroll_to(self.scroll.offset, self.rect.height)
        self._place()

    def _place(self) -> None:
        for w, top in zip(self.widgets, self._tops, strict=False):
            w.rect.y = self.rect.y + top - self.scroll.offset

    @property
    def offset(self) -> int:
        return self.scroll.offset

    def scroll_by(self, pixels: int) -> None:
        self.scroll.scroll_to(self.scroll.offset + pixels, self.rect.height)
        self._place()

    def scroll_to_widget(self, widget: Widget) -> None:
        """Scroll just enough that ``widget`` is fully in view."""
        if widget not in self.widgets:
            return
        i = self.widgets.index(widget)
        top, h = self._tops[i], self._heights[i]
        view = self.rect.height
        if top - self.padding < self.scroll.offset:
            self.scroll.scroll_to(top - self.padding, view)
        elif top + h + self.padding > self.scroll.offset + view:
            self.scroll.scroll_to(top + h + self.padding - view, view)
        self._place()

    def is_visible(self, widget: Widget) -> bool:
        return widget.visible and widget.rect.colliderect(self.rect)

    def handle(self, event: pygame.event.Event) -> bool:
        pos = _mouse_pos(event)
        if event.type == pygame.MOUSEMOTION and pos is not None:
            self.scroll.pointer = pos
        if event.type == pygame.MOUSEWHEEL:
            p = _wheel_pos(event, self.scroll.pointer)
            if p is None or self.rect.collidepoint(p):
                before = self.scroll.offset
                self.scroll_by(int(-_wheel_step(event) * self.wheel_px))
                return before != self.scroll.offset or self.scroll.content_height > 0
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            inside = pos is not None and self.rect.collidepoint(pos)
            used = False
            for w in self.widgets:
                if not w.visible:
                    continue
                if inside or event.type != pygame.MOUSEBUTTONDOWN:
                    # Up/motion go to every widget so a press that started inside can end.
                    if not inside and event.type == pygame.MOUSEMOTION:
                        w.hovered = False
                        if not getattr(w, "dragging", False):
                            continue
                    if w.handle(event):
                        used = True
                        if event.type != pygame.MOUSEMOTION:
                            break
            return used
        if event.type == pygame.KEYDOWN:
            return self.scroll.scroll_keys(event, self.rect.height, 40) and self._after_keys()
        return False

    def _after_keys(self) -> bool:
        self._place()
        return True

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        old_clip = surface.get_clip()
        surface.set_clip(self.rect.clip(old_clip) if old_clip else self.rect)
        for w in self.widgets:
            if w.visible and w.rect.colliderect(self.rect):
                w.draw(surface, theme)
        surface.set_clip(old_clip)
        self.scroll.draw_bar(surface, theme, self.rect)
        if self.scroll.offset > 0:
            _fade_edge(surface, self.rect, top=True)
        if self.scroll.offset < self.scroll.max_offset(self.rect.height):
            _fade_edge(surface, self.rect, top=False)


def _fade_edge(surface: pygame.Surface, rect: pygame.Rect, *, top: bool) -> None:
    """A thin shadow at a scrolled edge, so a player sees there is more."""
    h = 14
    shade = pygame.Surface((rect.width - 12, h), pygame.SRCALPHA)
    for i in range(h):
        a = int(90 * (1 - i / h))
        pygame.draw.line(
            shade, (0, 0, 0, a), (0, i if top else h - 1 - i), (rect.width, i if top else h - 1 - i)
        )
    surface.blit(shade, (rect.x, rect.y if top else rect.bottom - h))


class ScrollView:
    """A window onto content its screen draws itself (text laid out as it is drawn), which
    scrolls where the content is longer than the window: the mouse wheel over it, a scroll
    bar to drag or to click (a click on the track beside the thumb moves a page), and the
    keys the screen hands on to :meth:`key` (Up/Down a line, PageUp/PageDown a page).

    The screen draws through :meth:`draw` with ``paint(top) -> bottom``: the content laid
    out from ``top`` (the window's top, less the offset), returning the y below its last
    line. The view clips the drawing to ``rect``, learns the content's height from it (so
    the bar and the keys know the last line), draws the bar only where the content does
    not fit, and shades an edge with more beyond it. Positions are in window coordinates
    throughout; :attr:`origin` turns a drawn y into a place in the content.
    """

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int] = (0, 0, 0, 0),
        *,
        pad: int = 0,
        line: int = 40,
        wheel: int = 48,
        bar_width: int = 8,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.pad = pad  # room above the first line and below the last, inside the window
        self.line = line  # pixels Up/Down move
        self.wheel = wheel  # pixels one notch of the wheel moves
        self.bar_width = bar_width
        self.scroll = _Scroller()
        self.grab: int | None = None  # where on the thumb it was taken, while dragged
        self.hovered = False  # the pointer is over the bar

    # ------------------------------------------------------------- where things are
    @property
    def offset(self) -> int:
        return self.scroll.offset

    @property
    def max_offset(self) -> int:
        return self.scroll.max_offset(self.rect.height)

    @property
    def content_height(self) -> int:
        return self.scroll.content_height

    @property
    def overflows(self) -> bool:
        """The content is longer than the window: the bar shows and it scrolls."""
        return self.scroll.content_height > self.rect.height

    @property
    def origin(self) -> int:
        """Where the content's first line is drawn now (window coordinates)."""
        return self.rect.y + self.pad - self.scroll.offset

    @property
    def track_rect(self) -> pygame.Rect:
        """The scroll bar's track, along the window's right edge."""
        inset = max(3, self.bar_width // 2)
        return pygame.Rect(
            self.rect.right - self.bar_width - inset,
            self.rect.y + inset,
            self.bar_width,
            max(0, self.rect.height - 2 * inset),
        )

    @property
    def thumb_rect(self) -> pygame.Rect:
        """The part of the track that stands for what is in view (the whole track when
        everything is)."""
        track = self.track_rect
        if not self.overflows:
            return pygame.Rect(track)
        h = max(
            min(track.height, 3 * self.bar_width),
            track.height * self.rect.height // max(1, self.scroll.content_height),
        )
        top = track.y + (track.height - h) * self.offset // max(1, self.max_offset)
        return pygame.Rect(track.x, top, track.width, h)

    @property
    def grip_rect(self) -> pygame.Rect:
        """Where a press takes the bar: the track, a little wider to be easy to hit."""
        track = self.track_rect
        wide = max(16, 2 * self.bar_width)
        return pygame.Rect(
            track.right - wide, track.y, wide + max(3, self.bar_width // 2), track.height
        )

    # ---------------------------------------------------------------- moving
    def scroll_to(self, offset: int) -> None:
        self.scroll.scroll_to(offset, self.rect.height)

    def scroll_by(self, pixels: int) -> None:
        self.scroll_to(self.offset + pixels)

    def reset(self) -> None:
        """Back to the first line (new content)."""
        self.scroll.offset = 0
        self.grab = None

    def reveal(self, top: int, bottom: int) -> None:
        """Scroll just enough that the content from ``top`` to ``bottom`` (window
        coordinates, as last drawn) is in view, its top first where it is taller."""
        view = self.rect.inflate(0, -2 * min(self.pad, self.rect.height // 4))
        if bottom > view.bottom:
            self.scroll_by(bottom - view.bottom)
            top -= bottom - view.bottom
        if top < view.top:
            self.scroll_by(top - view.top)

    def _drag_to(self, y: int) -> None:
        track, thumb = self.track_rect, self.thumb_rect
        room = max(1, track.height - thumb.height)
        share = (y - (self.grab or 0) - track.y) / room
        self.scroll_to(round(share * self.max_offset))

    # ---------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        """The mouse: the wheel over the window, a press, drag or release of the bar.
        True when the event was the view's."""
        pos = _mouse_pos(event)
        if event.type == pygame.MOUSEMOTION and pos is not None:
            self.scroll.pointer = pos
            self.hovered = self.overflows and self.grip_rect.collidepoint(pos)
            if self.grab is not None:
                self._drag_to(pos[1])
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            p = _wheel_pos(event, self.scroll.pointer)
            if self.overflows and (p is None or self.rect.collidepoint(p)):
                self.scroll_by(int(-_wheel_step(event) * self.wheel))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if pos is None or not self.overflows or not self.grip_rect.collidepoint(pos):
                return False
            thumb = self.thumb_rect
            if thumb.top <= pos[1] < thumb.bottom:
                self.grab = pos[1] - thumb.top  # taken: it follows the pointer
            else:  # the track above or below the thumb: a page that way
                page = max(self.line, int(self.rect.height * 0.9))
                self.scroll_by(page if pos[1] >= thumb.bottom else -page)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.grab is not None:
            self.grab = None
            return True
        return False

    def key(self, event: pygame.event.Event, arrows: bool = True) -> bool:
        """PageUp/PageDown a page, and Up/Down a line where ``arrows`` (the screen's own
        use of them comes first). True when the key was one of them."""
        if event.type != pygame.KEYDOWN:
            return False
        page = max(self.line, int(self.rect.height * 0.9))
        steps = {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
        if arrows:
            steps.update({pygame.K_UP: -self.line, pygame.K_DOWN: self.line})
        step = steps.get(event.key)
        if step is None:
            return False
        self.scroll_by(step)
        return True

    # -------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, theme: Any, paint: Callable[[int], int]) -> None:
        """Draw the content through ``paint(top) -> bottom`` clipped to the window, then
        the bar and the shaded edges. Content that shrank under the offset (another
        decision, a wider window) is drawn again from where it now ends."""
        old_clip = surface.get_clip()
        view = self.rect.clip(old_clip)
        under = surface.subsurface(view).copy() if view.width and view.height else None
        for _ in range(2):
            surface.set_clip(view)
            bottom = paint(self.origin)
            surface.set_clip(old_clip)
            self.scroll.content_height = max(0, bottom - self.origin + 2 * self.pad)
            before = self.offset
            self.scroll_to(before)
            if self.offset == before or under is None:
                break
            surface.blit(under, view)
        if not self.overflows:
            self.grab = None
            return
        track = self.track_rect
        pygame.draw.rect(surface, colour(theme, "track"), track, border_radius=track.width // 2)
        live = self.grab is not None or self.hovered
        pygame.draw.rect(
            surface,
            colour(theme, "focus" if live else "panel_edge"),
            self.thumb_rect,
            border_radius=track.width // 2,
        )
        if self.offset > 0:
            _fade_edge(surface, self.rect.inflate(-4, -4), top=True)
        if self.offset < self.max_offset:
            _fade_edge(surface, self.rect.inflate(-4, -4), top=False)


# Blocks of a ScrollText: ("h", heading), ("p", paragraph), ("li", bullet), ("note", muted)
Block = tuple[str, str]


class ScrollText(Widget):
    """Wrapped text that scrolls with the mouse wheel (pointer over it), the scroll bar,
    Up/Down/PageUp/PageDown/Home/End while focused. Text is a string (paragraphs
    separated by blank lines) or a list of blocks: ``("h", "Heading")``,
    ``("p", "paragraph")``, ``("li", "bullet")``, ``("note", "muted line")``."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        text: str | Sequence[Block] = "",
        *,
        size: int = 18,
        stick_to_end: bool = False,
        focusable: bool = True,
    ) -> None:
        super().__init__(rect)
        self.size = size
        self.stick_to_end = stick_to_end
        self.focusable = focusable
        self.scroll = _Scroller()
        self.blocks: list[Block] = []
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple[Any, ...] | None = None
        self.set_text(text)

    def set_text(self, text: str | Sequence[Block]) -> None:
        if isinstance(text, str):
            self.blocks = [("p", p.strip()) for p in text.split("\n\n") if p.strip()]
        else:
            self.blocks = list(text)
        self._cache = None
        if self.stick_to_end:
            self.scroll.offset = 1 << 30

    @property
    def view_height(self) -> int:
        return max(1, self.rect.height - 8)

    @property
    def text(self) -> str:
        """All the words, one block per line (for tests and copy)."""
        return "\n".join(t for _k, t in self.blocks)

    def _render(self, theme: Any) -> pygame.Surface:
        width = self.rect.width - 28
        key = (width, self.size, id(theme), len(self.blocks), hash(tuple(self.blocks)))
        if self._cache is not None and self._cache_key == key:
            return self._cache
        pieces: list[tuple[int, int, pygame.Surface]] = []
        y = 4
        for kind, body in self.blocks:
            if kind == "h":
                fnt = font(theme, int(self.size * 1.3), True)
                y += int(self.size * 0.6) if pieces else 0
                for line in wrap_text(fnt, body, width):
                    pieces.append((0, y, fnt.render(line, True, colour(theme, "heading"))))
                    y += fnt.get_linesize()
                y += 4
            else:
                fnt = font(theme, self.size if kind != "note" else int(self.size * 0.9))
                ink = colour(theme, "text_muted" if kind == "note" else "text")
                indent = 22 if kind == "li" else 0
                lines = wrap_text(fnt, body, width - indent)
                if kind == "li":
                    pieces.append(
                        (6, y + fnt.get_linesize() // 2 - 3, _dot(colour(theme, "heading")))
                    )
                for line in lines:
                    pieces.append((indent, y, fnt.render(line, True, ink)))
                    y += fnt.get_linesize()
                y += int(self.size * 0.55)
        surf = pygame.Surface((max(1, width), max(1, y)), pygame.SRCALPHA)
        for x, py, image in pieces:
            surf.blit(image, (x, py))
        self._cache, self._cache_key = surf, key
        self.scroll.content_height = y
        return surf

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        pos = _mouse_pos(event)
        if event.type == pygame.MOUSEMOTION and pos is not None:
            self.scroll.pointer = pos
        if event.type == pygame.MOUSEWHEEL:
            p = _wheel_pos(event, self.scroll.pointer)
            if p is None or self.rect.collidepoint(p):
                self.scroll.scroll_to(
                    self.scroll.offset - int(_wheel_step(event) * 48), self.view_height
                )
                return True
            return False
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_UP:
                self.scroll.scroll_to(self.scroll.offset - 40, self.view_height)
                return True
            if event.key == pygame.K_DOWN:
                self.scroll.scroll_to(self.scroll.offset + 40, self.view_height)
                return True
            return self.scroll.scroll_keys(event, self.view_height, 40)
        return False

    def scroll_by(self, pixels: int) -> None:
        self.scroll.scroll_to(self.scroll.offset + pixels, self.view_height)

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        if not self.visible:
            return
        image = self._render(theme)
        self.scroll.scroll_to(self.scroll.offset, self.view_height)
        area = pygame.Rect(0, self.scroll.offset, image.get_width(), self.view_height)
        surface.blit(image, (self.rect.x + 12, self.rect.y + 4), area)
        self.scroll.draw_bar(surface, theme, self.rect)
        if self.scroll.offset > 0:
            _fade_edge(surface, self.rect, top=True)
        if self.scroll.offset < self.scroll.max_offset(self.view_height):
            _fade_edge(surface, self.rect, top=False)
        if self.focused:
            pygame.draw.rect(surface, colour(theme, "focus"), self.rect, width=2, border_radius=8)


class ScrollList(ScrollText):
    """A list of one-line entries (e.g. the play log) that sticks to the newest entry
    unless the player has scrolled back. ``append(line)`` adds one."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        items: Sequence[str] = (),
        *,
        size: int = 16,
        stick_to_end: bool = True,
        limit: int = 500,
    ) -> None:
        super().__init__(
            rect, [("p0", i) for i in items], size=size, stick_to_end=stick_to_end, focusable=False
        )
        self.limit = limit

    @property
    def items(self) -> list[str]:
        return [t for _k, t in self.blocks]

    def append(self, line: str) -> None:
        at_end = self.scroll.offset >= self.scroll.max_offset(self.view_height) - 2
        self.blocks.append(("p0", line))
        del self.blocks[: -self.limit]
        self._cache = None
        if self.stick_to_end and at_end:
            self.scroll.offset = 1 << 30

    def clear(self) -> None:
        self.blocks.clear()
        self._cache = None
        self.scroll.offset = 0

    def _render(self, theme: Any) -> pygame.Surface:
        width = self.rect.width - 28
        key = (
            width,
            self.size,
            id(theme),
            len(self.blocks),
            self.blocks[-1] if self.blocks else None,
        )
        if self._cache is not None and self._cache_key == key:
            return self._cache
        fnt = font(theme, self.size)
        lines: list[str] = []
        for _k, body in self.blocks:
            wrapped = wrap_text(fnt, body, width - 14)
            lines.append(wrapped[0])
            lines.extend("   " + rest for rest in wrapped[1:])
        step = fnt.get_linesize()
        surf = pygame.Surface((max(1, width), max(1, step * len(lines) + 6)), pygame.SRCALPHA)
        ink = colour(theme, "text")
        for i, line in enumerate(lines):
            surf.blit(fnt.render(line, True, ink), (0, 3 + i * step))
        self._cache, self._cache_key = surf, key
        self.scroll.content_height = surf.get_height()
        if self.stick_to_end and self.scroll.offset >= 1 << 29:
            self.scroll.offset = self.scroll.max_offset(self.view_height)
        return surf


_dots: dict[Colour, pygame.Surface] = {}


def _dot(rgb: Colour) -> pygame.Surface:
    if rgb not in _dots:
        s = pygame.Surface((8, 8), pygame.SRCALPHA)
        pygame.draw.circle(s, rgb, (4, 4), 4)
        _dots[rgb] = s
    return _dots[rgb]
