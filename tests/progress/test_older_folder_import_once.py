"""An older Swoop's folder is brought in once, by the opening, not by every stored game.

The opening (``progress.opening``, on a thread of its own at the start) stores the games
an earlier session left waiting and brings an older Swoop's ``history.json`` in; the
games stored after it never look for those files again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swoop_desktop.progress import history, load_history, opening, record_finished_game
from swoop_desktop.storage import db, resolve_dirs
from tests.storage.helpers import as_older_swoop_left_it, finished_match

YOU = [{"name": "You"}]


def _open(dirs) -> None:
    """What the window's start does: the opening on its thread, waited for."""
    opening.begin(dirs)
    assert opening.wait(dirs, 60)


def _older_folder(tmp_path: Path, seeds=(1, 2, 3)):
    """A folder an older Swoop wrote, holding games of these seeds, as the next start sees it."""
    dirs = resolve_dirs(tmp_path)
    for seed in seeds:
        record_finished_game(dirs, finished_match(seed), YOU)
    as_older_swoop_left_it(dirs)
    return resolve_dirs(tmp_path)


def _watch_old_files(monkeypatch, dirs) -> list[Path]:
    """Every look at the older Swoop's history files (``exists``), from now on."""
    looked: list[Path] = []
    old = {dirs.history_file, Path(str(dirs.history_file) + ".bak")}
    real = Path.exists

    def exists(self: Path, *args, **kwargs) -> bool:
        if self in old:
            looked.append(self)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "exists", exists)
    return looked


def _no_import(dirs, con):
    raise AssertionError("a stored game looked for an older Swoop's history")


def test_storing_a_game_never_looks_for_an_older_folder_once_the_opening_has_run(
    tmp_path, monkeypatch
):
    dirs = _older_folder(tmp_path)
    _open(dirs)
    looked = _watch_old_files(monkeypatch, dirs)
    monkeypatch.setattr(history, "import_older", _no_import)
    for seed in (4, 5):
        assert record_finished_game(dirs, finished_match(seed), YOU) is not None
    games, _ = load_history(dirs)
    assert [g.seed for g in games] == [1, 2, 3, 4, 5]
    assert looked == []


def test_storing_a_game_in_a_new_folder_never_looks_for_older_files_after_the_opening(
    tmp_path, monkeypatch
):
    dirs = resolve_dirs(tmp_path)
    _open(dirs)
    looked = _watch_old_files(monkeypatch, dirs)
    monkeypatch.setattr(history, "import_older", _no_import)
    record_finished_game(dirs, finished_match(7), YOU)
    assert [g.seed for g in load_history(dirs)[0]] == [7]
    assert looked == []


def test_the_opening_brings_an_older_folder_in_once_with_its_files_kept(tmp_path, monkeypatch):
    dirs = _older_folder(tmp_path)
    calls = []
    real = history.import_older

    def counted(dirs, con):
        calls.append(1)
        return real(dirs, con)

    monkeypatch.setattr(history, "import_older", counted)
    _open(dirs)
    assert len(calls) == 1
    assert not dirs.history_file.exists()
    assert list(tmp_path.glob("imported-*/history.json"))
    record_finished_game(dirs, finished_match(4), YOU)
    games, _ = load_history(dirs)
    assert [g.seed for g in games] == [1, 2, 3, 4]
    assert len(calls) == 1


def test_a_game_stored_before_any_opening_still_comes_after_the_older_folders_games(tmp_path):
    # No opening in this process (a command, say): the first change brings the older
    # games in, first, so the rating still takes them in the order they were played.
    dirs = _older_folder(tmp_path)
    record_finished_game(dirs, finished_match(4), YOU)
    assert [g.seed for g in load_history(dirs)[0]] == [1, 2, 3, 4]
    db.forget(dirs)
    assert [g.seed for g in load_history(resolve_dirs(tmp_path))[0]] == [1, 2, 3, 4]


@pytest.mark.parametrize("with_bak", [False, True])
def test_an_older_folder_put_back_is_looked_for_again_at_the_next_opening(tmp_path, with_bak):
    dirs = _older_folder(tmp_path)
    _open(dirs)
    kept = next(tmp_path.glob("imported-*/history.json")).read_bytes()
    # An older Swoop run again writes its file back; this session does not look again...
    target = Path(str(dirs.history_file) + ".bak") if with_bak else dirs.history_file
    target.write_bytes(kept)
    record_finished_game(dirs, finished_match(4), YOU)
    assert target.exists()
    # ...the next start brings it in (nothing doubled) and keeps the file.
    again = resolve_dirs(tmp_path)
    _open(again)
    assert [g.seed for g in load_history(again)[0]] == [1, 2, 3, 4]
    assert not target.exists()
