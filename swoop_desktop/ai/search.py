"""The hard bot: determinized sampling search under a time budget.

For each decision it deals the cards it cannot see in ways consistent with
its observation (cards known from public pick-ups stay with their holder),
tries its best few candidate actions (by the normal bot's scores) in each
such world, plays on with a quick greedy policy for everyone, cuts long
play-outs off and scores them by who is closest to going out. Candidates
share worlds (common random numbers) and are thinned by successive halving.
The budget is wall-clock time (default 50 ms, never more than 80 ms); when
the time runs out before any world is played it falls back to the normal
choice. With one legal action it does not search at all.

The worlds it plays are :class:`GameState` objects it builds itself from the
observation (``Observation.determinize``); it never sees the real deal.
"""

from __future__ import annotations

import math
import random
import time

from swoop_desktop.engine import RANK_OF, Action, Add, Flip
from swoop_desktop.engine.observation import CHAIN, FOLLOW, Observation

from .bots import NormalBot

DEFAULT_BUDGET_MS = 50.0
CAP_MS = 80.0


def _left(state, p: int) -> int:
    return (state.hand_count[p] + sum(c is not None for c in state.up[p])
            + sum(c is not None for c in state.down[p]))


def rollout_action(state, legal: list[Action], rng: random.Random) -> Action:
    """A quick greedy choice for whoever is to move in a determinized world."""
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == FOLLOW:
        best = None
        for a in legal:
            if type(a) is Add and (best is None or a.size > best.size):
                best = a
        return best if best is not None else legal[-1]
    if phase == CHAIN:
        return legal[0] if state.top >= 8 and type(legal[0]) is Flip else legal[-1]
    p = state.to_move
    hand = state.hands[p]
    up = state.up[p]
    swoop_rank = state._swoop_rank
    top = state.top
    empty = not state.pile
    left = _left(state, p)
    best_on = None
    best_key = None
    swoop_play = None
    flip = None
    best_pick = None
    pick_key = None
    for a in legal:
        kind = type(a)
        if kind is Flip:
            if flip is None:
                flip = a
            continue
        r = a.hand[0] if a.hand else RANK_OF[up[a.up[0]]]
        k = a.size
        if k == left:
            return a  # goes out
        if swoop_rank[r]:
            if swoop_play is None:
                swoop_play = a
            continue
        if empty or r <= top:
            have = len(hand[r]) + sum(1 for c in up if c is not None and RANK_OF[c] == r)
            run = state.run + k if (not empty and r == top) else k
            key = (run >= 4, k == have, r + rng.random() * 3, k)
            if best_key is None or key > best_key:
                best_on, best_key = a, key
        else:
            key = (k, -r)
            if pick_key is None or key > pick_key:
                best_pick, pick_key = a, key
    if best_on is not None:
        return best_on
    pile_n = len(state.pile)
    if swoop_play is not None and (pile_n >= 4 or best_pick is None and flip is None):
        return swoop_play
    if flip is not None:
        return flip
    if best_pick is not None:
        return best_pick
    return swoop_play if swoop_play is not None else legal[0]


def evaluate(state, me: int) -> float:
    """A value in 0..1 for ``me``: 1 when out, else a soft share by cards left."""
    if state.out_player is not None:
        return 1.0 if state.out_player == me else 0.0
    n = state.n
    value = state.rules.card_points
    weights = []
    for p in range(n):
        left = _left(state, p)
        pts = sum(value(r) * len(lst) for r, lst in enumerate(state.hands[p]) if lst)
        weights.append(math.exp(-(left + pts / 40.0) / 3.0))
    return weights[me] / sum(weights)


class HardBot(NormalBot):
    """Sampling search over the normal bot's best candidates, within a time budget."""

    level = "hard"

    def __init__(self, seed: int = 0, personality: str | None = None,
                 weights: dict[str, float] | None = None, budget_ms: float | None = None,
                 max_worlds: int | None = None, candidates: int = 6, depth: int = 48,
                 use_clock: bool = True) -> None:
        super().__init__(seed, personality, weights)
        self.budget_ms = min(DEFAULT_BUDGET_MS if budget_ms is None else budget_ms, CAP_MS)
        self.max_worlds = max_worlds
        # Without the clock (tests, analysis) only ``max_worlds`` ends the search, so
        # the answer depends on nothing but the seed and the observation.
        self.use_clock = use_clock or max_worlds is None
        self.candidates = candidates
        self.depth = depth
        self.last_worlds = 0  # worlds played in the last decision (for benchmarks)

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        self.last_worlds = 0
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        ranked = self.scored(obs, legal)
        if ranked[0][0] >= 500:  # going out: nothing to search
            return ranked[0][1]
        cands = [a for _, a in ranked[: self.candidates]]
        if len(cands) == 1:
            return cands[0]
        deadline = start + self.budget_ms / 1000.0
        rng = self.rng_for(obs)
        totals = {a: 0.0 for a in cands}
        counts = {a: 0 for a in cands}
        alive = list(cands)
        me = obs.seat
        worlds = 0
        halve_at = 4
        prior = {a: 0.02 * (len(cands) - i) for i, a in enumerate(cands)}
        while True:
            if self.max_worlds is not None and worlds >= self.max_worlds:
                break
            if self.use_clock and time.perf_counter() >= deadline:
                break
            world = obs.determinize(rng)
            seed = rng.getrandbits(32)
            for a in alive:
                state = world.clone()
                state.apply_fast(a)
                totals[a] += self._playout(state, me, random.Random(seed))
                counts[a] += 1
                if self.use_clock and time.perf_counter() >= deadline:
                    break
            worlds += 1
            if worlds == halve_at and len(alive) > 2:
                alive.sort(key=lambda a: -(totals[a] / max(1, counts[a]) + prior[a]))
                alive = alive[: max(2, len(alive) // 2)]
                halve_at *= 2
        self.last_worlds = worlds
        if worlds == 0:
            return cands[0]
        return max(cands, key=lambda a: (totals[a] / counts[a] + prior[a]) if counts[a] else -1)

    def _playout(self, state, me: int, rng: random.Random) -> float:
        for _ in range(self.depth):
            if state.phase == 3:
                break
            legal = state.legal_actions()
            state.apply_fast(rollout_action(state, legal, rng))
        return evaluate(state, me)


__all__ = ["CAP_MS", "DEFAULT_BUDGET_MS", "HardBot", "evaluate", "rollout_action"]
