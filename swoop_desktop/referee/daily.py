"""The daily deal: one deal a day, and what the hard opponent scores in your seat with it.

The deal's seed comes from the date, the rule set and this version of Swoop
(:func:`daily_seed`), so every player of this version who plays on the same
day with the same rules gets the same cards, the same dealer and the same
opponents (:data:`DAILY_OPPONENTS`, fixed here rather than read from the
player's settings, with the seeds the table gives its AIs).

:func:`hard_in_seat` is the comparison: the referee deals the same deal again,
seats the hard bot in your seat against the same opponents, and plays the
hand out, handing every seat only its observation (as the tournament does). It
returns the hand's actions too: laid beside yours (:func:`parting`), they show where
your play and the hard opponent's parted ways.
It takes nothing from your game, only the rules and the seed, so the hard
bot never sees your cards or your plays; its work per decision is fixed
(:data:`DAILY_WORLDS`, no clock), so its score is the same on every machine.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date

from swoop_desktop import __version__
from swoop_desktop.ai.make import choose_safely, make_bot
from swoop_desktop.choices import HUMAN_SEAT, SEAT_NAMES
from swoop_desktop.engine import Action, Match, Rules
from swoop_desktop.engine.observation import Observation, PublicHistory, observe

from .caps import DEFAULT_CAP

#: The daily deal's opponents, seats 1-3: (name, level, personality), the same for everyone.
DAILY_OPPONENTS: tuple[tuple[str, str, str], ...] = (
    (SEAT_NAMES[1], "normal", "aggressive"),
    (SEAT_NAMES[2], "normal", "cautious"),
    (SEAT_NAMES[3], "normal", "balanced"),
)
#: The hard bot's searched worlds per decision in your seat: the table's work when the
#: daily deal began (the table's hard opponent now searches 72), kept so that every
#: day's score is made the same way and streaks compare like with like.
DAILY_WORLDS = 48
#: Likewise the search's first halving (the table's hard opponent now halves after 8).
DAILY_HALVE_FROM = 4
#: Likewise a fixed number of worlds (the table's hard opponent now goes on dealing worlds
#: late in a hand, up to a budget of play-out steps).
DAILY_STEP_BUDGET = 0
PLAYERS = 4


def daily_seed(day: date, rules: Rules) -> int:
    """The seed of ``day``'s deal under ``rules`` for this version of Swoop."""
    text = f"swoop-daily/{__version__}/{day.isoformat()}/" + json.dumps(
        rules.to_json(), sort_keys=True
    )
    return int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)


def opponent_seed(seed: int, seat: int) -> int:
    """The seed an opponent's bot gets: the same at the table and in :func:`hard_in_seat`."""
    return seed + seat


def margin(points: list[int], seat: int = HUMAN_SEAT) -> float:
    """A seat's points minus the mean of the others' (lower is better)."""
    others = [p for i, p in enumerate(points) if i != seat]
    return points[seat] - sum(others) / len(others)


@dataclass(frozen=True)
class HardResult:
    """The hand's points per seat when the hard bot played ``seat``, and the hand's
    actions in order (every seat's), so your game can be laid beside it."""

    points: list[int]
    seat: int = HUMAN_SEAT
    actions: tuple[Action, ...] = ()

    @property
    def margin(self) -> float:
        return margin(self.points, self.seat)


def hard_in_seat(
    rules: Rules,
    seed: int,
    seat: int = HUMAN_SEAT,
    worlds: int = DAILY_WORLDS,
    pause: Callable[[], None] | None = None,
    watch: Callable[[int, Observation], None] | None = None,
) -> HardResult:
    """Deal the daily deal again and play it out with the hard bot in ``seat``.

    ``pause`` is handed to the hard bot (it yields between play-outs, so a frame
    loop on another thread keeps its pace); ``watch(seat, observation)`` is told
    each observation a seat is given (for tests).
    """
    match = Match(rules, PLAYERS, seed)
    history = PublicHistory(PLAYERS)
    history.feed(match.start_hand())
    bots = {}
    others = iter(DAILY_OPPONENTS)
    for s in range(PLAYERS):
        if s == seat:
            bot = make_bot(
                "hard",
                None,
                seed=seed,
                max_worlds=worlds,
                use_clock=False,
                halve_from=DAILY_HALVE_FROM,
                step_budget=DAILY_STEP_BUDGET,
            )
            if pause is not None and hasattr(bot, "pause"):
                bot.pause = pause
        else:
            _name, level, personality = next(others)
            bot = make_bot(level, personality, seed=opponent_seed(seed, s))
        bots[s] = bot
    state = match.state
    assert state is not None  # a hand was just dealt
    decisions = 0
    played: list[Action] = []
    while not state.is_over:
        if decisions >= DEFAULT_CAP:
            raise RuntimeError("the daily deal's hand did not end (a bug)")
        p = state.to_move
        obs = observe(state, p, history)
        if watch is not None:
            watch(p, obs)
        action = choose_safely(bots[p], obs, state.legal_actions())
        history.feed(match.apply(action))
        played.append(action)
        decisions += 1
    return HardResult(list(match.sheet[-1]), seat, tuple(played))


def parting(yours: Sequence[Action], theirs: Sequence[Action]) -> int | None:
    """The index of the first action where two plays of the same deal differ (None when
    they never do). Up to it both games are the same, card for card; from it they differ."""
    for step, (a, b) in enumerate(zip(yours, theirs, strict=False)):
        if a != b:
            return step
    return None if len(yours) == len(theirs) else min(len(yours), len(theirs))
