"""The table: you against two to seven AI opponents, every engine event animated.

The scene is a thin coordinator of parts that never inherit from one another
(see ``docs/architecture.md``):

- the **model** (:class:`~swoop_desktop.ui.table.model.TableModel`): the state
  the parts share, each field with its one writer;
- the **flow** (:class:`~swoop_desktop.ui.table.flow.TableFlow`): the match,
  the seats and their drivers, the public history, saving;
- the **presenter** (:class:`~swoop_desktop.ui.table.presenter.TablePresenter`):
  engine events turned into animation steps;
- **input** (:class:`~swoop_desktop.ui.table.input.TableInput`) and the
  **drawing** (:class:`~swoop_desktop.ui.table.draw.TableDrawing`, with its seats and its words around the cards as parts).

The scene builds them, runs the frame, and wires a play:
``events = flow.apply(action)``, ``presenter.show_play(...)`` (which writes the
play's log line), then ``flow.save()``: the log saved with a position always
ends with that position's play. The engine
is always the truth and always ahead; the picture follows it event by event.
What kind of table this is (a game, the demo, the title's backdrop, a replay)
is its :class:`~swoop_desktop.ui.table.drivers.TableConfig`.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, EngineError, IllegalActionError, Match
from swoop_desktop.engine.events import Event, Turn
from swoop_desktop.engine.observation import PublicHistory
from swoop_desktop.i18n import N_, _
from swoop_desktop.storage.seats import Seat
from swoop_desktop.storage.settings import Applies

from ..cards import card_art
from ..results import HandEnd, ModalResult, Result
from ..scene import Scene
from ..table import layout as L
from ..table import places
from ..table.draw import TableDrawing
from ..table.drivers import GAME, SeatDriver, TableConfig
from ..table.flow import TableFlow, choose_seats
from ..table.input import TableInput
from ..table.model import TableModel, Thinking
from ..table.presenter import TablePresenter
from ..table.show import Animator

_log = logging.getLogger("swoop_desktop.ui")

if TYPE_CHECKING:
    from swoop_desktop.engine import GameState
    from swoop_desktop.ui.scene import AppAPI


#: Why Undo does nothing at a rated table, the daily deal (said when U or Ctrl+Z is pressed).
NO_TAKE_BACKS = N_(
    "No take-backs in a rated game or the daily deal: they would show you hidden cards. "
    "Practice games and the lesson allow them."
)


def taken_back_line(names: list[str]) -> str:
    """The log's line for a take-back: "You took back your last play and the plays of
    Lefty and Topper since" (``names``: the others who played since, in order)."""
    if not names:
        return _("You took back your last play")
    if len(names) == 1:
        who = names[0]
    else:
        # Translators: the last two of a list of names: "Lefty, Topper and Righty".
        who = _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
    # Translators: {names} is who played since: "Lefty and Topper".
    return _("You took back your last play and the plays of {names} since").format(names=who)


class _Commands:
    """What input may ask of the table (:class:`~swoop_desktop.ui.table.input.InputCommands`)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def play(self, action: Action) -> list[Event]:
        return self.scene.apply(action)

    def skip(self) -> None:
        self.scene.presenter.skip()
        self.scene.flow.go_on()

    def pause(self) -> None:
        self.scene.show_pause()

    def scores(self) -> None:
        self.scene.app.open("scores")

    def take_back(self) -> None:
        self.scene.take_back()

    def can_take_back(self) -> bool:
        return self.scene.can_take_back

    def sound(self, name: str) -> None:
        self.scene.play_sound(name)

    def hint_shown(self, place: tuple[int, int], words: str) -> None:
        self.scene.flow.hint_shown(place, words)


class TableScene(Scene):
    """One game of Swoop on the table, configured by ``config`` (see
    :mod:`~swoop_desktop.ui.table.drivers`: :data:`GAME`, :data:`DEMO`,
    ``backdrop(...)``, ``replay(...)``)."""

    name = "table"

    def __init__(
        self,
        app: AppAPI,
        config: TableConfig = GAME,
        match: Match | None = None,
        log: list[str] | None = None,
        seed: int | None = None,
        saved_seats: list[Seat] | None = None,
        hints: dict[tuple[int, int], str] | None = None,
    ) -> None:
        super().__init__(app)
        self.config = config
        settings = app.settings
        players = match.n if match is not None else app.players_override or settings.players
        seats = choose_seats(
            config, settings, app.dirs.config, match is not None, saved_seats, app.notify, players
        )
        if match is None:
            rules = app.rules_override or settings.rules
            seed = random.randrange(1 << 31) if seed is None else seed
            match = Match(rules, len(seats), seed)
        drivers: list[SeatDriver] = config.drivers(seats, match)
        self.model = TableModel(
            match=match,
            seats=seats,
            history=PublicHistory(match.n),
            you_play=drivers[HUMAN_SEAT].takes_input,
            lay=L.make_layout(app.size, settings.large_cards, match.n),
            log=list(log or []),
            anim=Animator(self._anim_speed()),
            hints=dict(hints or {}),  # the hints shown in a game continued
        )
        self.model.anim.reduced = settings.reduced_motion
        self.art = card_art(app.theme, settings, match.rules)
        self._look = settings.applying(Applies.CARDS)  # what the cards' look depends on
        self._warm = False  # every face rendered for this window size
        self.flow = TableFlow(self.model, config, drivers, app.dirs, lambda: app.ai_pace)
        self.presenter = TablePresenter(
            self.model, self.art, self.play_sound, app.theme.text, self._turned, self._hand_end
        )
        self.input = TableInput(
            self.model,
            app.theme,
            config,
            lambda: app.settings.show_hints and config.lesson is None,  # a lesson shows the way
            _Commands(self),
        )
        self.drawing = TableDrawing(self.model, self.art, app.theme, config)

    # ------------------------------------------------- what other screens know
    @property
    def match(self) -> Match:
        return self.model.match

    @property
    def seats(self) -> list[Seat]:
        return self.model.seats

    @property
    def hints(self) -> dict[tuple[int, int], str]:
        return self.model.hints

    def seat_name(self, seat: int) -> str:
        return self.model.seat_name(seat)

    def save_now(self) -> None:
        self.flow.save_now()

    # ------------------------------------------------- a few words about the table
    @property
    def state(self) -> GameState:
        return self.model.state

    @property
    def idle(self) -> bool:
        """Nothing animating and no overlay waiting: the table takes plays."""
        return self.model.idle

    @property
    def you_play(self) -> bool:
        """The person at the screen plays seat 0 (not in the demo or a replay)."""
        return self.model.you_play

    @property
    def thinking(self) -> Thinking | None:
        """The seat whose AI is thinking about its play now, and since when."""
        return self.flow.thinking()

    @property
    def human_turn(self) -> bool:
        """True when it is your play and the table is ready for it."""
        return self.model.your_turn() and self.model.idle

    @property
    def animating(self) -> bool:
        """Something on the table moves or is about to (the App keeps 60 frames a second)."""
        model = self.model
        st = model.state
        return (
            model.anim.busy
            or self.thinking is not None
            or model.toast is not None
            or model.banner is not None
            or model.drag is not None
            or model.wait_click
            or not self._warm
            or model.clock - model.turn_since < 0.5
            or (st is not None and not st.is_over and not self.flow.takes_input(st.to_move))
        )

    # ------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        if self.model.match.state is None:
            self._start_hand()
        else:
            per_action = self.flow.resume()
            actions = self.model.match.actions[-1] if self.model.match.actions else []
            self.presenter.resume(per_action, actions)
        self.input.build_buttons()

    def exit(self) -> None:
        self.flow.close()

    def persist(self) -> None:
        self.flow.persist()

    def settings_changed(self) -> None:
        self.model.anim.set_speed(self._anim_speed())
        settings = self.app.settings
        look = settings.applying(Applies.CARDS)
        if look != self._look:  # changed in Settings: the table shows it at once
            self._look = look
            self.art.set_four_colour(settings.four_colour)
            self.model.anim.reduced = settings.reduced_motion
            lay = self.model.lay
            if tuple(lay.hand_card) != tuple(
                L.make_layout(self.app.size, settings.large_cards, self.model.match.n).hand_card
            ):
                self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.model.lay = L.make_layout(size, self.app.settings.large_cards, self.model.match.n)
        self.art.clear()
        self._warm = False
        self.drawing.resize()
        # Cards in flight were aimed at the old layout: land everything, then lay out anew.
        self.model.anim.skip()
        self.input.let_go()
        places.settle(self.model)
        self.input.build_buttons()

    def on_result(self, value: ModalResult) -> None:
        """The hand's breakdown was read (``NEXT_HAND``): the next hand is dealt. Every
        other answer (the pause menu's ``RESUME``, the deciding hand's ``FINAL``, which
        the game-over sheet follows) leaves the table as it is."""
        match = self.model.match
        if value is Result.NEXT_HAND and match.hand_over and not match.over:
            self.presenter.hand_closed()
            self._start_hand()

    # ------------------------------------------------------------- a play
    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move (checked by the engine), and show it."""
        seat = self.model.state.to_move
        events = self.flow.apply(action)
        self.input.played()
        self.presenter.show_play(seat, action, events)
        self.flow.save()  # after the presenter: the saved log holds this play's line
        return events

    # ------------------------------------------------------------- a take-back
    @property
    def can_take_back(self) -> bool:
        """Undo would take a play back now (a lesson or a practice game, in a hand you
        have played in, its end not reached)."""
        model = self.model
        return (
            self.config.take_backs
            and not model.overlay_pending
            and model.match.state is not None
            and not model.match.state.is_over
            and self.flow.take_back_point() is not None
        )

    def take_back(self) -> bool:
        """Undo (U, Ctrl+Z, the Undo button): your last play and the plays since are taken
        back, and the table shows the position as it stood before it, at once. Where
        take-backs are not offered (a rated game, the daily deal) nothing changes and a
        short line says why. True when something was taken back."""
        model = self.model
        theme = self.app.theme
        if not model.you_play:
            return False  # the demo, a replay: nobody's plays to take back
        if not self.config.take_backs:
            model.notify(_(NO_TAKE_BACKS), theme.text, 4.0)
            return False
        if not self.can_take_back:
            st = model.match.state
            over = st is None or st.is_over or model.overlay_pending
            model.notify(
                _("The hand is over: plays are taken back only in the hand being played")
                if over
                else _("Nothing to take back yet: you have not played in this hand"),
                theme.text,
                3.0,
            )
            return False
        self.input.let_go()
        self.input.forget_keys()
        taken = self.flow.take_back()
        if taken is None:
            return False
        movers, per_action = taken
        others = [m for i, m in enumerate(movers) if m != HUMAN_SEAT and m not in movers[:i]]
        self.input.taken_back()
        actions = model.match.actions[-1] if model.match.actions else []
        self.presenter.taken_back(
            per_action, actions, taken_back_line([self.seat_name(m) for m in others])
        )
        self.flow.save()  # with the take-back's line in the log
        self.input.build_buttons()
        self.play_sound("pickup")
        return True

    def _start_hand(self) -> None:
        events = self.flow.start_hand()
        self.input.new_hand()
        self.presenter.new_hand(events)
        self.flow.save()  # with the deal's line in the log

    def _turned(self, ev: Turn, yours: bool) -> None:
        """A turn is shown: on yours, the first tip of the session and the keyboard's card."""
        if yours:
            if not self.app.tip_shown and self.config.lesson is None:
                self.app.tip_shown = True  # once a session, on your first turn
                self.model.notify(
                    _("Drag cards onto the pile, or click them and press Enter. H for a hint."),
                    self.app.theme.highlight,
                    7,
                )
            self.input.turn_came(ev)
        self.input.build_buttons()

    def _hand_end(self) -> None:
        """The hand's result is due (its cards have landed)."""
        self.input.forget_keys()
        if not self.config.overlays:
            if self.config.at_hand_end is not None:
                self.config.at_hand_end(
                    HandEnd.GAME_OVER if self.model.match.over else HandEnd.HAND_OVER
                )
            return
        if self.model.match.over:
            self.flow.record_finished()
        # Every hand, the deciding one too, shows its breakdown first; after the last
        # one its button leads to the game-over sheet.
        self.app.open("hand_over", self)

    # ------------------------------------------------------------- screens and sounds
    def _anim_speed(self) -> str:
        controls = self.config.controls
        if controls is not None:
            return controls.anim_speed()
        return self.config.pace or self.app.anim_speed

    @property
    def ai_pace(self) -> str:
        return self.flow.ai_pace

    def play_sound(self, name: str) -> None:
        if self.config.sound:  # the game behind the title is quiet
            self.app.sound.play(name)

    def show_pause(self) -> None:
        """The pause menu over the table (input asks for it; screens are the scene's to open)."""
        self.app.open("pause", self)

    # ------------------------------------------------------------- the frame
    def handle(self, event: pygame.event.Event) -> bool:
        return self.input.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def update(self, dt: float) -> None:
        model = self.model
        model.clock += dt
        if not self._warm:
            lay = model.lay
            self._warm = self.art.warm(
                [lay.hand_card, lay.pile_card, lay.table_card, lay.small_card], 0.001
            )
        model.anim.update(dt)
        self.input.follow_picture()
        self.input.collect_hint()
        model.fade(dt)
        problem = self.flow.save_problem()
        if problem is not None:
            model.notify(problem, self.app.theme.illegal, 6)
        self._play_on(dt)
        self.flow.note_thinking()

    def _play_on(self, dt: float) -> None:
        """On a quiet frame: the keys pressed meanwhile, then the next seat's play."""
        if not self.model.idle:
            return
        if self.model.key_queue:
            self.input.take_queued_keys()
            if not self.model.idle:
                return
        st = self.model.state
        action = self.flow.poll(dt)
        if action is None:
            return
        try:
            self.apply(action)
        except (IllegalActionError, EngineError) as exc:
            # choose_safely already guards this; the engine refused anyway: play safe.
            _log.error("%s's play refused: %s", self.seat_name(st.to_move), exc)
            self.apply(st.legal_actions()[0])
