"""The AI's guesses from public facts (floors, gaps) and the worlds it deals with them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from swoop_desktop.ai.floors import WorldSampler, determinize, fold, guesses
from swoop_desktop.engine import RANK_OF, Flip, Play, Rules, new_deal
from swoop_desktop.engine.observation import PublicHistory, observe
from tests.sizes import quick_and_full

from .helpers import PRESET_NAMES, played_position, player, position


def _world(w):
    return [w.hands, w.hand_count, w.up, w.down, w.set_aside, w.pile, w.to_move, w.phase]


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_determinize_is_consistent_with_the_observation(preset):
    for seed in range(12):
        state, history = played_position(preset, seed, plays=25 + 7 * seed)
        seat = seed % 4
        obs = observe(state, seat, history)
        world = determinize(obs, random.Random(seed))
        ids = world.all_card_ids()
        assert sorted(ids) == list(range(world.decks * 54)), "every card exactly once"
        for p in range(4):
            assert world.hand_count[p] == state.hand_count[p]
            held = set(world.hand_ids(p))
            assert set(obs.known[p]) <= held, "cards seen picked up stay with their holder"
            assert [c is not None for c in world.down[p]] == [c is not None for c in state.down[p]]
        assert world.hand_ids(seat) == state.hand_ids(seat)
        assert observe(world, seat, history) == obs
        if state.to_move == seat:
            assert world.legal_actions() == state.legal_actions()


def test_r8_forced_pick_up_sets_a_floor_and_search_deals_high_cards_there():
    state = position(
        [player("Q K", down=["2", None, None, None]), player("9 5"), player("9 5"), player("9 5")],
        pile="8 7 4",
        to_move=0,
        rules={"preset": "classic"},
    )
    history = PublicHistory(4)
    history.feed(state.apply(Play((13,), ())))  # nothing at or under 4: picks up with a king
    obs = observe(state, 2, history)
    assert guesses(obs).floors[0] == 4  # player 0 showed nothing at or under 4
    assert guesses(observe(state, 0, history)).floors[0] == 0  # nobody guesses their own hand
    for seed in range(20):
        world = determinize(obs, random.Random(seed))
        unseen = [c for c in world.hand_ids(0) if c not in obs.known[0]]
        assert all(RANK_OF[c] > 4 and RANK_OF[c] not in (10, 14) for c in unseen)


@pytest.mark.parametrize("preset", ["classic", "traditional"])
def test_r11_pick_up_by_a_flip_says_nothing_about_the_hand(preset):
    state = position(
        [
            player("A", up=[None, None, None, None], down=["K", None, None, None]),
            player("9 5"),
            player("9 5"),
            player("9 5"),
        ],
        pile="8 7 4",
        to_move=0,
        rules={"preset": preset},
    )
    history = PublicHistory(4)
    history.feed(state.apply(Flip(0)))  # the king is higher: the pile is picked up
    assert [e.kind for e in history.events][:2] in (["flipped", "picked_up"], ["flipped", "played"])
    assert guesses(observe(state, 1, history)).floors[0] == 0


def test_r8_take_all_pick_up_sets_the_floor_from_the_top_before_the_play():
    state = position(
        [player("Q K"), player("9 5"), player("9 5"), player("9 5")],
        pile="8 7 6",
        to_move=0,
        rules={"preset": "traditional"},
    )
    history = PublicHistory(4)
    history.feed(state.apply(Play((12,), ())))
    assert guesses(observe(state, 1, history)).floors[0] == 6


def test_r7_a_set_under_the_top_suggests_no_ranks_between():
    state = position(
        [player("9 5 5"), player("9 2"), player("9 2"), player("9 2")],
        pile="J",
        to_move=0,
        rules={"preset": "classic"},
    )
    history = PublicHistory(4)
    history.feed(state.apply(Play((9,), ())))  # 9 on the jack: nothing says anything
    history.feed(state.apply(Play((2,), ())))  # 2 on the 9: player 1 seems to lack 3-9
    obs = observe(state, 0, history)
    between = sum(1 << q for q in range(3, 10))
    assert guesses(obs).gaps[1] == between
    assert guesses(obs).gaps[0] == 0  # own hand: no guess
    assert guesses(observe(state, 1, history)).gaps[1] == 0
    # Search deals player 1 a card of those ranks only with chance gap_weight.
    dealt = {0.0: 0, 1.0: 0}
    for gap_weight in dealt:
        sampler = WorldSampler(obs, gap_weight)
        for seed in range(30):
            world = sampler.sample(random.Random(seed))
            dealt[gap_weight] += sum(1 for c in world.hand_ids(1) if (between >> RANK_OF[c]) & 1)
    assert dealt[0.0] == 0
    assert dealt[1.0] > 0


def test_r12_a_follow_up_or_a_new_pile_under_the_top_is_no_sign_of_gaps():
    state = position(
        [player("5 K", down=["5", None, None, None]), player("9 2"), player("9 2"), player("9 2")],
        pile="9",
        to_move=0,
        rules={"preset": "classic"},
    )
    history = PublicHistory(4)
    history.feed(state.apply(Flip(0)))  # a 5 from a mystery card: the hand chose nothing
    assert guesses(observe(state, 1, history)).gaps[0] == 0
    nine = replace(history.events[-1], player=3, ranks=(9,), zones=("hand",))
    five = replace(history.events[-1], zones=("hand",))
    # A 5 from the hand on a 9 says the hand probably lacks 6-9 ...
    assert fold((nine, five), 4)[1][0] == sum(1 << q for q in range(6, 10))
    # ... but not as a follow-up (R12) or as a new pile after a pick-up (R8).
    for fact in ({"follow": True}, {"new_pile": True}):
        assert fold((nine, replace(five, **fact)), 4)[1][0] == 0


@quick_and_full(1, 4, "deals")  # a deal gives 350 to 970 observations to check
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_guesses_kept_up_move_by_move_equal_a_fold_from_scratch(preset, deals):
    """The fold resumes from the last history it saw; branching histories stay apart."""
    rules = Rules.from_preset(preset)
    checked = guessed = 0
    for seed in range(deals):
        state, events = new_deal(rules, 4, seed=seed)
        history = PublicHistory(4)
        history.feed(events)
        rng = random.Random(seed)
        branch = None
        while not state.is_over:
            for seat in range(4):
                obs = observe(state, seat, history.copy())
                fresh = tuple(replace(e) for e in obs.history)  # new objects: no resuming
                floors, gaps = fold(fresh, 4)
                floors[seat] = gaps[seat] = 0
                assert guesses(obs) == guesses(obs)
                assert (list(guesses(obs).floors), list(guesses(obs).gaps)) == (floors, gaps)
                checked += 1
                guessed += any(floors) or any(gaps)
            if branch is None and len(history.events) > 30:
                branch = (state.clone(), history.copy())
            history.feed(state.apply(rng.choice(state.legal_actions())))
        assert branch is not None
        other_state, other = branch
        while not other_state.is_over:  # another road from the same history
            other.feed(other_state.apply(rng.choice(other_state.legal_actions())))
            obs = observe(other_state, 2, other)
            floors, gaps = fold(tuple(replace(e) for e in obs.history), 4)
            floors[2] = gaps[2] = 0
            assert (list(guesses(obs).floors), list(guesses(obs).gaps)) == (floors, gaps)
    assert checked > 100 * deals
    assert guessed > checked // 4, "the deals gave the fold something to guess"


def test_with_no_guesses_the_sampler_deals_like_the_engines_uniform_world():
    state, events = new_deal(Rules.from_preset("app"), 4, seed=11)
    history = PublicHistory(4)
    history.feed(events)
    obs = observe(state, 3, history)
    assert guesses(obs).floors == (0,) * 4 and guesses(obs).gaps == (0,) * 4
    for seed in range(5):
        ours = determinize(obs, random.Random(seed))
        uniform = obs.random_world(random.Random(seed))
        assert _world(ours) == _world(uniform)
    assert _world(determinize(obs, random.Random(1))) != _world(determinize(obs, random.Random(2)))
