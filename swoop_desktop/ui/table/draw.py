"""How the table is drawn: felt, name plates, pile marks, cards, log, status, banners.

:class:`TableDrawing` is built with the table's model, the card art, the
theme and the table's configuration; it reads the model and never changes
it (its own caches of text, panels, button pictures and the felt aside).
Everything drawn every frame comes from caches, so a frame is mostly blits.

Why one long module: it is the table's one drawing part (one writer: its caches); each
drawn thing is a short method, and splitting by thing would share the caches across files.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pytweening

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF
from swoop_desktop.engine.cards import SYMBOL_RANKS
from swoop_desktop.i18n import N_, _, ngettext, pgettext
from swoop_desktop.names import is_you_name, shown_name

from ..cards import CardArt
from ..controls import Button, wrap_text
from . import layout as L
from .cache import CACHE_BYTES, PictureCache
from .drivers import TableConfig
from .model import Colour, TableModel
from .view import counted, level_word, mystery_ids, plural

if TYPE_CHECKING:
    from ..theme import Theme
    from .show import CardSprite


#: Each rule set's name in the table's header.
RULE_SETS = {
    # Translators: the rule set in the table's header (lower case): this app's rules.
    "app": N_("app rules"),
    # Translators: the rule set in the table's header (lower case): the common published rules.
    "classic": N_("classic rules"),
    # Translators: the rule set in the table's header (lower case): the older written rules.
    "traditional": N_("traditional rules"),
}


def rules_words(rules: Any) -> str:
    """ "app rules", or "app rules, changed" when any option differs from the rule set."""
    changed = any(k != "preset" for k in rules.to_json())
    name = RULE_SETS.get(rules.preset)
    if name:
        said = _(name)
    else:
        # Translators: a rule set without a name of its own: "house rules" ({preset} its name).
        said = _("{preset} rules").format(preset=rules.preset)
    # Translators: a rule set with options changed from it: "app rules, changed".
    return _("{rules}, changed").format(rules=said) if changed else said


class TableDrawing:
    """The table drawn from its model (it reads the model, never changes it)."""

    def __init__(self, model: TableModel, art: CardArt, theme: Theme, config: TableConfig) -> None:
        self.model = model
        self.art = art
        self.theme = theme
        self.config = config
        # Rendered lines, wrapped paragraphs, panels and buttons, bounded by bytes (least
        # recently used first out).
        self._text_cache = PictureCache(CACHE_BYTES)
        self._felt: pygame.Surface | None = None
        self._pile_said = ""  # the pile's caption as it was when its cards last lay still

    def resize(self) -> None:
        """A new window size: the cached pictures are made again."""
        self._felt = None
        self._text_cache.clear()

    def _text(
        self, text: str, px: int, colour: tuple[int, int, int], bold: bool = False
    ) -> pygame.Surface:
        key = (text, px, colour, bold)
        cache = self._text_cache
        found = cache.get(key)
        if found is None:
            found = self.theme.font(px, bold).render(text, True, colour)
            cache[key] = found
        return found

    def _draw_button(self, surface: pygame.Surface, b: Button) -> None:
        """A shared widget button, drawn once per look and then blitted (it is drawn often)."""
        margin = self.model.lay.px(10)
        key = (
            "button",
            b.label,
            b.rect.size,
            b.enabled,
            b.primary,
            b.hovered,
            b.pressed,
            b.focused,
            b.size,
            b.visible,
            b.short,
        )
        cache = self._text_cache
        img = cache.get(key)
        if img is None:
            img = pygame.Surface((b.rect.w + 2 * margin, b.rect.h + 2 * margin), pygame.SRCALPHA)
            saved = b.rect
            b.rect = pygame.Rect(margin, margin, saved.w, saved.h)
            try:
                b.draw(img, self.theme)
            finally:
                b.rect = saved
            cache[key] = img
        surface.blit(img, (b.rect.x - margin, b.rect.y - margin))

    def _panel(
        self,
        size: tuple[int, int],
        colour: tuple[int, int, int],
        alpha: int,
        radius: int,
        edge: tuple[int, int, int] | None = None,
    ) -> pygame.Surface:
        """A translucent rounded panel (cached: panels are drawn every frame)."""
        key = ("panel", size, colour, alpha, radius, edge)
        cache = self._text_cache
        found = cache.get(key)
        if found is None:
            found = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(found, (*colour, alpha), found.get_rect(), border_radius=radius)
            if edge is not None:
                pygame.draw.rect(
                    found,
                    (*edge, 255),
                    found.get_rect(),
                    width=max(1, self.model.lay.px(2)),
                    border_radius=radius,
                )
            cache[key] = found
        return found

    def _wrap(self, text: str, px: int, width: int, bold: bool) -> list[str]:
        """``text`` broken into lines of at most ``width`` pixels (cached)."""
        key = ("wrap", text, px, width, bold)
        cache = self._text_cache
        found = cache.get(key)
        if found is None:
            font = self.theme.font(px, bold)
            lines: list[str] = []
            line = ""
            for word in text.split(" "):
                trial = f"{line} {word}" if line else word
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = "   " + word
            lines.append(line)
            found = lines
            cache[key] = found
        return list(found)

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
        self._draw_plates(surface)
        self._draw_cards(surface)
        self._draw_drop_hint(surface)
        self._draw_news(surface)
        self._draw_hud(surface)
        for b in self.model.buttons:
            self._draw_button(surface, b)
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
            img = self._text(label, px, t.text, True)
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
            img = self._text(what.format(n=count), max(10, int(14 * lay.u)), t.text_dim)
            surface.blit(img, img.get_rect(midtop=(int(centre[0]), int(sy))))
        # Empty face-up / face-down places of every seat, faintly.
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
        return rect

    def _news_marks(self) -> list[tuple[int, pygame.Rect, list[pygame.Surface], Colour]]:
        """Each seat's last-play marker: (seat, where, its lines, ink)."""
        t, lay = self.theme, self.model.lay
        px = max(11, int(16 * lay.u))
        out = []
        for p, (words, _since) in sorted(self.model.news.items()):
            if p >= len(lay.seat_boxes):
                continue
            ink = t.accent if words.endswith(pgettext("news", "Swoop!")) else t.last_play
            # At most a plate's width (two lines for a play and its bonus play).
            lines = [
                self._text(w.strip(), px, ink, True)
                for w in self._wrap(words, px, lay.seat_boxes[p].w, True)
            ]
            width = max(img.get_width() for img in lines) + lay.px(20)
            line_h = lines[0].get_height()
            out.append((p, self.news_rect(p, (width, line_h * len(lines) + lay.px(8))), lines, ink))
        return out

    def _draw_news(self, surface: pygame.Surface) -> None:
        t, lay = self.theme, self.model.lay
        for p, rect, lines, ink in self._news_marks():
            line_h = lines[0].get_height()
            age = self.model.clock - self.model.news[p][1]
            edge = ink if age < 0.6 else t.panel_edge  # a fresh play lights up its marker
            radius = min(rect.h // 2, lay.px(12))
            surface.blit(self._panel(rect.size, t.panel, 225, radius, edge), rect)
            y = rect.y + lay.px(4)
            for img in lines:
                surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
                y += line_h

    def _draw_plates(self, surface: pygame.Surface) -> None:
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
                self._panel(
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
            name = self._text(shown_name(seat.name), px, ink, True)
            level = "" if seat.is_human else level_word(seat.level)
            stats = self._text(self.plate_words(p), max(10, int(14 * lay.u)), dim)
            pad = lay.px(10)
            surface.blit(name, (rect.x + pad, rect.y + lay.px(4)))
            surface.blit(stats, (rect.x + pad, rect.bottom - lay.px(4) - stats.get_height()))
            back, on_top, pill_px = self._thinking_fit(p)
            if level and not (thinking and on_top):
                # The level word gives way to the plate's own lines: smaller where a long
                # language's lines reach under it, and left out where even that would cover.
                taken = [
                    name.get_rect(topleft=(rect.x + pad, rect.y + lay.px(4))),
                    stats.get_rect(bottomleft=(rect.x + pad, rect.bottom - lay.px(4))),
                ]
                for size in (max(10, int(13 * lay.u)), 9):
                    img = self._text(level, size, dim)
                    where = img.get_rect(topright=(rect.right - pad, rect.y + lay.px(6)))
                    if where.collidelist(taken) < 0:
                        surface.blit(img, where)
                        break
            elif turn and not level:
                tip = self._text(self._phase_words(), max(10, int(13 * lay.u)), dim, True)
                surface.blit(tip, tip.get_rect(topright=(rect.right - pad, rect.y + lay.px(6))))
            if thinking:
                dots = "." * (1 + int(self.model.clock * 3) % 3)
                # Translators: a small pill by an opponent's name while the AI works out its play;
                # the dots at the end are animated (keep them, or none).
                words = _("thinking...").rstrip(".…")
                img = self._text(words + dots, pill_px, t.highlight, True)
                pygame.draw.rect(surface, t.panel, back, border_radius=lay.px(6))
                surface.blit(img, img.get_rect(midleft=(back.x + lay.px(4), back.centery)))

    def stats_rect(self, p: int) -> pygame.Rect:
        """Where a name plate's second line ("19 cards · 0 pts") is drawn."""
        lay = self.model.lay
        rect = lay.seat_boxes[p]
        img = self._text(self.plate_words(p), max(10, int(14 * lay.u)), self.theme.text_dim)
        return img.get_rect(bottomleft=(rect.x + lay.px(10), rect.bottom - lay.px(4)))

    def thinking_place(self, p: int) -> tuple[pygame.Rect, bool]:
        """Where a seat's "thinking…" pill goes, and whether it sits at the top (in place of
        the level word): bottom right of the plate, unless it would cover the points there."""
        back, on_top, _px = self._thinking_fit(p)
        return back, on_top

    def _thinking_fit(self, p: int) -> tuple[pygame.Rect, bool, int]:
        """The pill's place, whether it is at the top, and its font size: bottom right of
        the plate where it leaves the points clear, else top right where it leaves the name
        clear, in a smaller font where a long language's word needs it (the name plate of
        a narrow window)."""
        lay = self.model.lay
        rect = lay.seat_boxes[p]
        stats = self.stats_rect(p)
        name_img = self._text(
            shown_name(self.model.seats[p].name), max(11, int(16 * lay.u)), self.theme.text, True
        )
        name = name_img.get_rect(topleft=(rect.x + lay.px(10), rect.y + lay.px(4)))
        name.width += lay.px(4)  # a little air between the name and the pill
        largest = max(10, int(14 * lay.u))
        widest = _("thinking...").rstrip(".…") + "..."  # as drawn, with its most dots
        for px in range(largest, min(largest, 8) - 1, -1):
            img = self._text(widest, px, self.theme.highlight, True)
            pos = img.get_rect(bottomright=(rect.right - lay.px(10), rect.bottom - lay.px(4)))
            back = pos.inflate(lay.px(8), lay.px(2))
            if not back.colliderect(stats):
                return back, False, px
            pos = img.get_rect(topright=(rect.right - lay.px(10), rect.y + lay.px(6)))
            back = pos.inflate(lay.px(8), lay.px(2))
            if not back.colliderect(name):
                return back, True, px
        return back, True, px

    def _status(self) -> str:
        """The status line (a replay's controls may reword it)."""
        words = self._table_status()
        controls = self.config.controls
        return words if controls is None else controls.status(words, self.model.clock)

    def _phase_words(self) -> str:
        """The question at seat 0's name plate on its turn."""
        st = self.model.state
        if st is None:
            return ""
        phase = self._asked_phase()
        if phase == "follow":
            # Translators: the question on your name plate after a play: add more of the rank?
            # {cards} is "7s" or "jacks" (a rank in the plural, as an object).
            return _("Add {cards}?").format(cards=plural(st.follow_rank))
        if phase == "chain":
            if self._flipped_last():
                # Translators: the question on your name plate: flip another mystery card?
                return _("Flip again?")
            # Translators: the question on your name plate before the first flip of a chain:
            # flip a mystery card?
            return _("Flip?")
        if self.model.you_play:
            # Translators: on your name plate when it is your turn to play (short).
            return _("Your turn")
        # Translators: on an opponent's name plate when it is their turn to play (short).
        return _("To play")

    def _asked_phase(self) -> str:
        """The phase the picture may ask about: the cards' phase while the engine agrees.
        When a play has moved the game on (a chained flip that picks up) and its cards are
        still flying, no follow-up or chain question is asked of it."""
        st, view = self.model.state, self.model.view
        if st is None:
            return "play"
        if st.to_move == view.to_move and st.phase_name == view.phase:
            return view.phase
        return "play"

    def _flipped_last(self) -> bool:
        """Was the play that led here a flip (a chain under way), not a face-up card?"""
        from swoop_desktop.engine import Flip

        done = self.model.match.actions[-1] if self.model.match.actions else []
        return bool(done) and isinstance(done[-1], Flip)

    def _table_status(self) -> str:
        st = self.model.state
        view = self.model.view
        if st is None:
            return ""
        if st.is_over and not self.model.anim.busy:
            return _("Hand over")
        p = view.to_move if view.to_move is not None else -1
        if p == -2:
            return _("Drawing cards: the highest plays first")
        if p < 0:
            # Translators: the table's status line while the cards are dealt.
            return _("Dealing…")
        nxt = self.model.seat_name((p + 1) % view.n)
        if self.model.is_yours(p):
            if self.model.anim.busy and (st.to_move, st.phase_name) != (p, view.phase):
                # Translators: the table's status line while your cards fly to the pile.
                return _("You played")  # your cards are on their way; the turn moves when they land
            phase = self._asked_phase()
            if phase == "follow" and view.follow_rank:
                r = SYMBOL_RANKS[view.follow_rank]
                # Translators: the table's status line; {cards} is "7s" (a rank in the plural).
                return _("Follow-up: add more {cards}, or Done").format(cards=plural(r))
            if phase == "chain":
                if self._flipped_last():
                    return _("Chain: flip another mystery card, or Done")
                return _("Chain: flip an uncovered mystery card, or Done")
            # Translators: {next} is the name of the seat that plays after you.
            return _("Your turn — then {next}").format(next=nxt)
        name = self.model.seat_name(p)
        if self.model.wait_click:
            who = self.model.seat_name(self.model.last_actor)
            if is_you_name(who):
                # Translators: the table's status line; {name} is the next player ("Lefty").
                said = _("You played — click or press Space for {name}'s turn")
            else:
                # Translators: the table's status line; {who} is the player who played, {name}
                # the next one (names such as "Lefty" or "You").
                said = _("{who} played — click or press Space for {name}'s turn")
            return said.format(who=who, name=name)
        if is_you_name(name):  # a replay of your game
            # Translators: the table's status line; {next} is the player after you ("Lefty").
            return _("You to play — then {next}").format(next=nxt)
        # Translators: the table's status line; {name} is whose turn it is, {next} the player
        # after them (names such as "Lefty" or "You").
        return _("{name}'s turn — then {next}").format(name=name, next=nxt)

    def _status_place(self, status: str) -> tuple[pygame.Rect, pygame.Surface]:
        """Where the status line goes and its picture: above the pile, clear of the
        side seats' last-play markers (moved along, then made smaller if it must)."""
        t, lay = self.theme, self.model.lay
        size = max(12, int(19 * lay.u))
        img = self._text(status, size, t.text, True)
        cx = int(lay.pile_centre[0] + lay.pile_card[0] * 0.6)
        top = int(lay.pile_centre[1] - lay.pile_card[1] * 0.725 - lay.px(12) - img.get_height())
        back = img.get_rect(midtop=(cx, top)).inflate(lay.px(24), lay.px(8))
        if self.model.view.to_move == -2:
            # The draw for the first play: its cards lie between the plates and the pile,
            # so the words go where none lies (above the pile, else on the empty pile),
            # smaller or shorter if they must.
            drawn = []
            for s in self.model.sprites.values():
                if s.z == 950 and not s.moving:
                    r = pygame.Rect(0, 0, int(s.w), int(s.h))
                    r.center = (int(s.x), int(s.y))
                    drawn.append(r.inflate(lay.px(6), lay.px(6)))
            mid = int(lay.pile_centre[1])
            for text in (status, _("The highest card plays first")):
                for px in range(size, 11, -1):
                    img = self._text(text, px, t.text, True)
                    for y in (top, mid - img.get_height() // 2):
                        back = img.get_rect(midtop=(cx, y)).inflate(lay.px(24), lay.px(8))
                        if back.collidelist(drawn) < 0:
                            return back, img
            img = self._text(status, size, t.text, True)
            back = img.get_rect(midtop=(cx, top)).inflate(lay.px(24), lay.px(8))
        band = pygame.Rect(0, back.top, lay.width, back.height)
        left, right = 0, lay.width
        gap = lay.px(6)
        # The side seats' name plates and last-play markers in the same band hem it in.
        sides = [(p, rect) for p, rect, _lines, _ink in self._news_marks()]
        sides += [(p, lay.seat_boxes[p]) for p in range(min(lay.players, self.model.view.n))]
        for p, rect in sides:
            if not rect.colliderect(band):
                continue
            if lay.seats[p].side == "left":
                left = max(left, rect.right + gap)
            elif lay.seats[p].side == "right":
                right = min(right, rect.left - gap)
        room = right - left
        if room <= 0 or (back.left >= left and back.right <= right):
            return back, img
        # Smaller type first; then without "— then <next seat>", which the plates also show.
        # (A translation may set the dash as an en dash or a hyphen between spaces.)
        first = next((status.split(d)[0] for d in (" — ", " – ", " - ") if d in status), "")
        texts = [status] + ([first] if first else [])
        for text in texts:
            size = max(12, int(19 * lay.u))
            while True:
                img = self._text(text, size, t.text, True)
                back = img.get_rect(midtop=(cx, top)).inflate(lay.px(24), lay.px(8))
                if back.width <= room or size <= 12:
                    break
                size -= 1
            if back.width <= room:
                break
        if back.left < left:
            back.left = left
        if back.right > right:
            back.right = right
        return back, img

    def _draw_hud(self, surface: pygame.Surface) -> None:
        t, lay = self.theme, self.model.lay
        # Status line above the pile.
        status = self._status()
        if status:
            back, img = self._status_place(status)
            surface.blit(self._panel(back.size, t.panel, 170, back.h // 2), back)
            surface.blit(img, img.get_rect(center=back.center))
        # The log, newest at the bottom, scrollable with the wheel (a lesson's prompt
        # takes its place).
        if self.config.lesson is None:
            self._draw_log(surface)
        # Game info, top right, under the buttons.
        self._draw_info(surface)
        # The toast (illegal-move reasons, hints, notices).
        if self.model.toast:
            text, left, colour = self.model.toast
            back, img = self.toast_place(text, colour)
            alpha = int(235 * min(1.0, left / 0.4))
            panel = self._panel(back.size, t.panel, 235, lay.px(10), colour)
            panel.set_alpha(alpha if alpha < 235 else None)
            surface.blit(panel, back)
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=back.center))

    def _draw_log(self, surface: pygame.Surface) -> None:
        t, lay = self.theme, self.model.lay
        rect = lay.log_rect
        surface.blit(self._panel(rect.size, t.panel, 150, lay.px(8)), rect)
        px = max(10, int(14 * lay.u))
        line_h = int(px * 1.35)
        rows = max(1, (rect.h - lay.px(10)) // line_h)
        end = len(self.model.log) - self.model.log_scroll
        width = rect.w - lay.px(16)
        shown: list[tuple[str, bool]] = []
        i = end - 1
        while i >= 0 and len(shown) < rows:
            newest = i == len(self.model.log) - 1
            wrapped = self._wrap(self.model.log[i], px, width, newest)
            shown[:0] = [(w, newest) for w in wrapped]
            i -= 1
        shown = shown[-rows:]
        y = rect.bottom - lay.px(5) - line_h * len(shown)
        for text, newest in shown:
            img = self._text(text, px, t.text if newest else t.text_dim, newest)
            surface.blit(img, (rect.x + lay.px(8), y))
            y += line_h
        if self.model.log_scroll:
            img = self._text(f"▲ {self.model.log_scroll} newer below", max(9, px - 2), t.highlight)
            surface.blit(img, img.get_rect(topright=(rect.right - lay.px(6), rect.y + lay.px(3))))

    def _draw_info(self, surface: pygame.Surface) -> None:
        t, lay = self.theme, self.model.lay
        info = lay.info_rect
        rules = self.model.match.rules
        px = max(10, int(14 * lay.u))
        lines = [
            (
                # Translators: the table's header; {rules} is "classic rules" or "app rules,
                # changed".
                _("Hand {number} · {rules}").format(
                    number=max(1, self.model.match.hand_no + 1), rules=rules_words(rules)
                ),
                t.text_dim,
                False,
            ),
            (
                _(self.config.goal)
                if self.config.goal
                else _("Game to {target} · lowest total wins").format(target=rules.target),
                t.text_dim,
                False,
            ),
        ]
        if self.config.caption:
            lines.append((_(self.config.caption), t.highlight, True))
        y = info.top + lay.px(42)
        for text, colour, bold in lines:
            img = self._text(text, px, colour, bold)
            surface.blit(img, img.get_rect(topright=(info.right, y)))
            y += int(px * 1.4)

    def toast_place(self, text: str, colour: Colour) -> tuple[pygame.Rect, pygame.Surface]:
        """Where the toast (a tip, a hint, a refusal) goes and its picture: over your
        cards, and above your own last-play marker when that marker rises into it."""
        lay = self.model.lay
        img = self._toast_words(text, max(12, int(18 * lay.u)), colour)
        cx = int(lay.width / 2)
        y = int(lay.table_y - lay.table_card[1] / 2 - lay.px(16))
        back = img.get_rect(midbottom=(cx, y)).inflate(lay.px(28), lay.px(12))
        for p, rect, _lines, _ink in self._news_marks():
            if p == HUMAN_SEAT and back.colliderect(rect):
                back.bottom = rect.top - lay.px(6)
        return back, img

    def _toast_words(self, text: str, px: int, colour: Colour) -> pygame.Surface:
        """The toast's words: one line, or as many as keep it well inside the window
        (a long refusal wraps rather than reach the window's edges)."""
        lay = self.model.lay
        room = min(int(lay.width * 0.7), lay.px(1000))
        fnt = self.theme.font(px, True)
        lines = wrap_text(fnt, text, room)
        if len(lines) == 1:
            return self._text(text, px, colour, True)
        key = ("toast", text, px, colour, room)
        cache = self._text_cache
        found = cache.get(key)
        if found is None:
            images = [self._text(line, px, colour, True) for line in lines]
            step = fnt.get_linesize()
            found = pygame.Surface(
                (
                    max(i.get_width() for i in images),
                    step * (len(images) - 1) + images[-1].get_height(),
                ),
                pygame.SRCALPHA,
            )
            for k, image in enumerate(images):
                found.blit(image, image.get_rect(midtop=(found.get_width() // 2, k * step)))
            cache[key] = found
        return found

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
            img = self._text(words, max(11, int(16 * self.model.lay.u)), colour, True)
            pill = img.get_rect(center=(rect.centerx, rect.bottom)).inflate(
                self.model.lay.px(20), self.model.lay.px(8)
            )
            surface.blit(self._panel(pill.size, t.panel, 235, pill.h // 2, colour), pill)
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
        img = self._text(text, px, t.accent if swoop else t.text, True)
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
            panel = self._panel(pill.size, t.panel, 225, pill.h // 2, t.panel_edge)
            panel.set_alpha(alpha)
            surface.blit(panel, pill)
            surface.blit(img, img.get_rect(center=(cx, cy)))
            return
        shadow = self._text(text, px, (0, 0, 0), True)
        if grow != 1.0:
            shadow = pygame.transform.smoothscale(shadow, img.get_size())
        shadow.set_alpha(alpha // 2)
        surface.blit(shadow, shadow.get_rect(center=(cx + lay.px(3), cy + lay.px(4))))
        surface.blit(img, img.get_rect(center=(cx, cy)))
