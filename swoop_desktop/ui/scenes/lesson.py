"""Learn to play: the first hand that teaches, on the one table.

Not a screen of its own: the title opens the table (``app.open("table", ...)``) in
the lesson's configuration (:func:`~swoop_desktop.ui.table.drivers.lesson`) with a
:class:`Coach`, which

- writes the opponents' plays (the script of :mod:`swoop_desktop.referee.lesson`,
  played by the table's :class:`~swoop_desktop.ui.table.drivers.ScriptedDriver` s);
- shows one short prompt at a time in the log's place (top left, clear of every card
  it talks about) and outlines the cards it means;
- waits for your own drag, click or key: any other legal play is refused with the
  step's reason (a play the rules refuse gets the table's usual words);
- lets you leave at any time (Esc, or the Leave button), and at the end offers the
  beginner's table.

Nothing of the lesson is saved, recorded, rated or counted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, Match
from swoop_desktop.i18n import N_, _
from swoop_desktop.referee.lesson import FINISHED, STEPS, Step, lesson_match
from swoop_desktop.storage.seats import Seat
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.results import Result
from swoop_desktop.ui.table.drivers import TableConfig
from swoop_desktop.ui.table.drivers import lesson as lesson_config
from swoop_desktop.ui.table.model import your_cards

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI

#: The steps that teach (a prompt each), in order: "Lesson 3 of 8".
TAUGHT = [i for i, s in enumerate(STEPS) if s.prompt]
WATCHING = N_(
    "Your opponents play in turn, clockwise: Lefty, Topper, then Righty. Watch the pile: "
    "each of them plays equal or lower."
)
GO_ON = N_("Click or press Space to go on.")
LEAVE = N_("Esc leaves the lesson.")


def step_index(match: Match) -> int:
    """How far the lesson's hand has come: the plays made so far."""
    return len(match.actions[-1]) if match.actions else 0


def lesson_seats(app: AppAPI) -> tuple[Seat, ...]:
    """You and the three opponents, with the names the player gave them (their levels do
    not matter: the script plays for them)."""
    from swoop_desktop.ui.table.drivers import seat_setup

    try:
        seats, _extra = seat_setup(app.settings, app.dirs.config)
    except Exception:  # noqa: BLE001 - the lesson never fails for a name
        seats = [Seat(0, "You")] + [
            Seat(i, n, "easy") for i, n in ((1, "Lefty"), (2, "Topper"), (3, "Righty"))
        ]
    return (Seat(HUMAN_SEAT, "You"),) + tuple(Seat(s.seat, s.name, "lesson") for s in seats[1:4])


def cards_of(table: Any, action: Action) -> list[int]:
    """Your cards that ``action`` plays (the ones the prompt points at)."""
    return your_cards(table.state, action)


class Coach:
    """The lesson at the table (a :class:`~swoop_desktop.ui.table.drivers.TableLesson`).
    ``leave(value)`` closes the table, handing ``value`` (``Result.LESSON_LEFT`` or
    ``Result.LESSON_BEGINNER``) to the screen under it."""

    def __init__(self, app: AppAPI, leave: Callable[[Result], None]) -> None:
        self.app = app
        self._leave = leave
        self.read: set[int] = set()  # opponents' prompted steps the player has read
        self.buttons: list[W.Button] = []
        self.panel = pygame.Rect(0, 0, 0, 0)  # where the prompt was drawn (tests, screenshots)
        self.pointed: list[int] = []  # the cards the prompt outlines
        self._veil: pygame.Surface | None = None
        self.closed = False

    # -- the script -------------------------------------------------------------------
    def step(self, match: Match) -> Step | None:
        i = step_index(match)
        return STEPS[i] if i < len(STEPS) else None

    def finished(self, match: Match) -> bool:
        return step_index(match) >= len(STEPS)

    def scripted(self, match: Match, seat: int) -> Action | None:
        i = step_index(match)
        step = self.step(match)
        if step is None or step.seat != seat:
            return None
        if step.prompt and i not in self.read:
            return None  # the player reads this first
        return step.action

    def vet(self, match: Match, action: Action) -> str | None:
        step = self.step(match)
        if step is None:
            return _("The lesson is over: choose the beginner's table, or press Esc")
        if step.seat != HUMAN_SEAT or step.wants(action):
            return None
        return step.refusal(match.state, action)

    def words(self, match: Match) -> tuple[str, str]:
        """The prompt's title and words now."""
        i = step_index(match)
        step = self.step(match)
        if step is None:
            # Translators: the lesson box's title once the lesson is done (praise).
            return _("Well played"), _(FINISHED)
        if step.prompt:
            n = TAUGHT.index(i) + 1
            # Translators: the lesson's step, as in "Lesson 3 of 8: Four of a rank".
            title = _("Lesson {number} of {count}: {title}").format(
                number=n, count=len(TAUGHT), title=_(step.title)
            )
            return title, _(step.prompt)
        # Translators: the lesson box's title while the opponents play (an imperative: look).
        return _("Watch"), _(WATCHING)

    # -- leaving ------------------------------------------------------------------------
    def leave(self, value: Result = Result.LESSON_LEFT) -> None:
        """Close the lesson: ``value`` goes to the screen under the table."""
        if not self.closed:
            self.closed = True
            self._leave(value)

    def beginner(self) -> None:
        self.leave(Result.LESSON_BEGINNER)

    # -- input ------------------------------------------------------------------------
    def handle(self, table: Any, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave(Result.LESSON_LEFT)
            return True
        match = table.match
        if self.finished(match):
            for b in self.buttons:
                if b.handle(event):
                    return True
            if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_b,
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
            ):
                self.beginner()
                return True
            return False
        step = self.step(match)
        i = step_index(match)
        waiting = (
            step is not None
            and step.seat != HUMAN_SEAT
            and bool(step.prompt)
            and i not in self.read
            and table.idle
        )
        if waiting and (
            (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
            or (event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)
        ):
            self.read.add(i)
            return True
        return False

    # -- drawing ----------------------------------------------------------------------
    def draw(self, table: Any, surface: pygame.Surface) -> None:
        theme = self.app.theme
        lay = table.lay
        match = table.match
        title, words = self.words(match)
        step = self.step(match)
        done = step is None
        watching = step is not None and step.seat != HUMAN_SEAT
        # The cards the prompt means are outlined (yours, on your turn, once they landed).
        self.pointed = []
        if step is not None and step.seat == HUMAN_SEAT and table.idle:
            self.pointed = cards_of(table, step.action)
            for c in self.pointed:
                s = table.sprites.get(c)
                if s is None:
                    continue
                rect = pygame.Rect(int(s.x - s.w / 2), int(s.y - s.h / 2), int(s.w), int(s.h))
                pygame.draw.rect(
                    surface,
                    theme.highlight,
                    rect.inflate(lay.px(10), lay.px(10)),
                    width=max(2, lay.px(4)),
                    border_radius=max(4, int(s.w) // 8),
                )
        foot = _(LEAVE)
        if watching and step is not None and step.prompt:
            foot = f"{_(GO_ON)} {_(LEAVE)}"
        if done:
            self._draw_finished(table, surface, title, words)
            return
        self.panel = self._draw_box(surface, lay.log_rect, title, words, foot, lay.u)

    def _fit(
        self, width: int, height: int, title: str, words: str, foot: str, px: int
    ) -> tuple[int, list[str], list[str], list[str]]:
        """The largest type (from ``px`` down) at which the prompt fits the box: its size,
        and the title's, the words' and the foot's lines."""
        theme = self.app.theme
        while True:
            body = W.wrap_text(W.font(theme, px), words, width)
            head = W.wrap_text(W.font(theme, px, True), title, width)
            small = max(10, px - 2)
            tail = W.wrap_text(W.font(theme, small), foot, width)
            line = W.font(theme, px).get_linesize()
            need = (len(head) + len(body)) * line + line // 2 + len(tail) * (line - 2) + line // 2
            if need <= height or px <= 10:
                return px, head, body, tail
            px -= 1

    def _draw_box(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        title: str,
        words: str,
        foot: str,
        u: float,
        below: int = 0,
    ) -> pygame.Rect:
        theme = self.app.theme
        pad = max(6, int(10 * u))
        inner_w = rect.width - 2 * pad
        px, head, body, tail = self._fit(
            inner_w, rect.height - 2 * pad - below, title, words, foot, max(14, int(17 * u))
        )
        W.draw_panel(surface, theme, rect, alpha=250, radius=max(6, int(10 * u)))
        pygame.draw.rect(
            surface,
            theme.highlight,
            rect,
            width=max(2, int(2 * u)),
            border_radius=max(6, int(10 * u)),
        )
        line = W.font(theme, px).get_linesize()
        y = rect.y + pad
        for text in head:
            W.draw_text(
                surface, theme, text, (rect.x + pad, y), size=px, bold=True, rgb=theme.highlight
            )
            y += line
        y += line // 2
        for text in body:
            W.draw_text(surface, theme, text, (rect.x + pad, y), size=px, colour_name="text")
            y += line
        small = max(10, px - 2)
        step = W.font(theme, small).get_linesize()
        y = rect.bottom - pad - step * len(tail)
        for text in tail:
            W.draw_text(
                surface, theme, text, (rect.x + pad, y), size=small, colour_name="text_muted"
            )
            y += step
        return rect

    def _draw_finished(self, table: Any, surface: pygame.Surface, title: str, words: str) -> None:
        """The end: the words over the middle of the table, and the beginner's table offered."""
        lay = table.lay
        u = lay.u
        w = min(lay.width - 40, max(int(620 * u), 360))
        h = min(lay.height - 40, max(int(270 * u), 230))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (lay.width // 2, int(lay.height * 0.42))
        if self._veil is None or self._veil.get_size() != surface.get_size():
            self._veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._veil.fill((0, 0, 0, 110))
        surface.blit(self._veil, (0, 0))  # the hand is done: the table steps back
        bh = max(34, int(46 * u))
        pad = max(8, int(14 * u))
        self.panel = self._draw_box(surface, rect, title, words, _(LEAVE), u, below=bh + pad)
        gap = pad
        bw = (w - 2 * pad - gap) // 2
        y = rect.bottom - pad - bh - max(14, int(22 * u))
        size = max(12, int(17 * u))
        first = pygame.Rect(rect.x + pad, y, bw, bh)
        if not self.buttons or self.buttons[0].rect != first:  # kept while in place (a press)
            self.buttons = self._end_buttons(first, gap, size)
        for b in self.buttons:
            b.draw(surface, self.app.theme)

    def _end_buttons(self, first: pygame.Rect, gap: int, size: int) -> list[W.Button]:
        bw, bh = first.size
        return [
            W.Button(
                first,
                _("Play the beginner's table"),
                self.beginner,
                key=pygame.K_b,
                primary=True,
                size=size,
                tooltip=_("A game against three easy opponents (B or Enter)"),
            ),
            W.Button(
                (first.right + gap, first.y, bw, bh),
                _("Back to the title"),
                lambda: self.leave(Result.LESSON_LEFT),
                size=size,
                tooltip="Esc",
            ),
        ]


def start_lesson(app: AppAPI, leave: Callable[[Result], None]) -> Any:
    """Open the table in the lesson's configuration: the fixed deal, the scripted
    opponents and the coach. ``leave(value)`` is called when the lesson closes."""
    coach = Coach(app, leave)
    config: TableConfig = lesson_config(coach, lesson_seats(app))
    return app.open("table", config, match=lesson_match())
