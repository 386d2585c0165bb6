"""The table's words around the cards: the status line above the pile, the play log,
the header (hand, rules, goal) and the toast (a tip, a hint, a refusal).

The status line names whose turn it is and who plays next, hemmed in by the side
seats' plates and markers wherever they stand round the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine.cards import SYMBOL_RANKS
from swoop_desktop.i18n import N_, _
from swoop_desktop.names import is_you_name

from ..drivers import TableConfig
from ..model import Colour, TableModel
from ..view import plural
from .pen import Pen
from .questions import asked_phase, flipped_last
from .seats import SeatDrawing

if TYPE_CHECKING:
    from ...theme import Theme


#: Each rule set's name in the table's header.
RULE_SETS = {
    # Translators: the rule set in the table's header (lower case): this app's rules.
    "app": N_("app rules"),
    # Translators: the rule set in the table's header (lower case): the common published rules.
    "classic": N_("classic rules"),
    # Translators: the rule set in the table's header (lower case): the older written rules.
    "traditional": N_("traditional rules"),
}


def rules_words(rules: Any) -> str:
    """ "app rules", or "app rules, changed" when any option differs from the rule set."""
    changed = any(k != "preset" for k in rules.to_json())
    name = RULE_SETS.get(rules.preset)
    if name:
        said = _(name)
    else:
        # Translators: a rule set without a name of its own: "house rules" ({preset} its name).
        said = _("{preset} rules").format(preset=rules.preset)
    # Translators: a rule set with options changed from it: "app rules, changed".
    return _("{rules}, changed").format(rules=said) if changed else said


class StatusDrawing:
    """The status line, the log, the header and the toast, drawn from the model."""

    def __init__(
        self, model: TableModel, pen: Pen, theme: Theme, config: TableConfig, seats: SeatDrawing
    ) -> None:
        self.model = model
        self.pen = pen
        self.theme = theme
        self.config = config
        self.seats = seats

    def status(self) -> str:
        """The status line (a replay's controls may reword it)."""
        words = self.table_status()
        controls = self.config.controls
        return words if controls is None else controls.status(words, self.model.clock)

    def table_status(self) -> str:
        st = self.model.state
        view = self.model.view
        if st is None:
            return ""
        if st.is_over and not self.model.anim.busy:
            return _("Hand over")
        p = view.to_move if view.to_move is not None else -1
        if p == -2:
            return _("Drawing cards: the highest plays first")
        if p < 0:
            # Translators: the table's status line while the cards are dealt.
            return _("Dealing…")
        nxt = self.model.seat_name((p + 1) % view.n)
        if self.model.is_yours(p):
            if self.model.anim.busy and (st.to_move, st.phase_name) != (p, view.phase):
                # Translators: the table's status line while your cards fly to the pile.
                return _("You played")  # your cards are on their way; the turn moves when they land
            phase = asked_phase(self.model)
            if phase == "follow" and view.follow_rank:
                r = SYMBOL_RANKS[view.follow_rank]
                # Translators: the table's status line; {cards} is "7s" (a rank in the plural).
                return _("Follow-up: add more {cards}, or Done").format(cards=plural(r))
            if phase == "chain":
                if flipped_last(self.model):
                    return _("Chain: flip another mystery card, or Done")
                return _("Chain: flip an uncovered mystery card, or Done")
            # Translators: {next} is the name of the seat that plays after you.
            return _("Your turn — then {next}").format(next=nxt)
        name = self.model.seat_name(p)
        if self.model.wait_click:
            who = self.model.seat_name(self.model.last_actor)
            if is_you_name(who):
                # Translators: the table's status line; {name} is the next player ("Lefty").
                said = _("You played — click or press Space for {name}'s turn")
            else:
                # Translators: the table's status line; {who} is the player who played, {name}
                # the next one (names such as "Lefty" or "You").
                said = _("{who} played — click or press Space for {name}'s turn")
            return said.format(who=who, name=name)
        if is_you_name(name):  # a replay of your game
            # Translators: the table's status line; {next} is the player after you ("Lefty").
            return _("You to play — then {next}").format(next=nxt)
        # Translators: the table's status line; {name} is whose turn it is, {next} the player
        # after them (names such as "Lefty" or "You").
        return _("{name}'s turn — then {next}").format(name=name, next=nxt)

    def status_place(self, status: str) -> tuple[pygame.Rect, pygame.Surface]:
        """Where the status line goes and its picture: above the pile, clear of the
        side seats' last-play markers (moved along, then made smaller if it must)."""
        t, lay = self.theme, self.model.lay
        size = max(12, int(19 * lay.u))
        img = self.pen.text(status, size, t.text, True)
        cx = int(lay.pile_centre[0] + lay.pile_card[0] * 0.6)
        top = int(lay.pile_centre[1] - lay.pile_card[1] * 0.725 - lay.px(12) - img.get_height())
        back = img.get_rect(midtop=(cx, top)).inflate(lay.px(24), lay.px(8))
        if self.model.view.to_move == -2:
            # The draw for the first play: its cards lie between the plates and the pile,
            # so the words go where none lies (above the pile, else on the empty pile),
            # smaller or shorter if they must.
            drawn = []
            for s in self.model.sprites.values():
                if s.z == 950 and not s.moving:
                    r = pygame.Rect(0, 0, int(s.w), int(s.h))
                    r.center = (int(s.x), int(s.y))
                    drawn.append(r.inflate(lay.px(6), lay.px(6)))
            mid = int(lay.pile_centre[1])
            for text in (status, _("The highest card plays first")):
                for px in range(size, 11, -1):
                    img = self.pen.text(text, px, t.text, True)
                    for y in (top, mid - img.get_height() // 2):
                        back = img.get_rect(midtop=(cx, y)).inflate(lay.px(24), lay.px(8))
                        if back.collidelist(drawn) < 0:
                            return back, img
            img = self.pen.text(status, size, t.text, True)
            back = img.get_rect(midtop=(cx, top)).inflate(lay.px(24), lay.px(8))
        band = pygame.Rect(0, back.top, lay.width, back.height)
        left, right = 0, lay.width
        gap = lay.px(6)
        # The side seats' name plates and last-play markers in the same band hem it in.
        sides = [(p, rect) for p, rect, _lines, _ink in self.seats.news_marks()]
        sides += [(p, lay.seat_boxes[p]) for p in range(min(lay.players, self.model.view.n))]
        for p, rect in sides:
            if not rect.colliderect(band):
                continue
            if lay.seats[p].side == "left":
                left = max(left, rect.right + gap)
            elif lay.seats[p].side == "right":
                right = min(right, rect.left - gap)
        room = right - left
        if room <= 0 or (back.left >= left and back.right <= right):
            return back, img
        # Smaller type first; then without "— then <next seat>", which the plates also show.
        # (A translation may set the dash as an en dash or a hyphen between spaces.)
        first = next((status.split(d)[0] for d in (" — ", " – ", " - ") if d in status), "")
        texts = [status] + ([first] if first else [])
        for text in texts:
            size = max(12, int(19 * lay.u))
            while True:
                img = self.pen.text(text, size, t.text, True)
                back = img.get_rect(midtop=(cx, top)).inflate(lay.px(24), lay.px(8))
                if back.width <= room or size <= 12:
                    break
                size -= 1
            if back.width <= room:
                break
        if back.left < left:
            back.left = left
        if back.right > right:
            back.right = right
        return back, img

    def draw(self, surface: pygame.Surface) -> None:
        t, lay = self.theme, self.model.lay
        # Status line above the pile.
        status = self.status()
        if status:
            back, img = self.status_place(status)
            surface.blit(self.pen.panel(back.size, t.panel, 170, back.h // 2), back)
            surface.blit(img, img.get_rect(center=back.center))
        # The log, newest at the bottom, scrollable with the wheel (a lesson's prompt
        # takes its place).
        if self.config.lesson is None:
            self.draw_log(surface)
        # Game info, top right, under the buttons.
        self.draw_info(surface)
        # The toast (illegal-move reasons, hints, notices).
        if self.model.toast:
            text, left, colour = self.model.toast
            back, img = self.toast_place(text, colour)
            alpha = int(235 * min(1.0, left / 0.4))
            panel = self.pen.panel(back.size, t.panel, 235, lay.px(10), colour)
            panel.set_alpha(alpha if alpha < 235 else None)
            surface.blit(panel, back)
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=back.center))

    def draw_log(self, surface: pygame.Surface) -> None:
        t, lay = self.theme, self.model.lay
        rect = lay.log_rect
        surface.blit(self.pen.panel(rect.size, t.panel, 150, lay.px(8)), rect)
        px = max(10, int(14 * lay.u))
        line_h = int(px * 1.35)
        rows = max(1, (rect.h - lay.px(10)) // line_h)
        end = len(self.model.log) - self.model.log_scroll
        width = rect.w - lay.px(16)
        shown: list[tuple[str, bool]] = []
        i = end - 1
        while i >= 0 and len(shown) < rows:
            newest = i == len(self.model.log) - 1
            wrapped = self.pen.wrap(self.model.log[i], px, width, newest)
            shown[:0] = [(w, newest) for w in wrapped]
            i -= 1
        shown = shown[-rows:]
        y = rect.bottom - lay.px(5) - line_h * len(shown)
        for text, newest in shown:
            img = self.pen.text(text, px, t.text if newest else t.text_dim, newest)
            surface.blit(img, (rect.x + lay.px(8), y))
            y += line_h
        if self.model.log_scroll:
            img = self.pen.text(
                f"▲ {self.model.log_scroll} newer below", max(9, px - 2), t.highlight
            )
            surface.blit(img, img.get_rect(topright=(rect.right - lay.px(6), rect.y + lay.px(3))))

    def draw_info(self, surface: pygame.Surface) -> None:
        t, lay = self.theme, self.model.lay
        info = lay.info_rect
        rules = self.model.match.rules
        px = max(10, int(14 * lay.u))
        lines = [
            (
                # Translators: the table's header; {rules} is "classic rules" or "app rules,
                # changed".
                _("Hand {number} · {rules}").format(
                    number=max(1, self.model.match.hand_no + 1), rules=rules_words(rules)
                ),
                t.text_dim,
                False,
            ),
            (
                _(self.config.goal)
                if self.config.goal
                else _("Game to {target} · lowest total wins").format(target=rules.target),
                t.text_dim,
                False,
            ),
        ]
        if self.config.caption:
            lines.append((_(self.config.caption), t.highlight, True))
        y = info.top + lay.px(42)
        for text, colour, bold in lines:
            img = self.pen.text(text, px, colour, bold)
            surface.blit(img, img.get_rect(topright=(info.right, y)))
            y += int(px * 1.4)

    def toast_place(self, text: str, colour: Colour) -> tuple[pygame.Rect, pygame.Surface]:
        """Where the toast (a tip, a hint, a refusal) goes and its picture: over your
        cards, and above your own last-play marker when that marker rises into it."""
        lay = self.model.lay
        img = self.toast_words(text, max(12, int(18 * lay.u)), colour)
        cx = int(lay.width / 2)
        y = int(lay.table_y - lay.table_card[1] / 2 - lay.px(16))
        back = img.get_rect(midbottom=(cx, y)).inflate(lay.px(28), lay.px(12))
        for p, rect, _lines, _ink in self.seats.news_marks():
            if p == HUMAN_SEAT and back.colliderect(rect):
                back.bottom = rect.top - lay.px(6)
        return back, img

    def toast_words(self, text: str, px: int, colour: Colour) -> pygame.Surface:
        """The toast's words: one line, or as many as keep it well inside the window."""
        lay = self.model.lay
        return self.pen.lines(text, px, colour, min(int(lay.width * 0.7), lay.px(1000)))
