"""Small pygame widgets shared by every screen: buttons, toggles, choices, sliders, scroll areas.

Widgets read input only from the event itself (``event.pos``, ``event.button``,
``event.key``): events posted by the pilot under the dummy video driver never
move ``pygame.mouse``. Each widget has ``handle(event) -> bool`` (True when it
used the event) and ``draw(surface, theme)``; fonts and colours come from the
theme (``theme.font(px, bold)`` and its colour attributes).

Row widgets (:class:`Toggle`, :class:`Choice`, :class:`Stepper`,
:class:`Slider`) draw a label, an optional one-line explanation under it, and
their control on the right, so a settings screen is a column of them.
:class:`FocusRing` makes a screen usable by keyboard (Up/Down/Tab move,
Enter/Space activate, Left/Right change, Esc goes back); :class:`ScrollPanel`
scrolls a column of widgets that does not fit the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from swoop_desktop.ui.theme import Theme

Colour = tuple[int, int, int]

def _mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


# Widget colour roles, derived from the theme's palette. A theme attribute with the
# role's own name (e.g. ``theme.focus``) wins over the derivation.
_ROLES: dict[str, Callable[[Theme], Sequence[int]]] = {
    "text": lambda t: t.text,
    "text_muted": lambda t: t.text_dim,
    "panel": lambda t: t.panel,
    "panel_edge": lambda t: t.panel_edge,
    "button": lambda t: t.button,
    "button_hover": lambda t: t.button_hover,
    "button_text": lambda t: t.button_text,
    "primary": lambda t: t.button_primary,
    "primary_hover": lambda t: _mix(t.button_primary, (255, 255, 255), 0.2),
    "primary_text": lambda t: _mix(t.button_text, (0, 0, 0), 0.4),
    "disabled": lambda t: _mix(t.panel, t.panel_edge, 0.55),
    "disabled_text": lambda t: _mix(t.text_dim, t.panel, 0.4),
    "focus": lambda t: t.highlight,
    "accent": lambda t: t.accent,
    "heading": lambda t: getattr(t, "heading", t.highlight),
    "track": lambda t: _mix(t.panel, (0, 0, 0), 0.25),
    "error": lambda t: t.illegal,
    "shadow": lambda t: t.shadow,
}

_default_theme: Theme | None = None


def _theme(theme: Any) -> Any:
    global _default_theme
    if theme is not None:
        return theme
    if _default_theme is None:
        _default_theme = Theme()
    return _default_theme


def colour(theme: Any, role: str) -> Colour:
    """The RGB colour of a widget role ("text", "button", "focus", ...) in ``theme``."""
    theme = _theme(theme)
    value = getattr(theme, role, None)
    if value is None:
        value = _ROLES[role](theme)
    return (int(value[0]), int(value[1]), int(value[2]))


def font(theme: Any, px: int, bold: bool = False) -> pygame.font.Font:
    """``theme.font(px, bold)`` (the default :class:`Theme` when ``theme`` is None)."""
    return _theme(theme).font(max(8, int(px)), bold)


_rendered: dict[tuple[int, str, int, bool, Colour], pygame.Surface] = {}


def render(theme: Any, text: str, px: int, bold: bool, rgb: Sequence[int]) -> pygame.Surface:
    """``font(theme, px, bold).render(text)``, cached: menus redraw the same words each frame."""
    rgb = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
    key = (id(_theme(theme)), text, int(px), bold, rgb)
    image = _rendered.get(key)
    if image is None:
        if len(_rendered) > 2000:
            _rendered.clear()
        image = font(theme, px, bold).render(text, True, rgb)
        _rendered[key] = image
    return image


def wrap_text(fnt: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels (words are never split
    unless a single word is wider than the line). Newlines start new lines."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if fnt.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
            while fnt.size(line)[0] > width and len(line) > 1:
                cut = len(line)
                while cut > 1 and fnt.size(line[:cut])[0] > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def draw_text(surface: pygame.Surface, theme: Any, text: str, pos: tuple[int, int], *,
              size: int = 20, bold: bool = False, colour_name: str = "text",
              rgb: Colour | None = None, anchor: str = "topleft",
              shadow: bool = False) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a pygame.Rect attribute ("center", "midleft"...)."""
    rgb = rgb or colour(theme, colour_name)
    image = render(theme, text, size, bold, rgb)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        under = render(theme, text, size, bold, colour(theme, "shadow")).copy()
        under.set_alpha(140)
        surface.blit(under, rect.move(2, 2))
    surface.blit(image, rect)
    return rect


def _mouse_pos(event: pygame.event.Event) -> tuple[int, int] | None:
    pos = getattr(event, "pos", None)
    return (int(pos[0]), int(pos[1])) if pos is not None else None


def _is_left_down(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1


def _is_left_up(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1


def set_hand_cursor(on: bool) -> None:
    """Pointer over something clickable shows a hand (ignored where the driver cannot)."""
    try:
        pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if on else pygame.SYSTEM_CURSOR_ARROW)
    except pygame.error:
        pass


# ---------------------------------------------------------------------------
# Base widget
# ---------------------------------------------------------------------------


class Widget:
    """Anything with a rect that can be hovered, focused, activated and drawn."""

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], *, enabled: bool = True,
                 tooltip: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.tooltip = tooltip
        self.hovered = False
        self.focused = False
        self.hover_time = 0.0
        self.visible = True
        self.scale = 1.0  # controls and their text grow with the window (see ui_scale)

    def px(self, value: float) -> int:
        """``value`` design pixels at this widget's scale."""
        return max(1, int(round(value * self.scale)))

    # -- input ---------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Take an input event; True if it was used."""
        if event.type == pygame.MOUSEMOTION:
            pos = _mouse_pos(event)
            self.hovered = pos is not None and self.rect.collidepoint(pos)
        return False

    def activate(self) -> None:
        """Enter/Space while focused."""

    def adjust(self, step: int) -> bool:
        """Left (-1) / Right (+1) while focused; True if something changed."""
        return False

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    # -- layout and drawing --------------------------------------------------
    def height_for(self, width: int, theme: Any) -> int:
        """The height this widget wants at ``width`` (used by :class:`ScrollPanel`)."""
        return self.rect.height

    def update(self, dt: float) -> None:
        self.hover_time = self.hover_time + dt if self.hovered else 0.0

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        """Draw the widget (subclasses)."""

    def draw_focus(self, surface: pygame.Surface, theme: Any, rect: pygame.Rect | None = None,
                   radius: int = 10) -> None:
        if self.focused:
            pygame.draw.rect(surface, colour(theme, "focus"), (rect or self.rect).inflate(8, 8),
                             width=3, border_radius=radius + 4)


# ---------------------------------------------------------------------------
# Button
# ---------------------------------------------------------------------------


class Button(Widget):
    """A push button: a click (press and release inside it), its ``key``, or Enter/Space
    while focused runs ``on_click``. ``primary`` buttons are drawn in the accent colour."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str,
                 on_click: Callable[[], Any] | None, *, key: int | None = None,
                 enabled: bool = True, primary: bool = False, tooltip: str | None = None,
                 size: int | None = None) -> None:
        super().__init__(rect, enabled=enabled, tooltip=tooltip)
        self.label = label
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
        size = self.size or max(14, min(26, int(r.height * 0.42)))
        fnt = font(theme, size, True)
        label = self.label
        while fnt.size(label)[0] > r.width - 16 and len(label) > 2:
            label = label[:-2] + "…"
        image = render(theme, label, size, True, text)
        surface.blit(image, image.get_rect(center=body.center))
        self.draw_focus(surface, theme, radius=radius)


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


# ---------------------------------------------------------------------------
# Row widgets: a label (and explanation) on the left, the control on the right
# ---------------------------------------------------------------------------


class Row(Widget):
    """Base of the labelled row widgets. ``help`` is the one-line explanation under the label."""

    label_size = 20
    help_size = 15

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, *, help: str = "",
                 enabled: bool = True, tooltip: str | None = None,
                 control_width: int | None = None) -> None:
        super().__init__(rect, enabled=enabled, tooltip=tooltip)
        self.label = label
        self.help = help
        self.control_width = control_width
        self._pressed = False

    def _store(self, value: Any) -> bool:
        """Keep a new value and tell ``on_change``; False when nothing changed."""
        if value == self.value:  # type: ignore[has-type]
            return False
        self.value = value
        on_change = getattr(self, "on_change", None)
        if on_change is not None:
            on_change(value)
        return True

    def _press_release(self, event: pygame.event.Event
                       ) -> tuple[bool, tuple[int, int] | None]:
        """A press on the row, then its release: (used the event, where it was released).

        The release position is given only for the release that ends a press begun on
        this row, so a click that starts elsewhere never changes a setting.
        """
        pos = _mouse_pos(event)
        if _is_left_down(event) and pos and self.rect.collidepoint(pos):
            self._pressed = self.enabled
            return True, None
        if _is_left_up(event) and self._pressed:
            self._pressed = False
            return True, pos
        return False, None

    # -- geometry ------------------------------------------------------------
    def control_rect(self) -> pygame.Rect:
        """Where the control sits: the right part of the row, vertically centred."""
        w = self.px(self.control_width) if self.control_width else max(
            self.px(150), int(self.rect.width * 0.42))
        w = min(w, self.rect.width - 120)
        h = min(self.px(40), self.rect.height - 8)
        return pygame.Rect(self.rect.right - w - 8, self.rect.y + (self.rect.height - h) // 2, w, h)

    def text_width(self) -> int:
        return max(80, self.control_rect().x - self.rect.x - 24)

    def height_for(self, width: int, theme: Any) -> int:
        old = self.rect.width
        self.rect.width = width
        try:
            lines = 1
            if self.help:
                lines += len(wrap_text(font(theme, self.help_size), self.help, self.text_width()))
        finally:
            self.rect.width = old
        return max(self.px(52), 14 + int(self.label_size * 1.35) + (lines - 1) * int(self.help_size * 1.3))

    def draw_label(self, surface: pygame.Surface, theme: Any) -> None:
        x, y = self.rect.x + 12, self.rect.y + 8
        text = "text" if self.enabled else "disabled_text"
        if not self.help:
            draw_text(surface, theme, self.label, (x, self.rect.centery), size=self.label_size,
                      bold=True, colour_name=text, anchor="midleft")
            return
        draw_text(surface, theme, self.label, (x, y), size=self.label_size, bold=True,
                  colour_name=text)
        y += int(self.label_size * 1.3)
        fnt = font(theme, self.help_size)
        muted = colour(theme, "text_muted" if self.enabled else "disabled_text")
        for line in wrap_text(fnt, self.help, self.text_width()):
            surface.blit(render(theme, line, self.help_size, False, muted), (x, y))
            y += int(self.help_size * 1.3)

    def draw_row_background(self, surface: pygame.Surface, theme: Any) -> None:
        if self.hovered or self.focused:
            shade = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (255, 255, 255, 18), shade.get_rect(), border_radius=10)
            surface.blit(shade, self.rect)
        if self.focused:
            pygame.draw.rect(surface, colour(theme, "focus"), self.rect, width=2, border_radius=10)


class Toggle(Row):
    """An on/off switch with a label. Click anywhere on the row, Enter/Space or Left/Right
    flips it; ``on_change(new_value)`` is called."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, value: bool,
                 on_change: Callable[[bool], Any] | None = None, *, help: str = "",
                 enabled: bool = True, tooltip: str | None = None,
                 on_text: str = "On", off_text: str = "Off") -> None:
        super().__init__(rect, label, help=help, enabled=enabled, tooltip=tooltip,
                         control_width=150)
        self.value = bool(value)
        self.on_change = on_change
        self.on_text, self.off_text = on_text, off_text

    def set(self, value: bool) -> None:
        self._store(bool(value))

    def activate(self) -> None:
        if self.enabled:
            self.set(not self.value)

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        before = self.value
        self.set(step > 0)
        return before != self.value

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        super().handle(event)
        used, released = self._press_release(event)
        if released and self.rect.collidepoint(released):
            self.activate()
        return used

    def switch_rect(self) -> pygame.Rect:
        c = self.control_rect()
        w, h = self.px(64), self.px(30)
        return pygame.Rect(c.right - w, c.centery - h // 2, w, h)

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        if not self.visible:
            return
        self.draw_row_background(surface, theme)
        self.draw_label(surface, theme)
        s = self.switch_rect()
        on = self.value
        track = colour(theme, "primary") if on and self.enabled else colour(theme, "track")
        if not self.enabled:
            track = colour(theme, "disabled")
        pygame.draw.rect(surface, track, s, border_radius=s.height // 2)
        pygame.draw.rect(surface, colour(theme, "panel_edge"), s, width=2,
                         border_radius=s.height // 2)
        knob_x = s.right - s.height // 2 if on else s.x + s.height // 2
        pygame.draw.circle(surface, colour(theme, "button"), (knob_x, s.centery), s.height // 2 - 4)
        word = self.on_text if on else self.off_text
        draw_text(surface, theme, word, (s.x - self.px(12), s.centery), size=self.px(18),
                  bold=on, colour_name="text" if self.enabled else "disabled_text", anchor="midright")


@dataclass(frozen=True)
class Option:
    """One choice of a :class:`Choice`: the value stored and the words shown."""

    value: Any
    text: str
    help: str = ""


class Choice(Row):
    """Pick one of several options. Segmented (every option visible, click one) when they
    fit, else a cycler (‹ value ›: click the arrows or the value). Left/Right move the
    choice; ``on_change(value)`` is called. ``help_for_value`` shows the chosen option's own
    explanation under the label when options carry one."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str,
                 options: Sequence[Option | tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], Any] | None = None, *, help: str = "",
                 enabled: bool = True, tooltip: str | None = None, segmented: bool | None = None,
                 control_width: int | None = None) -> None:
        super().__init__(rect, label, help=help, enabled=enabled, tooltip=tooltip,
                         control_width=control_width)
        self.options = [o if isinstance(o, Option) else Option(o[0], o[1]) for o in options]
        if not self.options:
            raise ValueError(f"Choice {label!r}: needs at least one option")
        self.index = self._index_of(value)
        self.on_change = on_change
        self.segmented = segmented
        self._pressed_at: tuple[int, int] | None = None

    def _index_of(self, value: Any) -> int:
        for i, option in enumerate(self.options):
            if option.value == value and type(option.value) is type(value):
                return i
        for i, option in enumerate(self.options):
            if option.value == value:
                return i
        return 0

    @property
    def value(self) -> Any:
        return self.options[self.index].value

    @property
    def help_text(self) -> str:
        chosen = self.options[self.index].help
        return f"{self.help} {chosen}".strip() if chosen else self.help

    def set_value(self, value: Any, *, notify: bool = False) -> None:
        index = self._index_of(value)
        self._select(index, notify=notify)

    def _select(self, index: int, *, notify: bool = True) -> bool:
        index %= len(self.options)
        if index == self.index:
            return False
        self.index = index
        if notify and self.on_change is not None:
            self.on_change(self.value)
        return True

    def activate(self) -> None:
        if self.enabled:
            self._select(self.index + 1)

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        return self._select(self.index + (1 if step > 0 else -1))

    # -- geometry ------------------------------------------------------------
    def _text_widths(self, theme: Any) -> list[int]:
        fnt = font(theme, self.px(16), True)
        return [fnt.size(o.text)[0] + self.px(22) for o in self.options]

    def _is_segmented(self, theme: Any) -> bool:
        if self.segmented is not None:
            return self.segmented
        return sum(self._text_widths(theme)) <= self.control_rect().width

    def segment_rects(self) -> list[pygame.Rect]:
        """One rect per option; wider words get wider segments, the spare room shared out."""
        c = self.control_rect()
        need = self._text_widths(getattr(self, "_last_theme", None))
        spare = max(0, c.width - sum(need)) / len(need)
        rects = []
        x = float(c.x)
        for i, w in enumerate(need):
            x1 = c.right if i == len(need) - 1 else x + w + spare
            if sum(need) > c.width:  # squeezed: share equally
                x1 = c.x + c.width * (i + 1) / len(need)
            rects.append(pygame.Rect(int(x), c.y, int(x1) - int(x), c.height))
            x = x1
        return rects

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        c = self.control_rect()
        return (pygame.Rect(c.x, c.y, c.height, c.height),
                pygame.Rect(c.right - c.height, c.y, c.height, c.height))

    def height_for(self, width: int, theme: Any) -> int:
        old = self.help
        self.help = self.help_text
        try:
            return super().height_for(width, theme)
        finally:
            self.help = old

    # -- input ---------------------------------------------------------------
    def _theme_guess(self) -> Any:
        return getattr(self, "_last_theme", None)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        super().handle(event)
        pos = _mouse_pos(event)
        if _is_left_down(event) and pos and self.rect.collidepoint(pos):
            self._pressed_at = pos if self.enabled else None
            return True
        if _is_left_up(event) and self._pressed_at is not None:
            self._pressed_at = None
            if not (pos and self.rect.collidepoint(pos)):
                return True
            if self._is_segmented(self._theme_guess()):
                for i, seg in enumerate(self.segment_rects()):
                    if seg.collidepoint(pos):
                        self._select(i)
                        return True
                self._select(self.index + 1)  # the label part of the row cycles
            else:
                left, _right = self.arrow_rects()
                self._select(self.index + (-1 if left.collidepoint(pos) else 1))
            return True
        return False

    # -- drawing -------------------------------------------------------------
    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        if not self.visible:
            return
        self._last_theme = theme
        self.draw_row_background(surface, theme)
        old = self.help
        self.help = self.help_text
        try:
            self.draw_label(surface, theme)
        finally:
            self.help = old
        c = self.control_rect()
        radius = 8
        enabled = self.enabled
        pygame.draw.rect(surface, colour(theme, "track"), c, border_radius=radius)
        if self._is_segmented(theme):
            for i, (seg, option) in enumerate(zip(self.segment_rects(), self.options,
                                                  strict=True)):
                chosen = i == self.index
                if chosen:
                    fill = colour(theme, "primary" if enabled else "disabled")
                    pygame.draw.rect(surface, fill, seg.inflate(-4, -4), border_radius=radius - 2)
                name = ("primary_text" if chosen else "text") if enabled else "disabled_text"
                fnt = font(theme, self.px(16), chosen)
                text = option.text
                while fnt.size(text)[0] > seg.width - 8 and len(text) > 2:
                    text = text[:-2] + "…"
                image = render(theme, text, self.px(16), chosen, colour(theme, name))
                surface.blit(image, image.get_rect(center=seg.center))
                if i and not chosen and i - 1 != self.index:
                    pygame.draw.line(surface, colour(theme, "panel_edge"),
                                     (seg.x, seg.y + 8), (seg.x, seg.bottom - 8))
        else:
            left, right = self.arrow_rects()
            tint = colour(theme, "text" if enabled else "disabled_text")
            for box, sign in ((left, -1), (right, 1)):
                cx, cy = box.center
                a, b = self.px(6), self.px(8)
                pts = [(cx - a * sign, cy - b), (cx - a * sign, cy + b), (cx + a * sign, cy)]
                pygame.draw.polygon(surface, tint, pts)
            draw_text(surface, theme, self.options[self.index].text, c.center, size=self.px(17),
                      bold=True, colour_name="text" if enabled else "disabled_text",
                      anchor="center")
        pygame.draw.rect(surface, colour(theme, "panel_edge"), c, width=2, border_radius=radius)


class Stepper(Row):
    """A whole number changed in steps with − and + buttons (or Left/Right)."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, value: int,
                 on_change: Callable[[int], Any] | None = None, *, minimum: int, maximum: int,
                 step: int = 1, help: str = "", enabled: bool = True,
                 tooltip: str | None = None, unit: str = "") -> None:
        super().__init__(rect, label, help=help, enabled=enabled, tooltip=tooltip,
                         control_width=250)
        self.minimum, self.maximum, self.step = minimum, maximum, step
        self.value = max(minimum, min(maximum, int(value)))
        self.on_change = on_change
        self.unit = unit

    def set(self, value: int) -> bool:
        return self._store(max(self.minimum, min(self.maximum, int(value))))

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        if step > 0:
            nxt = (self.value // self.step + 1) * self.step
        else:
            nxt = (self.value - 1) // self.step * self.step
        return self.set(nxt)

    def activate(self) -> None:
        self.adjust(+1)

    def button_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        c = self.control_rect()
        return (pygame.Rect(c.x, c.y, c.height + 8, c.height),
                pygame.Rect(c.right - c.height - 8, c.y, c.height + 8, c.height))

    HOLD_DELAY = 0.45  # seconds a − or + is held before it repeats
    HOLD_EVERY = 0.07  # seconds between repeats (after 8 repeats each one is 5 steps)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        super().handle(event)
        used, released = self._press_release(event)
        pos = _mouse_pos(event)
        if _is_left_down(event) and pos and self.enabled:
            minus, plus = self.button_rects()
            sign = -1 if minus.collidepoint(pos) else 1 if plus.collidepoint(pos) else 0
            self._hold = {"sign": sign, "time": 0.0, "repeats": 0} if sign else None
        if released:
            hold = getattr(self, "_hold", None)
            self._hold = None
            if hold is not None and hold["repeats"]:
                return used  # held: the repeats were the change
            minus, plus = self.button_rects()
            if minus.collidepoint(released):
                self.adjust(-1)
            elif plus.collidepoint(released):
                self.adjust(+1)
        elif _is_left_up(event):
            self._hold = None
        return used

    def update(self, dt: float) -> None:
        """Hold − or + and the value runs on (faster after a while): 300 to 5000 in seconds."""
        super().update(dt)
        hold = getattr(self, "_hold", None)
        if not hold:
            return
        hold["time"] += dt
        while hold["time"] >= self.HOLD_DELAY:
            hold["time"] -= self.HOLD_EVERY
            hold["repeats"] += 1
            for _ in range(5 if hold["repeats"] > 8 else 1):
                if not self.adjust(hold["sign"]):
                    self._hold = None
                    return

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        if not self.visible:
            return
        self.draw_row_background(surface, theme)
        self.draw_label(surface, theme)
        c = self.control_rect()
        pygame.draw.rect(surface, colour(theme, "track"), c, border_radius=8)
        minus, plus = self.button_rects()
        for box, sign, live in ((minus, "-", self.value > self.minimum),
                                (plus, "+", self.value < self.maximum)):
            ok = live and self.enabled
            pygame.draw.rect(surface, colour(theme, "button" if ok else "disabled"),
                             box.inflate(-6, -6), border_radius=6)
            cx, cy = box.center
            ink = colour(theme, "button_text" if ok else "disabled_text")
            k = self.px(7)
            pygame.draw.line(surface, ink, (cx - k, cy), (cx + k, cy), 3)
            if sign == "+":
                pygame.draw.line(surface, ink, (cx, cy - k), (cx, cy + k), 3)
        text = f"{self.value}{self.unit}"
        draw_text(surface, theme, text, c.center, size=self.px(19), bold=True,
                  colour_name="text" if self.enabled else "disabled_text", anchor="center")
        pygame.draw.rect(surface, colour(theme, "panel_edge"), c, width=2, border_radius=8)


class Slider(Row):
    """A value from 0.0 to 1.0 (e.g. volume): click or drag on the track, Left/Right step."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, value: float,
                 on_change: Callable[[float], Any] | None = None, *, help: str = "",
                 step: float = 0.1, enabled: bool = True, tooltip: str | None = None) -> None:
        super().__init__(rect, label, help=help, enabled=enabled, tooltip=tooltip,
                         control_width=260)
        self.value = max(0.0, min(1.0, float(value)))
        self.on_change = on_change
        self.step = step
        self.dragging = False

    def set(self, value: float) -> bool:
        # Values are rounded to 3 places, so equal values compare exactly.
        return self._store(round(max(0.0, min(1.0, float(value))), 3))

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        return self.set(round((self.value + step * self.step) / self.step) * self.step)

    def track_rect(self) -> pygame.Rect:
        c = self.control_rect()
        return pygame.Rect(c.x + self.px(12), c.centery - self.px(4), c.width - self.px(80),
                           self.px(8))

    def _value_at(self, x: int) -> float:
        t = self.track_rect()
        return (x - t.x) / max(1, t.width)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        super().handle(event)
        pos = _mouse_pos(event)
        if _is_left_down(event) and pos and self.rect.collidepoint(pos):
            if self.enabled and self.control_rect().collidepoint(pos):
                self.dragging = True
                self.set(self._value_at(pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging and pos:
            self.set(self._value_at(pos[0]))
            return True
        if _is_left_up(event) and self.dragging:
            self.dragging = False
            if pos:
                self.set(self._value_at(pos[0]))
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        if not self.visible:
            return
        self.draw_row_background(surface, theme)
        self.draw_label(surface, theme)
        t = self.track_rect()
        pygame.draw.rect(surface, colour(theme, "track"), t.inflate(0, 4), border_radius=6)
        fill = t.copy()
        fill.width = int(t.width * self.value)
        pygame.draw.rect(surface, colour(theme, "primary" if self.enabled else "disabled"),
                         fill.inflate(0, 4), border_radius=6)
        knob = (t.x + fill.width, t.centery)
        pygame.draw.circle(surface, colour(theme, "button"), knob, self.px(11))
        pygame.draw.circle(surface, colour(theme, "panel_edge"), knob, self.px(11), width=2)
        draw_text(surface, theme, f"{round(self.value * 100)}%", (self.control_rect().right - 4,
                  t.centery), size=self.px(18), bold=True, anchor="midright",
                  colour_name="text" if self.enabled else "disabled_text")


class Heading(Widget):
    """A section title inside a column of rows (not focusable)."""

    focusable = False

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str, *, size: int = 24,
                 note: str = "") -> None:
        super().__init__(rect)
        self.text = text
        self.size = size
        self.note = note

    def height_for(self, width: int, theme: Any) -> int:
        return int(self.size * 1.6) + 14 + (int(self.size * 0.8) if self.note else 0)

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        if not self.visible:
            return
        y = self.rect.y + 12
        r = draw_text(surface, theme, self.text, (self.rect.x + 4, y), size=self.size, bold=True,
                      colour_name="heading")
        line_y = r.bottom + 4
        pygame.draw.line(surface, colour(theme, "panel_edge"), (self.rect.x + 4, line_y),
                         (self.rect.right - 4, line_y), 2)
        if self.note:
            draw_text(surface, theme, self.note, (self.rect.right - 4, r.bottom),
                      size=max(12, int(self.size * 0.62)), colour_name="text_muted",
                      anchor="bottomright")


class Message(Widget):
    """A block of wrapped text inside a column (e.g. a warning); not focusable."""

    focusable = False

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str = "", *, size: int = 17,
                 colour_name: str = "error") -> None:
        super().__init__(rect)
        self.text = text
        self.size = size
        self.colour_name = colour_name

    def height_for(self, width: int, theme: Any) -> int:
        if not self.text:
            return 0
        lines = wrap_text(font(theme, self.size, True), self.text, width - 40)
        return len(lines) * int(self.size * 1.35) + 20

    def draw(self, surface: pygame.Surface, theme: Any) -> None:
        if not self.visible or not self.text:
            return
        box = self.rect.inflate(-4, -6)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 110), shade.get_rect(), border_radius=8)
        surface.blit(shade, box)
        ink = colour(theme, self.colour_name)
        pygame.draw.rect(surface, ink, box, width=2, border_radius=8)
        fnt = font(theme, self.size, True)
        y = box.y + 8
        for line in wrap_text(fnt, self.text, box.width - 36):
            surface.blit(render(theme, line, self.size, True, ink), (box.x + 18, y))
            y += int(self.size * 1.35)


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
        pygame.draw.rect(surface, colour(theme, "panel_edge"), (bar.x, top, bar.width, h),
                         border_radius=3)


def _wheel_pos(event: pygame.event.Event, pointer: tuple[int, int] | None
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

    def __init__(self, rect: pygame.Rect | Sequence[int], widgets: Sequence[Widget] = (), *,
                 gap: int = 6, padding: int = 8) -> None:
        self.rect = pygame.Rect(rect)
        self.widgets: list[Widget] = list(widgets)
        self.gap = gap
        self.padding = padding
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
                self.scroll_by(int(-_wheel_step(event) * 48))
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
        pygame.draw.line(shade, (0, 0, 0, a), (0, i if top else h - 1 - i),
                         (rect.width, i if top else h - 1 - i))
    surface.blit(shade, (rect.x, rect.y if top else rect.bottom - h))


# Blocks of a ScrollText: ("h", heading), ("p", paragraph), ("li", bullet), ("note", muted)
Block = tuple[str, str]


class ScrollText(Widget):
    """Wrapped text that scrolls with the mouse wheel (pointer over it), the scroll bar,
    Up/Down/PageUp/PageDown/Home/End while focused. Text is a string (paragraphs
    separated by blank lines) or a list of blocks: ``("h", "Heading")``,
    ``("p", "paragraph")``, ``("li", "bullet")``, ``("note", "muted line")``."""

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str | Sequence[Block] = "", *,
                 size: int = 18, stick_to_end: bool = False, focusable: bool = True) -> None:
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
                    pieces.append((6, y + fnt.get_linesize() // 2 - 3,
                                   _dot(colour(theme, "heading"))))
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
                self.scroll.scroll_to(self.scroll.offset - int(_wheel_step(event) * 48),
                                      self.view_height)
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
            pygame.draw.rect(surface, colour(theme, "focus"), self.rect, width=2,
                             border_radius=8)


class ScrollList(ScrollText):
    """A list of one-line entries (e.g. the play log) that sticks to the newest entry
    unless the player has scrolled back. ``append(line)`` adds one."""

    def __init__(self, rect: pygame.Rect | Sequence[int], items: Sequence[str] = (), *,
                 size: int = 16, stick_to_end: bool = True, limit: int = 500) -> None:
        super().__init__(rect, [("p0", i) for i in items], size=size, stick_to_end=stick_to_end,
                         focusable=False)
        self.limit = limit

    @property
    def items(self) -> list[str]:
        return [t for _k, t in self.blocks]

    def append(self, line: str) -> None:
        at_end = self.scroll.offset >= self.scroll.max_offset(self.view_height) - 2
        self.blocks.append(("p0", line))
        del self.blocks[:-self.limit]
        self._cache = None
        if self.stick_to_end and at_end:
            self.scroll.offset = 1 << 30

    def clear(self) -> None:
        self.blocks.clear()
        self._cache = None
        self.scroll.offset = 0

    def _render(self, theme: Any) -> pygame.Surface:
        width = self.rect.width - 28
        key = (width, self.size, id(theme), len(self.blocks), self.blocks[-1] if self.blocks
               else None)
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

    def __init__(self, widgets: Sequence[Widget], *, on_back: Callable[[], Any] | None = None,
                 panel: ScrollPanel | None = None, wrap: bool = True) -> None:
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


def tooltip_rect(target: pygame.Rect, size: tuple[int, int], others: Sequence[pygame.Rect],
                 bounds: pygame.Rect) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: beside ``target`` (right, left, below, above), at
    the first place on screen that covers neither ``target`` nor any of ``others``
    (the next button stays visible and clickable)."""
    box = pygame.Rect(0, 0, *size)
    gap = 8
    places = (("midleft", (target.right + gap, target.centery)),
              ("midright", (target.left - gap, target.centery)),
              ("midtop", (target.centerx, target.bottom + gap)),
              ("midbottom", (target.centerx, target.top - gap)))
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
    return first or box


def draw_tooltip(surface: pygame.Surface, theme: Any, widgets: Sequence[Widget], *,
                 delay: float = 0.6) -> None:
    """Draw the tooltip of the widget the pointer has rested on for ``delay`` seconds."""
    for w in widgets:
        if w.tooltip and w.hovered and w.hover_time >= delay and w.visible:
            fnt = font(theme, 15)
            lines = wrap_text(fnt, w.tooltip, 360)
            width = max(fnt.size(line)[0] for line in lines) + 20
            height = len(lines) * fnt.get_linesize() + 12
            others = [o.rect for o in widgets if o is not w and o.visible]
            box = tooltip_rect(w.rect, (width, height), others, surface.get_rect())
            pygame.draw.rect(surface, (20, 24, 22), box, border_radius=6)
            pygame.draw.rect(surface, colour(theme, "panel_edge"), box, width=1, border_radius=6)
            y = box.y + 6
            for line in lines:
                surface.blit(fnt.render(line, True, colour(theme, "text")), (box.x + 10, y))
                y += fnt.get_linesize()
            return


# ---------------------------------------------------------------------------
# Screen helpers
# ---------------------------------------------------------------------------


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than the 1280x720 design the menus draw (0.8 to 1.6)."""
    w, h = size
    return max(0.8, min(1.6, min(w / 1280, h / 720)))


_backdrops: dict[tuple[int, int, Colour, Colour], pygame.Surface] = {}


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
    surface.blit(image, (0, 0))


_panels: dict[tuple[int, ...], pygame.Surface] = {}


def draw_page(surface: pygame.Surface, theme: Any, title: str, subtitle: str,
              frame: pygame.Rect, scale: float) -> None:
    """A full-screen menu page: the cloth, the title and its one-line subtitle above
    ``frame``, and the panel that the page's content sits on."""
    draw_backdrop(surface, theme)
    draw_text(surface, theme, title, (frame.x + 4, int(22 * scale)), size=int(38 * scale),
              bold=True, colour_name="heading", shadow=True)
    draw_text(surface, theme, subtitle, (frame.x + 6, int(70 * scale)),
              size=max(12, int(16 * scale)), colour_name="text_muted", anchor="midleft")
    draw_panel(surface, theme, frame)


def draw_panel(surface: pygame.Surface, theme: Any, rect: pygame.Rect, *, alpha: int = 170,
               radius: int = 16) -> None:
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
    surface.blit(shade, rect)
    pygame.draw.rect(surface, colour(theme, "panel_edge"), rect, width=2, border_radius=radius)
