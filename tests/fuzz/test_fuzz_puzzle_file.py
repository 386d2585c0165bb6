"""Fuzzing the puzzles file like every other file: whatever bytes are in it, the loader
gives a usable list and plain-words messages, no exception escapes, every puzzle it keeps
replays to its decision (or says plainly why not), the game can write the file again, and
the bytes the player had are still in the folder (in place or in a moved-aside copy)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from swoop_desktop.progress.puzzle_book import (
    add_puzzles,
    load_puzzles,
    puzzles_file,
    record_answer,
)
from swoop_desktop.referee.puzzles import position
from swoop_desktop.storage import resolve_dirs

from ..progress.test_puzzle_file import sample_puzzles
from ..storage.helpers import as_older_swoop_left_it
from .test_fuzz_loaders import (
    HUGE_INT,
    JSON,
    NESTED,
    RAW,
    _check_messages,
    _everything_in,
    _json_text,
    _paths,
    _replace,
    fuzz,
    fuzz_sizes,
)

PUZZLES = sample_puzzles(2)


def _valid() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        dirs = resolve_dirs(folder)
        add_puzzles(dirs, PUZZLES)
        record_answer(dirs, PUZZLES[0].id, True)
        record_answer(dirs, PUZZLES[0].id, True)  # one retired, one left
        add_puzzles(dirs, PUZZLES)
        as_older_swoop_left_it(dirs)  # the file as an older Swoop wrote it (brought in)
        return dict(json.loads(puzzles_file(dirs).read_text(encoding="utf-8")))


VALID = _valid()


@st.composite
def mutated(draw) -> bytes:
    paths = [p for p in _paths(VALID) if p[:1] not in (("format",), ("version",))]
    path = draw(st.sampled_from(paths))
    new = draw(st.one_of(JSON, NESTED, HUGE_INT))
    return _json_text(_replace(VALID, path, new)).encode()


def _load_and_check(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        dirs = resolve_dirs(folder)
        puzzles_file(dirs).write_bytes(raw)
        book, messages = load_puzzles(dirs)
        _check_messages(messages)
        for p in book.puzzles:
            try:
                position(p)
            except ValueError as exc:  # said plainly, never a crash
                assert str(exc).startswith("the puzzle's game")
        # What the game does next: it must be writable.
        _check_messages(add_puzzles(dirs, PUZZLES))
        for p in book.puzzles:
            _check_messages(record_answer(dirs, p.id, False)[1])
        if messages:  # part of the file was refused: its bytes are kept somewhere
            assert raw in _everything_in(Path(folder)), "the bytes the player had are gone"
        else:  # read whole, then changed twice: every puzzle it held is still there
            after, _ = load_puzzles(dirs)
            kept = {p.id for p in after.puzzles} | set(after.retired)
            assert {p.id for p in book.puzzles} | set(book.retired) <= kept


def test_the_valid_file_holds_one_puzzle_and_one_retired():
    assert len(VALID["puzzles"]) == 1 and VALID["retired"] == [PUZZLES[0].id]


@fuzz_sizes
def test_fuzz_any_bytes_in_the_puzzles_file(examples):
    @fuzz(examples)
    @given(raw=RAW)
    def check(raw):
        _load_and_check(raw)

    check()


#: A whole, valid file with nothing retired: the game adds a puzzle and then counts an
#: answer, two writes, so the first bytes are rightly replaced (the puzzles are all kept).
NOTHING_RETIRED = _json_text({**VALID, "retired": []}).encode()


@fuzz_sizes
def test_fuzz_puzzles_file_with_one_value_changed(examples):
    @fuzz(examples)
    @given(raw=mutated())
    @example(raw=NOTHING_RETIRED)
    def check(raw):
        _load_and_check(raw)

    check()
