"""Atomic writes: the previous version is kept, leftovers of a killed writer do no harm."""

from __future__ import annotations

import json
import os
import time

import pytest

from swoop_desktop.storage import jsonfile, load_settings, resolve_dirs, save_settings
from swoop_desktop.storage.settings import Settings


def test_leftover_temp_files_are_ignored_and_old_ones_cleaned():
    dirs = resolve_dirs()
    save_settings(dirs, Settings(volume=0.3))
    old = dirs.config / ".settings.json.12345.tmp"
    new = dirs.config / ".settings.json.23456.tmp"
    old.write_text('{"format": "swoop-settings", "ver')  # a writer killed half-way
    new.write_text("x")
    past = time.time() - 3600
    os.utime(old, (past, past))
    settings, messages = load_settings(dirs)
    assert settings.volume == 0.3 and messages == []
    assert not old.exists()  # stale: cleaned
    assert new.exists()  # recent: may belong to a running writer, left alone


def test_text_is_replaced_whole_and_backup_is_the_previous_version(tmp_path):
    path = tmp_path / "f.json"
    jsonfile.atomic_write_text(path, "one")
    assert not (tmp_path / "f.json.bak").exists()
    jsonfile.atomic_write_text(path, "two")
    jsonfile.atomic_write_text(path, "three")
    assert path.read_text() == "three" and (tmp_path / "f.json.bak").read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json", "f.json.bak"]


def test_busy_file_is_retried_then_written(tmp_path, monkeypatch):
    """Windows: a virus scanner holding the file makes a rename fail for a moment."""
    path = tmp_path / "f.json"
    real = os.replace
    fails = {"left": 2}

    def flaky(a, b):
        if str(b) == str(path) and fails["left"]:
            fails["left"] -= 1
            raise PermissionError(13, "busy")
        return real(a, b)

    monkeypatch.setattr(jsonfile.os, "replace", flaky)
    jsonfile.atomic_write_text(path, "ok", keep_backup=False)
    assert path.read_text() == "ok" and fails["left"] == 0


def test_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "f.json"
    jsonfile.atomic_write_text(path, "old")

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonfile.os, "fsync", full)
    with pytest.raises(OSError):
        jsonfile.atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]  # no temp file left


def test_every_file_names_its_format_and_version():
    dirs = resolve_dirs()
    save_settings(dirs, Settings())
    data = json.loads(dirs.settings_file.read_text())
    assert list(data)[:2] == ["format", "version"]


def test_no_pickle_anywhere_in_storage():
    import swoop_desktop.storage as storage

    folder = os.path.dirname(storage.__file__)
    for name in os.listdir(folder):
        if name.endswith(".py"):
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            assert "pickle" not in text.replace("No pickle", "").replace("no pickle", ""), name
