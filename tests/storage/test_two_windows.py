"""Two windows on one data folder never rewrite each other's game: the game in progress
belongs to the window that holds the folder, and a game is stored once."""

from __future__ import annotations

import errno
import random
import sqlite3

from swoop_desktop.engine import Match
from swoop_desktop.progress import history as history_module
from swoop_desktop.progress import load_history, pending_games, retire_game
from swoop_desktop.storage import claim_data_folder, release_data_folder, resolve_dirs, save_game
from swoop_desktop.storage.paths import holds_data_folder
from swoop_desktop.ui.pilot import Pilot

from .helpers import play, step

SEATS = [{"name": "You"}]


def _in_progress(seed: int, steps: int = 40) -> Match:
    return play(Match(seed=seed), steps, random.Random(seed))


def _to_the_end(match: Match, seed: int) -> Match:
    rng = random.Random(seed + 1)
    while not match.over:
        step(match, rng)
    return match


def test_new_game_in_a_second_window_never_records_the_first_windows_game(tmp_path):
    first = resolve_dirs(tmp_path)
    assert claim_data_folder(first) == []
    game = _in_progress(21)
    save_game(first, game, ["first"])
    with Pilot(data_dir=tmp_path, start="title") as pilot:
        assert pilot.app.dirs.state.second_window
        pilot.app.new_game()
        pilot.step(3)
        assert load_history(resolve_dirs(tmp_path))[0] == []  # nothing recorded as abandoned
        assert pilot.app.continue_game() is None  # nor taken over to play on here
        assert pilot.app.toast is not None and "other Swoop window" in pilot.app.toast[0]
    retire_game(first, _to_the_end(game, 21), SEATS)
    games, _ = load_history(resolve_dirs(tmp_path))
    assert len(games) == 1 and not games[0].abandoned
    release_data_folder(first)


def test_a_game_recorded_abandoned_then_finished_is_stored_once(tmp_path):
    dirs = resolve_dirs(tmp_path)
    game = _in_progress(22)
    retire_game(dirs, game.copy(), SEATS, abandoned=True)
    retire_game(dirs, _to_the_end(game, 22), SEATS)
    games, _ = load_history(resolve_dirs(tmp_path))
    assert len(games) == 1 and not games[0].abandoned and games[0].seed == 22


def test_a_game_finished_then_recorded_abandoned_at_an_earlier_play_is_stored_once(tmp_path):
    dirs = resolve_dirs(tmp_path)
    game = _in_progress(23)
    early = game.copy()
    retire_game(dirs, _to_the_end(game, 23), SEATS)
    retire_game(dirs, early, SEATS, abandoned=True)
    games, _ = load_history(resolve_dirs(tmp_path))
    assert len(games) == 1 and not games[0].abandoned


def test_games_of_one_seed_played_differently_are_both_kept(tmp_path):
    dirs = resolve_dirs(tmp_path)
    one = _to_the_end(_in_progress(24, 10), 24)
    other = _to_the_end(_in_progress(24, 10), 99)  # the same deal, other plays
    retire_game(dirs, one, SEATS)
    retire_game(dirs, other, SEATS)
    assert len(load_history(resolve_dirs(tmp_path))[0]) == 2


def test_a_second_window_takes_the_folder_over_once_the_first_closes(tmp_path):
    first, second = resolve_dirs(tmp_path), resolve_dirs(tmp_path)
    claim_data_folder(first)
    claim_data_folder(second)
    assert not holds_data_folder(second)
    release_data_folder(first)
    assert holds_data_folder(second) and not second.state.second_window
    assert any("has closed" in t for t in second.notices.take())
    release_data_folder(second)


# -- closing with a game that is not saved ------------------------------------------
def _full(*args, **kwargs):
    raise sqlite3.OperationalError("database or disk is full")


def _no_room(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device", "/x/.pending.json.tmp")


def test_closing_with_a_game_written_nowhere_tells_first_and_closes_the_second_time(
    tmp_path, monkeypatch
):
    from swoop_desktop.storage import db, savegame

    monkeypatch.setattr(db, "change", _full)
    monkeypatch.setattr(pending_games, "atomic_write_text", _no_room)
    monkeypatch.setattr(savegame, "write_document", _no_room)  # nor the saved game
    with Pilot(data_dir=tmp_path, start="title") as pilot:
        dirs = pilot.app.dirs
        history_module.record_finished_game(dirs, _to_the_end(_in_progress(25), 25), SEATS)
        pilot.app.quit()
        assert pilot.app.running
        assert pilot.app.toast is not None and "NOT saved" in pilot.app.toast[0]
        assert str(tmp_path) in pilot.app.toast[0]
        pilot.app.quit()
        assert not pilot.app.running


def test_closing_with_room_again_keeps_the_game_and_closes_at_once(tmp_path, monkeypatch):
    from swoop_desktop.storage import db

    with Pilot(data_dir=tmp_path, start="title") as pilot:
        dirs = pilot.app.dirs
        with monkeypatch.context() as m:
            m.setattr(db, "change", _full)
            m.setattr(pending_games, "atomic_write_text", _no_room)
            history_module.record_finished_game(dirs, _to_the_end(_in_progress(26), 26), SEATS)
        pilot.app.quit()
        assert not pilot.app.running
    assert [g.seed for g in load_history(resolve_dirs(tmp_path))[0]] == [26]
