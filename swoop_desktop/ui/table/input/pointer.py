"""The pointer at the table: the card under it, a click (choose, double-click to
play), a right click (all of a rank), a drag to the pile and the snap back of one the
rules refuse.

:class:`Pointer` alone writes the press, the drag and the card under the pointer.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF, IllegalActionError
from swoop_desktop.i18n import _

from ...controls import set_hand_cursor
from .. import places
from ..model import Drag, Press, TableModel
from ..refusals import plain_words
from ..view import mystery_ids
from .moves import Moves, their_turn

DRAG_THRESHOLD = 6  # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds


class Pointer:
    """Presses, clicks and drags of your cards."""

    def __init__(self, model: TableModel, moves: Moves, skip: Callable[[], None]) -> None:
        self.model = model
        self.moves = moves
        self.skip = skip  # show the plays under way at once

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """Your card under ``pos`` (the topmost one), or None.

        The hand row has no dead zones: a point in the narrow gap between two hand
        cards belongs to the nearer of them.
        """
        best, best_z = None, -1
        for c in self.model.view.seat_cards(HUMAN_SEAT):
            s = self.model.sprites.get(c)
            if s is not None and s.contains(pos) and s.z > best_z:
                best, best_z = c, s.z
        if best is None and self.model.view.hands:
            row = [
                self.model.sprites[c]
                for c in self.model.view.hands[HUMAN_SEAT]
                if c in self.model.sprites
            ]
            near = [
                s
                for s in row
                if abs(pos[1] - s.y) <= s.h / 2
                and abs(pos[0] - s.x) <= s.w / 2 + self.model.lay.px(14)
            ]
            if near:
                best = min(near, key=lambda s: abs(pos[0] - s.x)).id
        return best

    def mouse_down(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        if event.button == 4 or event.button == 5:
            return False
        if self.model.anim.busy or self.model.wait_click:
            if self.model.overlay_pending and not self.model.anim.busy:
                return True
            self.skip()
            st = self.model.state
            if (
                event.button == 1
                and st is not None
                and not st.is_over
                and st.to_move != HUMAN_SEAT
                and self.model.you_play
                and self.card_at(pos) is not None
            ):
                # Reaching for a card while an opponent plays: say whose turn it is.
                # Translators: a toast when you reach for a card while {name} ("Lefty") plays.
                waiting = _("Wait for {name}")
                self.moves.notify(
                    waiting.format(name=self.model.seat_name(st.to_move)), seconds=1.5
                )
            return True
        card = self.card_at(pos)
        if event.button == 3:
            if card is not None and card not in mystery_ids(self.model.state, HUMAN_SEAT):
                self.moves.select_rank(card)
            return True
        if event.button != 1:
            return False
        if card is not None:
            self.model.press = Press(card, pos)
            return True
        if self.model.lay.pile_drop_rect.collidepoint(pos) and self.model.selected:
            self.moves.try_play(list(self.model.selected))
            self.moves.rebuilt()
            return True
        if self.model.selected:
            self.model.selected = []
            self.moves.restack()
            self.moves.rebuilt()
        return True

    def mouse_move(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        self.model.pointer = (int(pos[0]), int(pos[1]))
        if self.model.drag is not None:
            for c, (ox, oy) in self.model.drag.offsets.items():
                s = self.model.sprites[c]
                s.x, s.y = pos[0] + ox, pos[1] + oy
            self.model.drag.pos = pos
            return True
        if self.model.press is not None:
            px, py = self.model.press.pos
            if abs(pos[0] - px) + abs(pos[1] - py) >= DRAG_THRESHOLD:
                self.start_drag(self.model.press.card, self.model.press.pos)
                self.model.press = None
                return self.mouse_move(event)
            return False
        hover = self.card_at(pos) if self.model.you_play else None
        if hover != self.model.hover:
            self.model.hover = hover
            set_hand_cursor(hover is not None)
        return False

    def start_drag(self, card: int, origin: tuple[int, int]) -> None:
        if card in mystery_ids(self.model.state, HUMAN_SEAT):
            ids = [card]
        elif card in self.model.selected:
            ids = [card] + [
                c for c in self.model.selected if c != card and RANK_OF[c] == RANK_OF[card]
            ]
        else:
            ids = [card] + [c for c in self.model.selected if RANK_OF[c] == RANK_OF[card]]
        offsets = {}
        for i, c in enumerate(ids):
            s = self.model.sprites[c]
            self.model.anim.cancel_loose(s)
            base = self.model.sprites[card]
            offsets[c] = (
                base.x - origin[0] + i * self.model.lay.px(18),
                base.y - origin[1] + i * 4,
            )
            s.z = 2000 + i
        action = self.moves.action_for(ids)
        legal, reason, rule = False, "", ""
        st = self.model.state
        if action is not None and st is not None:
            if st.to_move != HUMAN_SEAT:
                reason = their_turn(self.model.seat_name(st.to_move))
            else:
                try:
                    st.check(action)
                    legal = True
                except IllegalActionError as exc:
                    reason, rule = plain_words(exc), exc.rule
                why = self.moves.lesson_says(action) if legal else None
                if why:
                    legal, reason = False, why
        self.model.drag = Drag(ids, offsets, origin, legal, reason, rule)

    def mouse_up(self, event: pygame.event.Event) -> bool:
        if event.button != 1:
            return False
        pos = event.pos
        if self.model.drag is not None:
            drag, self.model.drag = self.model.drag, None
            if self.model.lay.pile_drop_rect.collidepoint(pos):
                if drag.legal and self.moves.try_play(drag.ids):
                    return True
                self.moves.refuse(drag.reason or _("That cannot be played now"), drag.rule)
            self.snap_back(drag.ids)
            return True
        if self.model.press is not None:
            card = self.model.press.card
            self.model.press = None
            self.click_card(card)
            return True
        return False

    def snap_back(self, ids: list[int]) -> None:
        places.snap_back(self.model, ids)

    def click_card(self, card: int) -> None:
        mine = self.model.view.seat_cards(HUMAN_SEAT)
        if card in mine:
            self.model.focus = mine.index(card)
        if card in mystery_ids(self.model.state, HUMAN_SEAT):
            self.moves.try_play([card])
            return
        now = self.model.clock
        if (
            self.model.last_click
            and self.model.last_click[0] == card
            and now - self.model.last_click[1] < DOUBLE_CLICK
        ):
            self.model.last_click = None
            self.model.selected = []
            if not self.moves.try_play([card]):
                self.moves.restack()
            self.moves.rebuilt()
            return
        self.model.last_click = (card, now)
        self.moves.toggle_select(card)
