"""Overlays over the table: Pause (Esc), the hand-over summary and Game over.

Each is a non-opaque scene: the table is drawn first, dimmed, then a panel.
They pop with a :class:`~swoop_desktop.ui.results.Result` the table reads in
``on_result``: ``NEXT_HAND`` (hand over), ``FINAL`` (the deciding hand's breakdown,
the game-over sheet follows), ``RESUME`` (pause), or they navigate themselves (new
game, title, quit).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.i18n import N_, _
from swoop_desktop.names import shown_name
from swoop_desktop.plural import counted
from swoop_desktop.storage.seats import seats_to_json

from ..controls import Button, wrap_text
from ..reading import Reading
from ..results import Result
from .celebration import Celebration
from .panels import HandPanel, Overlay, draw_panel, is_you
from .sheet import draw_final_sheet

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI, RunningTable


class PauseScene(Overlay):
    """Esc over the table: resume, settings, scores, how to play, back to the title."""

    name = "pause"

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        rect = self.panel_rect()
        # Translators: the pause menu's main button: go back to the game (about 12 characters).
        specs: list[tuple[str, Any, bool]] = [(_("Resume"), self.resume, True)]
        self.extra: list[Button] = []
        self.make_buttons(specs, rect.bottom - int(24 * self.u))
        # A column of menu buttons in the middle of the panel.
        u = self.u
        bw, bh = int(260 * u), int(42 * u)
        y = rect.top + int(86 * u)
        column = []
        for label, action in (
            # Translators: a button of the pause menu: open the Settings page.
            (_("Settings"), self.settings),
            # Translators: a button of the pause menu: open the Scores pages (statistics).
            (_("Scores"), self.scores),
            # Translators: a button of the pause menu: open the rules of the game.
            (_("How to play"), self.howto),
            # Translators: a button of the pause menu: leave the game for the title screen.
            (_("Quit to title"), self.to_title),
        ):
            column.append(
                Button(
                    (rect.centerx - bw // 2, y, bw, bh), label, action, size=max(13, int(18 * u))
                )
            )
            y += bh + int(12 * u)
        self.buttons = self.buttons + column

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return True
        return super().handle(event)

    def resume(self) -> None:
        self.app.pop(Result.RESUME)

    def settings(self) -> None:
        self.app.open("settings")

    def scores(self) -> None:
        self.app.open("scores")

    def howto(self) -> None:
        self.app.open("howto")

    def to_title(self) -> None:
        self.table.save_now()
        self.app.to_title()

    def heading(self) -> str:
        title = self.table.config.title
        if title:
            # Translators: {title} names what is paused, as in "Daily deal paused".
            return _("{title} paused").format(title=_(title))
        # Translators: the pause menu's heading.
        return _("Paused")

    def note(self) -> str:
        """The line under the menu: a game is saved after every play; a replay or the
        demo saves nothing."""
        config = self.table.config
        if not config.saves:
            if config.caption:
                # Translators: the pause menu's note; {caption} is "Replay of a finished game".
                return _("{caption}. Nothing here is saved.").format(caption=_(config.caption))
            return _("Nothing here is saved.")
        return _("The game is saved after every play.")

    def _note_font(self) -> pygame.font.Font:
        return self.app.theme.font(max(14, int(16 * self.u)))

    def _note_lines(self, width: int) -> list[str]:
        return wrap_text(self._note_font(), self.note(), width - int(48 * self.u))

    def panel_rect(self) -> pygame.Rect:
        """As wide as the line under the menu needs (within the window), and taller by any
        line it still wraps onto, so it never runs out of the panel (a small window)."""
        w, h = self.app.size
        u = self.u
        fnt = self._note_font()
        width = min(w - 40, max(int(560 * u), fnt.size(self.note())[0] + int(48 * u)))
        extra = (len(self._note_lines(width)) - 1) * fnt.get_linesize()
        rect = pygame.Rect(0, 0, width, min(h - 40, int(420 * u) + extra))
        rect.center = (w // 2, h // 2)
        return rect

    def draw_body(self, surface: pygame.Surface) -> None:
        self.draw_shade(surface)
        rect = self.panel_rect()
        draw_panel(surface, self.app.theme, rect, self.u)
        self.title(surface, self.heading(), rect)
        t = self.app.theme
        fnt = self._note_font()
        lines = self._note_lines(rect.width)
        bottom = rect.bottom - int(80 * self.u)
        for i, line in enumerate(reversed(lines)):  # the last line just above Resume
            note = fnt.render(line, True, t.text_dim)
            y = bottom - i * fnt.get_linesize()
            surface.blit(note, note.get_rect(midbottom=(rect.centerx, y)))


class HandOverScene(HandPanel, Overlay):
    """Who went out, every player's leftover cards and points, and the running totals."""

    name = "hand_over"
    moves_on = True  # in the demo the next hand (or the final sheet) comes by itself

    #: The panel's height besides its rows, at scale 1: the heading, the column heads,
    #: the note and the buttons (with four rows of 88 it is the 560 a table of four has).
    BESIDE_ROWS = 208

    def row_height(self) -> int:
        """A player's row: 88 at a table of four (or three); at a fuller table as tall as
        lets every row fit in the window, down to 30."""
        u, n = self.u, self.table.match.n
        if n <= 4:
            return int(88 * u)
        room = self.app.size[1] - 40 - int(self.BESIDE_ROWS * u)
        return max(int(30 * u), min(int(88 * u), room // n))

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.u
        # A table of four's panel is 560 tall; a table of three's a row shorter.
        tall = int(self.BESIDE_ROWS * u) + self.table.match.n * self.row_height()
        rect = pygame.Rect(0, 0, min(w - 40, int(900 * u)), min(h - 40, tall))
        rect.center = (w // 2, h // 2)
        return rect

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        rect = self.panel_rect()
        if self.table.match.over:
            # Translators: the hand-over panel's main button after the last hand: on to the
            # game's end and its final scores (about 12 characters).
            label = _("Final scores")
        else:
            # Translators: the hand-over panel's main button: deal the next hand (about 12
            # characters).
            label = _("Next hand")
        specs: list[tuple[str, Any, bool]] = [(label, self.next_hand, True)]
        if self.table.config.review:
            # Translators: a button on the hand-over panel: review the hand just played.
            specs.append((_("Review hand"), self.review_hand, False))
        self.make_buttons(specs, rect.bottom - int(22 * self.u))

    def review_hand(self) -> None:
        self.open_review(len(self.table.match.actions) - 1)

    def next_hand(self) -> None:
        if self.app.stack.top is not self:
            return
        if self.table.match.over:  # the deciding hand has been seen: now the whole game
            self.app.pop(Result.FINAL)
            self.app.open("game_over", self.table)
            return
        self.app.pop(Result.NEXT_HAND)

    def update(self, dt: float) -> None:
        # In the demo nobody is there to click: the next hand starts by itself.
        super().update(dt)
        if self.table.config.goes_on:
            if self.shown >= (0.2 if self.app.anim_speed == "instant" else 2.5):
                self.next_hand()

    def draw_body(self, surface: pygame.Surface) -> None:
        self.draw_shade(surface)
        rect = self.panel_rect()
        t, u = self.app.theme, self.u
        draw_panel(surface, t, rect, u)
        y = self.title(surface, self.heading(), rect, t.highlight)
        y = self.draw_rows(surface, rect, y, self.row_height(), totals=True)
        note = t.font(max(12, int(14 * u))).render(
            _("The game ends when someone reaches {target}; the lowest total wins.").format(
                target=self.table.match.rules.target
            ),
            True,
            t.text_dim,
        )
        surface.blit(note, note.get_rect(midtop=(rect.centerx, y + int(8 * u))))


_log = logging.getLogger("swoop_desktop.ui")

#: How long the game-over sheet's first frame waits for the rating line and the records read
#: from the history on their thread: a short history's are there well within it and the
#: sheet comes whole; a long one's (seconds over 100,000 games) follow on a later frame.
RECORDS_WAIT = 0.05

#: What stands between two places in the final standings.
PLACES_JOIN = "  ·  "

#: The game-over sheet of a practice game, where a rated game shows your rating.
PRACTICE_LINE = N_("A practice game: your rating and records stay as they were")


class GameOverScene(HandOverScene):
    """The winner and the margin, every hand with who went out, the totals and places."""

    name = "game_over"
    moves_on = False  # the final sheet stays until the player chooses

    def __init__(self, app: AppAPI, table: RunningTable) -> None:
        super().__init__(app, table)
        #: "Your rating: 1523 (+23 this game)", or the practice game's line, or ""
        self.rating_line = _(PRACTICE_LINE) if table.config.practice else ""
        #: said when your rating is well above the table's opponents (progress.rating.outgrown)
        self.outgrown_line = ""
        self.rating_rect = pygame.Rect(0, 0, 0, 0)  # where it was last drawn (tests)
        #: "A new best winning streak: 3 games in a row", ... (a won game's new bests)
        self.bests: list[str] = []
        #: the cards bursting over the sheet of a won game (None: no celebration, or over)
        self.celebration: Celebration | None = None
        self._celebrated = False
        # The rating line and the records are read from the whole history on a thread of
        # their own: over 100,000 games that takes seconds, and the sheet never waits
        # longer than RECORDS_WAIT for them (a short history's are there within it).
        self._records: Reading[tuple[str, str, list[str]]] | None = None
        if self._counts_in_progress():
            self._records = Reading(self._read_records, "game-over-records")
            self._records.wait(RECORDS_WAIT)
            self._take_records()

    @property
    def records_pending(self) -> bool:
        """The rating line and the records are still being read from the history."""
        return self._records is not None

    def _counts_in_progress(self) -> bool:
        """This game moves your rating and records (a saved game, not a practice one, and
        a data folder to read them from)."""
        table, app = self.table, self.app
        return (
            table.config.saves and not table.config.practice and app.keeps_files and app.dirs.usable
        )

    def _read_records(self) -> tuple[str, str, list[str]]:
        """On the records' thread: the rating line, the outgrown line and the new bests."""
        rating_line, outgrown_line = self._rating_lines()
        return rating_line, outgrown_line, self._new_bests() if self.won else []

    def _take_records(self) -> bool:
        """The records' answer, once it is there, put on the sheet (True when it came now)."""
        reading = self._records
        if reading is None or not reading.done:
            return False
        self._records = None
        if reading.error is not None:
            _log.warning(
                "the game-over sheet's rating and records could not be read",
                exc_info=reading.error,
            )
        elif reading.answer is not None:
            self.rating_line, self.outgrown_line, self.bests = reading.answer
        return True

    @property
    def won(self) -> bool:
        """You (a person, not the demo's AI in your seat) won a game that counts."""
        table = self.table
        seats = table.seats
        return (
            table.config.saves
            and table.match.winner == HUMAN_SEAT
            and bool(seats)
            and seats[HUMAN_SEAT].is_human
        )

    def _new_bests(self) -> list[str]:
        """What this won game bettered: your best winning streak, your highest rating,
        your best margin (each only when there was an earlier best to beat)."""
        from swoop_desktop.progress.history import load_summaries
        from swoop_desktop.progress.rating import game_change, rating_history
        from swoop_desktop.progress.stats import compute_stats
        from swoop_desktop.progress.stored_games import record_from_match
        from swoop_desktop.progress.summaries import summarize

        from .progress import margin_words

        table, app = self.table, self.app
        abandoned = app.settings.count_abandoned
        lines: list[str] = []
        try:
            record = record_from_match(table.match, seats_to_json(table.seats, brief=True))
            games, _problems = load_summaries(app.dirs)
            earlier = [g for g in games if g.id != record.id]
            this = summarize(record)
            before = compute_stats(earlier, abandoned)
            now = compute_stats([*earlier, this], abandoned)
            if now.best_streak > before.best_streak >= 1:
                lines.append(
                    # Translators: on the game-over sheet; {games} is "5 games".
                    _("A new best winning streak: {games} in a row").format(
                        games=counted(now.best_streak, "game")
                    )
                )
            change = game_change(app.dirs, record, abandoned)
            points, _problems = rating_history(app.dirs, abandoned)
            highs = [round(p.rating.rating) for p in points if p.game != record.id]
            if change is not None and highs and round(change[1].rating) > max(highs):
                lines.append(
                    _("A new rating high: {rating}").format(rating=f"{change[1].rating:.0f}")
                )
            margins = [
                g.margin for g in earlier if g.counted and not g.abandoned and g.margin is not None
            ]
            if this.counted and this.margin is not None and margins and this.margin > max(margins):
                lines.append(
                    # Translators: on the game-over sheet; {margin} is "23 pts under the others'
                    # average".
                    _("A new record: your best margin, {margin}").format(
                        margin=margin_words(this.margin)
                    )
                )
        except (OSError, ValueError):
            return lines
        return lines

    def _rating_lines(self) -> tuple[str, str]:
        """ "Your rating: 1523 (+23 this game)" for a game that moves your rating, and the
        line said when your rating is well above the table's opponents ("" when not)."""
        from swoop_desktop.progress.rating import game_change, outgrown, table_rating
        from swoop_desktop.progress.stored_games import record_from_match

        table, app = self.table, self.app
        try:
            record = record_from_match(table.match, seats_to_json(table.seats, brief=True))
            change = game_change(app.dirs, record, app.settings.count_abandoned)
        except (OSError, ValueError):
            return "", ""
        if change is None:
            return "", ""
        before, after = change
        delta = round(after.rating) - round(before.rating)
        levels = [s.level for s in table.seats if not s.is_human]
        outgrown_line = ""
        if outgrown(after.rating, levels):
            outgrown_line = _(
                "You have outgrown this table ({rating}): try Play at your level on the title"
            ).format(rating=f"{table_rating(levels):.0f}")
        rating_line = _("Your rating: {rating} ({change} this game)").format(
            rating=f"{after.rating:.0f}", change=f"{delta:+d}"
        )
        return rating_line, outgrown_line

    def resize(self, size: tuple[int, int]) -> None:
        self.refresh()
        rect = self.panel_rect()
        specs: list[tuple[str, Any, bool]] = [
            # Translators: a button at the game's end: deal a new game.
            (_("New game"), self.new_game, True),
            # Translators: a button at the game's end: replay the finished game to watch it.
            (_("Watch again"), self.watch_again, False),
            # Translators: a button at the game's end: the review of your decisions.
            (_("Review game"), self.review_game, False),
            # Translators: a button at the game's end: go to the title screen.
            (_("Title"), self.to_title, False),
        ]
        first = not self.buttons
        self.make_buttons(specs, rect.bottom - int(22 * self.u))
        if first:
            # Enter on the sheet never starts a new game by surprise: Review game has the
            # focus. Later (a new size, the records read late) the focus stays where it is.
            self.focus = 2
        if self.celebrating and self.celebration is not None:
            elapsed = self.celebration.elapsed  # the burst goes on at the new size
            self.start_celebration()
            if self.celebration is not None:
                self.celebration.elapsed = elapsed

    def enter(self) -> None:
        super().enter()
        if self.won and not self._celebrated:
            self._celebrated = True  # once: not again when a review over it closes
            self.app.sound.play("cheer")
            if self.bests:
                self.app.sound.play("best")
            self.start_celebration()

    def _records_came(self) -> None:
        """The rating line and the records, read late, go on the sheet: it grows to hold
        them, and a new best is chimed as it would have been at once."""
        self.resize(self.app.size)
        if self.bests and self._celebrated:
            self.app.sound.play("best")

    def start_celebration(self) -> None:
        """Cards burst from the pile over the sheet (none at the "instant" speed)."""
        celebration = Celebration(
            self.app.size,
            self.table.art,
            self.panel_rect(),
            self.app.anim_speed,
            self.app.settings.reduced_motion,
            seed=self.table.match.seed or 0,
        )
        self.celebration = None if celebration.done else celebration

    @property
    def celebrating(self) -> bool:
        return self.celebration is not None and not self.celebration.done

    @property
    def animating(self) -> bool:
        return self.celebrating or super().animating

    def picture(self) -> object:
        """Whether cards fly over the sheet (the sheet is drawn once more without them),
        and whether the records read on their thread are there to be shown."""
        records = self._records
        return self.celebration is not None, records is not None and records.done

    def update(self, dt: float) -> None:
        """The final sheet stays until the player chooses (also in demo mode); a won
        game's celebration moves on over it and ends by itself."""
        self.shown += dt
        if self._take_records():
            self._records_came()
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None

    def handle(self, event: pygame.event.Event) -> bool:
        """While the cards fly, a click or a key made for the sheet ends the celebration
        at once (and only that: the next press reaches the sheet's buttons)."""
        if self.celebrating and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            if event.type == pygame.KEYDOWN and not self.app.keys.fresh(event, self.shown_at):
                return True  # a key held, or taps begun, before the sheet: not for it
            if self.celebration is not None:
                self.celebration.skip()
            self.celebration = None
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.celebration is not None:
            self.celebration.draw(surface)

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        u = self.u
        rows = (
            max(1, len(self.table.match.sheet))
            + len(self._wrapped(self.rating_line, 18))
            + len(self._wrapped(self.outgrown_line, 17))
            + sum(len(self._wrapped(line, 17)) for line in self.bests)
        )
        height = min(h - 20, int((310 + 26 * rows) * u))
        rect = pygame.Rect(0, 0, self._panel_width(), height)
        rect.center = (w // 2, h // 2)
        return rect

    def _panel_width(self) -> int:
        return min(self.app.size[0] - 20, int(940 * self.u))

    def _wrapped(self, text: str, size: int) -> list[str]:
        """One of the sheet's lines (the rating, a record) in lines that fit the panel
        (a long language's sentence takes two)."""
        if not text:
            return []
        fnt = self.app.theme.font(max(size - 5, int(size * self.u)), True)
        return wrap_text(fnt, text, self._panel_width() - int(48 * self.u))

    def places(self) -> str:
        """ "1st Righty 0 · 2nd Topper 93 · ..." (equal totals share a place)."""
        match = self.table.match
        order = sorted(range(match.n), key=lambda p: match.totals[p])
        # Translators: places in the final standings, each with a name and a total.
        words = {
            # Translators: the first place in the final standings: a name and a total.
            1: _("1st {name} {total}"),
            # Translators: the second place in the final standings: a name and a total.
            2: _("2nd {name} {total}"),
            # Translators: the third place in the final standings: a name and a total.
            3: _("3rd {name} {total}"),
        }
        parts = []
        for p in order:
            place = 1 + sum(1 for q in range(match.n) if match.totals[q] < match.totals[p])
            # Translators: a place from 4th on in the final standings ({place} a figure).
            said = words.get(place, _("{place}th {name} {total}"))
            parts.append(
                said.format(
                    place=place, name=shown_name(self.table.seat_name(p)), total=match.totals[p]
                )
            )
        return PLACES_JOIN.join(parts)

    def places_lines(self, fnt: pygame.font.Font, width: int) -> list[str]:
        """The places on as many lines as keep them within ``width`` pixels, broken only
        between two places (a table of eight's eight places do not fit on one line)."""
        lines: list[str] = []
        for part in self.places().split(PLACES_JOIN):
            trial = f"{lines[-1]}{PLACES_JOIN}{part}" if lines else part
            if lines and fnt.size(trial)[0] <= width:
                lines[-1] = trial
            else:
                lines.append(part)
        return lines

    def margin(self) -> str:
        """ "Lefty wins by 23 points" — how far ahead of the next lowest total the winner is."""
        match = self.table.match
        if match.winner is None:
            low = min(match.totals)
            who = [
                shown_name(self.table.seat_name(p))
                for p in range(match.n)
                if match.totals[p] == low
            ]
            # Translators: a tie at the game's end; {names} is "You and Lefty"; {total} a figure.
            # Translators: what joins two names in a tie: "You and Lefty" (spaces around it).
            joined = _(" and ").join(who)
            return _("{names} share the lowest total, {total}").format(names=joined, total=low)
        best = match.totals[match.winner]
        rest = sorted(t for p, t in enumerate(match.totals) if p != match.winner)
        gap = rest[0] - best if rest else 0
        name = shown_name(self.table.seat_name(match.winner))
        ender = max(range(match.n), key=lambda p: match.totals[p])
        points = counted(gap, "point")
        if match.totals[ender] >= match.rules.target:
            # Translators: {points} is a counted phrase ("23 points"); {other} reached the
            # score {target} that ends the game.
            said = (
                # Translators: {points} is "23 points"; {other} the player ("Lefty") whose
                # total reached {target}, which ends the game.
                _("You win by {points}; {other} reached {target}")
                if is_you(self.table, match.winner)
                # Translators: {name} is the winner ("Lefty"); {points} "23 points"; {other}
                # the player whose total reached {target}, which ends the game.
                else _("{name} wins by {points}; {other} reached {target}")
            )
        else:
            said = (
                # Translators: at the game's end; {points} is "23 points".
                _("You win by {points}")
                if is_you(self.table, match.winner)
                # Translators: at the game's end; {name} is the winner ("Lefty"); {points} is
                # "23 points".
                else _("{name} wins by {points}")
            )
        return said.format(
            name=name,
            points=points,
            other=shown_name(self.table.seat_name(ender)),
            target=match.rules.target,
        )

    def new_game(self) -> None:
        """Another game of the same kind: after a practice game, another practice game."""
        self.app.new_game(practice=self.table.config.practice)

    def review_game(self) -> None:
        self.open_review(None)

    def to_title(self) -> None:
        self.app.to_title()

    def watch_again(self) -> None:
        """Watch the game just finished once more, from the first deal."""
        from swoop_desktop.progress.stored_games import record_from_match

        table = self.table
        seats = seats_to_json(table.seats, brief=True)
        record = record_from_match(table.match, seats)
        if table.seats and not table.seats[HUMAN_SEAT].is_human:  # the demo: seat 0 is an AI too
            record = type(record)(**{**record.__dict__, "seats": seats})
        stack = self.app.stack
        while stack.top is not None and stack.top.name in ("game_over", "hand_over", "table"):
            stack.pop()  # the finished game leaves the table (it is already recorded)
        try:
            self.app.watch_replay(record, "normal")
        except ValueError as exc:  # a game that cannot be replayed says why
            self.app.notify(str(exc))

    def heading(self) -> str:
        match = self.table.match
        if match.winner is None:
            return _("Game over: a tie — no winner")
        name = shown_name(self.table.seat_name(match.winner))
        return (
            _("You win the game!")
            if is_you(self.table, match.winner)
            # Translators: the game-over heading; {name} is the winner ("Lefty").
            else _("{name} wins the game").format(name=name)
        )

    def draw_body(self, surface: pygame.Surface) -> None:
        self.draw_shade(surface)
        rect = self.panel_rect()
        t, u = self.app.theme, self.u
        draw_panel(surface, t, rect, u)
        # A win in the gold of a highlight; any other end in the sheet's calm plain text.
        y = self.title(surface, self.heading(), rect, t.highlight if self.won else t.text)
        sub = t.font(max(13, int(18 * u)), True).render(self.margin(), True, t.text)
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, y - int(4 * u))))
        y += sub.get_height() + int(10 * u)
        for k, line in enumerate(self._wrapped(self.rating_line, 18)):
            img = t.font(max(13, int(18 * u)), True).render(line, True, t.highlight)
            drawn = img.get_rect(midtop=(rect.centerx, y - int(4 * u)))
            self.rating_rect = drawn if k == 0 else self.rating_rect.union(drawn)
            surface.blit(img, drawn)
            y += img.get_height() + int(8 * u)
        for line in self._wrapped(self.outgrown_line, 17):
            img = t.font(max(12, int(17 * u)), True).render(line, True, t.legal)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y - int(4 * u))))
            y += img.get_height() + int(8 * u)
        for line in (part for best in self.bests for part in self._wrapped(best, 17)):
            img = t.font(max(12, int(17 * u)), True).render(line, True, t.highlight)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y - int(4 * u))))
            y += img.get_height() + int(8 * u)
        names = [shown_name(self.table.seat_name(p)) for p in range(self.table.match.n)]
        y = draw_final_sheet(surface, t, rect, y, u, names, self.table.match)
        fnt = t.font(max(12, int(17 * u)), True)
        for line in self.places_lines(fnt, rect.width - int(48 * u)):
            img = fnt.render(line, True, t.text)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += fnt.get_linesize()
