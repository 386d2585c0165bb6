"""Every rule option has its words for the player, keyed by the option's name.

What an option is lives in the engine (``OPTION_SPECS``); the settings and the
how-to-play screen show it in plain words from ``rules_text.OPTION_INFO``. A declared
option without words, or a choice whose words miss one of its values, fails here.
"""

from __future__ import annotations

import pytest

from swoop_desktop.engine import OPTION_NAMES, OPTION_SPECS, PRESETS, Rules
from swoop_desktop.ui.rules_text import OPTION_INFO, option_applies, option_help, value_text


def test_every_declared_option_has_words_and_no_words_lack_an_option():
    missing = [name for name in OPTION_NAMES if name not in OPTION_INFO]
    assert not missing, f"rules_text.OPTION_INFO has no words for {missing}"
    assert set(OPTION_INFO) == set(OPTION_NAMES)


@pytest.mark.parametrize("name", OPTION_NAMES)
def test_each_option_has_a_label_an_explanation_and_a_word_for_each_value(name):
    spec, info = OPTION_SPECS[name], OPTION_INFO[name]
    assert info.label and len(info.help) > 20
    if spec.kind == "choice":
        worded = [(type(c.value), c.value) for c in info.choices]
        assert worded == [(type(v), v) for v in spec.values], name
    else:
        assert not info.choices, f"{name} is a {spec.kind}: its values need no words"
    for value in spec.values:
        assert value_text(name, value)


@pytest.mark.parametrize("name", OPTION_NAMES)
def test_an_option_that_can_have_no_effect_says_so(name):
    spec, info = OPTION_SPECS[name], OPTION_INFO[name]
    dead = [
        rules
        for preset in PRESETS.values()
        for other, other_spec in OPTION_SPECS.items()
        for value in other_spec.values
        if other != name
        for rules in [Rules.from_preset(preset.preset, **{other: value})]
        if not spec.applies(rules)
    ]
    if not dead:
        return
    assert info.no_effect, f"{name} can have no effect: say so in its no_effect words"
    for rules in dead:
        assert not option_applies(name, rules)
        assert option_help(name, rules) == info.no_effect
