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

import random
from collections.abc import Sequence
from typing import NamedTuple

from swoop_desktop.engine import RANK_OF
from swoop_desktop.engine.observation import Observation, PublicEvent
from swoop_desktop.engine.playout import PlayoutState

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


__all__ = ["GAP_WEIGHT", "Guesses", "WorldSampler", "determinize", "fold", "guesses"]
