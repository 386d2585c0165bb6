"""Colours and fonts of the table: one place, data not code.

A deep felt-green cloth, cream card faces, and one accent colour (a warm
orange) kept for Swoop cards (10s and Jokers) and "Swoop!" alone. Other roles
have their own colours: yellow for your selection and whose turn it is, sky
blue for primary buttons and switches, ice blue for the last play, gold for
headings.
Fonts are DejaVu Sans shipped in ``assets/fonts`` (it has the suit glyphs the
pygame default font lacks); if that file is missing, or damaged (not an ordinary
file, or one that does not load and draw: told once in the log), the pygame
default font is used so the game still starts.
"""

from __future__ import annotations

import logging
import stat
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from swoop_desktop.resources import resource_path

Colour = tuple[int, int, int]

_log = logging.getLogger("swoop_desktop.ui")
#: The largest font file tried (DejaVu Sans is about 0.7 MB).
MAX_FONT_BYTES = 64 * 1024 * 1024
#: Whether each font file loads and draws, by its path and what ``stat`` says of it: a
#: damaged one is tried, and told, once.
_fonts_tried: dict[tuple[object, ...], bool] = {}


@dataclass
class Theme:
    """The palette and a font cache. ``theme.font(px, bold=False)`` returns a cached Font."""

    felt: Colour = (22, 92, 58)
    felt_dark: Colour = (14, 66, 41)
    felt_light: Colour = (34, 116, 74)
    face: Colour = (250, 245, 228)
    face_edge: Colour = (120, 110, 90)
    red: Colour = (196, 36, 44)
    black: Colour = (28, 28, 34)
    accent: Colour = (242, 140, 30)  # the Swoop colour: 10s and Jokers
    accent_dark: Colour = (176, 90, 10)
    back: Colour = (38, 62, 140)
    back_light: Colour = (86, 116, 200)
    text: Colour = (240, 240, 230)
    text_dim: Colour = (170, 196, 178)
    panel: Colour = (10, 40, 26)
    panel_edge: Colour = (60, 130, 92)
    highlight: Colour = (255, 222, 90)
    legal: Colour = (110, 230, 140)
    illegal: Colour = (240, 90, 80)
    button: Colour = (238, 232, 214)
    button_hover: Colour = (255, 250, 235)
    button_text: Colour = (24, 40, 30)
    button_primary: Colour = (112, 186, 232)  # primary buttons, switches, sliders
    last_play: Colour = (150, 220, 255)  # the cards of the last play on the pile
    heading: Colour = (238, 214, 150)  # page and panel headings
    clubs: Colour = (22, 128, 60)  # four-colour deck
    diamonds: Colour = (30, 90, 200)
    shadow: tuple[int, int, int, int] = (0, 0, 0, 70)
    _fonts: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict, repr=False)

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        """A DejaVu Sans font of ``px`` pixels (cached)."""
        px = max(6, int(px))
        key = (px, bold)
        found = self._fonts.pop(key, None)  # put back last: the most recently used
        if found is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = font_path(bold)
            try:
                found = pygame.font.Font(str(path) if path else None, px)
            except (OSError, pygame.error):
                found = pygame.font.Font(None, px)
        self._fonts[key] = found
        return found

    def let_fonts_go(self, keep: int = 16) -> None:
        """Let go of all but the ``keep`` fonts used most recently (each size is a font of
        its own, about 0.15 MB: a screen that drew text at many sizes, the review, leaves
        them behind). Called when the game comes to rest; a font let go is made again, in
        about a millisecond, the next time it is asked for."""
        while len(self._fonts) > keep:
            del self._fonts[next(iter(self._fonts))]

    def seat_colour(self, seat: int) -> Colour:
        """Each seat's colour on the score chart and sheet: a different one for every
        seat of a table of eight, light enough on the dark panels (the first four as a
        table of four always had them)."""
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


#: Yellow, blue, pink and green for a table of four; then orange, lilac, teal and sand.
SEAT_COLOURS: tuple[Colour, ...] = (
    (236, 200, 90),
    (120, 190, 240),
    (230, 130, 160),
    (150, 220, 140),
    (244, 150, 80),
    (190, 160, 240),
    (90, 210, 200),
    (215, 190, 150),
)


def font_path(bold: bool = False) -> Path | None:
    """The shipped DejaVu Sans file, or None when it is missing or damaged (a folder, a
    pipe, too big, or a file that does not load and draw as a font: told once in the log)."""
    path = resource_path("assets/fonts/" + ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"))
    try:
        facts = path.stat()
    except OSError:
        return None  # missing: the default font, as always
    key = (str(path), facts.st_dev, facts.st_ino, facts.st_mode, facts.st_size, facts.st_mtime_ns)
    usable = _fonts_tried.get(key)
    if usable is None:
        problem = _font_problem(path, facts.st_mode, facts.st_size)
        if problem:
            shown = "".join(c if c.isprintable() else "?" for c in str(path))  # one line
            _log.warning("the font %s is not usable (%s); the default font is used", shown, problem)
        usable = _fonts_tried[key] = not problem
    return path if usable else None


def _font_problem(path: Path, mode: int, size: int) -> str:
    """Why the font file at ``path`` cannot be used, or "" when it loads and draws. pygame
    opens a damaged font without a word and crashes the process when asked its height, so
    it is made to draw a letter first (which refuses such a font with an error)."""
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if not stat.S_ISREG(mode):
        return "it is not an ordinary file"  # a pipe would hang the start
    if size > MAX_FONT_BYTES:
        return f"{size:,} bytes, more than a font can be"
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        pygame.font.Font(str(path), 16).render("A", True, (0, 0, 0))
    except (OSError, ValueError, MemoryError, pygame.error) as exc:
        return " ".join(f"{type(exc).__name__}: {exc}".split())[:160]
    return ""
