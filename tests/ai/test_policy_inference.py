"""Policy-based inference (ai/inference.py): worlds weighed by how likely each player's plays were.

The rules facts of R12 are certain, and the new sampler's worlds respect them:
a flip that fitted with no follow-up offered means no other card of that rank
in hand; a follow-up offered and declined means at least one was held (unless
a face-up card explains the offer). The inference reads only the public
history: the same observations give the same worlds whatever the hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import NamedTuple

from swoop_desktop.ai import make_bot
from swoop_desktop.ai.bots import NormalBot
from swoop_desktop.ai.inference import EXACT_LIMIT, PolicyInference, _placings
from swoop_desktop.ai.search import HardBot
from swoop_desktop.engine import END, RANK_OF, Action, GameState, Rules, new_deal
from swoop_desktop.engine.events import Flipped, Played, Turn
from swoop_desktop.engine.observation import FOLLOW, Observation, PublicHistory, observe
from tests.sizes import quick_and_full

RULES = Rules.from_preset("app")


class _Step(NamedTuple):
    state: GameState
    history: PublicHistory
    events: list[object]
    player: int  # who acted
    action: Action
    follow_rank: int  # the rank of the follow-up offered before the action (0: none)


def _deals(count: int, level: str = "normal") -> Iterator[_Step]:
    """Four bots of ``level`` play seeded deals; yields after every action."""
    bots = [make_bot(level, seed=s) for s in range(4)]
    for seed in range(count):
        state, events = new_deal(RULES, 4, seed=seed)
        history = PublicHistory(4)
        history.feed(events)
        while not state.is_over and state.plays < 300:
            p = state.to_move
            offered = state.follow_rank if state.phase == FOLLOW else 0
            action = bots[p].choose(observe(state, p, history), state.legal_actions())
            events = state.apply(action)
            history.feed(events)
            yield _Step(state, history, list(events), p, action, offered)


def _ranks(world: GameState, p: int) -> list[int]:
    counts = [0] * 15
    for c in world.hand_ids(p):
        counts[RANK_OF[c]] += 1
    return counts


def _worlds(obs: Observation, count: int = 30) -> list[GameState]:
    inference = PolicyInference(NormalBot().weights)
    rng = random.Random(obs.key())
    inference.update(obs, rng)
    return [inference.sample(rng) for _ in range(count)]  # type: ignore[misc]


def test_offers_of_a_follow_up_are_public_and_point_at_the_play_that_made_them():
    seen = 0
    for step in _deals(6):
        history, events = step.history, step.events
        for i, ev in enumerate(events):
            if isinstance(ev, Turn) and ev.phase == "follow":
                played = history.events[history.offers[-1]]
                assert played.kind == "played" and played.player == step.player
                last_set = [e for e in events[:i] if isinstance(e, Played)][-1]
                assert played.ranks[0] == RANK_OF[last_set.ids[0]]
                seen += 1
        obs = observe(step.state, (step.player + 1) % 4, history)
        assert obs.offers == tuple(history.offers)
    assert seen >= 5


def test_r12_a_flip_that_fitted_with_no_follow_up_offered_leaves_no_card_of_its_rank():
    """The flipper held no other card of that rank: every world agrees, a uniform re-deal
    does not."""
    checked = 0
    uniform_broke = 0
    for step in _deals(40):
        state, events, p = step.state, step.events, step.player
        flips = [e for e in events if isinstance(e, Flipped)]
        played = [e for e in events if isinstance(e, Played)]
        offered = any(isinstance(e, Turn) and e.phase == "follow" for e in events)
        if not flips or offered or len(played) != 1 or played[0].new_pile or state.is_over:
            continue
        r = RANK_OF[flips[0].id]
        if RULES.is_swoop_rank(r) or state.top != r or state.to_move == p:
            continue
        seat = (p + 2) % 4  # someone else, watching
        obs = observe(state, seat, step.history)
        assert _ranks(state, p)[r] == 0  # the rule itself
        for world in _worlds(obs):
            assert _ranks(world, p)[r] == 0
        rng = random.Random(checked)
        uniform_broke += any(_ranks(obs.random_world(rng), p)[r] for _ in range(30))
        checked += 1
        if checked >= 5:
            break
    assert checked >= 5
    assert uniform_broke >= 1, "the fact is real evidence: facts-only worlds break it"


def test_r12_a_follow_up_offered_and_declined_means_a_card_of_that_rank_is_held():
    """Unless a face-up card of that rank explains the offer."""
    checked = 0
    uniform_broke = 0
    for step in _deals(40, "random"):  # (normal bots never decline)
        state, p, r = step.state, step.player, step.follow_rank
        if not r or step.action != END or state.is_over:
            continue
        if any(c is not None and RANK_OF[c] == r for c in state.up[p]):
            continue  # a face-up card explains the offer
        assert _ranks(state, p)[r] >= 1  # the rule itself
        obs = observe(state, (p + 1) % 4, step.history)
        for world in _worlds(obs):
            assert _ranks(world, p)[r] >= 1
        rng = random.Random(checked)
        uniform_broke += any(not _ranks(obs.random_world(rng), p)[r] for _ in range(30))
        checked += 1
        if checked >= 4:
            break
    assert checked >= 4
    assert uniform_broke >= 1, "the fact is real evidence: facts-only worlds break it"


@quick_and_full(1, 3, "deals")  # one deal: 9 of seat 0's decisions compared; three: 37
def test_the_inference_and_its_kept_candidates_never_peek(deals):
    """A hard bot that followed the hand decides the same on a re-dealt copy of its
    observation (every card it cannot see moved), and two bots fed the same observations
    keep the same candidates."""
    followers = [HardBot(seed=3, max_worlds=8, use_clock=False) for _ in range(2)]
    compared = 0
    for step in _deals(deals):
        state, history = step.state, step.history
        if state.is_over or state.to_move != 0:
            continue
        obs = observe(state, 0, history)
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        choice = followers[0].choose(obs, legal)
        world = obs.random_world(random.Random(compared))
        other = observe(world, 0, history)
        assert other == obs
        assert followers[1].choose(other, world.legal_actions()) == choice
        assert followers[0].choose(other, world.legal_actions()) == choice
        a, b = (f._reader for f in followers)
        assert a is not None and b is not None
        assert a._hands == b._hands and a._logw == b._logw
        compared += 1
    assert compared >= 20 * deals // 3


def test_endgame_placings_are_every_placing_with_the_chance_a_uniform_deal_gives_it():
    """Few unseen cards: the inference lists every placing by rank, and its weight before
    the plays is how often a card-by-card uniform deal of the unseen cards gives it."""
    import itertools
    import math
    from collections import Counter

    from swoop_desktop.ai.inference import _placings
    from swoop_desktop.engine.cards import format_ranks

    from .helpers import player, position

    seats = [
        player("A 2", down=["Q", None, None, None]),
        player("4"),
        player("5 5"),
        player("9", down=["K", None, None, None]),
    ]
    rest = position(players=seats, pile="7").set_aside
    # Every other card already swept away (public): six unseen cards are left.
    state = position(players=seats, pile="7", swept=format_ranks(RANK_OF[c] for c in rest))
    obs = observe(state, 0)
    known = [[0] * 15 for _ in range(4)]
    placings = _placings(obs, known, 1000)
    assert placings is not None
    ids = obs.unseen_ids()
    needs = obs.unseen_hand_counts()
    counted: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for order in itertools.permutations(ids):
        hands, k = [], 0
        for p in (1, 2, 3):
            ranks = [0] * 15
            for c in order[k : k + needs[p]]:
                ranks[RANK_OF[c]] += 1
            hands.append(tuple(ranks))
            k += needs[p]
        counted[tuple(hands)] += 1
    listed = {tuple(tuple(h[p]) for p in (1, 2, 3)): prior for h, prior in placings}
    assert set(listed) == set(counted)  # every placing, each once
    total = sum(counted.values())
    norm = sum(math.exp(x) for x in listed.values())
    for key, n in counted.items():
        assert math.isclose(math.exp(listed[key]) / norm, n / total, rel_tol=1e-9)
    assert _placings(obs, known, len(counted) - 1) is None  # too many: sampled instead


def _known(obs: Observation) -> list[list[int]]:
    """The cards each player is known to hold, counted by rank."""
    known = [[0] * 15 for _ in range(obs.n)]
    for p in range(obs.n):
        for c in obs.known[p]:
            known[p][RANK_OF[c]] += 1
    return known


def test_in_endgames_the_inference_weighs_every_placing_and_the_real_one_is_there():
    exact = 0
    for step in _deals(40):
        state, p = step.state, step.player
        if state.is_over:
            continue
        seat = (p + 1) % 4
        obs = observe(state, seat, step.history)
        if sum(obs.unseen_hand_counts()) > 4:
            continue  # (not an endgame: spare the test the work)
        if _placings(obs, _known(obs), EXACT_LIMIT) is None:
            continue  # too many placings to list: sampled, not weighed one by one
        inference = PolicyInference(NormalBot().weights)
        inference.update(obs, random.Random(exact))
        assert inference.exact, "few enough placings: the inference weighs every one"
        real = [_ranks(state, q) for q in range(4)]
        needs = obs.unseen_hand_counts()
        candidates = [h for h in inference._hands]  # noqa: SLF001 - the candidates themselves
        assert len({tuple(map(tuple, h)) for h in candidates}) == len(candidates)
        match = [h for h in candidates if all(h[q] == real[q] for q in range(4) if needs[q])]
        assert len(match) == 1, "the real placing is one of the candidates"
        exact += 1
        if exact >= 5:
            break
    assert exact >= 5
