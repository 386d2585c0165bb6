"""The whole game against bad files and folders: it starts, plays and tells.

These drive the real app through the headless pilot: a data folder that is a
file or cannot be searched, a bad personality in the settings, bad weights kept
with a saved game, an unwritable screenshot path, and a finished game that
cannot be added to the history while Game Over is up.
"""

from __future__ import annotations

import errno
import json
import random
import sqlite3

import pygame
import pytest

from swoop_desktop.engine import Match, Rules
from swoop_desktop.progress import pending_games
from swoop_desktop.storage import resolve_dirs, save_game, save_settings
from swoop_desktop.storage.settings import Settings
from swoop_desktop.ui.pilot import Pilot

from .helpers import play, saved_seats
from .test_hostile_files_and_folders import unsearchable


def _visit_everything(pilot: Pilot) -> None:
    """Title -> Scores -> back -> Continue -> New game: none of it may crash."""
    from swoop_desktop.ui.scenes.scores import ScoresScene

    app = pilot.app
    pilot.step(3)
    app.push(ScoresScene(app))
    pilot.step(5)
    app.pop()
    pilot.step(2)
    app.continue_game()
    pilot.step(2)
    app.new_game()
    pilot.step(5)
    assert pilot.top.name == "table"


@pytest.mark.parametrize("how", ["a file", "under a file", "a name too long", "/dev/null"])
def test_a_data_folder_that_is_not_a_folder_plays_on(tmp_path, how):
    a_file = tmp_path / "file.txt"
    a_file.write_text("not a folder")
    data = {
        "a file": a_file,
        "under a file": a_file / "sub",
        "a name too long": tmp_path / ("x" * 300),
        "/dev/null": "/dev/null",
    }[how]
    with Pilot(data_dir=data, start="title") as pilot:
        assert any("cannot be used" in n for n in pilot.app.notices)
        _visit_everything(pilot)
    assert a_file.read_text() == "not a folder"


def test_a_data_folder_that_cannot_be_searched_plays_on(tmp_path):
    data = tmp_path / "locked"
    data.mkdir()
    with unsearchable(data):
        with Pilot(data_dir=data, start="title") as pilot:
            assert pilot.app.notices
            _visit_everything(pilot)


def test_an_unknown_personality_in_the_settings_still_deals(tmp_path):
    dirs = resolve_dirs(tmp_path)
    save_settings(dirs, Settings())
    data = json.loads(dirs.settings_file.read_text())
    data["opponents"] = {"2": {"personality": "zany", "level": "hard"}}
    dirs.settings_file.write_text(json.dumps(data))
    with Pilot(data_dir=tmp_path, start="title") as pilot:
        assert any("unknown personality 'zany'" in n for n in pilot.app.notices)
        pilot.app.new_game()
        pilot.step(3)
        assert pilot.table.seats[2].level == "hard"
        assert pilot.table.seats[2].personality != "zany"


@pytest.mark.parametrize("weights", [{"telepathy": 2.0}, {"out": 10**400}])
def test_bad_weights_kept_with_a_saved_game_still_continue(tmp_path, weights):
    dirs = resolve_dirs(tmp_path)
    match = play(Match(seed=3), 30, random.Random(3))
    seats = saved_seats(weights)
    save_game(dirs, match, ["hi"], {"seats": seats})
    with Pilot(data_dir=tmp_path, start="title") as pilot:
        assert pilot.app.continue_game() is not None
        pilot.step(3)
        assert pilot.top.name == "table" and pilot.table.seats[1].name == "Left"
        assert pilot.table.seats[1].weights is None
        pilot.wait_for_turn(30)


def test_an_unwritable_screenshot_path_is_one_line_before_the_demo(tmp_path, capsys):
    from swoop_desktop.cli import run

    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    for flag in ("--screenshot", "--perf"):
        code = run(["--demo", "--frames", "3", flag, str(a_file / "out.png")])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1 and "cannot be written" in err, err
        assert "Traceback" not in err


def test_the_apps_rules_option_says_what_is_wrong(capsys):
    from swoop_desktop.cli import parser

    for value in ('{"preset": []}', '{"preset": {}}', '{"target": ' + "9" * 5000 + "}", "[" * 5000):
        with pytest.raises(SystemExit) as exc:
            parser().parse_args(["--rules", value])
        err = capsys.readouterr().err
        assert exc.value.code == 2 and "invalid _rules value" not in err
        assert "bad rules" in err and len(err.splitlines()[-1]) < 400


def _finish_the_game(pilot: Pilot) -> None:
    table = pilot.table
    for _ in range(20_000):
        top = pilot.top
        if top.name == "game_over":
            return
        if top.name == "hand_over":
            pilot.advance(0.7)  # the breakdown is read, then Enter pressed for it
            pilot.press(pygame.K_RETURN)
            continue
        if not table.idle or table.state is None or table.state.to_move != 0:
            pilot.step()
            continue
        if table.state.phase_name in ("follow", "chain"):
            pilot.press(pygame.K_d)
        else:
            pilot.press(pygame.K_HOME)
            pilot.press(pygame.K_UP)  # choose it (F flips a mystery card)
            pilot.press(pygame.K_RETURN if table.model.selected else pygame.K_f)
    raise AssertionError("the game did not end")


def test_a_finished_game_that_cannot_be_recorded_is_told_over_game_over(tmp_path, monkeypatch):
    from swoop_desktop.storage import db

    def full(*args, **kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    def no_room(*args, **kwargs):  # nor room beside it
        raise OSError(errno.ENOSPC, "No space left on device", "/x/.history.pending-1.json.tmp")

    monkeypatch.setattr(db, "change", full)
    monkeypatch.setattr(pending_games, "atomic_write_text", no_room)
    rules = Rules.from_preset("app", target=50)
    with Pilot(data_dir=tmp_path, seed=4, start="table", rules=rules) as pilot:
        _finish_the_game(pilot)
        pilot.table.flow.saver.flush()  # the history is written off the frame loop
        shown = []
        for _ in range(600):
            pilot.step()
            if pilot.app.toast:
                shown.append(pilot.app.toast[0])
            if any("scores" in s for s in shown):
                break
        told = [s for s in dict.fromkeys(shown) if "scores" in s]
        assert pilot.top.name == "game_over"
        assert len(told) == 1 and "the disk is full" in told[0], shown
        assert "Errno" not in told[0] and ".tmp" not in told[0]
        # The game is not lost for this session: Scores lists it.
        from swoop_desktop.progress import load_history

        assert len(load_history(pilot.app.dirs)[0]) == 1


class _CountingFont:
    """A real font that counts measurements and refuses to go on past a budget."""

    def __init__(self, real, budget: int = 40) -> None:
        self.real, self.calls, self.budget = real, 0, budget

    def size(self, text: str):
        self.calls += 1
        if self.calls > self.budget:
            raise AssertionError(f"{self.calls} measurements for one name")
        return self.real.size(text)

    def __getattr__(self, name):
        return getattr(self.real, name)


@pytest.mark.parametrize("length", [30, 8_000, 100_000])
def test_a_long_name_on_the_score_sheet_costs_a_few_measurements(monkeypatch, length):
    from swoop_desktop.ui.scenes import sheet
    from swoop_desktop.ui.theme import Theme

    pygame.font.init()
    theme = Theme()
    counting: list[_CountingFont] = []

    def font(theme_, size, bold=False):
        counting.append(_CountingFont(theme_.font(size, bold)))
        return counting[-1]

    monkeypatch.setattr(sheet, "font", font)
    surface = pygame.Surface((800, 600))
    names = ["You", "W" * length, "Top", "Right"]
    sheet.draw_sheet(surface, theme, pygame.Rect(0, 0, 800, 600), names, [[0, 5, 7, 9]], [0])
    measured = [f for f in counting if f.calls]
    assert measured and max(f.calls for f in measured) <= 40
