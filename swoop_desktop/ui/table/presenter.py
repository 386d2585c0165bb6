"""The show: engine events turned into animation steps, one after another.

:class:`TablePresenter` receives the events the flow returns and queues one
:class:`~.show.Step` per event on the model's animator; each step, when its
turn comes, moves the cards in the picture (:class:`~.view.TableView`) and
returns the tweens that show it. The log line of a play, the last-play
markers, banners and sounds follow the picture. A hand's end is reported by
callback (``on_hand_end``) when its cards have landed; so is each turn
(``on_turn``), for the parts that follow whose turn it is.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytweening

from swoop_desktop.card_words import TOLD, cards_in
from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import END, Action, Add
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
from swoop_desktop.i18n import _, pgettext
from swoop_desktop.names import is_you_name

from ..cards import CardArt
from . import places
from .model import Colour, TableModel
from .show import Step, Tween
from .view import TableView, describe, picked_up_news, seat_news

_log = logging.getLogger("swoop_desktop.ui")


def fold_turn(plays: list[str]) -> str:
    """One marker for a turn of several plays: the last play (and the one before it, when
    that one was no Swoop) in full; the plays before those folded, keeping every Swoop.

    ["played a 4 · Swoop!", "played four queens · Swoop!", "played a 5"] reads
    "Swoop! ×2 Then played a 5"; two plays read "played a 4, then played a 5"."""
    swoop = pgettext("news", "Swoop!")  # as :func:`~.view.seat_news` says it
    if len(plays) <= 2:
        return _joined(plays, swoop)
    kept = plays[-1:] if swoop in plays[-2] else plays[-2:]
    swoops = sum(p.count(swoop) for p in plays[: len(plays) - len(kept)])
    if not swoops:
        return _joined(plays[-2:], swoop)
    # Translators: {swoop} is "Swoop!", {n} how many of them in one turn.
    folded = (
        swoop if swoops == 1 else pgettext("news", "{swoop} ×{n}").format(swoop=swoop, n=swoops)
    )
    return _joined([folded, *kept], swoop, swooped=True)


def _joined(plays: list[str], swoop: str, swooped: bool = False) -> str:
    """The plays of one turn in one line, each after the one before; after a Swoop the
    next play starts a sentence of its own (``swooped``: the first is Swoops folded)."""
    line = plays[0] if plays else ""
    for k, play in enumerate(plays[1:]):
        if line.endswith(swoop) or (swooped and k == 0):
            # Translators: a seat's marker: after "... Swoop!" the next play of the same
            # turn starts a new sentence ("played a 4 · Swoop! Then played a 5").
            line = pgettext("news", "{before} Then {after}").format(before=line, after=play)
        else:
            # Translators: a seat's marker: two plays of one turn, one after the other
            # ("flipped a 3, then added two 3s").
            line = pgettext("news", "{before}, then {after}").format(before=line, after=play)
    return line


def _again(name: str) -> str:
    """The banner of a bonus play: "Lefty plays again" ("You play again")."""
    if is_you_name(name):
        # Translators: a banner over the table after a Swoop: you get another play.
        return _("You play again")
    # Translators: a banner over the table after {name}'s Swoop ("Lefty"): another play.
    return _("{name} plays again").format(name=name)


class TablePresenter:
    """Shows the engine's events on the table, in the engine's order.

    ``sound(name)`` plays a sound; ``ink`` is the colour of its words (the theme's
    text); ``on_turn(event, yours)`` is told when a turn shows; ``on_hand_end()`` when
    a hand's result is due (the overlays or the next hand are the caller's)."""

    def __init__(
        self,
        model: TableModel,
        art: CardArt,
        sound: Callable[[str], None],
        ink: Colour,
        on_turn: Callable[[Turn, bool], None],
        on_hand_end: Callable[[], None],
    ) -> None:
        self.model = model
        self.art = art
        self.sound = sound
        self.ink = ink
        self.on_turn = on_turn
        self.on_hand_end = on_hand_end
        self.showing = -1  # the play whose events are being shown
        self.marked = 0  # the seat whose play the markers last told
        self.turn_plays: list[str] = []  # that seat's plays this turn, in a few words each
        self.mismatches = 0  # times the picture drifted from the engine and was put right

    # ------------------------------------------------------------ entry points
    def new_hand(self, events: list[Event]) -> None:
        """A new deal: the markers start afresh, then the deal is shown."""
        model = self.model
        model.news.clear()
        model.last_play = set()
        match = model.match
        dealer = model.seat_name(match.dealer)
        if is_you_name(dealer):
            line = _("Hand {number}: You deal").format(number=match.hand_no + 1)
        else:
            # Translators: a play-log line at a new deal; {name} is the dealer ("Lefty").
            line = _("Hand {number}: {name} deals").format(number=match.hand_no + 1, name=dealer)
        model.add_log(line)
        self.show(events)

    def show_play(self, seat: int, action: Action, events: list[Event]) -> None:
        """Show ``seat``'s play ``action`` and what came of it (its log line once the
        cards have landed, its marker at the seat's plate)."""
        yours = self.model.is_yours(seat)
        if yours:
            self.model.hush()  # you acted: old hints and refusals no longer apply
        kind = "add" if isinstance(action, Add) else "end" if action == END else ""
        line = describe(self.model.seat_name(seat), events, kind)
        news = self._marker_words(seat, events, kind, yours)
        self.marked = seat
        self.show(events, line, (seat, news) if news else None)

    def resume(self, per_action: list[list[Event]], actions: list[Action]) -> None:
        """A game taken up again: the picture at once, then the last-play markers, the
        last play's outline and the bonus play's words as they stood when it was left."""
        self.sync()
        model = self.model
        to_move = HUMAN_SEAT
        last_turn: Turn | None = None
        for i, events in enumerate(per_action):
            if i > 0 and i - 1 < len(actions):
                action = actions[i - 1]
                seat = to_move
                yours = model.is_yours(seat)
                kind = "add" if isinstance(action, Add) else "end" if action == END else ""
                news = self._marker_words(seat, events, kind, yours)
                if news:
                    model.news[seat] = (news, model.clock)
                self.marked = seat
            for ev in events:
                if isinstance(ev, Played):
                    model.last_play = set(ev.ids)
                elif isinstance(ev, Turn):
                    to_move, last_turn = ev.player, ev
        st = model.state
        if last_turn is not None and last_turn.bonus and st and not st.is_over:
            if model.is_yours(last_turn.player):
                model.notify(_("Bonus play: you go again"), self.ink)
            else:
                model.banner = (_again(model.seat_name(last_turn.player)), 1.2)
        if model.match.hand_over:
            model.overlay_pending = True
            model.anim.add(Step(lambda: [], label="resume-over"))
            model.anim.add(Step(self._result, label="result"))

    def taken_back(self, per_action: list[list[Event]], actions: list[Action], line: str) -> None:
        """A take-back: what was still being shown is dropped (its log lines too), the
        picture is laid out at once from the engine's position, the last-play markers
        are as they stood then, and ``line`` goes to the log."""
        model = self.model
        model.anim.drop()
        model.unshown_log.clear()
        model.banner = None
        model.news.clear()
        model.last_play = set()
        model.overlay_pending = False
        self.turn_plays = []
        self.showing = model.plays
        model.hush()
        self.resume(per_action, actions)
        model.add_log(line)
        model.turn_since = model.clock

    def hand_closed(self) -> None:
        """The hand's end has been seen (the next hand, or away from the table)."""
        self.model.overlay_pending = False

    def sync(self) -> None:
        """Show the engine's state at once (after Continue, or if the picture went astray)."""
        model = self.model
        model.view = TableView.from_state(model.state)
        keep = set(model.view.all_ids())
        model.sprites = {c: s for c, s in model.sprites.items() if c in keep}
        places.settle(model)

    def skip(self) -> None:
        """Everything queued shown at once (Space, or a click while cards move)."""
        self.model.anim.skip()
        self.model.banner = None

    # ------------------------------------------------------------ the queue
    def _marker_words(self, seat: int, events: list[Event], kind: str, yours: bool) -> str:
        """The words of ``seat``'s last-play marker after this play ("" for none).

        A second play of the same turn (a bonus after a Swoop, a chain) reads as one, for
        your seat as for the others: "flipped a joker · Swoop! then played a 10". A longer
        turn folds its older plays, keeping every Swoop: "Swoop! ×2 then played a 5". When
        you begin a turn, the markers start afresh (you have seen the round), and your own
        plain plays need no marker: you just made them."""
        news = seat_news(events, kind, yours)
        continued = self.marked == seat and seat in self.model.news
        if yours and not continued:
            self.model.news.clear()
        if continued and news:
            self.turn_plays.append(news)
            return fold_turn(self.turn_plays)
        self.turn_plays = [news] if news else []
        if yours and not any(isinstance(ev, (PickedUp, Swooped)) for ev in events):
            return ""
        return news

    def show(
        self, events: list[Event], log_line: str = "", news: tuple[int, str] | None = None
    ) -> None:
        """One animation step per engine event, in the engine's order.

        The play's log line is written once its cards have landed (before the turn
        passes on): the log, like the status line and banners, follows the picture.
        """
        model = self.model
        serial = model.plays  # which play these events belong to
        pending = [log_line] if log_line else []

        def write_log() -> None:
            if pending:
                line = pending.pop()
                model.unshown_log.append(line)  # saved with the game even before it is shown

                def show_line() -> list[Tween]:
                    if line in model.unshown_log:
                        model.unshown_log.remove(line)
                    model.add_log(line)
                    if news is not None:
                        model.news[news[0]] = (news[1], model.clock)
                    return []

                model.anim.add(Step(show_line, label="log"))

        def step(begin: Any, hold: float = 0.0, label: str = "") -> None:
            def run() -> list[Tween]:
                if self.showing != serial:  # a new play: the last one's banner is done
                    self.showing = serial
                    model.banner = None
                return begin()

            model.anim.add(Step(run, hold=hold, label=label))

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
                    model.overlay_pending = True
                    step(self._result, label="result")
                case Drew():
                    step(lambda ev=ev: self._do_drew(ev), hold=0.25, label="drew")
        write_log()
        model.anim.add(Step(self._check_picture, label="check"))

    def _result(self) -> list[Tween]:
        self.sound("over")
        self.on_hand_end()
        return []

    def _check_picture(self) -> list[Tween]:
        model = self.model
        st = model.state
        if st is not None and not model.anim.queue and not model.view.matches(st):
            self.mismatches += 1
            _log.warning("the table picture drifted from the engine; resynchronising")
            model.view = TableView.from_state(st)
            return places.relayout(model, 0.2)
        return []

    # ------------------------------------------------------------ one event each
    def _do_deal(self, ev: Dealt) -> list[Tween]:
        model = self.model
        view = model.view
        view.apply(ev)
        view.to_move = -1  # nobody's turn until the cards are down
        view.aside = list(model.state.set_aside) if model.state else []
        self.art.set_swoop_tens(model.match.rules.is_swoop_rank(10))
        targets = places.targets(model)
        keep = set(targets)
        model.sprites = {c: s for c, s in model.sprites.items() if c in keep}
        for c, (_x, _y, w, h, up, _z) in targets.items():
            if up:  # faces that turn over during the deal: ready before it starts
                self.art.face(c, (w, h))
        lay = model.lay
        ax, ay = lay.aside_centre
        sw, sh = lay.small_card
        order: list[int] = []
        # Deal round the table: one card to each seat in turn, table cards first.
        rows = []
        for p in range(view.n):
            rows.append(
                [c for c in view.down[p] if c is not None]
                + [c for c in view.up[p] if c is not None]
                + list(view.hands[p])
            )
        for k in range(max(len(r) for r in rows)):
            for p in range(view.n):
                if k < len(rows[p]):
                    order.append(rows[p][k])
        tweens = []
        for c in view.aside:
            s = places.sprite(model, c)
            x, y, w, h, up, z = targets[c]
            s.place(x, y, w, h)
            s.face_up, s.z = False, z
        for i, c in enumerate(order):
            s = places.sprite(model, c)
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
        self.sound("pickup")
        return tweens

    def _do_drew(self, ev: Drew) -> list[Tween]:
        """R5 high card: the drawn card is shown between the player and the pile.

        It stays a set-aside card; the next layout (the first turn) puts it back.
        """
        model = self.model
        name = model.seat_name(ev.player)
        card = cards_in(TOLD, ev.rank, 1)
        if is_you_name(name):
            # Translators: a line of the play log when high card decides who starts; {card}
            # is "a king" (the object of a play told with its player).
            model.add_log(_("You drew {card}").format(card=card))
        else:
            # Translators: a line of the play log when high card decides who starts; {name} is
            # a player ("Lefty"); {card} "a king" (the object of a play told with its player).
            model.add_log(_("{name} drew {card}").format(name=name, card=card))
        lay = model.lay
        plate = lay.seat_boxes[ev.player]
        px, py = lay.pile_centre
        x = (plate.centerx + px) / 2 + (ev.round - 1) * lay.px(12)
        y = (plate.centery + py) / 2
        model.view.to_move = -2  # the status line says what the draw is for
        s = places.sprite(model, ev.id)
        s.z = 950
        model.buried.discard(ev.id)
        w, h = lay.pile_card
        self.sound("flip")
        return [
            Tween(
                s, (x, y, w, h), 0.35, ease=pytweening.easeOutCubic, lift=lay.px(20), turn_to=True
            )
        ]

    def _do_played(self, ev: Played) -> list[Tween]:
        model = self.model
        model.view.apply(ev)
        model.last_play = set(ev.ids)
        self.sound("place")
        special = {
            c: dict(lift=30 * model.lay.u, ease=pytweening.easeOutCubic, duration=0.38)
            for c in ev.ids
        }
        return places.relayout(model, 0.25, special, raise_ids=list(ev.ids))

    def _do_flipped(self, ev: Flipped) -> list[Tween]:
        model = self.model
        model.view.apply(ev)
        self.sound("flip")
        s = places.sprite(model, ev.id)
        s.z = 950
        return [
            Tween(
                s,
                (s.x, s.y, s.w, s.h),
                0.35,
                ease=pytweening.easeInOutSine,
                lift=14 * model.lay.u,
                turn_to=True,
            )
        ]

    def _do_picked_up(self, ev: PickedUp) -> list[Tween]:
        model = self.model
        model.view.apply(ev)
        self.sound("pickup")
        special = {
            c: dict(delay=i * 0.025, duration=0.45, ease=pytweening.easeInOutQuad)
            for i, c in enumerate(ev.ids)
        }
        # Told at the picker's name plate (never over the pile and its caption).
        model.banner = None
        yours = model.is_yours(ev.player)
        model.news[ev.player] = (picked_up_news(ev.count, yours), model.clock)
        return places.relayout(model, 0.3, special, raise_ids=list(ev.ids))

    def _do_swooped(self, ev: Swooped) -> list[Tween]:
        model = self.model
        model.view.apply(ev)
        self.sound("swoop")
        model.banner = (pgettext("banner", "Swoop!"), 1.3)
        special = {
            c: dict(delay=i * 0.018, duration=0.5, ease=pytweening.easeInBack)
            for i, c in enumerate(reversed(ev.ids))
        }
        return places.relayout(model, 0.25, special, raise_ids=list(ev.ids))

    def _do_turn(self, ev: Turn) -> list[Tween]:
        model = self.model
        if ev.player != model.view.to_move:
            model.turn_since = model.clock  # the name plate lights up with a short pulse
        model.view.apply(ev)
        yours = model.is_yours(ev.player)
        if ev.bonus and not yours:
            model.banner = (_again(model.seat_name(ev.player)), 1.2)
        if yours:
            self.sound("turn")
            if ev.bonus:
                model.notify(_("Bonus play: you go again"), self.ink)
            else:
                model.hush(_("Bonus play: you go again"))
        self.on_turn(ev, yours)
        return places.relayout(model, 0.2)

    def _do_out(self, ev: Out) -> list[Tween]:
        name = self.model.seat_name(ev.player)
        # Translators: a banner over the table: you have played your last card.
        said = _("You are out!") if is_you_name(name) else _("{name} is out!").format(name=name)
        self.model.banner = (said, 1.4)
        return []
