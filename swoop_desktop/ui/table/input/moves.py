"""The plays you make at the table: the cards you choose turned into an engine action,
tried, and refused in plain words when the rules (or a lesson) say no; the follow-up's
Add and Done; the hint looked for in a worker and shown when it comes.

:class:`Moves` alone writes the selection and the hint on its way; a change of either
asks the table for new buttons (``rebuilt``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import END, RANK_OF, Action, Add, Flip, IllegalActionError, Play
from swoop_desktop.i18n import _

from .. import places
from ..drivers import TableConfig
from ..model import Colour, TableModel, your_cards
from ..refusals import plain_words
from ..thinking import HintJob
from ..view import mystery_ids
from .commands import InputCommands

if TYPE_CHECKING:
    from ...theme import Theme

NOTHING_SELECTED = (
    "Nothing is selected: choose cards with Up or a number key, then Enter (F flips a mystery card)"
)


def nothing_selected() -> str:
    """:data:`NOTHING_SELECTED` in the player's language."""
    return _(
        "Nothing is selected: choose cards with Up or a number key, then Enter (F flips a "
        "mystery card)"
    )


def their_turn(name: str) -> str:
    """ "Wait for Lefty: it is their turn"."""
    # Translators: a toast when you reach for a card in another's turn; {name} is "Lefty".
    return _("Wait for {name}: it is their turn").format(name=name)


class Moves:
    """Your choice of cards, and the plays, Done and hints made of it."""

    def __init__(
        self,
        model: TableModel,
        theme: Theme,
        config: TableConfig,
        commands: InputCommands,
        rebuilt: Callable[[], None],
    ) -> None:
        self.model = model
        self.theme = theme
        self.config = config
        self.commands = commands
        self.rebuilt = rebuilt  # the buttons made again for a new choice
        self.hint_job: HintJob | None = None  # a hint being looked for

    def notify(self, text: str, colour: Colour | None = None, seconds: float = 3.5) -> None:
        self.model.notify(text, colour or self.theme.text, seconds)

    def restack(self) -> None:
        places.restack(self.model)

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
            self.refuse(their_turn(self.model.seat_name(st.to_move)))
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
            ids = self.ids_for(best)
            self.try_play(ids)

    def ids_for(self, action: Action) -> list[int]:
        return your_cards(self.model.state, action)

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
        self.restack()
        self.rebuilt()

    def room(self, rank: int, cards: int) -> int:
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
        limit = self.room(rank, len(same))
        self.model.selected = same[: min(limit, count or len(same))]
        self.restack()
        self.rebuilt()

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
            ids = self.ids_for(action)
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
        self.restack()
        self.rebuilt()
