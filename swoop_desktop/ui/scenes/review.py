"""Review: where your plays cost points, one decision at a time, as the hard bot sees it.

Opened from the hand-over overlay (this hand), Game over (the whole game) and
Scores -> Past games (any finished game). The analysis (the record replayed
to its decisions by :mod:`swoop_desktop.referee.review`, each weighed by
:mod:`swoop_desktop.ai.review`) is worked out by the thinking workers
(:mod:`swoop_desktop.ai.workers`: worker processes, the decisions side by side)
while a thread of the screen waits for them, with a progress bar and a Cancel
button (which drops the work not yet begun), so the screen stays responsive; its results are stored
in ``reviews.json`` (never in the saved game or the history), so opening the
same review again is instant.

At each decision the table is drawn as it was: what you could see, your
choice outlined in white and the best choice in green. The right-hand panel
gives the verdict in expected points with one line of why, and the plays weighed,
best first and then by the figure the review ranks them by: the expected points
against the table (:func:`ranked`). "Show all cards"
switches to the same decision judged with every hidden card known, clearly
marked as hindsight; it is worked out only when the player first asks for it,
so the review a player waits for weighs each decision once. The summary lists
the costly decisions; choosing one jumps to it. The screen rests while the
work goes on (it is drawn again at each step of progress and when the work is
done, see :meth:`ReviewScene.picture`), so the frame loop leaves the processor
to the analysis. Keys: Left/Right step, Home/End, H hindsight, S summary, Esc back;
the panel shown scrolls where its words are longer than it (:class:`~..controls.ScrollView`:
the wheel over it, its bar, PageUp/PageDown, and Up/Down at a decision, where they
choose no line).

Why one long module: one screen's layout, drawing and keys; its words come from
:mod:`swoop_desktop.ai.review` and its colours from :mod:`.verdicts`.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.ai import workers
from swoop_desktop.ai.review import (
    METHOD,
    Cancelled,
    Decision,
    Option,
    Review,
    Verdict,
)
from swoop_desktop.ai.review_words.beside import Beside
from swoop_desktop.ai.review_words.labels import GOOD_WITHIN, UNCLEAR
from swoop_desktop.choices import seat_name
from swoop_desktop.engine import Action, Rules, action_from_json
from swoop_desktop.i18n import _
from swoop_desktop.names import shown_name
from swoop_desktop.plural import about, counted
from swoop_desktop.progress.stored_reviews import load_review, review_key, store_review
from swoop_desktop.referee.daily import DAILY_WORLDS, parting
from swoop_desktop.referee.puzzles import keep_from_review
from swoop_desktop.referee.review import decisions
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.cards import card_art
from swoop_desktop.ui.scene import Scene

from . import verdicts
from .board import DecisionBoard, OnTheBoard
from .verdicts import LABEL_COLOURS, label_words

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI


#: Another game of the same hand, every seat's actions in order, or what gives them once
#: known (the daily deal's hard opponent in your seat may still be playing).
OtherPlay = Sequence[Action] | Callable[[], Sequence[Action] | None]

#: Percentage points of the chance to win the game under which two plays' chances are
#: called too close for the play-outs to tell apart (the panel's note under a play ranked
#: below the best that shows a higher chance).
WIN_TOLD_APART = 5


def signed(points: int) -> str:
    """A margin in whole points as the panel shows it: "−11", "+3", "0"."""
    return "0" if points == 0 else f"+{points}" if points > 0 else f"\u2212{-points}"


def ranked(options: Sequence[Option]) -> list[tuple[Option, int, int]]:
    """The plays weighed at a decision as the panel lists them: the best first (the
    review's best is the lowest margin, expected points against the table), then the
    others by margin, each with its margin and its chance to win the game (percent) in
    the whole numbers shown. Whole numbers keep the order (rounding never swaps two
    figures), and no line below the best shows a better margin than the best's (a review
    that named another best would have it shown level with the best)."""
    if not options:
        return []
    best, rest = options[0], sorted(options[1:], key=lambda o: o.margin)
    floor = round(best.margin)
    return [
        (o, floor if o is best else max(floor, round(o.margin)), round(o.win * 100))
        for o in (best, *rest)
    ]


def ranked_lines(options: Sequence[Option]) -> list[tuple[str, str | None]]:
    """Each play's line, ranked (:func:`ranked`), and under a play below the best that
    shows a higher chance to win the game, why it is ranked below: one note (or None)."""
    rows = ranked(options)
    out: list[tuple[str, str | None]] = []
    best_win = rows[0][2] if rows else 0
    for k, (o, margin, win) in enumerate(rows):
        # Translators: one play's expected outcome, ranked by the first figure: "−11 vs
        # table: played a king (12 pts, wins the game 46%)". {margin} is the play's
        # expected points against the table (lower is better), {points} a counted
        # phrase ("12 pts").
        line = _("{margin} vs table: {play} ({points}, wins the game {percent}%)").format(
            margin=signed(margin),
            play=o.words,
            points=counted(round(o.points), "pt"),
            percent=win,
        )
        note = None
        if k and win > best_win:
            if win - best_win < WIN_TOLD_APART:
                note = _(
                    "Ranked by points against the table: the chances to win the game "
                    "differ by less than the play-outs can tell."
                )
            else:
                note = _(
                    "Ranked by points against the table: this play wins the game more "
                    "often ({percent}% against {best}%), but the chance to win the game is "
                    "only an estimate from the scores after the hand."
                ).format(percent=win, best=best_win)
        out.append((line, note))
    return out


class ReviewScene(OnTheBoard, Scene):
    """The review of one hand (``hand``, 0-based) or of a whole game (``hand=None``).

    ``hard``, for one hand, is the hard opponent's game of the same deal in your seat
    (the daily deal's): each decision then says what it played there while the two games
    were the same, and where they parted (:class:`~swoop_desktop.ai.review_words.beside.Beside`).
    """

    name = "review"

    def __init__(
        self,
        app: AppAPI,
        rules: Rules,
        players: int,
        seed: int,
        hands: Sequence[Sequence[Action]],
        hand: int | None = None,
        names: Sequence[str] | None = None,
        worlds: int | None = None,
        hard: OtherPlay | None = None,
        puzzles: bool = False,
        hints: Mapping[tuple[int, int], str] | None = None,
    ) -> None:
        super().__init__(app)
        self.rules = rules
        self.hand = hand
        self.names = (
            list(names) if names else [shown_name(seat_name(p, players)) for p in range(players)]
        )
        self.worlds = worlds if worlds is not None else verdicts.DEFAULT_WORLDS
        self.hands = [list(h) for h in hands]
        # The hints you were shown go with their decisions: only those are quoted.
        self.decisions: list[Decision] = decisions(rules, players, seed, self.hands, 0, hand, hints)
        self.key = review_key(rules.to_json(), players, seed, self.hands, hand, self.worlds)
        self.seed = seed
        self.players = players
        self.result: Review | None = None
        self.index = 0
        self.hindsight = False
        self.view = "summary"
        self.done = 0  # decisions weighed so far, from what you could see
        self.total = len(self.decisions)
        self.cancel = threading.Event()
        self.worker: threading.Thread | None = None
        self.seer: threading.Thread | None = None  # the look with every card shown
        self.failed: str | None = None
        self.summary_rects: list[tuple[pygame.Rect, int]] = []
        self.selected = 0
        # Drawn like the game's table: its deck colours and card size.
        self.art = card_art(app.theme, app.settings, rules)
        self.large = bool(app.settings.large_cards)
        self.prev_btn = W.Button((0, 0, 10, 10), "", self.previous)
        self.next_btn = W.Button((0, 0, 10, 10), "", self.next)
        self.hind_btn = W.Button((0, 0, 10, 10), "", self.toggle_hindsight)
        self.summary_btn = W.Button((0, 0, 10, 10), "", self.show_summary)
        self.back_btn = W.Button((0, 0, 10, 10), "", self.close, primary=True)
        self.cancel_btn = W.Button((0, 0, 10, 10), "", self.close)
        self._label_buttons()
        self._size: tuple[int, int] | None = None
        self.table_part = DecisionBoard(app, self.art, self.large)
        # The panels' words scroll where they are longer than the panel.
        self.verdict_view = W.ScrollView()
        self.summary_view = W.ScrollView()
        self.hard_play: OtherPlay | None = hard if hand is not None else None
        self._beside: Beside | None = None
        # A game the history does not keep (the daily deal): its mistakes become puzzles
        # here, once the review is known, as a reviewed game's do when Puzzles opens.
        self.puzzles = puzzles

    def _label_buttons(self) -> None:
        """The buttons' words and tooltips, in the player's language."""
        for button, label, tip in (
            # Translators: a button on the review: back to the previous decision (12 characters).
            (self.prev_btn, _("< Previous"), _("Previous decision (Left arrow)")),
            # Translators: a button on the review: on to the next decision (12 characters).
            (self.next_btn, _("Next >"), _("Next decision (Right arrow)")),
            # Translators: a button on the review: the decision again with every hidden card shown.
            (self.hind_btn, _("Show all cards"), _("The same decision with every card shown (H)")),
            # Translators: a button on the review: the page of every costly decision.
            (self.summary_btn, _("Summary"), _("Every costly decision (S)")),
            (self.back_btn, _("Back"), _("Back (Esc)")),
            (self.cancel_btn, _("Cancel"), _("Stop the review (Esc)")),
        ):
            button.label, button.tooltip = label, tip
        if getattr(self, "hindsight", False):
            # Translators: a button on the review, while every card is shown: back to only the
            # cards you could see at that decision.
            self.hind_btn.label = _("What you knew")

    def language_changed(self, size: tuple[int, int]) -> None:
        self._label_buttons()
        self.resize(size)

    # ---------------------------------------------------------------- analysis
    @property
    def title(self) -> str:
        if self.hand is None:
            return _("Review: the whole game")
        # Translators: the review page's title when it reviews one hand ({number} a figure).
        return _("Review: hand {number}").format(number=self.hand + 1)

    @property
    def subtitle(self) -> str:
        if self.hand is not None:
            return _(
                "Your decisions, weighed from what you could see. "
                "Costs are expected points against the table this hand."
            )
        return _(
            "Your decisions, weighed from what you could see. "
            "Costs are expected points against the table in each hand."
        )

    @property
    def animating(self) -> bool:
        """The page is still, also while the review is worked out: it is drawn again only
        when :meth:`picture` changes (a step of progress, the result), which leaves the
        processor to the analysis."""
        return False

    def picture(self) -> object:
        seen = len(self.result.hindsight) if self.result is not None else 0
        return (self.done, self.ready, self.failed, seen, self.beside is not None)

    @property
    def beside(self) -> Beside | None:
        """The hard opponent's game laid beside yours, once it is known (None without one)."""
        if self._beside is None and self.hard_play is not None and self.hand is not None:
            theirs = self.hard_play() if callable(self.hard_play) else self.hard_play
            if theirs is not None:
                theirs = list(theirs)
                mine = self.hands[self.hand]
                self._beside = Beside(
                    self.decisions, theirs, parting(mine, theirs), work=DAILY_WORLDS
                )
        return self._beside

    @property
    def ready(self) -> bool:
        return self.result is not None

    def enter(self) -> None:
        self._layout()
        stored = None
        body: dict[str, Any] | None = None
        if self.app.dirs.usable:
            body, messages = load_review(self.app.dirs, self.key)
            for text in messages:
                self.app.notify(text)
            if body is not None:
                try:
                    stored = Review.from_json(body)
                except (KeyError, TypeError, ValueError):
                    stored = None
        if (
            stored is not None
            and body is not None
            and body.get("method") == METHOD
            and len(stored.verdicts) == len(self.decisions)
        ):
            self.result = stored
            self._keep_puzzles(stored)
            return
        self.worker = threading.Thread(target=self._work, name="review", daemon=True)
        self.worker.start()

    def _progress(self, done: int, total: int) -> None:
        self.done = done

    def _work(self) -> None:
        try:
            # The decisions were found once, when the screen opened: no replay here.
            # Side by side on the thinking workers: the same verdicts as one after another.
            fair = workers.weigh_all(
                self.decisions, self.worlds, self.seed, progress=self._progress, cancel=self.cancel
            )
        except Cancelled:
            return
        except Exception as exc:  # noqa: BLE001 - a review must never take the game down
            self.failed = _("The review could not be finished ({error}).").format(error=exc)
            return
        result = Review(fair, [])
        # A finished analysis is kept even if the player closes the screen right away.
        self._store(result)
        self._keep_puzzles(result)
        self.result = result

    def _store(self, result: Review) -> None:
        if self.app.dirs.usable:
            for text in store_review(self.app.dirs, self.key, result.to_json()):
                self.app.notify(text)

    def _keep_puzzles(self, result: Review) -> None:
        """The review's mistakes and blunders as puzzles, for a game the history does not
        keep (``puzzles``); a puzzle already on the list, or solved off it, is left be."""
        if not self.puzzles or not self.app.keeps_files:
            return
        for text in keep_from_review(
            self.app.dirs,
            self.rules,
            self.players,
            self.seed,
            self.hands,
            result.verdicts,
            self.worlds,
        ):
            self.app.notify(text)

    def _see_all(self) -> None:
        """The same decisions judged with every card shown, one after another into the
        result (the decision on screen shows its verdict as soon as it is there)."""
        result = self.result
        assert result is not None
        try:
            workers.weigh_all(
                self.decisions[len(result.hindsight) :],
                max(1, self.worlds // 2),
                self.seed,
                hindsight=True,
                cancel=self.cancel,
                each=result.hindsight.append,
            )
        except Cancelled:
            return
        except Exception as exc:  # noqa: BLE001 - a review must never take the game down
            self.app.notify(
                _("The look with every card shown could not be finished ({error}).").format(
                    error=exc
                )
            )
            return
        self._store(result)

    def exit(self) -> None:
        self.cancel.set()

    # ------------------------------------------------------------- navigation
    def close(self) -> None:
        self.cancel.set()
        self.app.pop()
        # The review is done with: its card pictures go, and the App hands the memory
        # back when the screen below comes to rest (a full collection takes a frame's
        # time). Its result stays: the screen below reads the finished review's accuracy.
        self.art.clear()

    def go(self, index: int) -> None:
        if self.decisions:
            index = max(0, min(len(self.decisions) - 1, index))
            if index != self.index or self.view != "decision":
                self.verdict_view.reset()  # another decision's words, from their top
            self.index = index
            self.view = "decision"

    def next(self) -> None:
        self.go(self.index + 1 if self.view == "decision" else self.index)

    def previous(self) -> None:
        self.go(self.index - 1 if self.view == "decision" else self.index)

    def toggle_hindsight(self) -> None:
        self.hindsight = not self.hindsight
        result = self.result
        if (
            self.hindsight
            and result is not None
            and len(result.hindsight) < len(self.decisions)
            and self.seer is None
        ):
            self.seer = threading.Thread(target=self._see_all, name="hindsight", daemon=True)
            self.seer.start()
        self.hind_btn.label = _("What you knew") if self.hindsight else _("Show all cards")
        self.verdict_view.reset()
        if self.view != "decision":
            self.go(self.index)

    def show_summary(self) -> None:
        self.view = "summary"

    @property
    def verdict(self) -> Verdict | None:
        if self.result is None or not self.decisions:
            return None
        pool = self.result.hindsight if self.hindsight else self.result.verdicts
        return pool[self.index] if self.index < len(pool) else None

    @property
    def hint_in_hindsight(self) -> str:
        """With every card shown, where the hint's play is not the best: the line that says
        the hint judged what you could see (so the hint and the review keep one voice);
        else "". The hint's play is the fair look's (a hindsight verdict has none)."""
        if not self.hindsight or self.result is None:
            return ""
        v, fair = self.verdict, self.result.verdicts
        if v is None or not v.options or self.index >= len(fair):
            return ""
        hint = fair[self.index].hint
        if not hint or v.options[0].action == hint:
            return ""
        # Translators: in the review's hindsight view (every card shown, the others' hands
        # too), at a decision where the play the hint suggests is not the best once those
        # hidden cards are known: the hint only ever sees what the player sees.
        return _(
            "The hint judged what you could see, not the hidden cards: with every card "
            "shown, another play comes out best."
        )

    @property
    def words(self) -> str:
        """Everything the screen says now (tests read it)."""
        lines = [self.title, self.subtitle]
        if not self.ready:
            lines.append(self.progress_text)
        elif self.view == "summary" and self.result is not None:
            lines += self.result.summary_lines()
            if self.beside is not None:
                lines.append(self.beside.summary)
        else:
            v = self.verdict
            if self.hindsight:
                lines.append(_("Hindsight: all cards shown"))
                if self.hint_in_hindsight:
                    lines.append(self.hint_in_hindsight)
            if v is not None:
                lines += [
                    # Translators: a line of the review's text: which of your decisions this is.
                    _("Decision {number}").format(number=v.number),
                    label_words(v.label),
                    # Translators: {play} is what you did, as in "played two 7s".
                    _("You {play}").format(play=v.chosen),
                    # Translators: {play} is the review's best play, as in "played two 7s".
                    _("Best: {play}").format(play=v.best),
                    v.reason,
                ]
                for line, note in ranked_lines(v.options):
                    lines += [line] if note is None else [line, note]
            if self.beside is not None and self.decisions:
                lines.append(self.beside.lines[self.index])
                agree = None if self.hindsight or v is None else self.beside.against(self.index, v)
                if agree is not None:
                    lines.append(agree)
        return "\n".join(lines)

    @property
    def progress_text(self) -> str:
        """Where the work is: the decisions weighed so far, the same steps the bar counts
        (the look with every card shown is worked out later, only when asked for)."""
        if self.failed:
            return self.failed
        n = len(self.decisions)
        # Translators: {decisions} is a counted phrase, as in "12 decisions".
        return _("Reviewing {decisions}: {done} of {count}").format(
            decisions=counted(n, "decision"), done=min(self.done, n), count=n
        )

    @property
    def progress_share(self) -> float:
        """How full the progress bar is, 0..1."""
        return 0.0 if not self.total else min(1.0, self.done / self.total)

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        if self._size != tuple(self.app.size):
            self._layout()
        if not self.ready:
            return self._handle_while_weighing(event)
        scroller = self.summary_view if self.view == "summary" else self.verdict_view
        if scroller.handle(event):  # the wheel over the panel, its bar pressed or dragged
            return True
        if any(button.handle(event) for button in self._buttons()):
            return True
        if event.type == pygame.KEYDOWN:
            if not scroller.key(event, arrows=self.view == "decision"):
                # (PageUp/PageDown, and Up/Down at a decision, scroll its panel)
                self._key(event.key)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self._click_summary(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            W.set_hand_cursor(any(b.hovered for b in self._buttons()) or scroller.hovered)
        return event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.KEYDOWN,
            pygame.MOUSEWHEEL,
            pygame.MOUSEMOTION,
        )

    def _handle_while_weighing(self, event: pygame.event.Event) -> bool:
        """While the decisions are weighed only Cancel (Esc, Backspace) answers; every
        press is taken, for the table beneath."""
        if self.cancel_btn.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _key(self, key: int) -> None:
        """A key of the review: Esc/Backspace close, Left/Right/Home/End move through the
        decisions, H hindsight, S the summary; on the summary Up/Down choose a line and
        Enter opens it."""
        last = len(self.decisions) - 1
        moves: dict[int, Callable[[], object]] = {
            pygame.K_ESCAPE: self.close,
            pygame.K_BACKSPACE: self.close,
            pygame.K_RIGHT: self.next,
            pygame.K_LEFT: self.previous,
            pygame.K_HOME: lambda: self.go(0),
            pygame.K_END: lambda: self.go(last),
            pygame.K_h: self.toggle_hindsight,
            pygame.K_s: self.show_summary,
        }
        if key in moves:
            moves[key]()
        elif self.view == "summary" and key in (pygame.K_UP, pygame.K_DOWN):
            self._choose_summary_line(1 if key == pygame.K_DOWN else -1)
        elif self.view == "summary" and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.go(self.summary_rects[self.selected][1] if self.summary_rects else 0)

    def _choose_summary_line(self, step: int) -> None:
        """Up/Down on the summary: the next or previous line chosen and scrolled into view."""
        if self.summary_rects:
            self.selected = (self.selected + step) % len(self.summary_rects)
            rect = self.summary_rects[self.selected][0]
            self.summary_view.reveal(rect.top, rect.bottom)

    def _click_summary(self, event: pygame.event.Event) -> bool:
        """A left click on a line of the summary (inside its scrolling window) opens it."""
        if getattr(event, "button", 1) != 1 or self.view != "summary":
            return False
        for rect, index in self.summary_rects:
            if rect.collidepoint(event.pos) and self.summary_view.rect.collidepoint(event.pos):
                self.go(index)
                return True
        return False

    def _buttons(self) -> list[W.Button]:
        return [self.prev_btn, self.next_btn, self.hind_btn, self.summary_btn, self.back_btn]

    def update(self, dt: float) -> None:
        for b in self._buttons() + [self.cancel_btn]:
            b.update(dt)
        last = len(self.decisions) - 1
        self.prev_btn.enabled = self.view == "decision" and self.index > 0
        self.next_btn.enabled = bool(self.decisions) and (
            self.view != "decision" or self.index < last
        )

    # ----------------------------------------------------------------- layout
    def _layout(self) -> None:
        w, h, s = self._layout_frame()
        bh = int(44 * s)
        y = h - bh - int(22 * s)
        widths = [150, 120, 230, 140]
        x = self.frame.x
        for button, bw in zip(self._buttons()[:4], widths, strict=True):
            button.rect = pygame.Rect(x, y, int(bw * s), bh)
            x += int((bw + 12) * s)
        bw = int(140 * s)
        self.back_btn.rect = pygame.Rect(self.frame.right - bw, int(24 * s), bw, int(48 * s))
        self.cancel_btn.rect = pygame.Rect((w - bw) // 2, h // 2 + int(60 * s), bw, bh)
        # The panels' scrolling windows: inside their edges, the summary above its hint.
        panel, frame = self.panel, self.frame
        for view, rect in (
            (self.verdict_view, panel.inflate(-4, -4)),
            (
                self.summary_view,
                pygame.Rect(frame.x + 2, frame.y + 2, frame.width - 4, frame.height - int(42 * s)),
            ),
        ):
            view.rect = rect
            view.pad = int(12 * s)
            view.line = int(40 * s)
            view.wheel = int(48 * s)
            view.bar_width = max(6, int(8 * s))
        self._size = (w, h)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self._size != surface.get_size():
            self._layout()
        W.draw_page(
            surface,
            theme,
            self.title,
            self.subtitle,
            self.frame,
            self.scale,
            room=self.back_btn.rect.x - int(8 * self.scale),
        )
        if not self.ready:
            self._draw_progress(surface, theme)
            self.back_btn.draw(surface, theme)
            return
        if self.view == "summary":
            self._draw_summary(surface, theme)
        else:
            self._draw_board(surface, theme)
            self._draw_verdict(surface, theme)
        for button in self._buttons():
            button.draw(surface, theme)
        W.draw_tooltip(surface, theme, self._buttons())

    def _draw_progress(self, surface: pygame.Surface, theme: Any) -> None:
        s = self.scale
        w, h = surface.get_size()
        text = self.progress_text
        fnt = W.font(theme, int(22 * s))
        label = fnt.render(text, True, W.colour(theme, "text"))
        surface.blit(label, ((w - label.get_width()) // 2, h // 2 - int(50 * s)))
        bar = pygame.Rect(0, 0, int(min(560, w * 0.6)), int(18 * s))
        bar.center = (w // 2, h // 2)
        pygame.draw.rect(
            surface, W.colour(theme, "panel_edge"), bar, 2, border_radius=bar.height // 2
        )
        share = self.progress_share
        fill = bar.inflate(-6, -6)
        fill.width = max(0, int(fill.width * share))
        if fill.width:
            pygame.draw.rect(
                surface, W.colour(theme, "legal"), fill, border_radius=fill.height // 2
            )
        if not self.failed:
            self.cancel_btn.draw(surface, theme)

    def _draw_summary(self, surface: pygame.Surface, theme: Any) -> None:
        s = self.scale
        self.summary_view.draw(surface, theme, lambda top: self._paint_summary(surface, top))
        costly = self.result is not None and not all(v.good for v in self.result.verdicts)
        hint = (
            _("Choose a line to see that decision, or press Next to step through all of them.")
            if costly
            else _("Press Next to step through every decision.")
        )
        self._text(
            surface,
            hint,
            (self.frame.x + int(24 * s), self.frame.bottom - int(34 * s)),
            int(16 * s),
            W.colour(theme, "text_dim"),
            width=self.frame.width - int(48 * s),
        )

    def _paint_summary(self, surface: pygame.Surface, top: int) -> int:
        """The summary's words from ``top`` down (scrolled by :attr:`summary_view`); the
        y below them."""
        assert self.result is not None
        theme = self.app.theme
        s = self.scale
        x, y = self.frame.x + int(24 * s), top + int(8 * s)
        width = self.frame.width - int(48 * s)
        lines = self.result.summary_lines()
        y = self._text(surface, lines[0], (x, y), int(21 * s), bold=True, width=width)
        acc = self.result.accuracy
        y = self._text(
            surface,
            # Translators: the review summary; {points} is "2 points"; {cost} "about 30 points".
            _(
                "Accuracy: {percent}% of decisions good (within {points} of the best); "
                "the others cost {cost} in all."
            ).format(
                percent=f"{acc:.0f}",
                points=counted(GOOD_WITHIN, "point"),
                cost=about(self.result.points_lost),
            ),
            (x, y + int(6 * s)),
            int(18 * s),
            W.colour(theme, "text_dim"),
            width=width,
        )
        y += int(14 * s)
        verdicts = self.result.verdicts
        costly = sorted(
            (i for i, v in enumerate(verdicts) if not v.good), key=lambda i: -verdicts[i].cost
        )
        self.summary_rects = []
        px = int(18 * s)
        beside = self.beside
        if beside is not None:  # where the hard opponent's game parted from yours
            first = y
            y = self._text(
                surface, beside.summary, (x, y), px, W.colour(theme, "highlight"), width=width
            )
            if beside.at is not None:
                rect = pygame.Rect(x - int(8 * s), first - 2, width + int(16 * s), y - first + 4)
                pygame.draw.rect(
                    surface,
                    W.colour(theme, "highlight"),
                    rect,
                    3 if self.selected == len(self.summary_rects) else 1,
                    border_radius=6,
                )
                self.summary_rects.append((rect, beside.at))
            y += int(12 * s)
        for line, index in zip(lines[1:], costly, strict=False):
            v = self.result.verdicts[index]
            if beside is not None and index == beside.at:
                # Translators: a line of the summary, then the daily deal's note.
                line = _("{line} The hard opponent played otherwise here.").format(line=line)
            first = y
            y = self._text(surface, "\u2022 " + line, (x, y), px, width=width)
            rect = pygame.Rect(x - int(8 * s), first - 2, width + int(16 * s), y - first + 4)
            pygame.draw.rect(
                surface,
                LABEL_COLOURS[v.label],
                rect,
                3 if self.selected == len(self.summary_rects) else 1,
                border_radius=6,
            )
            self.summary_rects.append((rect, index))
            y += int(8 * s)
        return y

    def outlined(self) -> list[tuple[Action, Sequence[int]]]:
        """The plays outlined on the board, later ones over earlier: the best found in
        green, then your choice in white (a flip outlines its stack)."""
        d = self.decisions[self.index]
        v = self.verdict
        out: list[tuple[Action, Sequence[int]]] = []
        if v is not None and v.options:
            out.append((action_from_json(json.loads(v.options[0].action)), LABEL_COLOURS["good"]))
        out.append((d.chosen, (255, 255, 255)))
        return out

    def _draw_verdict(self, surface: pygame.Surface, theme: Any) -> None:
        W.draw_panel(surface, theme, self.panel)
        self.verdict_view.draw(surface, theme, lambda top: self._paint_verdict(surface, top))

    def _paint_verdict(self, surface: pygame.Surface, top: int) -> int:
        """The decision's panel from ``top`` down (scrolled by :attr:`verdict_view`); the
        y below its last line."""
        theme = self.app.theme
        d = self.decisions[self.index]
        v = self.verdict
        s = self.scale
        x, y = self.panel.x + int(16 * s), top
        # Clear of the scroll bar along the panel's right edge.
        width = self.panel.width - int(36 * s)
        dim = W.colour(theme, "text_dim")
        head = _("Hand {hand}, decision {number} ({at} of {count})").format(
            hand=d.hand_no + 1, number=d.number, at=self.index + 1, count=len(self.decisions)
        )
        y = self._text(surface, head, (x, y), int(16 * s), dim, width=width)
        if v is None:
            seen = len(self.result.hindsight) if self.result is not None else 0
            waiting = (
                _("Being worked out with every card shown: {seen} of {decisions} so far…").format(
                    seen=seen, decisions=counted(len(self.decisions), "decision")
                )
                if self.hindsight
                else _("Still being worked out…")
            )
            return self._text(surface, waiting, (x, y + int(10 * s)), int(18 * s), width=width)
        if self.hindsight:
            y = self._text(
                surface,
                _("HINDSIGHT: judged with every card shown"),
                (x, y + 4),
                int(16 * s),
                LABEL_COLOURS["inaccuracy"],
                bold=True,
                width=width,
            )
            if self.hint_in_hindsight:
                y = self._text(
                    surface,
                    self.hint_in_hindsight,
                    (x, y + int(4 * s)),
                    int(15 * s),
                    dim,
                    width=width,
                )
        label = label_words(v.label)
        if v.cost < 0.5:
            # Translators: what a verdict cost when it cost nothing: "Good: no points lost".
            cost = _("no points lost")
        else:
            # Translators: {cost} is a counted phrase, as in "about 8 points" (lost).
            cost = _("{cost} lost").format(cost=about(v.cost))
        if v.label == UNCLEAR:
            # Translators: {cost} is "about 8 points lost"; {low} and {high} whole points.
            cost = _("{cost} (somewhere between {low} and {high})").format(
                cost=cost, low=round(v.low), high=round(v.high)
            )
        y = self._text(
            surface,
            # Translators: a verdict and what it cost, as in "Mistake: about 8 points lost".
            _("{verdict}: {cost}").format(verdict=label, cost=cost),
            (x, y + int(8 * s)),
            int(26 * s),
            LABEL_COLOURS[v.label],
            bold=True,
            width=width,
        )
        y = self._text(
            surface,
            # Translators: on the review's decision; {play} is what you did ("played two 7s").
            _("You {play}.").format(play=v.chosen),
            (x, y + int(8 * s)),
            int(18 * s),
            (255, 255, 255),
            width=width,
        )
        if v.best != v.chosen:
            y = self._text(
                surface,
                # Translators: on the review's decision; {play} is the best play ("played two 7s").
                _("Best: {play}.").format(play=v.best),
                (x, y + int(2 * s)),
                int(18 * s),
                LABEL_COLOURS["good"],
                width=width,
            )
        y = self._text(surface, v.reason, (x, y + int(10 * s)), int(17 * s), width=width)
        y = self._paint_beside(surface, v, x, y, width)
        return self._paint_options(surface, d, v, x, y + int(14 * s), width)

    def _paint_beside(self, surface: pygame.Surface, v: Verdict, x: int, y: int, width: int) -> int:
        """What the hard opponent played in your seat here, and why the review and it
        differ, or agree (the daily deal's review); the y below it."""
        beside = self.beside
        if beside is None:
            return y
        s = self.scale
        y = self._text(
            surface,
            beside.lines[self.index],
            (x, y + int(10 * s)),
            int(17 * s),
            W.colour(self.app.theme, "highlight"),
            bold=self.index == beside.at,
            width=width,
        )
        agree = None if self.hindsight else beside.against(self.index, v)
        if agree is not None:  # why the review and the hard opponent differ, or agree
            y = self._text(surface, agree, (x, y + int(6 * s)), int(16 * s), width=width)
        return y

    def _paint_options(
        self, surface: pygame.Surface, d: Decision, v: Verdict, x: int, y: int, width: int
    ) -> int:
        """The plays weighed, best first by points against the table, each with its note;
        the y below the last."""
        s = self.scale
        dim = W.colour(self.app.theme, "text_dim")
        y = self._text(
            surface,
            _(
                "Expected in hand {number}, best first by points against the table "
                "(fewer is better):"
            ).format(number=d.hand_no + 1),
            (x, y),
            int(15 * s),
            dim,
            width=width,
        )
        indent = int(8 * s)
        for k, (line, note) in enumerate(ranked_lines(v.options)):
            ink = LABEL_COLOURS["good"] if k == 0 else None  # the best, as on the board
            y = self._text(
                surface, line, (x + indent, y + int(3 * s)), int(15 * s), ink, width=width - indent
            )
            if note is not None:  # why a play that wins the game more often is below
                y = self._text(
                    surface, note, (x + 3 * indent, y), int(14 * s), dim, width=width - 3 * indent
                )
        return y


__all__ = ["ReviewScene"]
