"""How you play at the table: selecting, dragging, clicking, keys, buttons and hints.

:class:`TableInput` is built with the table's model, the theme, the table's
configuration and a few commands (:class:`InputCommands`: play an action,
skip the show, pause, open Scores, a sound). Every play you make is built
here as an engine action (with ``hand_ids`` naming the very cards you
moved) and handed to ``commands.play``; the engine checks it, and a refusal
is told in plain words. Input writes only its own fields of the model
(selection, focus, pointer, drag, buttons, queued keys, the log's scroll).

Its parts: :class:`~.moves.Moves` (your choice of cards and the plays, Done and
hints made of it), :class:`~.pointer.Pointer` (clicks and drags),
:class:`~.keys.Keys` (the keyboard) and :class:`~.buttons.ButtonMaker` (the
buttons). :class:`TableInput` hands each event to the part it is for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF, Action
from swoop_desktop.engine.events import Turn

from ..drivers import TableConfig
from ..model import Colour, TableModel
from ..thinking import HintJob
from ..view import mystery_ids
from .buttons import ButtonMaker
from .commands import InputCommands, is_undo_key
from .keys import Keys
from .moves import NOTHING_SELECTED, Moves, nothing_selected
from .pointer import DOUBLE_CLICK, DRAG_THRESHOLD, Pointer

if TYPE_CHECKING:
    from ...controls import Button
    from ...theme import Theme
    from ..layout import Layout
    from ..show import Animator

__all__ = [
    "DOUBLE_CLICK",
    "DRAG_THRESHOLD",
    "NOTHING_SELECTED",
    "InputCommands",
    "TableInput",
    "is_undo_key",
    "nothing_selected",
]


class TableInput:
    """Pointer, keys and buttons at the table, turned into actions and selections."""

    def __init__(
        self,
        model: TableModel,
        theme: Theme,
        config: TableConfig,
        show_hints: Callable[[], bool],
        commands: InputCommands,
    ) -> None:
        self.model = model
        self.theme = theme
        self.config = config
        self.show_hints = show_hints
        self.commands = commands
        self.moves = Moves(model, theme, config, commands, self.build_buttons)
        self.pointer = Pointer(model, self.moves, commands.skip)
        self.keys = Keys(model, self.moves, self.pause)
        self.button_maker = ButtonMaker(self, self.moves, config, commands, show_hints)

    # What a configuration's controls (a replay's) may use: ControlledTable.
    @property
    def anim(self) -> Animator:
        return self.model.anim

    @property
    def lay(self) -> Layout:
        return self.model.lay

    @property
    def buttons(self) -> list[Button]:
        return self.model.buttons

    @property
    def log(self) -> list[str]:
        return self.model.log

    @property
    def clock(self) -> float:
        return self.model.clock

    @property
    def log_scroll(self) -> int:
        return self.model.log_scroll

    @log_scroll.setter
    def log_scroll(self, value: int) -> None:
        self.model.log_scroll = value

    def build_buttons(self) -> None:
        """The buttons for the table as it is now."""
        self.button_maker.build()

    # What the scene, the pilot and a lesson ask of input, answered by the part for it.
    @property
    def hint_job(self) -> HintJob | None:
        return self.moves.hint_job

    def notify(self, text: str, colour: Colour | None = None, seconds: float = 3.5) -> None:
        self.moves.notify(text, colour, seconds)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        return self.pointer.card_at(pos)

    def action_for(self, ids: list[int]) -> Action | None:
        return self.moves.action_for(ids)

    def try_play(self, ids: list[int]) -> bool:
        return self.moves.try_play(ids)

    def done(self) -> None:
        self.moves.done()

    def toggle_select(self, card: int) -> None:
        self.moves.toggle_select(card)

    def collect_hint(self) -> None:
        self.moves.collect_hint()

    # ------------------------------------------------------------ told by the scene
    def new_hand(self) -> None:
        """A new deal: nothing selected, nothing under the pointer."""
        self.model.selected.clear()
        self.forget_pointer()

    def forget_pointer(self) -> None:
        """A new deal or a new window size: where the pointer was says nothing about the
        cards now, so no card is outlined until the mouse moves again."""
        self.model.pointer = None
        self.model.hover = None

    def let_go(self) -> None:
        """The window changed size: any card in hand is dropped where it belongs."""
        self.model.drag = None
        self.model.press = None
        self.forget_pointer()

    def played(self) -> None:
        """A play was made: the selection keeps only cards still in your hand."""
        model = self.model
        hand = set(model.state.hand_ids(HUMAN_SEAT))
        model.selected = [c for c in model.selected if c in hand]

    def taken_back(self) -> None:
        """A take-back: nothing in hand, nothing selected, no hint on its way for the
        position that is gone."""
        self.model.selected = []
        self.model.last_click = None
        self.moves.hint_job = None
        self.let_go()

    def forget_keys(self) -> None:
        """Keys meant for the old hand never play into the next one."""
        self.model.key_queue.clear()

    def turn_came(self, ev: Turn) -> None:
        """Your turn: the keyboard focus goes to a card that answers the question asked."""
        model = self.model
        mine = model.view.seat_cards(HUMAN_SEAT)
        if ev.phase == "follow" and ev.rank is not None:
            rank = ev.rank
            first = next((c for c in mine if RANK_OF[c] == rank), None)
        elif ev.phase == "chain":
            downs = mystery_ids(model.state, HUMAN_SEAT)
            first = next((c for c in mine if c in downs), None)
        else:
            first = None
        if first is not None:
            model.focus = mine.index(first)

    def follow_picture(self) -> None:
        """Buttons and the hover mark follow the picture: play buttons come back when
        the cards have landed, the Hint button follows its setting at once, and a
        card the pointer has left (or that moved away) loses its outline."""
        model = self.model
        want = (model.anim.busy, self.show_hints())
        if want != self.button_maker.buttons_for:
            self.build_buttons()
        if model.pointer is not None and model.drag is None:
            hover = self.pointer.card_at(model.pointer) if model.you_play else None
            if hover != model.hover:
                model.hover = hover

    def take_queued_keys(self) -> None:
        """Keys pressed while the cards moved, now the table is quiet."""
        queued, self.model.key_queue = self.model.key_queue, []
        for ev in queued:
            self.keys.key(ev)

    def handle(self, event: pygame.event.Event) -> bool:
        lesson = self.config.lesson
        if lesson is not None and lesson.handle(self.model, event):
            return True
        controls = self.config.controls
        if controls is not None:  # a replay takes no card play: its controls answer
            return controls.handle(self, event)
        for b in self.buttons:
            if b.handle(event):
                return True
        et = event.type
        if et == pygame.WINDOWLEAVE:  # the pointer left the window: no card is under it
            self.model.pointer = None
            self.model.hover = None
            return False
        if et == pygame.MOUSEBUTTONDOWN:
            return self.pointer.mouse_down(event)
        if et == pygame.MOUSEMOTION:
            return self.pointer.mouse_move(event)
        if et == pygame.MOUSEBUTTONUP:
            return self.pointer.mouse_up(event)
        if et == pygame.MOUSEWHEEL:
            self.model.log_scroll = max(
                0, min(len(self.model.log) - 1, self.model.log_scroll + event.y)
            )
            return True
        if et == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE,) and (self.model.anim.busy or self.model.wait_click):
                self.commands.skip()
                return True
            if event.key == pygame.K_ESCAPE:
                self.pause()
                return True
            if is_undo_key(event) and self.model.you_play:
                self.commands.take_back()  # at once, even while the cards move
                return True
            if not self.model.idle:
                if len(self.model.key_queue) < 8:
                    self.model.key_queue.append(event)
                return True
            return self.keys.key(event)
        return False

    def pause(self) -> None:
        """Esc or the pause button: let go of any card, then the scene shows Pause."""
        if self.model.drag is not None:
            self.pointer.snap_back(self.model.drag.ids)
            self.model.anim.finish_loose()
        self.model.drag = None
        self.model.press = None
        self.commands.pause()
