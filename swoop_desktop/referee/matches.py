"""Matches as the tournament plays them: a bot made from its ``--bots`` spec, one whole game
to the rules' target (R16) over seat rotations, what each entry did (:class:`MatchTally`),
and a match seed as a job (:class:`MatchJob`) whose result depends on the job alone, so it
gives the same figures played here or on any Dask worker (:mod:`.cluster`)."""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from swoop_desktop.ai.bots import Bot
from swoop_desktop.ai.config import LEVELS
from swoop_desktop.ai.features import PERSONALITIES
from swoop_desktop.ai.make import SEARCH_LEVELS, choose_safely, make_bot
from swoop_desktop.engine import Match, Rules
from swoop_desktop.engine.observation import PublicHistory, observe

#: The most worlds a decision a ``--bots`` entry or ``--worlds`` may ask for.
MAX_WORLDS = 10_000


def parse_bot(spec: str, seed: int, budget_ms: float | None, worlds: int | None = None) -> Bot:
    """``"hard"``, ``"normal:cautious"`` or ``"expert@200"`` -> a bot; a clear ValueError
    otherwise.

    ``worlds`` fixes the hard bot's work per decision and turns its clock off, so its
    play is the same on any machine however busy; the expert keeps its own worlds (its
    level is its work) with its clock off too. ``@N`` after a searching level fixes that
    seat's worlds at N (and turns its clock off) whatever ``worlds`` says.
    """
    level, _, personality = spec.strip().partition(":")
    level, at, count = level.partition("@")
    if level not in LEVELS:
        raise ValueError(
            f"--bots: unknown level {level!r} in {spec!r} (choose from {', '.join(LEVELS)})"
        )
    if at and (
        level not in SEARCH_LEVELS or not count.isdigit() or not 1 <= int(count) <= MAX_WORLDS
    ):
        raise ValueError(
            f"--bots: {spec!r}: @N (worlds per decision, 1 to {MAX_WORLDS}) follows "
            f"only a searching level ({', '.join(SEARCH_LEVELS)})"
        )
    if personality and personality not in PERSONALITIES:
        raise ValueError(
            f"--bots: unknown personality {personality!r} in {spec!r} "
            f"(choose from {', '.join(PERSONALITIES)})"
        )
    options: dict[str, Any] = {}
    if level in SEARCH_LEVELS:
        if budget_ms is not None:
            options["budget_ms"] = budget_ms
        if at:
            options["max_worlds"] = int(count)
        elif worlds is not None and level == "hard":
            options["max_worlds"] = worlds
        if at or worlds is not None:
            options["use_clock"] = False
    return make_bot(level, personality or None, seed=seed, **options)


def match_seed(seed: int, match: int) -> int:
    return random.Random(f"tournament-match/{seed}/{match}").getrandbits(48)


@dataclass
class MatchTally:
    """What one entry did over some matches (added up across worker processes)."""

    matches: int = 0
    match_wins: float = 0.0  # a tie for the lowest total is shared
    hands: int = 0
    hands_out: int = 0
    points: int = 0
    margin: float = 0.0  # sum over hands of own points minus the mean of the others
    seat_matches: list[int] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    times_ms: list[float] = field(default_factory=list)
    fallbacks: int = 0

    def add(self, other: MatchTally) -> None:
        self.matches += other.matches
        self.match_wins += other.match_wins
        self.hands += other.hands
        self.hands_out += other.hands_out
        self.points += other.points
        self.margin += other.margin
        self.seat_matches = [
            a + b for a, b in zip(self.seat_matches, other.seat_matches, strict=True)
        ]
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins, strict=True)]
        self.times_ms.extend(other.times_ms)
        self.fallbacks += other.fallbacks


MAX_HANDS = 200  # a match longer than this is stopped (counted as capped)


def play_match(
    rules: Rules,
    bots: list[Bot],
    seating: list[int],
    seed: int,
    cap: int,
    tallies: list[MatchTally],
    messages: list[str],
    peek: bool = False,
) -> bool:
    """One whole game to the rules' target; ``seating[seat]`` is the entry index.

    Adds what happened to ``tallies`` (one per entry); returns True when a hand
    reached the turn cap (the match is then stopped and nobody wins it).
    """
    n = len(seating)
    match = Match(rules, n, seed)
    clock = time.perf_counter
    capped = False
    while not match.over and len(match.sheet) < MAX_HANDS:
        history = PublicHistory(n)
        history.feed(match.start_hand())
        state = match.state
        assert state is not None  # a hand was just dealt
        decisions = 0
        while not state.is_over:
            if decisions >= cap:
                capped = True
                break
            p = state.to_move
            idx = seating[p]
            bot = bots[idx]
            tally = tallies[idx]
            legal = state.legal_actions()
            obs = observe(state, p, history)
            if peek and hasattr(bot, "peek"):
                bot.peek = state.clone  # the upper-bound run: the real deal, never in play
            before = len(messages)
            t0 = clock()
            action = choose_safely(bot, obs, legal, messages.append)
            tally.times_ms.append((clock() - t0) * 1000.0)
            if len(messages) > before:
                tally.fallbacks += 1
            history.feed(match.apply(action))
            decisions += 1
        if capped:
            break
        points = match.sheet[-1]
        for seat, idx in enumerate(seating):
            t = tallies[idx]
            t.hands += 1
            t.points += points[seat]
            t.hands_out += match.went_out[-1] == seat
            t.margin += points[seat] - (sum(points) - points[seat]) / (n - 1)
    capped = capped or not match.over
    low = min(match.totals)
    leaders = [seat for seat, t in enumerate(match.totals) if t == low]
    for seat, idx in enumerate(seating):
        t = tallies[idx]
        t.matches += 1
        t.seat_matches[seat] += 1
        if not capped and seat in leaders:
            share = 1.0 / len(leaders)
            t.match_wins += share
            t.seat_wins[seat] += share
    return capped


MatchResult = tuple[list[MatchTally], int, list[str]]


@dataclass(frozen=True)
class MatchJob:
    """One match seed, to be played once per seat rotation: all its result depends on.

    Plain values only, the bots by spec and seed, so a job can travel to another process
    or machine and its result there is its result here: the bots are made afresh for it,
    and a bot's choices depend only on its seed and what it sees. (A searching bot on the
    clock, without ``--worlds`` or ``@N``, plays to the time it gets, wherever it runs.)
    """

    rules: dict[str, Any]
    bots: tuple[tuple[str, int], ...]  # (spec, bot seed) per entry
    budget_ms: float | None
    worlds: int | None
    seed: int  # the match seed
    cap: int
    peek: bool


def play_seed(rules: Rules, bots: list[Bot], seed: int, cap: int, peek: bool) -> MatchResult:
    """All seat rotations of one match seed with these bots: (tallies, capped, messages)."""
    n = len(bots)
    tallies = [MatchTally(seat_matches=[0] * n, seat_wins=[0.0] * n) for _ in range(n)]
    messages: list[str] = []
    capped = 0
    for rot in range(n):
        seating = [(seat - rot) % n for seat in range(n)]
        capped += play_match(rules, bots, seating, seed, cap, tallies, messages, peek)
    return tallies, capped, messages


def play_job(job: MatchJob) -> MatchResult:
    """A job's result, a function of the job alone: the serial run and every Dask worker
    call this, so ``--jobs 1``, ``--jobs N`` and ``--cluster`` give the same figures."""
    _lower_this_worker_threads_priority()
    bots = [parse_bot(spec, bot_seed, job.budget_ms, job.worlds) for spec, bot_seed in job.bots]
    return play_seed(Rules.from_json(job.rules), bots, job.seed, job.cap, job.peek)


_worker_thread = threading.local()


def _lower_this_worker_threads_priority() -> None:
    """A worker's thread plays at a lower priority (once), so a run on the machine someone
    works at leaves it responsive; the serial run, on the main thread, keeps its own."""
    if threading.current_thread() is threading.main_thread():
        return
    if getattr(_worker_thread, "niced", False):
        return
    _worker_thread.niced = True
    try:
        os.nice(5)
    except (AttributeError, OSError):  # not on every platform; the run goes on
        pass
