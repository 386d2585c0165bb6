"""Who moves each seat, and what kind of table it is: the table's configuration.

One table serves every use. What differs is said here, as data:

- **seat drivers** decide each seat's plays: :class:`PersonDriver` (you, with
  the pointer and the keys: the input part plays for it), :class:`BotDriver`
  (an AI thinking in a worker process, paced so a round can be followed by
  eye) and :class:`RecordedDriver` (a finished game's recorded actions, paced
  by a :class:`Playback` the replay's controls steer);
- :class:`TableConfig` says which drivers sit down, whether the game is saved
  and recorded, whether it makes sounds, a fixed pace, the line the table
  shows about itself, the replay's controls, and what happens at a hand's end
  (the overlays, or a callback such as the title's backdrop starting the next
  hand by itself).

:data:`GAME`, :data:`PRACTICE` and :data:`DEMO` are the fixed configurations;
:func:`backdrop` and :func:`replay` build the others. A table that teaches (the first
hand, ``scenes/lesson.py``) is a configuration with a :class:`TableLesson`: the
opponents are :class:`ScriptedDriver` s playing the lesson's script, and the lesson vets
your plays, takes its keys first and draws its prompt.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from swoop_desktop.ai import load_opponents
from swoop_desktop.choices import DEFAULT_PLAYERS, seated_opponents
from swoop_desktop.engine import Action, Match
from swoop_desktop.i18n import N_
from swoop_desktop.storage.seats import Seat

from .thinking import Thinker

if TYPE_CHECKING:
    import random

    import pygame

    from swoop_desktop.engine import GameState
    from swoop_desktop.engine.observation import PublicHistory

    from ..controls import Button
    from ..results import HandEnd
    from .layout import Layout
    from .show import Animator

_log = logging.getLogger("swoop_desktop.ui")

# The least time between two AI plays at each pace, so a round can be followed by eye
# (opponents.yaml's think times may be shorter; they are never made longer).
PACE_FLOOR = {"normal": 1.0, "slow": 1.6, "fast": 0.35}


def seat_setup(
    settings: Any, config_dir: Any = None, demo: bool = False, players: int | None = None
) -> tuple[list[Seat], list[str]]:
    """The seats of a table of ``players`` (the settings' count when not given): seat 0 the
    player, or a bot in demo mode, then the opponents clockwise; and problems to report."""
    configs, messages = load_opponents(config_dir)
    by_number = {cfg.seat: cfg for cfg in configs}
    count = players if players is not None else getattr(settings, "players", DEFAULT_PLAYERS)
    seats = [Seat(0, "You") if not demo else Seat(0, "Demo AI", "normal", "balanced")]
    overrides = getattr(settings, "opponents", {}) or {}
    for at, number in enumerate(seated_opponents(count), start=1):
        cfg = by_number[number]
        extra = dict(overrides.get(number, {}) or {})
        level = str(extra.get("level") or cfg.level)
        name = str(extra.get("name") or cfg.name)
        personality = extra.get("personality") or cfg.personality
        # Explicit weights from opponents.yaml belong to the personality they came with.
        weights = cfg.weights if personality == cfg.personality else None
        seats.append(
            Seat(at, name, level, personality, (cfg.think_ms[0], cfg.think_ms[1]), weights)
        )
    return seats, messages


class DrivenTable(Protocol):
    """What a seat driver may read of the table it sits at."""

    rng: random.Random  # think times

    @property
    def match(self) -> Match: ...

    @property
    def history(self) -> PublicHistory: ...

    @property
    def clock(self) -> float:
        """Seconds since the table opened."""
        ...

    @property
    def plays(self) -> int:
        """Plays made so far (a new number is a new position)."""
        ...

    @property
    def state(self) -> GameState: ...

    @property
    def ai_pace(self) -> str: ...


class ControlledTable(Protocol):
    """What a configuration's extra controls may use of the table."""

    log_scroll: int

    @property
    def clock(self) -> float:
        """Seconds the table has run."""
        ...

    @property
    def anim(self) -> Animator: ...

    @property
    def lay(self) -> Layout: ...

    @property
    def buttons(self) -> list[Button]: ...

    @property
    def log(self) -> list[str]: ...

    def pause(self) -> None: ...

    def build_buttons(self) -> None: ...


class SeatDriver(Protocol):
    """Decides one seat's plays. The table asks :meth:`poll` on every quiet frame
    while it is that seat's turn, and plays what it returns."""

    #: The person at the screen plays this seat (cards answer the pointer and keys).
    takes_input: bool

    def poll(self, table: DrivenTable, seat: int, dt: float) -> Action | None:
        """The seat's play now, or None while it is not ready (``dt``: seconds since
        the last frame)."""
        ...

    def thinking(self, table: DrivenTable) -> float | None:
        """Since when (the table's clock) the seat has been thinking, or None."""
        ...

    def close(self) -> None:
        """The table closes: work in flight for the seat is abandoned, without waiting."""
        ...

    def forget(self) -> None:
        """The position went back (a take-back): work in flight for the seat is abandoned,
        and the next :meth:`poll` starts afresh from the position as it is now."""
        ...


class PersonDriver:
    """You: the input part turns your drags, clicks and keys into plays."""

    takes_input = True

    def poll(self, table: DrivenTable, seat: int, dt: float) -> Action | None:
        return None

    def thinking(self, table: DrivenTable) -> float | None:
        return None

    def close(self) -> None:
        """The table closes (nothing is in flight for this seat)."""

    def forget(self) -> None:
        """A take-back (nothing is in flight for this seat)."""


class BotDriver:
    """An AI seat: it thinks in a worker (:class:`Thinker`) and plays when
    its answer is in and its think time, at the table's pace, has passed.

    ``paced`` keeps the least time of :data:`PACE_FLOOR` between plays (off for
    the demo, which is watched at whatever pace was asked for).
    """

    takes_input = False

    def __init__(self, seat: Seat, seed: int, paced: bool = True) -> None:
        self.thinker = Thinker(seat, seed=seed)
        self.seed = seed
        self.paced = paced
        self.key = -1  # the play (table.plays) being thought about
        self.since = 0.0
        self.least = 0.0

    @property
    def bot(self) -> Any:
        return self.thinker.bot

    def poll(self, table: DrivenTable, seat: int, dt: float) -> Action | None:
        thinker = self.thinker
        if self.key != table.plays:
            self.key = table.plays
            thinker.start(table.state, table.history, table.plays)
            pace = table.ai_pace
            least = PACE_FLOOR.get(pace, 0.0) if self.paced else 0.0
            self.since = table.clock
            self.least = max(least, thinker.think_time(pace, table.rng))
            return None
        if not thinker.ready or table.clock - self.since < self.least:
            return None
        action = thinker.result
        if action is None:
            return None
        if thinker.problem:
            _log.warning(thinker.problem)
        return action

    def thinking(self, table: DrivenTable) -> float | None:
        return self.since if self.key == table.plays else None

    def close(self) -> None:
        """The table closes: a decision in flight is abandoned."""
        self.thinker.stop()

    def forget(self) -> None:
        """A take-back: a decision in flight is abandoned (its answer, should it still
        come, is for a position that is gone), and a new thinker with the same seed
        takes over, so nothing the old one kept about the hand (its guesses about the
        hidden hands, built from plays now taken back) is used again, and no thread
        still busy with the old decision shares a bot with the next one."""
        self.thinker.stop()
        self.thinker = Thinker(self.thinker.seat, seed=self.seed)
        self.key = -1


@dataclass
class Playback:
    """How a replay plays its record back: the deals' actions, the speed, paused or
    running, and plays asked for one at a time while paused."""

    deals: list[list[Action]]
    speed: str = "normal"
    paused: bool = False
    steps: int = 0
    wait: float = 0.0  # seconds until the next recorded play

    def gap(self) -> float:
        return REPLAY_PACE[self.speed][0]

    def next_action(self, match: Match) -> Action | None:
        """The recorded action for the position the match is in (None: nothing left)."""
        if match.state is None or match.hand_over or match.hand_no >= len(self.deals):
            return None
        deal = self.deals[match.hand_no]
        done = len(match.actions[-1])
        return deal[done] if done < len(deal) else None


# seconds between recorded plays, and the animation speed, per replay speed
REPLAY_PACE = {"slow": (1.4, "slow"), "normal": (0.7, "normal"), "fast": (0.05, "fast")}
REPLAY_SPEEDS = ("slow", "normal", "fast")


class RecordedDriver:
    """A seat of a finished game: it plays what was recorded, at the playback's pace."""

    takes_input = False

    def __init__(self, playback: Playback) -> None:
        self.playback = playback

    def poll(self, table: DrivenTable, seat: int, dt: float) -> Action | None:
        pb = self.playback
        action = pb.next_action(table.match)
        if action is None:
            return None
        if pb.paused:
            if pb.steps > 0:
                pb.steps -= 1
                return action
            return None
        pb.wait -= dt
        if pb.wait > 0:
            return None
        pb.wait = pb.gap()
        return action

    def thinking(self, table: DrivenTable) -> float | None:
        return None

    def close(self) -> None:
        """The table closes (nothing is in flight for this seat)."""

    def forget(self) -> None:
        """Nothing in flight: the record says what comes next."""


class TableLesson(Protocol):
    """A table that teaches: it writes the opponents' plays, waits for yours, and says why
    when you try something else. ``table`` is the table's model (the match, the layout,
    the sprites), read only."""

    def scripted(self, match: Match, seat: int) -> Action | None:
        """The play written for ``seat`` now, or None while the lesson waits (for you to
        read a prompt)."""
        ...

    def vet(self, match: Match, action: Action) -> str | None:
        """Why this legal play of yours is not the lesson's (None: it is)."""
        ...

    def handle(self, table: Any, event: pygame.event.Event) -> bool:
        """Input before the table's own (Esc leaves the lesson; a key or a click goes on)."""
        ...

    def draw(self, table: Any, surface: pygame.Surface) -> None:
        """The prompt, over the table."""
        ...

    def leave(self) -> None:
        """Close the lesson (the table's Leave button, in the Menu's place)."""
        ...


class ScriptedDriver:
    """An opponent in a lesson: it plays what the lesson's script says, at the table's
    pace (the least time of :data:`PACE_FLOOR` after the position is shown)."""

    takes_input = False

    def __init__(self, lesson: TableLesson) -> None:
        self.lesson = lesson
        self.key = -1
        self.since = 0.0

    def poll(self, table: DrivenTable, seat: int, dt: float) -> Action | None:
        if self.key != table.plays:
            self.key = table.plays
            self.since = table.clock
        if table.clock - self.since < PACE_FLOOR.get(table.ai_pace, 0.0):
            return None
        return self.lesson.scripted(table.match, seat)

    def thinking(self, table: DrivenTable) -> float | None:
        return None

    def close(self) -> None:
        """Nothing in flight: the script's plays are known."""

    def forget(self) -> None:
        """A take-back: the script's next play waits its pace again."""
        self.key = -1


class TableControls(Protocol):
    """Extra controls a configuration puts on the table (a replay's pause, step, speed)."""

    def buttons(self, table: ControlledTable, keep: list[Button]) -> list[Button]:
        """The table's buttons: ``keep`` (Menu, Scores) plus the controls' own."""
        ...

    def handle(self, table: ControlledTable, event: pygame.event.Event) -> bool:
        """Input, before the table's own (which a replay never takes)."""
        ...

    def status(self, words: str, clock: float) -> str:
        """The status line, given what the table would say and the table's clock."""
        ...

    def anim_speed(self) -> str:
        """The animation speed the controls have chosen."""
        ...


DriverMaker = Callable[[Sequence[Seat], Match], list[SeatDriver]]


def people_and_bots(seats: Sequence[Seat], match: Match) -> list[SeatDriver]:
    """A game: you play seat 0 (and any other "human" seat), the AIs the rest."""
    return [PersonDriver() if s.is_human else BotDriver(s, seed=match.seed + s.seat) for s in seats]


def bots_only(seats: Sequence[Seat], match: Match) -> list[SeatDriver]:
    """Four AIs, played as fast as the pace says (the demo, the title's backdrop)."""
    return [BotDriver(s, seed=match.seed + s.seat, paced=False) for s in seats]


@dataclass(frozen=True)
class TableConfig:
    """What kind of table this is; see the module's notes. The defaults are a game."""

    drivers: DriverMaker = people_and_bots
    #: seat 0 is an AI too, named by the opponents' settings ("Demo AI")
    watch: bool = False
    #: the game is saved after every play and recorded in the history when it ends
    saves: bool = True
    sound: bool = True
    #: one animation speed and AI pace for this table, whatever the settings say
    pace: str | None = None
    #: a line under the game's details ("Demo: an AI in every seat")
    caption: str = ""
    #: what the table plays for, in its header ("" : "Game to 100 · lowest total wins")
    goal: str = ""
    #: the word for this table in its pause menu ("Replay" gives "Replay paused")
    title: str = ""
    #: the hand's end shows its breakdown and offers a review (else ``at_hand_end`` is told)
    overlays: bool = True
    at_hand_end: Callable[[HandEnd], None] | None = None
    #: each hand's breakdown moves on to the next hand by itself (nobody is there to click)
    goes_on: bool = False
    #: opponents.yaml problems are shown on this table
    reports: bool = True
    #: the Scores button is offered
    scores: bool = True
    #: the hand review is offered when a hand ends
    review: bool = True
    controls: TableControls | None = None
    seats: tuple[Seat, ...] | None = field(default=None, compare=False)
    #: a table that teaches (the first hand): its prompts, its script and its refusals
    lesson: TableLesson | None = field(default=None, compare=False)
    #: an unrated practice game: saved, and kept in the history marked as practice, but
    #: never rated nor counted in the statistics, records or streaks
    practice: bool = False
    #: Undo (U, Ctrl+Z, a button) takes back your last play and the plays since. Only
    #: where nothing is at stake (the lesson, a practice game): anywhere else a take-back
    #: would show you hidden cards (a flipped mystery card, a picked-up pile) and let you
    #: play the position again knowing them.
    take_backs: bool = False


#: You against the AI opponents, saved after every play.
GAME = TableConfig()

#: An unrated practice game: you against the AI opponents, with take-backs.
PRACTICE = TableConfig(
    caption=N_("Practice game: not rated · U takes back a play"),
    title=N_("Practice game"),
    practice=True,
    take_backs=True,
)

#: AIs in every seat play in the window (``swoop --demo``); nothing is kept.
DEMO = TableConfig(
    drivers=bots_only,
    watch=True,
    saves=False,
    caption=N_("Demo: an AI in every seat"),
    goes_on=True,
    scores=False,
)


def lesson(teacher: TableLesson, seats: Sequence[Seat]) -> TableConfig:
    """The first hand that teaches: you, and three opponents playing the lesson's script.
    Nothing is saved or recorded; no overlays, hints, Scores or review."""

    def scripted(_seats: Sequence[Seat], _match: Match) -> list[SeatDriver]:
        return [PersonDriver() if s.is_human else ScriptedDriver(teacher) for s in _seats]

    return TableConfig(
        drivers=scripted,
        saves=False,
        caption=N_("Learn to play: your first hand"),
        # Translators: the table's title during the lesson (as in "Lesson paused").
        title=N_("Lesson"),
        goal=N_("One hand · each rule once"),
        overlays=False,
        reports=False,
        scores=False,
        review=False,
        seats=tuple(seats),
        lesson=teacher,
        take_backs=True,
    )


def backdrop(at_hand_end: Callable[[HandEnd], None]) -> TableConfig:
    """The game behind the title: four quiet AIs at the normal pace; at a hand's end
    ``at_hand_end(HandEnd.HAND_OVER)`` or ``(HandEnd.GAME_OVER)`` is called instead of
    the overlays."""
    return TableConfig(
        drivers=bots_only,
        watch=True,
        saves=False,
        sound=False,
        pace="normal",
        overlays=False,
        at_hand_end=at_hand_end,
        reports=False,
        scores=False,
        review=False,
    )


def replay(playback: Playback, seats: Sequence[Seat], controls: TableControls) -> TableConfig:
    """A finished game played back from its record: every seat plays what it played."""

    def recorded(_seats: Sequence[Seat], _match: Match) -> list[SeatDriver]:
        driver = RecordedDriver(playback)
        return [driver for _ in _seats]

    return TableConfig(
        drivers=recorded,
        saves=False,
        caption=N_("Replay of a finished game"),
        # Translators: the table's title while a finished game is watched again (a noun).
        title=N_("Replay"),
        review=False,
        controls=controls,
        seats=tuple(seats),
    )
