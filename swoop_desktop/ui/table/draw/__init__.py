"""How the table is drawn: felt, cards, the pile and its stacks, the drop hint, banners.

:class:`TableDrawing` is built with the table's model, the card art, the theme and the
table's configuration; it reads the model and never changes it. Its parts draw the
rest: :class:`~.seats.SeatDrawing` each seat round the table (plates, last-play
markers, empty places), :class:`~.status.StatusDrawing` the words around the cards
(status line, log, header, toast). All of them write through one
:class:`~.pen.Pen`, whose cache of pictures makes a frame mostly blits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pytweening

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF
from swoop_desktop.i18n import _, ngettext, pgettext

from ...cards import CardArt
from ..drivers import TableConfig
from ..model import Colour, TableModel
from ..view import mystery_ids
from .pen import Pen
from .seats import SeatDrawing
from .status import RULE_SETS, StatusDrawing, rules_words

if TYPE_CHECKING:
    from ...theme import Theme
    from ..show import CardSprite

__all__ = ["RULE_SETS", "TableDrawing", "rules_words"]


class TableDrawing:
    """The table drawn from its model (it reads the model, never changes it)."""

    def __init__(self, model: TableModel, art: CardArt, theme: Theme, config: TableConfig) -> None:
        self.model = model
        self.art = art
        self.theme = theme
        self.config = config
        self.pen = Pen(model, theme)  # one cache of pictures for every part
        self.seating = SeatDrawing(model, self.pen, theme)
        self.hud = StatusDrawing(model, self.pen, theme, config, self.seating)
        self._felt: pygame.Surface | None = None
        self._pile_said = ""  # the pile's caption as it was when its cards last lay still

    def resize(self) -> None:
        """A new window size: the cached pictures are made again."""
        self._felt = None
        self.pen.clear()

    # What the scene and the pilot ask of the picture, answered by the part that draws it.
    def plate_words(self, p: int) -> str:
        return self.seating.plate_words(p)

    def news_rect(self, p: int, size: tuple[int, int]) -> pygame.Rect:
        return self.seating.news_rect(p, size)

    def stats_rect(self, p: int) -> pygame.Rect:
        return self.seating.stats_rect(p)

    def thinking_place(self, p: int) -> tuple[pygame.Rect, bool]:
        return self.seating.thinking_place(p)

    def toast_place(self, text: str, colour: Colour) -> tuple[pygame.Rect, pygame.Surface]:
        return self.hud.toast_place(text, colour)

    def _felt_surface(self) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != (
            self.model.lay.width,
            self.model.lay.height,
        ):
            t = self.theme
            w, h = self.model.lay.width, self.model.lay.height
            # The cloth is composed at a quarter of the size and smooth-scaled up: a soft
            # light in the middle, darker towards the edges, cheap to make at any size.
            small = pygame.Surface((max(8, w // 4), max(8, h // 4)))
            if pygame.display.get_surface() is not None:
                small = small.convert()  # the display's format all the way: no convert later
            small.fill(t.felt)
            sw, sh = small.get_size()
            for i in range(12, 0, -1):
                k = i / 12
                amount = (16 * (1 - k) + 4) / 255
                colour = tuple(
                    int(a + (b - a) * amount) for a, b in zip(t.felt, t.felt_light, strict=True)
                )
                rect = pygame.Rect(0, 0, int(sw * (0.3 + 0.9 * k)), int(sh * (0.3 + 0.9 * k)))
                rect.center = (sw // 2, sh // 2)
                pygame.draw.ellipse(small, colour, rect)
            band = max(2, int(3 * self.model.lay.u))
            for i in range(band):
                shade = 1 - 0.27 * (1 - i / band)
                edge = tuple(int(c * shade) for c in t.felt)
                pygame.draw.rect(small, edge, pygame.Rect(i, i, sw - 2 * i, sh - 2 * i), width=1)
            # Smooth to half size, then a plain doubling: the light is soft enough that
            # nobody can tell, and it costs a third of a full-size smooth scale.
            half = pygame.transform.smoothscale(small, (max(1, w // 2), max(1, h // 2)))
            felt = pygame.transform.scale(half, (w, h))
            # The pile's place: a faint oval.
            lay = self.model.lay
            pr = pygame.Rect(0, 0, int(lay.pile_card[0] * 3.0), int(lay.pile_card[1] * 1.45))
            pr.center = (int(lay.pile_centre[0] + lay.pile_card[0] * 0.6), int(lay.pile_centre[1]))
            pygame.draw.rect(felt, t.felt_dark, pr, border_radius=lay.px(18))
            pygame.draw.rect(
                felt, t.felt_light, pr, width=max(1, lay.px(2)), border_radius=lay.px(18)
            )
            self._felt = felt
        return self._felt

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._felt_surface(), (0, 0))
        self._draw_pile_marks(surface)
        self.seating.draw_plates(surface)
        self._draw_cards(surface)
        self._draw_drop_hint(surface)
        self.seating.draw_news(surface)
        self.hud.draw(surface)
        for b in self.model.buttons:
            self.pen.button(surface, b)
        self._draw_banner(surface)
        if self.config.lesson is not None:  # the lesson's prompt, in the log's place
            self.config.lesson.draw(self.model, surface)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        """Every card sprite, moving and dragged ones last; the cards a player would look
        at marked (selected, the focus, one that answers the table's question, the one
        under the pointer, the last play on the pile)."""
        lay = self.model.lay
        sprites = sorted(
            self.model.sprites.values(),
            key=lambda s: (
                s.moving or (self.model.drag is not None and s.id in self.model.drag.ids),
                s.z,
            ),
        )
        focus_card = None
        mine = self.model.view.seat_cards(HUMAN_SEAT)
        if mine and self.model.you_play:
            focus_card = mine[max(0, min(self.model.focus, len(mine) - 1))]
        down_ids = mystery_ids(self.model.state, HUMAN_SEAT)
        addable = self._answering(mine, down_ids)
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        # Art exists only in the layout's few sizes; a card between sizes (in flight from
        # a small seat to the pile) or half turned is scaled from the nearest of them.
        sizes = (lay.hand_card, lay.pile_card, lay.table_card, lay.small_card)
        buried = self.model.buried
        for s in sprites:
            size = (int(s.w), int(s.h))
            if size[0] < 2 or size[1] < 2 or (s.id in buried and not s.moving):
                continue
            img, x, y = self._card_picture(s, size, sizes)
            marked = (
                s.id in self.model.selected
                or s.id == focus_card
                or s.id in addable
                or s.id == self.model.hover
                or (s.id in self.model.last_play and not s.moving and s.id in self.model.view.pile)
            )
            if blits and (s.moving or marked):
                surface.fblits(blits)
                blits = []
            if s.moving and s.turn >= 1.0:
                blits.append((self.art.shadow(size), (x + lay.px(3), y + lay.px(4))))
            blits.append((img, (x, y)))
            if marked:
                surface.fblits(blits)
                blits = []
                rect = pygame.Rect(x, y, size[0], size[1])
                self._mark_card(surface, s.id, rect, focus_card, addable, down_ids)
        if blits:
            surface.fblits(blits)

    def _answering(self, mine: list[int], down_ids: set[int]) -> set[int]:
        """The cards that answer the question on the table, which glow: the follow-up's
        rank (R12), or the mystery cards that may be flipped next in a chain (R13)."""
        st = self.model.state
        if st is None or st.to_move != HUMAN_SEAT or not self.model.idle:
            return set()
        if not self.model.you_play:
            return set()
        if st.phase_name == "follow":
            return {c for c in mine if RANK_OF[c] == st.follow_rank and c not in down_ids}
        if st.phase_name == "chain":
            return {
                c
                for slot in st.uncovered_slots(HUMAN_SEAT)
                if (c := st.down[HUMAN_SEAT][slot]) is not None
            }
        return set()

    def _card_picture(
        self, s: CardSprite, size: tuple[int, int], sizes: tuple[tuple[int, int], ...]
    ) -> tuple[pygame.Surface, int, int]:
        """A sprite's picture at its size (half turned, fading in) and where it goes."""
        art_size = size if size in sizes else min(sizes, key=lambda z: abs(z[1] - size[1]))
        img = self.art.face(s.id, art_size) if s.face_up else self.art.back(art_size)
        x, y = int(s.x - size[0] / 2), int(s.y - size[1] / 2)
        if s.turn < 1.0:
            nw = max(1, int(size[0] * abs(1 - 2 * s.turn)))
            img = pygame.transform.scale(img, (nw, size[1]))
            x = int(s.x - nw / 2)
        elif art_size != size:
            img = pygame.transform.scale(img, size)
        if s.fade < 1.0:  # reduced motion: the card fades in where it landed
            img = img.copy()
            img.set_alpha(int(255 * s.fade))
        return img, x, y

    def _mark_card(
        self,
        surface: pygame.Surface,
        card: int,
        rect: pygame.Rect,
        focus_card: int | None,
        addable: set[int],
        down_ids: set[int],
    ) -> None:
        """A marked card's outlines: one for selected, else answering the question, else
        the last play; the pointer's; the keyboard focus's."""
        t = self.theme
        lay = self.model.lay
        radius = max(3, rect.width // 10)
        # One outline: selected, else a card that answers the question, else the last play.
        if card in self.model.selected:
            outline: Colour | None = t.highlight
        elif card in addable:
            outline = t.legal
        elif card in self.model.last_play:
            outline = t.last_play
        else:
            outline = None
        if outline is not None:
            pygame.draw.rect(
                surface,
                outline,
                rect.inflate(4, 4),
                width=max(2, lay.px(3)),
                border_radius=radius,
            )
        if card == self.model.hover and card not in self.model.selected and self.model.drag is None:
            pygame.draw.rect(
                surface,
                t.button_hover,
                rect.inflate(2, 2),
                width=max(1, lay.px(2)),
                border_radius=radius,
            )
        if card == focus_card and self.model.idle:
            pygame.draw.rect(
                surface,
                t.legal if card not in down_ids else t.text,
                rect.inflate(9, 9),
                width=max(1, lay.px(2)),
                border_radius=radius + 3,
            )

    def _draw_pile_marks(self, surface: pygame.Surface) -> None:
        t, lay, view = self.theme, self.model.lay, self.model.view
        px = max(11, int(16 * lay.u))
        cx, cy = lay.pile_centre
        below = cy + lay.pile_card[1] / 2 + lay.px(10)
        label = self.pile_label()
        if label:
            img = self.pen.text(label, px, t.text, True)
            surface.blit(img, img.get_rect(midtop=(int(cx + lay.pile_card[0] * 0.6), int(below))))
        for centre, count, what in (
            # Translators: under the stacks of swooped and set-aside cards: "12 swooped".
            (lay.swept_centre, len(view.swept), _("{n} swooped")),
            # Translators: under the stack of cards set aside unseen at the deal: "12 set aside".
            (lay.aside_centre, len(view.aside), _("{n} set aside")),
        ):
            sy = centre[1] + lay.small_card[1] / 2 + lay.px(8)
            if not count:
                r = pygame.Rect(0, 0, *lay.small_card)
                r.center = (int(centre[0]), int(centre[1]))
                pygame.draw.rect(
                    surface,
                    t.felt_light,
                    r,
                    width=max(1, lay.px(2)),
                    border_radius=max(3, r.w // 10),
                )
            img = self.pen.text(what.format(n=count), max(10, int(14 * lay.u)), t.text_dim)
            surface.blit(img, img.get_rect(midtop=(int(centre[0]), int(sy))))
        self.seating.draw_empty_places(surface)

    def pile_label(self) -> str:
        """The caption under the pile. It changes when the cards land: while a card is on
        its way to the pile (or still face down), the caption it had stays."""
        view, sprites = self.model.view, self.model.sprites
        if any(
            (s := sprites.get(c)) is not None and (s.moving or not s.face_up) for c in view.pile
        ):
            return self._pile_said
        n = len(view.pile)
        if n:
            # Translators: under the pile: "5 cards · two 7s on top" ({top} is the subject).
            said = ngettext("{n} card · {top} on top", "{n} cards · {top} on top", n).format(
                n=n, top=view.run_words()
            )
        elif self.model.anim.busy:
            said = ""
        else:
            said = _("Empty pile: play anything")
        self._pile_said = said
        return said

    def _draw_drop_hint(self, surface: pygame.Surface) -> None:
        if self.model.drag is None:
            return
        t = self.theme
        rect = self.model.lay.pile_drop_rect
        over = rect.collidepoint(self.model.drag.pos)
        colour = t.legal if self.model.drag.legal else t.illegal
        width = max(2, self.model.lay.px(4 if over else 2))
        pygame.draw.rect(surface, colour, rect, width=width, border_radius=self.model.lay.px(18))
        if over:
            words = (
                # Translators: a pill on the pile while you drag cards over it: let go to play
                # them.
                _("Drop to play")
                if self.model.drag.legal
                # Translators: a pill on the pile while you drag cards that may not go there.
                else _("Not allowed here")
            )
            img = self.pen.text(words, max(11, int(16 * self.model.lay.u)), colour, True)
            pill = img.get_rect(center=(rect.centerx, rect.bottom)).inflate(
                self.model.lay.px(20), self.model.lay.px(8)
            )
            surface.blit(self.pen.panel(pill.size, t.panel, 235, pill.h // 2, colour), pill)
            surface.blit(img, img.get_rect(center=pill.center))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        if not self.model.banner:
            return
        t, lay = self.theme, self.model.lay
        text, left = self.model.banner
        swoop = text == pgettext("banner", "Swoop!")
        px = int((64 if swoop else 26) * lay.u)
        age = (1.3 if swoop else 1.2) - left
        calm = self.model.anim.reduced  # reduced motion: words appear and fade, nothing grows
        grow = pytweening.easeOutBack(min(1.0, age / 0.35)) if age >= 0 and not calm else 1.0
        img = self.pen.text(text, px, t.accent if swoop else t.text, True)
        if grow != 1.0:
            w, h = img.get_size()
            img = pygame.transform.smoothscale(img, (max(1, int(w * grow)), max(1, int(h * grow))))
        alpha = int(255 * min(1.0, left / 0.3))
        cx = int(lay.pile_centre[0] + lay.pile_card[0] * 0.6)
        cy = int(lay.pile_centre[1]) if swoop else int(lay.pile_centre[1] + lay.pile_card[1] * 0.3)
        if swoop and 0 <= age < 0.7 and not calm:
            # A ring of the Swoop colour sweeps out from the pile.
            k = pytweening.easeOutCubic(age / 0.7)
            radius = int(lay.pile_card[1] * (0.4 + 1.6 * k))
            width = max(1, int(lay.px(10) * (1 - k)))
            pygame.draw.circle(surface, t.accent, (cx, cy), radius, width)
            pygame.draw.circle(
                surface, t.highlight, (cx, cy), int(radius * 0.8), max(1, width // 2)
            )
        img.set_alpha(alpha)
        if not swoop:
            # Smaller news ("Top picked up 14") sits on a pill over the pile, readable on cards.
            pill = img.get_rect(center=(cx, cy)).inflate(lay.px(26), lay.px(10))
            panel = self.pen.panel(pill.size, t.panel, 225, pill.h // 2, t.panel_edge)
            panel.set_alpha(alpha)
            surface.blit(panel, pill)
            surface.blit(img, img.get_rect(center=(cx, cy)))
            return
        shadow = self.pen.text(text, px, (0, 0, 0), True)
        if grow != 1.0:
            shadow = pygame.transform.smoothscale(shadow, img.get_size())
        shadow.set_alpha(alpha // 2)
        surface.blit(shadow, shadow.get_rect(center=(cx + lay.px(3), cy + lay.px(4))))
        surface.blit(img, img.get_rect(center=(cx, cy)))
