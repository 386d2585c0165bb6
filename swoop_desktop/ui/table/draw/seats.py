"""Each seat as the table draws it: its name plate (name, level, cards and points,
the turn's glow, the thinking pill), its last-play marker and its empty card places.

Every seat is drawn from its place in the layout (:class:`~..layout.SeatPlace`), one
after another round the table: nothing here knows how many sit at it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytweening

from swoop_desktop.i18n import _, pgettext
from swoop_desktop.names import shown_name

from .. import layout as L
from ..model import Colour, TableModel
from ..view import counted, level_word
from .pen import Pen
from .questions import phase_words

if TYPE_CHECKING:
    from ...theme import Theme


class SeatDrawing:
    """The seats round the table drawn from the model (read only)."""

    def __init__(self, model: TableModel, pen: Pen, theme: Theme) -> None:
        self.model = model
        self.pen = pen
        self.theme = theme

    def plate_words(self, p: int) -> str:
        """The second line of a name plate: "1 card · 12 pts"."""
        view = self.model.view
        cards = (
            len(view.hands[p])
            + sum(c is not None for c in view.up[p])
            + sum(c is not None for c in view.down[p])
            if view.hands
            else 0
        )
        # Translators: a name plate's second line: "1 card · 12 pts".
        return _("{cards} · {points}").format(
            cards=counted(cards, "card"), points=counted(self.model.match.totals[p], "pt")
        )

    def news_rect(self, p: int, size: tuple[int, int]) -> pygame.Rect:
        """Where seat ``p``'s last-play marker sits: beside its plate, towards the pile."""
        lay = self.model.lay
        place = lay.seats[p]
        gap = lay.px(8)
        rect = place.news_anchor(pygame.Rect(0, 0, *size), gap)
        if place.news in ("right", "left"):
            # A long marker (two lines or three) moves off the set-aside deck (left) or the
            # swooped cards (right) and their captions: above them from a plate above
            # them, below them from a plate below (a full table's second seat down a side).
            deck = lay.stack_rect(lay.aside_centre if place.news == "right" else lay.swept_centre)
            if rect.colliderect(deck):
                if place.plate.centery <= deck.centery:
                    rect.bottom = deck.top - gap
                else:
                    rect.top = deck.bottom + gap
        elif place.news == "above":
            # Your marker, over your plate, moves along off a side seat's cards beside it
            # (at a full table the lowest side seats come down close to yours).
            for other in lay.seats[1:]:
                if rect.colliderect(other.block.inflate(gap, 0)):
                    if other.block.centerx < rect.centerx:
                        rect.left = other.block.right + gap
                    else:
                        rect.right = other.block.left - gap
        return rect

    def news_marks(self) -> list[tuple[int, pygame.Rect, list[pygame.Surface], Colour]]:
        """Each seat's last-play marker: (seat, where, its lines, ink). A marker that would
        cover another seat's cards, your face-up cards or a marker placed before it is set
        in smaller type (at a full table in a small window the seats sit close)."""
        t, lay = self.theme, self.model.lay
        largest = max(11, int(16 * lay.u))
        out: list[tuple[int, pygame.Rect, list[pygame.Surface], Colour]] = []
        # The lowest plates' markers first: one moved below a stack makes way for the
        # marker of the seat under it, which has nowhere else to go.
        news = sorted(self.model.news.items(), key=lambda n: self._lowest_first(n[0]))
        for p, (words, _since) in news:
            if p >= len(lay.seat_boxes):
                continue
            ink = t.accent if words.endswith(pgettext("news", "Swoop!")) else t.last_play
            keep_off = self._cards_beside(p) + [rect for _p, rect, _l, _i in out]
            for px in range(largest, min(largest, 9) - 1, -1):
                # At most a plate's width (two lines for a play and its bonus play).
                lines = [
                    self.pen.text(w.strip(), px, ink, True)
                    for w in self.pen.wrap(words, px, lay.seat_boxes[p].w, True)
                ]
                width = max(img.get_width() for img in lines) + lay.px(20)
                line_h = lines[0].get_height()
                rect = self.news_rect(p, (width, line_h * len(lines) + lay.px(8)))
                if rect.collidelist(keep_off) < 0:
                    break
            out.append((p, rect, lines, ink))
        return sorted(out, key=lambda mark: mark[0])

    def _lowest_first(self, p: int) -> tuple[int, int]:
        seats = self.model.lay.seats
        return (-seats[p].plate.bottom, p) if p < len(seats) else (0, p)

    def _cards_beside(self, p: int) -> list[pygame.Rect]:
        """What seat ``p``'s marker must leave clear: every other seat's plate and cards,
        and your face-up cards when it is yours."""
        lay = self.model.lay
        clear = [place.block for q, place in enumerate(lay.seats) if q != p]
        if p == 0:
            w, h = lay.table_card
            for x, y in lay.seats[0].slots:
                card = pygame.Rect(0, 0, w, h)
                card.center = (int(x), int(y))
                clear.append(card.inflate(lay.px(8), lay.px(8)))
        return clear

    def draw_news(self, surface: pygame.Surface) -> None:
        t, lay = self.theme, self.model.lay
        for p, rect, lines, ink in self.news_marks():
            line_h = lines[0].get_height()
            age = self.model.clock - self.model.news[p][1]
            edge = ink if age < 0.6 else t.panel_edge  # a fresh play lights up its marker
            radius = min(rect.h // 2, lay.px(12))
            surface.blit(self.pen.panel(rect.size, t.panel, 225, radius, edge), rect)
            y = rect.y + lay.px(4)
            for img in lines:
                surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
                y += line_h

    def draw_plates(self, surface: pygame.Surface) -> None:
        t, lay, view = self.theme, self.model.lay, self.model.view
        st = self.model.state
        px = max(11, int(16 * lay.u))
        for p in range(min(lay.players, view.n)):
            rect = lay.seat_boxes[p]
            seat = self.model.seats[p]
            turn = view.to_move == p and st is not None and not st.is_over
            thinking = self.model.thinking is not None and self.model.thinking.seat == p and turn
            colour = t.highlight if turn else t.panel
            surface.blit(
                self.pen.panel(
                    rect.size,
                    colour,
                    235 if turn else 190,
                    lay.px(10),
                    t.text if turn else t.panel_edge,
                ),
                rect,
            )
            age = self.model.clock - self.model.turn_since
            if turn and 0 <= age < 0.4 and not self.model.anim.reduced:
                k = pytweening.easeOutQuad(age / 0.4)
                grow = int(lay.px(14) * k)
                pygame.draw.rect(
                    surface,
                    t.highlight,
                    rect.inflate(grow, grow),
                    width=max(1, int(lay.px(4) * (1 - k))),
                    border_radius=lay.px(10) + grow // 2,
                )
            ink = t.button_text if turn else t.text
            dim = (60, 60, 40) if turn else t.text_dim
            name = self.pen.text(shown_name(seat.name), px, ink, True)
            level = "" if seat.is_human else level_word(seat.level)
            stats = self.pen.text(self.plate_words(p), max(10, int(14 * lay.u)), dim)
            pad = lay.px(10)
            surface.blit(name, (rect.x + pad, rect.y + lay.px(4)))
            surface.blit(stats, (rect.x + pad, rect.bottom - lay.px(4) - stats.get_height()))
            back, on_top, pill_px = self.thinking_fit(p)
            if level and not (thinking and on_top):
                # The level word gives way to the plate's own lines: smaller where a long
                # language's lines reach under it, and left out where even that would cover.
                taken = [
                    name.get_rect(topleft=(rect.x + pad, rect.y + lay.px(4))),
                    stats.get_rect(bottomleft=(rect.x + pad, rect.bottom - lay.px(4))),
                ]
                for size in (max(10, int(13 * lay.u)), 9):
                    img = self.pen.text(level, size, dim)
                    where = img.get_rect(topright=(rect.right - pad, rect.y + lay.px(6)))
                    if where.collidelist(taken) < 0:
                        surface.blit(img, where)
                        break
            elif turn and not level:
                tip = self.pen.text(phase_words(self.model), max(10, int(13 * lay.u)), dim, True)
                surface.blit(tip, tip.get_rect(topright=(rect.right - pad, rect.y + lay.px(6))))
            if thinking:
                dots = "." * (1 + int(self.model.clock * 3) % 3)
                # Translators: a small pill by an opponent's name while the AI works out its play;
                # the dots at the end are animated (keep them, or none).
                words = _("thinking...").rstrip(".…")
                img = self.pen.text(words + dots, pill_px, t.highlight, True)
                pygame.draw.rect(surface, t.panel, back, border_radius=lay.px(6))
                surface.blit(img, img.get_rect(midleft=(back.x + lay.px(4), back.centery)))

    def stats_rect(self, p: int) -> pygame.Rect:
        """Where a name plate's second line ("19 cards · 0 pts") is drawn."""
        lay = self.model.lay
        rect = lay.seat_boxes[p]
        img = self.pen.text(self.plate_words(p), max(10, int(14 * lay.u)), self.theme.text_dim)
        return img.get_rect(bottomleft=(rect.x + lay.px(10), rect.bottom - lay.px(4)))

    def thinking_place(self, p: int) -> tuple[pygame.Rect, bool]:
        """Where a seat's "thinking…" pill goes, and whether it sits at the top (in place of
        the level word): bottom right of the plate, unless it would cover the points there."""
        back, on_top, _px = self.thinking_fit(p)
        return back, on_top

    def thinking_fit(self, p: int) -> tuple[pygame.Rect, bool, int]:
        """The pill's place, whether it is at the top, and its font size: bottom right of
        the plate where it leaves the points clear, else top right where it leaves the name
        clear, in a smaller font where a long language's word needs it (the name plate of
        a narrow window)."""
        lay = self.model.lay
        rect = lay.seat_boxes[p]
        stats = self.stats_rect(p)
        name_img = self.pen.text(
            shown_name(self.model.seats[p].name), max(11, int(16 * lay.u)), self.theme.text, True
        )
        name = name_img.get_rect(topleft=(rect.x + lay.px(10), rect.y + lay.px(4)))
        name.width += lay.px(4)  # a little air between the name and the pill
        largest = max(10, int(14 * lay.u))
        widest = _("thinking...").rstrip(".…") + "..."  # as drawn, with its most dots
        for px in range(largest, min(largest, 8) - 1, -1):
            img = self.pen.text(widest, px, self.theme.highlight, True)
            pos = img.get_rect(bottomright=(rect.right - lay.px(10), rect.bottom - lay.px(4)))
            back = pos.inflate(lay.px(8), lay.px(2))
            if not back.colliderect(stats):
                return back, False, px
            pos = img.get_rect(topright=(rect.right - lay.px(10), rect.y + lay.px(6)))
            back = pos.inflate(lay.px(8), lay.px(2))
            if not back.colliderect(name):
                return back, True, px
        return back, True, px

    def draw_empty_places(self, surface: pygame.Surface) -> None:
        """Every seat's empty face-up and face-down places, faintly."""
        t, lay, view = self.theme, self.model.lay, self.model.view
        for p in range(view.n if view.up else 0):
            size = L.seat_card_size(lay, p, "table")
            for slot in range(4):
                if view.up[p][slot] is None and view.down[p][slot] is None:
                    x, y = L.slot_position(lay, p, slot)
                    r = pygame.Rect(0, 0, *size)
                    r.center = (int(x), int(y))
                    pygame.draw.rect(
                        surface,
                        t.felt_dark,
                        r,
                        width=max(1, lay.px(2)),
                        border_radius=max(3, r.w // 10),
                    )
