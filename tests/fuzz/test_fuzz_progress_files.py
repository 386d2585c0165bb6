"""Fuzzing the progress files (daily deals, rating, records) like every other file:
whatever bytes are in them, the loaders give a usable value and plain-words messages, no
exception escapes, the game can write them again, and the bytes the player had are still
in the folder (in place, in a moved-aside copy, or among the files an import kept). The
rating and records files are an older Swoop's: brought in with its history."""

from __future__ import annotations

import json
import tempfile
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from swoop_desktop.engine import Rules
from swoop_desktop.progress import record_finished_game
from swoop_desktop.progress.daily_results import (
    daily_file,
    finish_daily,
    load_daily,
    start_daily,
    store_hard,
    streaks,
)
from swoop_desktop.progress.history import load_history
from swoop_desktop.progress.rating import rating_file, rating_history
from swoop_desktop.progress.scorebook import Scorebook
from swoop_desktop.progress.summaries import game_facts, records_file, unsupported
from swoop_desktop.storage import resolve_dirs

from ..storage.helpers import as_older_swoop_left_it, finished_match
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

DAY = date(2026, 12, 1)
SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": lv} for n, lv in (("A", "easy"), ("B", "normal"), ("C", "hard"))
]


def _valid_files() -> tuple[dict[str, dict[str, Any]], bytes]:
    with tempfile.TemporaryDirectory() as folder:
        dirs = resolve_dirs(folder)
        rules = Rules.from_preset("app")
        for k in range(2):
            start_daily(dirs, DAY + timedelta(days=k), 100 + k, rules)
        finish_daily(dirs, DAY, 100, [3, 0, 20, 11])
        store_hard(dirs, DAY, 100, [0, 7, 20, 11])
        record_finished_game(dirs, finished_match(5), SEATS)
        games, _ = load_history(dirs)
        points, _ = rating_history(dirs)
        history = as_older_swoop_left_it(dirs).read_bytes()  # an older Swoop's files
        valid = {"daily": json.loads(daily_file(dirs).read_text(encoding="utf-8"))}
        # An older Swoop's records.json, as it wrote it: each game's replayed facts.
        valid["records"] = {
            "format": "swoop-records",
            "version": 1,
            "games": {
                g.id: [f.hand_swoops, f.pickups] for g in games if (f := game_facts(g)) is not None
            },
        }
        # An older Swoop's rating.json, as it wrote it (now only brought in with its
        # history, and worked out again from the games).
        valid["rating"] = {
            "format": "swoop-rating",
            "version": 1,
            "levels": 2,
            "abandoned": False,
            "points": [
                {
                    "game": p.game,
                    "date": p.date,
                    "rating": p.rating.rating,
                    "rd": p.rating.rd,
                    "vol": p.rating.vol,
                }
                for p in points
            ],
        }
        return valid, history


VALID, HISTORY = _valid_files()


@st.composite
def mutated(draw, kind: str) -> bytes:
    doc = VALID[kind]
    paths = [p for p in _paths(doc) if p[:1] not in (("format",), ("version",))]
    path = draw(st.sampled_from(paths))
    new = draw(st.one_of(JSON, NESTED, HUGE_INT))
    return _json_text(_replace(doc, path, new)).encode()


def _load_and_check(kind: str, raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        dirs = resolve_dirs(folder)
        dirs.history_file.write_bytes(HISTORY)
        path = {"daily": daily_file, "rating": rating_file, "records": records_file}[kind](dirs)
        path.write_bytes(raw)
        games, _ = load_history(dirs)
        if kind == "daily":
            entries, messages = load_daily(dirs)
            streaks(entries, DAY)
            for e in entries:
                assert e.points is None or len(e.points) == 4
            # what the game does next: it must be writable
            _check_messages(
                start_daily(dirs, DAY + timedelta(days=9), 5, Rules.from_preset("app"))[1]
            )
        elif kind == "rating":
            points, messages = rating_history(dirs)
            assert len(points) == len(games)  # always the history's games, whatever the file
            for p in points:
                assert 0 < p.rating.rd <= 350 and abs(p.rating.rating) < 10_000
        else:
            book = Scorebook(dirs)
            messages = book.messages
            assert len(book) == len(games)
            book.records([], DAY)
            by_id = {g.id: g for g in games}
            for summary in book.newest(0, len(book)):  # a false count is never believed
                if summary.facts is not None:
                    assert unsupported(summary.facts, by_id[summary.id]) is None
            book.close()
        _check_messages(messages)
        assert raw in _everything_in(Path(folder)), "the bytes the player had are gone"


@fuzz_sizes
def test_fuzz_any_bytes_in_a_progress_file(examples):
    @fuzz(examples)
    @given(kind=st.sampled_from(["daily", "rating", "records"]), raw=RAW)
    def check(kind, raw):
        _load_and_check(kind, raw)

    check()


@fuzz_sizes
def test_fuzz_daily_file_with_one_value_changed(examples):
    @fuzz(examples)
    @given(raw=mutated("daily"))
    def check(raw):
        _load_and_check("daily", raw)

    check()


@fuzz_sizes
def test_fuzz_rating_file_with_one_value_changed(examples):
    @fuzz(examples)
    @given(raw=mutated("rating"))
    def check(raw):
        _load_and_check("rating", raw)

    check()


@fuzz_sizes
def test_fuzz_records_file_with_one_value_changed(examples):
    @fuzz(examples)
    @given(raw=mutated("records"))
    def check(raw):
        _load_and_check("records", raw)

    check()
