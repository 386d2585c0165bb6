"""Fuzzing the progress database like every other file: whatever bytes ``swoop.sqlite3``
holds (bytes flipped anywhere, the file cut short, a page zeroed), opening it never
raises: the games it can give are given, damage is told in plain words, the damaged
file is kept whole beside it, and the next finished game is stored."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from swoop_desktop.storage import db, load_history, record_finished_game, resolve_dirs

from ..storage.helpers import finished_match
from .test_fuzz_loaders import FUZZ, _check_messages


def _sound_database() -> bytes:
    """A database holding three games, its write-ahead log folded into the main file."""
    with tempfile.TemporaryDirectory() as folder:
        dirs = resolve_dirs(folder)
        for seed in (1, 2, 3):
            record_finished_game(dirs, finished_match(seed), [{"name": "You"}])
        with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return db.db_file(dirs).read_bytes()


SOUND = _sound_database()
SEEDS = {1, 2, 3}


@st.composite
def damaged(draw) -> bytes:
    data = bytearray(SOUND)
    how = draw(st.sampled_from(["flip", "cut", "zero a page"]))
    if how == "cut":
        return bytes(data[: draw(st.integers(0, len(data) - 1))])
    if how == "zero a page":
        page = draw(st.integers(0, len(data) // 4096 - 1))
        data[page * 4096 : (page + 1) * 4096] = bytes(4096)
        return bytes(data)
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(data) - 1))
        data[at] = draw(st.integers(0, 255))
    return bytes(data)


def _negative_version() -> bytes:
    """The header's schema version (bytes 60-63) with its top bit flipped: negative."""
    data = bytearray(SOUND)
    data[60] ^= 0x80
    return bytes(data)


@FUZZ
@given(raw=damaged())
@example(raw=_negative_version())
def test_fuzz_a_damaged_database_never_stops_the_game_or_loses_its_bytes(raw):
    with tempfile.TemporaryDirectory() as folder:
        dirs = resolve_dirs(folder)
        db.db_file(dirs).write_bytes(raw)
        games, messages = load_history(dirs)  # never raises
        _check_messages(messages + dirs.notices.told)
        assert {g.seed for g in games} <= SEEDS
        # The bytes the player had are still in the folder (in place or moved aside whole).
        kept = [p.read_bytes() for p in Path(folder).glob("swoop*.sqlite3")]
        assert not raw or raw in kept or games, "a file that gave nothing is kept"
        # What the game does next: the next finished game is stored and read back.
        record_finished_game(dirs, finished_match(9), [{"name": "You"}])
        assert 9 in {g.seed for g in load_history(resolve_dirs(folder))[0]}
        shutil.rmtree(Path(folder) / "backups", ignore_errors=True)
