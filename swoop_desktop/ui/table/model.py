"""The table's shared state: what the parts read, each field with its one writer.

The table is built from parts that never inherit from one another (see
``docs/architecture.md``): the **flow** (:mod:`.flow`) owns the match, the
seats, the drivers, the public history and saving; the **presenter**
(:mod:`.presenter`) turns engine events into animation steps; **input**
(:mod:`.input`) turns pointer and keys into actions and selections; the
**drawing** (:mod:`.draw`) only reads. They share this model and nothing else
(input is also given the theme and the commands it may ask for; the drawing the
card art and the theme).

Every field says which part writes it. A part may read any field; a field is
written only by the part named (or, for the log and the toast, only through
the model's own methods, which any part may call).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, Add, Flip, Play

from .show import Animator, CardSprite
from .view import TableView

if TYPE_CHECKING:
    import pygame

    from swoop_desktop.engine import GameState, Match
    from swoop_desktop.engine.observation import PublicHistory
    from swoop_desktop.storage.seats import Seat

    from ..controls import Button
    from .layout import Layout

Colour = tuple[int, int, int]


@dataclass(eq=False)
class TableModel:
    """The state of one table that more than one part reads."""

    # --- written by the flow (the match advances only through ``TableFlow.apply``, and
    # goes back, a new match replayed from the deal, only through ``TableFlow.take_back``)
    match: Match
    seats: list[Seat]
    history: PublicHistory  # the public record of the current deal (the AIs' and hints' input)
    you_play: bool  # the person at the screen plays seat 0 (not in the demo or a replay)
    # (written by the scene: where everything sits, a new layout at every resize)
    lay: Layout
    plays: int = 0  # plays made so far (a new number is a new position)
    last_actor: int = 0  # the seat that made the last play
    wait_click: bool = False  # "wait for my click" before the next AI plays
    thinking: dict[str, Any] | None = None  # the AI thinking now: {"seat", "since"}

    # --- written by the scene
    clock: float = 0.0  # seconds since the table opened
    anim: Animator = field(default_factory=Animator)  # made once; shared, see below

    # --- written by the presenter (the picture follows the engine event by event)
    view: TableView = field(default_factory=TableView)
    # Sprites are made and placed through :mod:`.places` and moved by tweens; input moves
    # only the cards it drags. ``buried`` is noted by ``places.targets`` at every layout.
    sprites: dict[int, CardSprite] = field(default_factory=dict)
    buried: set[int] = field(default_factory=set)  # hidden under others: not drawn
    banner: tuple[str, float] | None = None  # (words, seconds left) over the pile; fades
    news: dict[int, tuple[str, float]] = field(default_factory=dict)  # seat's last-play marker
    last_play: set[int] = field(default_factory=set)  # the cards of the last play
    turn_since: float = 0.0  # when the turn last moved to another seat
    overlay_pending: bool = False  # a hand's end is shown or about to be
    unshown_log: list[str] = field(default_factory=list)  # log lines still being animated

    # --- written by input
    selected: list[int] = field(default_factory=list)
    focus: int = 0  # the keyboard's card (an index into your cards)
    hover: int | None = None  # your card under the pointer
    pointer: tuple[int, int] | None = None  # where the pointer was last seen
    drag: dict[str, Any] | None = None  # cards being dragged: ids, offsets, pos, legal, reason
    press: dict[str, Any] | None = None  # a press that may become a click or a drag
    last_click: tuple[int, float] | None = None
    key_queue: list[pygame.event.Event] = field(default_factory=list)  # keys during animation
    buttons: list[Button] = field(default_factory=list)
    log_scroll: int = 0

    # --- written only through :meth:`add_log`, :meth:`notify`, :meth:`hush` and :meth:`fade`
    log: list[str] = field(default_factory=list)
    toast: tuple[str, float, Colour] | None = None  # (words, seconds left, ink)

    # The animator is shared: the presenter queues the steps that show events, input
    # adds its own small tweens (a selection's lift, a card snapping back), the scene
    # advances it and changes its speed.

    # ------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        return self.match.state  # type: ignore[return-value]

    @property
    def idle(self) -> bool:
        """Nothing animating and no overlay waiting: the table takes plays."""
        return not self.anim.busy and not self.overlay_pending

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name

    def your_turn(self) -> bool:
        """It is seat 0's play in the engine and the person at the screen plays it."""
        st = self.state
        return st is not None and not st.is_over and st.to_move == HUMAN_SEAT and self.you_play

    # ------------------------------------------------------------ the shared words
    def add_log(self, line: str) -> None:
        """A line at the bottom of the log (the view scrolls back to it)."""
        if line:
            self.log.append(line)
            self.log_scroll = 0

    def notify(self, text: str, colour: Colour, seconds: float = 3.5) -> None:
        """Words over your cards for a few seconds (refusals, hints, notices)."""
        self.toast = (text, seconds, colour)

    def hush(self, prefix: str = "") -> None:
        """Take the words away (only words starting with ``prefix``, when given)."""
        if self.toast is not None and self.toast[0].startswith(prefix):
            self.toast = None

    def fade(self, dt: float) -> None:
        """Time passes for the words: the toast and the banner fade out."""
        if self.toast:
            text, left, colour = self.toast
            self.toast = (text, left - dt, colour) if left - dt > 0 else None
        if self.banner:
            words, remaining = self.banner
            self.banner = (words, remaining - dt) if remaining - dt > 0 else None


def your_cards(state: GameState | None, action: Action) -> list[int]:
    """Your cards (seat 0's) that ``action`` plays: the mystery card a flip turns, or the
    hand cards of its rank and the face-up cards it names. Empty for anything else."""
    if state is None:
        return []
    if isinstance(action, Flip):
        card = state.down[HUMAN_SEAT][action.slot]
        return [] if card is None else [card]
    if isinstance(action, (Play, Add)):
        ids: list[int] = []
        if action.hand:
            ids.extend(sorted(state.hands[HUMAN_SEAT][action.hand[0]])[: len(action.hand)])
        ids.extend(c for s in action.up if (c := state.up[HUMAN_SEAT][s]) is not None)
        return ids
    return []
