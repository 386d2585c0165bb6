"""Policy-based inference: candidate hands for the other players, weighted by how likely
each player's public plays were, kept across a hand.

A watcher who knows how people play reads more than floors and gaps: every
play an opponent made was one choice among the plays their hand allowed,
and some hands make that choice far likelier than others. PolicyInference
keeps a set of candidate hands for the other players (their rank counts;
suits never matter) across the hand. Each one is weighted by the
likelihood of every public decision of its players under an opponent
model: the normal bot's main feature scores of the choices that hand
allowed, through a softmax of temperature ``temperature``, mixed with a
share ``random_share`` of uniformly random play, so that an odd play (a
person's) never rules a hand out. Rules facts are certain and do rule
hands out: a flip or new pile that fitted with no follow-up offered means
(R12) no other card of that rank in hand; a follow-up offered and declined
means at least one was held, unless a face-up card explains the offer.

After each new play the candidates are carried forward (cards shown going
into or out of a hand change their counts), re-weighted by the new
decisions, resampled when the weights collapse and moved by swap moves
(Metropolis: two cards of two places change places, accepted by the ratio
of likelihoods) so they do not all become copies of one. When none fits
any more, fresh candidates are dealt. Face-down and set-aside cards are
dealt afresh for each world. Only the observation's public history is read.

The floors and gaps guesses and their sampler are in :mod:`.floors`; the opponent model
that reads each public decision is in :mod:`.opponent_model`.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol, cast

from swoop_desktop.engine import RANK_OF
from swoop_desktop.engine.observation import Observation
from swoop_desktop.engine.playout import PlayoutState

from .opponent_model import (
    NEVER,
    NO_TERMS,
    ZERO_DECISION,
    DecisionCache,
    OpponentModel,
    Parsed,
    Terms,
    decision_terms,
    parse_decisions,
    total_loglik,
    updated_terms,
)

TEMPERATURE = 0.1
#: The share of the opponent model given to uniformly random play.
RANDOM_SHARE = 0.05
#: Candidate hands kept across a hand.
PARTICLES = 24
#: Swap moves per candidate at each decision.
MOVES = 12
#: Endgames exactly: when the other hands' unseen cards can be placed in at most this
#: many ways (by rank), every placing is a candidate, weighed by its chance in a
#: uniform deal times the likelihood of the plays, instead of sampled ones.
EXACT_LIMIT = 64


def _placings(
    obs: Observation, known: list[list[int]], limit: int
) -> list[tuple[list[list[int]], float]] | None:
    """Every way to place the unseen cards into the other hands by rank, with the log of
    its chance in a uniform deal (up to a constant); None if there are more than ``limit``
    (or nothing to place)."""
    needs = obs.unseen_hand_counts()
    places = [p for p in range(obs.n) if p != obs.seat and needs[p] > 0]
    if not places:
        return None
    pool = obs.unseen_rank_counts()
    out: list[tuple[list[list[int]], float]] = []
    got: dict[int, list[int]] = {}

    def fill(i: int, left: list[int]) -> bool:
        if i == len(places):
            hands = [list(known[p]) for p in range(obs.n)]
            prior = 0.0
            for r in range(15):
                # n_r! / (k_r1! ... k_rm! rest_r!): how many card-by-card deals give it
                prior += math.lgamma(pool[r] + 1) - math.lgamma(left[r] + 1)
                for p in places:
                    prior -= math.lgamma(got[p][r] + 1)
            for p in places:
                for r in range(15):
                    hands[p][r] += got[p][r]
            out.append((hands, prior))
            return len(out) <= limit
        p = places[i]
        counts = [0] * 15
        got[p] = counts
        return choose(i, 1, needs[p], left, counts)

    def choose(i: int, r: int, need: int, left: list[int], counts: list[int]) -> bool:
        if need == 0:
            return fill(i + 1, left)
        if r > 14:
            return True
        if sum(left[r:]) < need:
            return True
        for k in range(min(need, left[r]), -1, -1):
            counts[r] = k
            left[r] -= k
            ok = choose(i, r + 1, need - k, left, counts)
            left[r] += k
            counts[r] = 0
            if not ok:
                return False
        return True

    if not fill(0, list(pool)):
        return None
    return out or None


class PolicyInference:
    """Candidate hands for the other players, weighted by their public decisions; kept per hand.

    One object follows one seat through a hand: :meth:`update` takes each new
    observation (its history extends the last one: only the new decisions
    are weighed; otherwise it starts afresh), :meth:`sample` deals a world
    from the candidates. ``weights`` are the feature weights of the opponent
    model (the normal bot's). The work is fixed: ``particles`` candidates,
    ``moves`` swap moves each per update.
    """

    def __init__(
        self,
        weights: dict[str, float],
        particles: int = PARTICLES,
        moves: int = MOVES,
        temperature: float = TEMPERATURE,
        random_share: float = RANDOM_SHARE,
    ) -> None:
        self.weights = weights
        self.particles = max(1, particles)
        self.moves = max(0, moves)
        self.temperature = temperature
        self.random_share = random_share
        self.obs: Observation | None = None
        self._hands: list[list[list[int]]] = []  # per candidate, per player: rank counts now
        self._ll: list[list[Terms | None]] = []  # per candidate, per player: likelihood terms
        self._logw: list[float] = []
        self._parsed: Parsed | None = None
        self._model: OpponentModel | None = None
        self._cache: DecisionCache = {}  # compiled decisions of this hand (their tables never change)
        # The last observation's known cards and unseen card ids by rank, for dealing worlds.
        self._deal: tuple[Observation, list[list[int]], list[list[int]]] | None = None
        self._cum: list[float] | None = None  # cumulative weights of the candidates
        # Called after each candidate's moves when set (a bot thinking on the table's
        # worker thread hands the interpreter back to the frame loop, as its search does).
        self.pause: Callable[[], None] | None = None
        # True while the candidates are every possible placing (see EXACT_LIMIT).
        self.exact = False

    def __getstate__(self) -> dict[str, object]:
        # Sent to a worker process with its bot: the pause hook stays behind.
        state = self.__dict__.copy()
        state["pause"] = None
        return state

    # ------------------------------------------------------------ bookkeeping
    def _fits(self, obs: Observation) -> bool:
        old = self.obs
        if old is None or old.seat != obs.seat or old.n != obs.n or old.rules != obs.rules:
            return False
        k = len(old.history)
        return (
            len(obs.history) >= k
            and obs.history[:k] == old.history
            and obs.offers[: len(old.offers)] == old.offers
            and (k > 0 or len(obs.history) == 0)
        )

    def update(self, obs: Observation, rng: random.Random) -> None:
        """Bring the candidates to ``obs`` (public facts only)."""
        if self.obs is not None and self._fits(obs) and len(obs.history) == len(self.obs.history):
            if obs.offers == self.obs.offers and obs.hand_counts == self.obs.hand_counts:
                return  # the same history: the same candidates
        carry = self.obs is not None and self._fits(obs) and bool(self._hands)
        if not carry:
            self._cache = {}
        model = OpponentModel(self.weights, obs, self.temperature)
        parsed = parse_decisions(obs, model, self._cache)
        self._model = model
        self._cum = None
        placings = _placings(obs, self._known(obs), EXACT_LIMIT)
        if placings is not None:
            self._weigh_all(obs, parsed, placings)
            self.exact = True
        else:
            if carry and not self.exact:
                self._carry(obs, parsed, rng)
            else:
                self._fresh(obs, parsed, rng)
            self.exact = False
            self._move(obs, parsed, rng)
        self.obs = obs
        self._parsed = parsed

    def _known(self, obs: Observation) -> list[list[int]]:
        known = [[0] * 15 for _ in range(obs.n)]
        for p in range(obs.n):
            for c in obs.known[p]:
                known[p][RANK_OF[c]] += 1
        return known

    def _others(self, obs: Observation) -> list[int]:
        return [p for p in range(obs.n) if p != obs.seat]

    def _fresh(self, obs: Observation, parsed: Parsed, rng: random.Random) -> None:
        """Deal new candidates within the rules facts, each weighed over the whole history."""
        self._hands, self._ll, self._logw = [], [], []
        pause = self.pause
        for _ in range(self.particles):
            if pause is not None:
                pause()
            hands = self._propose(obs, parsed, rng)
            terms = self._all_terms(obs, parsed, hands)
            self._hands.append(hands)
            self._ll.append(terms)
            self._logw.append(total_loglik(terms))
        self._resample(rng, force=True)

    def _weigh_all(
        self, obs: Observation, parsed: Parsed, placings: list[tuple[list[list[int]], float]]
    ) -> None:
        """Every placing a candidate, weighed by its chance in a uniform deal (``placings``
        carries its log) times the likelihood of the plays; none is resampled or moved."""
        self._hands, self._ll, self._logw = [], [], []
        pause = self.pause
        for hands, prior in placings:
            if pause is not None:
                pause()
            terms = self._all_terms(obs, parsed, hands)
            self._hands.append(hands)
            self._ll.append(terms)
            self._logw.append(prior + total_loglik(terms))

    def _all_terms(
        self, obs: Observation, parsed: Parsed, hands: list[list[int]]
    ) -> list[Terms | None]:
        share = self.random_share
        return [
            decision_terms(parsed.decisions[p], hands[p], share) if p != obs.seat else NO_TERMS
            for p in range(obs.n)
        ]

    def _propose(self, obs: Observation, parsed: Parsed, rng: random.Random) -> list[list[int]]:
        """Rank counts of each other hand now: known cards plus unseen ones dealt at random,
        none of a rank the rules say a player lacks (as far as the unseen cards allow)."""
        known = self._known(obs)
        needs = obs.unseen_hand_counts()
        caps = [[99] * 15 for _ in range(obs.n)]
        for p in self._others(obs):
            for dec in parsed.decisions[p]:
                if dec[0] == ZERO_DECISION:
                    r = cast(int, dec[2])
                    d = cast(tuple[int, ...], dec[1])
                    caps[p][r] = min(caps[p][r], max(0, -d[r] - known[p][r]))
        pool = [RANK_OF[c] for c in obs.unseen_ids()]
        rng.shuffle(pool)
        order = self._others(obs)
        rng.shuffle(order)
        hands = [list(known[p]) for p in range(obs.n)]
        for p in order:
            need = max(0, needs[p])
            cap = caps[p]
            got = [0] * 15
            rest = []
            for r in pool:
                if need and got[r] < cap[r]:
                    got[r] += 1
                    need -= 1
                else:
                    rest.append(r)
            for r in rest[:need]:
                got[r] += 1
            pool = rest[need:]
            for r in range(15):
                hands[p][r] += got[r]
        return hands

    def _carry(self, obs: Observation, parsed: Parsed, rng: random.Random) -> None:
        """Move the candidates to ``obs``: new hand counts, new decisions weighed."""
        old = cast(Observation, self.obs)
        old_parsed = cast(Parsed, self._parsed)
        n = obs.n
        change = [[0] * 15 for _ in range(n)]
        for ev in obs.history[len(old.history) :]:
            if ev.kind == "played":
                for r, z in zip(ev.ranks, ev.zones, strict=False):
                    if z == "hand":
                        change[ev.player][r] -= 1
            elif ev.kind == "picked_up":
                for r in ev.ranks:
                    change[ev.player][r] += 1
        known = self._known(obs)
        pool = obs.unseen_rank_counts()
        others = self._others(obs)
        share = self.random_share
        new_from = [
            sum(1 for key in parsed.keys[p] if key not in old_parsed.keys[p]) for p in range(n)
        ]
        alive: list[int] = []
        pause = self.pause
        for i, hands in enumerate(self._hands):
            if pause is not None:
                pause()
            ok = True
            used = [0] * 15
            for p in others:
                h = hands[p]
                c = change[p]
                k = known[p]
                for r in range(15):
                    h[r] += c[r]
                    if h[r] < k[r]:
                        ok = False
                    used[r] += h[r] - k[r]
            if ok and all(used[r] <= pool[r] for r in range(15)):
                ll = self._ll[i]
                for p in others:
                    fresh = new_from[p]
                    if not fresh:
                        continue
                    # the newest decisions come first in the compiled list (built backwards)
                    got = decision_terms(parsed.decisions[p][:fresh], hands[p], share)
                    was = ll[p]
                    if got is None or was is None:
                        ll[p] = decision_terms(parsed.decisions[p], hands[p], share)
                        self._logw[i] = NEVER
                        continue
                    ll[p] = (got[0] + was[0], got[1] + was[1], got[2] + was[2], got[3] + was[3])
                    self._logw[i] += sum(got[0])
                if self._logw[i] > NEVER / 2:
                    alive.append(i)
        if not alive:
            self._fresh(obs, parsed, rng)
            return
        if len(alive) < len(self._hands):
            weights = [math.exp(self._logw[i] - max(self._logw[j] for j in alive)) for i in alive]
            picks = rng.choices(alive, weights=weights, k=len(self._hands))
            self._hands = [[list(h) for h in self._hands[i]] for i in picks]
            self._ll = [list(self._ll[i]) for i in picks]
            self._logw = [0.0] * len(picks)
        else:
            self._resample(rng)

    def _resample(self, rng: random.Random, force: bool = False) -> None:
        """Draw the candidates afresh by weight when the weights have collapsed."""
        logw = self._logw
        top = max(logw)
        w = [math.exp(x - top) for x in logw]
        total = sum(w)
        ess = total * total / sum(x * x for x in w)
        if not force and ess >= len(w) / 2:
            return
        picks = rng.choices(range(len(w)), weights=w, k=len(w))
        self._hands = [[list(h) for h in self._hands[i]] for i in picks]
        self._ll = [list(self._ll[i]) for i in picks]
        self._logw = [0.0] * len(picks)

    def _move(self, obs: Observation, parsed: Parsed, rng: random.Random) -> None:
        """Swap moves: two cards of two places (other hands, or the cards nobody holds) swap,
        accepted with the ratio of the likelihoods (Metropolis; the deal itself is uniform)."""
        others = self._others(obs)
        known = self._known(obs)
        pool = obs.unseen_rank_counts()
        share = self.random_share
        needs = obs.unseen_hand_counts()
        places = [p for p in others if needs[p] > 0]
        if not places or not any(parsed.decisions[p] for p in places):
            return
        rest_n = sum(pool) - sum(needs[p] for p in places)
        if rest_n > 0:
            places.append(-1)
        if len(places) < 2:
            return
        decisions = parsed.decisions
        pause = self.pause
        for i, hands in enumerate(self._hands):
            if pause is not None:
                pause()
            ll = self._ll[i]
            for _ in range(self.moves):
                a, b = rng.sample(places, 2)
                ra = self._pick(a, hands, known, pool, needs, rest_n, rng)
                rb = self._pick(b, hands, known, pool, needs, rest_n, rng)
                if ra == rb:
                    continue
                new_a: Terms | None = NO_TERMS
                new_b: Terms | None = NO_TERMS
                gain = 0.0
                if a >= 0:
                    before = list(hands[a])
                    hands[a][ra] -= 1
                    hands[a][rb] += 1
                    new_a = updated_terms(decisions[a], ll[a], before, hands[a], ra, rb, share)
                    gain += total_loglik([new_a]) - total_loglik([ll[a]])
                if b >= 0:
                    before = list(hands[b])
                    hands[b][rb] -= 1
                    hands[b][ra] += 1
                    new_b = updated_terms(decisions[b], ll[b], before, hands[b], rb, ra, share)
                    gain += total_loglik([new_b]) - total_loglik([ll[b]])
                if gain >= 0 or rng.random() < math.exp(max(-50.0, gain)):
                    if a >= 0:
                        ll[a] = new_a
                    if b >= 0:
                        ll[b] = new_b
                    self._logw[i] += gain
                    continue
                if a >= 0:
                    hands[a][ra] += 1
                    hands[a][rb] -= 1
                if b >= 0:
                    hands[b][rb] += 1
                    hands[b][ra] -= 1

    @staticmethod
    def _pick(
        place: int,
        hands: list[list[int]],
        known: list[list[int]],
        pool: list[int],
        needs: Sequence[int],
        rest_n: int,
        rng: random.Random,
    ) -> int:
        """The rank of a card of ``place`` (a hand's unseen cards, or -1: the rest) at random."""
        if place >= 0:
            h, k = hands[place], known[place]
            j = rng.randrange(needs[place])
            for r in range(15):
                j -= h[r] - k[r]
                if j < 0:
                    return r
            return 0
        j = rng.randrange(rest_n)
        for r in range(15):
            held = sum(hands[p][r] - known[p][r] for p in range(len(hands)) if needs[p] > 0)
            j -= pool[r] - held
            if j < 0:
                return r
        return 0

    # ----------------------------------------------------------------- worlds
    def hands(self, rng: random.Random) -> list[list[int]]:
        """One candidate's rank counts of each hand now, drawn by weight."""
        if self._cum is None:
            top = max(self._logw)
            self._cum = list(itertools.accumulate(math.exp(x - top) for x in self._logw))
        i = rng.choices(range(len(self._cum)), cum_weights=self._cum)[0]
        return self._hands[i]

    def sample(self, rng: random.Random) -> PlayoutState:
        """A world for the last observation: a candidate's hands, the other unseen cards dealt
        at random to the face-down slots and the set-aside cards."""
        obs = cast(Observation, self.obs)
        counts = self.hands(rng)
        if self._deal is None or self._deal[0] is not obs:
            ids: list[list[int]] = [[] for _ in range(15)]
            for c in obs.unseen_ids():
                ids[RANK_OF[c]].append(c)
            self._deal = (obs, self._known(obs), ids)
        _, known, ids = self._deal
        by_rank = [rng.sample(cards, len(cards)) if len(cards) > 1 else cards for cards in ids]
        hands: list[list[int]] = [[] for _ in range(obs.n)]
        needs = obs.unseen_hand_counts()
        for p in self._others(obs):
            want = max(0, needs[p])
            for r in range(15):
                k = counts[p][r] - known[p][r]
                if k > 0:
                    hands[p].extend(by_rank[r][:k])
                    by_rank[r] = by_rank[r][k:]
            hands[p] = hands[p][:want]
        rest = [c for cards in by_rank for c in cards]
        rng.shuffle(rest)
        for p in self._others(obs):
            short = max(0, needs[p]) - len(hands[p])
            if short > 0:  # only a history that does not start at the deal gets here
                hands[p].extend(rest[:short])
                rest = rest[short:]
        down: list[list[int | None]] = [[None] * len(obs.down[p]) for p in range(obs.n)]
        pos = 0
        for p in range(obs.n):
            for s, held in enumerate(obs.down[p]):
                if held:
                    down[p][s] = rest[pos] if pos < len(rest) else None
                    pos += 1
        return obs.world(hands, down, rest[pos:])


class Sampler(Protocol):
    """Deals worlds for one decision's observation."""

    def sample(self, rng: random.Random) -> PlayoutState: ...


class PolicySampler:
    """Deals worlds for one observation from a :class:`PolicyInference` brought up to it.

    The same interface as :class:`WorldSampler` (one per decision); ``inference``
    is kept by its owner across the hand, so each decision only weighs the plays
    made since the last one.
    """

    def __init__(self, obs: Observation, inference: PolicyInference, rng: random.Random) -> None:
        self.obs = obs
        self.inference = inference
        inference.update(obs, rng)

    def sample(self, rng: random.Random) -> PlayoutState:
        return self.inference.sample(rng)


__all__ = [
    "EXACT_LIMIT",
    "MOVES",
    "PARTICLES",
    "RANDOM_SHARE",
    "TEMPERATURE",
    "PolicyInference",
    "PolicySampler",
    "Sampler",
]
