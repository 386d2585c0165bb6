"""Settings round trip, validation, migration; where the files go."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from swoop_desktop.engine import Rules
from swoop_desktop.storage import Settings, load_settings, resolve_dirs, save_settings
from swoop_desktop.storage.jsonfile import DocumentError, decode_document
from swoop_desktop.storage.settings import SETTINGS_KIND


def test_defaults_when_no_file():
    dirs = resolve_dirs()
    settings, messages = load_settings(dirs)
    assert settings == Settings() and messages == []
    assert settings.rules == Rules.from_preset("app")
    assert not dirs.settings_file.exists()  # reading never writes


def test_round_trip_every_field():
    dirs = resolve_dirs()
    settings = Settings(
        rules=Rules.from_preset("classic", max_four=False),
        opponents={1: {"level": "hard", "personality": "pyro"}, 3: {"level": "easy"}},
        animation_speed="instant",
        ai_pace="click",
        volume=0.0,
        muted=True,
        fullscreen=True,
        window_size=(1600, 900),
        window_pos=(-20, 40),
        show_hints=False,
    )
    save_settings(dirs, settings)
    loaded, messages = load_settings(dirs)
    assert loaded == settings and messages == []
    assert loaded.rules == Rules.from_preset("classic", max_four=False)
    assert loaded.opponent(1) == {"level": "hard", "personality": "pyro"}
    assert loaded.opponent(2) == {}
    data = json.loads(dirs.settings_file.read_text())
    assert data["format"] == "swoop-settings" and data["version"] == SETTINGS_KIND.version


def test_second_save_keeps_previous_as_backup():
    dirs = resolve_dirs()
    save_settings(dirs, replace(Settings(), volume=0.1))
    save_settings(dirs, replace(Settings(), volume=0.9))
    bak = json.loads((dirs.config / "settings.json.bak").read_text())
    assert bak["volume"] == 0.1
    assert json.loads(dirs.settings_file.read_text())["volume"] == 0.9


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("volume", 1.5, "volume should be from 0.0 to 1.0"),
        ("animation_speed", "warp", "animation_speed should be one of"),
        ("ai_pace", 3, "ai_pace should be text"),
        ("rules", {"preset": "app", "target": 10}, "target"),
        ("rules", {"preset": "bridge"}, "unknown rule set"),
        ("opponents", {"8": {"level": "hard"}}, "seat '8'"),
        ("players", 9, "players should be a whole number from 3 to 8"),
        ("players", "6", "players should be a whole number from 3 to 8"),
        ("opponents", {"1": {"level": "godlike"}}, "opponents.1.level"),
        ("window_size", [800], "two numbers"),
        ("muted", "yes", "muted should be true/false"),
    ],
)
def test_values_out_of_range_are_named(field, value, words):
    body = json.loads(json.dumps({"format": "swoop-settings", "version": 2, field: value}))
    with pytest.raises(DocumentError, match=words):
        decode_document(json.dumps(body).encode(), SETTINGS_KIND)


def test_migrates_version_1_settings():
    """Version 1 had one "speed" for animation and AI, and "sound": true/false."""
    v1 = {
        "format": "swoop-settings",
        "version": 1,
        "rules": {"preset": "classic"},
        "speed": "fast",
        "sound": False,
        "volume": 0.5,
    }
    dirs = resolve_dirs()
    dirs.settings_file.write_text(json.dumps(v1))
    settings, messages = load_settings(dirs)
    assert messages == []
    assert settings.animation_speed == "fast" and settings.ai_pace == "fast"
    assert settings.muted is True and settings.volume == 0.5
    assert settings.rules == Rules.from_preset("classic")
    save_settings(dirs, settings)  # written back in the current version
    assert json.loads(dirs.settings_file.read_text())["version"] == 2


def test_unknown_keys_from_this_version_are_ignored():
    body = {"format": "swoop-settings", "version": 2, "colour": "blue", "muted": True}
    assert decode_document(json.dumps(body).encode(), SETTINGS_KIND).muted is True


def test_dirs_data_dir_flag_beats_swoop_home(tmp_path, monkeypatch):
    monkeypatch.setenv("SWOOP_HOME", str(tmp_path / "home"))
    dirs = resolve_dirs(tmp_path / "portable")
    assert dirs.data == dirs.config == tmp_path / "portable"
    assert dirs.data.is_dir()
    assert resolve_dirs().data == tmp_path / "home"


def test_dirs_platformdirs_without_swoop_home(tmp_path, monkeypatch):
    monkeypatch.delenv("SWOOP_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    dirs = resolve_dirs()
    if Path.home() != Path("/"):  # Linux-style XDG folders
        assert dirs.data.name == "Swoop" and dirs.config.name == "Swoop"
    assert dirs.data != dirs.config
    assert dirs.data.is_dir() and dirs.config.is_dir()
    assert dirs.settings_file.parent == dirs.config and dirs.game_file.parent == dirs.data


def test_unusable_window_geometry_is_forgotten_not_fatal():
    body = {
        "format": "swoop-settings",
        "version": 2,
        "window_size": [0, 0],
        "muted": True,
        "window_pos": [10, 20],
    }
    settings = decode_document(json.dumps(body).encode(), SETTINGS_KIND)
    assert settings.window_size is None and settings.muted is True
    assert settings.window_pos == (10, 20)


def test_settings_that_could_not_be_read_back_are_never_written():
    dirs = resolve_dirs()
    save_settings(dirs, replace(Settings(), volume=0.4))
    before = dirs.settings_file.read_text()
    with pytest.raises(ValueError, match="volume"):
        save_settings(dirs, replace(Settings(), volume=3.0))
    with pytest.raises(ValueError, match="ai_pace"):
        save_settings(dirs, replace(Settings(), ai_pace="warp"))
    assert dirs.settings_file.read_text() == before


def test_a_table_size_the_saved_rules_cannot_deal_falls_back_to_four_and_says_so():
    # Two decks cannot deal a table of eight: the rules are kept, the table is four, and
    # the player is told (never a crash, never the rules silently thrown away).
    body = {
        "format": "swoop-settings",
        "version": 2,
        "rules": {"preset": "app", "decks": 2},
        "players": 8,
        "volume": 0.4,
    }
    dirs = resolve_dirs()
    dirs.settings_file.write_text(json.dumps(body))
    settings, messages = load_settings(dirs)
    assert settings.players == 4 and settings.rules.decks == 2 and settings.volume == 0.4
    assert any("cannot seat a table of 8, so a table of 4 is used" in m for m in messages)
