"""Invariants under random play (hypothesis): no card lost or duplicated, replay is exact,
and the position notation round-trips."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swoop_desktop.engine import (
    END,
    RANK_OF,
    Add,
    Flip,
    IllegalActionError,
    Match,
    Play,
    Rules,
    action_from_json,
    format_position,
    new_deal,
    parse_position,
)
from tests.sizes import quick_and_full

rules_strategy = st.builds(
    lambda preset, max_four, tens, hand, table, chain, pickup, after, first: Rules.from_preset(
        preset,
        max_four=max_four,
        tens_are_swoop_cards=tens,
        hand_size=hand,
        table_cards=table,
        mystery_chain=chain,
        pickup=pickup,
        match_after_pickup=after,
        first_player=first,
    ),
    st.sampled_from(["app", "classic", "traditional"]),
    st.booleans(),
    st.booleans(),
    st.sampled_from([11, 12]),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["new_pile", "take_all"]),
    st.booleans(),
    st.sampled_from(["left_of_dealer", "high_card"]),
)


def _settings(examples: int) -> settings:
    """Hypothesis draws ``examples`` examples: the quick tier a third of the full size."""
    return settings(
        max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )


@quick_and_full(20, 60, "examples")
def test_no_card_is_ever_lost_or_duplicated(examples):
    @_settings(examples)
    @given(
        rules=rules_strategy,
        players=st.integers(3, 8),
        seed=st.integers(0, 2**32),
        choice_seed=st.integers(0, 2**32),
        steps=st.integers(0, 400),
    )
    def check(rules, players, seed, choice_seed, steps):
        state, _ = new_deal(rules, players, seed)
        total = rules.deck_count(players) * 54
        rng = random.Random(choice_seed)
        for _ in range(steps):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            cards = state.all_card_ids()
            assert len(cards) == total and len(set(cards)) == total
            assert (
                sum(len(lst) for lst in state.hands[state.to_move])
                == state.hand_count[state.to_move]
            )

    check()


@quick_and_full(20, 60, "examples")
def test_parse_format_round_trip_mid_deal(examples):
    @_settings(examples)
    @given(
        rules=rules_strategy,
        players=st.integers(3, 8),
        seed=st.integers(0, 2**32),
        choice_seed=st.integers(0, 2**32),
        steps=st.integers(0, 300),
    )
    def check(rules, players, seed, choice_seed, steps):
        state, _ = new_deal(rules, players, seed)
        rng = random.Random(choice_seed)
        for _ in range(steps):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        text = format_position(state)
        again = parse_position(text)
        assert again == state
        assert format_position(again) == text
        assert again.legal_actions() == state.legal_actions()

    check()


@quick_and_full(20, 60, "examples")
def test_same_seed_and_actions_replay_byte_for_byte(examples):
    @_settings(examples)
    @given(
        seed=st.integers(0, 2**32),
        choice_seed=st.integers(0, 2**32),
        preset=st.sampled_from(["app", "classic", "traditional"]),
        players=st.integers(3, 8),
    )
    def check(seed, choice_seed, preset, players):
        rules = Rules.from_preset(preset, target=60)
        match = Match(rules, players, seed)
        events = match.start_hand()
        rng = random.Random(choice_seed)
        played: list[list] = [[]]
        for _ in range(600):
            if match.over:
                break
            if match.hand_over:
                events += match.start_hand()
                played.append([])
                continue
            action = rng.choice(match.legal_actions())
            played[-1].append(action.to_json())
            events += match.apply(action)
        again = Match(rules, players, seed)
        replayed = again.replay([[action_from_json(a) for a in hand] for hand in played])
        assert repr(replayed) == repr(events)
        assert format_position(again.state) == format_position(match.state)
        assert again.totals == match.totals and again.sheet == match.sheet

    check()


@quick_and_full(20, 60, "examples")
def test_clone_is_independent_and_equal(examples):
    @_settings(examples)
    @given(seed=st.integers(0, 2**32), steps=st.integers(0, 200))
    def check(seed, steps):
        state, _ = new_deal(Rules.from_preset("app"), 4, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        copy = state.clone()
        assert copy == state
        if not copy.is_over:
            before = format_position(state)
            copy.apply_fast(copy.legal_actions()[0])
            assert format_position(state) == before

    check()


@quick_and_full(12, 40, "deals")  # twelve deals: four of each preset
def test_fast_path_and_checked_path_agree(deals):
    rng = random.Random(7)
    for seed in range(deals):
        a, _ = new_deal(Rules.from_preset(["app", "classic", "traditional"][seed % 3]), 4, seed)
        b = a.clone()
        while not a.is_over:
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply_fast(action)
            assert format_position(a) == format_position(b)


@quick_and_full(20, 60, "examples")
def test_events_alone_rebuild_every_zone(examples):
    """Events carry their own data: folding them gives the engine's zones exactly."""

    @_settings(examples)
    @given(
        rules=rules_strategy,
        players=st.integers(3, 8),
        seed=st.integers(0, 2**32),
        choice_seed=st.integers(0, 2**32),
    )
    def check(rules, players, seed, choice_seed):
        from swoop_desktop.engine.board import EventBoard

        state, events = new_deal(rules, players, seed)
        board = EventBoard()
        board.feed(events)
        rng = random.Random(choice_seed)
        for _ in range(250):
            if state.is_over:
                break
            board.feed(state.apply(rng.choice(state.legal_actions())))
            assert board.pile == state.pile and board.swept == state.swept
            assert board.set_aside == state.set_aside
            for p in range(players):
                assert sorted(board.hands[p]) == sorted(c for lst in state.hands[p] for c in lst)
                assert board.up[p] == state.up[p] and board.down[p] == state.down[p]
            if not state.is_over:
                assert board.to_move == state.to_move and board.phase == state.phase_name
        assert board.over == state.is_over

    check()


UPS: list = [(), *((s,) for s in range(-1, 5)), *((a, b) for a in range(4) for b in range(4))]
UPS += [(0, 1, 2), (2, 1, 0), (0, 1, 2, 3), [1], [0, 2], []]


def _candidates(state, rng: random.Random) -> list:
    """Well-formed and malformed actions near this state: the ranks in play and one
    more, up to five cards, slots out of order or twice, lists for tuples, slots that
    do not exist, and every flip."""
    p = state.to_move
    ranks = {r for r in range(1, 15) if state.hands[p][r]}
    ranks |= {RANK_OF[c] for c in state.up[p] if c is not None}
    ranks |= {state.follow_rank or 7, state.top or 8, rng.randrange(1, 15)}
    found: list = [END, Flip("1"), *(Flip(s) for s in range(-1, 5))]
    for kind in (Play, Add):
        for r in ranks:
            found += [kind((r,) * k, up) for k in range(6) for up in UPS]
            found += [kind([r], ()), kind((r, r % 14 + 1), ())]
        found += [kind((x,) * k) for x in (0, -1, 15) for k in (1, 2)]
    return found


@quick_and_full(10, 30, "examples")  # examples drawn by Hypothesis, each up to 8 positions
def test_check_accepts_exactly_the_listed_actions(examples):
    """check (the first step of apply) refuses every action legal_actions does not
    list, touching nothing, and accepts every one it does, in every phase of a deal."""

    @_settings(examples)
    @given(
        rules=rules_strategy,
        players=st.integers(3, 6),
        seed=st.integers(0, 2**32),
        choice_seed=st.integers(0, 2**32),
    )
    def check(rules, players, seed, choice_seed):
        state, _ = new_deal(rules, players, seed)
        rng = random.Random(choice_seed)
        looked = 0
        while not state.is_over and looked < 8:
            legal = state.legal_actions()
            if rng.random() < 0.15 or state.phase_name != "play":
                looked += 1
                before = format_position(state)
                for action in _candidates(state, rng) + legal:
                    try:
                        state.check(action)
                    except IllegalActionError:
                        assert action not in legal, action
                    else:
                        assert action in legal, action
                assert format_position(state) == before
            state.apply(rng.choice(legal))

    check()
