"""One test (or a few) per rule of docs/rules.md, R1-R17, named by rule id."""

from __future__ import annotations

import pytest

from swoop_desktop.engine import (
    END,
    Flip,
    IllegalActionError,
    Match,
    Play,
    Rules,
    TerminationError,
    new_deal,
)
from swoop_desktop.engine.events import events_json
from swoop_desktop.engine.state import MAX_PLAYS

from .helpers import act, player, pos, position, types

APP = {"preset": "app"}
CLASSIC = {"preset": "classic"}
TRAD = {"preset": "traditional"}


def three(
    hand0: str = "K",
    *,
    up0=None,
    down0=None,
    pile="",
    rules=None,
    to_move=0,
    phase="play",
    others: str = "A 2 3",
):
    """A 3-player position where players 1 and 2 hold a few filler cards."""
    return position(
        [player(hand0, up0, down0), player(others), player(others)],
        pile=pile,
        rules=rules or APP,
        to_move=to_move,
        phase=phase,
    )


# ---------------------------------------------------------------- R1 decks
@pytest.mark.parametrize("players,decks", [(3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)])
def test_r1_deck_count_follows_the_table(players, decks):
    state, _ = new_deal(Rules.from_preset("app"), players, seed=3)
    cards = state.all_card_ids()
    assert len(cards) == 54 * decks == len(set(cards))
    jokers = [c for c in cards if c % 54 >= 52]
    assert len(jokers) == 2 * decks


def test_r1_decks_option_overrides_auto():
    state, _ = new_deal(Rules.from_preset("app", decks=3), 4, seed=1)
    assert len(state.all_card_ids()) == 162
    state, _ = new_deal(Rules.from_preset("traditional"), 4, seed=1)
    assert len(state.all_card_ids()) == 162


# ---------------------------------------------------------------- R2 ranks
def test_r2_lower_rank_goes_on_higher():
    state = three("J", pile="Q")
    events = act(state, {"play": {"hand": "J"}})
    assert "picked_up" not in types(events)
    assert pos(state)["pile"] == "Q J"


def test_r2_ace_is_lowest_and_king_highest():
    state = three("A K", pile="2")
    assert Play((1,), ()) in state.legal_actions()
    act(state, {"play": {"hand": "A"}})
    assert pos(state)["pile"] == "2 A"
    state = three("K A", pile="Q")
    events = act(state, {"play": {"hand": "K"}})
    assert "picked_up" in types(events)


def test_r2_ten_is_a_swoop_card_by_default():
    state = three("T 5", pile="3")
    events = act(state, {"play": {"hand": "T"}})
    assert types(events)[:2] == ["played", "swooped"]
    assert pos(state)["pile"] == ""


def test_r2_tens_not_swoop_cards_rank_between_nine_and_jack():
    rules = {"preset": "app", "tens_are_swoop_cards": False}
    state = three("T T 5", pile="J", rules=rules)
    events = act(state, {"play": {"hand": "T T"}})
    assert types(events) == ["played", "turn"]
    assert pos(state)["pile"] == "J T T"
    state = three("T 5", pile="9", rules=rules)
    events = act(state, {"play": {"hand": "T"}})
    assert "picked_up" in types(events)  # 10 is higher than 9
    # Jokers still swoop.
    state = three("X 5", pile="9", rules=rules)
    assert types(act(state, {"play": {"hand": "X"}}))[:2] == ["played", "swooped"]


# ---------------------------------------------------------------- R3 seats
def test_r3_play_passes_clockwise_and_wraps():
    state = three("5 6", to_move=2, others="7 8")
    events = act(state, {"play": {"hand": "8"}})
    assert events[-1] == {"type": "turn", "player": 0, "phase": "play"}
    events = act(state, {"play": {"hand": "5"}})
    assert events[-1]["player"] == 1


# ---------------------------------------------------------------- R4 layout
def test_r4_each_player_gets_four_down_four_up_and_eleven_in_hand():
    state, events = new_deal(Rules.from_preset("app"), 4, seed=11)
    events = events_json(events)
    for p in range(4):
        assert state.hand_count[p] == 11
        assert all(c is not None for c in state.up[p])
        assert all(c is not None for c in state.down[p])
    assert len(state.set_aside) == 108 - 4 * 19
    assert events[0]["type"] == "dealt"


def test_r4_hand_size_twelve_and_no_table_cards():
    state, _ = new_deal(Rules.from_preset("app", hand_size=12), 4, seed=2)
    assert state.hand_count == [12] * 4
    assert len(state.set_aside) == 108 - 4 * 20
    state, _ = new_deal(Rules.from_preset("app", table_cards=False), 4, seed=2)
    assert state.hand_count == [11] * 4
    assert all(c is None for p in range(4) for c in state.up[p] + state.down[p])
    assert not any(isinstance(a, Flip) for a in state.legal_actions())


# ---------------------------------------------------------------- R5 dealer and leader
def test_r5_player_left_of_dealer_leads():
    for dealer in range(4):
        state, events = new_deal(Rules.from_preset("app"), 4, seed=5, dealer=dealer)
        events = events_json(events)
        assert state.to_move == (dealer + 1) % 4
        assert events[-1]["type"] == "turn" and events[-1]["first"] is True


def test_r5_first_dealer_is_random_but_seeded():
    dealers = {new_deal(Rules.from_preset("app"), 4, seed=s)[0].dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert (
        new_deal(Rules.from_preset("app"), 4, seed=9)[0].dealer
        == new_deal(Rules.from_preset("app"), 4, seed=9)[0].dealer
    )


def test_r5_deal_passes_left_after_each_hand():
    match = Match(Rules.from_preset("app", target=5000), 4, seed=4)
    match.start_hand()
    first = match.state.dealer
    _play_out_hand(match)
    match.start_hand()
    assert match.state.dealer == (first + 1) % 4


def test_r5_high_card_leader_drew_the_highest_card():
    order = "A23456789JQK"
    for seed in range(40):
        state, events = new_deal(Rules.from_preset("traditional"), 4, seed=seed)
        drew = [e for e in events_json(events) if e["type"] == "drew"]
        assert [e["player"] for e in drew[:4]] == [0, 1, 2, 3]
        latest = {e["player"]: e["card"] for e in drew}
        leader_card = latest[state.to_move]
        assert leader_card in order, "a drawn Swoop card never decides"
        last_round = max(e["round"] for e in drew)
        for e in drew:
            if e["round"] == last_round and e["player"] != state.to_move and e["card"] in order:
                assert order.index(e["card"]) < order.index(leader_card)
        # Drawn cards go back: the set-aside cards are all still there.
        assert len(state.set_aside) == 162 - 4 * 19


def test_r5_high_card_single_highest_leads_and_ties_redraw():
    import random

    from swoop_desktop.engine.cards import ids_by_rank
    from swoop_desktop.engine.state import _high_card

    pools = ids_by_rank(3)
    for seed in range(10):
        state, _ = new_deal(Rules.from_preset("traditional"), 4, seed=seed)
        state.set_aside = [pools[13][0], pools[5][0], pools[3][0], pools[2][0]]
        events: list = []
        leader = _high_card(state, random.Random(seed), events, fallback=0)
        assert len(events) == 4
        assert next(e["player"] for e in events_json(events) if e["card"] == "K") == leader
    # Every card equal: no single highest ever; after many rounds the leader falls back.
    state, _ = new_deal(Rules.from_preset("traditional"), 4, seed=1)
    state.set_aside = pools[7][:4]
    events = []
    assert _high_card(state, random.Random(1), events, fallback=2) == 2
    assert events_json(events)[-1] == {"type": "draw_skipped", "reason": "no_winner"}


# ---------------------------------------------------------------- R6 sets
def test_r6_set_mixes_hand_and_face_up_cards():
    state = three("7 7 K", up0=["7", None, None, None], down0=["2", "3", "4", "5"])
    events = act(state, {"play": {"hand": "7 7", "up": [0]}})
    assert events[0]["from"] == ["hand", "hand", "up0"]
    assert pos(state)["pile"] == "7 7 7"
    assert pos(state)["players"][0]["up"] == [None, None, None, None]


def test_r6_a_set_is_one_rank():
    state = three("7 8 K")
    with pytest.raises(IllegalActionError, match="^R6"):
        act(state, {"play": {"hand": "7 8"}})
    with pytest.raises(IllegalActionError, match="^R6"):
        act(state, {"play": {"hand": ""}})
    with pytest.raises(IllegalActionError, match="^R6"):
        act(state, {"play": {"hand": "9"}})


@pytest.mark.parametrize("rank", [0, -1, 15, 7.0, "7", None])
def test_r2_an_action_naming_no_rank_is_refused_in_plain_words(rank):
    state = three("7 X X K")  # two Jokers (rank 14): -1 must not reach them
    before = pos(state)
    for action in (Play((rank,)), Play((rank, rank))):
        with pytest.raises(IllegalActionError, match=r"^R2: there is no rank .* \(ranks are 1"):
            state.apply(action)
    assert pos(state) == before


def test_r6_equal_rank_hand_cards_are_one_action_face_up_slots_are_not():
    state = three("7 7", up0=["7", "7", None, None], down0=["2", "3", "4", "5"])
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    # hand 0-2 sevens x subsets of slots {0, 1}, at most four cards, at least one.
    assert len(plays) == 3 * 4 - 1  # 0-2 hand sevens x subsets of slots {0, 1}, minus nothing
    assert len(set(plays)) == len(plays)


# ---------------------------------------------------------------- R7 lower or equal
def test_r7_equal_or_lower_goes_on_the_pile_and_turn_passes():
    state = three("5 5 9", pile="9 5")
    events = act(state, {"play": {"hand": "5"}})
    assert types(events) == ["played", "turn"]
    assert pos(state)["pile"] == "9 5 5"
    assert state.to_move == 1


def test_r7_any_set_on_an_empty_pile():
    state = three("K K 2")
    act(state, {"play": {"hand": "K K"}})
    assert pos(state)["pile"] == "K K"


# ---------------------------------------------------------------- R8 higher: pick up
def test_r8_new_pile_takes_pile_and_starts_new_one_then_follow_up():
    state = three("9 9 2", pile="8 5")
    events = act(state, {"play": {"hand": "9"}})
    assert types(events) == ["picked_up", "played", "turn"]
    assert events[1]["new_pile"] is True
    assert events[-1] == {"type": "turn", "player": 0, "phase": "follow", "rank": "9"}
    assert pos(state)["pile"] == "9"
    assert pos(state)["players"][0]["hand"] == "2 5 8 9"
    act(state, {"add": {"hand": "9"}})
    assert pos(state)["pile"] == "9 9"
    assert state.to_move == 1


def test_r8_follow_up_may_use_the_cards_just_taken():
    state = three("9 2", pile="9 9 5")
    events = act(state, {"play": {"hand": "9"}})
    assert events[-1]["phase"] == "follow"
    act(state, {"add": {"hand": "9 9"}})
    assert pos(state)["pile"] == "9 9 9"


def test_r8_no_follow_up_when_nothing_matches():
    state = three("9 2", pile="5")
    events = act(state, {"play": {"hand": "9"}})
    assert events[-1] == {"type": "turn", "player": 1, "phase": "play"}


def test_r8_classic_turn_passes_after_pick_up():
    state = three("9 9 2", pile="8 5", rules=CLASSIC)
    events = act(state, {"play": {"hand": "9"}})
    assert types(events) == ["picked_up", "played", "turn"]
    assert events[-1]["player"] == 1
    assert pos(state)["pile"] == "9"


def test_r8_new_pile_of_four_swoops_and_plays_again():
    state = three("9 9 9 9 2", pile="5")
    events = act(state, {"play": {"hand": "9 9 9 9"}})
    assert types(events) == ["picked_up", "played", "swooped", "turn"]
    assert events[-1] == {"type": "turn", "player": 0, "phase": "play", "bonus": True}
    assert pos(state)["swept"] == "9 9 9 9"
    assert pos(state)["players"][0]["hand"] == "2 5"


def test_r8_take_all_puts_set_and_pile_in_hand_and_turn_passes():
    state = three("9 9 2", pile="8 5", rules=TRAD)
    events = act(state, {"play": {"hand": "9"}})
    assert types(events) == ["played", "picked_up", "turn"]
    assert events[1]["count"] == 3
    assert pos(state)["pile"] == ""
    assert pos(state)["players"][0]["hand"] == "2 5 8 9 9"
    assert state.to_move == 1


# ---------------------------------------------------------------- R9 swoop
def test_r9_four_of_a_rank_over_several_plays_swoops():
    state = three("8 2", pile="K 8 8 8")
    events = act(state, {"play": {"hand": "8"}})
    assert types(events) == ["played", "swooped", "turn"]
    assert events[1]["by"] == "four" and events[1]["count"] == 5
    assert events[-1]["bonus"] is True and events[-1]["player"] == 0
    assert pos(state)["swept"] == "K 8 8 8 8"


def test_r9_max_four_limits_cards_on_top():
    state = three("8 8 2", pile="8 8 8")
    with pytest.raises(IllegalActionError, match=r"^R9: three 8s on top: at most 1 more"):
        act(state, {"play": {"hand": "8 8"}})
    assert pos(state)["pile"] == "8 8 8"
    state = three("5 5 5 5 5 2")
    with pytest.raises(IllegalActionError, match="^R9"):
        act(state, {"play": {"hand": "5 5 5 5 5"}})


def test_r9_without_max_four_bigger_sets_and_runs_swoop():
    rules = {"preset": "app", "max_four": False}
    state = three("8 8 2", pile="8 8", rules=rules)
    events = act(state, {"play": {"hand": "8 8"}})
    assert "swooped" in types(events)
    state = three("8 8 2", pile="8 8 8", rules=rules)
    events = act(state, {"play": {"hand": "8 8"}})
    assert types(events)[:2] == ["played", "swooped"] and events[1]["count"] == 5
    state = three("5 5 5 5 5 2", rules=rules)
    assert Play((5,) * 5, ()) in state.legal_actions()
    events = act(state, {"play": {"hand": "5 5 5 5 5"}})
    assert events[1]["count"] == 5


def test_r9_three_on_top_is_not_a_swoop():
    state = three("8 8 8 2", pile="9")
    events = act(state, {"play": {"hand": "8 8 8"}})
    assert "swooped" not in types(events)
    assert state.run == 3


# ---------------------------------------------------------------- R10 swoop cards
@pytest.mark.parametrize("card", ["T", "X"])
def test_r10_swoop_card_clears_any_pile_and_plays_again(card):
    state = three(f"{card} 5", pile="K Q 2")
    events = act(state, {"play": {"hand": card}})
    assert types(events) == ["played", "swooped", "turn"]
    assert events[1]["by"] == "swoop_card"
    assert events[-1]["bonus"] is True
    assert pos(state)["swept"] == f"K Q 2 {card}"


def test_r10_swoop_card_on_empty_pile_and_from_face_up():
    state = three("5", up0=[None, "X", None, None], down0=["2", "3", "4", "6"])
    events = act(state, {"play": {"up": [1]}})
    assert types(events) == ["played", "swooped", "turn"]
    assert events[0]["from"] == ["up1"]


def test_r10_swoop_card_never_in_a_set():
    state = three("T T 5")
    assert Play((10, 10), ()) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="^R10"):
        act(state, {"play": {"hand": "T T"}})
    state = three("T X 5")
    with pytest.raises(IllegalActionError, match="^R6"):  # two ranks
        act(state, {"play": {"hand": "T X"}})


# ---------------------------------------------------------------- R11 mystery flip
def test_r11_only_uncovered_face_down_cards_flip():
    state = three("K", up0=["3", None, None, None], down0=["4", "5", None, None], pile="9")
    legal = state.legal_actions()
    assert Flip(1) in legal and Flip(0) not in legal and Flip(2) not in legal
    with pytest.raises(IllegalActionError, match="^R11: slot 0 is still covered"):
        act(state, {"flip": 0})
    with pytest.raises(IllegalActionError, match="^R11: slot 2 has no face-down card"):
        act(state, {"flip": 2})


def test_r11_flip_lower_goes_on_pile_and_offers_follow_up():
    state = three("5 K", down0=[None, "5", None, None], pile="9")
    events = act(state, {"flip": 1})
    assert types(events) == ["flipped", "played", "turn"]
    assert events[1]["from"] == ["down1"]
    assert events[-1] == {"type": "turn", "player": 0, "phase": "follow", "rank": "5"}
    act(state, {"add": {"hand": "5"}})
    assert pos(state)["pile"] == "9 5 5"


def test_r11_flip_lower_without_a_match_passes():
    state = three("K", down0=[None, "5", None, None], pile="9")
    events = act(state, {"flip": 1})
    assert events[-1] == {"type": "turn", "player": 1, "phase": "play"}


def test_r11_flip_higher_picks_up_and_starts_new_pile():
    state = three("K 2", down0=["K", None, None, None], pile="9 4")
    events = act(state, {"flip": 0})
    assert types(events) == ["flipped", "picked_up", "played", "turn"]
    assert pos(state)["pile"] == "K"
    assert pos(state)["players"][0]["hand"] == "2 4 9 K"
    assert events[-1]["phase"] == "follow"


def test_r11_flip_higher_with_take_all_goes_into_hand():
    state = three("2", down0=["K", "3", None, None], pile="9 4", rules=TRAD)
    events = act(state, {"flip": 0})
    assert types(events) == ["flipped", "played", "picked_up", "turn"]
    assert pos(state)["pile"] == ""
    assert pos(state)["players"][0]["hand"] == "2 4 9 K"


def test_r11_flipped_swoop_card_swoops():
    state = three("2", down0=["X", "3", None, None], pile="9 4")
    events = act(state, {"flip": 0})
    assert types(events) == ["flipped", "played", "swooped", "turn"]
    assert events[-1]["bonus"] is True


def test_r11_flip_is_never_a_follow_up():
    state = three("9 2", down0=[None, "3", None, None], pile="9", phase={"follow": "9"})
    with pytest.raises(IllegalActionError, match="^R11"):
        act(state, {"flip": 1})


# ---------------------------------------------------------------- R12 follow-up
def test_r12_follow_up_that_swoops_gives_a_bonus_play():
    state = three("9 9 9 9 2", pile="5")
    act(state, {"play": {"hand": "9"}})
    events = act(state, {"add": {"hand": "9 9 9"}})
    assert types(events) == ["played", "swooped", "turn"]
    assert events[-1]["bonus"] is True


def test_r12_declining_passes_the_turn():
    state = three("9 9 2", pile="5")
    act(state, {"play": {"hand": "9"}})
    events = events_json(state.apply(END))
    assert events == [{"type": "turn", "player": 1, "phase": "play"}]


def test_r12_follow_up_only_of_the_offered_rank_within_max_four():
    state = three("9 9 9 9 9 2 2", pile="5")
    act(state, {"play": {"hand": "9 9"}})
    with pytest.raises(IllegalActionError, match="^R12: the follow-up is for 9s"):
        act(state, {"add": {"hand": "2"}})
    with pytest.raises(IllegalActionError, match="^R9"):
        act(state, {"add": {"hand": "9 9 9"}})
    with pytest.raises(IllegalActionError, match="^R12"):
        act(state, {"play": {"hand": "2"}})
    # hand 1-2 nines (at most two more) plus End
    assert len(state.legal_actions()) == 3


def test_r12_follow_up_from_face_up_cards():
    state = three("9 2", up0=[None, None, "9", None], down0=["3", "3", "3", "3"], pile="5")
    events = act(state, {"play": {"hand": "9"}})
    assert events[-1]["phase"] == "follow"
    act(state, {"add": {"up": [2]}})
    assert pos(state)["pile"] == "9 9"


def test_r12_no_follow_up_offered_after_end_of_pile_play():
    state = three("5 5 2", pile="9")
    events = act(state, {"play": {"hand": "5"}})
    assert events[-1]["phase"] == "play" and events[-1]["player"] == 1


# ---------------------------------------------------------------- R13 mystery chain
def test_r13_chain_after_a_face_up_card_lower_continues():
    state = three(
        "K", up0=["7", None, None, None], down0=["6", "5", "Q", None], pile="9", rules=TRAD
    )
    events = act(state, {"play": {"up": [0]}})
    assert events[-1] == {"type": "turn", "player": 0, "phase": "chain"}
    events = act(state, {"flip": 0})  # 6 on 7: lower
    assert types(events) == ["flipped", "played", "turn"]
    assert events[-1]["phase"] == "chain"
    events = act(state, {"flip": 1})  # 5 on 6
    assert events[-1]["phase"] == "chain"
    events = act(state, {"flip": 2})  # Q on 5: higher, pick up, chain ends
    assert types(events) == ["flipped", "played", "picked_up", "turn"]
    assert events[-1] == {"type": "turn", "player": 1, "phase": "play"}
    assert pos(state)["players"][0]["hand"] == "5 6 7 9 Q K"


def test_r13_chain_stops_on_end_and_needs_the_option():
    state = three(
        "K", up0=["7", None, None, None], down0=["6", "5", None, None], pile="9", rules=TRAD
    )
    act(state, {"play": {"up": [0]}})
    assert state.apply(END)[-1].player == 1
    state = three("K", up0=["7", None, None, None], down0=["6", "5", None, None], pile="9")
    events = act(state, {"play": {"up": [0]}})
    assert events[-1] == {"type": "turn", "player": 1, "phase": "play"}


def test_r13_no_chain_after_hand_cards_only():
    state = three(
        "7 K", up0=["2", None, None, None], down0=["6", "5", None, None], pile="9", rules=TRAD
    )
    events = act(state, {"play": {"hand": "7"}})
    assert events[-1]["phase"] == "play" and events[-1]["player"] == 1


def test_r13_chain_swoop_ends_chain_with_bonus():
    state = three(
        "K", up0=["7", None, None, None], down0=["7", "X", None, None], pile="9 7 7", rules=TRAD
    )
    events = act(state, {"play": {"up": [0]}})
    assert events[-1]["phase"] == "chain"
    events = act(state, {"flip": 0})  # fourth 7
    assert types(events) == ["flipped", "played", "swooped", "turn"]
    assert events[-1] == {"type": "turn", "player": 0, "phase": "play", "bonus": True}


# ---------------------------------------------------------------- R14 going out
def test_r14_last_card_ends_the_hand_at_once():
    state = position([player("5"), player("K Q"), player("A X")], pile="9", scores=[10, 20, 30])
    events = act(state, {"play": {"hand": "5"}})
    assert types(events) == ["played", "out", "hand_scored"]
    assert events[2]["points"] == [0, 20, 51]
    assert events[2]["totals"] == [10, 40, 81]
    assert state.is_over and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="^R14"):
        act(state, {"play": {"hand": "K"}})


def test_r14_going_out_on_a_swoop_card_has_no_bonus_play():
    state = position([player("X"), player("K"), player("A")], pile="9")
    events = act(state, {"play": {"hand": "X"}})
    assert types(events) == ["played", "swooped", "out", "hand_scored"]


def test_r14_face_down_cards_count_as_cards_held():
    state = three("5", down0=["3", None, None, None], pile="9")
    events = act(state, {"play": {"hand": "5"}})
    assert "out" not in types(events)


# ---------------------------------------------------------------- R15 scoring
def test_r15_standard_scoring_counts_hand_face_up_and_face_down():
    state = position(
        [
            player("5"),
            player("A 9 J Q K T X", ["2", None, None, None], ["3", "4", None, None]),
            player("7"),
        ],
        pile="9",
    )
    events = act(state, {"play": {"hand": "5"}})
    assert events[-1]["points"] == [0, 1 + 9 + 30 + 100 + 2 + 3 + 4, 7]


def test_r15_simple_scoring():
    state = position(
        [player("5"), player("A 9 J T X"), player("7")],
        pile="9",
        rules={"preset": "app", "scoring": "simple"},
    )
    events = act(state, {"play": {"hand": "5"}})
    assert events[-1]["points"] == [0, 5 + 5 + 10 + 20 + 20, 5]


def test_r15_ten_scores_ten_when_not_a_swoop_card():
    state = position(
        [player("5"), player("T X"), player("7")],
        pile="9",
        rules={"preset": "app", "tens_are_swoop_cards": False},
    )
    events = act(state, {"play": {"hand": "5"}})
    assert events[-1]["points"][1] == 10 + 50


# ---------------------------------------------------------------- R16 end of game
def test_r16_game_over_at_target_lowest_total_wins():
    state = position([player("5"), player("K K"), player("Q")], pile="9", scores=[295, 100, 295])
    events = act(state, {"play": {"hand": "5"}})
    assert events[-1] == {"type": "game_over", "winner": 1, "totals": [295, 120, 305]}


def test_r16_two_tie_all_tie_nobody_wins():
    state = position([player("5"), player("K K"), player("Q")], pile="9", scores=[250, 280, 290])
    events = act(state, {"play": {"hand": "5"}})
    assert events[-1]["type"] == "game_over"
    assert events[-1]["totals"] == [250, 300, 300]
    assert events[-1]["winner"] == 0
    # Nobody wins when the lowest total is shared (a score at the target before the hand
    # would be an impossible position: the game ended then, R16).
    state = position([player("5"), player("K"), player("Q")], pile="9", scores=[280, 270, 290])
    events = act(state, {"play": {"hand": "5"}})
    assert events[-1] == {"type": "game_over", "winner": None, "totals": [280, 280, 300]}


def test_r16_tie_for_lowest_below_others_is_still_no_winner():
    state = position([player("5"), player("2 2"), player("K K K")], pile="9", scores=[4, 0, 280])
    events = act(state, {"play": {"hand": "5"}})
    assert events[-1]["totals"] == [4, 4, 310]
    assert events[-1]["winner"] is None


def test_r16_no_game_over_below_target():
    state = position([player("5"), player("K K"), player("Q")], pile="9", scores=[10, 10, 10])
    events = act(state, {"play": {"hand": "5"}})
    assert "game_over" not in types(events)


def test_r16_target_follows_the_rule_set():
    state = position(
        [player("5"), player("K K"), player("Q")], pile="9", scores=[290, 290, 290], rules=CLASSIC
    )
    assert "game_over" not in types(act(state, {"play": {"hand": "5"}}))


# ---------------------------------------------------------------- R17 termination
def test_r17_a_deal_that_never_ends_stops_with_an_error():
    state = three("5 5 5", pile="9")
    state.plays = MAX_PLAYS
    with pytest.raises(TerminationError, match="^R17"):
        act(state, {"play": {"hand": "5"}})


def _play_out_hand(match: Match) -> None:
    import random

    rng = random.Random(0)
    while not match.hand_over:
        match.apply(rng.choice(match.legal_actions()))


def test_r13_a_flip_as_a_play_offers_the_r12_follow_up_not_a_chain():
    """Our reading of R13: the chain starts only after a play that put a face-up card on the
    pile; a mystery card flipped as a play (R11) is followed by the R12 follow-up."""
    state = three(
        "5 K", up0=[None, "2", None, None], down0=["5", "3", None, None], pile="9", rules=TRAD
    )
    events = act(state, {"flip": 0})
    assert events[-1] == {"type": "turn", "player": 0, "phase": "follow", "rank": "5"}
    # A follow-up that adds a face-up card then opens the chain (no pick-up this turn).
    state = three(
        "K", up0=[None, "5", None, None], down0=["5", "3", "4", None], pile="9", rules=TRAD
    )
    act(state, {"flip": 0})
    events = act(state, {"add": {"up": [1]}})
    assert events[-1] == {"type": "turn", "player": 0, "phase": "chain"}


def test_r13_chain_compares_with_the_top_of_the_pile():
    """docs/rules.md (not the older text) decides: a chained card is compared with the pile's top."""
    state = three(
        "K", up0=["8", None, None, None], down0=["8", "7", "8", None], pile="9", rules=TRAD
    )
    act(state, {"play": {"up": [0]}})
    act(state, {"flip": 1})  # 7 on 8: lower, stays
    events = act(state, {"flip": 0})  # 8 on 7: higher than the top, though equal to the 8 played
    assert "picked_up" in types(events)
