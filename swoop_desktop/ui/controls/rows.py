"""Row controls: a label (and a one-line explanation) on the left, the control on the right:
toggles, choices, steppers, sliders; headings and messages.

Why one long module: one family of controls sharing a row's layout and drawing; each
control is a small class.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from swoop_desktop.i18n import N_, _

from .base import (
    Widget,
    _is_left_down,
    _is_left_up,
    _mouse_pos,
    colour,
    draw_lines,
    draw_text,
    fit_label,
    fit_lines,
    font,
    render,
    wrap_text,
)

# ---------------------------------------------------------------------------
# Row widgets: a label (and explanation) on the left, the control on the right
# ---------------------------------------------------------------------------


class Row(Widget):
    """Base of the labelled row widgets. ``help`` is the one-line explanation under the label."""

    label_size = 20
    help_size = 15

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        *,
        help: str = "",
        enabled: bool = True,
        tooltip: str | None = None,
        control_width: int | None = None,
    ) -> None:
        super().__init__(rect, enabled=enabled, tooltip=tooltip)
        self.label = label
        self.help = help
        #: Other explanations the row may show (a rule's note when another rule makes it
        #: have no effect): their lines are kept too, so a change never moves the rows below.
        self.help_reserve: tuple[str, ...] = ()
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

    def _press_release(self, event: pygame.event.Event) -> tuple[bool, tuple[int, int] | None]:
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
        w = (
            self.px(self.control_width)
            if self.control_width
            else max(self.px(150), int(self.rect.width * 0.42))
        )
        w = min(w, self.rect.width - 120)
        h = min(self.px(40), self.rect.height - 8)
        return pygame.Rect(self.rect.right - w - 8, self.rect.y + (self.rect.height - h) // 2, w, h)

    def text_width(self) -> int:
        return max(80, self.control_rect().x - self.rect.x - 24)

    def shown_help(self) -> str:
        """The explanation under the label now."""
        return self.help

    def possible_helps(self) -> list[str]:
        """Every explanation the row may show, whatever its value: the row is as tall as
        the tallest of them, so a changed value never moves a row under the pointer."""
        return [h for h in (self.help, *self.help_reserve) if h]

    def height_for(self, width: int, theme: Any) -> int:
        old = self.rect.width
        self.rect.width = width
        try:
            fnt, room = font(theme, self.help_size), self.text_width()
            helps = self.possible_helps()
            lines = 1 + max((len(wrap_text(fnt, h, room)) for h in helps), default=0)
        finally:
            self.rect.width = old
        return max(
            self.px(52), 14 + int(self.label_size * 1.35) + (lines - 1) * int(self.help_size * 1.3)
        )

    def draw_label(self, surface: pygame.Surface, theme: Any) -> None:
        x, y = self.rect.x + 12, self.rect.y + 8
        text = "text" if self.enabled else "disabled_text"
        # A label in a long language shrinks (never cut short) rather than reach the control.
        label, px = fit_label(theme, self.label, self.text_width(), self.label_size, True)
        shown = self.shown_help()
        if not self.possible_helps():
            draw_text(
                surface,
                theme,
                label,
                (x, self.rect.centery),
                size=px,
                bold=True,
                colour_name=text,
                anchor="midleft",
            )
            return
        draw_text(surface, theme, label, (x, y), size=px, bold=True, colour_name=text)
        y += int(self.label_size * 1.3)
        fnt = font(theme, self.help_size)
        muted = colour(theme, "text_muted" if self.enabled else "disabled_text")
        for line in wrap_text(fnt, shown, self.text_width()) if shown else []:
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

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        value: bool,
        on_change: Callable[[bool], Any] | None = None,
        *,
        help: str = "",
        enabled: bool = True,
        tooltip: str | None = None,
        # Translators: a switch's value in Settings when it is on.
        on_text: str = N_("On"),
        # Translators: a switch's value in Settings when it is off.
        off_text: str = N_("Off"),
    ) -> None:
        super().__init__(
            rect, label, help=help, enabled=enabled, tooltip=tooltip, control_width=150
        )
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
        pygame.draw.rect(
            surface, colour(theme, "panel_edge"), s, width=2, border_radius=s.height // 2
        )
        knob_x = s.right - s.height // 2 if on else s.x + s.height // 2
        pygame.draw.circle(surface, colour(theme, "button"), (knob_x, s.centery), s.height // 2 - 4)
        word = _(self.on_text if on else self.off_text)
        draw_text(
            surface,
            theme,
            word,
            (s.x - self.px(12), s.centery),
            size=self.px(18),
            bold=on,
            colour_name="text" if self.enabled else "disabled_text",
            anchor="midright",
        )


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

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        options: Sequence[Option | tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], Any] | None = None,
        *,
        help: str = "",
        enabled: bool = True,
        tooltip: str | None = None,
        segmented: bool | None = None,
        control_width: int | None = None,
    ) -> None:
        super().__init__(
            rect, label, help=help, enabled=enabled, tooltip=tooltip, control_width=control_width
        )
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
        return self._help_with(self.options[self.index])

    def _help_with(self, option: Option) -> str:
        return f"{self.help} {option.help}".strip() if option.help else self.help

    def shown_help(self) -> str:
        return self.help_text

    def possible_helps(self) -> list[str]:
        helps = [self._help_with(o) for o in self.options] + list(self.help_reserve)
        return [h for h in dict.fromkeys(helps) if h]

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
        return (
            pygame.Rect(c.x, c.y, c.height, c.height),
            pygame.Rect(c.right - c.height, c.y, c.height, c.height),
        )

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
        self.draw_label(surface, theme)
        c = self.control_rect()
        radius = 8
        enabled = self.enabled
        pygame.draw.rect(surface, colour(theme, "track"), c, border_radius=radius)
        if self._is_segmented(theme):
            for i, (seg, option) in enumerate(zip(self.segment_rects(), self.options, strict=True)):
                chosen = i == self.index
                if chosen:
                    fill = colour(theme, "primary" if enabled else "disabled")
                    pygame.draw.rect(surface, fill, seg.inflate(-4, -4), border_radius=radius - 2)
                name = ("primary_text" if chosen else "text") if enabled else "disabled_text"
                lines, px = fit_lines(
                    theme, option.text, seg.width - 8, self.px(16), chosen, height=seg.height - 4
                )
                draw_lines(surface, theme, lines, seg.center, px, chosen, colour(theme, name))
                if i and not chosen and i - 1 != self.index:
                    pygame.draw.line(
                        surface,
                        colour(theme, "panel_edge"),
                        (seg.x, seg.y + 8),
                        (seg.x, seg.bottom - 8),
                    )
        else:
            left, right = self.arrow_rects()
            tint = colour(theme, "text" if enabled else "disabled_text")
            for box, sign in ((left, -1), (right, 1)):
                cx, cy = box.center
                a, b = self.px(6), self.px(8)
                pts = [(cx - a * sign, cy - b), (cx - a * sign, cy + b), (cx + a * sign, cy)]
                pygame.draw.polygon(surface, tint, pts)
            room = right.left - left.right - 4
            text, px = fit_label(theme, self.options[self.index].text, room, self.px(17), True)
            draw_text(
                surface,
                theme,
                text,
                c.center,
                size=px,
                bold=True,
                colour_name="text" if enabled else "disabled_text",
                anchor="center",
            )
        pygame.draw.rect(surface, colour(theme, "panel_edge"), c, width=2, border_radius=radius)


class Stepper(Row):
    """A whole number changed in steps with − and + buttons (or Left/Right)."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        value: int,
        on_change: Callable[[int], Any] | None = None,
        *,
        minimum: int,
        maximum: int,
        step: int = 1,
        help: str = "",
        enabled: bool = True,
        tooltip: str | None = None,
        unit: str = "",
    ) -> None:
        super().__init__(
            rect, label, help=help, enabled=enabled, tooltip=tooltip, control_width=250
        )
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
        return (
            pygame.Rect(c.x, c.y, c.height + 8, c.height),
            pygame.Rect(c.right - c.height - 8, c.y, c.height + 8, c.height),
        )

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
            for _step in range(5 if hold["repeats"] > 8 else 1):
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
        for box, sign, live in (
            (minus, "-", self.value > self.minimum),
            (plus, "+", self.value < self.maximum),
        ):
            ok = live and self.enabled
            pygame.draw.rect(
                surface,
                colour(theme, "button" if ok else "disabled"),
                box.inflate(-6, -6),
                border_radius=6,
            )
            cx, cy = box.center
            ink = colour(theme, "button_text" if ok else "disabled_text")
            k = self.px(7)
            pygame.draw.line(surface, ink, (cx - k, cy), (cx + k, cy), 3)
            if sign == "+":
                pygame.draw.line(surface, ink, (cx, cy - k), (cx, cy + k), 3)
        text = f"{self.value}{self.unit}"
        draw_text(
            surface,
            theme,
            text,
            c.center,
            size=self.px(19),
            bold=True,
            colour_name="text" if self.enabled else "disabled_text",
            anchor="center",
        )
        pygame.draw.rect(surface, colour(theme, "panel_edge"), c, width=2, border_radius=8)


class Slider(Row):
    """A value from 0.0 to 1.0 (e.g. volume): click or drag on the track, Left/Right step."""

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        label: str,
        value: float,
        on_change: Callable[[float], Any] | None = None,
        *,
        help: str = "",
        step: float = 0.1,
        enabled: bool = True,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(
            rect, label, help=help, enabled=enabled, tooltip=tooltip, control_width=260
        )
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
        return pygame.Rect(
            c.x + self.px(12), c.centery - self.px(4), c.width - self.px(80), self.px(8)
        )

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
        pygame.draw.rect(
            surface,
            colour(theme, "primary" if self.enabled else "disabled"),
            fill.inflate(0, 4),
            border_radius=6,
        )
        knob = (t.x + fill.width, t.centery)
        pygame.draw.circle(surface, colour(theme, "button"), knob, self.px(11))
        pygame.draw.circle(surface, colour(theme, "panel_edge"), knob, self.px(11), width=2)
        draw_text(
            surface,
            theme,
            f"{round(self.value * 100)}%",
            (self.control_rect().right - 4, t.centery),
            size=self.px(18),
            bold=True,
            anchor="midright",
            colour_name="text" if self.enabled else "disabled_text",
        )


class Heading(Widget):
    """A section title inside a column of rows (not focusable)."""

    focusable = False

    def __init__(
        self, rect: pygame.Rect | Sequence[int], text: str, *, size: int = 24, note: str = ""
    ) -> None:
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
        r = draw_text(
            surface,
            theme,
            self.text,
            (self.rect.x + 4, y),
            size=self.size,
            bold=True,
            colour_name="heading",
        )
        line_y = r.bottom + 4
        pygame.draw.line(
            surface,
            colour(theme, "panel_edge"),
            (self.rect.x + 4, line_y),
            (self.rect.right - 4, line_y),
            2,
        )
        if self.note:
            draw_text(
                surface,
                theme,
                self.note,
                (self.rect.right - 4, r.bottom),
                size=max(12, int(self.size * 0.62)),
                colour_name="text_muted",
                anchor="bottomright",
            )


class Message(Widget):
    """A block of wrapped text inside a column (e.g. a warning); not focusable."""

    focusable = False

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        text: str = "",
        *,
        size: int = 17,
        colour_name: str = "error",
    ) -> None:
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
