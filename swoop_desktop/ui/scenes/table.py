"""The table: you against three AI opponents, every engine event animated.

The engine (a :class:`Match`) is always the truth and always ahead; the
picture (:class:`TableView` + one :class:`CardSprite` per card) follows it
event by event through the :class:`Animator`. Who moves each seat, and what
kind of table this is (a game, the demo, the title's backdrop, a replay), is
its :class:`~swoop_desktop.ui.table.drivers.TableConfig`: seat drivers (you
through the input part, AIs thinking on worker threads, recorded actions),
saving on or off, and what happens at a hand's end. A game is saved after
every play; finished games go to the history.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any

import pygame
import pytweening

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import (
    END,
    RANK_OF,
    Action,
    Add,
    EngineError,
    IllegalActionError,
    Match,
    count_phrase,
)
from swoop_desktop.engine.events import (
    Dealt,
    Drew,
    Event,
    Flipped,
    HandScored,
    Out,
    PickedUp,
    Played,
    Swooped,
    Turn,
)
from swoop_desktop.engine.observation import PublicHistory
from swoop_desktop.storage.seats import Seat, seats_to_json

from ..cards import CardArt
from ..controls import Button
from ..scene import Scene
from ..table import layout as L
from ..table.draw import TableDrawing
from ..table.drivers import GAME, SeatDriver, TableConfig
from ..table.input import TableInput
from ..table.seats import (
    HintJob,
    Saver,
    seat_setup,
)
from ..table.show import Animator, CardSprite, Step, Tween
from ..table.view import TableView, describe, mystery_ids, seat_news
from .overlays import HandOverScene, PauseScene
from .scores import ScoresScene

_log = logging.getLogger("swoop_desktop.ui")

PILE_FAN = 5  # top pile cards spread out

if TYPE_CHECKING:
    from swoop_desktop.ui.appapi import AppAPI


class TableScene(TableInput, TableDrawing, Scene):
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
    ) -> None:
        super().__init__(app)
        self.config = config
        settings = app.settings
        seats = None if config.seats is None else list(config.seats)
        if seats is None and saved_seats is not None and match is not None:
            # A resumed game keeps the opponents it was started with.
            seats = list(saved_seats)
        if seats is None:
            seats, problems = seat_setup(settings, app.dirs.config, demo=config.watch)
            for text in problems if config.reports else ():
                app.notify(text)
        self.seats = seats
        if match is None:
            rules = app.rules_override or settings.rules
            seed = random.randrange(1 << 31) if seed is None else seed
            match = Match(rules, 4, seed)
        self.match = match
        self.rng = random.Random(match.seed ^ 0x5EED)
        self.drivers: list[SeatDriver] = config.drivers(self.seats, match)
        self.log: list[str] = list(log or [])
        self.log_scroll = 0
        self.unshown_log: list[str] = []  # lines of plays still being animated
        self.anim = Animator(self.anim_speed)
        self.art = CardArt(
            app.theme,
            match.rules.tens_are_swoop_cards,
            settings.four_colour,
        )
        self.anim.reduced = settings.reduced_motion
        self._look = self._look_settings()
        self.sprites: dict[int, CardSprite] = {}
        self.view = TableView()
        self.history = PublicHistory(match.n)
        self.lay = L.make_layout(app.size, settings.large_cards)
        self.clock = 0.0
        self.selected: list[int] = []
        self.focus = 0
        self.press: dict[str, Any] | None = None
        self.hover: int | None = None  # your card under the pointer
        self.pointer: tuple[int, int] | None = None  # where the pointer was last seen
        self._buttons_for: tuple[bool, bool] | None = None  # (animating, hints) of buttons
        self.drag: dict[str, Any] | None = None
        self.last_click: tuple[int, float] | None = None
        self.toast: tuple[str, float, tuple[int, int, int]] | None = None
        self.banner: tuple[str, float] | None = None  # (text, seconds left)
        self.showing = -1  # the play whose events are being shown
        self.turn_since = 0.0  # when the turn last moved to another seat
        self.last_play: set[int] = set()
        # Each seat's last play in a few words, shown at its name plate until you play:
        # seat -> (words, clock when shown).
        self.news: dict[int, tuple[str, float]] = {}
        self.key_queue: list[pygame.event.Event] = []
        self.wait_click = False
        self.overlay_pending = False
        self.hint_job: HintJob | None = None
        self.saver = Saver() if config.saves else None
        self.finished_recorded = False
        self.plays = 0
        self.last_actor = 0
        self.buttons: list[Button] = []
        self._text_cache: dict[tuple, pygame.Surface] = {}
        self._felt: pygame.Surface | None = None
        self._warm = False  # every face rendered for this window size
        self.mismatches = 0
        self.buried: set[int] = set()  # cards hidden under others, skipped when drawing

    # ------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        if self.match.state is None:
            self._start_hand()
        else:
            per_action = self.match.current_hand_events()
            self.history = PublicHistory(self.match.n)
            for events in per_action:
                self.history.feed(events)
            self._sync_from_state()
            self._restore_marks(per_action)
            if self.match.hand_over:
                self.overlay_pending = True
                self.anim.add(Step(lambda: [], label="resume-over"))
                self.anim.add(Step(self._show_result, label="result"))
        self.build_buttons()

    def exit(self) -> None:
        if self.saver is not None:
            self.save_now()
            self.saver.close()

    def persist(self) -> None:
        if self.saver is not None:
            self.save_now()
            self.saver.flush()

    def settings_changed(self) -> None:
        self.anim.set_speed(self.anim_speed)
        look = self._look_settings()
        if look != self._look:  # changed in Settings: the table shows it at once
            self._look = look
            self.art.set_four_colour(look[0])
            self.anim.reduced = look[2]
            if tuple(self.lay.hand_card) != tuple(L.make_layout(self.app.size, look[1]).hand_card):
                self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.lay = L.make_layout(size, self.app.settings.large_cards)
        self.art.clear()
        self._warm = False
        self._felt = None
        self._text_cache.clear()
        # Cards in flight were aimed at the old layout: land everything, then lay out anew.
        self.anim.skip()
        self.drag = None
        self.press = None
        self._forget_pointer()
        self._settle()
        self.build_buttons()

    def on_result(self, value: Any) -> None:
        if value == "next_hand" and self.match.hand_over and not self.match.over:
            self.overlay_pending = False
            self._start_hand()
        elif value in ("new_game", "title", "quit"):
            self.overlay_pending = False

    # -------------------------------------------------------------- helpers
    @property
    def state(self):
        return self.match.state

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name

    @property
    def you_play(self) -> bool:
        """The person at the screen plays seat 0 (not in the demo or a replay)."""
        return self.drivers[HUMAN_SEAT].takes_input

    @property
    def thinking(self) -> dict[str, Any] | None:
        """The seat whose AI is thinking about its play now, and since when."""
        st = self.state
        if st is None or st.is_over:
            return None
        since = self.drivers[st.to_move].thinking(self)
        return None if since is None else {"seat": st.to_move, "since": since}

    @property
    def human_turn(self) -> bool:
        """True when it is your play and the table is ready for it."""
        st = self.state
        return (
            st is not None
            and not st.is_over
            and st.to_move == HUMAN_SEAT
            and self.you_play
            and self.idle
        )

    @property
    def animating(self) -> bool:
        """Something on the table moves or is about to (the App keeps 60 frames a second)."""
        return (
            self.anim.busy
            or self.thinking is not None
            or self.toast is not None
            or self.banner is not None
            or self.drag is not None
            or self.wait_click
            or not self._warm
            or self.clock - self.turn_since < 0.5
            or (
                self.state is not None
                and not self.state.is_over
                and not self.drivers[self.state.to_move].takes_input
            )
        )

    @property
    def idle(self) -> bool:
        """Nothing animating and no overlay waiting: the table takes plays."""
        return not self.anim.busy and not self.overlay_pending

    def sprite(self, card: int) -> CardSprite:
        found = self.sprites.get(card)
        if found is None:
            found = CardSprite(card)
            self.sprites[card] = found
        return found

    def notify(
        self, text: str, colour: tuple[int, int, int] | None = None, seconds: float = 3.5
    ) -> None:
        self.toast = (text, seconds, colour or self.app.theme.text)

    def add_log(self, line: str) -> None:
        if line:
            self.log.append(line)
            self.log_scroll = 0

    # ----------------------------------------------------------- game flow
    def _start_hand(self) -> None:
        self.news.clear()
        events = self.match.start_hand()
        self.history = PublicHistory(self.match.n)
        self.history.feed(events)
        self.selected.clear()
        self.last_play = set()
        self._forget_pointer()
        self.add_log(
            f"Hand {self.match.hand_no + 1}: {self.seat_name(self.match.dealer)} "
            f"{'deal' if self.seat_name(self.match.dealer) == 'You' else 'deals'}"
        )
        self._queue_events(events)
        self._save()

    def _sync_from_state(self) -> None:
        """Show the engine's state at once (after Continue, or if the picture went astray)."""
        st = self.state
        self.view = TableView.from_state(st)
        keep = set(self.view.all_ids())
        self.sprites = {c: s for c, s in self.sprites.items() if c in keep}
        self._settle()

    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move (checked by the engine), and show it."""
        st = self.state
        seat = st.to_move
        events = self.match.apply(action)
        yours = seat == HUMAN_SEAT and self.you_play
        if yours:
            self.toast = None  # you acted: old hints and refusals no longer apply
        self.plays += 1
        self.history.feed(events)
        kind = "add" if isinstance(action, Add) else "end" if action == END else ""
        line = describe(self.seat_name(seat), events, kind)
        self.selected = [c for c in self.selected if c in set(st.hand_ids(HUMAN_SEAT))]
        news = self._marker_words(seat, events, kind, yours)
        self._queue_events(events, line, (seat, news) if news else None)
        self._save()
        self.last_actor = seat
        nxt = self.state.to_move
        if (
            not yours
            and self.you_play
            and self.ai_pace == "click"
            and not self.state.is_over
            and not self.drivers[nxt].takes_input
        ):
            self.wait_click = True  # "wait for my click" before the next AI plays
        return events

    def _marker_words(self, seat: int, events: list[Event], kind: str, yours: bool) -> str:
        """The words of ``seat``'s last-play marker after this play ("" for none).

        A second play of the same turn (a bonus after a Swoop, a chain) reads as one, for
        your seat as for the others: "flipped a joker · Swoop! then played a 10". When you
        begin a turn, the markers start afresh (you have seen the round), and your own
        plain plays need no marker: you just made them."""
        news = seat_news(events, kind)
        continued = self.last_actor == seat and seat in self.news
        if yours and not continued:
            self.news.clear()
        if continued and news:
            return f"{self.news[seat][0].split(' then ')[-1]} then {news}"
        if yours and "picked up" not in news and "Swoop" not in news:
            return ""
        return news

    def _restore_marks(self, per_action: list[list[Event]]) -> None:
        """After a Continue: the last-play markers, the last play's outline and the bonus
        play's words, as they stood when the game was left (the deal's events first, then
        each action's)."""
        actions = self.match.actions[-1] if self.match.actions else []
        to_move = HUMAN_SEAT
        last_turn: Turn | None = None
        for i, events in enumerate(per_action):
            if i > 0 and i - 1 < len(actions):
                action = actions[i - 1]
                seat = to_move
                yours = seat == HUMAN_SEAT and self.you_play
                kind = "add" if isinstance(action, Add) else "end" if action == END else ""
                news = self._marker_words(seat, events, kind, yours)
                if news:
                    self.news[seat] = (news, self.clock)
                self.last_actor = seat
            for ev in events:
                if isinstance(ev, Played):
                    self.last_play = set(ev.ids)
                elif isinstance(ev, Turn):
                    to_move, last_turn = ev.player, ev
        if last_turn is not None and last_turn.bonus and self.state and not self.state.is_over:
            if last_turn.player == HUMAN_SEAT and self.you_play:
                self.notify("Bonus play: you go again")
            else:
                name = self.seat_name(last_turn.player)
                self.banner = (f"{name} {'play' if name == 'You' else 'plays'} again", 1.2)

    def _save(self) -> None:
        if self.saver is None:
            return
        if self.match.over:
            return
        self.save_now()

    def save_now(self) -> None:
        """Queue a save of the game in progress (atomic, on the saver thread)."""
        if self.saver is None or self.match.state is None or self.match.over:
            return
        dirs = self.app.dirs
        snap, log = self.match.copy(), (self.log + self.unshown_log)[-200:]
        seats = list(self.seats)

        def job() -> None:
            from swoop_desktop.storage import save_game

            save_game(dirs, snap, log, seats=seats)

        self.saver.submit(job)

    def _record_finished(self) -> None:
        if self.finished_recorded or self.saver is None:
            return
        self.finished_recorded = True
        dirs = self.app.dirs
        snap = self.match.copy()
        seats = seats_to_json(self.seats, brief=True)

        def job() -> None:
            from swoop_desktop.storage import retire_game

            # The saved game is cleared only once the history (or a record beside it) has
            # the game. Problems reach the player through dirs.notices, which the app shows
            # over any screen (Game Over included).
            retire_game(dirs, snap, seats)

        self.saver.submit(job)

    # ---------------------------------------------------------- the show
    def _queue_events(
        self, events: list[Event], log_line: str = "", news: tuple[int, str] | None = None
    ) -> None:
        """One animation step per engine event, in the engine's order.

        The play's log line is written once its cards have landed (before the turn
        passes on): the log, like the status line and banners, follows the picture.
        """
        serial = self.plays  # which play these events belong to
        pending = [log_line] if log_line else []

        def write_log() -> None:
            if pending:
                line = pending.pop()
                self.unshown_log.append(line)  # saved with the game even before it is shown

                def show() -> list[Tween]:
                    if line in self.unshown_log:
                        self.unshown_log.remove(line)
                    self.add_log(line)
                    if news is not None:
                        self.news[news[0]] = (news[1], self.clock)
                    return []

                self.anim.add(Step(show, label="log"))

        def step(begin: Any, hold: float = 0.0, label: str = "") -> None:
            def run() -> list[Tween]:
                if self.showing != serial:  # a new play: the last one's banner is done
                    self.showing = serial
                    self.banner = None
                return begin()

            self.anim.add(Step(run, hold=hold, label=label))

        for ev in events:
            if isinstance(ev, (Turn, Out, HandScored)):
                write_log()
            match ev:
                case Dealt():
                    step(lambda ev=ev: self._do_deal(ev), label="deal")
                case Played():
                    step(lambda ev=ev: self._do_played(ev), label="played")
                case Flipped():
                    step(lambda ev=ev: self._do_flipped(ev), hold=0.35, label="flip")
                case PickedUp():
                    step(lambda ev=ev: self._do_picked_up(ev), label="pickup")
                case Swooped():
                    step(lambda ev=ev: self._do_swooped(ev), hold=0.45, label="swoop")
                case Turn():
                    # A bonus play (after a Swoop) waits a beat, so it reads as a second play.
                    step(
                        lambda ev=ev: self._do_turn(ev),
                        hold=0.55 if ev.bonus else 0.0,
                        label="turn",
                    )
                case Out():
                    step(lambda ev=ev: self._do_out(ev), hold=0.6, label="out")
                case HandScored():
                    self.overlay_pending = True
                    step(self._show_result, label="result")
                case Drew():
                    step(lambda ev=ev: self._do_drew(ev), hold=0.25, label="drew")
        write_log()
        self.anim.add(Step(self._check_picture, label="check"))

    def _check_picture(self) -> list[Tween]:
        st = self.state
        if st is not None and not self.anim.queue and not self.view.matches(st):
            self.mismatches += 1
            _log.warning("the table picture drifted from the engine; resynchronising")
            self.view = TableView.from_state(st)
            return self._relayout(0.2)
        return []

    def _do_deal(self, ev: Dealt) -> list[Tween]:
        self.view.apply(ev)
        self.view.to_move = -1  # nobody's turn until the cards are down
        self.view.aside = list(self.state.set_aside) if self.state else []
        self.art.set_swoop_tens(self.match.rules.tens_are_swoop_cards)
        targets = self._targets()
        keep = set(targets)
        self.sprites = {c: s for c, s in self.sprites.items() if c in keep}
        for c, (_x, _y, w, h, up, _z) in targets.items():
            if up:  # faces that turn over during the deal: ready before it starts
                self.art.face(c, (w, h))
        ax, ay = self.lay.aside_centre
        sw, sh = self.lay.small_card
        order: list[int] = []
        # Deal round the table: one card to each seat in turn, table cards first.
        rows = []
        for p in range(self.view.n):
            rows.append(
                [c for c in self.view.down[p] if c is not None]
                + [c for c in self.view.up[p] if c is not None]
                + list(self.view.hands[p])
            )
        for k in range(max(len(r) for r in rows)):
            for p in range(self.view.n):
                if k < len(rows[p]):
                    order.append(rows[p][k])
        tweens = []
        for c in self.view.aside:
            s = self.sprite(c)
            x, y, w, h, up, z = targets[c]
            s.place(x, y, w, h)
            s.face_up, s.z = False, z
        for i, c in enumerate(order):
            s = self.sprite(c)
            s.place(ax, ay, sw, sh)
            s.face_up = False
            s.z = 900 + i
            x, y, w, h, up, z = targets[c]
            tw = Tween(
                s,
                (x, y, w, h),
                0.32,
                delay=i * 0.012,
                ease=pytweening.easeOutCubic,
                turn_to=up if up else None,
            )
            tweens.append(tw)
        self.play_sound("pickup")
        return tweens

    def _do_drew(self, ev: Drew) -> list[Tween]:
        """R5 high card: the drawn card is shown between the player and the pile.

        It stays a set-aside card; the next layout (the first turn) puts it back.
        """
        self.add_log(f"{self.seat_name(ev.player)} drew {count_phrase(ev.rank, 1)}")
        lay = self.lay
        plate = lay.seat_boxes[ev.player]
        px, py = lay.pile_centre
        x = (plate.centerx + px) / 2 + (ev.round - 1) * lay.px(12)
        y = (plate.centery + py) / 2
        self.view.to_move = -2  # the status line says what the draw is for
        s = self.sprite(ev.id)
        s.z = 950
        self.buried.discard(ev.id)
        w, h = lay.pile_card
        self.play_sound("flip")
        return [
            Tween(
                s, (x, y, w, h), 0.35, ease=pytweening.easeOutCubic, lift=lay.px(20), turn_to=True
            )
        ]

    def _do_played(self, ev: Played) -> list[Tween]:
        self.view.apply(ev)
        self.last_play = set(ev.ids)
        self.play_sound("place")
        special = {
            c: dict(lift=30 * self.lay.u, ease=pytweening.easeOutCubic, duration=0.38)
            for c in ev.ids
        }
        return self._relayout(0.25, special, raise_ids=list(ev.ids))

    def _do_flipped(self, ev: Flipped) -> list[Tween]:
        self.view.apply(ev)
        self.play_sound("flip")
        s = self.sprite(ev.id)
        s.z = 950
        return [
            Tween(
                s,
                (s.x, s.y, s.w, s.h),
                0.35,
                ease=pytweening.easeInOutSine,
                lift=14 * self.lay.u,
                turn_to=True,
            )
        ]

    def _do_picked_up(self, ev: PickedUp) -> list[Tween]:
        self.view.apply(ev)
        self.play_sound("pickup")
        special = {
            c: dict(delay=i * 0.025, duration=0.45, ease=pytweening.easeInOutQuad)
            for i, c in enumerate(ev.ids)
        }
        # Told at the picker's name plate (never over the pile and its caption).
        self.banner = None
        self.news[ev.player] = (f"picked up {ev.count}", self.clock)
        return self._relayout(0.3, special, raise_ids=list(ev.ids))

    def _do_swooped(self, ev: Swooped) -> list[Tween]:
        self.view.apply(ev)
        self.play_sound("swoop")
        self.banner = ("Swoop!", 1.3)
        special = {
            c: dict(delay=i * 0.018, duration=0.5, ease=pytweening.easeInBack)
            for i, c in enumerate(reversed(ev.ids))
        }
        return self._relayout(0.25, special, raise_ids=list(ev.ids))

    def _do_turn(self, ev: Turn) -> list[Tween]:
        if ev.player != self.view.to_move:
            self.turn_since = self.clock  # the name plate lights up with a short pulse
        self.view.apply(ev)
        yours = ev.player == HUMAN_SEAT and self.you_play
        if ev.bonus and not yours:
            name = self.seat_name(ev.player)
            self.banner = (f"{name} {'play' if name == 'You' else 'plays'} again", 1.2)
        if yours:
            self.play_sound("turn")
            if ev.bonus:
                self.notify("Bonus play: you go again")
            elif self.toast and self.toast[0].startswith("Bonus play"):
                self.toast = None
            if not self.app.tip_shown:
                self.app.tip_shown = True  # once a session, on your first turn
                self.notify(
                    "Drag cards onto the pile, or click them and press Enter. H for a hint.",
                    self.app.theme.highlight,
                    7,
                )
            # The keyboard focus goes to a card that answers the question asked.
            mine = self.view.seat_cards(HUMAN_SEAT)
            if ev.phase == "follow" and ev.rank is not None:
                rank = ev.rank
                first = next((c for c in mine if RANK_OF[c] == rank), None)
            elif ev.phase == "chain":
                downs = mystery_ids(self.state, HUMAN_SEAT)
                first = next((c for c in mine if c in downs), None)
            else:
                first = None
            if first is not None:
                self.focus = mine.index(first)
        self.build_buttons()
        return self._relayout(0.2)

    def _do_out(self, ev: Out) -> list[Tween]:
        name = self.seat_name(ev.player)
        self.banner = (f"{name} {'are' if name == 'You' else 'is'} out!", 1.4)
        return []

    @property
    def anim_speed(self) -> str:
        controls = self.config.controls
        if controls is not None:
            return controls.anim_speed()
        return self.config.pace or self.app.anim_speed

    @property
    def ai_pace(self) -> str:
        return self.config.pace or self.app.ai_pace

    def play_sound(self, name: str) -> None:
        if self.config.sound:  # the game behind the title is quiet
            self.app.sound.play(name)

    def show_pause(self) -> None:
        """The pause menu over the table (input asks for it; screens are the scene's to open)."""
        self.app.push(PauseScene(self.app, self))

    def show_scores(self) -> None:
        self.app.push(ScoresScene(self.app))

    def _show_result(self) -> list[Tween]:
        self.play_sound("over")
        self.key_queue.clear()  # keys meant for the old hand never play into the next one
        if not self.config.overlays:
            if self.config.at_hand_end is not None:
                self.config.at_hand_end("game_over" if self.match.over else "hand_over")
            return []
        if self.match.over:
            self._record_finished()
        # Every hand, the deciding one too, shows its breakdown first; after the last
        # one its button leads to the game-over sheet.
        self.app.push(HandOverScene(self.app, self))
        return []

    # --------------------------------------------------------- layout/targets
    def _targets(self) -> dict[int, tuple[float, float, int, int, bool, int]]:
        """Where every card should be now: id -> (x, y, w, h, face up, z)."""
        lay, view = self.lay, self.view
        out: dict[int, tuple[float, float, int, int, bool, int]] = {}
        lift = lay.px(22)
        for p in range(view.n):
            hand = view.hands[p]
            if p == HUMAN_SEAT:
                hand = sorted(hand, key=lambda c: (RANK_OF[c], c))
                pos = L.hand_positions(lay, len(hand))
                w, h = lay.hand_card
                for i, c in enumerate(hand):  # seat 0's hand is shown, whoever plays it
                    y = pos[i][1] - (lift if c in self.selected else 0)
                    out[c] = (pos[i][0], y, w, h, True, 600 + i)
            else:
                pos = L.seat_fan_positions(lay, p, len(hand))
                w, h = lay.small_card
                for i, c in enumerate(hand):
                    out[c] = (pos[i][0], pos[i][1], w, h, False, 300 + p * 100 + i)
            size = L.seat_card_size(lay, p, "table")
            for slot in range(4):
                d = view.down[p][slot]
                if d is not None:
                    x, y = L.slot_position(lay, p, slot, down=True)
                    out[d] = (x, y, size[0], size[1], d in view.revealed, 100 + p * 10 + slot)
                u = view.up[p][slot]
                if u is not None:
                    x, y = L.slot_position(lay, p, slot)
                    raised = lift // 2 if (p == HUMAN_SEAT and u in self.selected) else 0
                    out[u] = (x, y - raised, size[0], size[1], True, 150 + p * 10 + slot)
        pw, ph = lay.pile_card
        fanned = min(PILE_FAN, len(view.pile))
        pos = L.pile_positions(lay, len(view.pile), fanned)
        # Cards wholly hidden under others at rest are not drawn (deep piles and stacks).
        buried: set[int] = set(view.pile[: max(0, len(view.pile) - fanned - 6)])
        for i, c in enumerate(view.pile):
            out[c] = (pos[i][0], pos[i][1], pw, ph, True, 200 + i)
        sw, sh = lay.small_card
        for stack, centre, z0 in (
            (view.swept, lay.swept_centre, 20),
            (view.aside, lay.aside_centre, 10),
        ):
            places = L.stack_positions(centre, len(stack), lay.u)
            for i, (c, spot) in enumerate(zip(stack, places, strict=True)):
                out[c] = (spot[0], spot[1], sw, sh, False, z0 + i)
            buried.update(stack[L.STACK_STEPS : len(stack) - 1])
        self.buried = buried
        return out

    def _relayout(
        self,
        duration: float,
        special: dict[int, dict] | None = None,
        raise_ids: list[int] | None = None,
    ) -> list[Tween]:
        """Tweens taking every card that is out of place to where it belongs now."""
        special = special or {}
        tweens: list[Tween] = []
        targets = self._targets()
        for c, (x, y, w, h, up, z) in targets.items():
            s = self.sprite(c)
            s.z = z
            opts = special.get(c)
            if (
                opts is None
                and abs(s.x - x) < 0.5
                and abs(s.y - y) < 0.5
                and s.w == w
                and s.face_up == up
            ):
                continue
            opts = opts or {}
            tweens.append(
                Tween(
                    s,
                    (x, y, w, h),
                    opts.get("duration", duration),
                    delay=opts.get("delay", 0.0),
                    ease=opts.get("ease", pytweening.easeInOutCubic),
                    lift=opts.get("lift", 0.0),
                    turn_to=up if up != s.face_up else None,
                )
            )
        if raise_ids:
            for c in raise_ids:
                if c in self.sprites:
                    self.sprites[c].z = 1000 + self.sprites[c].z
        return tweens

    def _settle(self) -> None:
        """Put every card where it belongs at once."""
        for c, (x, y, w, h, up, z) in self._targets().items():
            s = self.sprite(c)
            s.place(x, y, w, h)
            s.face_up, s.z, s.turn, s.moving = up, z, 1.0, False

    def _restack(self) -> None:
        """Tween the player's own cards (selection lift) without touching the queue."""
        targets = self._targets()
        for c in self.view.seat_cards(HUMAN_SEAT):
            if c not in targets or (self.drag and c in self.drag["ids"]):
                continue
            x, y, w, h, up, z = targets[c]
            s = self.sprite(c)
            if abs(s.x - x) > 0.5 or abs(s.y - y) > 0.5:
                self.anim.tween(
                    Tween(s, (x, y, w, h), 0.12, ease=pytweening.easeOutQuad, on_top=False)
                )

    def _look_settings(self) -> tuple[bool, bool, bool]:
        s = self.app.settings
        return (s.four_colour, s.large_cards, s.reduced_motion)

    def _forget_pointer(self) -> None:
        """A new deal or a new window size: where the pointer was says nothing about the
        cards now, so no card is outlined until the mouse moves again."""
        self.pointer = None
        self.hover = None

    def _follow_picture(self) -> None:
        """Buttons and the hover mark follow the picture: play buttons come back when
        the cards have landed, the Hint button follows its setting at once, and a
        card the pointer has left (or that moved away) loses its outline. (The look
        settings arrive through :meth:`settings_changed`.)"""
        want = (self.anim.busy, self.app.settings.show_hints)
        if want != self._buttons_for:
            self.build_buttons()
        if self.pointer is not None and self.drag is None:
            hover = self.card_at(self.pointer) if self.you_play else None
            if hover != self.hover:
                self.hover = hover

    # ---------------------------------------------------------- AI turns
    def update(self, dt: float) -> None:
        self.clock += dt
        if not self._warm:
            lay = self.lay
            self._warm = self.art.warm(
                [lay.hand_card, lay.pile_card, lay.table_card, lay.small_card], 0.001
            )
        self.anim.update(dt)
        self._follow_picture()
        self._collect_hint()
        if self.toast:
            text, left, colour = self.toast
            self.toast = (text, left - dt, colour) if left - dt > 0 else None
        if self.banner:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None
        if self.saver is not None and self.saver.errors:
            self.notify(self.saver.errors.pop(0), self.app.theme.illegal, 6)
        if not self.idle:
            return
        if self.key_queue:
            queued, self.key_queue = self.key_queue, []
            for ev in queued:
                self._key(ev)
            if not self.idle:
                return
        st = self.state
        if st is None or st.is_over or self.wait_click:
            return
        seat = st.to_move
        action = self.drivers[seat].poll(self, seat, dt)
        if action is None:
            return
        try:
            self.apply(action)
        except (IllegalActionError, EngineError) as exc:
            # choose_safely already guards this; the engine refused anyway: play safe.
            _log.error("%s's play refused: %s", self.seat_name(seat), exc)
            self.apply(st.legal_actions()[0])
