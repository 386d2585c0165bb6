"""Rule options and presets: what each preset sets, and clear errors for impossible rules."""

from __future__ import annotations

import pytest

from swoop_desktop.engine import OPTION_NAMES, PRESETS, Rules, RulesError, new_deal


def test_presets_match_the_rules_table():
    app, classic, trad = (PRESETS[k] for k in ("app", "classic", "traditional"))
    assert (
        app.pickup,
        app.match_after_pickup,
        app.mystery_chain,
        app.first_player,
        app.target,
        app.decks,
    ) == ("new_pile", True, False, "left_of_dealer", 300, "auto")
    assert (classic.pickup, classic.match_after_pickup, classic.target) == ("new_pile", False, 500)
    assert (trad.pickup, trad.mystery_chain, trad.first_player, trad.target, trad.decks) == (
        "take_all",
        True,
        "high_card",
        500,
        3,
    )
    for rules in (app, classic, trad):
        assert rules.max_four and rules.tens_are_swoop_cards and rules.table_cards
        assert rules.hand_size == 11 and rules.scoring == "standard"


def test_every_option_is_known():
    """The options of docs/rules.md are all still there (a new one is its declaration
    in ``Rules``; ``tests/engine/test_option_spec.py`` checks those)."""
    assert set(OPTION_NAMES) >= {
        "decks",
        "tens_are_swoop_cards",
        "hand_size",
        "table_cards",
        "first_player",
        "pickup",
        "match_after_pickup",
        "max_four",
        "mystery_chain",
        "scoring",
        "target",
    }


def test_overrides_and_json_round_trip():
    rules = Rules.from_json({"preset": "classic", "max_four": False, "target": 250})
    assert rules.preset == "classic" and not rules.max_four and rules.target == 250
    assert rules.to_json() == {"preset": "classic", "max_four": False, "target": 250}
    assert Rules.from_json(rules.to_json()) == rules
    assert rules.with_options(max_four=True).to_json() == {"preset": "classic", "target": 250}


@pytest.mark.parametrize(
    "data,key",
    [
        ({"preset": "poker"}, "preset"),
        ({"preset": "app", "target": 49}, "target"),
        ({"preset": "app", "target": 5001}, "target"),
        ({"preset": "app", "target": "300"}, "target"),
        ({"preset": "app", "decks": 5}, "decks"),
        ({"preset": "app", "decks": 1}, "decks"),
        ({"preset": "app", "hand_size": 13}, "hand_size"),
        ({"preset": "app", "pickup": "grab"}, "pickup"),
        ({"preset": "app", "first_player": "youngest"}, "first_player"),
        ({"preset": "app", "scoring": "double"}, "scoring"),
        ({"preset": "app", "max_four": "yes"}, "max_four"),
        ({"preset": "app", "wash": True}, "wash"),
    ],
)
def test_bad_rules_name_the_option(data, key):
    with pytest.raises(RulesError, match=f"^{key}:"):
        Rules.from_json(data)


@pytest.mark.parametrize("players", [2, 9, 0])
def test_players_outside_three_to_eight(players):
    with pytest.raises(RulesError, match="^players: must be 3-8"):
        new_deal(Rules.from_preset("app"), players, seed=1)


def test_more_cards_dealt_than_the_decks_hold():
    rules = Rules.from_preset("app", decks=2, hand_size=12)
    with pytest.raises(RulesError, match=r"^decks: 6 players x 20 cards = 120 cards, but 2 decks"):
        new_deal(rules, 6, seed=1)
    new_deal(rules, 5, seed=1)  # 100 <= 108 is fine


def test_options_apply_in_every_preset():
    """Each option changes play the same way whatever preset it starts from."""
    for preset in PRESETS:
        state, _ = new_deal(Rules.from_preset(preset, table_cards=False, hand_size=12), 4, seed=3)
        assert state.hand_count == [12] * 4
        assert all(c is None for c in state.up[0])
