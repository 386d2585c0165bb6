"""Settings are written as changes: a window writes the fields it changed, merged over what is
on disk at that moment, so two windows never undo each other's settings."""

from __future__ import annotations

import dataclasses

from swoop_desktop.storage import Settings, load_settings, open_dirs, resolve_dirs, save_settings
from swoop_desktop.storage.settings import SETTINGS
from swoop_desktop.ui.pilot import Pilot


def test_a_window_quitting_keeps_the_settings_another_window_changed(tmp_path):
    folder = tmp_path / "data"
    with Pilot(data_dir=folder, start="title") as first:
        # Meanwhile another window on the same folder changes two settings and quits
        # (what its App writes: only its changes; one process has one window, so the
        # other window's write is made here directly).
        other, _ = open_dirs(folder)
        theirs = load_settings(other)[0]
        other_changed = dataclasses.replace(theirs, volume=0.2, four_colour=True)
        save_settings(other, other_changed)
        assert load_settings(open_dirs(folder)[0])[0] == other_changed
        first.app.update_settings(animation_speed="fast")
    # The first window has quit too (it wrote its window size and place at shutdown).
    settings, _ = load_settings(open_dirs(folder)[0])
    assert settings.volume == 0.2 and settings.four_colour
    assert settings.animation_speed == "fast"


def test_every_field_round_trips_and_only_changes_are_merged():
    dirs = resolve_dirs()
    default = Settings()
    # Every setting at a good value of its own, as its entry in the table of settings gives.
    every = Settings(**{e.name: e.read.example(e.default) for e in SETTINGS})
    for f in dataclasses.fields(Settings):  # every field is set to a value of its own
        assert getattr(every, f.name) != getattr(default, f.name), f.name
    save_settings(dirs, every)
    assert load_settings(dirs)[0] == every
    # Another window, which read the defaults, changes only the volume.
    save_settings(dirs, dataclasses.replace(default, volume=0.9), since=default)
    assert load_settings(dirs)[0] == dataclasses.replace(every, volume=0.9)
