"""Observations hold exactly what a seat may know (docs/rules.md, "What each player may know")."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError

import pytest

from swoop_desktop.engine import RANK_OF, Flip, Play, Rules, new_deal
from swoop_desktop.engine.observation import PublicHistory, observe

from .helpers import PRESET_NAMES, played_position, player, position


def test_observation_shows_own_hand_and_only_counts_of_others():
    state, events = new_deal(Rules.from_preset("app"), 4, seed=5)
    history = PublicHistory(4)
    history.feed(events)
    obs = observe(state, 2, history)
    assert obs.hand == tuple(state.hand_ids(2))
    assert obs.hand_counts == (11, 11, 11, 11)
    assert obs.up == tuple(tuple(u) for u in state.up)
    assert obs.down == ((True,) * 4,) * 4
    assert obs.set_aside_count == len(state.set_aside)
    assert obs.known == ((), (), (), ())
    # No other hand's card id, no face-down id, no set-aside id appears anywhere.
    hidden = set(state.set_aside)
    for p in range(4):
        hidden.update(c for c in state.down[p])
        if p != 2:
            hidden.update(state.hand_ids(p))
    visible = set(obs.hand) | {c for u in obs.up for c in u if c is not None}
    visible |= set(obs.pile) | set(obs.swept) | {c for k in obs.known for c in k}
    assert not hidden & visible


def test_observation_is_frozen():
    state, _ = new_deal(Rules.from_preset("app"), 4, seed=1)
    obs = observe(state, 0)
    with pytest.raises(FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]


def test_r8_public_pick_up_is_remembered_until_those_cards_are_played():
    state = position(
        [player("3 3 K"), player("9 5"), player("9 5"), player("9 5")],
        pile="8 7 7",
        to_move=0,
        rules={"preset": "classic"},
    )
    history = PublicHistory(4)
    pile_ids = list(state.pile)
    eight = pile_ids[0]
    history.feed(state.apply(Play((13,), ())))  # the king is higher: player 0 picks up
    obs = observe(state, 1, history)
    assert sorted(obs.known[0]) == sorted(pile_ids)
    assert observe(state, 0, history).known[0] == ()  # one's own hand is simply the hand
    for _ in range(3):  # players 1-3 each put a 9 on the king
        history.feed(state.apply(Play((9,), ())))
    assert state.to_move == 0 and state.top == 9
    history.feed(state.apply(Play((8,), ())))  # the known 8 is played
    obs = observe(state, 2, history)
    assert eight not in obs.known[0]
    assert sorted(obs.known[0]) == sorted(pile_ids[1:])
    assert [RANK_OF[c] for c in obs.known[0]] == [7, 7]
    assert [e.kind for e in obs.history[:2]] == ["picked_up", "played"]  # R8 new_pile order


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_determinize_is_consistent_with_the_observation(preset):
    for seed in range(12):
        state, history = played_position(preset, seed, plays=25 + 7 * seed)
        seat = seed % 4
        obs = observe(state, seat, history)
        world = obs.determinize(random.Random(seed))
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


def test_dealt_event_hidden_cards_are_ignored_by_the_history():
    state, events = new_deal(Rules.from_preset("app"), 4, seed=9)
    history = PublicHistory(4)
    history.feed(events)
    assert history.events == []
    assert all(not k for k in history.known)


def test_observe_rejects_a_bad_seat():
    state, _ = new_deal(Rules.from_preset("app"), 4, seed=1)
    with pytest.raises(ValueError, match="seat"):
        observe(state, 4)


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
    assert obs.floors[0] == 4  # public inference: player 0 showed nothing at or under 4
    assert observe(state, 0, history).floors[0] == 0  # nobody infers about their own hand
    for seed in range(20):
        world = obs.determinize(random.Random(seed))
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
    assert history.floor[0] == 0


def test_r8_take_all_pick_up_sets_the_floor_from_the_top_before_the_play():
    state = position(
        [player("Q K"), player("9 5"), player("9 5"), player("9 5")],
        pile="8 7 6",
        to_move=0,
        rules={"preset": "traditional"},
    )
    history = PublicHistory(4)
    history.feed(state.apply(Play((12,), ())))
    assert history.floor[0] == 6


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
    assert obs.gaps[1] == sum(1 << q for q in range(3, 10))
    assert obs.gaps[0] == 0  # own hand: no inference
    assert observe(state, 1, history).gaps[1] == 0
