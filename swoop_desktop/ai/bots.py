"""The bots: baselines (random, lowest, highest) and the feature bots (easy to normal).

Every bot answers ``choose(obs, legal) -> Action`` from an :class:`Observation`
and the legal actions only. Its randomness comes from its seed and a stable
number of the observation, so the same seed and observation give the same
answer in every run.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass

from swoop_desktop.engine import RANK_OF, Action, Add, End, Flip, Play
from swoop_desktop.engine.observation import Observation

from .features import Context, features, make_context, score, weights_for


class Cancelled(Exception):
    """Thinking no longer wanted: a review closed, or a table closed or taken back while a
    bot searched. Raised from inside the work (a review's stop, a bot's pause hook) so the
    processor is given back at once; never a bot's failure."""


class Bot(ABC):
    """Base class: a named policy with its own seed."""

    level = "base"

    def __init__(
        self, seed: int = 0, personality: str | None = None, weights: dict[str, float] | None = None
    ) -> None:
        self.seed = seed
        self.personality = personality or "balanced"
        self.weights = weights_for(personality, weights)

    def rng_for(self, obs: Observation) -> random.Random:
        """A generator that depends only on the bot's seed and the observation."""
        return random.Random((self.seed * 0x9E3779B1 + obs.key()) & 0xFFFFFFFFFFFF)

    @abstractmethod
    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        """One of ``legal``, chosen from ``obs`` alone."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r}, seed={self.seed})"


class RandomBot(Bot):
    """Any legal action, uniformly."""

    level = "random"

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        return self.rng_for(obs).choice(legal)


def action_rank(obs: Observation, a: Action) -> int:
    """The rank an action plays (0 for a flip or an end)."""
    if type(a) is Play or type(a) is Add:
        if a.hand:
            return a.hand[0]
        return RANK_OF[obs.up[obs.seat][a.up[0]]]  # type: ignore[index]
    return 0


def _tiers(obs: Observation, legal: list[Action]) -> list[Action]:
    """The simplest sensible candidates: plays that go on the pile, else a Swoop card,
    else a flip, else a pick-up; a follow-up is always taken."""
    rules = obs.rules
    on_pile, swoops, flips, pickups, adds = [], [], [], [], []
    for a in legal:
        kind = type(a)
        if kind is Add:
            adds.append(a)
        elif kind is Flip:
            flips.append(a)
        elif kind is Play:
            r = action_rank(obs, a)
            if rules.is_swoop_rank(r):
                swoops.append(a)
            elif not obs.pile or r <= obs.top:
                on_pile.append(a)
            else:
                pickups.append(a)
    for tier in (adds, on_pile, swoops, flips, pickups):
        if tier:
            return tier
    return [a for a in legal if type(a) is End] or legal


class LowestBot(Bot):
    """Plays the lowest rank it can (the most cards of it), avoiding pick-ups when it can."""

    level = "lowest"
    sign = 1

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        tier = _tiers(obs, legal)
        return min(tier, key=lambda a: (self.sign * action_rank(obs, a), -_size(a), _order(a)))


class HighestBot(LowestBot):
    """Plays the highest rank it can (the most cards of it), avoiding pick-ups when it can."""

    level = "highest"
    sign = -1


def _size(a: Action) -> int:
    return a.size if type(a) is Play or type(a) is Add else 0


def _order(a: Action) -> tuple[int, tuple[int, ...]]:
    """A fixed tie-break: fewer face-up cards first, then by slot numbers."""
    if type(a) is Play or type(a) is Add:
        return (len(a.up), a.up)
    if type(a) is Flip:
        return (0, (a.slot,))
    return (9, ())


LONG_DEAL = 300  # plays in one deal after which bots start to vary their play


class NormalBot(Bot):
    """Scores each legal action from weighted features and plays the best."""

    level = "normal"
    memory: int | None = None  # history steps of pick-up memory (None: perfect memory)

    def context(self, obs: Observation, legal: list[Action]) -> Context:
        forget = None
        if self.memory is not None:
            forget = len(obs.history) - self.memory
        return make_context(obs, legal, forget)

    def scored(self, obs: Observation, legal: list[Action]) -> list[tuple[float, Action]]:
        """(score, action) for every legal action, best first (ties keep legal order)."""
        ctx = self.context(obs, legal)
        w = self.weights
        out = [(score(features(ctx, a), w), i, a) for i, a in enumerate(legal)]
        out.sort(key=lambda t: (-t[0], t[1]))
        return [(s, a) for s, _, a in out]

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        ranked = self.scored(obs, legal)
        if obs.plays > LONG_DEAL and ranked[0][0] < 500:
            return self.break_cycle(obs, ranked)
        return ranked[0][1]

    def break_cycle(self, obs: Observation, ranked: list[tuple[float, Action]]) -> Action:
        """In a very long deal, sometimes take the second-best action.

        Careful bots can chase each other round in circles (the same pick-ups
        over and over); a little randomness, growing with the deal's length,
        ends such loops the way a person would.
        """
        rng = self.rng_for(obs)
        chance = min(0.5, (obs.plays - LONG_DEAL) / 1000)
        if len(ranked) > 1 and rng.random() < chance:
            return ranked[1][1]
        return ranked[0][1]


@dataclass(frozen=True)
class Knobs:
    """How sharply a level below normal chooses among the normal bot's scores.

    ``temperature``: the softmax's temperature over the near-best actions (lower is
    sharper: towards the normal bot's best move); ``margin``: only actions within this
    much of the best score are ever picked; ``memory``: pick-up memories older than this
    many history steps are forgotten (None: the normal bot's perfect memory).
    """

    temperature: float
    memory: int | None
    margin: float = 2.0


#: The levels the :class:`EasyBot` plays, weakest first, each by its knobs alone (no
#: clock, no search: the same choices on every machine). Each level's rating is measured
#: (``benchmarks/level_ratings.py``, ``progress.rating.LEVEL_RATINGS``); the knobs were
#: tuned so that no two neighbours, up to normal, are more than about 150 points apart.
SOFT_LEVELS: dict[str, Knobs] = {
    "easy": Knobs(temperature=0.6, memory=12),
    "casual": Knobs(temperature=0.36, memory=16),
    "steady": Knobs(temperature=0.23, memory=24),
    "keen": Knobs(temperature=0.145, memory=None),
}


class EasyBot(NormalBot):
    """The normal features, sampled by softmax among the near-best actions; fading memory.

    Only actions within ``margin`` of the best score are ever picked, so a
    second-best choice never looks absurd; pick-up memories older than
    ``memory`` history steps are forgotten. ``level`` is one of
    :data:`SOFT_LEVELS` (easy, casual, steady, keen), whose knobs it plays by.
    """

    level = "easy"
    memory: int | None = 12
    temperature: float = 0.6
    margin: float = 2.0

    def __init__(
        self,
        seed: int = 0,
        personality: str | None = None,
        weights: dict[str, float] | None = None,
        level: str = "easy",
    ) -> None:
        super().__init__(seed, personality, weights)
        knobs = SOFT_LEVELS.get(level)
        if knobs is None:
            raise ValueError(f"level: {level!r} is not one of {', '.join(SOFT_LEVELS)}")
        self.level = level
        self.temperature = knobs.temperature
        self.memory = knobs.memory
        self.margin = knobs.margin

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        ranked = self.scored(obs, legal)
        best = ranked[0][0]
        near = [(s, a) for s, a in ranked if s >= best - self.margin]
        if best >= 500:  # going out is never passed up
            return ranked[0][1]
        weights = [math.exp((s - best) / self.temperature) for s, _ in near]
        rng = self.rng_for(obs)
        return rng.choices([a for _, a in near], weights=weights)[0]
