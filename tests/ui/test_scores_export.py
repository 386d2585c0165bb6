"""Statistics leave the game from Scores: "Export…" asks for a file name (a dated one in
Documents by default), writes the games as CSV for a spreadsheet or as the JSON that
``swoop --export`` writes, refuses Swoop's own folders (data and settings), anything at
the name that is not a file and any name no file can have, each in one sentence, never
replaces a file without a second press nor moves anything else, and says where the games
went."""

from __future__ import annotations

import csv
import json
import os
import stat
from datetime import date
from pathlib import Path

import pygame
import pytest

from swoop_desktop import cli
from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.progress.export import default_export_path, games_csv
from swoop_desktop.storage import resolve_dirs
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.export import ExportOverlay, export_target
from tests.storage.helpers import finished_match

SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": "normal"} for n in ("Lefty", "Topper", "Righty")
]
GAMES = (2, 3, 5)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home folder with a Documents folder, where the export goes by default."""
    folder = tmp_path / "home"
    (folder / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(folder))
    return folder


def _prompt(p: Pilot) -> ExportOverlay:
    """Scores → Statistics → Export…, as a player gets there."""
    p.app.open("scores", tab="stats")
    p.step()
    scores = p.top
    assert scores.export_button.enabled
    p.click(scores.export_button.rect.center)
    assert isinstance(p.top, ExportOverlay)
    return p.top


def _data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    dirs = resolve_dirs(data)
    for seed in GAMES:
        record_finished_game(dirs, finished_match(seed), SEATS)
    return data


def test_export_writes_a_csv_a_spreadsheet_opens_one_row_a_game_and_says_where(tmp_path, home):
    data = _data(tmp_path)
    with Pilot(data_dir=data, start="title") as p:
        prompt = _prompt(p)
        expected = home / "Documents" / f"swoop-games-{date.today().isoformat()}.csv"
        assert prompt.target == expected
        p.press(pygame.K_RETURN)
        assert p.top.name == "scores"
        assert p.top.notice == f"3 games written to {expected}"
        records, _ = load_history(resolve_dirs(data))
    with open(expected, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(GAMES) == len(records)
    for row, record in zip(rows, records, strict=True):
        assert row["Result"] == record.result()
        assert int(row["Your total"]) == record.totals[0]
        assert int(row["Hands"]) == record.hands
        assert row["Seat 2"] == "Lefty" and row["Seat 2 level"] == "normal"
        assert int(row["Seat 4 total"]) == record.totals[3]
        assert row["Game id"] == record.id
    with open(expected, newline="", encoding="utf-8") as f:
        header = next(csv.reader(f))
    assert header[:3] == ["Date", "Result", "Your total"]


def test_export_as_json_writes_what_the_export_command_writes(tmp_path, home):
    data = _data(tmp_path)
    with Pilot(data_dir=data, start="title") as p:
        prompt = _prompt(p)
        p.press(pygame.K_TAB)  # CSV -> JSON: the name's ending follows
        assert prompt.fmt == "json" and prompt.text.endswith(".json")
        p.press(pygame.K_RETURN)
        written = home / "Documents" / f"swoop-games-{date.today().isoformat()}.json"
        assert p.top.notice == f"3 games written to {written}"
    body = json.loads(written.read_text(encoding="utf-8"))
    assert len(body["games"]) == len(GAMES)


def test_a_typed_name_goes_in_documents_with_the_formats_ending(tmp_path, home):
    with Pilot(data_dir=_data(tmp_path), start="title") as p:
        prompt = _prompt(p)
        p.press(pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL)  # the file's name, at once
        assert prompt.text.endswith("/")
        for char in "evening":
            p.post(pygame.TEXTINPUT, text=char)
        p.step()
        p.press(pygame.K_RETURN)
        assert (home / "Documents" / "evening.csv").is_file()
        assert p.top.notice.endswith("evening.csv")


def test_the_data_folders_own_files_are_refused_and_nothing_is_written(tmp_path, home):
    data = _data(tmp_path)
    with Pilot(data_dir=data, start="title") as p:
        database = data / "swoop.sqlite3"
        before = database.read_bytes()
        prompt = _prompt(p)
        prompt.text = str(database)
        p.press(pygame.K_RETURN)
        assert p.top is prompt, "the prompt stays, saying why"
        assert "data folder" in prompt.problem and "nothing was written" in prompt.problem
        assert database.read_bytes() == before
        prompt.text = str(tmp_path / "no such folder" / "games.csv")
        p.press(pygame.K_RETURN)
        assert p.top is prompt and "does not exist" in prompt.problem
        p.press(pygame.K_ESCAPE)
        assert p.top.name == "scores" and p.top.notice == ""


def test_a_file_already_there_is_replaced_only_on_a_second_press(tmp_path, home):
    with Pilot(data_dir=_data(tmp_path), start="title") as p:
        prompt = _prompt(p)
        mine = home / "mine.csv"
        mine.write_text("keep me", encoding="utf-8")
        prompt.text = str(mine)
        p.press(pygame.K_RETURN)
        assert p.top is prompt and "press Export again" in prompt.problem
        assert mine.read_text(encoding="utf-8") == "keep me"
        p.press(pygame.K_RETURN)
        assert p.top.name == "scores"
        assert mine.read_text(encoding="utf-8").startswith("Date,Result")


def test_the_default_name_never_takes_an_earlier_exports_place(tmp_path):
    day = date(2025, 3, 1)
    assert default_export_path(tmp_path, day, "csv") == tmp_path / "swoop-games-2025-03-01.csv"
    (tmp_path / "Documents").mkdir()
    first = default_export_path(tmp_path, day, "csv")
    assert first == tmp_path / "Documents" / "swoop-games-2025-03-01.csv"
    first.write_text("", encoding="utf-8")
    assert default_export_path(tmp_path, day, "csv").name == "swoop-games-2025-03-01-2.csv"
    assert export_target("~/x", tmp_path, "json") == Path(os.path.expanduser("~/x.json"))
    assert games_csv([]).splitlines()[0].startswith("Date,Result,Your total")


def _refused_in_one_sentence(p: Pilot, prompt: ExportOverlay, text: str) -> str:
    """``text`` typed into the prompt as a player types it, then Enter: the prompt stays,
    with one plain sentence saying why nothing was written."""
    p.press(pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL)
    while prompt.text:
        p.press(pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL)
    p.post(pygame.TEXTINPUT, text=text)
    p.step()
    assert prompt.text == text
    p.press(pygame.K_RETURN)
    assert p.top is prompt, "the prompt stays, saying why"
    problem = prompt.problem
    assert "nothing was written" in problem, problem
    assert "Errno" not in problem and "\n" not in problem, problem
    return problem


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        pytest.param("a" * 300 + ".csv", "too long", id="a 300-character name"),
        pytest.param("é" * 128 + ".csv", "too long", id="a 256-byte name"),
        pytest.param("é" * 128 + "/games.csv", "too long", id="a 256-byte folder name"),
        pytest.param("d/" * 2100 + "games", "too long", id="a path too long for the system"),
        pytest.param("~nosuchuser-of-swoop/x.csv", "no user", id="a user not here"),
        pytest.param("/", "is a folder", id="the root folder"),
        pytest.param("~", "is a folder", id="the home folder"),
    ],
)
def test_names_no_file_can_have_are_told_in_one_sentence(tmp_path, home, typed, words):
    with Pilot(data_dir=_data(tmp_path), start="title") as p:
        prompt = _prompt(p)
        problem = _refused_in_one_sentence(p, prompt, typed)
        assert words in problem
        p.press(pygame.K_RETURN)  # a second press writes nothing either
        assert p.top is prompt and prompt.problem == problem
    assert list((home / "Documents").iterdir()) == []


def test_swoops_settings_folder_is_refused_even_on_a_second_press(tmp_path, home, monkeypatch):
    monkeypatch.delenv("SWOOP_HOME")  # the folders a player has: data and settings apart
    dirs = resolve_dirs()
    assert dirs.data != dirs.config
    for seed in GAMES:
        record_finished_game(dirs, finished_match(seed), SEATS)
    dirs.opponents_file.write_text("opponents: []  # mine\n", encoding="utf-8")
    with Pilot(data_dir=None, start="title") as p:
        settings = dirs.settings_file.read_bytes() if dirs.settings_file.exists() else None
        prompt = _prompt(p)
        for target in (dirs.opponents_file, dirs.settings_file, dirs.config / "games.csv"):
            problem = _refused_in_one_sentence(p, prompt, str(target))
            assert "settings folder" in problem
            p.press(pygame.K_RETURN)
            assert p.top is prompt and prompt.problem == problem
        assert dirs.opponents_file.read_text(encoding="utf-8") == "opponents: []  # mine\n"
        assert (dirs.settings_file.read_bytes() if dirs.settings_file.exists() else None) == (
            settings
        )
        assert not (dirs.config / "games.csv").exists()
        problem = _refused_in_one_sentence(p, prompt, str(dirs.data / "games.csv"))
        assert "data folder" in problem


def test_a_pipe_at_the_name_is_called_a_pipe_and_nothing_beside_it_moves(tmp_path, home):
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes (FIFOs)")
    out = home / "Documents"
    os.mkfifo(out / "pipe.csv")
    (out / "games.csv.bak").mkdir()
    with Pilot(data_dir=_data(tmp_path), start="title") as p:
        prompt = _prompt(p)
        problem = _refused_in_one_sentence(p, prompt, str(out / "pipe.csv"))
        assert "named pipe" in problem and "a folder" not in problem
        assert "is a folder" in _refused_in_one_sentence(p, prompt, str(out / "games.csv.bak"))
        prompt.text = str(out / "games.csv")
        p.press(pygame.K_RETURN)
        assert p.top.name == "scores"
    assert sorted(x.name for x in out.iterdir()) == ["games.csv", "games.csv.bak", "pipe.csv"]
    assert stat.S_ISFIFO(os.lstat(out / "pipe.csv").st_mode) and (out / "games.csv.bak").is_dir()


def test_the_csv_from_scores_is_the_csv_the_export_command_writes(tmp_path, home, capsys):
    data = tmp_path / "data"
    dirs = resolve_dirs(data)
    names = ["=1+2", "@SUM(1)", "=cmd|' /C calc'!A0"]
    record_finished_game(
        dirs, finished_match(2), [SEATS[0]] + [{"name": n, "level": "normal"} for n in names]
    )
    with Pilot(data_dir=data, start="title") as p:
        prompt = _prompt(p)
        prompt.text = str(home / "scores.csv")
        p.press(pygame.K_RETURN)
        assert p.top.name == "scores"
    assert cli.run(["--export", str(home / "command.csv"), "--data-dir", str(data)]) == 0
    capsys.readouterr()
    written = (home / "scores.csv").read_bytes()
    assert written == (home / "command.csv").read_bytes()
    with open(home / "scores.csv", newline="", encoding="utf-8") as f:
        row = list(csv.DictReader(f))[0]
    assert [row[f"Seat {i}"] for i in (2, 3, 4)] == ["'" + n for n in names]


@pytest.mark.skipif(not os.environ.get("SWOOP_SHOTS"), reason="set SWOOP_SHOTS=FOLDER to draw")
@pytest.mark.parametrize("size", [(1920, 1080), (960, 600), (800, 600)])
def test_screenshots_of_the_export_prompt(tmp_path, home, size):
    folder = Path(os.environ["SWOOP_SHOTS"])
    with Pilot(size=size, data_dir=_data(tmp_path), start="title") as p:
        p.resize(size)
        _prompt(p)
        p.step()
        p.screenshot(folder / f"export-prompt-{size[0]}x{size[1]}.png")
        p.press(pygame.K_RETURN)
        p.step()
        p.screenshot(folder / f"export-done-{size[0]}x{size[1]}.png")
