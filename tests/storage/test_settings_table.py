"""The table of settings (``storage.settings.SETTINGS``): every check here walks the table,
so a new setting is read, defaulted, written and read back, and refused alone when bad,
with nothing to add here."""

from __future__ import annotations

import dataclasses
import json

import pytest

from swoop_desktop.storage import Settings, load_settings, resolve_dirs, save_settings
from swoop_desktop.storage.jsonfile import DocumentError
from swoop_desktop.storage.settings import (
    SETTING_BY_NAME,
    SETTINGS,
    Applies,
    settings_from_json,
)

NAMES = [entry.name for entry in SETTINGS]


def every_setting_changed() -> Settings:
    """Every setting at a good value of its own (never its default)."""
    return Settings(**{e.name: e.read.example(e.default) for e in SETTINGS})


def test_the_table_has_an_entry_for_every_setting_in_field_order():
    assert NAMES == [f.name for f in dataclasses.fields(Settings)]
    assert set(SETTING_BY_NAME) == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_setting_defaults_to_its_table_entry_when_missing(name):
    assert getattr(Settings(), name) == SETTING_BY_NAME[name].default
    assert getattr(settings_from_json({}), name) == SETTING_BY_NAME[name].default


def test_every_setting_round_trips_with_a_value_of_its_own():
    dirs = resolve_dirs()
    default, every = Settings(), every_setting_changed()
    for entry in SETTINGS:
        assert getattr(every, entry.name) != getattr(default, entry.name), entry.name
    save_settings(dirs, every)
    loaded, messages = load_settings(dirs)
    assert loaded == every and messages == []
    # Another window, which read the defaults, changes one setting: only it is merged.
    for entry in SETTINGS:
        save_settings(dirs, every)
        mine = dataclasses.replace(default, **{entry.name: getattr(every, entry.name)})
        save_settings(dirs, dataclasses.replace(every, **{entry.name: entry.default}), since=mine)
        assert load_settings(dirs)[0] == dataclasses.replace(every, **{entry.name: entry.default})


@pytest.mark.parametrize("name", NAMES)
def test_a_bad_value_costs_only_that_setting_with_one_plain_message(name):
    """Text where a setting's value should be: that one setting falls back to its default,
    the player is told once, and every other setting they had is kept."""
    dirs = resolve_dirs()
    every = every_setting_changed()
    save_settings(dirs, every)
    body = json.loads(dirs.settings_file.read_text())
    body[name] = "not a value"
    dirs.settings_file.write_text(json.dumps(body))
    loaded, messages = load_settings(dirs)
    assert loaded == dataclasses.replace(every, **{name: SETTING_BY_NAME[name].default})
    assert len(messages) == 1 and name in messages[0], messages
    # Read strictly (a body about to be written), the same value is refused by name.
    with pytest.raises(DocumentError, match=name):
        settings_from_json(body)


def test_older_settings_files_load_as_before():
    """Version 1 kept one "speed" for animation and pace and "sound": true/false; version 2
    files without the later settings take their defaults; unknown names are ignored."""
    dirs = resolve_dirs()
    dirs.settings_file.write_text(
        json.dumps(
            {
                "format": "swoop-settings",
                "version": 1,
                "rules": {"preset": "classic", "max_four": False},
                "speed": "instant",
                "sound": True,
                "volume": 0.25,
                "opponents": {"2": {"level": "hard", "personality": "pyro"}},
                "window_size": [1000, 700],
            }
        )
    )
    settings, messages = load_settings(dirs)
    assert messages == []
    assert settings == dataclasses.replace(
        Settings(),
        rules=settings.rules.from_preset("classic", max_four=False),
        animation_speed="instant",
        ai_pace="instant",
        muted=False,
        volume=0.25,
        opponents={2: {"level": "hard", "personality": "pyro"}},
        window_size=(1000, 700),
    )
    dirs.settings_file.write_text(
        json.dumps({"format": "swoop-settings", "version": 2, "muted": True, "colour": "blue"})
    )
    assert load_settings(dirs) == (dataclasses.replace(Settings(), muted=True), [])


def test_card_look_is_every_setting_the_table_marks_for_the_cards():
    cards = [e.name for e in SETTINGS if e.applies is Applies.CARDS]
    assert cards == ["four_colour", "large_cards", "reduced_motion"]
    changed = Settings(large_cards=True)
    assert changed.applying(Applies.CARDS) != Settings().applying(Applies.CARDS)
    assert Settings(muted=True).applying(Applies.CARDS) == Settings().applying(Applies.CARDS)
