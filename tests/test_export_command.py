"""``swoop --export FILE``: it writes a history.json outside Swoop's data folder, and
refuses, in one line with exit status 2 and nothing written, the progress database itself
(however the path reaches it), any other file of the data folder, and a folder that does
not exist."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from swoop_desktop import cli
from swoop_desktop.progress import load_history, record_finished_game
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
