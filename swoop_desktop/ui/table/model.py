"""The table's shared state: what the parts read, each field with its one writer.

The table is built from parts that never inherit from one another (see
``docs/architecture.md``): the **flow** (:mod:`.flow`) owns the match, the
seats, the drivers, the public history and saving; the **presenter**
(:mod:`.presenter`) turns engine events into animation steps; **input**
(:mod:`.input`) turns pointer and keys into actions and selections; the
**drawing** (:mod:`.draw`) only reads. They share this model and nothing else
(input is also given the theme and the commands it may ask for; the drawing the
card art and the theme).

Every field names the part that writes it, once, in its metadata (``writers``);
:data:`PARTS` says which modules each part is (a folder: every module in it). A part may read any field; a field is
written only by the part named (or, for the log and the toast, only through the
model's own methods, which any part may call). ``tests/ui/table/test_parts.py`` walks
every module of the ui and fails when one writes (assigns, or changes in place) a
field through ``model.`` that its part does not own. What input drags and presses, and
which AI is thinking, are small typed records (:class:`Drag`, :class:`Press`,
:class:`Thinking`), not dictionaries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, Add, Flip, Play
from swoop_desktop.names import shown_name

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

#: The parts that write the model, each with the modules it is made of (paths under
#: ``swoop_desktop/``). The card places (:mod:`.places`) are the presenter's: they make
#: and place the sprites, for whoever lays out.
PARTS: dict[str, tuple[str, ...]] = {
    "flow": ("ui/table/flow.py",),
    "presenter": ("ui/table/presenter.py", "ui/table/places.py"),
    "input": ("ui/table/input/",),  # a package: every module in it
    "drawing": ("ui/table/draw/",),  # only reads
    "scene": ("ui/scenes/table.py",),
    "words": (),  # the log and the toast: only through the model's own methods
}

# Each field's writers, as its metadata.
FLOW: dict[str, Any] = {"writers": ("flow",)}
PRESENTER: dict[str, Any] = {"writers": ("presenter",)}
INPUT: dict[str, Any] = {"writers": ("input",)}
SCENE: dict[str, Any] = {"writers": ("scene",)}
WORDS: dict[str, Any] = {"writers": ("words",)}
#: The animator is shared: the presenter queues the steps that show events, input adds
#: its own small tweens (a selection's lift, a card snapping back), the scene advances it
#: and changes its speed.
SHARED: dict[str, Any] = {"writers": ("presenter", "input", "scene")}


@dataclass
class Press:
    """A press on one of your cards that may become a click or a drag (input's)."""

    card: int
    pos: tuple[int, int]  # where the pointer went down


@dataclass
class Drag:
    """Your cards being dragged (input's): where each sits from the pointer, where the
    pointer is, and whether dropping them on the pile would be a legal play (if not,
    the plain words and the rule that refuse it)."""

    ids: list[int]
    offsets: dict[int, tuple[float, float]]  # each card from the pointer
    pos: tuple[int, int]
    legal: bool
    reason: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Thinking:
    """The AI thinking now (the flow's): its seat, and since when (the table's clock)."""

    seat: int
    since: float


@dataclass(eq=False)
class TableModel:
    """The state of one table that more than one part reads."""

    # --- written by the flow (the match advances only through ``TableFlow.apply``, and
    # goes back, a new match replayed from the deal, only through ``TableFlow.take_back``)
    match: Match = field(metadata=FLOW)
    seats: list[Seat] = field(metadata=FLOW)
    #: the public record of the current deal (the AIs' and hints' input)
    history: PublicHistory = field(metadata=FLOW)
    #: the person at the screen plays seat 0 (not in the demo or a replay)
    you_play: bool = field(metadata=FLOW)
    # (written by the scene: where everything sits, a new layout at every resize)
    lay: Layout = field(metadata=SCENE)
    #: plays made so far (a new number is a new position)
    plays: int = field(default=0, metadata=FLOW)
    last_actor: int = field(default=0, metadata=FLOW)  # the seat that made the last play
    #: "wait for my click" before the next AI plays
    wait_click: bool = field(default=False, metadata=FLOW)
    thinking: Thinking | None = field(default=None, metadata=FLOW)  # the AI thinking now

    # --- written by the scene
    clock: float = field(default=0.0, metadata=SCENE)  # seconds since the table opened
    anim: Animator = field(default_factory=Animator, metadata=SHARED)  # made once; shared

    # --- written by the presenter (the picture follows the engine event by event)
    view: TableView = field(default_factory=TableView, metadata=PRESENTER)
    # Sprites are made and placed through :mod:`.places` and moved by tweens; input moves
    # only the cards it drags. ``buried`` is noted by ``places.targets`` at every layout.
    sprites: dict[int, CardSprite] = field(default_factory=dict, metadata=PRESENTER)
    #: hidden under others: not drawn
    buried: set[int] = field(default_factory=set, metadata=PRESENTER)
    #: (words, seconds left) over the pile; fades
    banner: tuple[str, float] | None = field(default=None, metadata=PRESENTER)
    #: each seat's last-play marker
    news: dict[int, tuple[str, float]] = field(default_factory=dict, metadata=PRESENTER)
    #: the cards of the last play
    last_play: set[int] = field(default_factory=set, metadata=PRESENTER)
    #: when the turn last moved to another seat
    turn_since: float = field(default=0.0, metadata=PRESENTER)
    #: a hand's end is shown or about to be
    overlay_pending: bool = field(default=False, metadata=PRESENTER)
    #: log lines still being animated
    unshown_log: list[str] = field(default_factory=list, metadata=PRESENTER)

    # --- written by input
    selected: list[int] = field(default_factory=list, metadata=INPUT)
    focus: int = field(default=0, metadata=INPUT)  # the keyboard's card (an index into your cards)
    hover: int | None = field(default=None, metadata=INPUT)  # your card under the pointer
    #: where the pointer was last seen
    pointer: tuple[int, int] | None = field(default=None, metadata=INPUT)
    drag: Drag | None = field(default=None, metadata=INPUT)  # cards being dragged
    press: Press | None = field(default=None, metadata=INPUT)  # may become a click or a drag
    last_click: tuple[int, float] | None = field(default=None, metadata=INPUT)
    #: keys pressed during an animation
    key_queue: list[pygame.event.Event] = field(default_factory=list, metadata=INPUT)
    buttons: list[Button] = field(default_factory=list, metadata=INPUT)
    log_scroll: int = field(default=0, metadata=INPUT)  # add_log scrolls back, too
    #: the hints shown to you (input tells the flow; it saves them and drops taken-back
    #: ones), by (hand, play of the hand): their exact words, kept with the game so its
    #: review quotes only what you were shown
    hints: dict[tuple[int, int], str] = field(default_factory=dict, metadata=FLOW)

    # --- written only through :meth:`add_log`, :meth:`notify`, :meth:`hush` and :meth:`fade`
    log: list[str] = field(default_factory=list, metadata=WORDS)
    #: (words, seconds left, ink)
    toast: tuple[str, float, Colour] | None = field(default=None, metadata=WORDS)

    # ------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        return self.match.state  # type: ignore[return-value]

    @property
    def idle(self) -> bool:
        """Nothing animating and no overlay waiting: the table takes plays."""
        return not self.anim.busy and not self.overlay_pending

    def seat_name(self, seat: int) -> str:
        """The seat's name as the player reads it (the default names in the player's
        language; :func:`names.is_you_name` tells the player's own)."""
        return shown_name(self.seats[seat].name)

    def is_yours(self, seat: int) -> bool:
        """``seat`` is the one the person at the screen plays (seat 0, unless the AI plays
        it: the demo)."""
        return seat == HUMAN_SEAT and self.you_play

    def your_turn(self) -> bool:
        """It is seat 0's play in the engine and the person at the screen plays it."""
        st = self.state
        return st is not None and not st.is_over and self.is_yours(st.to_move)

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
