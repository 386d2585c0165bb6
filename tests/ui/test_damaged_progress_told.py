"""Damaged progress on screen: a damaged progress database or rating file is told to the
player, whichever screen reads it first. The title's rating line reads the history before
Scores does; it must not swallow what that read found, and Scores must still say it."""

from __future__ import annotations

import contextlib
import sqlite3
from types import SimpleNamespace

import pygame

from swoop_desktop.engine import Play
from swoop_desktop.progress import record_finished_game
from swoop_desktop.progress.rating import rating_history
from swoop_desktop.storage import db, resolve_dirs
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.scores import ScoresScene
from tests.storage.helpers import finished_match

SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": lv}
    for n, lv in (("Lefty", "hard"), ("Topper", "normal"), ("Righty", "easy"))
]


def _two_games(folder):
    dirs = resolve_dirs(folder)
    for seed in (2, 3):
        record_finished_game(dirs, finished_match(seed), SEATS)
    return dirs


def _spoil(dirs) -> bytes:
    """Damage the progress database the way a failing disk would: its first page
    overwritten (its games written into the main file first)."""
    path = db.db_file(dirs)
    with contextlib.closing(sqlite3.connect(path)) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    data[:100] = b"\x00" * 100
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_damaged_database_is_told_on_the_title_and_again_on_scores(tmp_path):
    dirs = _two_games(tmp_path)
    assert db.make_backup(dirs, force=True) is not None
    record_finished_game(dirs, finished_match(4), SEATS)  # after the backup: lost, and said
    spoiled = _spoil(dirs)
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        assert p.top.rating.startswith("Your rating")  # the backup's two games
        told = p.app.dirs.notices.told
        assert any("could not be used" in t and "backup" in t for t in told), told
        p.press(pygame.K_r)
        scores = p.top
        assert isinstance(scores, ScoresScene)
        listed = scores.record_of(scores.newest(0, scores.game_count))
        assert [r.seed for r in reversed(listed)] == [2, 3]
        assert any("backup" in m and "lost" in m for m in scores.messages), scores.messages
    aside = list(tmp_path.glob("swoop.damaged-*.sqlite3"))
    assert [a.read_bytes() for a in aside] == [spoiled]  # kept whole, never deleted


def test_a_damaged_database_without_a_backup_is_not_a_silent_empty_scores(tmp_path):
    dirs = _two_games(tmp_path)
    _spoil(dirs)
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        p.press(pygame.K_r)
        scores = p.top
        assert isinstance(scores, ScoresScene)
        assert scores.game_count == 0
        assert any("could not be used" in m and "kept at" in m for m in scores.messages), (
            scores.messages
        )


def test_a_damaged_rating_point_is_told_and_worked_out_again(tmp_path):
    dirs = _two_games(tmp_path)
    good = rating_history(dirs)[0][-1].rating.words()
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:  # past its checks
        con.execute("PRAGMA ignore_check_constraints = ON")
        con.execute("UPDATE rating_points SET vol = 0")
        con.commit()
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        assert p.top.rating.startswith(f"Your rating: {good}")  # from the games again
        told = p.app.dirs.notices.told
        assert any("rating" in t and "worked out again" in t for t in told), told


# -- 2. a face-up slot that does not exist never reaches the screen as an IndexError ---


def test_the_review_screen_never_indexes_past_the_face_up_slots():
    from swoop_desktop.ui.scenes.board import cards_of

    obs = SimpleNamespace(seat=0, hand=[], up=[[11, None, 30, 4]])
    assert cards_of(obs, Play((), (0, 9))) == [11]


# -- 7. the title does not read the whole history on every refresh --------------------------
def test_the_title_reads_the_history_again_only_when_it_changed(tmp_path, monkeypatch):
    """The title's line is one row of the database; a game stored by another window adds
    one game's read, never the whole history's."""
    from swoop_desktop.progress import rating as rating_module

    dirs = _two_games(tmp_path)
    reads = []
    real = rating_module.stored_after

    def counted(con, seq):
        for item in real(con, seq):
            reads.append(item[0])
            yield item

    monkeypatch.setattr(rating_module, "stored_after", counted)
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        first = p.top.rating
        assert first.startswith("Your rating") and len(reads) <= 2  # worked out once
        settled = len(reads)
        for _ in range(5):
            p.top.refresh()
        assert len(reads) == settled and p.top.rating == first
        record_finished_game(dirs, finished_match(4), SEATS)  # another window's game, say
        p.top.refresh()
        assert len(reads) == settled + 1 and p.top.rating != first
