"""Each rule option is declared once, and everything about options is read from there.

The declaration (a field of ``Rules`` made by ``_option``) gives the option's kind, its
values, each preset's value, the rule it changes and when it applies; validation,
``from_json``, the presets, ``OPTION_VALUES`` and the settings rows' kinds follow from it.
The last test adds an option in a scratch copy of the game, with nothing but its
declaration and its words, and checks that every one of those picks it up.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from dataclasses import fields
from pathlib import Path

import pytest

from swoop_desktop.engine import (
    OPTION_NAMES,
    OPTION_SPECS,
    OPTION_VALUES,
    PRESET_NAMES,
    PRESETS,
    Rules,
    RulesError,
)

ROOT = Path(__file__).resolve().parents[2]


def test_every_field_but_the_preset_is_a_declared_option():
    assert list(OPTION_NAMES) == [f.name for f in fields(Rules) if f.name != "preset"]
    assert list(OPTION_SPECS) == list(OPTION_NAMES)
    assert list(OPTION_VALUES) == list(OPTION_NAMES)


def test_each_declaration_names_a_rule_and_allows_its_presets_values():
    rules_doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for name, spec in OPTION_SPECS.items():
        assert spec.name == name
        assert re.fullmatch(r"R\d+", spec.rule) and f"**{spec.rule} " in rules_doc, name
        assert spec.kind in ("toggle", "choice", "number"), name
        assert set(spec.presets) == set(PRESET_NAMES), name
        for preset in PRESET_NAMES:
            assert getattr(PRESETS[preset], name) == spec.presets[preset], (name, preset)
        for value in spec.values:
            assert spec.allows(value), (name, value)
        if spec.kind == "number":
            assert spec.minimum < spec.maximum and spec.step > 0
            assert spec.minimum in spec.values and spec.maximum in spec.values


@pytest.mark.parametrize("name", OPTION_NAMES)
@pytest.mark.parametrize("bad", ["yes", None, 1.5, [], "x" * 500])
def test_a_bad_value_is_refused_with_one_message_naming_the_option(name, bad):
    spec = OPTION_SPECS[name]
    if spec.allows(bad):
        pytest.skip("a value this option takes")
    with pytest.raises(RulesError) as caught:
        Rules.from_json({"preset": "app", name: bad})
    message = str(caught.value)
    assert message.startswith(f"{name}: must be ") and len(message) < 120


def test_true_is_not_a_number_and_one_is_not_true():
    for data in ({"hand_size": True}, {"decks": True}, {"max_four": 1}, {"target": True}):
        with pytest.raises(RulesError):
            Rules.from_json(data)


def test_an_unknown_option_is_refused_by_name():
    with pytest.raises(RulesError, match=r"^cheap_jokers: unknown rule option \(known: "):
        Rules.from_json({"cheap_jokers": "yes"})


def test_when_an_option_applies_is_the_engines_answer():
    assert not Rules.from_preset("app", pickup="take_all").applies("match_after_pickup")
    assert not Rules.from_preset("app", table_cards=False).applies("mystery_chain")
    assert all(PRESETS["app"].applies(name) for name in OPTION_NAMES)


# -- adding an option in a scratch copy ---------------------------------------------------

NEW_OPTION = """
    cheap_jokers: bool = _option(
        "toggle", app=False, classic=False, traditional=True, rule="R15"
    )
"""

NEW_WORDS = """
    "cheap_jokers": OptionInfo(
        "Cheap Jokers",
        "Jokers left in your hand when someone goes out score nothing.",
    ),
"""

CHECKS = textwrap.dedent(
    """
    from swoop_desktop.engine import (
        OPTION_NAMES, OPTION_SPECS, OPTION_VALUES, PRESETS, Rules, RulesError,
    )
    from swoop_desktop.ui.rules_text import OPTION_INFO, differences, value_text

    assert "cheap_jokers" in OPTION_NAMES
    assert OPTION_VALUES["cheap_jokers"] == (False, True)
    assert OPTION_SPECS["cheap_jokers"].kind == "toggle"
    assert OPTION_SPECS["cheap_jokers"].rule == "R15"
    assert [p.cheap_jokers for p in PRESETS.values()] == [False, False, True]
    try:
        Rules.from_json({"cheap_jokers": "yes"})
    except RulesError as exc:
        assert str(exc) == "cheap_jokers: must be true or false, got 'yes'", exc
    else:
        raise AssertionError("a bad value was accepted")
    rules = Rules.from_json({"preset": "classic", "cheap_jokers": True})
    assert rules.to_json() == {"preset": "classic", "cheap_jokers": True}
    assert Rules.from_json(rules.to_json()) == rules
    assert rules.with_options(cheap_jokers=False) == PRESETS["classic"]
    assert differences(rules) == ["Cheap Jokers: On"]
    assert value_text("cheap_jokers", False) == "Off"
    print("picked up")
    """
)

#: The tests that walk the options, run in the scratch copy: declarations, words, the
#: legality walk's list of values, and the settings page's row for each option.
SCRATCH_TESTS = [
    "tests/engine/test_option_spec.py::test_every_field_but_the_preset_is_a_declared_option",
    "tests/engine/test_option_spec.py::test_each_declaration_names_a_rule_and_allows_its_presets_values",
    "tests/engine/test_options.py::test_every_option_is_known",
    "tests/ui/test_rule_option_words.py",
    "tests/ai/test_one_legality.py::test_every_option_has_its_values_listed_and_each_is_valid",
    "tests/ui/test_menus.py::test_settings_screen_has_every_rule_option_with_an_explanation",
]


def _scratch_copy(tmp_path: Path, words: bool) -> Path:
    # The compiled modules go too: Python reads a module's own only while its source is
    # unchanged (same size and time), so the two files changed here are compiled again
    # and nothing else is.
    copy = tmp_path / "game"
    ignore = shutil.ignore_patterns(".pytest_cache")
    for part in ("swoop_desktop", "tests", "docs"):
        shutil.copytree(ROOT / part, copy / part, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    rules_py = copy / "swoop_desktop" / "engine" / "rules.py"
    text = rules_py.read_text(encoding="utf-8")
    anchor = "    # -- construction"
    assert text.count(anchor) == 1
    rules_py.write_text(text.replace(anchor, NEW_OPTION.lstrip("\n") + "\n" + anchor))
    if words:
        words_py = copy / "swoop_desktop" / "ui" / "rules_text.py"
        text = words_py.read_text(encoding="utf-8")
        anchor = "OPTION_INFO: dict[str, OptionInfo] = {\n"
        assert text.count(anchor) == 1
        words_py.write_text(text.replace(anchor, anchor + NEW_WORDS.lstrip("\n")))
    return copy


#: The scratch copy's pytest runs without the plugins its tests do not use (workers,
#: time limits, hypothesis), which only take time to load.
QUIET_PYTEST = ("-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist")
QUIET_PYTEST += ("-p", "no:timeout", "-p", "no:hypothesispytest")


def _run(copy: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(copy), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, *args],
        cwd=copy,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_adding_an_option_is_its_declaration_and_its_words(tmp_path):
    copy = _scratch_copy(tmp_path, words=True)
    done = _run(copy, "-c", CHECKS)
    assert done.returncode == 0 and "picked up" in done.stdout, done.stderr[-3000:]
    done = _run(copy, *QUIET_PYTEST, *SCRATCH_TESTS)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


@pytest.mark.slow
def test_an_option_without_words_fails_the_words_check(tmp_path):
    copy = _scratch_copy(tmp_path, words=False)
    done = _run(copy, *QUIET_PYTEST, SCRATCH_TESTS[3])
    assert done.returncode == 1 and "cheap_jokers" in done.stdout, done.stdout[-3000:]
