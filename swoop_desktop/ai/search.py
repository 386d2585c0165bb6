"""The hard bot: determinized sampling search that plays for the match.

For each decision it deals the cards it cannot see in ways consistent with
its observation (cards known from public pick-ups stay with their holder),
tries its best few candidate actions (by the normal bot's scores) in each
such world and plays on to the end of the hand with a quick greedy policy
for everyone. A play-out is worth what the hand's points (R15: what each
player is caught holding, pick-ups included) do to its chance of winning
the whole game: they are added to the running totals, and the totals are
judged against the target (R16) by :func:`match_value` - a leader gains by
ending the game, a player far behind by a big swing, and near the target a
safe hand counts for more than a fast one. Candidates share worlds (common
random numbers) and are thinned by successive halving; the normal choice
is kept unless another beats it by a standard error.

The work is a fixed number of worlds (default :data:`DEFAULT_WORLDS`), the
same on any machine; the clock is only a safety cap. With one legal action
it does not search at all.

The worlds it plays are dealt from the observation by
:class:`~.floors.WorldSampler` (the unseen cards placed at random, guided
by what the public history suggests) and built by the engine's fact-only
``Observation.world``; it never sees the real deal (the ``peek`` hook exists
for the tournament's upper-bound benchmark only).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import ClassVar, cast

from swoop_desktop.engine import RANK_OF, Action, Add, Flip, Play, Rules
from swoop_desktop.engine.observation import CHAIN, FOLLOW, Observation
from swoop_desktop.engine.playout import OVER, PlayoutState

from .bots import NormalBot, action_rank
from .features import weights_for
from .floors import GAP_WEIGHT, WorldSampler
from .inference import (
    MOVES,
    PARTICLES,
    TEMPERATURE,
    PolicyInference,
    PolicySampler,
    Sampler,
)
from .scoring import flip_score, safe_flip_chances, set_score

#: Worlds searched per decision at the table. 72, not 48: paired against the real hands,
#: 72 worlds choose better by 0.12 +- 0.05 points of margin a decision (96: 0.14 +- 0.05),
#: and a decision's CPU p95 stays under 300 ms (222 ms here; 96 worlds took 394 ms).
#: ``benchmarks/RESULTS-archive.md`` has the commands.
DEFAULT_WORLDS = 72
# Besides the chance of winning the match, each point of this hand's margin
# (own points minus the others' mean) costs this much: early in a game the
# chance barely moves with a few points, though lower totals help every later hand.
POINTS_WEIGHT = 0.002
#: Worlds every candidate plays before the worse half is first dropped (successive
#: halving; again at twice as many). 8, not 4: halving after four worlds dropped good
#: candidates on noise. Paired against the real hands over three deal seeds, 8 chooses
#: better by 0.17 +- 0.05 points of margin a decision, for 12% more play-outs (CPU p95
#: 251 ms; 16 was as good or better but took 332 ms). ``benchmarks/RESULTS-archive.md``.
HALVE_FROM = 8
DEFAULT_BUDGET_MS = 400.0
#: What a play-out costs besides its steps (the clone, the evaluation), in steps.
PLAYOUT_STEPS = 8
#: The hard level's work in play-out steps: past :data:`DEFAULT_WORLDS` worlds, a decision
#: whose play-outs are short (late in a hand) goes on dealing worlds until its play-outs
#: have taken this many steps. The slowest decisions (a hand's first plays, about 11,400
#: steps at 72 worlds) are unchanged, so the CPU p95 stays (145-172 ms here); the mean
#: decision plays about 140 worlds instead of 71. Paired against the real hands it chose
#: better by 0.084 +- 0.023 points of margin a decision over five deal seeds (6,776
#: decisions, every seed better). ``benchmarks/RESULTS.md``, "The hard opponent's work in
#: play-out steps".
STEP_BUDGET = 10_000
CAP_MS = 1000.0


def _left(state: PlayoutState, p: int) -> int:
    """Cards a player still holds (hand, face-up, face-down; four slots each)."""
    return state.hand_count[p] + 8 - state.up[p].count(None) - state.down[p].count(None)


class RolloutPolicy:
    """The normal bot's main features, worked out straight from a determinized world.

    Fast enough for play-outs (a few microseconds per action): no observation
    is built; the chance that a flip fits uses the unseen-card counts of the
    root observation; ``noise`` adds a little randomness so play-outs differ.
    """

    def __init__(
        self, weights: dict[str, float], unseen: list[int], rules: Rules, noise: float = 0.3
    ) -> None:
        self.w = weights
        self.noise = noise
        # p_safe[top]: chance a flipped unseen card is a Swoop card or at most ``top``.
        self.p_safe = safe_flip_chances(rules, unseen)
        self.new_pile = rules.pickup_starts_new_pile
        self.points = [rules.card_points(r) if r else 0 for r in range(15)]

    @staticmethod
    def candidates(state: PlayoutState) -> list[Action]:
        """The engine's representatives of the legal actions (``candidate_actions``): for
        each rank the largest set allowed, one flip, in a follow-up the largest addition
        and the end. The engine owns what is legal; nothing here repeats a rule."""
        return state.candidate_actions()

    def act(self, state: PlayoutState, rng: random.Random) -> Action:
        """The policy's action for whoever is to move (from :meth:`candidates`)."""
        return self(state, self.candidates(state), rng)

    def __call__(self, state: PlayoutState, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == FOLLOW:
            biggest: Add | None = None
            for a in legal:
                if type(a) is Add and (biggest is None or a.size > biggest.size):
                    biggest = a
            return biggest if biggest is not None else legal[-1]
        if phase == CHAIN:
            return legal[0] if state.top >= 7 and type(legal[0]) is Flip else legal[-1]
        w = self.w
        p = state.to_move
        n = state.n
        hand = state.hands[p]
        up = state.up[p]
        swoop_rank = state.swoop_rank
        top = state.top
        run = state.run
        pile_n = len(state.pile)
        new_pile = self.new_pile
        left = _left(state, p)
        danger = -1.0  # worked out only when a Swoop card is among the choices
        pile_tens = -1.0  # the pile's points in tens, worked out only for a pick-up
        points = self.points
        up_ranks = [0] * 15
        for c in up:
            if c is not None:
                up_ranks[RANK_OF[c]] += 1
        non_pickup = False
        for a in legal:
            if type(a) is Play:
                r = a.hand[0] if a.hand else RANK_OF[up[a.up[0]]]  # type: ignore[index]
                if not swoop_rank[r] and (not pile_n or r <= top):
                    non_pickup = True
                    break
        noise = self.noise
        best = legal[0]
        best_score = -1e18
        for a in legal:
            kind = type(a)
            if kind is Flip:
                sc = flip_score(w, self.p_safe[top if pile_n else 0], pile_n)
            else:
                a = cast(Play, a)  # a set (Play or Add; the same fields), never Flip or End here
                r = a.hand[0] if a.hand else RANK_OF[up[a.up[0]]]  # type: ignore[index]
                k = a.size
                if k == left:
                    return a  # goes out
                kept = len(hand[r]) + up_ranks[r] - k
                if swoop_rank[r]:
                    if danger < 0:
                        nearest = min(_left(state, (p + i) % n) for i in range(1, n))
                        danger = (6 - nearest) / 5.0 if nearest < 6 else 0.0
                elif pile_n and r > top and pile_tens < 0:
                    pile_tens = state_points(state, points)
                sc = set_score(
                    w,
                    points,
                    swoop_rank[r],
                    r,
                    k,
                    kept,
                    len(a.up),
                    pile_n,
                    top,
                    run,
                    pile_tens,
                    danger,
                    non_pickup,
                    new_pile,
                )
            if noise:
                sc += rng.random() * noise
            if sc > best_score:
                best, best_score = a, sc
        return best


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else -1.0


def state_points(state: PlayoutState, points: list[int]) -> float:
    """Points of the pile, in tens (the pick-up feature's scale)."""
    return sum(points[RANK_OF[c]] for c in state.pile) / 10


# How a match's totals turn into chances of winning it (R16). Measured on
# play-outs of the app rules: a hand costs a player 24 points on average
# (standard deviation 32; between two players 45), and the highest total
# rises about 35 points a hand. Between two players the chance that one ends
# lower is close to a logistic curve of the gap with scale 25 x sqrt(hands left).
HAND_SPREAD = 25.0
HAND_RISE = 35.0


def match_value(totals: Sequence[float], me: int, target: int) -> float:
    """The chance (0..1) that ``me`` wins the match with these running totals.

    When someone has reached ``target`` the game is over (R16): 1 for the sole
    lowest total, a share for a tie at the lowest (the tournament's count),
    0 otherwise. Before that, a soft share: each player's weight is
    ``exp(-total / scale)`` with a scale that shrinks as the end nears, so
    the leader gains by ending the game, a player far behind gains more from
    a big swing than from a small one, and near the target a safe hand is
    worth more than a fast one.
    """
    top = max(totals)
    low = min(totals)
    if top >= target:
        if totals[me] != low:
            return 0.0
        return 1.0 / sum(1 for t in totals if t == low)
    hands_left = max(1.0, (target - top) / HAND_RISE)
    scale = HAND_SPREAD * math.sqrt(hands_left)
    weights = [math.exp(-(t - low) / scale) for t in totals]
    return weights[me] / sum(weights)


def held_points(state: PlayoutState, p: int, points: list[int]) -> int:
    """R15: what player ``p`` would be caught holding (hand, face-up, face-down)."""
    hand = state.hands[p]
    total = 0
    for r in range(1, 15):
        if hand[r]:
            total += points[r] * len(hand[r])
    for c in state.up[p]:
        if c is not None:
            total += points[RANK_OF[c]]
    for c in state.down[p]:
        if c is not None:
            total += points[RANK_OF[c]]
    return total


def expected_points(state: PlayoutState, points: list[int]) -> list[float]:
    """Each player's points for this hand: exact once someone is out (R14, R15).

    For a play-out cut off before the end, what each player holds, discounted
    by a rough chance of going out first (fewer cards left, better chance).
    """
    n = state.n
    if state.out_player is not None:
        return [
            0.0 if p == state.out_player else float(held_points(state, p, points)) for p in range(n)
        ]
    lefts = [_left(state, p) for p in range(n)]
    shares = [math.exp(-k / 3.0) for k in lefts]
    total = sum(shares)
    return [held_points(state, p, points) * (1 - shares[p] / total) for p in range(n)]


def hand_value(
    hand: list[float],
    me: int,
    scores: Sequence[float],
    target: int,
    points_weight: float = POINTS_WEIGHT,
) -> float:
    """The match value for ``me`` of this hand's points ``hand`` on top of ``scores``.

    :func:`match_value` of the new totals, less ``points_weight`` per point of
    the hand's margin (own points minus the mean of the others').
    """
    totals = [b + h for b, h in zip(scores, hand, strict=True)]
    value = match_value(totals, me, target)
    if points_weight:
        others = [h for p, h in enumerate(hand) if p != me]
        value -= points_weight * (hand[me] - sum(others) / len(others))
    return value


def evaluate(
    state: PlayoutState,
    me: int,
    scores: list[int] | tuple[int, ...] | None = None,
    target: int | None = None,
    points_weight: float = POINTS_WEIGHT,
) -> float:
    """What the position is worth to ``me`` in the match: about a chance of winning it.

    The hand's points (R15: what each player is caught holding, pick-ups
    included) are added to the running totals ``scores`` (default: the
    state's own), then :func:`match_value` says what those totals are worth
    against ``target`` (default: the rules' target); see :func:`hand_value`.
    """
    rules = state.rules
    points = [rules.card_points(r) if r else 0 for r in range(15)]
    before = scores if scores is not None else (state.scores or [0] * state.n)
    hand = expected_points(state, points)
    return hand_value(hand, me, before, rules.target if target is None else target, points_weight)


def points_margin(state: PlayoutState, me: int) -> float:
    """The hand's points for ``me`` minus the mean of the others' (lower is better)."""
    rules = state.rules
    points = [rules.card_points(r) if r else 0 for r in range(15)]
    hand = expected_points(state, points)
    others = [h for p, h in enumerate(hand) if p != me]
    return hand[me] - sum(others) / len(others)


def _real_hands(state: PlayoutState, rng: random.Random) -> PlayoutState:
    """The referee's deal with the cards nobody knows dealt afresh (benchmark upper bound).

    Every hand is as it really is; the face-down cards and the set-aside
    cards, which no player has seen, are shuffled among themselves.
    """
    world = state.clone()
    pool = [c for p in range(world.n) for c in world.down[p] if c is not None]
    pool += world.set_aside
    rng.shuffle(pool)
    k = 0
    for p in range(world.n):
        down = world.down[p]
        for s in range(len(down)):
            if down[s] is not None:
                down[s] = pool[k]
                k += 1
    world.set_aside = pool[k:]
    return world


class HardBot(NormalBot):
    """Sampling search over the normal bot's best candidates, a fixed number of worlds.

    ``max_worlds`` worlds (default :data:`DEFAULT_WORLDS`) are the work of one
    decision, the same on any machine; ``budget_ms`` is only a safety cap on
    the clock (default :data:`DEFAULT_BUDGET_MS`, never above :data:`CAP_MS`),
    and ``use_clock=False`` drops even that, so the answer depends on nothing
    but the seed and the observation.
    """

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        personality: str | None = None,
        weights: dict[str, float] | None = None,
        budget_ms: float | None = None,
        max_worlds: int | None = None,
        candidates: int = 6,
        depth: int = 200,
        use_clock: bool = True,
        noise: float = 0.1,
        confidence: float = 1.0,
        gap_weight: float = GAP_WEIGHT,
        objective: str = "match",
        points_weight: float = POINTS_WEIGHT,
        inference: str = "policy",
        particles: int = PARTICLES,
        moves: int = MOVES,
        temperature: float = TEMPERATURE,
        halve_from: int = HALVE_FROM,
        step_budget: int | None = None,
        world_cap: int = 0,
        step_halving: int = 1,
    ) -> None:
        super().__init__(seed, personality, weights)
        self.budget_ms = min(DEFAULT_BUDGET_MS if budget_ms is None else budget_ms, CAP_MS)
        self.max_worlds = DEFAULT_WORLDS if max_worlds is None else max(1, int(max_worlds))
        self.use_clock = use_clock
        self.candidates = candidates
        # Worlds played before the candidates are first halved (then again at twice as many).
        self.halve_from = max(1, int(halve_from))
        self.depth = depth
        # Work in play-out steps (:data:`STEP_BUDGET`): when the play-outs are short (late
        # in a hand), worlds go on past ``max_worlds`` until the play-outs have taken
        # ``step_budget`` steps in all (each play-out counted PLAYOUT_STEPS more for its
        # clone and its value), at most ``world_cap`` worlds (0: four times
        # ``max_worlds``). None (the default): :data:`STEP_BUDGET` for the 72 worlds of
        # the hard level, in proportion for other worlds (a 12-world search, 1,667 steps).
        # 0: ``max_worlds`` worlds, whatever their length (the sharp and expert levels and
        # the daily deal's hard game, whose strength was measured so).
        if step_budget is None:
            step_budget = round(STEP_BUDGET * self.max_worlds / DEFAULT_WORLDS)
        self.step_budget = max(0, int(step_budget))
        self.world_cap = int(world_cap) if world_cap else 4 * self.max_worlds
        # With a step budget, halve later in proportion to the worlds the first world's
        # steps say the budget will buy (so the extra worlds go to more candidates).
        self.step_halving = bool(step_halving)
        self.last_steps = 0  # play-out steps of the last decision (for benchmarks)
        self._steps = 0
        self.noise = noise
        self.gap_weight = gap_weight  # how likely a card of a rank a player seems to lack
        self.confidence = confidence  # standard errors a candidate must beat the normal by
        self.last_worlds = 0  # worlds played in the last decision (for benchmarks)
        self.last_base: Action | None = None
        self.last_points: dict[Action, float] = {}
        self._own_points = 0.0
        if objective not in ("match", "points"):
            raise ValueError(f"objective: 'match' or 'points', got {objective!r}")
        self.objective = objective  # "points": this hand's margin only, blind to the match
        # "match": the chance of winning the game, plus this much per point of margin
        self.points_weight = points_weight
        if inference not in ("policy", "floors"):
            raise ValueError(f"inference: 'policy' or 'floors', got {inference!r}")
        # "policy": candidate hands weighed by how likely each player's plays were,
        # kept across the hand; "floors": each decision's worlds from floors and gaps only.
        self.inference = inference
        self._reader = (
            PolicyInference(weights_for(), particles, moves, temperature)
            if inference == "policy"
            else None
        )
        # Called after every play-out when set: a bot thinking on a worker thread
        # of the table passes a short sleep here, so it hands the interpreter
        # back to the frame loop often instead of holding it for a whole slice.
        self.pause = None
        # The referee's real deal, for the "same search given the real hands" upper
        # bound in benchmarks only: a callable returning the true state, or None.
        self.peek = None

    def __getstate__(self) -> dict[str, object]:
        # The pause hook belongs to the process that set it (the table's thread): a bot
        # sent to a worker process goes without it.
        state = self.__dict__.copy()
        state["pause"] = None
        return state

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        self.last_worlds = 0
        self.last_base = None  # the normal bot's choice, when a search was run
        self.last_points = {}  # candidate -> mean points it left me holding at the hand's end
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        ranked = self.scored(obs, legal)
        if ranked[0][0] >= 500:  # going out: nothing to search
            return ranked[0][1]
        cands = self.distinct(obs, ranked)
        if len(cands) == 1:
            return cands[0]
        deadline = start + self.budget_ms / 1000.0
        rng = self.rng_for(obs)
        base = cands[0]  # the normal bot's choice: kept unless search clearly beats it
        diffs: dict[Action, list[float]] = {a: [] for a in cands[1:]}
        own: dict[Action, list[float]] = {a: [] for a in cands}  # own points at the hand's end
        alive = list(cands[1:])
        me = obs.seat
        scores = list(obs.scores) if obs.scores else [0] * obs.n
        target = obs.rules.target
        worlds = 0
        policy = RolloutPolicy(self.weights, obs.unseen_rank_counts(), obs.rules, self.noise)
        sampler = self.world_sampler(obs, rng) if self.peek is None else None
        halve_at = self.halve_from
        clock = time.perf_counter
        self._steps = 0
        step_budget = self.step_budget
        world_cap = max(self.world_cap, self.max_worlds)
        while alive and (
            worlds < self.max_worlds
            or (step_budget and self._steps < step_budget and worlds < world_cap)
        ):
            if self.use_clock and clock() >= deadline:
                break
            if sampler is None:
                world = _real_hands(self.peek(), rng)
            else:
                world = sampler.sample(rng)
            seed = rng.getrandbits(32)
            state = world.clone()
            state.apply_fast(base)
            base_value = self._playout(state, me, policy, random.Random(seed), scores, target)
            own[base].append(self._own_points)
            pause = self.pause
            for a in alive:
                if pause is not None:
                    pause()
                state = world.clone()
                state.apply_fast(a)
                diffs[a].append(
                    self._playout(state, me, policy, random.Random(seed), scores, target)
                    - base_value
                )
                own[a].append(self._own_points)
            worlds += 1
            if worlds == 1 and step_budget and self.step_halving and self._steps:
                projected = min(world_cap, max(self.max_worlds, step_budget // self._steps))
                halve_at = max(halve_at, round(halve_at * projected / self.max_worlds))
            if worlds == halve_at and len(alive) > 1:
                alive.sort(key=lambda a: -_mean(diffs[a]))
                alive = alive[: max(1, len(alive) // 2)]
                halve_at *= 2
        self.last_worlds = worlds
        self.last_steps = self._steps
        self.last_base = base
        self.last_points = {a: _mean(v) for a, v in own.items() if v}
        best, best_margin = base, 0.0
        for a, d in diffs.items():
            if len(d) < 4:
                continue
            mean = _mean(d)
            spread = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
            margin = mean - self.confidence * spread
            if margin > best_margin:
                best, best_margin = a, margin
        return best

    def world_sampler(self, obs: Observation, rng: random.Random) -> Sampler:
        """What deals this decision's worlds: the policy inference, brought up to ``obs``
        (it follows the hand from one decision to the next), or floors and gaps alone."""
        if self._reader is not None:
            self._reader.pause = self.pause
            # Its own generator: one draw from ``rng`` whether or not it had work to do.
            return PolicySampler(obs, self._reader, random.Random(rng.getrandbits(64)))
        return WorldSampler(obs, self.gap_weight)

    def distinct(self, obs: Observation, ranked: list[tuple[float, Action]]) -> list[Action]:
        """The best ``candidates`` actions that differ in kind, rank or count.

        Sets of the same rank and size from different places (hand or which
        face-up slots) are near twins; searching one of each widens the search.
        """
        seen: set[tuple[object, ...]] = set()
        out: list[Action] = []
        for _, a in ranked:
            key = (type(a).__name__, action_rank(obs, a), getattr(a, "size", 0))
            if key in seen:
                continue
            seen.add(key)
            out.append(a)
            if len(out) >= self.candidates:
                break
        return out

    def _playout(
        self,
        state: PlayoutState,
        me: int,
        policy: RolloutPolicy,
        rng: random.Random,
        scores: list[int],
        target: int,
    ) -> float:
        """Play on to the end of the hand (or ``depth`` plays); the match value for ``me``."""
        steps = PLAYOUT_STEPS
        for _ in range(self.depth):
            if state.phase == OVER:
                break
            state.apply_fast(policy.act(state, rng))
            steps += 1
        self._steps += steps
        rules = state.rules
        points = [rules.card_points(r) if r else 0 for r in range(15)]
        hand = expected_points(state, points)
        self._own_points = hand[me]
        if self.objective == "points":
            others = [h for p, h in enumerate(hand) if p != me]
            return -(hand[me] - sum(others) / len(others)) / 100.0
        return hand_value(hand, me, scores, target, self.points_weight)


#: The sharp level, between normal and hard: the hard bot's search with less work (32
#: guesses at the hidden hands a decision, hard's 72), nothing else of its own. Rated by
#: whole games against hard and normal (``benchmarks/level_ratings.py``;
#: ``benchmarks/RESULTS-archive.md``, "The ladder re-rated with the shipped search" and
#: "Sharp at 32 worlds"): at 16 worlds it sat 48 points over normal and 159 under hard.
SHARP_KNOBS: dict[str, int | float] = {
    "max_worlds": 32,
    "step_budget": 0,  # rated at its fixed worlds (the step budget is the hard level's)
}

#: The expert level: the hard bot's search with more work, nothing else of its own. Its
#: knobs were picked by ``benchmarks/ai_paired.py`` against the hard bot's, decision by
#: decision on the real hands (``benchmarks/RESULTS-archive.md``, "Expert level (issue
#: 31)"). Its step budget is the hard level's in proportion to its worlds (no key here:
#: ``HardBot`` scales :data:`STEP_BUDGET` to ``max_worlds``, 22,222 steps at 160), so that
#: it never searches fewer worlds than the level below it: at a fixed 160, late in a hand
#: (40 plays on) the hard bot searched 276 worlds a decision to its 160, and the expert won
#: 16.1% of 56 whole games against three hard bots; with the budget, 25.0% of the same 56
#: (benchmarks/RESULTS.md, "The expert against today's hard bot").
EXPERT_KNOBS: dict[str, int | float] = {
    "max_worlds": 160,
    "halve_from": 12,
}


class _SearchLevel(HardBot):
    """The hard bot with a level's knobs (:attr:`KNOBS`) as its defaults.

    Its strength is its fixed work, like the hard bot's; its clock is only a safety cap,
    set at :data:`CAP_MS` so that a slower machine still plays the whole work (this
    machine's CPU p95 is well under half of it, the expert's included).
    """

    KNOBS: ClassVar[dict[str, int | float]] = {}

    def __init__(self, seed: int = 0, **options: object) -> None:
        knobs: dict[str, object] = {"budget_ms": CAP_MS, **self.KNOBS}
        # Any of the hard bot's options may be given; None (max_worlds=None, as the
        # tournament passes) keeps the level's own knob.
        knobs.update({k: v for k, v in options.items() if v is not None or k not in knobs})
        super().__init__(seed, **knobs)  # type: ignore[arg-type]


class SharpBot(_SearchLevel):
    """The hard bot's search with the sharp level's knobs (:data:`SHARP_KNOBS`)."""

    level = "sharp"
    KNOBS = SHARP_KNOBS


class ExpertBot(_SearchLevel):
    """The hard bot's search with the expert's knobs (:data:`EXPERT_KNOBS`)."""

    level = "expert"
    KNOBS = EXPERT_KNOBS


__all__ = [
    "CAP_MS",
    "DEFAULT_BUDGET_MS",
    "DEFAULT_WORLDS",
    "EXPERT_KNOBS",
    "SHARP_KNOBS",
    "STEP_BUDGET",
    "ExpertBot",
    "HardBot",
    "SharpBot",
    "RolloutPolicy",
    "hand_value",
    "evaluate",
    "match_value",
    "points_margin",
]
