"""Observations hold exactly what a seat may know (docs/rules.md, "What each player may know")."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, fields

import pytest

from swoop_desktop.engine import RANK_OF, Add, Flip, Play, Rules, WorldError, new_deal
from swoop_desktop.engine.observation import Observation, PublicHistory, observe

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


def test_the_observation_holds_facts_only_and_no_guesses():
    """Guesses about hidden cards (floors, gaps, how to weigh re-deals) are the AI's."""
    names = {f.name for f in fields(Observation)}
    assert not names & {"floors", "gaps", "floor", "gap_weight"}
    state, history = played_position("classic", 3, plays=40)
    obs = observe(state, 1, history)
    assert obs.history, "a played position has a public record"
    for attr in ("floors", "gaps", "determinize"):
        assert not hasattr(obs, attr), attr
    for attr in ("floor", "gaps", "top"):
        assert not hasattr(history, attr), attr


def test_r8_r12_the_public_record_says_which_plays_started_a_new_pile_or_followed_up():
    state = position(
        [player("5 K", down=["5", None, None, None]), player("9 2"), player("9 2"), player("9 2")],
        pile="9",
        to_move=0,
        rules={"preset": "classic"},
    )
    history = PublicHistory(4)
    history.feed(state.apply(Flip(0)))  # R11: a 5 from the mystery card goes on the 9
    history.feed(state.apply(Add((5,), ())))  # R12: the follow-up the flip offered
    assert [(e.kind, e.ranks, e.follow) for e in history.events] == [
        ("flipped", (5,), False),
        ("played", (5,), False),
        ("played", (5,), True),
    ]
    assert history.events[1].zones == ("down0",)
    state = position(
        [player("3 3 K"), player("9 5"), player("9 5"), player("9 5")],
        pile="8 7 7",
        to_move=0,
        rules={"preset": "classic"},
    )
    history = PublicHistory(4)
    history.feed(state.apply(Play((13,), ())))  # R8 new_pile: picks up, the king starts anew
    played = history.events[1]
    assert (played.kind, played.ranks, played.new_pile, played.follow) == (
        "played",
        (13,),
        True,
        False,
    )


def _truth(state, obs):
    """The real placing of the cards ``obs.seat`` cannot see, in the form Observation.world takes."""
    hands = [
        [] if p == obs.seat else [c for c in state.hand_ids(p) if c not in obs.known[p]]
        for p in range(state.n)
    ]
    down = [list(state.down[p]) for p in range(state.n)]
    set_aside = [c for c in state.set_aside if c not in obs.drawn]
    return hands, down, set_aside


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_world_built_from_the_real_placing_is_the_real_deal(preset):
    for seed in range(6):
        state, history = played_position(preset, seed, plays=20 + 9 * seed)
        seat = (seed + 1) % 4
        obs = observe(state, seat, history)
        world = obs.world(*_truth(state, obs))
        assert observe(world, seat, history) == obs
        for p in range(4):
            assert world.hand_ids(p) == state.hand_ids(p)
            assert world.down[p] == state.down[p]
            assert world.up[p] == state.up[p]
        assert sorted(world.set_aside) == sorted(state.set_aside)
        assert world.legal_actions() == state.legal_actions()


def _spoil(kind, hands, down, set_aside, obs):
    """Make one mistake of ``kind`` in a placing of the unseen cards."""
    other = (obs.seat + 1) % obs.n
    if kind == "short":
        hands[other].pop()
    elif kind == "own":
        hands[obs.seat].append(set_aside.pop())
    elif kind == "seen":
        hands[other][0] = obs.hand[0]
    elif kind == "twice":
        set_aside[0] = hands[other][0]
    elif kind == "slot":
        down[other][0] = None
    elif kind == "aside":
        set_aside.pop()
    elif kind == "players":
        hands.pop()


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("short", r"^world: player 2's hand needs 11 unseen cards \(11 held, 0 known\), got 10$"),
        (
            "own",
            r"^world: player 1 is this seat, whose hand is known; place no cards there, got 1$",
        ),
        ("seen", r"^world: card \d+ is not one this seat cannot see$"),
        ("twice", r"^world: card \d+ is placed twice$"),
        ("slot", r"^world: player 2's face-down slot 0 needs a card$"),
        ("aside", r"^world: \d+ set-aside cards are unseen, got \d+$"),
        ("players", r"^world: hands must list 4 players, got 3$"),
    ],
)
def test_a_placing_that_does_not_fit_is_refused_in_plain_words(kind, message):
    state, events = new_deal(Rules.from_preset("classic"), 4, seed=8)
    history = PublicHistory(4)
    history.feed(events)
    obs = observe(state, 1, history)
    hands, down, set_aside = _truth(state, obs)
    assert obs.world(hands, down, set_aside).hand_ids(2) == state.hand_ids(2)
    _spoil(kind, hands, down, set_aside, obs)
    with pytest.raises(WorldError, match=message) as err:
        obs.world(hands, down, set_aside)
    assert isinstance(err.value, ValueError)
    assert observe(state, 1, history) == obs, "the observation is unchanged"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_random_world_is_consistent_with_the_observation(preset):
    for seed in range(12):
        state, history = played_position(preset, seed, plays=25 + 7 * seed)
        seat = seed % 4
        obs = observe(state, seat, history)
        world = obs.random_world(random.Random(seed))
        ids = world.all_card_ids()
        assert sorted(ids) == list(range(world.decks * 54)), "every card exactly once"
        for p in range(4):
            assert world.hand_count[p] == state.hand_count[p]
            assert set(obs.known[p]) <= set(world.hand_ids(p)), "known cards stay with the holder"
            assert [c is not None for c in world.down[p]] == [c is not None for c in state.down[p]]
        assert world.hand_ids(seat) == state.hand_ids(seat)
        assert observe(world, seat, history) == obs
        if state.to_move == seat:
            assert world.legal_actions() == state.legal_actions()
