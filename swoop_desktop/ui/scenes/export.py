"""Exporting the games from Scores: a small prompt for the file's name and format.

There is no native file dialog in pygame, so the prompt is a box over Scores with one
line to type the file's path in, already filled with a dated name in the Documents
folder (the home folder when there is none), and the two formats: CSV, one row a game
for a spreadsheet, or JSON, the ``history.json`` that ``swoop --export`` writes. The
files of Swoop's own data and settings folders are refused, as ``--export`` refuses
them, and so is anything at the name that is not a file (a folder, a named pipe, a
device: each called what it is) and any name no file can have, each in one sentence; a
file that is already there is replaced only when Export is pressed a second time for it,
and nothing else is ever moved or replaced. The prompt pops with an ``Exported`` note
saying where the games went (None when cancelled).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from swoop_desktop.i18n import N_, _
from swoop_desktop.names import printable
from swoop_desktop.plural import counted
from swoop_desktop.progress.export import (
    default_export_path,
    export_csv,
    export_failure,
    export_history,
    export_refusal,
)
from swoop_desktop.ui.controls import Button, colour, draw_text, font, ui_scale, wrap_text
from swoop_desktop.ui.results import Exported
from swoop_desktop.ui.scene import Scene

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI

#: The export page's file formats, each a button.
FORMATS = (
    # Translators: a button on the export page: a CSV file, for a spreadsheet.
    ("csv", N_("CSV (spreadsheet)")),
    # Translators: a button on the export page: JSON, as the command line's --export writes it.
    ("json", N_("JSON (as --export)")),
)


class NoSuchHome(ValueError):
    """A typed name starts with ``~user`` for a user this computer does not have."""


def export_target(text: str, folder: Path, fmt: str) -> Path:
    """The file a typed name means: ``~`` is the home folder, a bare name goes in
    ``folder``, and a name without an ending gets the format's (".csv", ".json"); a name
    ending in a ``/`` means that folder (and is refused as one). Raises NoSuchHome when
    ``~user`` names no user here."""
    typed = text.strip()
    try:
        path = Path(typed).expanduser()
    except (RuntimeError, KeyError) as exc:  # ~nosuchuser: no such home folder
        raise NoSuchHome(typed.split("/")[0]) from exc
    if not path.is_absolute():
        path = folder / path
    a_folder = (
        typed.endswith(("/", os.sep))
        or path.name in ("", ".", "..")
        or (typed.startswith("~") and not any(sep in typed for sep in ("/", os.sep)))
    )
    if not path.suffix and not a_folder:
        path = path.with_name(f"{path.name}.{fmt}")
    return path


class ExportOverlay(Scene):
    """The file-name prompt over Scores; pops with an ``Exported`` note for Scores, or None."""

    opaque = False
    name = "export"
    animating = False  # still: the App draws it only on input

    def __init__(self, app: AppAPI, home: Path | None = None, today: date | None = None) -> None:
        super().__init__(app)
        self.home = home if home is not None else Path.home()
        self.fmt = "csv"
        path = default_export_path(self.home, today or date.today(), self.fmt)
        self.folder = path.parent
        self.text = str(path)
        self.problem = ""  # why the last Export did not write, in plain words
        self._replace: Path | None = None  # a file there already: Export again replaces it
        self.format_buttons = [
            Button((0, 0, 10, 10), _(label), self._chooser(key)) for key, label in FORMATS
        ]
        # Translators: the export page's main button: write the file (about 12 characters).
        self.export_button = Button((0, 0, 10, 10), _("Export"), self.export, primary=True)
        # Translators: a button: close without doing anything (about 12 characters).
        self.cancel_button = Button((0, 0, 10, 10), _("Cancel"), self.cancel)
        self.box = pygame.Rect(0, 0, 10, 10)
        self.field = pygame.Rect(0, 0, 10, 10)
        self.scale = 1.0

    @property
    def buttons(self) -> list[Button]:
        return [*self.format_buttons, self.export_button, self.cancel_button]

    # -- lifecycle -----------------------------------------------------------------
    def enter(self) -> None:
        self.resize(self.app.size)
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def resize(self, size: tuple[int, int]) -> None:
        s = ui_scale(size)
        self.scale = s
        w, h = min(int(720 * s), size[0] - 40), min(int(330 * s), size[1] - 40)
        self.box = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        pad, bh = int(20 * s), max(32, int(46 * s))
        self.field = pygame.Rect(
            self.box.x + pad, self.box.y + int(96 * s), w - 2 * pad, max(30, int(40 * s))
        )
        fw = (w - 3 * pad) // 2
        y = self.field.bottom + int(16 * s)
        for i, b in enumerate(self.format_buttons):
            b.rect = pygame.Rect(self.box.x + pad + i * (fw + pad), y, fw, bh)
            b.size = max(13, int(17 * s))
        bw = (w - 3 * pad) // 2
        bottom = self.box.bottom - bh - pad
        self.export_button.rect = pygame.Rect(self.box.x + pad, bottom, bw, bh)
        self.cancel_button.rect = pygame.Rect(self.box.right - pad - bw, bottom, bw, bh)
        self._mark_format()

    # -- actions -------------------------------------------------------------------
    def _chooser(self, fmt: str) -> Callable[[], None]:
        def choose() -> None:
            self.choose(fmt)

        return choose

    def _mark_format(self) -> None:
        for (key, _label), b in zip(FORMATS, self.format_buttons, strict=True):
            b.primary = key == self.fmt

    def choose(self, fmt: str) -> None:
        """Pick the format; a name ending in the other format's ending follows it."""
        old, self.fmt = self.fmt, fmt
        if self.text.lower().endswith(f".{old}") and old != fmt:
            self.text = f"{self.text[: -len(old)]}{fmt}"
        self._replace = None
        self.problem = ""
        self._mark_format()

    @property
    def target(self) -> Path:
        return export_target(self.text, self.folder, self.fmt)

    def export(self) -> None:
        """Write the games to the named file (refusing Swoop's own folders and anything
        that is not a file), then close with the words saying where they went."""
        if not self.text.strip():
            self.problem = _("Type the name of the file to write.")
            return
        dirs = self.app.dirs
        try:
            target = self.target
        except NoSuchHome as exc:
            # Translators: {start} is what the name began with, as in "~sam"; "~" followed
            # by a name means that user's home folder.
            self.problem = _(
                "There is no user {start} on this computer to find a home folder for; "
                "nothing was written."
            ).format(start=printable(str(exc)))
            return
        refused = export_refusal(dirs, target)
        if refused is not None:
            self.problem = (
                refused[:1].upper() + refused[1:] + ("" if refused.endswith(".") else ".")
            )
            return
        if os.path.exists(target) and self._replace != target:
            self._replace = target
            self.problem = _("{name} is already there: press Export again to replace it.").format(
                name=printable(target.name)
            )
            return
        try:
            count = (export_csv if self.fmt == "csv" else export_history)(dirs, target)
        except OSError as exc:
            self._replace = None
            self.problem = export_failure(exc, target)
            return
        # Translators: {games} is a counted phrase, as in "12 games".
        self.app.pop(
            Exported(
                # Translators: after an export; {games} is "12 games"; {path} the file written.
                _("{games} written to {path}").format(games=counted(count, "game"), path=target)
            )
        )

    def cancel(self) -> None:
        self.app.pop(None)

    # -- input ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle(event) and event.type != pygame.MOUSEMOTION:
                return True
        if event.type == pygame.TEXTINPUT:
            self.text += event.text
            self._replace = None
            self.problem = ""
        elif event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.cancel()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.export()
            elif key == pygame.K_BACKSPACE:
                if getattr(event, "mod", 0) & pygame.KMOD_CTRL:  # a word (up to a /) at once
                    cut = max(self.text.rstrip("/").rfind("/") + 1, 0)
                    self.text = self.text[:cut]
                else:
                    self.text = self.text[:-1]
                self._replace = None
                self.problem = ""
            elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                keys = [k for k, _ in FORMATS]
                self.choose(keys[(keys.index(self.fmt) + 1) % len(keys)])
        return True  # modal: nothing below gets input

    def update(self, dt: float) -> None:
        for b in self.buttons:
            b.update(dt)

    # -- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        s = self.scale
        box = self.box
        surface.fill((115, 115, 115), special_flags=pygame.BLEND_RGB_MULT)
        pygame.draw.rect(surface, colour(theme, "panel"), box, border_radius=16)
        pygame.draw.rect(surface, colour(theme, "focus"), box, width=2, border_radius=16)
        draw_text(
            surface,
            theme,
            # Translators: the export page's title: save your game history to a file.
            _("Export your games"),
            (box.centerx, box.y + int(18 * s)),
            size=max(16, int(24 * s)),
            bold=True,
            anchor="midtop",
        )
        draw_text(
            surface,
            theme,
            _("Type the file's name (Enter exports, Esc cancels, Tab changes the format):"),
            (box.x + int(20 * s), box.y + int(62 * s)),
            size=max(12, int(16 * s)),
            colour_name="text_muted",
        )
        field = self.field
        pygame.draw.rect(surface, colour(theme, "felt_dark"), field, border_radius=6)
        pygame.draw.rect(surface, colour(theme, "focus"), field, width=2, border_radius=6)
        fnt = font(theme, max(13, int(18 * s)))
        room = field.width - 24
        shown = self.text
        while shown and fnt.size(shown)[0] > room:  # the end of a long path, where one types
            shown = shown[1:]
        if shown != self.text:
            shown = "…" + shown[1:]
        img = fnt.render(shown, True, colour(theme, "text"))
        surface.blit(img, img.get_rect(midleft=(field.x + 10, field.centery)))
        caret_x = field.x + 10 + img.get_width() + 2
        pygame.draw.line(
            surface,
            colour(theme, "text"),
            (caret_x, field.y + 6),
            (caret_x, field.bottom - 6),
            2,
        )
        for b in self.buttons:
            b.draw(surface, theme)
        if self.problem:
            small = font(theme, max(12, int(15 * s)), True)
            y = self.format_buttons[0].rect.bottom + int(8 * s)
            limit = self.export_button.rect.top - small.get_linesize()
            for line in wrap_text(small, self.problem, box.width - int(40 * s)):
                if y > limit:
                    break
                surface.blit(
                    small.render(line, True, colour(theme, "highlight")), (box.x + int(20 * s), y)
                )
                y += small.get_linesize()
