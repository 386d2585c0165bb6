"""Puzzles: decisions your reviews called mistakes or blunders, to be played again.

Opened from the title. The list is gathered from the stored reviews of your
past games (:func:`swoop_desktop.referee.puzzles.collect`) and kept in
``puzzles.json``. Each puzzle draws the table as it was, from your seat (as the
Review screen draws it: what you could see, nothing more), says what you played
and asks for the better play. The answer is weighed by the review's own search
from what you could see (in a worker process when it is a play the review did not
weigh). A wrong answer says it is not the best, without giving the best away: try
another play, or ask for the answer ("Show the answer"), which names the best play
and says why. The board outlines the play you chose (green when right, orange when
not), and the best play once it is shown. The first answer to a showing counts
(asking for the answer counts as not solved): solved twice in a row, a puzzle
leaves the list. Keys: 1-6 choose a play (M more plays), A shows the answer,
Right next puzzle, Esc back.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.ai import workers
from swoop_desktop.ai.review import Answer, Decision, Verdict
from swoop_desktop.ai.review_words.answers import solution
from swoop_desktop.ai.review_words.labels import called, label_of
from swoop_desktop.ai.review_words.plays import command, describe
from swoop_desktop.choices import DEFAULT_PLAYERS, seat_name
from swoop_desktop.engine import Action, Rules, RulesError, action_from_json
from swoop_desktop.i18n import _
from swoop_desktop.names import shown_name
from swoop_desktop.plural import about
from swoop_desktop.progress.puzzle_book import SOLVES_TO_CLEAR, Puzzle, load_puzzles, record_answer
from swoop_desktop.referee.puzzles import check, collect, position
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.cards import card_art
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.scenes import verdicts
from swoop_desktop.ui.scenes.board import DecisionBoard, OnTheBoard
from swoop_desktop.ui.scenes.verdicts import LABEL_COLOURS, label_words

#: The most plays offered as answers at once (more: "More plays" pages through them).
PAGE = 6

if TYPE_CHECKING:
    from swoop_desktop.ui.scene import AppAPI


def _choices(decision: Decision) -> list[tuple[str, Action]]:
    """The distinct plays of a decision, in words ("Played two 7s" as "Play two 7s").
    Every uncovered mystery card is the same gamble: one choice."""
    out: list[tuple[str, Action]] = []
    seen: set[str] = set()
    for action in decision.legal:
        words = describe(decision.obs, action)  # every mystery card: the same words
        if words in seen:
            continue
        seen.add(words)
        out.append((words, action))
    return out


def _chosen(verdict: Verdict, decision: Decision) -> str:
    """The play the player made, in the words of the language shown now (the review that
    made the puzzle may have been read in another): from its weighed action when the
    verdict keeps it, else the verdict's own words."""
    for option in verdict.options:
        if option.words == verdict.chosen and option.action:
            try:
                return describe(decision.obs, action_from_json(json.loads(option.action)))
            except (ValueError, TypeError, KeyError):
                break
    return verdict.chosen


#: The smallest type a play's button shrinks to before its words are shortened.
SMALLEST_PX = 11


def _fitting(theme: Any, label: str, width: int, px: int) -> int:
    """The type size, ``px`` at most, at which a button's ``label`` fits ``width`` whole
    ("5. Play an ace from your face-up stack 2" in the narrow panel of a small window)."""
    while px > SMALLEST_PX and W.font(theme, px, True).size(label)[0] > width:
        px -= 1
    return px


class PuzzleScene(OnTheBoard, Scene):
    """Your puzzles, one at a time, drawn on the Review screen's board (a part both hold)."""

    name = "puzzles"

    def __init__(self, app: AppAPI, worlds: int | None = None) -> None:
        super().__init__(app)
        self.worlds = worlds if worlds is not None else verdicts.DEFAULT_WORLDS
        self.puzzles: list[Puzzle] = []
        self.at = 0
        self.puzzle: Puzzle | None = None
        self.decisions = []
        self.index = 0
        self.result = None
        self.hindsight = False
        self.view = "decision"
        self.names = [shown_name(seat_name(p)) for p in range(DEFAULT_PLAYERS)]
        self.choices: list[tuple[str, Action]] = []
        self.page = 0
        self.answer: Answer | None = None
        self.counted = False  # the first answer of this showing has been counted
        self.cleared = False
        self.weighing = False
        self.picked: Action | None = None  # the play last chosen as an answer
        self.revealed = False  # the player asked for the answer
        self.problem: str | None = None
        self.art = card_art(app.theme, app.settings)
        self.large = bool(app.settings.large_cards)
        self.choice_btns: list[W.Button] = []
        self.more_btn = W.Button(
            (0, 0, 10, 10), _("More plays"), self.more, tooltip=_("The other plays (M)")
        )
        self.next_btn = W.Button(
            (0, 0, 10, 10),
            # Translators: a button on Puzzles: go on to the next puzzle (about 12 characters).
            _("Next puzzle >"),
            self.next,
            tooltip=_("The next puzzle (Right arrow)"),
        )
        self.answer_btn = W.Button(
            (0, 0, 10, 10),
            # Translators: a button on Puzzles: show the best play (counts as not solved).
            _("Show the answer"),
            self.reveal,
            key=pygame.K_a,
            tooltip=_("The best play and why; counts as not solved (A)"),
        )
        self.back_btn = W.Button(
            (0, 0, 10, 10), _("Back"), self.close, primary=True, tooltip=_("Back (Esc)")
        )
        self._size: tuple[int, int] | None = None
        self.table_part = DecisionBoard(app, self.art, self.large)
        self.cancel = threading.Event()

    def exit(self) -> None:
        self.cancel.set()

    def language_changed(self, size: tuple[int, int]) -> None:
        for button, label, tip in (
            # Translators: a button on Puzzles: show the other plays you could choose.
            (self.more_btn, _("More plays"), _("The other plays (M)")),
            (self.next_btn, _("Next puzzle >"), _("The next puzzle (Right arrow)")),
            (
                self.answer_btn,
                _("Show the answer"),
                _("The best play and why; counts as not solved (A)"),
            ),
            (self.back_btn, _("Back"), _("Back (Esc)")),
        ):
            button.label, button.tooltip = label, tip
        self.resize(size)

    def close(self) -> None:
        self.cancel.set()
        self.app.pop()

    # --------------------------------------------------------------- puzzles
    @property
    def title(self) -> str:
        return _("Puzzles: practise from your mistakes")

    @property
    def subtitle(self) -> str:
        return _(
            "Decisions your reviews called mistakes or blunders. Find the better play; "
            "solved twice in a row, a puzzle leaves the list."
        )

    @property
    def ready(self) -> bool:
        return True

    @property
    def animating(self) -> bool:
        return False

    def picture(self) -> object:
        """The answer, once weighed on its worker thread, is drawn at once (also at rest)."""
        return (self.weighing, self.answer, self.at, self.page, self.cleared, self.revealed)

    def enter(self) -> None:
        dirs = self.app.dirs
        messages = collect(dirs, self.worlds)
        book, more = load_puzzles(dirs)
        for text in messages + more:
            self.app.notify(text)
        self.puzzles = list(book.puzzles)
        self.show(0)

    def show(self, at: int) -> None:
        """Set out puzzle ``at`` (the list wraps round)."""
        self.answer, self.counted, self.cleared, self.page = None, False, False, 0
        self.picked, self.revealed = None, False
        self.result, self.problem, self.decisions = None, None, []
        self.puzzle = None
        if not self.puzzles:
            self._layout()
            return
        self.at = at % len(self.puzzles)
        puzzle = self.puzzles[self.at]
        self.puzzle = puzzle
        try:
            decision = position(puzzle)
            rules = Rules.from_json(puzzle.rules)
        except (ValueError, RulesError) as exc:
            self.problem = _("This puzzle cannot be set out: {problem}.").format(problem=exc)
            self._layout()
            return
        self.decisions = [decision]
        self.names = [shown_name(seat_name(p, puzzle.players)) for p in range(puzzle.players)]
        self.art = card_art(self.app.theme, self.app.settings, rules)
        self.table_part.art = self.art
        self.choices = _choices(decision)
        self._layout()

    @property
    def verdict_of_puzzle(self) -> Verdict | None:
        return Verdict.from_json(self.puzzle.verdict) if self.puzzle is not None else None

    def choose(self, k: int) -> None:
        """Answer with choice ``k`` (0-based, of all the plays)."""
        if self.weighing or not self.decisions or not 0 <= k < len(self.choices):
            return
        if self.answer is not None and self.answer.right:
            return
        self.weighing = True
        action = self.choices[k][1]
        self.picked = action
        threading.Thread(target=self._weigh, args=(action,), name="puzzle", daemon=True).start()

    def _weigh(self, action: Action) -> None:
        """Weigh the answer in a worker process (or on this thread where the game thinks
        on threads); this thread only waits for it, so the frames go on."""
        puzzle = self.puzzle
        assert puzzle is not None
        job = workers.Job(workers.shared(), check, puzzle, self.decisions[0], action, self.worlds)
        while not job.ready:
            time.sleep(0.02)
        if job.error is not None:  # a puzzle must never take the game down
            self.answer = Answer(
                False, 0.0, _("The answer could not be weighed ({error}).").format(error=job.error)
            )
            self.weighing = False
            return
        answer = job.value
        self._count(answer.right)
        self.answer = answer
        self.weighing = False

    def _count(self, right: bool) -> None:
        """The first answer to a showing counts (asking for the answer: not solved)."""
        puzzle = self.puzzle
        if not self.counted and puzzle is not None and self.app.dirs.usable:
            self.counted = True
            self.cleared, messages = record_answer(self.app.dirs, puzzle.id, right)
            for text in messages:
                self.app.notify(text)

    def reveal(self) -> None:
        """Show the best play and why (after a wrong answer, or instead of one)."""
        if self.weighing or self.puzzle is None or not self.decisions or self.revealed:
            return
        if self.answer is not None and self.answer.right:
            return
        self._count(False)
        self.revealed = True

    def outlined(self) -> list[tuple[Action, Sequence[int]]]:
        """The play you chose (green when right, orange when not) and, once you asked for
        it, the best play in green; nothing before you answer."""
        out: list[tuple[Action, Sequence[int]]] = []
        v = self.verdict_of_puzzle
        if self.revealed and v is not None and v.options:
            out.append((action_from_json(json.loads(v.options[0].action)), LABEL_COLOURS["good"]))
        if self.picked is not None and self.answer is not None:
            right = self.answer.right
            out.append((self.picked, LABEL_COLOURS["good" if right else "mistake"]))
        return out

    def more(self) -> None:
        pages = max(1, -(-len(self.choices) // PAGE))
        self.page = (self.page + 1) % pages
        self._layout()

    def next(self) -> None:
        if self.weighing:
            return
        book, messages = load_puzzles(self.app.dirs)
        for text in messages:
            self.app.notify(text)
        current = self.puzzle.id if self.puzzle is not None else None
        self.puzzles = list(book.puzzles)
        ids = [p.id for p in self.puzzles]
        after = ids.index(current) + 1 if current in ids else self.at
        self.show(after)

    def previous(self) -> None:
        return

    @property
    def words(self) -> str:
        """Everything the screen says now (tests read it)."""
        lines = [self.title, self.subtitle, *self.panel_lines()]
        if self.answer is None and self.decisions:
            lines += [command(self.decisions[0].obs, a) for _w, a in self.choices]
        return "\n".join(lines)

    def panel_lines(self) -> list[str]:
        if not self.puzzles:
            return [
                _(
                    "No puzzles yet. Review a past game (Scores, Past games, Review): its "
                    "mistakes and blunders become puzzles here."
                )
            ]
        if self.problem:
            return [self.problem]
        v = self.verdict_of_puzzle
        assert v is not None and self.puzzle is not None
        lines = [
            _("Puzzle {number} of {count}, solved {solved} of {needed} in a row").format(
                number=self.at + 1,
                count=len(self.puzzles),
                solved=self.puzzle.solved,
                needed=SOLVES_TO_CLEAR,
            ),
            # Translators: {play} is what you did ("played two 7s"), {verdict} the review's
            # word for it ("a mistake"), {cost} a counted phrase ("about 8 points").
            _(
                "Hand {hand}, decision {number}: you {play}, and the review called it "
                "{verdict} ({cost} lost). Find the better play."
            ).format(
                hand=v.hand_no + 1,
                number=v.number,
                play=_chosen(v, self.decisions[0]) if self.decisions else v.chosen,
                verdict=called(label_of(v)),
                cost=about(v.cost),
            ),
        ]
        if self.weighing:
            # Translators: on Puzzles while the AI works out how good your chosen play is.
            lines.append(_("Weighing your play…"))
        elif self.answer is not None:
            lines.append(self.answer.words)
            if self.cleared:
                lines.append(_("Solved twice in a row: this puzzle leaves the list."))
        if self.revealed:
            lines.append(solution(v))
        return lines

    # ----------------------------------------------------------------- input
    def handle(self, event: pygame.event.Event) -> bool:
        if self._size != tuple(self.app.size):
            self._layout()
        for button in self._buttons():
            if button.handle(event):
                return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif key == pygame.K_RIGHT:
                self.next()
            elif key == pygame.K_m and len(self.choices) > PAGE:
                self.more()
            elif pygame.K_1 <= key < pygame.K_1 + len(self.choice_btns):
                self.choose(self.page * PAGE + key - pygame.K_1)
            return True
        if event.type == pygame.MOUSEMOTION:
            W.set_hand_cursor(any(b.hovered for b in self._buttons()))
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def _buttons(self) -> list[W.Button]:
        solved = self.answer is not None and self.answer.right
        shown = self.choice_btns if not solved and not self.revealed else []
        more = [self.more_btn] if len(self.choices) > PAGE and shown else []
        ask = [self.answer_btn] if self.decisions and not solved and not self.revealed else []
        nxt = [self.next_btn] if len(self.puzzles) > 0 else []
        return [*shown, *more, *ask, *nxt, self.back_btn]

    def update(self, dt: float) -> None:
        for b in self._buttons():
            b.update(dt)
        for b in self.choice_btns:
            b.enabled = not self.weighing

    # ---------------------------------------------------------------- layout
    def _layout(self) -> None:
        w, h, s = self._layout_frame()
        bh = int(44 * s)
        y = h - bh - int(22 * s)
        bw = int(190 * s)
        self.next_btn.rect = pygame.Rect(self.frame.right - bw, y, bw, bh)
        self.more_btn.rect = pygame.Rect(self.frame.x, y, bw, bh)
        # "Show the answer" beside More plays (or in its place), as wide as its words.
        px = max(14, min(26, int(bh * 0.42)))  # the size a button draws its label at
        aw = max(bw, W.font(self.app.theme, px, True).size(self.answer_btn.label)[0] + 28)
        ax = self.frame.x + (bw + int(12 * s) if len(self.choices) > PAGE else 0)
        self.answer_btn.rect = pygame.Rect(ax, y, aw, bh)
        bw = int(140 * s)
        self.back_btn.rect = pygame.Rect(self.frame.right - bw, int(24 * s), bw, int(48 * s))
        # The plays to choose from, at the foot of the panel (numbered: keys 1-9).
        page = self.choices[self.page * PAGE : (self.page + 1) * PAGE]
        ch = max(28, int(38 * s))
        gap = max(4, int(6 * s))
        top = self.panel.bottom - len(page) * (ch + gap) - int(10 * s)
        self.choice_btns = []
        cw = self.panel.width - int(24 * s)
        obs = self.decisions[0].obs if self.decisions else None
        for k, (words, action) in enumerate(page):
            index = self.page * PAGE + k
            label = f"{k + 1}. {command(obs, action) if obs is not None else words}"
            self.choice_btns.append(
                W.Button(
                    (self.panel.x + int(12 * s), top + k * (ch + gap), cw, ch),
                    label,
                    partial(self.choose, index),
                    size=_fitting(self.app.theme, label, cw - 16, max(14, min(26, int(ch * 0.42)))),
                )
            )
        self.choices_top = top
        self._size = (w, h)

    # --------------------------------------------------------------- drawing
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
        if self.decisions:
            self._draw_board(surface, theme)
        self._draw_panel(surface, theme)
        for button in self._buttons():
            button.draw(surface, theme)
        W.draw_tooltip(surface, theme, self._buttons())

    def _draw_panel(self, surface: pygame.Surface, theme: Any) -> None:
        s = self.scale
        panel = self.panel if self.decisions else self.frame
        W.draw_panel(surface, theme, panel)
        x, y = panel.x + int(16 * s), panel.y + int(14 * s)
        width = panel.width - int(32 * s)
        lines = self.panel_lines()
        dim = W.colour(theme, "text_dim")
        verdict = self.verdict_of_puzzle
        label = label_of(verdict) if verdict is not None else None  # today's one scale
        for k, line in enumerate(lines):
            if k == 0 and self.puzzles:
                y = self._text(surface, line, (x, y), int(16 * s), dim, width=width)
                if label is not None:
                    y = self._text(
                        surface,
                        label_words(label),
                        (x, y + int(4 * s)),
                        int(24 * s),
                        LABEL_COLOURS[label],
                        bold=True,
                        width=width,
                    )
                continue
            ink: Any = None
            if self.answer is not None and line == self.answer.words:
                ink = LABEL_COLOURS["good"] if self.answer.right else LABEL_COLOURS["mistake"]
            y = self._text(surface, line, (x, y + int(8 * s)), int(17 * s), ink, width=width)
            if self.choice_btns and self._buttons()[:1] == self.choice_btns[:1]:
                if y > self.choices_top - int(8 * s):
                    break


__all__ = ["PuzzleScene"]
