"""Damaged files: each kind of damage gives a plain message, a moved-aside copy, a working game."""

from __future__ import annotations

import json
import random
import shutil
from dataclasses import replace

import pytest

from swoop_desktop.engine import Match
from swoop_desktop.progress import compute_stats, load_history, record_finished_game, reset_stats
from swoop_desktop.storage import (
    has_saved_game,
    jsonfile,
    load_game,
    load_settings,
    resolve_dirs,
    save_game,
    save_settings,
)
from swoop_desktop.storage.settings import Settings

from .helpers import as_older_swoop_left_it, finished_match, play


def _make_settings(dirs):
    save_settings(dirs, replace(Settings(), volume=0.25, ai_pace="slow"))
    return dirs.settings_file


def _make_game(dirs):
    save_game(dirs, play(Match(seed=8), 40, random.Random(8)), ["x"])
    return dirs.game_file


def _make_history(dirs):
    """A new game each time, in an older Swoop's ``history.json`` (brought into the
    database by the next read), with the file it wrote before as its ``.bak``."""
    seed = len(load_history(dirs)[0]) + 1
    record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
    before = sorted(dirs.data.glob("imported-*/history.json"))
    path = as_older_swoop_left_it(dirs)
    if before:
        shutil.copy(before[-1], path.with_name(path.name + ".bak"))
    return path


FILES = {"settings": _make_settings, "game": _make_game, "history": _make_history}


def _future(text: str) -> bytes:
    data = json.loads(text)
    data["version"] = 99
    return json.dumps(data).encode()


def _wrong_types(text: str) -> bytes:
    data = json.loads(text)
    for key in ("volume", "seed", "games"):
        if key in data:
            data[key] = "loud"
    return json.dumps(data).encode()


DAMAGE = {
    "truncated": (lambda t: t.encode()[: len(t) // 2], "not valid JSON"),
    "empty": (lambda t: b"", "empty"),
    "random bytes": (lambda t: random.Random(1).randbytes(300), "random bytes"),
    "wrong shape": (lambda t: b'[1, 2, {"format": 3}]', "expected a JSON object"),
    "wrong format name": (
        lambda t: json.dumps({"format": "pysol", "version": 1}).encode(),
        "not a Swoop",
    ),
    "wrong types": (_wrong_types, "should be"),
    "future version": (_future, "newer version of Swoop"),
}


def _load(kind, dirs):
    if kind == "settings":
        value, messages = load_settings(dirs)
        return (value if value != Settings() else None), messages
    if kind == "game":
        return load_game(dirs)
    records, messages = load_history(dirs)
    return (records or None), messages


def test_one_bad_setting_falls_back_alone_and_the_file_is_kept():
    dirs = resolve_dirs()
    path = _make_settings(dirs)
    spoiled = _wrong_types(path.read_text(encoding="utf-8"))
    path.write_bytes(spoiled)
    settings, messages = load_settings(dirs)
    assert settings.ai_pace == "slow" and settings.volume == Settings().volume
    assert len(messages) == 1 and "volume should be a number" in messages[0]
    assert path.read_bytes() == spoiled  # used in place, not moved aside
    copies = list(dirs.config.glob("settings.partly-damaged-*.json"))
    assert [c.read_bytes() for c in copies] == [spoiled] and str(copies[0]) in messages[0]
    load_settings(dirs)
    assert len(list(dirs.config.glob("*damaged*"))) == 1  # one copy, however often it loads


# One bad setting drops only that setting (test_one_bad_setting_falls_back_alone...).
@pytest.mark.parametrize(
    "kind, damage",
    [
        (k, d)
        for k in sorted(FILES)
        for d in sorted(DAMAGE)
        if (k, d) != ("settings", "wrong types")
    ],
)
def test_damaged_file_without_backup_is_moved_aside_and_game_starts_fresh(kind, damage):
    dirs = resolve_dirs()
    path = FILES[kind](dirs)
    spoil, words = DAMAGE[damage]
    original = path.read_text(encoding="utf-8")
    spoiled = spoil(original)
    path.write_bytes(spoiled)
    (path.with_name(path.name + ".bak")).unlink(missing_ok=True)
    value, messages = _load(kind, dirs)
    assert value is None
    assert len(messages) == 1
    message = messages[0]
    assert words in message, message
    asides = list(path.parent.glob(path.name.split(".")[0] + ".damaged-*"))
    assert len(asides) == 1 and asides[0].read_bytes() == spoiled  # kept, never deleted
    assert str(asides[0]) in message and "fresh" in message
    assert not path.exists()
    # the game goes on: the file can be written and read again
    FILES[kind](dirs)
    value, messages = _load(kind, dirs)
    assert value is not None and [m for m in messages if "now lives in one file" not in m] == []


@pytest.mark.parametrize("kind", sorted(FILES))
def test_damaged_file_falls_back_to_good_backup(kind):
    dirs = resolve_dirs()
    FILES[kind](dirs)
    good_value, _ = _load(kind, dirs)
    path = FILES[kind](dirs)  # second write: the first version becomes the .bak
    assert path.with_name(path.name + ".bak").exists()
    path.write_bytes(path.read_bytes()[:-30])
    value, messages = _load(kind, dirs)
    assert value is not None
    if kind == "game":
        assert value.match.totals == good_value.match.totals
    assert len(messages) == 1 and "Using the previous copy" in messages[0]
    assert list(path.parent.glob("*.damaged-*"))
    if kind == "history":  # the good copy was brought in; both kept in the import's folder
        assert list(dirs.data.glob("imported-*/history.json")) and _load(kind, dirs)[1] == []
    else:
        assert path.exists() and _load(kind, dirs)[1] == []  # the good copy is back in place


def test_damaged_backup_too_is_kept_and_named():
    dirs = resolve_dirs()
    _make_settings(dirs)
    _make_settings(dirs)
    dirs.settings_file.write_text("{")
    (dirs.config / "settings.json.bak").write_text("nonsense")
    settings, messages = load_settings(dirs)
    assert settings == Settings()
    assert "backup copy was damaged too" in messages[0]
    assert len(list(dirs.config.glob("settings.damaged-*"))) == 2


def test_unreadable_history_is_never_overwritten(monkeypatch):
    """Statistics are never replaced by empty ones after a failed load."""
    dirs = resolve_dirs()
    _make_history(dirs)
    before = dirs.history_file.read_bytes()

    def refuse(path, kind, notes=None):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as m:
        m.setattr(jsonfile, "_read_one", refuse)
        records, messages = load_history(dirs)
        assert records == [] and "could not be read (Permission denied)" in messages[0]
        told = record_finished_game(dirs, finished_match(2), [])
        assert not any("could not be added" in m for m in told)  # stored all the same
        reset, messages = reset_stats(dirs)
        assert reset is None and "history file could not be read" in messages[-1]
        assert dirs.history_file.read_bytes() == before  # never moved, never written
    # Once the old file can be read again its game is brought in beside the new one.
    assert compute_stats(load_history(dirs)[0]).games == 2
    assert compute_stats(load_history(resolve_dirs())[0]).games == 2
    assert [p.read_bytes() for p in dirs.data.glob("imported-*/history.json")] == [before]


def test_one_bad_game_in_history_keeps_the_others():
    dirs = resolve_dirs()
    record_finished_game(dirs, finished_match(1), [])
    record_finished_game(dirs, finished_match(2), [])
    as_older_swoop_left_it(dirs)
    data = json.loads(dirs.history_file.read_text())
    data["games"][0]["totals"] = "lots"
    dirs.history_file.write_text(json.dumps(data))
    records, messages = load_history(dirs)
    assert len(records) == 1 and records[0].seed == 2
    assert "1 game in your game history could not be read" in messages[0]
    copies = list(dirs.data.glob("imported-*/history.json"))
    assert len(copies) == 1 and json.loads(copies[0].read_text())["games"][0]["totals"] == "lots"
    # told once: the readable games were kept, the copy holds everything
    records, messages = load_history(dirs)
    assert len(records) == 1 and messages == []


def test_damaged_saved_game_still_shows_continue_until_tried():
    dirs = resolve_dirs()
    _make_game(dirs).write_text("garbage")
    assert has_saved_game(dirs)
    assert load_game(dirs)[0] is None
    assert not has_saved_game(dirs)
