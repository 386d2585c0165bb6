"""The parts every panel over the table is made of, shared by the screens that show one
(Pause, hand over, Game over, the daily result): the shade and the panel, the overlay's
keys and buttons, and the hand's breakdown. A module of parts, not a screen: screens
import it, it imports no screen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.engine import RANK_OF
from swoop_desktop.i18n import _
from swoop_desktop.names import YOU, shown_name

from ..controls import Button, fitted_widths
from ..scene import Scene

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI, RunningTable


def is_you(table: Any, seat: int) -> bool:
    """``seat`` is the person at the screen: told by the seat's stored name ("You" in every
    language), never by the name shown, which is in the player's language."""
    seats = table.seats
    return 0 <= seat < len(seats) and seats[seat].name == YOU


def shade(surface: pygame.Surface, alpha: int) -> None:
    """Darken the whole surface as black laid over it at ``alpha`` would, in place: no
    window-sized picture is made for it (at 1920x1080 one is 8 MB)."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


def draw_panel(surface: pygame.Surface, theme: Any, rect: pygame.Rect, u: float) -> None:
    """A panel with its shadow and edge."""
    r = max(8, int(16 * u))
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=r)
    surface.blit(shadow, rect.move(int(6 * u), int(8 * u)))
    pygame.draw.rect(surface, theme.panel, rect, border_radius=r)
    pygame.draw.rect(surface, theme.panel_edge, rect, width=max(2, int(3 * u)), border_radius=r)


class Overlay(Scene):
    """A panel over the paused table: the table drawn once, dimmed, the panel and its
    buttons on it; keys a panel was not shown for never reach its buttons."""

    opaque = False
    # Seconds a panel ignores keys after it opens: the Space or Enter that stepped the
    # opponents' last play must not also click the panel's focused button.
    key_guard = 0.0
    # A results panel answers only presses made for it (swoop_desktop.ui.keys): a key held
    # as it opened, or a run of taps begun before, never reaches its buttons.
    guards_keys = False

    def __init__(self, app: AppAPI, table: RunningTable) -> None:
        super().__init__(app)
        self.table = table
        self.shown = 0.0  # seconds on screen
        self.buttons: list[Button] = []
        self.focus = 0
        self._frame: pygame.Surface | None = None
        self.opaque = False
        self.shown_at: float | None = None  # the App's key clock when first drawn

    @property
    def u(self) -> float:
        w, h = self.app.size
        return min(w / 1280, h / 720)

    def enter(self) -> None:
        self.resize(self.app.size)

    def exit(self) -> None:
        self._frame = None  # a window-sized picture: let it go with the panel

    def draw(self, surface: pygame.Surface) -> None:
        """The table below is paused, so the dimmed picture is composed once and reused."""
        if self.shown_at is None:
            self.shown_at = self.app.keys.now
        if self._frame is not None and self._frame.get_size() == surface.get_size():
            surface.blit(self._frame, (0, 0))
        else:
            self.draw_body(surface)
            self._frame = surface.copy()
            self.opaque = True  # from now on the cached picture stands for the table too
        self.draw_buttons(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """Shade and panel (subclasses)."""

    def refresh(self) -> None:
        """Compose the picture again on the next frame (after a resize or a change)."""
        self._frame = None
        self.opaque = False

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.u
        rect = pygame.Rect(0, 0, int(560 * u), int(420 * u))
        rect.center = (w // 2, h // 2)
        return rect

    def make_buttons(self, specs: list[tuple[str, Any, bool]], bottom: int) -> None:
        """The panel's buttons in a row above ``bottom``, centred: each as wide as its
        words, the row inside the panel (a label too long for its share shrinks, then
        takes two lines)."""
        u = self.u
        size = max(13, int(18 * u))
        bh, gap = max(30, int(46 * u)), int(14 * u)
        room = self.panel_rect().width - 2 * int(20 * u)
        labels = [label for label, _a, _p in specs]
        widths = fitted_widths(self.app.theme, labels, size, int(170 * u), room, gap)
        # One width for all where that fits (a row of equal buttons), else each its own.
        same = max(widths, default=0)
        if same * len(widths) + gap * (len(widths) - 1) <= room:
            widths = [same] * len(widths)
        total = sum(widths) + (len(specs) - 1) * gap
        x = self.app.size[0] // 2 - total // 2
        self.buttons = []
        for (label, action, primary), bw in zip(specs, widths, strict=True):
            self.buttons.append(
                Button((x, bottom - bh, bw, bh), label, action, primary=primary, size=size)
            )
            x += bw + gap

    def update(self, dt: float) -> None:
        self.shown += dt

    @property
    def animating(self) -> bool:
        """A panel is still once its keys are live: the App draws it only on input."""
        return self.shown < self.key_guard

    def early(self, event: pygame.event.Event) -> bool:
        """A press that was not made for this panel: it came before the panel could be
        seen, or (a results panel) it is a key held, or a run of taps begun, before."""
        if event.type == pygame.KEYDOWN:
            if self.shown < self.key_guard:
                return True
            return self.guards_keys and not self.app.keys.fresh(event, self.shown_at)
        if event.type == pygame.MOUSEBUTTONDOWN and self.guards_keys:
            return self.shown_at is None  # a click before the panel was ever drawn
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self.early(event):
            return True  # a press meant for the table, not for this panel
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            if (
                event.key
                in (pygame.K_LEFT, pygame.K_UP, pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN)
                and self.buttons
            ):
                step = -1 if event.key in (pygame.K_LEFT, pygame.K_UP) else 1
                self.focus = (self.focus + step) % len(self.buttons)
                return True
            if event.key == pygame.K_SPACE and self.guards_keys:
                return True  # Space hurries the play; the results go on only by Enter or a click
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.buttons:
                self.buttons[self.focus].click()
                return True
        # Every other input stays here: the table below is paused.
        return event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.KEYDOWN,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
        )

    def draw_shade(self, surface: pygame.Surface) -> None:
        shade(surface, 140)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus
            b.draw(surface, self.app.theme)

    def title(
        self,
        surface: pygame.Surface,
        text: str,
        rect: pygame.Rect,
        colour: tuple[int, int, int] | None = None,
    ) -> int:
        t = self.app.theme
        img = t.font(int(34 * self.u), True).render(text, True, colour or t.text)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.top + int(20 * self.u))))
        return rect.top + int(28 * self.u) + img.get_height()


#: Presses of the keys that answer a result (Return, keypad Enter, a letter) closer together
#: than this are one stream: a player tapping every 0.6-1 s to hurry the table.
STREAM_GAP_S = 1.25
#: A stream of those presses under way as a result appears (its first press reaches the
#: result within STREAM_GAP_S of it) is taps meant for the table: none of them answers the
#: result before it has been up this long, so it is seen (at least this long) even then.
SETTLE_S = 1.8
#: Keys that only move the focus between a result's buttons: never a stream's.
_FOCUS_KEYS = (pygame.K_LEFT, pygame.K_UP, pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN)


class HandPanel:
    """The hand's breakdown, as the hand-over panel and the daily result both show it: who
    went out (the heading), a row for each player with the cards left and the points, and
    the review of the hand. Mixed into an :class:`Overlay` over a table."""

    if TYPE_CHECKING:
        app: AppAPI
        table: RunningTable
        shown: float
        shown_at: float | None
        name: str

        @property
        def u(self) -> float: ...

    # Seconds its keys wait, and only presses made for it count (see Overlay).
    key_guard = 0.6
    guards_keys = True
    #: Moves on by itself in the demo (the daily result waits for its player).
    moves_on = False

    # Keys pressed over this result and not let go yet; the key clock at the last
    # answering press, and when its stream of presses began (see :meth:`early`).
    _held: set[int] | None = None
    _last_press: float | None = None
    _stream_began = 0.0

    def early(self, event: pygame.event.Event) -> bool:
        """Besides a press before the result could be seen, a key held (or repeating)
        since before it, and a run of taps begun before it (see Overlay): a key held
        over it repeating, and a quick stream of Return, Enter or letter presses under
        way as it appears before it has been up :data:`SETTLE_S` (the hand's breakdown
        and the game-over sheet are not skipped by taps meant for the table). A press
        after a pause, or the first some moments after the result appeared, answers."""
        if self._held is None:
            self._held = set()  # this result's own, from its first key
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
        early: bool = super().early(event)  # type: ignore[misc]  # the Overlay's rule
        if event.type != pygame.KEYDOWN:
            return early
        repeat = event.key in self._held
        self._held.add(event.key)
        return early or repeat or self._streaming(event.key)

    def _streaming(self, key: int) -> bool:
        """Whether a press of ``key`` goes on a stream of taps under way as the result
        appeared, before the result has settled (:data:`SETTLE_S`)."""
        if key == pygame.K_SPACE or key in _FOCUS_KEYS:
            return False  # Space never answers a result; the arrows only move the focus
        now = self.app.keys.now
        if self._last_press is None or now - self._last_press >= STREAM_GAP_S:
            self._stream_began = now
        self._last_press = now
        shown_at = now if self.shown_at is None else self.shown_at
        under_way = self._stream_began - shown_at < STREAM_GAP_S
        return under_way and now - shown_at < SETTLE_S

    def open_review(self, hand: int | None, **options: Any) -> None:
        """Review this hand (or, with ``hand=None``, the whole game) over the overlay;
        ``options`` go to the review as they are (the daily deal's ``hard``)."""
        table = self.table
        match = table.match
        names = [shown_name(table.seat_name(p)) for p in range(match.n)]
        self.app.open(
            "review",
            match.rules,
            match.n,
            match.seed,
            match.actions,
            hand=hand,
            names=names,
            hints=dict(table.hints),
            **options,
        )

    @property
    def animating(self) -> bool:
        """Still, unless the next hand is about to start by itself (the demo)."""
        still = super().animating  # type: ignore[misc]
        return bool(still) or (self.moves_on and self.table.config.goes_on)

    def heading(self) -> str:
        match = self.table.match
        out = match.state.out_player if match.state is not None else None
        if out is None:
            # Translators: the heading of the panel shown when a hand has ended.
            return _("Hand over")
        name = shown_name(self.table.seat_name(out))
        last = match.over and self.name == "hand_over"
        if is_you(self.table, out):
            # Translators: the hand-over panel's heading: you have played your last card and
            # the game ends with this hand.
            return _("You are out! The last hand.") if last else _("You are out!")
        # Translators: the hand-over panel's heading: {name} has played their last card and
        # the game ends with this hand.
        return (_("{name} is out! The last hand.") if last else _("{name} is out!")).format(
            name=name
        )

    def draw_rows(
        self, surface: pygame.Surface, rect: pygame.Rect, y: int, row_h: int, totals: bool
    ) -> int:
        """A row for each player: name, the cards left, this hand's points (and the running
        total); returns the y below the rows."""
        t, u = self.app.theme, self.u
        match = self.table.match
        st = match.state
        points = match.sheet[-1] if match.sheet else [0] * match.n
        head = t.font(max(12, int(15 * u)), True)
        x_name, x_cards = rect.left + int(28 * u), rect.left + int(200 * u)
        x_tot = rect.right - int(40 * u)
        x_pts = rect.right - int(170 * u) if totals else x_tot
        columns = [
            # Translators: a column heading of the hand-over panel: the players' names.
            (_("Player"), x_name, "left"),
            # Translators: a column heading of the hand-over panel: cards each still holds.
            (_("Cards left"), x_cards, "left"),
            # Translators: a column heading of the hand-over panel: points scored this hand.
            (_("This hand"), x_pts, "right"),
        ]
        if totals:
            # Translators: a column heading: each player's points over the whole game.
            columns.append((_("Total"), x_tot, "right"))
        for text, x, anchor in columns:
            img = head.render(text, True, t.text_dim)
            r = img.get_rect(top=y)
            if anchor == "left":
                r.left = x
            else:
                r.right = x
            surface.blit(img, r)
        y += int(26 * u)
        art = self.table.art
        # The cards left, smaller in the shorter rows of a full table.
        card_h = max(int(20 * u), min(int(48 * u), row_h - int(8 * u)))
        card = (card_h * 34 // 48, card_h)
        name_font, num_font = t.font(int(19 * u), True), t.font(int(22 * u), True)
        for p in range(match.n):
            cy = y + row_h // 2
            if p % 2 == 0:
                band = pygame.Rect(rect.left + int(12 * u), y, rect.w - int(24 * u), row_h)
                pygame.draw.rect(surface, t.felt_dark, band, border_radius=int(8 * u))
            name = shown_name(self.table.seat_name(p))
            img = name_font.render(name, True, t.highlight if st and st.out_player == p else t.text)
            surface.blit(img, img.get_rect(midleft=(x_name, cy)))
            left = []
            if st is not None:
                left = (
                    st.hand_ids(p)
                    + [c for c in st.up[p] if c is not None]
                    + [c for c in st.down[p] if c is not None]
                )
            left.sort(key=lambda c: RANK_OF[c])
            room = x_pts - int(90 * u) - x_cards
            step = min(card[0] + 3, room / max(1, len(left)))
            for i, c in enumerate(left):
                surface.blit(art.face(c, card), (int(x_cards + i * step), cy - card[1] // 2))
            if not left:
                img = t.font(max(12, int(16 * u))).render(
                    # Translators: in the hand's breakdown, the cards left by the player who went out.
                    _("none — went out"),
                    True,
                    t.text_dim,
                )
                surface.blit(img, img.get_rect(midleft=(x_cards, cy)))
            img = num_font.render(f"+{points[p]}" if totals else str(points[p]), True, t.text)
            surface.blit(img, img.get_rect(midright=(x_pts, cy)))
            if totals:
                img = num_font.render(str(match.totals[p]), True, t.text)
                surface.blit(img, img.get_rect(midright=(x_tot, cy)))
            y += row_h
        return y
