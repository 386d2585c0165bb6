"""The title screen: Continue, New game, Play at your level, Practice game, Learn to play,
Daily deal, Puzzles, Settings, Scores, How to play, Quit.

Continue shows only when a saved game exists. Starting a new game over a
saved one asks first. Your rating is shown under the title. The buttons are declared
once, in :data:`TITLE_BUTTONS` (a :class:`TitleButton` each: its label, action, key,
when it shows and its tooltip), in the column's order; every button has a key (no two
the same: ``tests/ui/test_hotkeys.py``) and the column works with Up/Down/Tab and Enter. After a few quiet seconds a game
of four AIs (the table in its backdrop configuration) fades in behind the menu.

Learn to play opens the first hand that teaches (``scenes/lesson.py``, on the table);
on the very first start (no game played, none saved) it is offered: it is the
highlighted button, with a line saying what it is, and the settings remember that the
offer was made. Play at your level seats the three opponents whose measured levels are
nearest your rating (``progress.rating.table_for``) and deals. Practice game deals an
unrated game against the same opponents as New game, in which Undo takes plays back.
"""

from __future__ import annotations

import logging
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.choices import seated_opponents
from swoop_desktop.engine import RANK_OF
from swoop_desktop.i18n import N_, _
from swoop_desktop.progress import opening
from swoop_desktop.progress.rating import table_for, table_rating, title_rating
from swoop_desktop.storage import has_saved_game
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.cards import CardArt, card_art, card_size
from swoop_desktop.ui.results import HandEnd, ModalResult, Result
from swoop_desktop.ui.rules_text import summary
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.scenes.lesson import start_lesson
from swoop_desktop.ui.scenes.progress import history_unread, rating_words

CONFIRM_NEW = "confirm_new_game"
WATCH_AFTER = 2.5  # seconds of quiet on the title before the AIs start playing behind it
WATCH_VEIL = 120  # how much the cloth covers the game behind the menu (0-255)
BLUR_EVERY = 1 / 8  # seconds between new pictures of the softened game behind the menu
WATCH_REST = 30.0  # seconds the game behind the title plays with nobody there, then rests
UNREAD_AGAIN = 5.0  # seconds between looks at a history that could not be read

_log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI


def _first_id(rank: int, skip: int = 0) -> int:
    """A card id of ``rank`` (the ``skip``-th one), for the decorative fans."""
    found = [i for i, r in enumerate(RANK_OF) if r == rank]
    return found[skip % len(found)]


class TitleScene(Scene):
    """The first screen, and where the game returns after a game or from the pause menu."""

    name = "title"

    def __init__(self, app: AppAPI) -> None:
        super().__init__(app)
        self._asking: str | None = None  # the question open over the title, if any
        self._practice = False  # the new game asked for is a practice game
        self.buttons: dict[str, W.Button] = {}
        self.ring = W.FocusRing([])
        self.art: CardArt | None = None
        self.has_save = False
        self.footer = ""
        self.rating = ""
        self.word_rects: list[pygame.Rect] = []  # the lines drawn on pills (for layout checks)
        self._built_for: tuple[int, int] | None = None
        self._background: pygame.Surface | None = None
        self._background_key: Any = None
        self._words: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.watch = Watch(app)
        self._opponents: list[str] | None = None
        # Play at your level's opponents, one level a seat at the table size in Settings.
        self.suggested: tuple[str, ...] = table_for(None, self._opponent_count())
        self.checking = False  # the progress database is still being opened (progress.opening)
        self.unread_again: float | None = None  # seconds to the next look (None: it reads)
        # Learn to play is offered (the very first start); None: not known until the
        # progress is opened (progress.opening), decided then.
        self.offer: bool | None = self._first_start()

    def _first_start(self) -> bool | None:
        """The very first start: no game played or saved, and the lesson never offered.
        The offer is remembered in the settings, so it is made once."""
        app = self.app
        if app.settings.lesson_offered or not app.keeps_files:
            return False
        if not opening.done(app.dirs) or history_unread(app.dirs):  # asked again later
            return None
        try:
            rating, messages = title_rating(app.dirs, app.settings.count_abandoned)
            for text in messages:  # damage found by this first read is told, not swallowed
                app.dirs.notices.post("progress-read", text)
            first = rating is None and not has_saved_game(app.dirs)
        except Exception:  # noqa: BLE001 - an offer is a nicety, never a reason to fail
            return False
        app.update_settings(lesson_offered=True)
        return first

    def opponents_words(self) -> str:
        """ "Lefty, Topper and Righty": the names the table will show (opponents.yaml and
        the player's settings), so the title and the table speak of the same people."""
        if self._opponents is None:
            try:
                from ..table.drivers import seat_setup

                config_dir = self.app.dirs.config
                seats, _extra = seat_setup(self.app.settings, config_dir)
                names = [s.name for s in seats[1:]]
            except Exception:  # noqa: BLE001 - words on a title never stop the game
                names = ["Lefty", "Topper", "Righty"]
            self._opponents = names
        names = self._opponents
        if len(names) != 3:
            # Translators: the opponents' names listed: {names} all but the last, with commas.
            return _("{names} and {last}").format(names=_(", ").join(names[:-1]), last=names[-1])
        # Translators: the three opponents' names, as in "Lefty, Topper and Righty".
        return _("{first}, {second} and {third}").format(
            first=names[0], second=names[1], third=names[2]
        )

    # -- life cycle -----------------------------------------------------------
    def enter(self) -> None:
        self._opponents = None  # names may have changed in Settings
        self.refresh()

    def exit(self) -> None:
        self.watch.stop()

    def covered(self) -> None:
        # Under a game (or any page) the show behind the title is never seen: its table,
        # its bots and its full-window pictures go, and it starts afresh on return.
        self._background = None  # a window-sized picture, painted again on return
        self.watch.stop()
        # What it let go is handed back by the App when the screen on top comes to rest
        # (never in this frame: a full collection takes a frame's time).

    def on_result(self, value: ModalResult) -> None:
        asking, self._asking = self._asking, None
        if asking == CONFIRM_NEW and value is Result.YES:
            self.app.new_game(practice=self._practice)
            return
        if value is Result.LESSON_BEGINNER:  # the lesson is done: the beginner's table
            self.refresh()
            self.play_table(("easy", "easy", "easy"))
            return
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self.build(size)
        self.watch.resize(size)

    def settings_changed(self) -> None:
        self.watch.settings_changed()

    def language_changed(self, size: tuple[int, int]) -> None:
        self._opponents = None
        self._background_key = None  # the words under the title are painted again
        self.refresh()

    def refresh(self) -> None:
        """Re-read what may have changed: a saved game, the settings, the scores screen."""
        self._opponents = None  # Settings may seat others (or more) at the next game
        try:
            self.has_save = bool(has_saved_game(self.app.dirs))
        except OSError:
            self.has_save = False
        try:
            rules = self.app.settings.rules
            # Translators: under the title; {rules} is a short list of the rules chosen in Settings.
            self.footer = _("Next game: {rules}").format(
                rules=summary(rules, self.app.settings.players)
            )
        except Exception:  # noqa: BLE001 - a footer must never stop the title screen
            self.footer = ""
        self.checking = not opening.done(self.app.dirs)
        if self.checking:  # a long history is opened beside the frames: nothing read yet
            self.rating = opening.words(self.app.dirs) or _("Checking your progress…")
            self.build(self.app.size)
            return
        if self.offer is None:
            self.offer = self._first_start()
        self.rating = rating_words(self.app.dirs, self.app.settings.count_abandoned)
        self.unread_again = UNREAD_AGAIN if history_unread(self.app.dirs) else None
        if self.offer and self.your_rating() is None:  # the very first start: the lesson
            self.rating = _("New to Swoop? Learn to play walks you through a first hand.")
        self.suggested = table_for(self.your_rating(), self._opponent_count())
        self.build(self.app.size)

    def your_rating(self) -> float | None:
        """Your rating now (None before your first rated game, or while it is worked out)."""
        if not opening.done(self.app.dirs) or history_unread(self.app.dirs):
            return None  # never one worked out from part of the history
        try:
            now, _ = title_rating(self.app.dirs, self.app.settings.count_abandoned)
        except Exception:  # noqa: BLE001 - the title never fails for a rating
            return None
        return None if now is None else now.rating

    def _opponent_count(self) -> int:
        return self.app.settings.players - 1

    def suggestion_words(self) -> str:
        """ "Lefty steady, Topper keen, Righty keen (a table of 1341)"."""
        from swoop_desktop.names import shown_name

        from ..table.drivers import seat_setup
        from ..table.view import level_word

        try:
            seats, _extra = seat_setup(self.app.settings, self.app.dirs.config)
            names = [s.name for s in seats[1:]]
        except Exception:  # noqa: BLE001 - words on a title never stop the game
            names = ["Lefty", "Topper", "Righty"]
        # Translators: an opponent and their level, as in "Lefty steady".
        who = _(", ").join(
            # Translators: an opponent and their level, as in "Lefty steady".
            _("{name} {level}").format(name=shown_name(n), level=level_word(lv))
            for n, lv in zip(names, self.suggested, strict=False)
        )
        # Translators: {opponents} is "Lefty steady, Topper keen, Righty keen"; {rating} a number.
        return _("{opponents} (a table of {rating})").format(
            opponents=who, rating=f"{table_rating(self.suggested):.0f}"
        )

    # -- actions --------------------------------------------------------------
    def new_game(self, practice: bool = False) -> None:
        """Deal a new game (``practice``: an unrated one, with take-backs); over a saved
        game, ask first."""
        self._practice = practice
        if self.has_save:
            self._asking = CONFIRM_NEW
            self.app.open(
                "confirm",
                _("Start a new game?"),
                _(
                    "The game in progress ends here and is kept in your history as "
                    "abandoned. To play on with it instead, choose Continue."
                ),
                yes=_("Start a new game"),
                no=_("Cancel"),
            )
            return
        self.app.new_game(practice=practice)

    def practice(self) -> None:
        """An unrated practice game against the opponents in Settings, with take-backs."""
        self.new_game(practice=True)

    def play_table(self, levels: tuple[str, ...]) -> None:
        """Seat opponents of these levels (kept in Settings for the games after) and deal."""
        order = seated_opponents(self.app.settings.players)
        opponents = {n: dict(v) for n, v in self.app.settings.opponents.items()}
        for number, level in zip(order, levels, strict=True):
            opponents.setdefault(number, {})["level"] = level
        self.app.update_settings(opponents=opponents)
        self._opponents = None
        self.new_game()

    def play_at_level(self) -> None:
        self.play_table(self.suggested)

    def learn(self) -> None:
        """The first hand that teaches, on the table; it comes back here when it closes."""
        start_lesson(self.app, self._lesson_closed)

    def _lesson_closed(self, value: Result) -> None:
        table: object = self.app.table
        top: object = self.app.stack.top  # the table, unless something covers it
        if table is not None and top is table:
            self.app.pop(value)

    def continue_game(self) -> None:
        if self.has_save:
            self.app.continue_game()

    def open_daily(self) -> None:
        if self._still_checking():
            return
        self.app.open("daily")

    def open_puzzles(self) -> None:
        if self._still_checking():
            return
        self.app.open("puzzles")

    def _still_checking(self) -> bool:
        """A screen of your progress waits until the progress is opened (said, not frozen)."""
        if opening.done(self.app.dirs):
            return False
        self.app.notify(_("Your progress is still being checked: it opens in a moment."), 3.0)
        return True

    def open_settings(self) -> None:
        self.app.open("settings")

    def open_scores(self) -> None:
        if self._still_checking():
            return
        self.app.open("scores")

    def open_howto(self) -> None:
        self.app.open("howto")

    def quit(self) -> None:
        self.app.quit()

    # -- layout ---------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        s = W.ui_scale(size)
        self.scale = s
        bw, bh = int(340 * s), int(54 * s)
        gap = int(14 * s)
        shown = [spec for spec in TITLE_BUTTONS if spec.shown(self)]
        # The buttons start below the words under the title (the line about the opponents
        # and the rating line), never over them.
        words_bottom = int(h * 0.17) + int(70 * s) + int(14 * s) + int(40 * s) + int(14 * s)
        bottom_room = int(70 * s)
        room = h - bottom_room - words_bottom
        # One column where it fits; otherwise Continue, New game and Play at your level keep
        # whole rows and the others go two to a row; then the gaps, then the buttons get smaller.
        rows: list[list[TitleButton]] = [[spec] for spec in shown]
        if len(rows) * bh + (len(rows) - 1) * gap > room:
            main = [[spec] for spec in shown if spec.whole_row]
            rest = [spec for spec in shown if not spec.whole_row]
            rows = main + [rest[i : i + 2] for i in range(0, len(rest), 2)]
            bw = max(bw, min(int(w * 0.46), int(bw * 1.3)))  # room for two labels a row
        n = len(rows)
        if n * bh + (n - 1) * gap > room:
            gap = max(6, (room - n * bh) // max(1, n - 1))
        if n * bh + (n - 1) * gap > room:
            bh = max(30, (room - (n - 1) * gap) // n)
        needed = n * bh + (n - 1) * gap
        top = max(words_bottom, min(int(h * 0.36), h - bottom_room - needed))
        old = self.buttons
        self.buttons = {}
        y = top
        for row in rows:
            width = (bw - gap * (len(row) - 1)) // len(row)
            for i, spec in enumerate(row):
                button = W.Button(
                    (w // 2 - bw // 2 + i * (width + gap), y, width, bh),
                    _(spec.label),
                    partial(spec.action, self),
                    key=spec.hotkey,
                    primary=spec.primary(self),
                    tooltip=spec.tip_for(self),
                )
                if spec.key in old:
                    button.hovered = old[spec.key].hovered
                self.buttons[spec.key] = button
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
        if self._built_for != self.app.size:
            self.build(self.app.size)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.watch.quiet = 0.0  # someone is here: wait before starting the show
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEMOTION):
            self.watch.wake()
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
        self.watch.update(dt)
        if self.checking and (
            opening.done(self.app.dirs) or opening.words(self.app.dirs) != self.rating
        ):
            self.refresh()  # the opening finished (or moved on): the rating line follows
        elif self.unread_again is not None:  # the history could not be read: looked at again
            self.unread_again -= dt
            if self.unread_again <= 0:
                self.refresh()

    def picture(self) -> object:
        return self.rating

    @property
    def frames_per_second(self) -> int:
        """The game behind the title gets a new softened picture 8 times a second: once it
        has faded in, drawing the title more often than that shows nothing new."""
        return 60 if self.watch.fade > 0 else round(1 / BLUR_EVERY)

    @property
    def animating(self) -> bool:
        """Only while the game behind the title plays: before it starts, and once it rests,
        the title is a still picture (the App then draws only on input)."""
        return self.watch.running and not self.watch.resting

    # -- drawing --------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        size = surface.get_size()
        if self._built_for != size:
            self.build(size)
        key = (
            size,
            self.footer,
            self.opponents_words(),
            self.rating,
            self.buttons and next(iter(self.buttons.values())).rect.x,
        )
        if self._background_key != key:
            self._background = None
            self._words = self._paint_words(size, theme)
            self._background_key = key
        shown = self.watch.draw(surface)
        if not shown or self.watch.fade > 0:
            if self._background is None:
                self._background = self._paint_background(size, theme)
            if not shown:
                surface.blit(self._background, (0, 0))
            else:  # the still picture dissolves into the game
                self._background.set_alpha(int(255 * self.watch.fade))
                surface.blit(self._background, (0, 0))
                self._background.set_alpha(None)
        else:
            self._background = None  # the game covers it: painted again when needed
        for piece, where in self._words:
            surface.blit(piece, where)
        for button in self.buttons.values():
            button.draw(surface, theme)
        W.draw_tooltip(surface, theme, list(self.buttons.values()))

    def _paint_background(self, size: tuple[int, int], theme: Any) -> pygame.Surface:
        """Everything that does not move (cloth, cards, title, footer), painted once a size."""
        image = pygame.Surface(size)
        W.draw_backdrop(image, theme)
        self._draw_fans(image, theme)
        return image

    def _paint_words(
        self, size: tuple[int, int], theme: Any
    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The title with the line under it, and the footer: transparent pieces, each
        cut to what it covers (blitting a whole transparent screen costs milliseconds)."""
        image = pygame.Surface(size, pygame.SRCALPHA)
        s = self.scale
        w, h = size
        W.draw_text(
            image,
            theme,
            "Swoop",
            (w // 2, self.title_y),
            size=int(100 * s),
            bold=True,
            colour_name="accent",
            anchor="center",
            shadow=True,
        )
        sub = W.render(
            theme,
            # Translators: under the title; {opponents} is "Lefty, Topper and Righty".
            _("You against {opponents}. Lowest score wins.").format(
                opponents=self.opponents_words()
            ),
            int(21 * s),
            False,
            W.colour(theme, "text_muted"),
        )
        where = sub.get_rect(center=(w // 2, self.title_y + int(70 * s)))
        self.word_rects = [where.inflate(int(28 * s), int(10 * s))]
        _pill(image, self.word_rects[0])
        image.blit(sub, where)
        if self.rating:
            rating = W.render(theme, self.rating, int(18 * s), True, W.colour(theme, "text"))
            at = rating.get_rect(center=(w // 2, where.bottom + int(26 * s)))
            self.word_rects.append(at.inflate(int(24 * s), int(8 * s)))
            _pill(image, self.word_rects[-1])
            image.blit(rating, at)
        if self.footer:
            fnt = W.font(theme, int(16 * s))
            lines = W.wrap_text(fnt, self.footer, int(w * 0.8))[:2]
            y = h - int(22 * s) - (len(lines) - 1) * fnt.get_linesize()
            width = max(fnt.size(line)[0] for line in lines)
            box = pygame.Rect(
                0, 0, width + int(28 * s), len(lines) * fnt.get_linesize() + int(8 * s)
            )
            box.center = (w // 2, y + (len(lines) - 1) * fnt.get_linesize() // 2)
            self.word_rects.append(box)
            _pill(image, box)
            for line in lines:
                W.draw_text(
                    image,
                    theme,
                    line,
                    (w // 2, y),
                    size=int(16 * s),
                    colour_name="text_muted",
                    anchor="center",
                )
                y += fnt.get_linesize()
        pieces = []
        for band in (pygame.Rect(0, 0, w, h // 2), pygame.Rect(0, h // 2, w, h - h // 2)):
            used = image.subsurface(band).get_bounding_rect().move(band.topleft)
            if used.width and used.height:
                pieces.append((image.subsurface(used).copy(), used.topleft))
        return pieces

    def _draw_fans(self, surface: pygame.Surface, theme: Any) -> None:
        """Two small fans of cards either side of the menu: four 7s and the Swoop cards."""
        w, h = surface.get_size()
        column = self.buttons and next(iter(self.buttons.values())).rect
        if not column or w < 900:
            return
        if self.art is None:
            self.art = card_art(theme, self.app.settings)
        ch = int(min(h * 0.25, (column.x - 40) * 0.9))
        if ch < 90:
            return
        size = card_size(ch)
        centre_y = int(h * 0.58)
        left_x = column.x // 2
        right_x = column.right + (w - column.right) // 2
        fans = (
            (left_x, [_first_id(7, k) for k in range(4)]),
            (right_x, [_first_id(10, 1), _first_id(10, 2), _first_id(14, 0)]),
        )
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


def _always(title: TitleScene) -> bool:
    return True


def _never(title: TitleScene) -> bool:
    return False


@dataclass(frozen=True)
class TitleButton:
    """One button of the title, declared once: ``key`` names it (``TitleScene.buttons``),
    ``label`` and ``tip`` are English marked for translation (the tip's placeholders
    filled by ``fill``), ``action`` is what it does, ``hotkey`` the key that presses it,
    ``shown`` when it is on the title and ``primary`` when it is the highlighted one;
    a ``whole_row`` button keeps a row of its own where the others go two to a row."""

    key: str
    label: str
    action: Callable[[TitleScene], None]
    hotkey: int
    tip: str
    shown: Callable[[TitleScene], bool] = _always
    primary: Callable[[TitleScene], bool] = _never
    whole_row: bool = False
    fill: Callable[[TitleScene], dict[str, str]] | None = None

    def tip_for(self, title: TitleScene) -> str:
        """The tooltip in the player's language, its placeholders filled."""
        tip = _(self.tip)
        return tip.format(**self.fill(title)) if self.fill is not None else tip


#: The title's buttons, in the column's order.
TITLE_BUTTONS: tuple[TitleButton, ...] = (
    TitleButton(
        "continue",
        # Translators: a title screen button: go on with the saved game.
        N_("Continue"),
        TitleScene.continue_game,
        pygame.K_c,
        N_("Go back to the game you were playing."),
        shown=lambda title: title.has_save,
        primary=_always,
        whole_row=True,
    ),
    TitleButton(
        "new",
        N_("New game"),
        TitleScene.new_game,
        pygame.K_n,
        # Translators: the New game button's tooltip; {opponents} is "Lefty, Topper and Righty".
        N_("Deal a new game against {opponents} with the rules in Settings."),
        primary=lambda title: not title.has_save and not title.offer,
        whole_row=True,
        fill=lambda title: {"opponents": title.opponents_words()},
    ),
    TitleButton(
        "level",
        N_("Play at your level"),
        TitleScene.play_at_level,
        pygame.K_y,
        # Translators: the Play at your level button's tooltip; {table} is "Lefty steady,
        # Topper keen, Righty normal".
        N_("Deal a new game against the opponents nearest your rating: {table}."),
        whole_row=True,
        fill=lambda title: {"table": title.suggestion_words()},
    ),
    TitleButton(
        "practice",
        # Translators: a title screen button: a game that does not count in your statistics.
        N_("Practice game"),
        TitleScene.practice,
        pygame.K_t,
        N_(
            "An unrated game with take-backs (U or Ctrl+Z): your rating, records and "
            "streaks stay as they are."
        ),
    ),
    TitleButton(
        "learn",
        # Translators: a title screen button: start the lesson.
        N_("Learn to play"),
        TitleScene.learn,
        pygame.K_l,
        N_("One hand that teaches every rule, a short prompt at each step (Esc leaves)."),
        primary=lambda title: bool(title.offer),
    ),
    TitleButton(
        "daily",
        N_("Daily deal"),
        TitleScene.open_daily,
        pygame.K_d,
        N_("Today's deal, the same for everyone: your score beside the hard opponent's."),
    ),
    TitleButton(
        "puzzles",
        # Translators: a title screen button: positions where you find the best play.
        N_("Puzzles"),
        TitleScene.open_puzzles,
        pygame.K_p,
        N_("Practise from your mistakes: decisions your reviews called mistakes or blunders."),
    ),
    TitleButton(
        "settings",
        N_("Settings"),
        TitleScene.open_settings,
        pygame.K_s,
        N_("Rules, opponents, speeds, sound and screen."),
    ),
    TitleButton(
        "scores",
        N_("Scores"),
        TitleScene.open_scores,
        pygame.K_r,
        N_("The score sheet and your record."),
    ),
    TitleButton(
        "howto",
        N_("How to play"),
        TitleScene.open_howto,
        pygame.K_h,
        N_("The rules in plain words, with the options you have chosen."),
    ),
    TitleButton(
        "quit",
        # Translators: a title screen button: close the game (about 12 characters).
        N_("Quit"),
        TitleScene.quit,
        pygame.K_q,
        # Translators: the tooltip of the title's Quit button.
        N_("Close Swoop."),
    ),
)


def _pill(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A soft dark rounded band under a line of text, so it reads over anything."""
    pygame.draw.rect(surface, (0, 0, 0, 90), rect, border_radius=rect.height // 2)


def _drawn_size(size: tuple[int, int]) -> tuple[int, int]:
    """The game behind the title is drawn at half the window's size: it is shown blurred
    (a quarter-size picture scaled up), so the full size would only cost memory."""
    return (max(320, size[0] // 2), max(240, size[1] // 2))


class Watch:
    """Four AIs playing behind the title, under a veil of cloth, started after
    ``WATCH_AFTER`` quiet seconds. It is the one table in its backdrop configuration; if that
    ever fails, the title simply goes back to its still picture."""

    def __init__(self, app: AppAPI) -> None:
        self.app = app
        self.table: Any = None
        #: The wall clock, in a real window: the frame loop hands the scenes at most a
        #: tenth of a second a frame (and a resting title wakes four times a second), so
        #: slow or resting frames would stretch the wait and the fade-in to many seconds.
        #: Headless (the tests, the figures) the frames' own clock rules alone.
        self.clock: Callable[[], float] | None = (
            None
            if os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen")
            else time.perf_counter
        )
        self._quiet = 0.0
        self._quiet_since = self._now()
        self.shown = 0.0  # seconds since the table appeared (for the fade-in)
        self._shown_since = self._now()
        self.failed = False
        self.next_step: tuple[str, float] | None = None
        self._veil: pygame.Surface | None = None
        self._canvas: pygame.Surface | None = None
        self._blurred: pygame.Surface | None = None
        self._small: pygame.Surface | None = None
        self._small_for: tuple[int, int] | None = None
        self._since_blur = 0.0
        self.playing = 0.0  # seconds the game has played since the last input (frames)
        self._playing_since = 0.0  # ... and when it began, on the wall clock

    def _now(self) -> float:
        return self.clock() if self.clock is not None else 0.0

    def _since(self, then: float) -> float:
        """Seconds on the wall clock since ``then`` (0 headless)."""
        return self._now() - then if self.clock is not None else 0.0

    @property
    def quiet(self) -> float:
        """Seconds with nobody at the title: by the frames, or the wall clock if longer."""
        return max(self._quiet, self._since(self._quiet_since))

    @quiet.setter
    def quiet(self, value: float) -> None:
        self._quiet = value
        self._quiet_since = self._now() - value

    @property
    def running(self) -> bool:
        return self.table is not None

    @property
    def resting(self) -> bool:
        """The game behind the title has played :data:`WATCH_REST` seconds with nobody
        there: it stands still (its last picture stays) until the next input."""
        return self.table is not None and self.played >= WATCH_REST

    @property
    def played(self) -> float:
        """Seconds the game has played since the last input: by its frames, or the wall
        clock if longer (at the softened game's eight pictures a second a frame's time is
        capped, so the frames alone ran slower than the wall and the title rested late)."""
        return max(self.playing, self._since(self._playing_since))

    def wake(self) -> None:
        """Input: a resting game plays on."""
        self.playing = 0.0
        self._playing_since = self._now()

    def start(self) -> None:
        from ..table.drivers import backdrop

        self.table = self.app.build_screen(
            "table", backdrop(self.finished), seed=random.randrange(1 << 30)
        )
        self.table.enter()
        self.table.resize(_drawn_size(self.app.size))
        self.shown = 0.0
        self._shown_since = self._now()
        self._playing_since = self._now()
        self.next_step = None

    def _let_pictures_go(self) -> None:
        """At rest only the softened picture is shown: the game's own pictures (its card
        faces and words, the full-size canvas it is drawn on) go until it plays again,
        and the App hands the memory back with the first still frame."""
        if self._canvas is None and self._small is None:
            return
        if self._small is not None and self._blurred is not None:
            self._blurred = self._soften(self._small, self._blurred.get_size())
        self._canvas = self._small = None
        table = self.table
        if table is not None:
            for part in (getattr(table, "art", None), getattr(table, "drawing", None)):
                let_go = getattr(part, "clear", None) or getattr(part, "resize", None)
                if let_go is not None:
                    self._guard(let_go)

    def stop(self) -> None:
        self.table = None
        self.quiet = 0.0
        self.playing = 0.0
        self._canvas = self._blurred = self._small = self._veil = None
        self._small_for = None

    def finished(self, what: HandEnd) -> None:
        """The table would show an overlay: go on with the next hand, or a new game."""
        if what is HandEnd.HAND_OVER:
            self.next_step = ("next_hand", 2.0)
        elif what is HandEnd.GAME_OVER:
            self.next_step = ("restart", 3.0)

    def _guard(self, action: Any, *args: Any) -> bool:
        try:
            action(*args)
        except Exception:  # noqa: BLE001 - the show must never break the title screen
            _log.exception("the game behind the title failed; showing the still title")
            self.failed = True
            self.table = None
            return False
        return True

    def update(self, dt: float) -> None:
        if self.failed:
            return
        if self.table is None:
            self._quiet += dt
            if self.quiet >= WATCH_AFTER:
                self._guard(self.start)
            return
        if self.resting:
            self._let_pictures_go()
            return
        self.playing += dt
        self.shown += dt
        self._since_blur += dt
        if self.next_step is not None:
            what, left = self.next_step
            left -= dt
            if left > 0:
                self.next_step = (what, left)
            else:
                self.next_step = None
                if what == "next_hand":
                    self._guard(self.table.on_result, Result.NEXT_HAND)
                else:
                    self._guard(self.start)
        if self.table is not None:
            self._guard(self.table.update, dt)

    def resize(self, size: tuple[int, int]) -> None:
        if self.table is not None:
            self._guard(self.table.resize, _drawn_size(size))

    def settings_changed(self) -> None:
        if self.table is not None:
            self._guard(self.table.settings_changed)

    def draw(self, surface: pygame.Surface) -> bool:
        """Draw the game and the veil over it; False when there is no game to show."""
        if self.table is None:
            return False
        size = surface.get_size()
        stale = self._blurred is None or self._blurred.get_size() != size
        # The game is drawn off screen and softened a few times a second: it is the
        # backdrop, never a rival for the menu. While someone uses the menu (a second
        # since the last input, 60 frames a second) the drawing is in one frame and the
        # softening in the next, so no frame does both; otherwise one frame does both
        # and the title is drawn only when there is a new picture.
        if self._small is not None and (stale or self._small_for == size):
            self._blurred = self._soften(self._small, size)
            self._small = None
        elif stale or self._since_blur >= BLUR_EVERY * 0.9:  # (a frame may come a little early)
            drawn = _drawn_size(size)
            if self._canvas is None or self._canvas.get_size() != drawn:
                self._canvas = pygame.Surface(drawn)
            if not self._guard(self.table.draw, self._canvas):
                return False
            w, h = size
            self._small = pygame.transform.smoothscale(
                self._canvas, (max(1, w // 4), max(1, h // 4))
            )
            self._small_for = size
            self._since_blur = 0.0
            if stale or self.playing >= 1.0:
                self._blurred = self._soften(self._small, size)
                self._small = None
        if self._blurred is None:
            return False
        surface.blit(self._blurred, (0, 0))
        return True

    def _soften(self, small: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        """The small picture under a veil of cloth, scaled up (which blurs it). The veil
        is laid on the small picture: the same look as on the large one, for a
        sixteenth of the pixels."""
        if self._veil is None or self._veil.get_size() != small.get_size():
            self._veil = pygame.Surface(small.get_size(), pygame.SRCALPHA)
            r, g, b = self.app.theme.felt_dark
            self._veil.fill((r, g, b, WATCH_VEIL))
        small.blit(self._veil, (0, 0))
        return pygame.transform.smoothscale(small, size)

    @property
    def fade(self) -> float:
        """1.0 when the game has just appeared, 0.0 once it is fully shown (1.5 s later,
        on the wall clock too: the still title never lingers over the game)."""
        return max(0.0, 1.0 - max(self.shown, self._since(self._shown_since)) / 1.5)
