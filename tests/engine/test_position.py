"""The position notation: parse/format round trip and clear errors naming the key."""

from __future__ import annotations

import json

import pytest

from swoop_desktop.engine import PositionError, Rules, format_position, new_deal, parse_position

from .helpers import player


def base(**extra):
    data = {
        "rules": {"preset": "app"},
        "players": [
            player("7 7 K", ["3", None, "J", "5"], ["4", "9", "Q", "2"]),
            player("A 2", None, [None, "X", None, None]),
            player("5", ["T", "T", "T", "T"], ["6", "6", "6", "6"]),
        ],
        "pile": "9 8 8",
        "to_move": 0,
        "phase": "play",
    }
    data.update(extra)
    return data


def test_rules_md_example_parses_and_round_trips():
    state = parse_position(base())
    out = format_position(state)
    assert out["players"][0] == {
        "hand": "7 7 K",
        "up": ["3", None, "J", "5"],
        "down": ["4", "9", "Q", "2"],
    }
    assert out["pile"] == "9 8 8" and out["swept"] == ""
    assert state.top == 8 and state.run == 2
    # every card not listed is set aside
    assert len(out["set_aside"].split()) == 108 - 25
    assert parse_position(out) == state
    assert format_position(parse_position(json.dumps(out))) == out


def test_dealt_position_round_trips_with_everything():
    for seed in range(5):
        state, _ = new_deal(Rules.from_preset("traditional"), 5, seed=seed)
        text = format_position(state)
        assert {"swept", "set_aside", "dealer", "scores", "seed"} <= set(text)
        assert format_position(parse_position(text)) == text


def test_follow_phase_round_trips():
    players = base()["players"]
    players[0] = player("7 8 K", ["3", None, "J", "5"], ["4", "9", "Q", "2"])
    state = parse_position(base(players=players, pile="9 8", phase={"follow": "8"}))
    assert format_position(state)["phase"] == {"follow": "8"}


@pytest.mark.parametrize(
    "change,key",
    [
        ({"players": "x"}, "players"),
        ({"players": [player("A")] * 2}, "players"),
        ({"pile": "9 8 Z"}, "pile"),
        ({"pile": 7}, "pile"),
        ({"pile": "8 9"}, "pile"),
        ({"pile": "9 T"}, "pile"),
        ({"pile": "9 8 8 8 8"}, "pile"),
        ({"to_move": 3}, "to_move"),
        ({"phase": "dance"}, "phase"),
        ({"phase": {"follow": "5"}}, "phase"),
        ({"phase": "chain"}, "phase"),
        ({"phase": "over"}, "phase"),
        ({"scores": [1, 2]}, "scores"),
        ({"dealer": -1}, "dealer"),
        ({"rules": {"preset": "app", "max_four": 3}}, "rules.max_four"),
        ({"colour": "red"}, "colour"),
        ({"swept": "K K K K K K K K K"}, "swept"),
    ],
)
def test_malformed_positions_name_the_key(change, key):
    with pytest.raises(PositionError, match=f"^{key.replace('.', '[.]')}"):
        parse_position(base(**change))


def test_bad_player_entries_name_the_player():
    data = base()
    data["players"][1] = {"hand": "A Q", "up": [None] * 3, "down": [None] * 4}
    with pytest.raises(PositionError, match=r"^players\[1\]\.up"):
        parse_position(data)
    data = base()
    data["players"][2]["hand"] = "5 W"
    with pytest.raises(PositionError, match=r"^players\[2\]\.hand: unknown card 'W'"):
        parse_position(data)
    data = base()
    data["players"][0]["down"][0] = None
    with pytest.raises(PositionError, match=r"^players\[0\]\.down\[0\]"):
        parse_position(data)
    data = base()
    data["players"][1]["hand"] = ""
    data["players"][1]["down"] = [None] * 4
    with pytest.raises(PositionError, match=r"^players\[1\]: has no cards"):
        parse_position(data)


def test_too_many_copies_names_the_key():
    data = base()
    data["players"][1]["hand"] = "7 7 7 7 7 7 7"  # with the two 7s of player 0: nine 7s
    with pytest.raises(PositionError, match=r"^players\[1\]\.hand: more 7 cards than 2 decks"):
        parse_position(data)


def test_not_json():
    with pytest.raises(PositionError, match="^position: not valid JSON"):
        parse_position("{players: 1")


# -- impossible positions are refused, naming the field ----------------------------------
def test_a_follow_up_for_a_player_with_nothing_to_add_is_refused():
    # players[0] holds 7 7 K and face-up 3 J 5: nothing of rank 8 to add to "9 8".
    with pytest.raises(PositionError, match=r"^phase\.follow: players\[0\] holds no 8"):
        parse_position(base(pile="9 8", phase={"follow": "8"}))
    # A face-up 8 is something to add: then the follow-up is possible.
    players = base()["players"]
    players[0] = player("7 7 K", ["8", None, "J", "5"], ["4", "9", "Q", "2"])
    assert parse_position(base(players=players, pile="9 8", phase={"follow": "8"}))


def test_two_players_out_at_once_is_refused():
    players = base()["players"]
    players[1] = player("", None, [None] * 4)
    players[2] = player("", [None] * 4, [None] * 4)
    with pytest.raises(PositionError, match=r"^players\[2\]: has no cards, but players\[1\]"):
        parse_position(base(players=players, phase="over"))
    players[2] = player("5", None, [None] * 4)
    assert parse_position(base(players=players, phase="over")).out_player == 1


@pytest.mark.parametrize("phase", ["play", "over"])
def test_scores_at_or_past_the_target_are_refused(phase):
    players = base()["players"]
    if phase == "over":
        players[1] = player("", None, [None] * 4)
    with pytest.raises(PositionError, match=r"^scores: players\[2\] already has 301"):
        parse_position(base(players=players, phase=phase, scores=[10, 20, 301]))
    assert parse_position(base(players=players, phase=phase, scores=[10, 20, 299]))


def test_rules_errors_have_one_prefix_and_a_short_echo():
    with pytest.raises(PositionError) as exc:
        parse_position(base(rules=["x"] * 5000))
    assert str(exc.value).startswith("rules: ") and "rules.rules" not in str(exc.value)
    assert len(str(exc.value)) < 200
    with pytest.raises(PositionError, match=r"^rules\.preset: unknown rule set \[\]"):
        parse_position(base(rules={"preset": []}))
