"""Overlays over the table: Pause (Esc), the hand-over summary and Game over.

Each is a non-opaque scene: the table is drawn first, dimmed, then a panel.
They pop with a value the table reads in ``on_result``: ``"next_hand"``
(hand over), or they navigate themselves (new game, title, quit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF
from swoop_desktop.storage.seats import seats_to_json

from ..controls import Button
from ..scene import Scene
from .sheet import draw_final_sheet

if TYPE_CHECKING:
    from swoop_desktop.ui.appapi import AppAPI, RunningTable


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


class _Overlay(Scene):
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
        u = self.u
        size = max(13, int(18 * u))
        widest = max(
            (self.app.theme.font(size, True).size(label)[0] for label, _a, _p in specs), default=0
        )
        bw, bh, gap = max(int(170 * u), widest + 28), max(30, int(46 * u)), int(14 * u)
        total = len(specs) * bw + (len(specs) - 1) * gap
        x = self.app.size[0] // 2 - total // 2
        self.buttons = []
        for label, action, primary in specs:
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


class PauseScene(_Overlay):
    """Esc over the table: resume, settings, scores, how to play, back to the title."""

    name = "pause"

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        rect = self.panel_rect()
        specs: list[tuple[str, Any, bool]] = [("Resume", self.resume, True)]
        self.extra: list[Button] = []
        self.make_buttons(specs, rect.bottom - int(24 * self.u))
        # A column of menu buttons in the middle of the panel.
        u = self.u
        bw, bh = int(260 * u), int(42 * u)
        y = rect.top + int(86 * u)
        column = []
        for label, action in (
            ("Settings", self.settings),
            ("Scores", self.scores),
            ("How to play", self.howto),
            ("Quit to title", self.to_title),
        ):
            column.append(
                Button(
                    (rect.centerx - bw // 2, y, bw, bh), label, action, size=max(13, int(18 * u))
                )
            )
            y += bh + int(12 * u)
        self.buttons = self.buttons + column

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return True
        return super().handle(event)

    def resume(self) -> None:
        self.app.pop("resume")

    def settings(self) -> None:
        self.app.open("settings")

    def scores(self) -> None:
        self.app.open("scores")

    def howto(self) -> None:
        self.app.open("howto")

    def to_title(self) -> None:
        self.table.save_now()
        self.app.to_title()

    def heading(self) -> str:
        title = self.table.config.title
        return f"{title} paused" if title else "Paused"

    def note(self) -> str:
        """The line under the menu: a game is saved after every play; a replay or the
        demo saves nothing."""
        config = self.table.config
        if not config.saves:
            caption = f"{config.caption}. " if config.caption else ""
            return f"{caption}Nothing here is saved."
        return "The game is saved after every play."

    def draw_body(self, surface: pygame.Surface) -> None:
        self.draw_shade(surface)
        rect = self.panel_rect()
        draw_panel(surface, self.app.theme, rect, self.u)
        self.title(surface, self.heading(), rect)
        t = self.app.theme
        note = t.font(max(14, int(16 * self.u))).render(self.note(), True, t.text_dim)
        surface.blit(note, note.get_rect(midbottom=(rect.centerx, rect.bottom - int(80 * self.u))))


class HandOverScene(_Overlay):
    """Who went out, every player's leftover cards and points, and the running totals."""

    name = "hand_over"
    key_guard = 0.6
    guards_keys = True
    moves_on = True  # in the demo the next hand (or the final sheet) comes by itself

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.u
        rect = pygame.Rect(0, 0, min(w - 40, int(900 * u)), min(h - 40, int(560 * u)))
        rect.center = (w // 2, h // 2)
        return rect

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        rect = self.panel_rect()
        label = "Final scores" if self.table.match.over else "Next hand"
        specs: list[tuple[str, Any, bool]] = [(label, self.next_hand, True)]
        if self.table.config.review:
            specs.append(("Review hand", self.review_hand, False))
        self.make_buttons(specs, rect.bottom - int(22 * self.u))

    def open_review(self, hand: int | None) -> None:
        """Review this hand (or, with ``hand=None``, the whole game) over the overlay."""
        table = self.table
        match = table.match
        names = [table.seat_name(p) for p in range(match.n)]
        self.app.open(
            "review", match.rules, match.n, match.seed, match.actions, hand=hand, names=names
        )

    def review_hand(self) -> None:
        self.open_review(len(self.table.match.actions) - 1)

    def next_hand(self) -> None:
        if self.app.stack.top is not self:
            return
        if self.table.match.over:  # the deciding hand has been seen: now the whole game
            self.app.pop("final")
            self.app.open("game_over", self.table)
            return
        self.app.pop("next_hand")

    def update(self, dt: float) -> None:
        # In the demo nobody is there to click: the next hand starts by itself.
        super().update(dt)
        if self.table.config.goes_on:
            if self.shown >= (0.2 if self.app.anim_speed == "instant" else 2.5):
                self.next_hand()

    @property
    def animating(self) -> bool:
        """Still, unless the next hand is about to start by itself (the demo)."""
        return super().animating or (self.moves_on and self.table.config.goes_on)

    def heading(self) -> str:
        match = self.table.match
        out = match.state.out_player if match.state is not None else None
        if out is None:
            return "Hand over"
        name = self.table.seat_name(out)
        last = " The last hand." if match.over and self.name == "hand_over" else ""
        return f"{name} {'are' if name == 'You' else 'is'} out!{last}"

    def draw_body(self, surface: pygame.Surface) -> None:
        self.draw_shade(surface)
        rect = self.panel_rect()
        t, u = self.app.theme, self.u
        draw_panel(surface, t, rect, u)
        y = self.title(surface, self.heading(), rect, t.highlight)
        y = self.draw_rows(surface, rect, y, int(88 * u), totals=True)
        note = t.font(max(12, int(14 * u))).render(
            f"The game ends when someone reaches {self.table.match.rules.target}; "
            "the lowest total wins.",
            True,
            t.text_dim,
        )
        surface.blit(note, note.get_rect(midtop=(rect.centerx, y + int(8 * u))))

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
            ("Player", x_name, "left"),
            ("Cards left", x_cards, "left"),
            ("This hand", x_pts, "right"),
        ]
        if totals:
            columns.append(("Total", x_tot, "right"))
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
        card = (int(34 * u), int(48 * u))
        name_font, num_font = t.font(int(19 * u), True), t.font(int(22 * u), True)
        for p in range(match.n):
            cy = y + row_h // 2
            if p % 2 == 0:
                band = pygame.Rect(rect.left + int(12 * u), y, rect.w - int(24 * u), row_h)
                pygame.draw.rect(surface, t.felt_dark, band, border_radius=int(8 * u))
            name = self.table.seat_name(p)
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
                img = t.font(max(12, int(16 * u))).render("none — went out", True, t.text_dim)
                surface.blit(img, img.get_rect(midleft=(x_cards, cy)))
            img = num_font.render(f"+{points[p]}" if totals else str(points[p]), True, t.text)
            surface.blit(img, img.get_rect(midright=(x_pts, cy)))
            if totals:
                img = num_font.render(str(match.totals[p]), True, t.text)
                surface.blit(img, img.get_rect(midright=(x_tot, cy)))
            y += row_h
        return y


class GameOverScene(HandOverScene):
    """The winner and the margin, every hand with who went out, the totals and places."""

    name = "game_over"
    moves_on = False  # the final sheet stays until the player chooses

    def __init__(self, app: AppAPI, table: RunningTable) -> None:
        super().__init__(app, table)
        self.rating_line = self._rating_line()
        self.rating_rect = pygame.Rect(0, 0, 0, 0)  # where it was last drawn (tests)

    def _rating_line(self) -> str:
        """ "Your rating: 1523 (+23 this game)", for a game that moves your rating."""
        from swoop_desktop.storage.history import record_from_match
        from swoop_desktop.storage.rating import game_change

        table, app = self.table, self.app
        if not table.config.saves or not app.keeps_files or not app.dirs.usable:
            return ""
        try:
            record = record_from_match(table.match, seats_to_json(table.seats, brief=True))
            change = game_change(app.dirs, record, app.settings.count_abandoned)
        except (OSError, ValueError):
            return ""
        if change is None:
            return ""
        before, after = change
        delta = round(after.rating) - round(before.rating)
        return f"Your rating: {after.rating:.0f} ({delta:+d} this game)"

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        rect = self.panel_rect()
        specs: list[tuple[str, Any, bool]] = [
            ("New game", self.new_game, True),
            ("Watch again", self.watch_again, False),
            ("Review game", self.review_game, False),
            ("Title", self.to_title, False),
        ]
        self.make_buttons(specs, rect.bottom - int(22 * self.u))
        # Enter on the sheet never starts a new game by surprise: Review game has the focus.
        self.focus = 2

    def update(self, dt: float) -> None:
        """The final sheet stays until the player chooses (also in demo mode)."""
        self.shown += dt

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.u
        rows = max(1, len(self.table.match.sheet)) + (1 if self.rating_line else 0)
        height = min(h - 20, int((310 + 26 * rows) * u))
        rect = pygame.Rect(0, 0, min(w - 20, int(940 * u)), height)
        rect.center = (w // 2, h // 2)
        return rect

    def places(self) -> str:
        """ "1st Righty 0 · 2nd Topper 93 · ..." (equal totals share a place)."""
        match = self.table.match
        order = sorted(range(match.n), key=lambda p: match.totals[p])
        words = {1: "1st", 2: "2nd", 3: "3rd"}
        parts = []
        for p in order:
            place = 1 + sum(1 for q in range(match.n) if match.totals[q] < match.totals[p])
            parts.append(
                f"{words.get(place, f'{place}th')} {self.table.seat_name(p)} {match.totals[p]}"
            )
        return "  ·  ".join(parts)

    def margin(self) -> str:
        """ "Lefty wins by 23 points" — how far ahead of the next lowest total the winner is."""
        match = self.table.match
        if match.winner is None:
            low = min(match.totals)
            who = [self.table.seat_name(p) for p in range(match.n) if match.totals[p] == low]
            return f"{' and '.join(who)} share the lowest total, {low}"
        best = match.totals[match.winner]
        rest = sorted(t for p, t in enumerate(match.totals) if p != match.winner)
        gap = rest[0] - best if rest else 0
        name = self.table.seat_name(match.winner)
        ender = max(range(match.n), key=lambda p: match.totals[p])
        reached = (
            f"; {self.table.seat_name(ender)} reached {match.rules.target}"
            if match.totals[ender] >= match.rules.target
            else ""
        )
        verb = "win" if name == "You" else "wins"
        return f"{name} {verb} by {gap} point{'s' if gap != 1 else ''}{reached}"

    def new_game(self) -> None:
        self.app.new_game()

    def review_game(self) -> None:
        self.open_review(None)

    def to_title(self) -> None:
        self.app.to_title()

    def watch_again(self) -> None:
        """Watch the game just finished once more, from the first deal."""
        from swoop_desktop.storage.history import record_from_match

        table = self.table
        seats = seats_to_json(table.seats, brief=True)
        record = record_from_match(table.match, seats)
        if table.seats and not table.seats[HUMAN_SEAT].is_human:  # the demo: seat 0 is an AI too
            record = type(record)(**{**record.__dict__, "seats": seats})
        stack = self.app.stack
        while stack.top is not None and stack.top.name in ("game_over", "hand_over", "table"):
            stack.pop()  # the finished game leaves the table (it is already recorded)
        try:
            self.app.watch_replay(record, "normal")
        except ValueError as exc:  # a game that cannot be replayed says why
            self.app.notify(str(exc))

    def heading(self) -> str:
        match = self.table.match
        if match.winner is None:
            return "Game over: a tie — no winner"
        name = self.table.seat_name(match.winner)
        return "You win the game!" if name == "You" else f"{name} wins the game"

    def draw_body(self, surface: pygame.Surface) -> None:
        self.draw_shade(surface)
        rect = self.panel_rect()
        t, u = self.app.theme, self.u
        draw_panel(surface, t, rect, u)
        y = self.title(surface, self.heading(), rect, t.highlight)
        sub = t.font(max(13, int(18 * u)), True).render(self.margin(), True, t.text)
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, y - int(4 * u))))
        y += sub.get_height() + int(10 * u)
        if self.rating_line:
            img = t.font(max(13, int(18 * u)), True).render(self.rating_line, True, t.highlight)
            self.rating_rect = img.get_rect(midtop=(rect.centerx, y - int(4 * u)))
            surface.blit(img, self.rating_rect)
            y += img.get_height() + int(8 * u)
        names = [self.table.seat_name(p) for p in range(self.table.match.n)]
        y = draw_final_sheet(surface, t, rect, y, u, names, self.table.match)
        img = t.font(max(12, int(17 * u)), True).render(self.places(), True, t.text)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
