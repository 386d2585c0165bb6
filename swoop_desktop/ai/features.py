"""Features of a legal action, seen from an observation, and the weight presets.

Each legal action gets a small dict of named numbers (what it sheds, whether
it picks up the pile, whether it Swoops, how it leaves the pile for the next
player, ...). A bot scores an action as the weighted sum of its features;
personalities are just different weights.
"""

from __future__ import annotations

from dataclasses import dataclass

from swoop_desktop.engine import RANK_OF, Action, Add, Flip, Play
from swoop_desktop.engine.observation import CHAIN, Observation

from .floors import guesses

FEATURES: tuple[str, ...] = (
    "out",
    "shed",
    "shed_points",
    "high",
    "lead_high",
    "four",
    "bonus",
    "pickup",
    "pickup_points",
    "pickup_shed",
    "pickup_low",
    "swoop_card",
    "swoop_big_pile",
    "swoop_dodge",
    "swoop_danger",
    "flip",
    "flip_safe",
    "flip_risk",
    "low_top",
    "pressure",
    "split",
    "gift",
    "up_cards",
    "end",
    "squeeze",
)

BALANCED: dict[str, float] = {
    "out": 1000.0,
    "shed": 0.2,
    "shed_points": 0.0,
    "high": 0.5,
    "lead_high": 1.0,
    "four": 1.0,
    "bonus": 1.0,
    "pickup": -2.0,
    "pickup_points": -0.5,
    "pickup_shed": 0.3,
    "pickup_low": 0.5,
    "swoop_card": -1.5,
    "swoop_big_pile": 0.8,
    "swoop_dodge": 3.0,
    "swoop_danger": 5.0,
    "flip": 0.5,
    "flip_safe": 1.5,
    "flip_risk": -1.0,
    "low_top": 0.0,
    "pressure": 0.0,
    "split": -0.2,
    "gift": 0.0,
    "up_cards": 0.15,
    "end": -0.5,
    "squeeze": 0.0,
}

# Personalities shift the balanced weights (added to them): a style of play,
# not a different strength. "pyro" fires its Swoop cards at once.
PERSONALITY_SHIFTS: dict[str, dict[str, float]] = {
    "balanced": {},
    # Flips early, spends Swoop cards sooner and plays low when the next player
    # is nearly out. (Playing low in general, "low_top", kept high cards in hand
    # and cost about 7 points a hand against balanced bots: dropped.)
    "aggressive": {"flip": 0.3, "swoop_danger": 1.0, "swoop_card": 0.5, "pressure": 0.5},
    # Avoids pick-ups and risky flips, keeps a Swoop card to dodge a big pile.
    "cautious": {"pickup": -0.3, "swoop_dodge": 1.0, "flip_risk": -0.5},
    "pyro": {"swoop_card": 6.0},
}
PERSONALITIES: tuple[str, ...] = tuple(PERSONALITY_SHIFTS)


def weights_for(
    personality: str | None = None, overrides: dict[str, float] | None = None
) -> dict[str, float]:
    """The balanced weights, changed by a personality, then by explicit overrides."""
    name = personality or "balanced"
    if name not in PERSONALITY_SHIFTS:
        raise ValueError(
            f"personality: unknown {name!r} (choose one of {', '.join(PERSONALITIES)})"
        )
    weights = dict(BALANCED)
    for key, shift in PERSONALITY_SHIFTS[name].items():
        weights[key] += shift
    for key, value in (overrides or {}).items():
        if key not in BALANCED:
            raise ValueError(f"weights: unknown feature {key!r} (known: {', '.join(FEATURES)})")
        weights[key] = float(value)
    return weights


@dataclass(slots=True)
class Context:
    """What every action's features share, worked out once per decision."""

    obs: Observation
    me: int
    mine: list[int]  # cards of each rank I can play (hand + face-up)
    unseen: list[int]  # unseen cards per rank
    unseen_total: int
    pile_n: int
    pile_points: float
    my_left: int
    opp_left: list[int]  # cards left per opponent, in play order after me
    danger: float  # 0..1: how close the nearest opponent is to going out
    next_danger: float
    next_known: list[int]  # known cards per rank in the next player's hand
    next_hand: int
    next_floor: int  # the next player's unseen hand cards are probably above this rank
    non_pickup_exists: bool
    points: list[int]  # card points per rank


def make_context(
    obs: Observation, legal: list[Action], forget_before: int | None = None
) -> Context:
    """Shared facts; ``forget_before`` drops pick-up memories older than that history step."""
    me = obs.seat
    n = obs.n
    mine = obs.hand_ranks()
    for c in obs.up[me]:
        if c is not None:
            mine[RANK_OF[c]] += 1
    unseen = obs.unseen_rank_counts()
    known_next = [0] * 15
    nxt = (me + 1) % n
    for p in range(n):
        if p == me:
            continue
        for c, step in zip(obs.known[p], obs.known_step[p], strict=True):
            if forget_before is not None and step < forget_before:
                unseen[RANK_OF[c]] += 1  # forgotten: back among the unknown cards
            elif p == nxt:
                known_next[RANK_OF[c]] += 1
    rules = obs.rules
    points = [rules.card_points(r) if r else 0 for r in range(15)]
    opp = [obs.cards_left((me + i) % n) for i in range(1, n)]
    nearest = min(opp) if opp else 99
    danger = max(0.0, (6 - nearest) / 5.0) if nearest < 6 else 0.0
    next_left = opp[0] if opp else 99
    next_danger = max(0.0, (6 - next_left) / 5.0) if next_left < 6 else 0.0
    top = obs.top
    non_pickup = False
    for a in legal:
        if type(a) is Play and a.size:
            r = _rank(obs, a)
            if not rules.is_swoop_rank(r) and (not obs.pile or r <= top):
                non_pickup = True
                break
    return Context(
        obs=obs,
        me=me,
        mine=mine,
        unseen=unseen,
        unseen_total=max(1, sum(unseen)),
        pile_n=len(obs.pile),
        pile_points=sum(points[RANK_OF[c]] for c in obs.pile),
        my_left=obs.cards_left(me),
        opp_left=opp,
        danger=danger,
        next_danger=next_danger,
        next_known=known_next,
        next_hand=obs.hand_counts[nxt],
        next_floor=guesses(obs).floors[nxt],
        non_pickup_exists=non_pickup,
        points=points,
    )


def _rank(obs: Observation, a: Play | Add) -> int:
    if a.hand:
        return a.hand[0]
    return RANK_OF[obs.up[obs.seat][a.up[0]]]  # type: ignore[index]


def features(ctx: Context, a: Action) -> dict[str, float]:
    """The named features of one legal action."""
    obs = ctx.obs
    rules = obs.rules
    f: dict[str, float] = {}
    kind = type(a)
    if kind is Play or kind is Add:
        r = _rank(obs, a)  # type: ignore[arg-type]
        k = a.size  # type: ignore[union-attr]
        f["up_cards"] = len(a.up)  # type: ignore[union-attr]
        kept = ctx.mine[r] - k
        if rules.is_swoop_rank(r):
            f["shed"] = 1
            f["shed_points"] = ctx.points[r] / 10
            f["bonus"] = 1
            f["swoop_card"] = 1
            f["swoop_big_pile"] = ctx.pile_n / 10
            if not ctx.non_pickup_exists and ctx.pile_n:
                f["swoop_dodge"] = min(ctx.pile_n, 12) / 6
            f["swoop_danger"] = ctx.danger
            if ctx.my_left == 1:
                f["out"] = 1
            return f
        if not obs.pile or r <= obs.top:
            new_run = obs.run + k if (obs.pile and r == obs.top) else k
            f["shed"] = k
            f["shed_points"] = ctx.points[r] * k / 10
            if obs.pile:
                f["high"] = r / 13
            else:
                f["lead_high"] = r / 13
            if kept > 0:
                f["split"] = kept
            if new_run >= 4:
                f["four"] = 1
                f["bonus"] = 1
            else:
                f["low_top"] = (13 - r) / 12
                f["pressure"] = (13 - r) / 12 * ctx.next_danger
                f["gift"] = _gift(ctx, r, new_run)
                f["squeeze"] = _squeeze(ctx, r)
            if ctx.my_left == k:
                f["out"] = 1
            return f
        # Higher than the top: pick up the pile (R8).
        f["pickup"] = ctx.pile_n
        f["pickup_points"] = ctx.pile_points / 10
        if rules.pickup_starts_new_pile:
            f["pickup_shed"] = k
            f["pickup_low"] = (13 - r) / 12
            if kept > 0:
                f["split"] = kept
        return f
    if kind is Flip:
        f["flip"] = 1
        unseen = ctx.unseen
        total = ctx.unseen_total
        swoop = sum(unseen[r] for r in range(1, 15) if rules.is_swoop_rank(r))
        if not obs.pile:
            low = total - swoop
        else:
            low = sum(unseen[r] for r in range(1, obs.top + 1) if not rules.is_swoop_rank(r))
        p_safe = (swoop + low) / total
        f["flip_safe"] = p_safe
        f["flip_risk"] = (1 - p_safe) * ctx.pile_n / 5
        if ctx.my_left == 1:
            f["out"] = p_safe
        return f
    # End: decline a follow-up or stop a chain.
    f["end"] = 1
    if obs.phase == CHAIN:
        f["end"] = 0.5
    return f


def _gift(ctx: Context, r: int, new_run: int) -> float:
    """Chance-like weight that the next player completes four of rank ``r`` on our run."""
    need = 4 - new_run
    if need <= 0 or need > 3:
        return 0.0
    known = ctx.next_known[r]
    if known >= need:
        return 1.0
    share = ctx.next_hand / max(1, ctx.unseen_total)
    expected = known + ctx.unseen[r] * share
    return min(1.0, expected / need) * (1.0 if need == 1 else 0.5)


def _squeeze(ctx: Context, r: int) -> float:
    """1 when the next player seems unable to play on ``r`` from hand or face-up cards.

    Their unseen hand cards are all above their pick-up floor (a guess from
    public facts, :mod:`.floors`), their known cards and face-up cards are
    all above ``r`` and none is a Swoop card: they must flip, or pick up the pile.
    """
    obs = ctx.obs
    nxt = (ctx.me + 1) % obs.n
    floor = ctx.next_floor
    unknown = obs.hand_counts[nxt] - sum(ctx.next_known)
    if unknown > 0 and floor < r:
        return 0.0
    rules = obs.rules
    for q in range(1, 15):
        if ctx.next_known[q] and (q <= r or rules.is_swoop_rank(q)):
            return 0.0
    for c in obs.up[nxt]:
        if c is not None:
            q = RANK_OF[c]
            if q <= r or rules.is_swoop_rank(q):
                return 0.0
    return 1.0


def score(f: dict[str, float], weights: dict[str, float]) -> float:
    return sum(weights.get(k, 0.0) * v for k, v in f.items())
