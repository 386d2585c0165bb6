"""Colour roles, fonts and text, the input helpers every control uses, and the base Widget."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from swoop_desktop.i18n import pgettext
from swoop_desktop.ui.theme import Theme

Colour = tuple[int, int, int]


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


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


#: The most the menus' rendered words keep, in bytes of pixels: a screen's words at
#: 1920x1080 are 1-3 MB (a line is up to 100 KB), so a count of words was no bound.
WORDS_BYTES = 6 * 1024 * 1024
_WordKey = tuple[int, str, int, bool, Colour]


class _Words(OrderedDict[_WordKey, pygame.Surface]):
    """Rendered words, the least recently drawn let go first beyond :data:`WORDS_BYTES`."""

    def __init__(self) -> None:
        super().__init__()
        self.bytes = 0

    @staticmethod
    def size_of(image: pygame.Surface) -> int:
        w, h = image.get_size()
        return w * h * image.get_bytesize()

    def get(self, key: _WordKey, default: Any = None) -> Any:
        found = super().get(key, default)
        if found is not default:
            self.move_to_end(key)
        return found

    def __setitem__(self, key: _WordKey, image: pygame.Surface) -> None:
        if key in self:
            del self[key]
        super().__setitem__(key, image)
        self.bytes += self.size_of(image)
        while self.bytes > WORDS_BYTES and len(self) > 1:
            del self[next(iter(self))]

    def __delitem__(self, key: _WordKey) -> None:
        self.bytes -= self.size_of(super().__getitem__(key))
        super().__delitem__(key)

    def clear(self) -> None:
        super().clear()
        self.bytes = 0


_rendered: dict[_WordKey, pygame.Surface] = _Words()
#: The words drawn since the screen last changed (:func:`words_of_a_new_screen`).
_words_in_use: set[_WordKey] = set()


def words_of_a_new_screen() -> None:
    """A new screen is shown: the words drawn from here on are its own."""
    _words_in_use.clear()


def let_words_go() -> None:
    """Drop the rendered words the screen shown now has not drawn (called as it rests)."""
    for key in [k for k in _rendered if k not in _words_in_use]:
        del _rendered[key]


def render(theme: Any, text: str, px: int, bold: bool, rgb: Sequence[int]) -> pygame.Surface:
    """``font(theme, px, bold).render(text)``, cached: menus redraw the same words each frame."""
    rgb = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
    key = (id(_theme(theme)), text, int(px), bold, rgb)
    image = _rendered.get(key)
    if image is None:
        image = font(theme, px, bold).render(text, True, rgb)
        _rendered[key] = image
    _words_in_use.add(key)
    return image


_wrapped: dict[tuple[int, str, int], list[str]] = {}


def wrap_text(fnt: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels (words are never split
    unless a single word is wider than the line). Newlines start new lines.

    Linear in the length of the text, however long a word (a path or a reason read
    from a file may be thousands of characters without a space), and cached, so a
    screen that draws the same text every frame wraps it once.
    """
    key = (id(fnt), text, width)
    found = _wrapped.get(key)
    if found is None:
        if len(_wrapped) > 500:
            _wrapped.clear()
        found = _wrap(fnt, text, max(1, width))
        _wrapped[key] = found
    return list(found)


def _wrap(fnt: pygame.font.Font, text: str, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if not line or fnt.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
            if len(line) > 1 and fnt.size(line)[0] > width:
                *full, line = _split(fnt, line, width)
                lines.extend(full)
        lines.append(line)
    return lines


def _split(fnt: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` cut into pieces no wider than ``width`` (each of at least one character),
    from one measurement of every character's advance, each piece checked once (and
    shortened by the odd character that kerning makes too wide)."""
    advances = [metric[4] if metric else 0 for metric in fnt.metrics(text)]
    pieces: list[str] = []
    start, n = 0, len(text)
    while start < n:
        end, x = start, 0
        while end < n and (end == start or x + advances[end] <= width):
            x += advances[end]
            end += 1
        while end - start > 1 and fnt.size(text[start:end])[0] > width:
            end -= 1
        pieces.append(text[start:end])
        start = end
    return pieces


#: The smallest share of its size a label shrinks to before it takes two lines or its
#: shorter words.
FIT_FLOOR = 0.72
#: The smallest font a label shrinks to by rule, whatever its size.
FIT_MIN_PX = 11
#: The smallest font of a label's last resort (its words fit nowhere else): a label is
#: drawn smaller still, whole, rather than cut short.
FIT_LAST_PX = 8


def _floor(size: int, floor: int | None) -> int:
    return max(FIT_MIN_PX, min(size, floor if floor is not None else int(size * FIT_FLOOR)))


def _one_line(theme: Any, text: str, width: int, size: int, low: int, bold: bool) -> int:
    """The largest font from ``size`` down to ``low`` that fits ``text`` on one line in
    ``width`` (0 when none does)."""
    for px in range(size, low - 1, -1):
        if font(theme, px, bold).size(text)[0] <= width:
            return px
    return 0


def _two_lines(
    theme: Any, text: str, width: int, height: int, size: int, low: int, bold: bool
) -> tuple[list[str], int]:
    """``text`` on two lines (broken between words) in ``width`` by ``height``, in the
    largest font from ``size`` down to ``low`` that fits; ([], 0) when none does."""
    if " " not in text.strip():
        return [], 0
    for px in range(size, low - 1, -1):
        fnt = font(theme, px, bold)
        if 2 * fnt.get_linesize() > height:
            continue
        lines = _balanced(fnt, text.strip())
        if len(lines) == 2 and all(fnt.size(line)[0] <= width for line in lines):
            return lines, px
    return [], 0


def _balanced(fnt: pygame.font.Font, text: str) -> list[str]:
    """``text`` broken at the space that makes its two lines most nearly the same width."""
    words = text.split(" ")
    best: list[str] = []
    widest = 0
    for i in range(1, len(words)):
        lines = [" ".join(words[:i]), " ".join(words[i:])]
        w = max(fnt.size(line)[0] for line in lines)
        if not best or w < widest:
            best, widest = lines, w
    return best


#: The context of a label's shorter words, for where space is tight.
SHORT = "short"


def short_words(message: str) -> str:
    """``message``'s shorter words, for a button with little room: its translation in the
    "short" context, or "" where the language has none (the long words are then used). Mark
    the message where it is used, ``short_words(Np_("short", "Scores"))``, so that it is
    gathered for the translators with its context."""
    said = pgettext(SHORT, message)
    return "" if said == message else said


def fit_lines(
    theme: Any,
    text: str,
    width: int,
    size: int,
    bold: bool = False,
    *,
    height: int = 0,
    short: str = "",
    floor: int | None = None,
) -> tuple[list[str], int]:
    """The lines to draw ``text`` in ``width`` pixels (and ``height``, where a second line
    may go), and their font size, by rule: one line at ``size``, else in a smaller font down
    to ``floor`` (by default ``FIT_FLOOR`` of ``size``, never below ``FIT_MIN_PX``); else on
    two lines where ``height`` holds them; else its ``short`` words (a "short" context's
    translation, where the language has one), on one line or two. Never cut short with
    "…": words that fit nowhere are drawn whole, in a font smaller than the floor
    (down to ``FIT_LAST_PX``)."""
    width = max(1, width)
    low = _floor(size, floor)
    px = _one_line(theme, text, width, size, low, bold)
    if px:
        return [text], px
    lines, px = _two_lines(theme, text, width, height, size, low, bold)
    if px:
        return lines, px
    short = short.strip()
    if short and short != text:
        px = _one_line(theme, short, width, size, low, bold)
        if px:
            return [short], px
        lines, px = _two_lines(theme, short, width, height, size, low, bold)
        if px:
            return lines, px
        text = min((text, short), key=lambda t: font(theme, low, bold).size(t)[0])
    last = min(low, FIT_LAST_PX)
    px = _one_line(theme, text, width, low - 1, last, bold)
    if px:
        return [text], px
    lines, px = _two_lines(theme, text, width, height, low - 1, last, bold)
    if px:
        return lines, px
    return [text], last


def fit_label(
    theme: Any,
    text: str,
    width: int,
    size: int,
    bold: bool = False,
    floor: int | None = None,
    short: str = "",
) -> tuple[str, int]:
    """``text`` fit into ``width`` pixels on one line (:func:`fit_lines` with no room for
    a second): at ``size`` when it fits, else smaller down to ``floor``, else its ``short``
    words, else smaller still; never cut short with "…". Returns the words to draw and
    their font size. A label in any language stays inside its button or segment."""
    lines, px = fit_lines(theme, text, width, size, bold, short=short, floor=floor)
    return lines[0], px


def draw_lines(
    surface: pygame.Surface,
    theme: Any,
    lines: Sequence[str],
    centre: tuple[int, int],
    size: int,
    bold: bool,
    rgb: Sequence[int],
) -> pygame.Rect:
    """Lines of words centred on ``centre`` one below the other (a label on two lines);
    returns the rectangle they take."""
    fnt = font(theme, size, bold)
    step = fnt.get_linesize()
    top = centre[1] - step * len(lines) // 2
    taken = pygame.Rect(centre[0], centre[1], 0, 0)
    for i, line in enumerate(lines):
        image = render(theme, line, size, bold, rgb)
        rect = image.get_rect(midtop=(centre[0], top + i * step))
        surface.blit(image, rect)
        taken.union_ip(rect)
    return taken


def draw_text(
    surface: pygame.Surface,
    theme: Any,
    text: str,
    pos: tuple[int, int],
    *,
    size: int = 20,
    bold: bool = False,
    colour_name: str = "text",
    rgb: Colour | None = None,
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
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


def draw_wrapped(
    surface: pygame.Surface,
    theme: Any,
    text: str,
    pos: tuple[int, int],
    width: int,
    *,
    size: int = 20,
    bold: bool = False,
    colour_name: str = "text",
) -> int:
    """``text`` wrapped to ``width`` pixels, line under line from ``pos`` (the first line's
    top left): a sentence in a long language never runs past its panel. Returns the y under
    the last line."""
    x, y = pos
    step = font(theme, size, bold).get_linesize()
    for line in wrap_text(font(theme, size, bold), text, width):
        draw_text(surface, theme, line, (x, y), size=size, bold=bold, colour_name=colour_name)
        y += step
    return y


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

    def __init__(
        self, rect: pygame.Rect | Sequence[int], *, enabled: bool = True, tooltip: str | None = None
    ) -> None:
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

    def draw_focus(
        self, surface: pygame.Surface, theme: Any, rect: pygame.Rect | None = None, radius: int = 10
    ) -> None:
        if self.focused:
            pygame.draw.rect(
                surface,
                colour(theme, "focus"),
                (rect or self.rect).inflate(8, 8),
                width=3,
                border_radius=radius + 4,
            )
