"""The keyboard at the table: the focus along your cards, choosing (Up, Down, a
number of a rank), Enter to play, F to flip, D for Done, H for a hint, Page Up and
Down through the log."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.i18n import _

from ..model import TableModel
from ..view import mystery_ids
from .moves import Moves, nothing_selected


class Keys:
    """A key at your turn, turned into a move of the focus, a choice or a play."""

    def __init__(self, model: TableModel, moves: Moves, pause: Callable[[], None]) -> None:
        self.model = model
        self.moves = moves
        self.pause = pause  # Esc: the pause menu

    def key(self, event: pygame.event.Event) -> bool:
        """A key at the table (True when it was the table's): the focus moved, cards
        chosen, played or flipped, Done, a hint, the log scrolled, the pause menu."""
        key = event.key
        mine = self.model.view.seat_cards(HUMAN_SEAT)
        if mine:
            self.model.focus = max(0, min(self.model.focus, len(mine) - 1))
        if self.focus_key(key, len(mine)) or self.choose_key(key, mine):
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play_key(key)
            return True
        if key == pygame.K_f:
            self.flip_key(mine)
            return True
        commands: dict[int, Callable[[], object]] = {
            pygame.K_d: self.moves.done,
            pygame.K_BACKSPACE: self.moves.done,
            pygame.K_h: self.moves.show_hint,
            pygame.K_PAGEUP: lambda: self.scroll_log(3),  # the log, a few plays at a time
            pygame.K_PAGEDOWN: lambda: self.scroll_log(-3),
            pygame.K_ESCAPE: self.pause,
        }
        if key in commands:
            commands[key]()
            return True
        return False

    def focus_key(self, key: int, cards: int) -> bool:
        """Left (A), Right, Home and End move the focus along your cards."""
        last = max(0, cards - 1)
        moved = {
            pygame.K_LEFT: max(0, self.model.focus - 1),
            pygame.K_a: max(0, self.model.focus - 1),
            pygame.K_RIGHT: min(last, self.model.focus + 1),
            pygame.K_HOME: 0,
            pygame.K_END: last,
        }.get(key)
        if moved is None:
            return False
        self.model.focus = moved
        return True

    def choose_key(self, key: int, mine: list[int]) -> bool:
        """Up chooses the focused card, Down lets it go, a number key chooses that many
        of its rank (never a mystery card's)."""
        if not mine:
            return False
        card = mine[self.model.focus]
        if key == pygame.K_UP:
            if card not in self.model.selected:
                self.moves.toggle_select(card)
            return True
        if key == pygame.K_DOWN:
            if card in self.model.selected:
                self.moves.toggle_select(card)
            return True
        if pygame.K_1 <= key <= pygame.K_8:
            if card not in mystery_ids(self.model.state, HUMAN_SEAT):
                self.moves.select_rank(card, key - pygame.K_0)
            return True
        return False

    def play_key(self, key: int) -> None:
        """Enter or Space plays what you chose. Only that: Space also steps through the
        AIs' plays (a press meant for them must not become your move), and Enter never
        flips a mystery card the focus happens to rest on (F flips, on purpose)."""
        if self.model.selected:
            self.moves.try_play(list(self.model.selected))
        elif key != pygame.K_SPACE and self.model.you_play:
            self.moves.notify(nothing_selected())
        self.moves.rebuilt()

    def flip_key(self, mine: list[int]) -> None:
        """F flips the focused mystery card, else the first one uncovered."""
        st = self.model.state
        focused = mine[self.model.focus] if mine else None
        if focused is not None and focused in mystery_ids(st, HUMAN_SEAT):
            self.moves.try_play([focused])
        elif st is not None:
            slots = st.uncovered_slots(HUMAN_SEAT)
            down = st.down[HUMAN_SEAT][slots[0]] if slots else None
            if down is not None:
                self.moves.try_play([down])
            else:
                self.moves.refuse(
                    _("No mystery card is uncovered: play a face-up card from it first")
                )

    def scroll_log(self, step: int) -> None:
        self.model.log_scroll = max(0, min(len(self.model.log) - 1, self.model.log_scroll + step))
