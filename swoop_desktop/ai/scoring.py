"""The opponent score: how the normal bot values a set or a flip, from plain numbers.

One formula for the two places that need it without building an observation: the
hard bot's play-outs (:class:`~.search.RolloutPolicy`, every seat of a dealt world)
and the opponent model that reads the public history (:mod:`.opponent_model`, how likely
each hand made each public decision). The normal bot itself scores the same features
from an observation (:mod:`.features`); these functions are its main terms, fast
enough for play-outs.
"""

from __future__ import annotations

from collections.abc import Sequence

from swoop_desktop.engine import Rules


def safe_flip_chances(rules: Rules, unseen: Sequence[int]) -> list[float]:
    """For each top rank 0-14: the chance a flipped unseen card plays on it (a Swoop
    card, or at most the top; an empty pile, top 0, takes anything)."""
    total = max(1, sum(unseen))
    n_swoop = sum(unseen[r] for r in range(15) if rules.is_swoop_rank(r))
    chances = [1.0] * 15
    cum = 0
    for r in range(1, 15):
        if not rules.is_swoop_rank(r):
            cum += unseen[r]
        chances[r] = (cum + n_swoop) / total
    return chances


def flip_score(w: dict[str, float], safe: float, pile_n: int) -> float:
    """A mystery flip, which plays with chance ``safe`` and otherwise picks up ``pile_n``."""
    return w["flip"] + w["flip_safe"] * safe + w["flip_risk"] * (1 - safe) * pile_n / 5


def set_score(
    w: dict[str, float],
    points: Sequence[int],
    swoop: bool,
    r: int,
    k: int,
    kept: int,
    n_up: int,
    pile_n: int,
    top: int,
    run: int,
    pile_tens: float,
    danger: float,
    non_pickup: bool,
    new_pile: bool,
) -> float:
    """Putting ``k`` cards of rank ``r`` (``n_up`` of them face-up, ``kept`` of the rank
    left over) on a pile of ``pile_n`` cards showing ``run``
    cards of ``top``, its cards worth ``pile_tens`` tens of points. ``swoop``: ``r`` is a Swoop card; ``danger``: how near the nearest
    opponent is to going out (0-1); ``non_pickup``: some other set would go on the pile
    (a Swoop card then dodges nothing); ``new_pile``: a pick-up starts a new pile with
    the set (R8), so the set is shed (otherwise it goes to the hand with the pile).
    Going out is the caller's to notice: it beats every score."""
    if swoop:
        sc = (
            w["shed"]
            + w["shed_points"] * points[r] / 10
            + w["bonus"]
            + w["swoop_card"]
            + w["swoop_big_pile"] * pile_n / 10
            + w["swoop_danger"] * danger
        )
        if not non_pickup and pile_n:
            sc += w["swoop_dodge"] * min(pile_n, 12) / 6
    elif not pile_n or r <= top:
        new_run = run + k if (pile_n and r == top) else k
        sc = w["shed"] * k + w["shed_points"] * points[r] * k / 10
        sc += (w["high"] if pile_n else w["lead_high"]) * r / 13
        if kept > 0:
            sc += w["split"] * kept
        if new_run >= 4:
            sc += w["four"] + w["bonus"]
        else:
            sc += w["low_top"] * (13 - r) / 12
    elif new_pile:
        sc = (
            w["pickup"] * pile_n
            + w["pickup_points"] * pile_tens
            + w["pickup_shed"] * k
            + w["pickup_low"] * (13 - r) / 12
        )
        if kept > 0:
            sc += w["split"] * kept
    else:
        sc = w["pickup"] * pile_n + w["pickup_points"] * pile_tens
    return sc + w["up_cards"] * n_up
