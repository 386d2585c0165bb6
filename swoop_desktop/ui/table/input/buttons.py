"""The table's buttons: Play (and All of a rank), a follow-up's Add and Done, a
chain's Done; Hint and Undo beneath; Menu and Scores in the header's corner. Each is
as wide as its words in the player's language, within the window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from swoop_desktop.card_words import OBJECT, cards_in
from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF
from swoop_desktop.i18n import Np_, _, pgettext

from ...controls import Button, fitted_widths, short_words
from ..drivers import ControlledTable, TableConfig
from ..view import mystery_ids, plural
from .commands import InputCommands
from .moves import Moves

if TYPE_CHECKING:
    from ...theme import Theme


class ButtonMaker:
    """The buttons the table shows now, made again when the table's question changes."""

    def __init__(
        self,
        table: ControlledTable,
        moves: Moves,
        config: TableConfig,
        commands: InputCommands,
        show_hints: Callable[[], bool],
    ) -> None:
        self.table = table  # what a replay's controls work with
        self.model = moves.model
        self.theme: Theme = moves.theme
        self.moves = moves
        self.config = config
        self.commands = commands
        self.show_hints = show_hints
        self.buttons_for: tuple[bool, bool] | None = None  # (animating, hints) of buttons

    def build(self) -> None:
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
        for label, action, primary, width in self.play_row(bw) if mine else []:
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
        buttons += self.help_row(mine, (int(bx), int(by + bh + gap)), (bw, bh), size, gap)
        corner, kept = self.corner_buttons()
        buttons += corner
        controls = self.config.controls
        if controls is not None:  # a replay: its own controls, and Menu and Scores
            buttons = controls.buttons(self.table, kept)
        self.model.buttons = buttons

    def play_row(self, bw: int) -> list[tuple[str, Any, bool, int]]:
        """The first row at your turn (label, action or None for a refusal, primary, width):
        a follow-up's Add and Done, a chain's Done, or Play for the cards selected (and All
        of their rank, where more may go)."""
        st = self.model.state
        assert st is not None
        if st.phase_name == "follow":
            return [
                (
                    # Translators: a button: add all the cards of the rank you hold; {cards} is
                    # "7s".
                    _("Add {cards}").format(cards=plural(st.follow_rank)),
                    self.moves.add_all,
                    True,
                    bw,
                ),
                (pgettext("button", "Done"), self.moves.done, False, int(bw * 0.75)),
            ]
        if st.phase_name == "chain":
            return [(pgettext("button", "Done"), self.moves.done, True, bw)]
        if not self.model.selected:
            return []
        row: list[tuple[str, Any, bool, int]] = []
        rank = RANK_OF[self.model.selected[0]]
        action = self.moves.action_for(list(self.model.selected))
        legal = action is not None and action in st.legal_actions()
        # Translators: a button: "Play two 7s".
        label = _("Play {cards}").format(cards=cards_in(OBJECT, rank, len(self.model.selected)))
        if legal:
            row = [
                (label, lambda: self.moves.try_play(list(self.model.selected)), True, int(bw * 1.3))
            ]
        else:  # never a button for a play the rules refuse: say so instead
            # Translators: a greyed-out button: the cards you picked cannot be played now.
            row = [(_("Not playable now"), None, False, int(bw * 1.3))]
        partners = [
            c
            for c in self.model.view.seat_cards(HUMAN_SEAT)
            if RANK_OF[c] == rank and c not in mystery_ids(self.model.state, HUMAN_SEAT)
        ]
        limit = self.moves.room(rank, len(partners))
        if len(self.model.selected) < min(limit, len(partners)):
            first = self.model.selected[0]
            row.append(
                (
                    # Translators: a button: pick all your cards of that rank; {cards} is "7s".
                    _("All {cards}").format(cards=plural(rank)),
                    lambda: self.moves.select_rank(first),
                    False,
                    int(bw * 0.8),
                )
            )
        return row

    def help_row(
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
                    self.moves.show_hint,
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

    def corner_buttons(self) -> tuple[list[Button], list[Button]]:
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
                self.table.pause if lesson is None else lesson.leave,
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
                    self.commands.scores,
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
