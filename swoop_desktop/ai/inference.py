"""What a player may guess from the public facts of a hand, and worlds dealt to fit the guesses.

The engine's :class:`~swoop_desktop.engine.observation.Observation` holds
facts only. From its public history (``obs.history``) this module draws two
guesses about each other player's unseen hand cards, the way a watchful
player at the table would:

- **floor** (``Guesses.floors[p]``): when ``p`` picked up the pile by playing
  a higher set (not by a flip), the pile's top was ``t`` and ``p`` had no card
  at or under ``t`` to play instead, nor a Swoop card (or chose not to use
  them). Cards only ever enter a hand by public pick-ups, so the cards of
  ``p``'s hand that nobody has seen are all higher than the largest such
  ``t``, as far as anyone can tell.
- **gaps** (``Guesses.gaps[p]``, a bitmask of ranks): when ``p`` played a set
  under the top from hand or face-up cards (not a follow-up, not a new pile),
  higher ones would also have gone on, and most players shed high cards: ``p``
  probably holds nothing between the set and the top.

Neither is a certainty. :class:`WorldSampler` deals the unseen cards with
them as strong hints (above a player's floor as far as the unseen cards
allow; a card of a rank in their gaps only with chance ``gap_weight``) and
builds each world through the engine's fact-only ``Observation.world``.
Nobody guesses about their own hand: the observing seat's entries are 0.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol, cast

from swoop_desktop.engine import RANK_OF
from swoop_desktop.engine.observation import FOLLOW, Observation, PublicEvent
from swoop_desktop.engine.playout import PlayoutState

from .scoring import flip_score as score_flip
from .scoring import safe_flip_chances, set_score

#: How likely a card of a rank a player seems to lack is dealt to them anyway.
GAP_WEIGHT = 0.2


class Guesses(NamedTuple):
    """Per player: unseen hand cards are probably above ``floors[p]`` and probably lack
    the ranks whose bits are set in ``gaps[p]``."""

    floors: tuple[int, ...]
    gaps: tuple[int, ...]


def fold(history: Sequence[PublicEvent], n: int) -> tuple[list[int], list[int]]:
    """Floors and gaps of all ``n`` players from a hand's public events, from scratch."""
    floors, gaps = [0] * n, [0] * n
    _fold(history, 0, floors, gaps, 0)
    return floors, gaps


def _fold(
    history: Sequence[PublicEvent], start: int, floors: list[int], gaps: list[int], top: int
) -> int:
    """Fold ``history[start:]`` into ``floors`` and ``gaps`` (in place).

    ``top`` is the rank on top of the pile after ``history[:start]`` (0 when
    empty); the top after all of ``history`` is returned.
    """
    for i in range(start, len(history)):
        ev = history[i]
        kind = ev.kind
        if kind == "played":
            r = ev.ranks[0]
            if (
                top
                and r < top
                and not ev.new_pile
                and not ev.follow
                and not any(z.startswith("down") for z in ev.zones)
            ):
                p = ev.player
                for q in range(r + 1, top + 1):
                    gaps[p] |= 1 << q
            top = r
        elif kind == "picked_up":
            _note_floor(history[i - 1] if i else None, ev, floors)
            top = 0
        elif kind == "swooped":
            top = 0
    return top


def _note_floor(last: PublicEvent | None, pick: PublicEvent, floors: list[int]) -> None:
    """What the pick-up ``pick`` (just after ``last``) says about the picker's unseen cards."""
    p = pick.player
    ranks = pick.ranks
    if last is not None and last.player == p and last.kind == "flipped":
        return  # new_pile order: a flipped card forced it, not the hand
    if last is not None and last.player == p and last.kind == "played":
        # take_all order: the set went on the pile first, then everything was taken.
        if any(z.startswith("down") for z in last.zones):
            return
        below = ranks[: len(ranks) - len(last.ranks)]
    else:
        below = ranks  # new_pile order: the pile is taken before the new set is shown
    if below and below[-1] > floors[p]:
        floors[p] = below[-1]


# Folds already made, by the identity of a history's last event: the history, its
# player count, floors, gaps and the top after it. A search asks for one
# observation's guesses many times, and each new observation's history extends
# an earlier one by a few events, so only those are folded.
_Entry = tuple[tuple[PublicEvent, ...], int, list[int], list[int], int]
_FOLDS: dict[int, _Entry] = {}
_FOLDS_MAX = 512
_LOOK_BACK = 24  # events a new history may add to a cached one and still resume from it


def guesses(obs: Observation) -> Guesses:
    """The floors and gaps ``obs.seat`` may guess for every player (0 for itself)."""
    history = obs.history
    n = obs.n
    m = len(history)
    floors: list[int] | None = None
    for j in range(m, max(0, m - _LOOK_BACK), -1):
        hit = _FOLDS.get(id(history[j - 1]))
        if hit is not None and hit[1] == n and len(hit[0]) == j and hit[0] == history[:j]:
            floors, gaps, top = hit[2], hit[3], hit[4]
            if j < m:
                floors, gaps = floors[:], gaps[:]
                top = _fold(history, j, floors, gaps, top)
                _remember(history, n, floors, gaps, top)
            break
    if floors is None:
        floors, gaps = [0] * n, [0] * n
        top = _fold(history, 0, floors, gaps, 0)
        if m:
            _remember(history, n, floors, gaps, top)
    seat = obs.seat
    if floors[seat] or gaps[seat]:
        floors, gaps = floors[:], gaps[:]
        floors[seat] = gaps[seat] = 0
    return Guesses(tuple(floors), tuple(gaps))


def _remember(
    history: tuple[PublicEvent, ...], n: int, floors: list[int], gaps: list[int], top: int
) -> None:
    if len(_FOLDS) >= _FOLDS_MAX:
        _FOLDS.clear()
    # The entry holds the history, so the id of its last event is not reused meanwhile.
    _FOLDS[id(history[-1])] = (history, n, floors, gaps, top)


class WorldSampler:
    """Deals worlds for one observation, guided by its :func:`guesses`; one per decision.

    Each :meth:`sample` shuffles the unseen cards, then deals the other hands
    (players with the highest floor first, then the most gaps): a card goes to
    a player with a floor only above it and never a Swoop card, and a card of a
    rank in their gaps only with chance ``gap_weight`` (1 or more: gaps are
    ignored), as far as the unseen cards allow; what is still short is filled
    from the rest. Then the face-down slots, then the set-aside cards.
    """

    def __init__(
        self, obs: Observation, gap_weight: float = GAP_WEIGHT, guessed: Guesses | None = None
    ) -> None:
        self.obs = obs
        self.gap_weight = gap_weight
        g = guesses(obs) if guessed is None else guessed
        self.guesses = g
        self._pool = obs.unseen_ids()
        self._needs = obs.unseen_hand_counts()
        self._swoop = [obs.rules.is_swoop_rank(r) for r in range(15)]
        others = [p for p in range(obs.n) if p != obs.seat]
        self._order = sorted(others, key=lambda q: (-g.floors[q], -g.gaps[q].bit_count()))
        self._slots = [(p, s) for p in range(obs.n) for s, held in enumerate(obs.down[p]) if held]

    def sample(self, rng: random.Random) -> PlayoutState:
        """One world consistent with the observation, dealt as the class says."""
        obs = self.obs
        pool = list(self._pool)
        rng.shuffle(pool)
        gap_weight = self.gap_weight
        swoop = self._swoop
        floors, all_gaps = self.guesses.floors, self.guesses.gaps
        hands: list[list[int]] = [[] for _ in range(obs.n)]
        for p in self._order:
            need = max(0, self._needs[p])  # a negative count is refused by Observation.world
            floor = floors[p]
            gaps = all_gaps[p] if gap_weight < 1 else 0
            picked: list[int] = []
            if floor or gaps:
                rest: list[int] = []
                for c in pool:
                    r = RANK_OF[c]
                    if (
                        len(picked) < need
                        and (not floor or (r > floor and not swoop[r]))
                        and (not (gaps >> r) & 1 or rng.random() < gap_weight)
                    ):
                        picked.append(c)
                    else:
                        rest.append(c)
                pool = rest
            short = need - len(picked)
            if short:
                picked.extend(pool[:short])
                pool = pool[short:]
            hands[p] = picked
        down: list[list[int | None]] = [[None] * len(obs.down[p]) for p in range(obs.n)]
        pos = 0
        for p, s in self._slots:
            # (a pool too short for the slots is refused by Observation.world)
            down[p][s] = pool[pos] if pos < len(pool) else None
            pos += 1
        return obs.world(hands, down, pool[pos:])


def determinize(
    obs: Observation, rng: random.Random, gap_weight: float = GAP_WEIGHT
) -> PlayoutState:
    """One world for ``obs``, dealt by a :class:`WorldSampler` (build one to deal many)."""
    return WorldSampler(obs, gap_weight).sample(rng)


# --------------------------------------------------------------------------
# Policy-based inference: worlds weighted by how likely each player's plays were.
#
# A watcher who knows how people play reads more than floors and gaps: every
# play an opponent made was one choice among the plays their hand allowed,
# and some hands make that choice far likelier than others. PolicyInference
# keeps a set of candidate hands for the other players (their rank counts;
# suits never matter) across the hand. Each one is weighted by the
# likelihood of every public decision of its players under an opponent
# model: the normal bot's main feature scores of the choices that hand
# allowed, through a softmax of temperature ``temperature``, mixed with a
# share ``random_share`` of uniformly random play, so that an odd play (a
# person's) never rules a hand out. Rules facts are certain and do rule
# hands out: a flip or new pile that fitted with no follow-up offered means
# (R12) no other card of that rank in hand; a follow-up offered and declined
# means at least one was held, unless a face-up card explains the offer.
#
# After each new play the candidates are carried forward (cards shown going
# into or out of a hand change their counts), re-weighted by the new
# decisions, resampled when the weights collapse and moved by swap moves
# (Metropolis: two cards of two places change places, accepted by the ratio
# of likelihoods) so they do not all become copies of one. When none fits
# any more, fresh candidates are dealt. Face-down and set-aside cards are
# dealt afresh for each world. Only the observation's public history is read.

#: The opponent model: softmax temperature on the normal bot's feature scores.
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

_HMAX = 10  # count tables cover 0..9 cards of a rank in one hand (more count as 9)


def _ref(scores: Sequence[float | None]) -> float:
    """The largest score short of going out (so the ordinary choices do not all underflow)."""
    return max([s for s in scores if s is not None and s < 500.0], default=0.0)


def _exp(x: float) -> float:
    return math.exp(x if x < 700.0 else 700.0)


_NEVER = -1e9  # log-likelihood of a hand the rules rule out


class _Pile:
    """The public pile, as ranks: enough for the features of a decision."""

    __slots__ = ("ranks", "run", "top")

    def __init__(self) -> None:
        self.ranks: list[int] = []
        self.top = 0
        self.run = 0

    def put(self, ranks: Sequence[int], new: bool) -> None:
        if new:
            self.ranks = []
            self.top = self.run = 0
        for r in ranks:
            self.run = self.run + 1 if (self.ranks and r == self.top) else 1
            self.top = r
            self.ranks.append(r)

    def clear(self) -> None:
        self.ranks = []
        self.top = self.run = 0


# A compiled decision of one player: (kind, event index, delta, data...).
# ``delta`` turns the player's hand now (rank counts) into their hand then.
_PLAY, _FOLLOW, _ZERO = 0, 1, 2


class _Model:
    """The opponent model's scores, from the normal bot's weights (see RolloutPolicy)."""

    def __init__(self, weights: dict[str, float], obs: Observation, temperature: float) -> None:
        self.w = weights
        rules = obs.rules
        self.rules = rules
        self.t = max(1e-6, temperature)
        self.swoop = [rules.is_swoop_rank(r) for r in range(15)]
        self.points = [rules.card_points(r) if r else 0 for r in range(15)]
        self.p_safe = safe_flip_chances(rules, obs.unseen_rank_counts())
        self.new_pile = rules.pickup == "new_pile"

    def set_score(
        self,
        r: int,
        k: int,
        kept: int,
        n_up: int,
        pile: _Pile,
        pile_pts: float,
        danger: float,
        non_pickup: bool,
        left: int,
    ) -> float:
        """The score of putting ``k`` cards of rank ``r`` (``n_up`` of them face-up) on ``pile``
        (the play-outs' own :func:`~.scoring.set_score`; going out scores ``out``)."""
        if k == left:
            return self.w["out"]
        return set_score(
            self.w,
            self.points,
            self.swoop[r],
            r,
            k,
            kept,
            n_up,
            len(pile.ranks),
            pile.top,
            pile.run,
            pile_pts / 10,
            danger,
            non_pickup,
            self.new_pile,
        )

    def room(self, r: int, pile: _Pile) -> int:
        """How many cards of rank ``r`` a set may hold on ``pile`` (the engine's rule)."""
        return self.rules.room(r, pile.top if pile.ranks else 0, pile.run)


def _zone_up(z: str) -> int:
    return int(z[2:]) if z.startswith("up") else -1


class _Parsed(NamedTuple):
    """The public decisions of each player, compiled for fast likelihoods."""

    decisions: list[list[tuple[object, ...]]]  # per player
    keys: list[set[tuple[int, int]]]  # per player: (kind, index) of each decision


_Cache = dict[tuple[int, int, int], tuple[object, ...]]


def _parse(obs: Observation, model: _Model, cache: _Cache | None = None) -> _Parsed:
    """Every public decision of every other player, with what it allows per hand.

    Walks the history forward for the pile, then backward from the
    observation for each player's face-up cards, face-down slots, cards left
    and the change of their hand since then.
    """
    history = obs.history
    n = obs.n
    m = len(history)
    rules = model.rules
    offers = set(obs.offers)
    # Forward: the pile before each event.
    piles: list[tuple[list[int], int, int]] = []
    pile = _Pile()
    for ev in history:
        piles.append((list(pile.ranks), pile.top, pile.run))
        if ev.kind == "played":
            pile.put(ev.ranks, ev.new_pile)
        elif ev.kind in ("picked_up", "swooped"):
            pile.clear()
    piles.append((list(pile.ranks), pile.top, pile.run))
    # What is decided where: (kind, player, before_index, extra)
    wanted: dict[int, list[tuple[int, int, tuple[object, ...]]]] = {}  # state index -> asks

    def ask(at: int, kind: int, p: int, extra: tuple[object, ...]) -> None:
        wanted.setdefault(at, []).append((kind, p, extra))

    chain = rules.mystery_chain
    for i, ev in enumerate(history):
        p = ev.player
        if p == obs.seat:
            continue
        nxt = history[i + 1] if i + 1 < m else None
        if ev.kind == "flipped":
            ask(i, _PLAY, p, ("flip", i))
        elif ev.kind == "picked_up":
            if (
                nxt is not None
                and nxt.kind == "played"
                and nxt.player == p
                and nxt.new_pile
                and not any(z.startswith("down") for z in nxt.zones)
                and not (i and history[i - 1].kind == "flipped" and history[i - 1].player == p)
            ):
                ask(i, _PLAY, p, ("set", nxt))
        elif ev.kind == "played":
            flip = any(z.startswith("down") for z in ev.zones)
            if ev.follow:
                ask(i, _FOLLOW, p, ("add", ev))
            elif not flip and not ev.new_pile:
                ask(i, _PLAY, p, ("set", ev))
            if ev.follow:
                continue
            r = ev.ranks[0]
            if i in offers:
                if nxt is None:
                    deciding = obs.to_move == p and obs.phase == FOLLOW
                    if not deciding:  # declined just now (an end shows no event)
                        ask(i + 1, _FOLLOW, p, ("end", r))
                elif not (nxt.kind == "played" and nxt.follow and nxt.player == p):
                    ask(i + 1, _FOLLOW, p, ("end", r))
                continue
            if model.swoop[r]:
                continue
            if nxt is not None and nxt.kind in ("swooped", "out") and nxt.player == p:
                continue  # (a swoop or going out shows at once, in the same play's events)
            if flip and not ev.new_pile and not chain:
                ask(i + 1, _ZERO, p, (r,))
            elif ev.new_pile and rules.match_after_pickup and rules.pickup == "new_pile":
                ask(i + 1, _ZERO, p, (r,))
    # Backward from now: hands' change, face-up cards, face-down slots, cards left.
    up = [[RANK_OF[c] if c is not None else 0 for c in obs.up[p]] for p in range(n)]
    down = [list(obs.down[p]) for p in range(n)]
    left = [obs.cards_left(p) for p in range(n)]
    delta = [[0] * 15 for _ in range(n)]
    decisions: list[list[tuple[object, ...]]] = [[] for _ in range(n)]
    keys: list[set[tuple[int, int]]] = [set() for _ in range(n)]
    for at in range(m, -1, -1):
        if at < m:
            ev = history[at]
            p = ev.player
            if ev.kind == "played":
                left[p] += len(ev.ranks)
                for r, z in zip(ev.ranks, ev.zones, strict=False):
                    if z == "hand":
                        delta[p][r] += 1
                    elif z.startswith("up"):
                        up[p][int(z[2:])] = r
                    elif z.startswith("down"):
                        down[p][int(z[4:])] = True
            elif ev.kind == "picked_up":
                left[p] -= len(ev.ranks)
                for r in ev.ranks:
                    delta[p][r] -= 1
        for kind, p, extra in wanted.get(at, ()):
            ranks, top, run = piles[at]
            before = _Pile()
            before.ranks, before.top, before.run = ranks, top, run
            d = tuple(delta[p])
            key = (p, kind, at)
            hit = cache.get(key) if cache is not None else None
            if hit is not None:
                compiled: tuple[object, ...] | None = (
                    (hit[0], d, *hit[2:]) if cast(int, hit[0]) >= 0 else None
                )
            else:
                compiled = _compile(model, kind, extra, before, d, up[p], down[p], left, p, n)
                if cache is not None:
                    cache[key] = compiled if compiled is not None else (-1,)
            if compiled is not None:
                decisions[p].append(compiled)
                keys[p].add((kind, at))
    return _Parsed(decisions, keys)


def _compile(
    model: _Model,
    kind: int,
    extra: tuple[object, ...],
    pile: _Pile,
    delta: tuple[int, ...],
    up_slots: list[int],
    down: list[bool],
    left: list[int],
    p: int,
    n: int,
) -> tuple[object, ...] | None:
    """One decision as tables of exp(score / T) by how many cards of a rank the hand held."""
    if kind == _ZERO:
        return (_ZERO, delta, extra[0])
    u = [0] * 15
    for r in up_slots:
        if r:
            u[r] += 1
    t = model.t
    pile_pts = float(sum(model.points[r] for r in pile.ranks))
    my_left = left[p]
    if kind == _FOLLOW:
        what = extra[0]
        r = cast(int, extra[1]) if what == "end" else cast(PublicEvent, extra[1]).ranks[0]
        room = model.room(r, pile)
        if room <= 0:
            return None
        # Add the most that fits (the model's choice) or end; the observed add may be smaller.
        scores = []
        for h in range(_HMAX):
            mine = h + u[r]
            k = min(room, mine)
            n_up = min(u[r], k)
            scores.append(
                model.set_score(r, k, mine - k, n_up, pile, pile_pts, 0.0, True, my_left)
                if k
                else None
            )
        end = model.w["end"]
        obs_scores: list[float | None]
        if what == "end":
            obs_scores = [end] * _HMAX
        else:
            ev = cast(PublicEvent, extra[1])
            k = len(ev.ranks)
            n_up = sum(1 for z in ev.zones if z.startswith("up"))
            obs_scores = [
                model.set_score(r, k, h + u[r] - k, n_up, pile, pile_pts, 0.0, True, my_left)
                for h in range(_HMAX)
            ]
        ref = max(
            [end] + [s for s in scores if s is not None] + [s for s in obs_scores if s is not None]
        )
        table = []
        for h in range(_HMAX):
            sa = scores[h]
            so = obs_scores[h]
            if sa is None:
                table.append(-1.0)  # nothing to add: no offer would have been made
                continue
            ea = _exp((sa - ref) / t)
            ee = _exp((end - ref) / t)
            eo = _exp((cast(float, so) - ref) / t)
            den, opts = ea + ee, 2
            if what != "end" and so != sa:
                den += eo
                opts += 1
            table.append(eo / den if den > 0 else 0.0)
        return (_FOLLOW, delta, r, table)
    # A play: every rank held, a flip if a slot is uncovered; the observed choice.
    what = extra[0]
    can_flip = any(up_slots[s] == 0 and down[s] for s in range(len(down)))
    nearest = min((left[(p + i) % n] for i in range(1, n)), default=99)
    danger = (6 - nearest) / 5.0 if nearest < 6 else 0.0
    top = pile.top
    pile_n = len(pile.ranks)
    flip_score = None
    if can_flip:
        flip_score = score_flip(model.w, model.p_safe[top if pile_n else 0], pile_n)
    if what == "flip" and flip_score is None:
        return None
    # Whether a set would go on the pile (no pick-up) decides the Swoop card's "dodge":
    # certain when a face-up card goes under the top, otherwise it depends on the hand.
    low: tuple[int, ...] = ()
    if pile_n and not any(u[r] for r in range(1, top + 1) if not model.swoop[r]):
        low = tuple(r for r in range(1, top + 1) if not model.swoop[r])
    fits = _variant(model, what, extra, pile, pile_pts, u, danger, True, my_left, flip_score)
    dodge = (
        _variant(model, what, extra, pile, pile_pts, u, danger, False, my_left, flip_score)
        if pile_n
        else fits
    )
    obs_r = 0 if what == "flip" else cast(PublicEvent, extra[1]).ranks[0]
    return (_PLAY, delta, obs_r, low, fits, dodge)


def _variant(
    model: _Model,
    what: object,
    extra: tuple[object, ...],
    pile: _Pile,
    pile_pts: float,
    u: list[int],
    danger: float,
    non_pickup: bool,
    my_left: int,
    flip_score: float | None,
) -> tuple[object, ...]:
    """The tables of a play decision for one value of "a set would go on the pile"."""
    t = model.t
    rows: list[tuple[int, list[float]]] = []
    all_scores: list[float] = []
    per_rank: list[list[float | None]] = [[] for _ in range(15)]
    for r in range(1, 15):
        room = model.room(r, pile)
        for h in range(_HMAX):
            mine = h + u[r]
            if not mine:
                per_rank[r].append(None)
                continue
            k = 1 if model.swoop[r] else min(room, mine)
            if k <= 0:
                per_rank[r].append(None)
                continue
            n_up = (0 if h else 1) if model.swoop[r] else min(u[r], k)
            sc = model.set_score(r, k, mine - k, n_up, pile, pile_pts, danger, non_pickup, my_left)
            per_rank[r].append(sc)
            all_scores.append(sc)
    obs_r = 0
    if what == "flip":
        obs_row = [cast(float, flip_score)] * _HMAX
    else:
        ev = cast(PublicEvent, extra[1])
        obs_r = ev.ranks[0]
        k = len(ev.ranks)
        n_up = sum(1 for z in ev.zones if z.startswith("up"))
        obs_row = [
            model.set_score(
                obs_r, k, h + u[obs_r] - k, n_up, pile, pile_pts, danger, non_pickup, my_left
            )
            for h in range(_HMAX)
        ]
    ref = _ref([*all_scores, *obs_row, flip_score])
    base = _exp((flip_score - ref) / t) if flip_score is not None else 0.0
    base_n = 1 if flip_score is not None else 0
    by_rank: list[list[float] | None] = [None] * 15
    for r in range(1, 15):
        row = [_exp((s - ref) / t) if s is not None else -1.0 for s in per_rank[r]]
        if any(x >= 0 for x in row):
            rows.append((r, row))
            by_rank[r] = row
    num = [_exp((s - ref) / t) for s in obs_row]
    same: list[bool]
    if what == "flip":
        same = [True] * _HMAX  # the flip is already among the options
    else:
        same = [per_rank[obs_r][h] == obs_row[h] for h in range(_HMAX)]
    return (rows, base, base_n, num, same, by_rank)


def _loglik(decisions: Sequence[tuple[Any, ...]], hand: list[int], share: float) -> float:
    """The log-likelihood of a player's ``decisions`` if they hold ``hand`` (rank counts) now."""
    total = 0.0
    keep = 1.0 - share
    top = _HMAX - 1
    log = math.log
    for dec in decisions:
        kind = dec[0]
        d = dec[1]
        if kind == _PLAY:
            o, low, variant = dec[2], dec[3], dec[4]
            if low:
                for r in low:
                    if hand[r] + d[r] > 0:
                        break
                else:
                    variant = dec[5]
            rows, den, opts, num, same, _ = variant
            for r, row in rows:
                h = hand[r] + d[r]
                if h < 0:
                    return _NEVER
                e = row[h] if h < top else row[top]
                if e >= 0.0:
                    den += e
                    opts += 1
            h = hand[o] + d[o] if o else 0
            if h > top:
                h = top
            e = num[h]
            if not same[h]:
                den += e
                opts += 1
            total += log(keep * (e / den if den > 0 else 0.0) + share / opts)
        elif kind == _FOLLOW:
            r = dec[2]
            h = hand[r] + d[r]
            if h < 0:
                return _NEVER
            prob = dec[3][h if h < top else top]
            if prob < 0.0:
                return _NEVER  # an offer with nothing to add
            total += log(keep * prob + share * 0.5)
        elif hand[dec[2]] + d[dec[2]] != 0:  # _ZERO: R12, nothing of that rank was held
            return _NEVER
    return total


_Terms = tuple[list[float], list[float], list[int], list[int]]  # log terms, dens, opts, variants


def _terms(decisions: Sequence[tuple[Any, ...]], hand: list[int], share: float) -> _Terms | None:
    """Each decision's log-likelihood term for ``hand``, with what :func:`_swapped` reuses;
    None when the rules rule the hand out. (``_loglik`` is the sum of the terms.)"""
    n = len(decisions)
    terms, dens, opts, variants = [0.0] * n, [0.0] * n, [0] * n, [0] * n
    for j, dec in enumerate(decisions):
        got = _term(dec, hand, share, None)
        if got is None:
            return None
        terms[j], dens[j], opts[j], variants[j] = got
    return terms, dens, opts, variants


def _term(
    dec: tuple[Any, ...],
    hand: list[int],
    share: float,
    old: tuple[float, int, int, list[int], int, int] | None,
) -> tuple[float, float, int, int] | None:
    """One decision's (log term, den, opts, variant) for ``hand``; None if ruled out.

    ``old`` (den, opts, variant, old hand, rank a, rank b) lets a play decision whose
    variant did not change update its sum over ranks for the two ranks that moved.
    """
    kind = dec[0]
    d = dec[1]
    top = _HMAX - 1
    if kind == _PLAY:
        o, low = dec[2], dec[3]
        var = 0
        if low:
            var = 1
            for r in low:
                if hand[r] + d[r] > 0:
                    var = 0
                    break
        variant = dec[5] if var else dec[4]
        rows, base, base_n, num, same, by_rank = variant
        fast = old is not None and old[2] == var
        if old is not None and fast:
            den, opts = old[0], old[1]
            before = old[3]
            removed = 0.0
            for r in (old[4], old[5]):
                row = by_rank[r]
                if row is None:
                    continue
                h0 = before[r] + d[r]
                h1 = hand[r] + d[r]
                if h1 < 0:
                    return None
                e0 = row[h0 if h0 < top else top]
                e1 = row[h1 if h1 < top else top]
                if e0 >= 0.0:
                    den -= e0
                    opts -= 1
                    removed = max(removed, e0)
                if e1 >= 0.0:
                    den += e1
                    opts += 1
            fast = den > removed * 1e-9  # else too much was cancelled: add up afresh
        if not fast:
            den, opts = base, base_n
            for r, row in rows:
                h = hand[r] + d[r]
                if h < 0:
                    return None
                e = row[h if h < top else top]
                if e >= 0.0:
                    den += e
                    opts += 1
        h = hand[o] + d[o] if o else 0
        if h > top:
            h = top
        e = num[h]
        full, n_opts = den, opts
        if not same[h]:
            full += e
            n_opts += 1
        keep = 1.0 - share
        return math.log(keep * (e / full if full > 0 else 0.0) + share / n_opts), den, opts, var
    r = dec[2]
    h = hand[r] + d[r]
    if kind == _FOLLOW:
        if h < 0:
            return None
        prob = dec[3][h if h < top else top]
        if prob < 0.0:
            return None  # an offer with nothing to add
        return math.log((1.0 - share) * prob + share * 0.5), 0.0, 0, 0
    if h != 0:  # _ZERO: R12, nothing of that rank was held
        return None
    return 0.0, 0.0, 0, 0


def _swapped(
    decisions: Sequence[tuple[Any, ...]],
    old: _Terms,
    before: list[int],
    hand: list[int],
    ra: int,
    rb: int,
    share: float,
) -> _Terms | None:
    """:func:`_terms` of ``hand``, which differs from ``before`` only at ranks ``ra`` and ``rb``."""
    terms, dens, opts, variants = list(old[0]), list(old[1]), list(old[2]), list(old[3])
    for j, dec in enumerate(decisions):
        kind = dec[0]
        if kind != _PLAY and dec[2] != ra and dec[2] != rb:
            continue
        got = _term(dec, hand, share, (dens[j], opts[j], variants[j], before, ra, rb))
        if got is None:
            return None
        terms[j], dens[j], opts[j], variants[j] = got
    return terms, dens, opts, variants


_NO_TERMS: _Terms = ([], [], [], [])


def _total(terms: Sequence[_Terms | None]) -> float:
    """The log-likelihood of the players' terms (very low when the rules rule a hand out)."""
    total = 0.0
    for t in terms:
        total += _NEVER if t is None else sum(t[0])
    return total


def _update(
    decisions: Sequence[tuple[Any, ...]],
    old: _Terms | None,
    before: list[int],
    hand: list[int],
    ra: int,
    rb: int,
    share: float,
) -> _Terms | None:
    """The terms of ``hand`` (``before`` with a card of rank ``ra`` swapped for one of ``rb``)."""
    if old is None:
        return _terms(decisions, hand, share)
    return _swapped(decisions, old, before, hand, ra, rb, share)


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
        self._ll: list[list[_Terms | None]] = []  # per candidate, per player: likelihood terms
        self._logw: list[float] = []
        self._parsed: _Parsed | None = None
        self._model: _Model | None = None
        self._cache: _Cache = {}  # compiled decisions of this hand (their tables never change)
        # The last observation's known cards and unseen card ids by rank, for dealing worlds.
        self._deal: tuple[Observation, list[list[int]], list[list[int]]] | None = None
        self._cum: list[float] | None = None  # cumulative weights of the candidates
        # Called after each candidate's moves when set (a bot thinking on the table's
        # worker thread hands the interpreter back to the frame loop, as its search does).
        self.pause: Callable[[], None] | None = None
        # True while the candidates are every possible placing (see EXACT_LIMIT).
        self.exact = False

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
        model = _Model(self.weights, obs, self.temperature)
        parsed = _parse(obs, model, self._cache)
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

    def _fresh(self, obs: Observation, parsed: _Parsed, rng: random.Random) -> None:
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
            self._logw.append(_total(terms))
        self._resample(rng, force=True)

    def _weigh_all(
        self, obs: Observation, parsed: _Parsed, placings: list[tuple[list[list[int]], float]]
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
            self._logw.append(prior + _total(terms))

    def _all_terms(
        self, obs: Observation, parsed: _Parsed, hands: list[list[int]]
    ) -> list[_Terms | None]:
        share = self.random_share
        return [
            _terms(parsed.decisions[p], hands[p], share) if p != obs.seat else _NO_TERMS
            for p in range(obs.n)
        ]

    def _propose(self, obs: Observation, parsed: _Parsed, rng: random.Random) -> list[list[int]]:
        """Rank counts of each other hand now: known cards plus unseen ones dealt at random,
        none of a rank the rules say a player lacks (as far as the unseen cards allow)."""
        known = self._known(obs)
        needs = obs.unseen_hand_counts()
        caps = [[99] * 15 for _ in range(obs.n)]
        for p in self._others(obs):
            for dec in parsed.decisions[p]:
                if dec[0] == _ZERO:
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

    def _carry(self, obs: Observation, parsed: _Parsed, rng: random.Random) -> None:
        """Move the candidates to ``obs``: new hand counts, new decisions weighed."""
        old = cast(Observation, self.obs)
        old_parsed = cast(_Parsed, self._parsed)
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
                    got = _terms(parsed.decisions[p][:fresh], hands[p], share)
                    was = ll[p]
                    if got is None or was is None:
                        ll[p] = _terms(parsed.decisions[p], hands[p], share)
                        self._logw[i] = _NEVER
                        continue
                    ll[p] = (got[0] + was[0], got[1] + was[1], got[2] + was[2], got[3] + was[3])
                    self._logw[i] += sum(got[0])
                if self._logw[i] > _NEVER / 2:
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

    def _move(self, obs: Observation, parsed: _Parsed, rng: random.Random) -> None:
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
                new_a: _Terms | None = _NO_TERMS
                new_b: _Terms | None = _NO_TERMS
                gain = 0.0
                if a >= 0:
                    before = list(hands[a])
                    hands[a][ra] -= 1
                    hands[a][rb] += 1
                    new_a = _update(decisions[a], ll[a], before, hands[a], ra, rb, share)
                    gain += _total([new_a]) - _total([ll[a]])
                if b >= 0:
                    before = list(hands[b])
                    hands[b][rb] -= 1
                    hands[b][ra] += 1
                    new_b = _update(decisions[b], ll[b], before, hands[b], rb, ra, share)
                    gain += _total([new_b]) - _total([ll[b]])
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
    "GAP_WEIGHT",
    "MOVES",
    "PARTICLES",
    "RANDOM_SHARE",
    "TEMPERATURE",
    "Guesses",
    "PolicyInference",
    "PolicySampler",
    "Sampler",
    "WorldSampler",
    "determinize",
    "fold",
    "guesses",
]
