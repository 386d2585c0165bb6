"""How you play at the table: selecting, dragging, clicking, keys, buttons and hints.

:class:`TableInput` is built with the table's model, the theme, the table's
configuration and a few commands (:class:`InputCommands`: play an action,
skip the show, pause, open Scores, a sound). Every play you make is built
here as an engine action (with ``hand_ids`` naming the very cards you
moved) and handed to ``commands.play``; the engine checks it, and a refusal
is told in plain words. Input writes only its own fields of the model
(selection, focus, pointer, drag, buttons, queued keys, the log's scroll).

Why one long module: it is the table's one input part (it alone writes the selection,
the focus, the drag and the buttons); splitting it would share those fields across files.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from swoop_desktop.card_words import OBJECT, cards_in
from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import (
    END,
    RANK_OF,
    Action,
    Add,
    Flip,
    IllegalActionError,
    Play,
)
from swoop_desktop.engine.events import Event, Turn
from swoop_desktop.i18n import Np_, _, pgettext

from ..controls import Button, fitted_widths, set_hand_cursor, short_words
from . import places
from .drivers import TableConfig
from .model import Colour, Drag, Press, TableModel, your_cards
from .refusals import plain_words
from .thinking import HintJob
from .view import mystery_ids, plural

if TYPE_CHECKING:
    from ..theme import Theme
    from .layout import Layout
    from .show import Animator

_log = logging.getLogger("swoop_desktop.ui")

DRAG_THRESHOLD = 6  # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds
NOTHING_SELECTED = (
    "Nothing is selected: choose cards with Up or a number key, then Enter (F flips a mystery card)"
)


def nothing_selected() -> str:
    """:data:`NOTHING_SELECTED` in the player's language."""
    return _(
        "Nothing is selected: choose cards with Up or a number key, then Enter (F flips a "
        "mystery card)"
    )


def _their_turn(name: str) -> str:
    """ "Wait for Lefty: it is their turn"."""
    # Translators: a toast when you reach for a card in another's turn; {name} is "Lefty".
    return _("Wait for {name}: it is their turn").format(name=name)


class InputCommands(Protocol):
    """What input asks of the rest of the table (the scene wires these)."""

    def play(self, action: Action) -> list[Event]:
        """Play ``action`` for seat 0 and show it; raises ``IllegalActionError`` (nothing
        changed) when the rules say no."""
        ...

    def skip(self) -> None:
        """Show everything queued at once and let the next AI play."""
        ...

    def pause(self) -> None:
        """Open the pause menu."""
        ...

    def scores(self) -> None:
        """Open the Scores screen."""
        ...

    def sound(self, name: str) -> None: ...

    def take_back(self) -> None:
        """Undo: take back your last play and the plays since (where the table allows;
        elsewhere say why)."""
        ...

    def can_take_back(self) -> bool:
        """Undo would take a play back now."""
        ...

    def hint_shown(self, place: tuple[int, int], words: str) -> None:
        """A hint was shown at ``place`` (hand, play of the hand): keep its words with the
        game, so its review quotes exactly them."""
        ...


#: The keys of Undo: U, and Ctrl+Z (Cmd+Z on a Mac) as in most programs.
def is_undo_key(event: pygame.event.Event) -> bool:
    key = getattr(event, "key", None)
    mod = getattr(event, "mod", 0) or 0
    if key == pygame.K_u:
        return not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    return key == pygame.K_z and bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))


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
        self.hint_job: HintJob | None = None  # a hint being looked for
        self.buttons_for: tuple[bool, bool] | None = None  # (animating, hints) of buttons

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

    def notify(self, text: str, colour: Colour | None = None, seconds: float = 3.5) -> None:
        self.model.notify(text, colour or self.theme.text, seconds)

    def _restack(self) -> None:
        places.restack(self.model)

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
        self.hint_job = None
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
        if want != self.buttons_for:
            self.build_buttons()
        if model.pointer is not None and model.drag is None:
            hover = self.card_at(model.pointer) if model.you_play else None
            if hover != model.hover:
                model.hover = hover

    def take_queued_keys(self) -> None:
        """Keys pressed while the cards moved, now the table is quiet."""
        queued, self.model.key_queue = self.model.key_queue, []
        for ev in queued:
            self._key(ev)

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

    def action_for(self, ids: list[int]) -> Action | None:
        """The action that plays cards ``ids`` of yours now (the engine judges it)."""
        st = self.model.state
        if st is None or not ids:
            return None
        hand = set(st.hand_ids(HUMAN_SEAT))
        downs = [s for s in range(4) if st.down[HUMAN_SEAT][s] in ids]
        if downs:
            return Flip(downs[0])
        hand_ids = tuple(c for c in ids if c in hand)
        slots = tuple(
            sorted(
                s
                for s in range(4)
                if st.up[HUMAN_SEAT][s] is not None and st.up[HUMAN_SEAT][s] in ids
            )
        )
        kind = Add if st.phase_name == "follow" else Play
        ranks = tuple(sorted(RANK_OF[c] for c in hand_ids))
        return kind(ranks, slots, hand_ids=hand_ids or None)

    def try_play(self, ids: list[int]) -> bool:
        """Play these cards if the rules allow; otherwise say why. True when played."""
        st = self.model.state
        if st is None or st.is_over:
            return False
        if st.to_move != HUMAN_SEAT or not self.model.you_play:
            self.refuse(_their_turn(self.model.seat_name(st.to_move)))
            return False
        action = self.action_for(ids)
        if action is None:
            self.refuse(_("Choose one or more cards of one rank first"))
            return False
        why = self.lesson_says(action)
        if why:
            self.refuse(why)
            return False
        # The engine's own check is the only one on the way: a refused play changes nothing.
        chosen, self.model.selected = self.model.selected, []
        try:
            self.commands.play(action)
        except IllegalActionError as exc:
            self.model.selected = chosen
            self.refuse(plain_words(exc), exc.rule)
            return False
        return True

    def lesson_says(self, action: Action) -> str | None:
        """At a table that teaches: why this play is not the lesson's (a play the rules
        refuse is told in the table's own words by the engine's check, as anywhere)."""
        lesson = self.config.lesson
        if lesson is None:
            return None
        try:
            self.model.state.check(action)
        except IllegalActionError:
            return None  # the engine says why, in the table's words
        return lesson.vet(self.model.match, action)

    def refuse(self, reason: str, rule: str = "") -> None:
        """Say no in plain words; the rule behind it goes to the log for the curious."""
        self.notify(reason, self.theme.illegal, 4.5)
        self.commands.sound("illegal")
        if rule:
            # Translators: {reason} says why a play was refused; {rule} is its number ("R9").
            self.model.add_log(
                # Translators: a play-log line; {reason} is a refusal ("Play cards of one rank
                # together"); {rule} its number ("R9").
                _("Not played: {reason} (rule {rule})").format(reason=reason, rule=rule)
            )

    def done(self) -> None:
        """Decline the follow-up (R12) or stop the chain (R13)."""
        st = self.model.state
        if (
            st is not None
            and st.to_move == HUMAN_SEAT
            and st.phase_name in ("follow", "chain")
            and self.model.you_play
        ):
            why = self.lesson_says(END)
            if why:
                self.refuse(why)
                return
            self.model.selected = []
            self.commands.play(END)

    def add_all(self) -> None:
        """The "Add 7s" button: add the selected cards, or every card of the rank allowed."""
        st = self.model.state
        if st is None or st.phase_name != "follow" or st.to_move != HUMAN_SEAT:
            return
        if self.model.selected:
            self.try_play(list(self.model.selected))
            return
        adds = [a for a in st.legal_actions() if isinstance(a, Add)]
        if adds:
            best = max(adds, key=lambda a: (a.size, len(a.hand)))
            ids = self._ids_for(best)
            self.try_play(ids)

    def _ids_for(self, action: Action) -> list[int]:
        return your_cards(self.model.state, action)

    def show_hint(self) -> None:
        """H or the Hint button: the search looks for your best play in a thinking worker
        (the review's first look, a fixed work), so the table keeps drawing; the answer is shown
        when it comes, if it is still your turn at the same position."""
        st = self.model.state
        if st is None or st.is_over or st.to_move != HUMAN_SEAT or not self.model.you_play:
            self.notify(_("A hint is given on your turn"))
            return
        if self.hint_job is not None and self.hint_job.key == self.model.plays:
            return  # already looking
        from swoop_desktop.ai import observe

        match = self.model.match
        self.hint_job = HintJob(
            self.model.plays,
            observe(st, HUMAN_SEAT, self.model.history.copy()),
            st.legal_actions(),
            match.seed,
            place=(match.hand_no, len(match.actions[-1])),
        )
        self.notify(_("Looking for a hint…"), self.theme.highlight, 2)

    def collect_hint(self) -> None:
        """Show a hint that has come in (called every frame by the scene)."""
        job = self.hint_job
        if job is None or not job.ready:
            return
        self.hint_job = None
        st = self.model.state
        if job.key != self.model.plays or st is None or st.to_move != HUMAN_SEAT:
            return  # the position moved on: the hint no longer applies
        if job.error is not None or job.result is None:
            self.notify(_("No hint available ({error})").format(error=job.error))
            return
        action, reason = job.result
        if action == END:
            self.model.selected = []
        else:
            ids = self._ids_for(action)
            self.model.selected = [
                c for c in ids if c not in [st.down[HUMAN_SEAT][s] for s in range(4)]
            ]
            if isinstance(action, Flip):
                mine = self.model.view.seat_cards(HUMAN_SEAT)
                if ids and ids[0] in mine:
                    self.model.focus = mine.index(ids[0])
        self.commands.hint_shown(job.place, reason)  # kept with the game: its review quotes it
        # Translators: a toast at the table; {hint} is the hint's sentence ("Play two 7s on
        # the 9: shed high cards while the pile allows it").
        self.notify(_("Hint: {hint}").format(hint=reason), self.theme.highlight, 6)
        self._restack()
        self.build_buttons()

    def toggle_select(self, card: int) -> None:
        if card in self.model.selected:
            self.model.selected.remove(card)
        else:
            st = self.model.state
            down_ids = [st.down[HUMAN_SEAT][s] for s in range(4)] if st else []
            if card in down_ids:
                return
            rank = RANK_OF[card]
            self.model.selected = [c for c in self.model.selected if RANK_OF[c] == rank]
            self.model.selected.append(card)
        self._restack()
        self.build_buttons()

    def _room(self, rank: int, cards: int) -> int:
        """How many cards of ``rank`` the engine lets go on the pile now (a Swoop card
        alone, a run topped up to four): ``cards`` when no hand is dealt."""
        st = self.model.state
        return cards if st is None else st.room_for(rank)

    def select_rank(self, card: int, count: int | None = None) -> None:
        """Select ``count`` (default: all) of your cards of ``card``'s rank, ``card`` first."""
        rank = RANK_OF[card]
        same = [
            c
            for c in self.model.view.seat_cards(HUMAN_SEAT)
            if RANK_OF[c] == rank and c not in mystery_ids(self.model.state, HUMAN_SEAT)
        ]
        same.sort(key=lambda c: c != card)
        limit = self._room(rank, len(same))
        self.model.selected = same[: min(limit, count or len(same))]
        self._restack()
        self.build_buttons()

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
            return self._mouse_down(event)
        if et == pygame.MOUSEMOTION:
            return self._mouse_move(event)
        if et == pygame.MOUSEBUTTONUP:
            return self._mouse_up(event)
        if et == pygame.MOUSEWHEEL:
            self.model.log_scroll = max(
                0, min(len(self.model.log) - 1, self.model.log_scroll + event.y)
            )
            return True
        if et == pygame.KEYDOWN:
            if event.key in (pygame.K_SPACE,) and (self.model.anim.busy or self.model.wait_click):
                self._skip()
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
            return self._key(event)
        return False

    def _skip(self) -> None:
        self.commands.skip()

    def pause(self) -> None:
        """Esc or the pause button: let go of any card, then the scene shows Pause."""
        if self.model.drag is not None:
            self._snap_back(self.model.drag.ids)
            self.model.anim.finish_loose()
        self.model.drag = None
        self.model.press = None
        self.commands.pause()

    def _mouse_down(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        if event.button == 4 or event.button == 5:
            return False
        if self.model.anim.busy or self.model.wait_click:
            if self.model.overlay_pending and not self.model.anim.busy:
                return True
            self._skip()
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
                self.notify(waiting.format(name=self.model.seat_name(st.to_move)), seconds=1.5)
            return True
        card = self.card_at(pos)
        if event.button == 3:
            if card is not None and card not in mystery_ids(self.model.state, HUMAN_SEAT):
                self.select_rank(card)
            return True
        if event.button != 1:
            return False
        if card is not None:
            self.model.press = Press(card, pos)
            return True
        if self.model.lay.pile_drop_rect.collidepoint(pos) and self.model.selected:
            self.try_play(list(self.model.selected))
            self.build_buttons()
            return True
        if self.model.selected:
            self.model.selected = []
            self._restack()
            self.build_buttons()
        return True

    def _mouse_move(self, event: pygame.event.Event) -> bool:
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
                self._start_drag(self.model.press.card, self.model.press.pos)
                self.model.press = None
                return self._mouse_move(event)
            return False
        hover = self.card_at(pos) if self.model.you_play else None
        if hover != self.model.hover:
            self.model.hover = hover
            set_hand_cursor(hover is not None)
        return False

    def _start_drag(self, card: int, origin: tuple[int, int]) -> None:
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
        action = self.action_for(ids)
        legal, reason, rule = False, "", ""
        st = self.model.state
        if action is not None and st is not None:
            if st.to_move != HUMAN_SEAT:
                reason = _their_turn(self.model.seat_name(st.to_move))
            else:
                try:
                    st.check(action)
                    legal = True
                except IllegalActionError as exc:
                    reason, rule = plain_words(exc), exc.rule
                why = self.lesson_says(action) if legal else None
                if why:
                    legal, reason = False, why
        self.model.drag = Drag(ids, offsets, origin, legal, reason, rule)

    def _mouse_up(self, event: pygame.event.Event) -> bool:
        if event.button != 1:
            return False
        pos = event.pos
        if self.model.drag is not None:
            drag, self.model.drag = self.model.drag, None
            if self.model.lay.pile_drop_rect.collidepoint(pos):
                if drag.legal and self.try_play(drag.ids):
                    return True
                self.refuse(drag.reason or _("That cannot be played now"), drag.rule)
            self._snap_back(drag.ids)
            return True
        if self.model.press is not None:
            card = self.model.press.card
            self.model.press = None
            self._click_card(card)
            return True
        return False

    def _snap_back(self, ids: list[int]) -> None:
        places.snap_back(self.model, ids)

    def _click_card(self, card: int) -> None:
        mine = self.model.view.seat_cards(HUMAN_SEAT)
        if card in mine:
            self.model.focus = mine.index(card)
        if card in mystery_ids(self.model.state, HUMAN_SEAT):
            self.try_play([card])
            return
        now = self.model.clock
        if (
            self.model.last_click
            and self.model.last_click[0] == card
            and now - self.model.last_click[1] < DOUBLE_CLICK
        ):
            self.model.last_click = None
            self.model.selected = []
            if not self.try_play([card]):
                self._restack()
            self.build_buttons()
            return
        self.model.last_click = (card, now)
        self.toggle_select(card)

    def _key(self, event: pygame.event.Event) -> bool:
        """A key at the table (True when it was the table's): the focus moved, cards
        chosen, played or flipped, Done, a hint, the log scrolled, the pause menu."""
        key = event.key
        mine = self.model.view.seat_cards(HUMAN_SEAT)
        if mine:
            self.model.focus = max(0, min(self.model.focus, len(mine) - 1))
        if self._focus_key(key, len(mine)) or self._choose_key(key, mine):
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._play_key(key)
            return True
        if key == pygame.K_f:
            self._flip_key(mine)
            return True
        commands: dict[int, Callable[[], object]] = {
            pygame.K_d: self.done,
            pygame.K_BACKSPACE: self.done,
            pygame.K_h: self.show_hint,
            pygame.K_PAGEUP: lambda: self._scroll_log(3),  # the log, a few plays at a time
            pygame.K_PAGEDOWN: lambda: self._scroll_log(-3),
            pygame.K_ESCAPE: self.pause,
        }
        if key in commands:
            commands[key]()
            return True
        return False

    def _focus_key(self, key: int, cards: int) -> bool:
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

    def _choose_key(self, key: int, mine: list[int]) -> bool:
        """Up chooses the focused card, Down lets it go, a number key chooses that many
        of its rank (never a mystery card's)."""
        if not mine:
            return False
        card = mine[self.model.focus]
        if key == pygame.K_UP:
            if card not in self.model.selected:
                self.toggle_select(card)
            return True
        if key == pygame.K_DOWN:
            if card in self.model.selected:
                self.toggle_select(card)
            return True
        if pygame.K_1 <= key <= pygame.K_8:
            if card not in mystery_ids(self.model.state, HUMAN_SEAT):
                self.select_rank(card, key - pygame.K_0)
            return True
        return False

    def _play_key(self, key: int) -> None:
        """Enter or Space plays what you chose. Only that: Space also steps through the
        AIs' plays (a press meant for them must not become your move), and Enter never
        flips a mystery card the focus happens to rest on (F flips, on purpose)."""
        if self.model.selected:
            self.try_play(list(self.model.selected))
        elif key != pygame.K_SPACE and self.model.you_play:
            self.notify(nothing_selected())
        self.build_buttons()

    def _flip_key(self, mine: list[int]) -> None:
        """F flips the focused mystery card, else the first one uncovered."""
        st = self.model.state
        focused = mine[self.model.focus] if mine else None
        if focused is not None and focused in mystery_ids(st, HUMAN_SEAT):
            self.try_play([focused])
        elif st is not None:
            slots = st.uncovered_slots(HUMAN_SEAT)
            down = st.down[HUMAN_SEAT][slots[0]] if slots else None
            if down is not None:
                self.try_play([down])
            else:
                self.refuse(_("No mystery card is uncovered: play a face-up card from it first"))

    def _scroll_log(self, step: int) -> None:
        self.model.log_scroll = max(0, min(len(self.model.log) - 1, self.model.log_scroll + step))

    # ------------------------------------------------------------- buttons
    def build_buttons(self) -> None:
        self.buttons_for = (self.model.anim.busy, self.show_hints())
        lay = self.model.lay
        u = lay.u
        bx, by = lay.buttons_origin
        bw, bh = int(150 * u), int(40 * u)
        size = max(12, int(17 * u))
        buttons: list[Button] = []
        st = self.model.state
        # Play buttons only once the table has caught up with the engine (never over a
        # Swoop still flying to the swooped stack).
        mine = (
            st is not None
            and not st.is_over
            and st.to_move == HUMAN_SEAT
            and self.model.you_play
            and self.model.view.to_move == HUMAN_SEAT
            and not self.model.anim.busy
        )
        gap = lay.px(10)
        x = int(bx)
        for label, action, primary, width in self._play_row(bw) if mine else []:
            buttons.append(
                Button(
                    (x, int(by), width, bh),
                    label,
                    action or (lambda: None),
                    primary=primary,
                    enabled=action is not None,
                    size=size,
                )
            )
            x += width + gap
        buttons += self._help_row(mine, (int(bx), int(by + bh + gap)), (bw, bh), size, gap)
        corner, kept = self._corner_buttons()
        buttons += corner
        controls = self.config.controls
        if controls is not None:  # a replay: its own controls, and Menu and Scores
            buttons = controls.buttons(self, kept)
        self.model.buttons = buttons

    def _play_row(self, bw: int) -> list[tuple[str, Any, bool, int]]:
        """The first row at your turn (label, action or None for a refusal, primary, width):
        a follow-up's Add and Done, a chain's Done, or Play for the cards selected (and All
        of their rank, where more may go)."""
        st = self.model.state
        assert st is not None
        if st.phase_name == "follow":
            return [
                # Translators: a button: add all the cards of the rank you hold; {cards} is "7s".
                (_("Add {cards}").format(cards=plural(st.follow_rank)), self.add_all, True, bw),
                (pgettext("button", "Done"), self.done, False, int(bw * 0.75)),
            ]
        if st.phase_name == "chain":
            return [(pgettext("button", "Done"), self.done, True, bw)]
        if not self.model.selected:
            return []
        row: list[tuple[str, Any, bool, int]] = []
        rank = RANK_OF[self.model.selected[0]]
        action = self.action_for(list(self.model.selected))
        legal = action is not None and action in st.legal_actions()
        # Translators: a button: "Play two 7s".
        label = _("Play {cards}").format(cards=cards_in(OBJECT, rank, len(self.model.selected)))
        if legal:
            row = [(label, lambda: self.try_play(list(self.model.selected)), True, int(bw * 1.3))]
        else:  # never a button for a play the rules refuse: say so instead
            # Translators: a greyed-out button: the cards you picked cannot be played now.
            row = [(_("Not playable now"), None, False, int(bw * 1.3))]
        partners = [
            c
            for c in self.model.view.seat_cards(HUMAN_SEAT)
            if RANK_OF[c] == rank and c not in mystery_ids(self.model.state, HUMAN_SEAT)
        ]
        limit = self._room(rank, len(partners))
        if len(self.model.selected) < min(limit, len(partners)):
            first = self.model.selected[0]
            row.append(
                (
                    # Translators: a button: pick all your cards of that rank; {cards} is "7s".
                    _("All {cards}").format(cards=plural(rank)),
                    lambda: self.select_rank(first),
                    False,
                    int(bw * 0.8),
                )
            )
        return row

    def _help_row(
        self, mine: bool, at: tuple[int, int], button: tuple[int, int], size: int, gap: int
    ) -> list[Button]:
        """The second row: Hint and Undo where they are offered, each as wide as its words
        in a long language, up to the window's edge."""
        bx, y = at
        bw, bh = button
        row: list[Button] = []
        if self.model.you_play and self.show_hints():
            row.append(
                Button(
                    (0, y, bw, bh),
                    # Translators: a button at the table: ask for a hint (H is its key).
                    _("Hint (H)"),
                    self.show_hint,
                    enabled=bool(mine),
                    size=size,
                    short=short_words(Np_("short", "Hint (H)")),
                )
            )
        if self.model.you_play and self.config.take_backs:
            row.append(
                Button(
                    (0, y, bw, bh),
                    # Translators: a button at the table: take back your last play (U is its key).
                    _("Undo (U)"),
                    self.commands.take_back,
                    enabled=self.commands.can_take_back(),
                    size=size,
                    tooltip=_("Take back your last play and the plays since (U or Ctrl+Z)"),
                    short=short_words(Np_("short", "Undo (U)")),
                )
            )
        lay = self.model.lay
        room = lay.width - lay.px(12) - bx
        x = bx
        for b, width in zip(
            row,
            fitted_widths(self.theme, [b.label for b in row], size, bw, room, gap),
            strict=True,
        ):
            b.rect.x, b.rect.w = x, width
            x += width + gap
        return row

    def _corner_buttons(self) -> tuple[list[Button], list[Button]]:
        """Menu (or the lesson's Leave) and Scores in the header's corner, right to left,
        each as wide as its words; and those a replay's controls keep."""
        lay = self.model.lay
        u = lay.u
        info = lay.info_rect
        small = (int(96 * u), int(32 * u))
        small_px = max(11, int(15 * u))
        lesson = self.config.lesson
        kept: list[Button] = []  # what a replay's controls keep: Menu and Scores
        corner = [
            Button(
                (0, info.top, *small),
                # Translators: a small button in the table's corner: open the pause menu.
                _("Menu")
                if lesson is None
                # Translators: a small button in the table's corner during the lesson: leave it.
                else _("Leave"),
                self.pause if lesson is None else lesson.leave,
                size=small_px,
                short=(
                    short_words(Np_("short", "Menu"))
                    if lesson is None
                    else short_words(Np_("short", "Leave"))
                ),
            )
        ]
        if lesson is None:
            kept.append(corner[-1])
        if self.config.scores:
            corner.append(
                Button(
                    (0, info.top, *small),
                    _("Scores"),
                    self.open_scores,
                    size=small_px,
                    short=short_words(Np_("short", "Scores")),
                )
            )
            kept.append(corner[-1])
        # Right to left from the corner, each as wide as its words (within the header).
        labels = [b.label for b in corner]
        x = info.right
        for b, width in zip(
            corner,
            fitted_widths(self.theme, labels, small_px, small[0], info.width, lay.px(8)),
            strict=True,
        ):
            b.rect.w = width
            b.rect.right = x
            x = b.rect.x - lay.px(8)
        return corner, kept

    def open_scores(self) -> None:
        self.commands.scores()
