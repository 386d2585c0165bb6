"""``swoop --export FILE``: it writes a history.json (the CSV Scores writes, for a name
ending in .csv) outside Swoop's folders, and refuses, in one line with exit status 2 and
nothing written, the progress database itself (however the path reaches it), any other
file of the data folder or of the settings folder, a folder that does not exist, anything
at the name that is not a file, and any name no file can have. No spreadsheet runs a cell
of the CSV, and nothing but the file named is ever moved or replaced."""

from __future__ import annotations

import csv
import hashlib
import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from swoop_desktop import cli
from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.progress.export import export_csv, games_csv
from swoop_desktop.storage import db, resolve_dirs
from tests.storage.helpers import finished_match


def _folder(tmp_path: Path) -> tuple[Path, Path]:
    """A data folder holding two games; its progress database."""
    data = tmp_path / "data"
    dirs = resolve_dirs(data)
    for seed in (1, 2):
        record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
    return data, db.db_file(dirs)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _refused(target: Path, data: Path, capsys) -> str:
    assert cli.run(["--export", str(target), "--data-dir", str(data)]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert len(err.splitlines()) == 1 and "nothing was written" in err, err
    assert "written to" not in captured.out
    return err


def _games_there(data: Path) -> int:
    dirs = resolve_dirs(data)
    db.forget(dirs)
    games, messages = load_history(dirs)
    assert messages == [], messages
    return len(games)


def test_export_onto_the_progress_database_is_refused_and_the_database_kept(tmp_path, capsys):
    data, database = _folder(tmp_path)
    before = _digest(database)
    err = _refused(database, data, capsys)
    assert "data folder" in err
    assert _digest(database) == before
    assert _games_there(data) == 2


def test_export_onto_any_file_of_the_data_folder_is_refused(tmp_path, capsys):
    data, _ = _folder(tmp_path)
    _refused(data / "settings.json", data, capsys)
    _refused(data / "backups" / "mine.json", data, capsys)
    _refused(tmp_path / "elsewhere" / ".." / "data" / "history.json", data, capsys)
    assert not (data / "history.json").exists() and not (data / "settings.json").exists()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_export_through_a_link_to_the_database_is_refused(tmp_path, capsys):
    data, database = _folder(tmp_path)
    before = _digest(database)
    link = tmp_path / "looks-harmless.json"
    link.symlink_to(database)
    folder_link = tmp_path / "looks-like-a-folder"
    folder_link.symlink_to(data, target_is_directory=True)
    _refused(link, data, capsys)
    _refused(folder_link / db.DB_NAME, data, capsys)
    assert _digest(database) == before and link.is_symlink()
    assert _games_there(data) == 2


@pytest.mark.skipif(not hasattr(os, "link"), reason="no hard links here")
def test_export_over_a_hard_link_to_the_database_is_refused(tmp_path, capsys):
    data, database = _folder(tmp_path)
    before = _digest(database)
    twin = tmp_path / "twin.sqlite3"
    try:
        os.link(database, twin)
    except OSError as exc:
        pytest.skip(f"this file system makes no hard links ({exc})")
    err = _refused(twin, data, capsys)
    assert db.DB_NAME in err
    assert _digest(database) == before


def test_export_into_a_folder_that_does_not_exist_is_refused_and_makes_no_folder(tmp_path, capsys):
    data, _ = _folder(tmp_path)
    target = tmp_path / "no-such-folder" / "deeper" / "history.json"
    err = _refused(target, data, capsys)
    assert "does not exist" in err
    assert not (tmp_path / "no-such-folder").exists()


def test_export_to_a_file_outside_the_data_folder_still_writes_every_game(tmp_path, capsys):
    data, _ = _folder(tmp_path)
    target = tmp_path / "history.json"
    assert cli.run(["--export", str(target), "--data-dir", str(data)]) == 0
    assert "2 games written" in capsys.readouterr().out
    assert target.is_file()


def _one_plain_line(err: str) -> None:
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err and "Errno" not in err, err


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("a" * 300 + ".json", id="a 300-character name"),
        pytest.param("é" * 128 + ".csv", id="a 256-byte name"),
        pytest.param("é" * 128 + "/x.csv", id="a 256-byte folder name"),
        pytest.param("d/" * 2100 + "x.csv", id="a path too long for the system"),
    ],
)
def test_a_name_too_long_for_a_file_is_told_in_one_line(tmp_path, capsys, monkeypatch, name):
    data, _ = _folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    err = _refused(tmp_path / name, data, capsys)
    _one_plain_line(err)
    assert "too long" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]


def test_a_home_folder_of_no_such_user_is_told_in_one_line(tmp_path, capsys, monkeypatch):
    data, _ = _folder(tmp_path)
    monkeypatch.chdir(tmp_path)
    err = _refused(Path("~nosuchuser-of-swoop/x.csv"), data, capsys)
    _one_plain_line(err)
    assert "does not exist" in err


@pytest.fixture
def default_folders(monkeypatch, _isolated_home):
    """Swoop's folders as a player has them: the data folder and, apart, the settings
    folder (settings.json, opponents.yaml), each with the player's files."""
    monkeypatch.delenv("SWOOP_HOME")
    dirs = resolve_dirs()
    assert dirs.data != dirs.config
    for seed in (1, 2):
        record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
    dirs.settings_file.write_text('{"format": "swoop-settings"}\n', encoding="utf-8")
    dirs.opponents_file.write_text("opponents: []  # mine\n", encoding="utf-8")
    return dirs


def test_swoops_settings_folder_and_its_files_are_refused(default_folders, tmp_path, capsys):
    dirs = default_folders
    kept = {p: p.read_bytes() for p in (dirs.settings_file, dirs.opponents_file)}
    link = tmp_path / "settings-link.json"
    link.symlink_to(dirs.settings_file)
    for target in (
        dirs.settings_file,
        dirs.opponents_file,
        dirs.config / "new.csv",
        dirs.config / ".." / dirs.config.name / "opponents.yaml",
        link,
    ):
        assert cli.run(["--export", str(target)]) == 2, target
        err = capsys.readouterr().err.strip()
        _one_plain_line(err)
        assert "settings folder" in err and "nothing was written" in err
    assert {p: p.read_bytes() for p in kept} == kept
    assert not (dirs.config / "new.csv").exists()
    assert sorted(p.name for p in dirs.config.iterdir()) == ["opponents.yaml", "settings.json"]
    assert cli.run(["--export", str(dirs.data / "history.json")]) == 2
    assert "data folder" in capsys.readouterr().err


def test_the_demos_screenshot_is_refused_in_swoops_folders(default_folders, capsys):
    dirs = default_folders
    before = dirs.settings_file.read_bytes()
    argv = ["--demo", "--frames", "1", "--screenshot", str(dirs.settings_file)]
    assert cli.run(argv) == 2
    err = capsys.readouterr().err.strip()
    _one_plain_line(err)
    assert "settings folder" in err
    assert dirs.settings_file.read_bytes() == before


FORMULAS = ["=1+2", "@SUM(1)", "=cmd|' /C calc'!A0", "+1", "-2", "-Bob"]


def _formula_folder(tmp_path: Path) -> Path:
    """A data folder whose games hold names, a date and an id a spreadsheet would run."""
    data = tmp_path / "data"
    dirs = resolve_dirs(data)
    seats = [{"name": "You"}] + [{"name": n, "level": "normal"} for n in FORMULAS[:3]]
    record_finished_game(dirs, finished_match(1), seats)
    seats = [{"name": "You"}] + [{"name": n, "level": "normal"} for n in FORMULAS[3:]]
    record_finished_game(dirs, finished_match(2), seats)
    with sqlite3.connect(db.db_file(dirs)) as con:  # edited by hand in the database
        con.execute(
            "UPDATE games SET body = json_set(body, '$.date', '=1+2', '$.id', '@SUM(1)') "
            "WHERE seq = (SELECT MIN(seq) FROM games)"
        )
    con.close()
    return data


def test_no_cell_of_the_csv_is_a_formula_and_the_names_read_as_typed(tmp_path, capsys):
    data = _formula_folder(tmp_path)
    target = tmp_path / "games.csv"
    assert cli.run(["--export", str(target), "--data-dir", str(data)]) == 0
    assert "2 games written" in capsys.readouterr().out
    with open(target, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c.startswith(("=", "+", "-", "@", "\t", "\r"))]
    names = {c for row in rows[1:] for c in row[12:24:3]}
    assert {f"'{n}" for n in FORMULAS} <= names
    first = rows[1]
    assert first[0] == "'=1+2" and first[-1] == "'@SUM(1)"
    assert int(first[2]) == load_history(resolve_dirs(data))[0][0].totals[0]


def test_names_that_look_like_formulas_stay_as_typed_outside_the_csv(tmp_path, capsys):
    from swoop_desktop.names import check_name

    assert [check_name(n)[0] for n in FORMULAS] == FORMULAS  # accepted by Settings as typed
    data = _formula_folder(tmp_path)
    games = load_history(resolve_dirs(data))[0]
    assert [s["name"] for g in games for s in g.seats[1:]] == FORMULAS
    target = tmp_path / "games.json"
    assert cli.run(["--export", str(target), "--data-dir", str(data)]) == 0
    capsys.readouterr()
    body = json.loads(target.read_text(encoding="utf-8"))
    assert [s["name"] for g in body["games"] for s in g["seats"][1:]] == FORMULAS


def test_numbers_stay_numbers_and_text_is_neutralised():
    from swoop_desktop.progress.export import csv_cell

    assert csv_cell(-5) == -5 and csv_cell(-5.3) == -5.3 and csv_cell(0) == 0
    assert csv_cell("-5.3") == "'-5.3" and csv_cell("\r=1") == "'\r=1"
    assert csv_cell("Lefty") == "Lefty" and csv_cell("a=1") == "a=1" and csv_cell(None) == ""


def test_a_csv_name_exports_the_csv_scores_writes(tmp_path, capsys):
    data = _formula_folder(tmp_path)
    for name in ("games.csv", "GAMES.CSV"):
        target = tmp_path / name
        assert cli.run(["--export", str(target), "--data-dir", str(data)]) == 0
        dirs = resolve_dirs(data)
        assert target.read_text(encoding="utf-8") == games_csv(load_history(dirs)[0])
        scores = tmp_path / f"from-scores-{name}"
        export_csv(dirs, scores)
        assert target.read_bytes() == scores.read_bytes()
    target = tmp_path / "games.json"
    assert cli.run(["--export", str(target), "--data-dir", str(data)]) == 0
    assert len(json.loads(target.read_text(encoding="utf-8"))["games"]) == 2


def _fifo(path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes (FIFOs)")
    os.mkfifo(path)
    return path


def test_a_folder_or_pipe_beside_the_target_is_never_moved(tmp_path, capsys):
    data, _ = _folder(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    target = out / "games.json"
    target.write_text("old", encoding="utf-8")
    (out / "games.json.bak").mkdir()
    (out / "games.json.bak" / "mine.txt").write_text("mine", encoding="utf-8")
    _fifo(out / "games.csv.bak")
    for name in ("games.json", "games.csv"):
        assert cli.run(["--export", str(out / name), "--data-dir", str(data)]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in out.iterdir()) == [
        "games.csv",
        "games.csv.bak",
        "games.json",
        "games.json.bak",
    ]
    assert (out / "games.json.bak" / "mine.txt").read_text(encoding="utf-8") == "mine"
    assert stat.S_ISFIFO(os.lstat(out / "games.csv.bak").st_mode)
    assert json.loads(target.read_text(encoding="utf-8"))["games"]
    assert not [p for p in tmp_path.rglob("*") if "in-the-way" in p.name]


def test_a_folder_or_pipe_at_the_target_is_refused_by_its_name(tmp_path, capsys):
    data, _ = _folder(tmp_path)
    folder = tmp_path / "games.csv"
    folder.mkdir()
    err = _refused(folder, data, capsys)
    _one_plain_line(err)
    assert "is a folder" in err
    pipe = _fifo(tmp_path / "pipe.csv")
    err = _refused(pipe, data, capsys)
    _one_plain_line(err)
    assert "named pipe" in err and "a folder" not in err
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode) and folder.is_dir()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "games.csv", "pipe.csv"]
