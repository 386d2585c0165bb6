"""What the parts of the table share, declared in one place.

The table scene (:mod:`swoop_desktop.ui.scenes.table`) is built from parts:
the flow of a hand and the showing of events (the scene itself), input
(:mod:`~swoop_desktop.ui.table.input`), drawing
(:mod:`~swoop_desktop.ui.table.draw`), and the seat drivers and configuration
(:mod:`~swoop_desktop.ui.table.drivers`). :class:`TableParts` is the contract
between them: every attribute one part reads and another sets, with its type,
and the methods one part calls on another. The scene sets them all in its
``__init__``; a type checker holds the parts to this list, so a new shared
attribute has to be declared here first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import random

    import pygame

    from swoop_desktop.engine import Action, GameState, Match
    from swoop_desktop.engine.observation import PublicHistory

    from ..appapi import AppAPI
    from ..cards import CardArt
    from ..controls import Button
    from .drivers import SeatDriver, TableConfig
    from .layout import Layout
    from .seats import HintJob, Seat
    from .show import Animator, CardSprite, Tween
    from .view import TableView

Colour = tuple[int, int, int]


class TableParts:
    """The table's shared state (set by the scene) and the calls between its parts."""

    app: AppAPI
    config: TableConfig
    match: Match
    seats: list[Seat]
    drivers: list[SeatDriver]
    rng: random.Random  # think times
    history: PublicHistory
    view: TableView
    anim: Animator
    art: CardArt
    lay: Layout
    sprites: dict[int, CardSprite]
    buried: set[int]  # cards hidden under others, skipped when drawing
    clock: float
    # input
    selected: list[int]
    focus: int
    hover: int | None
    drag: dict[str, Any] | None
    press: dict[str, Any] | None
    pointer: tuple[int, int] | None
    last_click: tuple[int, float] | None
    _buttons_for: tuple[bool, bool] | None
    key_queue: list[pygame.event.Event]
    buttons: list[Button]
    wait_click: bool
    # what the table says
    log: list[str]
    log_scroll: int
    toast: tuple[str, float, Colour] | None
    banner: tuple[str, float] | None
    news: dict[int, tuple[str, float]]
    last_play: set[int]
    last_actor: int
    turn_since: float
    overlay_pending: bool
    hint_job: HintJob | None  # a hint being looked for
    plays: int
    _text_cache: dict[tuple[Any, ...], Any]  # rendered lines and wrapped paragraphs
    _felt: pygame.Surface | None

    if TYPE_CHECKING:  # provided by the scene and the other parts

        @property
        def state(self) -> GameState: ...

        @property
        def idle(self) -> bool: ...

        @property
        def you_play(self) -> bool: ...

        @property
        def thinking(self) -> dict[str, Any] | None: ...

        @property
        def ai_pace(self) -> str: ...

        def seat_name(self, seat: int) -> str: ...

        def notify(self, text: str, colour: Colour | None = None, seconds: float = 3.5) -> None: ...

        def add_log(self, line: str) -> None: ...

        def apply(self, action: Action) -> list[Any]: ...

        def _targets(self) -> dict[int, tuple[float, float, int, int, bool, int]]: ...

        def _restack(self) -> None: ...

        def _relayout(
            self,
            duration: float,
            special: dict[int, dict[str, Any]] | None = None,
            raise_ids: list[int] | None = None,
        ) -> list[Tween]: ...

        def show_pause(self) -> None: ...

        def pause(self) -> None: ...

        def build_buttons(self) -> None: ...

        def play_sound(self, name: str) -> None: ...

        def show_scores(self) -> None: ...
