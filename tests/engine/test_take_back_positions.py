"""A take-back replays the deal with fewer plays: the position it gives is exactly the one
the hand stood at when the seat last had a play to make before its last play, every hidden
card included, over many random games and every rule preset."""

from __future__ import annotations

import random

import pytest

from swoop_desktop.engine import Match, Rules
from swoop_desktop.engine.errors import EngineError
from swoop_desktop.engine.takeback import take_back_point, taken_back, taken_back_plays
from swoop_desktop.referee.lesson import lesson_match, play_through
from tests.sizes import quick_and_full


@quick_and_full(1, 3, "games")  # a game: up to 400 plays, a take-back tried at about 3 in 10
@pytest.mark.parametrize("preset", ["app", "classic", "traditional"])
def test_a_take_back_gives_the_exact_position_before_your_last_play(preset, games):
    for seed in range(games):
        _take_backs_over_one_game(preset, seed)


def _take_backs_over_one_game(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    match = Match(Rules.from_preset(preset), 4, seed)
    match.start_hand()
    seen: list[tuple[int, object]] = []  # (plays made, position) at each fresh play of yours
    checked = 0
    for _ in range(400):
        st = match.state
        if st is None or st.is_over:
            if match.over:
                break
            match.start_hand()
            seen = []
            continue
        if st.to_move == 0 and st.phase_name == "play":
            seen.append((len(match.actions[-1]), st.clone()))
        if seen and rng.random() < 0.3:
            point = take_back_point(match, 0)
            mine = [k for k, _ in seen if k < len(match.actions[-1])]
            assert point == (mine[-1] if mine else None)
            if point is not None:
                back = taken_back(match, point)
                expected = next(s for k, s in seen if k == point)
                assert back.state == expected
                for p in range(4):  # every card by its id, hidden ones included
                    assert sorted(back.state.hand_ids(p)) == sorted(expected.hand_ids(p))
                assert back.state.up == expected.up and back.state.down == expected.down
                assert back.state.pile == expected.pile and back.state.swept == expected.swept
                assert back.totals == match.totals and back.sheet == match.sheet
                assert back.actions[:-1] == match.actions[:-1]
                assert len(back.actions[-1]) == point
                movers = taken_back_plays(match, point)
                assert movers and movers[0] == 0
                assert len(movers) == len(match.actions[-1]) - point
                checked += 1
        match.apply(rng.choice(match.legal_actions()))
    assert checked > 0


def test_nothing_to_take_back_before_your_first_play_of_the_hand():
    match = Match(Rules.from_preset("app"), 4, 3)
    assert take_back_point(match, 0) is None  # nothing dealt
    match.start_hand()
    while match.state.to_move != 0:
        match.apply(match.legal_actions()[0])
    assert take_back_point(match, 0) is None
    with pytest.raises(EngineError):
        taken_back(match, len(match.actions[-1]) + 1)


def test_the_lessons_stacked_deal_is_taken_back_on_its_own_deck():
    played = play_through(lesson_match())
    point = take_back_point(played, 0)
    assert point is not None
    back = taken_back(played, point)
    again = lesson_match()
    again.start_hand()
    for action in played.actions[-1][:point]:
        again.apply(action)
    assert back.state == again.state and back.stacked == played.stacked
