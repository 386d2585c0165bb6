"""The table as it was at one decision: the board the Review screen and Puzzles draw.

A part shared by screens, not a screen: it lays out the page's frame, the board and
the panel beside it, and draws the decision's table (what the player could see, or
every card in hindsight) with the plays to outline. Each screen holds one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.choices import seat_name
from swoop_desktop.engine import RANK_OF, Action, Flip
from swoop_desktop.i18n import _
from swoop_desktop.names import shown_name
from swoop_desktop.plural import counted
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.cards import CardArt, card_size

from ..table.layout import ARCS
from .verdicts import LABEL_COLOURS

if TYPE_CHECKING:
    from swoop_desktop.ai.review import Decision
    from swoop_desktop.ui.scene import AppAPI


def cards_of(obs: Any, action: Action) -> list[int]:
    """The card ids an action moves, as far as the player could see them."""
    me = obs.seat
    if type(action) is Flip:
        return []
    ids: list[int] = []
    hand = list(obs.hand)
    for r in getattr(action, "hand", ()):
        for c in hand:
            if RANK_OF[c] == r and c not in ids:
                ids.append(c)
                break
    slots = obs.up[me]
    for s in getattr(action, "up", ()):
        card = slots[s] if 0 <= s < len(slots) else None  # the reader refuses such a slot
        if card is not None:
            ids.append(card)
    return ids


class DecisionBoard:
    """The frame, the board and the panel of a review-like page, and the board's drawing."""

    def __init__(self, app: AppAPI, art: CardArt, large: bool) -> None:
        self.app = app
        self.art = art
        self.large = large
        self.scale = 1.0
        self.frame = pygame.Rect(0, 0, 0, 0)
        self.board = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.caption_rect = pygame.Rect(0, 0, 0, 0)  # the pile's caption, as last drawn
        self.own_rect = pygame.Rect(0, 0, 0, 0)  # your stacks, as last drawn
        self.hand_rect = pygame.Rect(0, 0, 0, 0)  # your hand, as last drawn
        self.others_rects: list[pygame.Rect] = []  # the others' stacks, as last drawn
        self.name_rects: list[pygame.Rect] = []  # the others' names, as last drawn

    def layout(self) -> tuple[int, int, float]:
        """The frame, the board (the table as it was) and the panel beside it; the window's
        size and scale, for the controls below them."""
        w, h = tuple(self.app.size)
        s = W.ui_scale((w, h))
        self.scale = s
        margin = int(20 * s)
        header = int(96 * s)
        self.frame = pygame.Rect(margin, header, w - 2 * margin, h - header - int(84 * s))
        board_w = int(self.frame.width * 0.58)
        self.board = pygame.Rect(self.frame.x, self.frame.y, board_w, self.frame.height)
        self.panel = pygame.Rect(
            self.board.right + margin,
            self.frame.y,
            self.frame.right - self.board.right - margin,
            self.frame.height,
        )
        return w, h, s

    def text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        px: int,
        rgb: Sequence[int] | None = None,
        bold: bool = False,
        width: int = 0,
    ) -> int:
        """Draw (wrapped to ``width`` when given); returns the y below the text."""
        theme = self.app.theme
        fnt = W.font(theme, px, bold)
        ink = tuple(rgb) if rgb is not None else W.colour(theme, "text")
        lines = W.wrap_text(fnt, text, width) if width else [text]
        x, y = pos
        for line in lines:
            surface.blit(fnt.render(line, True, ink), (x, y))
            y += fnt.get_linesize()
        return y

    def draw_cards(
        self,
        surface: pygame.Surface,
        ids: Sequence[int | None],
        x: int,
        y: int,
        size: tuple[int, int],
        step: int,
        outline: dict[int, Sequence[int]],
        face_down: Sequence[bool] = (),
    ) -> None:
        for k, card in enumerate(ids):
            pos = (x + k * step, y)
            if card is None:
                if k < len(face_down) and face_down[k]:
                    surface.blit(self.art.back(size), pos)
                continue
            surface.blit(self.art.face(card, size), pos)
            rgb = outline.get(card)
            if rgb is not None:
                pygame.draw.rect(
                    surface, rgb, pygame.Rect(pos, size).inflate(6, 6), 3, border_radius=8
                )

    def draw_slots(
        self,
        surface: pygame.Surface,
        obs: Any,
        truth: Any,
        p: int,
        x: int,
        y: int,
        size: tuple[int, int],
        outline: dict[int, Sequence[int]],
    ) -> None:
        """A seat's four stacks: the mystery card (a back, or its face in hindsight) with
        the face-up card on it, set a little lower so both show."""
        step = size[0] + max(4, size[0] // 8)
        drop = size[1] // 4
        for k in range(4):
            pos = (x + k * step, y)
            down = truth.down[p][k] if truth is not None else None
            if obs.down[p][k]:
                art = self.art.face(down, size) if down is not None else self.art.back(size)
                surface.blit(art, pos)
            up = obs.up[p][k]
            if up is not None:
                self.draw_cards(
                    surface, [up], pos[0], y + (drop if obs.down[p][k] else 0), size, 0, outline
                )

    def draw(
        self,
        surface: pygame.Surface,
        decision: Decision,
        outlined: Sequence[tuple[Action, Sequence[int]]],
        names: Sequence[str],
        hindsight: bool,
    ) -> None:
        """The table at ``decision``, ``outlined`` plays ringed (later over earlier)."""
        theme = self.app.theme
        obs = decision.obs
        truth = decision.truth if hindsight else None
        s = self.scale
        board = self.board
        pygame.draw.rect(surface, W.colour(theme, "felt"), board, border_radius=int(14 * s))
        ch = max(40, int(board.height * (0.19 if self.large else 0.17)))
        size = card_size(ch)
        # The others' cards: smaller at a fuller table, as they are at the table itself.
        small = self._others_size(obs.n, ch, size, truth is not None)
        outline: dict[int, Sequence[int]] = {}
        flips: list[tuple[int, Sequence[int]]] = []
        for action, rgb in outlined:
            if type(action) is Flip:
                flips.append((action.slot, rgb))
            for c in cards_of(obs, action):
                outline[c] = rgb
        dim = W.colour(theme, "text_dim")
        px = max(12, int(16 * s))
        others, labels = self._draw_others(surface, obs, truth, names, small, outline, px)
        # The pile: its top cards fanned, and a count.
        pile = list(obs.pile)
        top = pile[-6:]
        fan = size[0] // 3
        px_pile = board.centerx - (fan * (len(top) - 1) + size[0]) // 2
        py = board.y + int(board.height * 0.42) - size[1] // 2
        self.draw_cards(surface, top, px_pile, py, size, fan, outline)
        if not pile:  # where the pile will be, so an empty one is still seen
            pygame.draw.rect(
                surface, dim, pygame.Rect(px_pile, py, *size), 2, border_radius=int(8 * s)
            )
        # You: your stacks and your hand.
        me = obs.seat
        y_hand = board.bottom - size[1] - int(12 * s)
        y_up = y_hand - size[1] - size[1] // 4 - int(10 * s)
        gap = max(4, size[0] // 8)
        x_up = board.centerx - 2 * (size[0] + gap)
        self.draw_slots(surface, obs, truth, me, x_up, y_up, size, outline)
        # Where your own cards are drawn (tests hold that nothing is written over them).
        self.own_rect = pygame.Rect(x_up, y_up, 4 * (size[0] + gap) - gap, size[1] * 5 // 4)
        for slot, rgb in flips:
            rect = pygame.Rect(x_up + slot * (size[0] + gap), y_up, *size).inflate(6, 6)
            pygame.draw.rect(surface, rgb, rect, 3, border_radius=8)
        hand = list(obs.hand)
        room = board.width - int(40 * s)
        step = max(10, min(size[0] + 4, (room - size[0]) // max(1, len(hand) - 1)))
        x_hand = board.centerx - (step * (len(hand) - 1) + size[0]) // 2
        self.draw_cards(surface, hand, x_hand, y_hand, size, step, outline)
        self.hand_rect = pygame.Rect(
            x_hand, y_hand, step * max(0, len(hand) - 1) + size[0], size[1]
        )
        self.own_rect = self.own_rect.union(self.hand_rect)
        caption = (
            # Translators: the caption by the pile on the Review and Puzzles boards; {cards} is
            # "6 cards" ("Empty pile" when there is none).
            _("Pile: {cards}").format(cards=counted(len(pile), "card"))
            if pile
            # Translators: the caption by the pile on the Review and Puzzles boards when the
            # pile is empty.
            else _("Empty pile")
        )
        rect = self._caption_place(caption, px, px_pile, py, top, fan, size, others)
        self.text(surface, caption, rect.topleft, px, dim)
        self.caption_rect = rect
        self.others_rects = others
        self.name_rects = labels
        if hindsight:
            banner = _("Hindsight: all cards shown (you could not see these then)")
            # Beside the seat across at a table of four; over the row across the top of a
            # fuller one.
            across = obs.n <= 4
            self.text(
                surface,
                banner,
                (board.x + int(12 * s), board.y + int(8 * s)),
                px if across else max(10, px - 2),
                LABEL_COLOURS["inaccuracy"],
                bold=True,
                width=(
                    board.width // 2 - 2 * small[0] - int(20 * s)
                    if across
                    else board.width - int(24 * s)
                ),
            )

    def _draw_others(
        self,
        surface: pygame.Surface,
        obs: Any,
        truth: Any,
        names: Sequence[str],
        small: tuple[int, int],
        outline: dict[int, Sequence[int]],
        px: int,
    ) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """The others: name, counts, their stacks (and, in hindsight, their hands); where
        their cards and their names are drawn."""
        theme = self.app.theme
        s = self.scale
        board = self.board
        ink = W.colour(theme, "text")
        spots = self._spots(obs.n, small, px, truth is not None)
        others: list[pygame.Rect] = []  # where the others' stacks are drawn
        labels: list[pygame.Rect] = []  # and their names
        for p in range(1, obs.n):
            x, y, beside_ok = spots[p]
            name = names[p] if p < len(names) else shown_name(seat_name(p, obs.n))
            # Translators: a seat on the review's board: "Lefty: 11 in hand".
            words = _("{name}: {count} in hand").format(name=name, count=obs.hand_counts[p])
            # A long name on the right-hand side keeps within the board.
            label = pygame.Rect((x, y), W.font(theme, px, True).size(words))
            label.x = min(x, board.right - int(8 * s) - label.width)
            self.text(surface, words, label.topleft, px, ink, bold=True)
            labels.append(label)
            y += int(px * 1.5)
            self.draw_slots(surface, obs, truth, p, x, y, small, outline)
            gap_small = max(4, small[0] // 8)
            stacks_w = 4 * (small[0] + gap_small) - gap_small
            others.append(pygame.Rect(x, y, stacks_w, small[1] * 5 // 4))
            if truth is not None:
                hand = truth.hand_ids(p)
                # The player across: the hand beside the stacks, in the top row, where
                # below them it would run into the side players' names.
                beside = x + stacks_w + 2 * gap_small
                wide = board.right - int(14 * s) - beside
                if beside_ok and wide >= 2 * small[0]:
                    x_held, y_held, room = beside, y, wide - small[0]
                else:
                    x_held, y_held = x, y + small[1] + small[1] // 4 + 6
                    room = 4 * (small[0] + 4) - small[0]
                step = max(6, min(small[0] // 2, room // max(1, len(hand) - 1)))
                self.draw_cards(surface, hand, x_held, y_held, small, step, outline)
                held = step * max(0, len(hand) - 1) + small[0]
                others.append(pygame.Rect(x_held, y_held, held, small[1]))
        return others, labels

    def _spots(
        self, n: int, small: tuple[int, int], px: int, hindsight: bool
    ) -> dict[int, tuple[int, int, bool]]:
        """Where each other seat's name goes (its stacks under it), from your left round
        to your right as at the table (``ARCS``), and whether its hand (in hindsight) may
        lie beside its stacks rather than under them."""
        s = self.scale
        board = self.board
        gap_small = max(4, small[0] // 8)
        stacks_w = 4 * (small[0] + gap_small) - gap_small
        left_n, top_n, right_n = ARCS[n - 1]
        x_left = board.x + int(14 * s)
        x_right = board.right - int(14 * s) - stacks_w
        if n <= 4:  # you and three: left, across, right
            first = board.y + int(board.height * 0.26)
            spots = [(x_left, first, False)] * left_n
            spots += [(board.centerx - 2 * small[0], board.y + int(10 * s), True)] * top_n
            spots += [(x_right, first, False)] * right_n
            return {p: spot for p, spot in enumerate(spots, start=1)}
        # A fuller table: a row across the top (under the hindsight line), then each side's
        # seats one under another, beside your cards.
        tall = int(px * 1.5) + small[1] * 5 // 4 + int(8 * s)
        if hindsight:
            tall += small[1] + 6
        y_top = board.y + int(10 * s) + (self.banner_height(px) if hindsight else 0)
        out: list[tuple[int, int, bool]] = []
        cell = (board.width - 2 * int(14 * s)) / max(1, top_n)
        top_row = [
            (int(board.x + int(14 * s) + cell * i + (cell - stacks_w) / 2), y_top, top_n == 1)
            for i in range(top_n)
        ]
        first = y_top + (tall if top_n else 0)
        for i in reversed(range(left_n)):
            out.append((x_left, first + i * tall, False))
        out += top_row
        out += [(x_right, first + i * tall, False) for i in range(right_n)]
        return {p: spot for p, spot in enumerate(out, start=1)}

    def _others_size(
        self, n: int, ch: int, size: tuple[int, int], hindsight: bool
    ) -> tuple[int, int]:
        """The others' cards' size: smaller at a fuller table, as at the table itself, and
        smaller still where the side seats (their hands too, in hindsight) would reach
        down to your hand."""
        shares = (0.62,) if n <= 4 else (0.56 if n <= 6 else 0.5, 0.46, 0.42, 0.38, 0.34)
        px = max(12, int(16 * self.scale))
        y_hand = self.board.bottom - size[1] - int(12 * self.scale)
        for share in shares:
            small = card_size(int(ch * share))
            if n <= 4 or self._side_bottom(n, small, px, hindsight) <= y_hand - int(4 * self.scale):
                break
        return small

    def _side_bottom(self, n: int, small: tuple[int, int], px: int, hindsight: bool) -> int:
        """Where the lowest side seat's cards end, at a fuller table (see :meth:`_spots`)."""
        spots = self._spots(n, small, px, hindsight)
        left_n, top_n, right_n = ARCS[n - 1]
        sides = [y for p, (_x, y, _beside) in spots.items() if not left_n < p <= left_n + top_n]
        tall = int(px * 1.5) + small[1] * 5 // 4 + (small[1] + 6 if hindsight else 0)
        return max(sides, default=0) + tall

    def banner_height(self, px: int) -> int:
        """The hindsight line's height on a fuller table's board (one line across its top)."""
        return int(px * 1.5)

    def _caption_place(
        self,
        caption: str,
        px: int,
        px_pile: int,
        py: int,
        top: Sequence[int],
        fan: int,
        size: tuple[int, int],
        others: list[pygame.Rect],
    ) -> pygame.Rect:
        """Where the pile's caption goes."""
        s = self.scale
        board = self.board
        theme = self.app.theme
        # Beside the pile, level with its middle, on its right (or, where the others' cards
        # leave no room there, on its left, under it, above it, or in the board's top right
        # corner): never over anyone's cards.
        text_w, text_h = W.font(theme, px).size(caption)
        pad = int(10 * s)
        right = px_pile + (fan * (len(top) - 1) if top else 0) + size[0] + pad
        middle = py + size[1] // 2 - text_h // 2
        places = [
            pygame.Rect(right, middle, text_w, text_h),
            pygame.Rect(px_pile - pad - text_w, middle, text_w, text_h),
            pygame.Rect(board.centerx - text_w // 2, py + size[1] + pad // 2, text_w, text_h),
            pygame.Rect(board.centerx - text_w // 2, py - pad // 2 - text_h, text_w, text_h),
            # A crowded board (every card shown in a small window): its top right corner.
            pygame.Rect(board.right - pad - text_w, board.y + pad, text_w, text_h),
        ]
        taken = [*others, self.own_rect]
        rect = next(
            (r for r in places if board.contains(r) and r.collidelist(taken) == -1), places[0]
        )
        return rect


class OnTheBoard:
    """What a page drawn around a :class:`DecisionBoard` shares (the Review screen and
    Puzzles): its places as the board lays them out, and the board drawn at the page's
    decision. The page sets ``table_part`` and keeps ``decisions``, ``index``, ``names``,
    ``hindsight`` and an ``outlined()`` of its own."""

    table_part: DecisionBoard
    decisions: list[Decision]
    index: int
    names: list[str]
    hindsight: bool

    def outlined(self) -> list[tuple[Action, Sequence[int]]]:
        return []

    # The page's places, as the board lays them out (tests and the layout read them).
    @property
    def frame(self) -> pygame.Rect:
        return self.table_part.frame

    @property
    def board(self) -> pygame.Rect:
        return self.table_part.board

    @property
    def panel(self) -> pygame.Rect:
        return self.table_part.panel

    @property
    def scale(self) -> float:
        return self.table_part.scale

    @property
    def caption_rect(self) -> pygame.Rect:
        return self.table_part.caption_rect

    @property
    def own_rect(self) -> pygame.Rect:
        return self.table_part.own_rect

    @property
    def others_rects(self) -> list[pygame.Rect]:
        return self.table_part.others_rects

    @property
    def name_rects(self) -> list[pygame.Rect]:
        return self.table_part.name_rects

    def _layout_frame(self) -> tuple[int, int, float]:
        return self.table_part.layout()

    def _text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        px: int,
        rgb: Sequence[int] | None = None,
        bold: bool = False,
        width: int = 0,
    ) -> int:
        return self.table_part.text(surface, text, pos, px, rgb, bold, width)

    def _draw_board(self, surface: pygame.Surface, theme: Any) -> None:
        self.table_part.draw(
            surface, self.decisions[self.index], self.outlined(), self.names, self.hindsight
        )


__all__ = ["DecisionBoard", "OnTheBoard", "cards_of"]
