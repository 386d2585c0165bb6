"""The opponent model: how likely each hand made each public decision of a hand.

Reading the public history (``obs.history``) the way the normal bot plays, every
public decision of another player becomes a table: for each count of a rank the
player might hold, how likely their choice was among the choices that hand allowed
(the normal bot's main scores, :mod:`.scoring`, through a softmax). The sizes of the
sets a hand could play come from the engine's own rule (``Rules.room``). The
likelihood functions here sum those tables for a candidate hand, and update the sum
when two cards of a hand swap ranks. :class:`~.inference.PolicyInference` keeps the
candidate hands; this module knows nothing of them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, cast

from swoop_desktop.engine import RANK_OF, FollowUp
from swoop_desktop.engine.observation import FOLLOW, Observation, PublicEvent

from .scoring import flip_score as score_flip
from .scoring import safe_flip_chances, set_score

HMAX = 10  # count tables cover 0..9 cards of a rank in one hand (more count as 9)


def _ref(scores: Sequence[float | None]) -> float:
    """The largest score short of going out (so the ordinary choices do not all underflow)."""
    return max([s for s in scores if s is not None and s < 500.0], default=0.0)


def _exp(x: float) -> float:
    return math.exp(x if x < 700.0 else 700.0)


NEVER = -1e9  # log-likelihood of a hand the rules rule out


class Pile:
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
PLAY_DECISION, FOLLOW_DECISION, ZERO_DECISION = 0, 1, 2


class OpponentModel:
    """The opponent model's scores, from the normal bot's weights (see RolloutPolicy)."""

    def __init__(self, weights: dict[str, float], obs: Observation, temperature: float) -> None:
        self.w = weights
        rules = obs.rules
        self.rules = rules
        self.t = max(1e-6, temperature)
        self.swoop = [rules.is_swoop_rank(r) for r in range(15)]
        self.points = [rules.card_points(r) if r else 0 for r in range(15)]
        self.p_safe = safe_flip_chances(rules, obs.unseen_rank_counts())
        self.new_pile = rules.pickup_starts_new_pile

    def set_score(
        self,
        r: int,
        k: int,
        kept: int,
        n_up: int,
        pile: Pile,
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

    def room(self, r: int, pile: Pile) -> int:
        """How many cards of rank ``r`` a set may hold on ``pile`` (the engine's rule)."""
        return self.rules.room(r, pile.top if pile.ranks else 0, pile.run)


def _zone_up(z: str) -> int:
    return int(z[2:]) if z.startswith("up") else -1


class Parsed(NamedTuple):
    """The public decisions of each player, compiled for fast likelihoods."""

    decisions: list[list[tuple[object, ...]]]  # per player
    keys: list[set[tuple[int, int]]]  # per player: (kind, index) of each decision


DecisionCache = dict[tuple[int, int, int], tuple[object, ...]]


#: What is decided where: state index -> the decisions asked there (kind, player, extra).
_Asks = dict[int, list[tuple[int, int, tuple[object, ...]]]]


def parse_decisions(
    obs: Observation, model: OpponentModel, cache: DecisionCache | None = None
) -> Parsed:
    """Every public decision of every other player, with what it allows per hand.

    Walks the history forward for the pile, then backward from the
    observation for each player's face-up cards, face-down slots, cards left
    and the change of their hand since then.
    """
    piles = _piles_before(obs.history)
    wanted = _decisions_asked(obs, model)
    return _compiled_backward(obs, model, piles, wanted, cache)


def _piles_before(history: Sequence[PublicEvent]) -> list[tuple[list[int], int, int]]:
    """The pile (ranks, top, run) before each event of ``history``, and after the last."""
    piles: list[tuple[list[int], int, int]] = []
    pile = Pile()
    for ev in history:
        piles.append((list(pile.ranks), pile.top, pile.run))
        if ev.kind == "played":
            pile.put(ev.ranks, ev.new_pile)
        elif ev.kind in ("picked_up", "swooped"):
            pile.clear()
    piles.append((list(pile.ranks), pile.top, pile.run))
    return piles


def _decisions_asked(obs: Observation, model: OpponentModel) -> _Asks:
    """Forward through the history: where each other player decided, and what."""
    history = obs.history
    m = len(history)
    offers = set(obs.offers)
    wanted: _Asks = {}

    def ask(at: int, kind: int, p: int, extra: tuple[object, ...]) -> None:
        wanted.setdefault(at, []).append((kind, p, extra))

    for i, ev in enumerate(history):
        p = ev.player
        if p == obs.seat:
            continue
        nxt = history[i + 1] if i + 1 < m else None
        if ev.kind == "flipped":
            ask(i, PLAY_DECISION, p, ("flip", i))
        elif ev.kind == "picked_up":
            if (
                nxt is not None
                and nxt.kind == "played"
                and nxt.player == p
                and nxt.new_pile
                and not any(z.startswith("down") for z in nxt.zones)
                and not (i and history[i - 1].kind == "flipped" and history[i - 1].player == p)
            ):
                ask(i, PLAY_DECISION, p, ("set", nxt))
        elif ev.kind == "played":
            _played_asks(obs, model, offers, i, ev, nxt, ask)
    return wanted


def _played_asks(
    obs: Observation,
    model: OpponentModel,
    offers: set[int],
    i: int,
    ev: PublicEvent,
    nxt: PublicEvent | None,
    ask: Callable[[int, int, int, tuple[object, ...]], None],
) -> None:
    """The decisions a play at ``i`` shows: the set (or the cards added), and after it the
    follow-up declined, or (R12) that no other card of its rank was held."""
    p = ev.player
    flip = any(z.startswith("down") for z in ev.zones)
    if ev.follow:
        ask(i, FOLLOW_DECISION, p, ("add", ev))
        return
    if not flip and not ev.new_pile:
        ask(i, PLAY_DECISION, p, ("set", ev))
    r = ev.ranks[0]
    if i in offers:
        if nxt is None:
            deciding = obs.to_move == p and obs.phase == FOLLOW
            if not deciding:  # declined just now (an end shows no event)
                ask(i + 1, FOLLOW_DECISION, p, ("end", r))
        elif not (nxt.kind == "played" and nxt.follow and nxt.player == p):
            ask(i + 1, FOLLOW_DECISION, p, ("end", r))
        return
    if model.swoop[r]:
        return
    if nxt is not None and nxt.kind in ("swooped", "out") and nxt.player == p:
        return  # (a swoop or going out shows at once, in the same play's events)
    # The engine would have offered to add more of the rank (R12): none was held.
    # (Whether a flip was part of a chain the history does not say.)
    offered = model.rules.follow_up(flipped=flip, new_pile=ev.new_pile, in_chain=None)
    if offered is FollowUp.ADD:
        ask(i + 1, ZERO_DECISION, p, (r,))


def _compiled_backward(
    obs: Observation,
    model: OpponentModel,
    piles: list[tuple[list[int], int, int]],
    wanted: _Asks,
    cache: DecisionCache | None,
) -> Parsed:
    """Backward from now, the decisions asked compiled: each player's hand's change since
    then, face-up cards, face-down slots and cards left, undone event by event."""
    history = obs.history
    n = obs.n
    m = len(history)
    up = [[RANK_OF[c] if c is not None else 0 for c in obs.up[p]] for p in range(n)]
    down = [list(obs.down[p]) for p in range(n)]
    left = [obs.cards_left(p) for p in range(n)]
    delta = [[0] * 15 for _ in range(n)]
    decisions: list[list[tuple[object, ...]]] = [[] for _ in range(n)]
    keys: list[set[tuple[int, int]]] = [set() for _ in range(n)]
    for at in range(m, -1, -1):
        if at < m:
            _undo(history[at], up, down, left, delta)
        for kind, p, extra in wanted.get(at, ()):
            ranks, top, run = piles[at]
            before = Pile()
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
    return Parsed(decisions, keys)


def _undo(
    ev: PublicEvent,
    up: list[list[int]],
    down: list[list[bool]],
    left: list[int],
    delta: list[list[int]],
) -> None:
    """Step back over one event: the cards a play took from a hand, a face-up or a
    face-down place go back; a pick-up's cards leave the hand again."""
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


def _compile(
    model: OpponentModel,
    kind: int,
    extra: tuple[object, ...],
    pile: Pile,
    delta: tuple[int, ...],
    up_slots: list[int],
    down: list[bool],
    left: list[int],
    p: int,
    n: int,
) -> tuple[object, ...] | None:
    """One decision as tables of exp(score / T) by how many cards of a rank the hand held."""
    if kind == ZERO_DECISION:
        return (ZERO_DECISION, delta, extra[0])
    u = [0] * 15
    for r in up_slots:
        if r:
            u[r] += 1
    pile_pts = float(sum(model.points[r] for r in pile.ranks))
    if kind == FOLLOW_DECISION:
        return _compile_follow(model, extra, pile, pile_pts, delta, u, left[p])
    return _compile_play(model, extra, pile, pile_pts, delta, u, up_slots, down, left, p, n)


def _compile_follow(
    model: OpponentModel,
    extra: tuple[object, ...],
    pile: Pile,
    pile_pts: float,
    delta: tuple[int, ...],
    u: list[int],
    my_left: int,
) -> tuple[object, ...] | None:
    """A follow-up (add more of the rank, or end): the chance of the observed choice for
    each count of the rank the hand may have held."""
    t = model.t
    what = extra[0]
    r = cast(int, extra[1]) if what == "end" else cast(PublicEvent, extra[1]).ranks[0]
    room = model.room(r, pile)
    if room <= 0:
        return None
    # Add the most that fits (the model's choice) or end; the observed add may be smaller.
    scores = []
    for h in range(HMAX):
        mine = h + u[r]
        k = min(room, mine)
        n_up = min(u[r], k)
        scores.append(
            model.set_score(r, k, mine - k, n_up, pile, pile_pts, 0.0, True, my_left) if k else None
        )
    end = model.w["end"]
    obs_scores: list[float | None]
    if what == "end":
        obs_scores = [end] * HMAX
    else:
        ev = cast(PublicEvent, extra[1])
        k = len(ev.ranks)
        n_up = sum(1 for z in ev.zones if z.startswith("up"))
        obs_scores = [
            model.set_score(r, k, h + u[r] - k, n_up, pile, pile_pts, 0.0, True, my_left)
            for h in range(HMAX)
        ]
    ref = max(
        [end] + [s for s in scores if s is not None] + [s for s in obs_scores if s is not None]
    )
    table = []
    for h in range(HMAX):
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
    return (FOLLOW_DECISION, delta, r, table)


def _compile_play(
    model: OpponentModel,
    extra: tuple[object, ...],
    pile: Pile,
    pile_pts: float,
    delta: tuple[int, ...],
    u: list[int],
    up_slots: list[int],
    down: list[bool],
    left: list[int],
    p: int,
    n: int,
) -> tuple[object, ...] | None:
    """A play: every rank held, a flip if a slot is uncovered; the observed choice, in
    two variants (the set goes on the pile, or it is dodged)."""
    what = extra[0]
    my_left = left[p]
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
    return (PLAY_DECISION, delta, obs_r, low, fits, dodge)


def _variant(
    model: OpponentModel,
    what: object,
    extra: tuple[object, ...],
    pile: Pile,
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
        for h in range(HMAX):
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
        obs_row = [cast(float, flip_score)] * HMAX
    else:
        ev = cast(PublicEvent, extra[1])
        obs_r = ev.ranks[0]
        k = len(ev.ranks)
        n_up = sum(1 for z in ev.zones if z.startswith("up"))
        obs_row = [
            model.set_score(
                obs_r, k, h + u[obs_r] - k, n_up, pile, pile_pts, danger, non_pickup, my_left
            )
            for h in range(HMAX)
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
        same = [True] * HMAX  # the flip is already among the options
    else:
        same = [per_rank[obs_r][h] == obs_row[h] for h in range(HMAX)]
    return (rows, base, base_n, num, same, by_rank)


def loglik(decisions: Sequence[tuple[Any, ...]], hand: list[int], share: float) -> float:
    """The log-likelihood of a player's ``decisions`` if they hold ``hand`` (rank counts) now."""
    total = 0.0
    keep = 1.0 - share
    top = HMAX - 1
    log = math.log
    for dec in decisions:
        kind = dec[0]
        d = dec[1]
        if kind == PLAY_DECISION:
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
                    return NEVER
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
        elif kind == FOLLOW_DECISION:
            r = dec[2]
            h = hand[r] + d[r]
            if h < 0:
                return NEVER
            prob = dec[3][h if h < top else top]
            if prob < 0.0:
                return NEVER  # an offer with nothing to add
            total += log(keep * prob + share * 0.5)
        elif hand[dec[2]] + d[dec[2]] != 0:  # ZERO_DECISION: R12, nothing of that rank was held
            return NEVER
    return total


Terms = tuple[list[float], list[float], list[int], list[int]]  # log terms, dens, opts, variants


def decision_terms(
    decisions: Sequence[tuple[Any, ...]], hand: list[int], share: float
) -> Terms | None:
    """Each decision's log-likelihood term for ``hand``, with what :func:`swapped_terms` reuses;
    None when the rules rule the hand out. (``loglik`` is the sum of the terms.)"""
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
    top = HMAX - 1
    if kind == PLAY_DECISION:
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
    if kind == FOLLOW_DECISION:
        if h < 0:
            return None
        prob = dec[3][h if h < top else top]
        if prob < 0.0:
            return None  # an offer with nothing to add
        return math.log((1.0 - share) * prob + share * 0.5), 0.0, 0, 0
    if h != 0:  # ZERO_DECISION: R12, nothing of that rank was held
        return None
    return 0.0, 0.0, 0, 0


def swapped_terms(
    decisions: Sequence[tuple[Any, ...]],
    old: Terms,
    before: list[int],
    hand: list[int],
    ra: int,
    rb: int,
    share: float,
) -> Terms | None:
    """:func:`decision_terms` of ``hand``, which differs from ``before`` only at ranks ``ra`` and ``rb``."""
    terms, dens, opts, variants = list(old[0]), list(old[1]), list(old[2]), list(old[3])
    for j, dec in enumerate(decisions):
        kind = dec[0]
        if kind != PLAY_DECISION and dec[2] != ra and dec[2] != rb:
            continue
        got = _term(dec, hand, share, (dens[j], opts[j], variants[j], before, ra, rb))
        if got is None:
            return None
        terms[j], dens[j], opts[j], variants[j] = got
    return terms, dens, opts, variants


NO_TERMS: Terms = ([], [], [], [])


def total_loglik(terms: Sequence[Terms | None]) -> float:
    """The log-likelihood of the players' terms (very low when the rules rule a hand out)."""
    total = 0.0
    for t in terms:
        total += NEVER if t is None else sum(t[0])
    return total


def updated_terms(
    decisions: Sequence[tuple[Any, ...]],
    old: Terms | None,
    before: list[int],
    hand: list[int],
    ra: int,
    rb: int,
    share: float,
) -> Terms | None:
    """The terms of ``hand`` (``before`` with a card of rank ``ra`` swapped for one of ``rb``)."""
    if old is None:
        return decision_terms(decisions, hand, share)
    return swapped_terms(decisions, old, before, hand, ra, rb, share)


__all__ = [
    "HMAX",
    "NEVER",
    "NO_TERMS",
    "ZERO_DECISION",
    "DecisionCache",
    "OpponentModel",
    "Parsed",
    "Pile",
    "Terms",
    "decision_terms",
    "loglik",
    "parse_decisions",
    "total_loglik",
    "updated_terms",
]
