"""Hints: the best action for the human's seat, with one line of plain words."""

from __future__ import annotations

import pytest

from swoop_desktop.ai import hint
from swoop_desktop.engine import Flip, Play
from swoop_desktop.engine.observation import observe
from tests.sizes import quick_and_full

from .helpers import played_position, player, position


def _hint(state, level="normal"):
    return hint(observe(state, state.to_move), state.legal_actions(), level)


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_r9_hint_finds_the_fourth_card_swoop(level):
    state = position(
        [player("7 K 2 5"), player("3 3"), player("4 4"), player("6 6")], pile="9 7 7 7"
    )
    h = _hint(state, level)
    assert h.action == Play((7,), ())
    assert h.reason == "Swoop: your 7 makes 4 in a row and clears the pile"


def test_r10_hint_uses_a_swoop_card_to_dodge_a_big_pick_up():
    state = position(
        [player("K Q T"), player("3 3"), player("4 4"), player("6 6")], pile="8 6 5 4 3 2 A"
    )
    h = _hint(state)
    assert h.action == Play((10,), ())
    assert h.reason == "Swoop: your 10 saves you picking up the pile of 7 cards (29 points)"


def test_r14_hint_goes_out():
    state = position([player("5 5"), player("3 3"), player("4 4"), player("6 6")], pile="9")
    h = _hint(state)
    assert h.action == Play((5, 5), ())
    assert h.reason.startswith("Go out: two 5s are your last cards")


def test_r8_hint_explains_a_forced_pick_up():
    state = position([player("K Q Q"), player("3 3"), player("4 4"), player("6 6")], pile="3")
    h = _hint(state)
    assert isinstance(h.action, Play) and h.action.hand[0] in (12, 13)
    assert h.reason.startswith("Pick up the pile of 1 card: nothing you hold goes on the 3")


def test_r11_hint_flip_gives_a_chance():
    state = position(
        [
            player("K", up=[None, None, None, None], down=["4", None, None, None]),
            player("3 3"),
            player("4 4"),
            player("6 6"),
        ],
        pile="8 8 6 5 4 3 2",
    )
    h = _hint(state)
    assert h.action == Flip(0)
    assert h.reason.startswith("Flip a mystery card: about ")


# Seeds 0-29 are positions 5 to 121 plays into a deal. Quick: every third (ten), still
# early and late: Swoops, flips, adds, a last card, and plays the search chose for the
# points they keep out of the hand (when its clock let it finish).
@quick_and_full(3, 1, "stride")
def test_hints_are_one_short_line_in_many_positions(stride):
    for seed in range(0, 30, stride):
        state, history = played_position("app", seed, plays=5 + 4 * seed)
        obs = observe(state, state.to_move, history)
        legal = state.legal_actions()
        h = hint(obs, legal)
        assert h.action in legal
        assert "\n" not in h.reason and 10 <= len(h.reason) <= 90, h.reason
        assert h.reason[0].isupper()


def test_no_hint_when_the_hand_is_over():
    state = position([player("5"), player("3 3"), player("4 4"), player("6 6")], pile="9")
    obs = observe(state, 0)
    state.apply(Play((5,), ()))
    with pytest.raises(ValueError, match="no legal action"):
        hint(observe(state, 0), state.legal_actions())
    assert obs.my_turn


def test_hints_come_from_the_evaluation_and_name_the_points_over_the_plain_choice():
    # Over many positions the hint sometimes differs from the plain normal choice; then
    # its reason is how much better against the table it ends the hand than that choice.
    differ = 0
    for seed in range(40):
        state, history = played_position("app", seed, plays=8 + 3 * seed)
        obs = observe(state, state.to_move, history)
        legal = state.legal_actions()
        plain = hint(obs, legal, "normal", seed=seed)
        best = hint(obs, legal, seed=seed)
        assert best.action in legal
        if best.action != plain.action and "points better than" in best.reason:
            differ += 1
            assert best.reason.split("about ")[1].split(" ")[0].isdigit()
            break  # one is the point: the rest of the 40 only cost time
    assert differ >= 1


def test_r15_hint_says_how_many_points_a_play_sheds():
    state = position([player("K K 3 4"), player("3 3"), player("4 4"), player("6 6")], pile="K")
    h = hint(observe(state, 0), state.legal_actions(), "normal")
    assert h.action == Play((13, 13), ())
    assert h.reason == "Play two kings on the king: keeps 20 points out of your hand"


def test_r2_an_ace_is_never_told_to_keep_lower_cards():
    from swoop_desktop.ai.hint import explain

    state = position(
        [player("A 4 9 K K"), player("3 3 8 9 J Q"), player("4 4 8 9 J"), player("6 6 8 9 J")],
        pile="5 2",
    )
    obs = observe(state, 0)
    ace = explain(obs, state.legal_actions(), Play((1,), ()))
    assert ace == "Play an ace on the 2: only another ace can follow"
    assert "lower cards" not in ace


def test_r10_a_swoop_card_on_a_small_pile_says_you_play_again():
    """It read "your 10 clears the pile of 1 card and plays again": the 10 does not play."""
    from swoop_desktop.ai.hint import explain

    state = position(
        [player("T K 2 5"), player("3 3 4 8 9 J"), player("4 4 6 9 J Q"), player("6 6 8 9 Q K")],
        pile="5",
    )
    obs = observe(state, state.to_move)
    words = explain(obs, state.legal_actions(), Play((10,), ()))
    assert words == "Swoop: your 10 clears the pile of 1 card and you play again"


def test_a_hint_that_plays_one_low_card_calls_it_your_lowest_card():
    """One card played is "your lowest card"; two are still "your lowest cards"."""
    from swoop_desktop.ai.hint import explain

    others = [player("3 3 8 9 J Q"), player("4 4 8 9 J"), player("6 6 8 9 J")]
    one = position([player("5 9 J Q")] + others, pile="6")
    words = explain(observe(one, 0), one.legal_actions(), Play((5,), ()))
    assert words == "Play a 5 on the 6: your lowest card, while it fits"
    two = position([player("5 5 9 J")] + others, pile="6")
    words = explain(observe(two, 0), two.legal_actions(), Play((5, 5), ()))
    assert words == "Play two 5s on the 6: your lowest cards, while they fit"
