"""Nothing in a file or a folder crashes the game or loses a finished game.

Each section below is one kind of hostile file or folder. Every test failed on the
code before the fix (a crash, a hang, a lost or overwritten file).
"""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import os
import random
import sqlite3
from pathlib import Path

import pytest

from swoop_desktop.engine import Match, format_position
from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.storage import (
    db,
    has_saved_game,
    load_game,
    load_settings,
    resolve_dirs,
    save_game,
    save_settings,
)
from swoop_desktop.storage.seats import Seat
from swoop_desktop.storage.settings import Settings

from .helpers import as_older_swoop_left_it, finished_match, play, saved_seats

HUGE = "9" * 5000


def _game(dirs, seed=8, steps=40):
    match = play(Match(seed=seed), steps, random.Random(seed))
    save_game(dirs, match, ["x"])
    return match


def _history(dirs, seeds=(1, 2)):
    """Games in an older Swoop's ``history.json`` (which the next read imports)."""
    for seed in seeds:
        record_finished_game(dirs, finished_match(seed), [{"name": "You"}, {"name": "Left"}])
    as_older_swoop_left_it(dirs)


def _edit(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _no_bak(path: Path) -> None:
    path.with_name(path.name + ".bak").unlink(missing_ok=True)


# -- numbers of more than 4,300 digits -----------------------------------------------------
@pytest.mark.parametrize("kind", ["settings", "game", "history"])
def test_a_5000_digit_number_is_refused_not_a_crash(kind):
    dirs = resolve_dirs()
    if kind == "settings":
        save_settings(dirs, Settings(volume=0.3))
        path = dirs.settings_file
    elif kind == "game":
        _game(dirs)
        path = dirs.game_file
    else:
        _history(dirs)
        path = dirs.history_file
    text = path.read_text(encoding="utf-8")
    key = {"settings": '"volume": 0.3', "game": '"seed":', "history": '"seed":'}[kind]
    assert key in text
    text = text.replace(
        key, f'"volume": {HUGE}' if kind == "settings" else f'"seed":{HUGE},"_":', 1
    )
    path.write_text(text, encoding="utf-8")
    _no_bak(path)
    loader = {"settings": load_settings, "game": load_game, "history": load_history}[kind]
    value, messages = loader(dirs)  # no ValueError escapes
    assert messages and "5,000 digits" in messages[0]
    assert len(messages[0]) < 400
    if kind == "settings":
        assert value == Settings()


# -- names that draw as nothing ------------------------------------------------------------
INVISIBLE = ["\u200b", "\u200d", "\u2060", "\ufeff", " \u200b ", "\u3164", "\u0301", "\x07"]


@pytest.mark.parametrize("name", INVISIBLE)
def test_invisible_names_fall_back_to_the_seat_name_in_settings(name):
    dirs = resolve_dirs()
    save_settings(dirs, Settings())
    _edit(dirs.settings_file, lambda d: d.update(opponents={"1": {"name": name, "level": "hard"}}))
    settings, messages = load_settings(dirs)
    assert settings.opponents == {1: {"level": "hard"}}  # the name dropped, the level kept
    assert len(messages) == 1 and "'Lefty'" in messages[0]


@pytest.mark.parametrize("name", INVISIBLE)
def test_invisible_names_in_a_saved_game_and_the_history(name):
    dirs = resolve_dirs()
    match = _game(dirs)
    seats = [
        {"seat": 0, "name": "You", "level": "human"},
        {"seat": 1, "name": name, "level": "easy"},
        {"seat": 2, "name": "Top", "level": "easy"},
        {"seat": 3, "name": "Right", "level": "easy"},
    ]
    save_game(dirs, match, [], {"seats": seats})
    saved, messages = load_game(dirs)
    assert saved is not None and saved.seats is not None
    assert saved.seats[1].name == "Lefty"
    assert len(messages) == 1 and "invisible" in messages[0] or "visible" in messages[0]
    record_finished_game(dirs, finished_match(3), [{"name": "You"}, {"name": "Left"}])
    as_older_swoop_left_it(dirs)
    data = json.loads(dirs.history_file.read_text(encoding="utf-8"))  # a history holding it
    data["games"][0]["seats"][1]["name"] = name
    dirs.history_file.write_text(json.dumps(data), encoding="utf-8")
    records, messages = load_history(dirs)
    assert [r.seats[1]["name"] for r in records] == ["Lefty"]
    assert len(messages) == 1 and "a copy of the file as it was is kept" in messages[0]
    assert load_history(dirs) == (records, [])  # told once: the cleaned history was written


def test_every_name_a_loader_returns_draws_something():
    pygame = pytest.importorskip("pygame")
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    rng = random.Random(2)
    odd = INVISIBLE + [
        "A",
        "Zoë",
        "  Bob  ",
        "\u00e9",
        "e\u0301",
        "\U0001f600",
        "\u2800",
        "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(12)),
    ]
    from swoop_desktop.names import check_name

    for name in odd:
        good, why = check_name(name)
        if good is not None:
            assert font.size(good)[0] > 0, repr(name)  # pygame raised "Text has zero width"
        else:
            assert why


# -- an unknown personality in settings.json -----------------------------------------------
def test_unknown_personality_in_settings_is_dropped_with_a_message():
    from swoop_desktop.ai import FEATURES, LEVELS, PERSONALITIES
    from swoop_desktop.storage import Known

    dirs = resolve_dirs()
    save_settings(dirs, Settings())
    _edit(
        dirs.settings_file,
        lambda d: d.update(opponents={"2": {"personality": "zany", "level": "easy"}}),
    )
    known = Known(tuple(LEVELS), tuple(PERSONALITIES), tuple(FEATURES))
    settings, messages = load_settings(dirs, known)
    assert settings.opponents == {2: {"level": "easy"}}
    assert len(messages) == 1 and "unknown personality 'zany'" in messages[0]


# -- bad AI weights kept with a saved game -------------------------------------------------
@pytest.mark.parametrize(
    "weights", [{"telepathy": 3.0}, {"out": int(HUGE[:300])}, {"out": "high"}, {"out": 1e308}]
)
def test_bad_weights_in_a_saved_game_are_dropped(weights):
    from swoop_desktop.ai import FEATURES, LEVELS, PERSONALITIES, make_bot
    from swoop_desktop.storage import Known

    dirs = resolve_dirs()
    match = _game(dirs)
    seats = saved_seats(dict(weights, shed=2.0))
    save_game(dirs, match, [], {"seats": seats})
    saved, messages = load_game(dirs, Known(tuple(LEVELS), tuple(PERSONALITIES), tuple(FEATURES)))
    assert saved is not None and messages
    assert saved.seats is not None
    for seat in saved.seats[1:]:
        assert seat.weights == {"shed": 2.0}
        make_bot(seat.level, seat.personality, weights=seat.weights)  # no crash


# -- a saved game at any table size ---------------------------------------------------------
@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_saved_game_at_any_table_size_resumes_exactly(players):
    dirs = resolve_dirs()
    match = play(Match(players=players, seed=4), 30, random.Random(4))
    seats = [
        Seat(0, "You"),
        *(Seat(p, f"Bot {p}", "normal", "balanced") for p in range(1, players)),
    ]
    save_game(dirs, match, ["a line"], seats=seats)
    saved, messages = load_game(dirs)
    assert messages == [] and saved is not None
    assert saved.match.n == players and saved.seats == seats
    assert format_position(saved.match.state) == format_position(match.state)
    assert saved.match.actions == match.actions


def test_a_saved_game_of_a_table_swoop_cannot_seat_is_refused():
    dirs = resolve_dirs()
    match = play(Match(players=4, seed=4), 30, random.Random(4))
    save_game(dirs, match, [])
    body = json.loads(dirs.game_file.read_text(encoding="utf-8"))
    body["players"] = 9
    dirs.game_file.write_text(json.dumps(body), encoding="utf-8")
    _no_bak(dirs.game_file)
    saved, messages = load_game(dirs)
    assert saved is None and "players should be from 3 to 8" in messages[0]
    assert list(dirs.data.glob("game.damaged-*"))  # kept aside, never deleted


# -- one history entry with an odd rule set ------------------------------------------------
@pytest.mark.parametrize("rules", [[1, 2], {"preset": []}, {"preset": {}}, {"target": [5]}, "app"])
def test_one_odd_rule_set_costs_only_its_own_game(rules):
    dirs = resolve_dirs()
    _history(dirs, seeds=(1, 2, 3))
    _edit(dirs.history_file, lambda d: d["games"][1].update(rules=rules))
    _no_bak(dirs.history_file)
    records, messages = load_history(dirs)
    assert [r.seed for r in records] == [1, 3]
    assert len(messages) == 1 and "1 game in your game history" in messages[0]


# -- a FIFO or a device in place of a file -------------------------------------------------
@pytest.mark.timeout(30)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
@pytest.mark.parametrize("kind", ["settings", "history", "game"])
def test_a_fifo_never_hangs_and_is_moved_aside(kind):
    dirs = resolve_dirs()
    path = {"settings": dirs.settings_file, "history": dirs.history_file, "game": dirs.game_file}[
        kind
    ]
    os.mkfifo(path)
    loader = {"settings": load_settings, "game": load_game, "history": load_history}[kind]
    _value, messages = loader(dirs)
    assert messages and "not an ordinary file" in messages[0]
    assert not path.exists() or path.is_file()


@pytest.mark.timeout(30)
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_dev_zero_is_refused():
    dirs = resolve_dirs()
    dirs.history_file.symlink_to("/dev/zero")
    records, messages = load_history(dirs)
    assert records == [] and "not an ordinary file" in messages[0]
    record_finished_game(dirs, finished_match(1), [])
    assert len(load_history(dirs)[0]) == 1


def test_a_huge_file_is_refused_without_reading_it_all(monkeypatch):
    from swoop_desktop.storage import settings as settings_module

    dirs = resolve_dirs()
    save_settings(dirs, Settings())
    with open(dirs.settings_file, "ab") as f:
        f.truncate(settings_module.SETTINGS_KIND.cap + 10)
    _no_bak(dirs.settings_file)
    settings, messages = load_settings(dirs)
    assert settings == Settings() and "too large" in messages[0]


# -- a folder the player cannot search -----------------------------------------------------
@contextlib.contextmanager
def unsearchable(folder: Path):
    """Every access to a path inside ``folder`` fails with "Permission denied", as in a
    folder of mode 000 (the tests run as root, for whom chmod 000 changes nothing)."""
    inside = str(folder.resolve()) + os.sep

    def blocked(path) -> bool:
        try:
            text = os.fspath(path)
        except TypeError:
            return False
        if isinstance(text, bytes):
            text = text.decode(errors="replace")
        return os.path.abspath(text).startswith(inside)

    def guard(real):
        def wrapper(path, *args, **kwargs):
            if blocked(path):
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return real(path, *args, **kwargs)

        return wrapper

    mp = pytest.MonkeyPatch()
    for name in (
        "stat",
        "lstat",
        "open",
        "scandir",
        "listdir",
        "mkdir",
        "unlink",
        "rename",
        "replace",
        "link",
    ):
        mp.setattr(os, name, guard(getattr(os, name)))
    mp.setattr(builtins, "open", guard(builtins.open))
    mp.setattr(io, "open", guard(io.open))
    try:
        yield
    finally:
        mp.undo()


def test_a_folder_that_cannot_be_searched_never_crashes_storage():
    dirs = resolve_dirs()
    _history(dirs, seeds=(1,))
    save_settings(dirs, Settings(volume=0.2))
    before = dirs.history_file.read_bytes()
    with unsearchable(dirs.data):
        settings, messages = load_settings(dirs)
        assert settings == Settings() and "could not be read" in messages[0]
        records, messages = load_history(dirs)
        assert records == [] and messages
        assert load_game(dirs)[0] is None
        assert has_saved_game(dirs) is False
        record_finished_game(dirs, finished_match(2), [])
        save_game(dirs, Match(seed=1), [])
        save_settings(dirs, Settings(volume=0.9))
        assert dirs.notices.told  # the player hears of it
    assert dirs.history_file.read_bytes() == before
    assert load_settings(dirs)[0].volume == 0.2  # the file it could not read was kept


# -- a folder in the way of a save ---------------------------------------------------------
def test_a_folder_where_the_backup_goes_is_moved_aside():
    dirs = resolve_dirs()
    match = _game(dirs)
    bak = dirs.game_file.with_name("game.json.bak")
    bak.unlink(missing_ok=True)
    bak.mkdir()
    (bak / "inside.txt").write_text("mine")
    for _ in range(3):
        save_game(dirs, match, ["again"])
    assert bak.is_file()
    moved = list(dirs.data.glob("game.in-the-way-*"))
    assert len(moved) == 1 and (moved[0] / "inside.txt").read_text() == "mine"
    told = dirs.notices.told
    assert len(told) == 1 and "moved to" in told[0]


def test_a_folder_named_like_the_saved_game_is_moved_aside_and_the_game_saved():
    dirs = resolve_dirs()
    dirs.game_file.mkdir()
    _game(dirs)
    saved, messages = load_game(dirs)
    assert saved is not None and messages == []
    assert len(list(dirs.data.glob("game.in-the-way-*"))) == 1


def test_a_folder_where_the_history_backup_goes_never_loses_games():
    dirs = resolve_dirs()
    _history(dirs, seeds=(1,))
    bak = dirs.history_file.with_name("history.json.bak")
    bak.unlink(missing_ok=True)
    bak.mkdir()
    (bak / "mine.txt").write_text("mine")
    _history(dirs, seeds=(2, 3))
    assert [r.seed for r in load_history(resolve_dirs())[0]] == [1, 2, 3]
    # The folder is never lost: it moved, with what it held, beside the imported file.
    assert [p.read_text() for p in dirs.data.glob("imported-*/history.json.bak/mine.txt")] == [
        "mine"
    ]


# -- never write over a file the game said it will keep ------------------------------------
def test_an_unreadable_settings_file_is_never_overwritten():
    dirs = resolve_dirs()
    save_settings(dirs, Settings(volume=0.1))
    save_settings(dirs, Settings(volume=0.2))
    main, bak = (
        dirs.settings_file.read_bytes(),
        dirs.settings_file.with_name("settings.json.bak").read_bytes(),
    )
    real_open = os.open

    def deny(path, *args, **kwargs):
        if os.fspath(path) == os.fspath(dirs.settings_file):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_open(path, *args, **kwargs)

    mp = pytest.MonkeyPatch()
    mp.setattr(os, "open", deny)
    real_io_open = io.open

    def deny_io(path, *args, **kwargs):
        if isinstance(path, (str, os.PathLike)) and os.fspath(path) == os.fspath(
            dirs.settings_file
        ):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_io_open(path, *args, **kwargs)

    mp.setattr(io, "open", deny_io)
    mp.setattr(builtins, "open", deny_io)
    try:
        for _session in range(2):
            session = resolve_dirs()
            settings, messages = load_settings(session)
            assert "will not be overwritten" in messages[0]
            save_settings(session, Settings(window_size=(1000, 700)))  # what quitting does
            save_settings(session, Settings(volume=1.0))
    finally:
        mp.undo()
    assert dirs.settings_file.read_bytes() == main
    assert dirs.settings_file.with_name("settings.json.bak").read_bytes() == bak


# -- the .bak is used whenever the main file is missing ------------------------------------
@pytest.mark.parametrize("kind", ["settings", "game", "history"])
def test_a_good_backup_is_used_when_the_main_file_is_missing(kind):
    dirs = resolve_dirs()
    if kind == "settings":
        save_settings(dirs, Settings(volume=0.4))
        save_settings(dirs, Settings(volume=0.5))
        path = dirs.settings_file
    elif kind == "game":
        _game(dirs, steps=30)
        _game(dirs, steps=60)
        path = dirs.game_file
    else:  # an older Swoop's folder where only the backup copy of its history is left
        _history(dirs, seeds=(1,))
        path = dirs.history_file
        path.rename(path.with_name("history.json.bak"))
    if kind != "history":
        path.unlink()
    loader = {"settings": load_settings, "game": load_game, "history": load_history}[kind]
    value, messages = loader(dirs)
    assert len(messages) == 1 and "was missing. Using the previous copy" in messages[0]
    if kind == "settings":
        assert value.volume == 0.4
    elif kind == "game":
        assert value is not None
    else:
        assert [r.seed for r in value] == [1]
    if kind != "history":
        assert path.is_file()  # put back in place
    else:  # brought into the database; the files kept, untouched, in the import's folder
        assert list(dirs.data.glob("imported-*/history.json"))
        _history(dirs, seeds=(3, 4))  # the good backup is never overwritten by less
        assert [r.seed for r in load_history(dirs)[0]] == [1, 3, 4]


# -- save failures told once, in plain words -----------------------------------------------
def test_a_full_disk_is_told_once_in_plain_words(monkeypatch):
    from swoop_desktop.storage import jsonfile

    dirs = resolve_dirs()
    match = _game(dirs)

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonfile.os, "fsync", full)
    for _ in range(50):
        save_game(dirs, match, [])  # never raises
    told = dirs.notices.told
    assert len(told) == 1
    assert "the disk is full" in told[0] and "play on" in told[0]
    assert ".tmp" not in told[0] and "Errno" not in told[0] and "No space" not in told[0]
    monkeypatch.undo()
    save_game(dirs, match, [])  # works again: a later failure is told again
    monkeypatch.setattr(jsonfile.os, "fsync", full)
    save_game(dirs, match, [])
    assert len(dirs.notices.told) == 2


def test_a_read_only_folder_still_shows_the_scores_and_tells_once():
    from swoop_desktop.storage import open_dirs

    dirs = resolve_dirs()
    _history(dirs, seeds=(1,))
    real_open = builtins.open

    real_os_open = os.open

    def read_only(path, mode="r", *args, **kwargs):
        if isinstance(path, int):  # a file descriptor: os.open below decided already
            return real_open(path, mode, *args, **kwargs)
        if any(c in mode for c in "wax+"):
            raise OSError(30, "Read-only file system", os.fspath(path))
        return real_open(path, mode, *args, **kwargs)

    def read_only_os(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(30, "Read-only file system", os.fspath(path))
        return real_os_open(path, flags, *args, **kwargs)

    def read_only_db(path, wait):  # SQLite opens its files itself
        return sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=wait)

    monkeypatch = pytest.MonkeyPatch()
    try:
        monkeypatch.setattr(db, "_connect", read_only_db)
        monkeypatch.setattr(builtins, "open", read_only)
        monkeypatch.setattr(io, "open", read_only)
        monkeypatch.setattr(os, "open", read_only_os)
        session, messages = open_dirs(dirs.data)
        assert session.usable and len(messages) == 1 and "read-only disk" in messages[0]
        assert [r.seed for r in load_history(session)[0]] == [1]
        for seed in (2, 3):
            record_finished_game(session, finished_match(seed), [])
        told = session.notices.told
        assert len(told) == 1 and "could not be added to your scores" in told[0]
        assert [r.seed for r in load_history(session)[0]] == [1, 2, 3]  # kept for the session
    finally:
        monkeypatch.undo()
    record_finished_game(session, finished_match(4), [])  # the disk is back: nothing lost
    assert [r.seed for r in load_history(resolve_dirs())[0]] == [1, 2, 3, 4]
