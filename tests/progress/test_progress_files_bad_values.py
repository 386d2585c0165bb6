"""Bad values and races in the daily, puzzle, review, rating and records files (and the
folder probes and the window lock beside them), each refused or survived, each checked on
the files as the game writes them."""

from __future__ import annotations

import contextlib
import json
import math
import multiprocessing
import os
import sqlite3
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

import pytest

from swoop_desktop.engine import Rules
from swoop_desktop.progress import record_finished_game
from swoop_desktop.progress.daily_results import (
    DailyEntry,
    finish_daily,
    load_daily,
    start_daily,
    streaks,
)
from swoop_desktop.progress.puzzle_book import KEEP as PUZZLES_KEPT
from swoop_desktop.progress.puzzle_book import Puzzle, add_puzzles, load_puzzles, record_answer
from swoop_desktop.progress.rating import MIN_RD, rating_history
from swoop_desktop.progress.scorebook import Scorebook
from swoop_desktop.progress.stored_reviews import load_review, store_review, stored_reviews
from swoop_desktop.storage import db, resolve_dirs
from tests.sizes import quick_and_full
from tests.storage.helpers import finished_match

from .test_puzzle_file import sample_puzzles

NO_SLOT = json.dumps({"play": {"hand": "", "up": [9]}})


# -- 2. a stored option naming a face-up slot that does not exist ----------------------
def _with_missing_slot(verdict: dict) -> dict:
    bad = json.loads(json.dumps(verdict))
    bad["options"][0]["action"] = NO_SLOT
    return bad


def test_a_stored_review_naming_a_missing_face_up_slot_is_refused_with_a_message(tmp_path):
    dirs = resolve_dirs(tmp_path)
    good = sample_puzzles(2)[1].verdict
    store_review(dirs, "good/game/48", {"verdicts": [good], "accuracy": 80.0})
    bad = _with_missing_slot(sample_puzzles(1)[0].verdict)
    store_review(dirs, "bad/game/48", {"verdicts": [bad], "accuracy": 50.0})
    body, messages = load_review(dirs, "bad/game/48")
    assert body is None
    assert any("face-up slot that does not exist" in m for m in messages), messages
    assert set(stored_reviews(dirs)[0]) == {"good/game/48"}


def test_a_puzzle_naming_a_missing_face_up_slot_is_dropped_with_a_message(tmp_path):
    dirs = resolve_dirs(tmp_path)
    good, other = sample_puzzles(2)
    bad = replace(other, verdict=_with_missing_slot(other.verdict))
    add_puzzles(dirs, [good, bad])
    book, messages = load_puzzles(dirs)
    assert [p.id for p in book.puzzles] == [good.id]
    assert any("face-up slot that does not exist" in m for m in messages), messages


# -- 3. two windows changing the daily, puzzle and review files at once ------------------
DAY0 = date(2020, 1, 1)


def _window(folder: str, w: int, count: int, puzzle: Puzzle, go: Any) -> None:
    """One window: records ``count`` daily deals with their results, puzzles and reviews."""
    dirs = resolve_dirs(folder)
    rules = Rules.from_preset("app")
    go.wait(60)  # both windows start writing at the same moment
    for k in range(count):
        day = DAY0 + timedelta(days=w * count + k)
        start_daily(dirs, day, 1000 * w + k, rules)
        finish_daily(dirs, day, 1000 * w + k, [w, k, 30, 12])
        add_puzzles(dirs, [replace(puzzle, id=f"window{w}/{k}")])
        store_review(dirs, f"window{w}/{k}", {"verdicts": [puzzle.verdict]})


@quick_and_full(12, 40, "per_process")
def test_two_processes_writing_daily_puzzles_and_reviews_lose_nothing(tmp_path, per_process):
    ctx = multiprocessing.get_context("spawn")
    go = ctx.Barrier(2)
    puzzle = sample_puzzles(1)[0]
    windows = [
        ctx.Process(target=_window, args=(str(tmp_path), w, per_process, puzzle, go))
        for w in (0, 1)
    ]
    for p in windows:
        p.start()
    for p in windows:
        p.join(300)
        assert p.exitcode == 0
    dirs = resolve_dirs(tmp_path)
    entries, messages = load_daily(dirs)
    assert not messages
    assert len(entries) == 2 * per_process
    assert all(e.finished and e.points is not None for e in entries)
    book, messages = load_puzzles(dirs)
    assert not messages and len(book.puzzles) == 2 * per_process
    reviews, messages = stored_reviews(dirs)
    assert not messages and len(reviews) == 2 * per_process


# -- 4. rating values the model cannot take ----------------------------------------------
SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": lv}
    for n, lv in (("Lefty", "hard"), ("Topper", "normal"), ("Righty", "easy"))
]


@pytest.mark.parametrize(
    "hostile",
    [{"vol": 0}, {"vol": 1e-200}, {"rating": 10000, "rd": 0}],
    ids=["volatility 0", "volatility 1e-200", "rating 10000 deviation 0"],
)
def test_rating_values_out_of_range_are_refused_and_later_games_still_rate(tmp_path, hostile):
    dirs = resolve_dirs(tmp_path)
    for seed in (2, 3):
        record_finished_game(dirs, finished_match(seed), SEATS)
    good, _ = rating_history(dirs)
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:  # past its checks
        con.execute("PRAGMA ignore_check_constraints = ON")
        for column, value in hostile.items():
            con.execute(
                f"UPDATE rating_points SET {column} = ? "
                "WHERE seq = (SELECT max(seq) FROM rating_points)",
                (value,),
            )
        con.commit()
    points, messages = rating_history(dirs)
    assert any("rating" in m for m in messages), messages
    assert points == good  # worked out again from the games
    record_finished_game(dirs, finished_match(4), SEATS)
    points, messages = rating_history(dirs)
    assert len(points) == 3 and not messages
    assert all(math.isfinite(p.rating.rating) and p.rating.rd >= MIN_RD for p in points)
    again, told = rating_history(dirs)  # the file was repaired: read back as it is
    assert not told and [p.game for p in again] == [p.game for p in points]
    assert again[-1].rating.rating == pytest.approx(points[-1].rating.rating, abs=0.01)


# -- 5. a daily result dated in the future ------------------------------------------------
def test_a_daily_result_dated_in_the_future_counts_as_today_and_keeps_the_streak():
    today = date(2026, 12, 10)

    def entry(day: date) -> DailyEntry:
        return DailyEntry(day.isoformat(), 1, {}, True, [0, 9, 9, 9], [10, 9, 9, 9])

    days = [entry(today - timedelta(days=k)) for k in (3, 2, 1)] + [entry(date(2027, 6, 1))]
    s = streaks(days, today)
    assert (s.played, s.best_played) == (4, 4)
    assert (s.beaten, s.best_beaten) == (4, 4)
    # A day played today as well as one wrongly dated later: still one day, not two.
    s = streaks([*days, entry(today)], today)
    assert (s.played, s.best_played) == (4, 4)


# -- 6. more puzzles than the list holds ----------------------------------------------------
def test_opening_puzzles_with_more_than_the_list_holds_never_resets_progress(tmp_path):
    dirs = resolve_dirs(tmp_path)
    base = sample_puzzles(1)[0]
    found = [replace(base, id=f"p{k}") for k in range(PUZZLES_KEPT + 50)]
    add_puzzles(dirs, found[:PUZZLES_KEPT])
    assert record_answer(dirs, "p0", True)[0] is False  # solved once: one more clears it
    for _ in range(3):  # each opening of Puzzles offers every puzzle the reviews found
        add_puzzles(dirs, found)
        book, messages = load_puzzles(dirs)
        assert not messages
        by_id = {p.id: p for p in book.puzzles}
        assert by_id["p0"].solved == 1 and by_id["p0"].tries == 1
        assert len(book.puzzles) == PUZZLES_KEPT
    assert record_answer(dirs, "p0", True)[0] is True  # solved off the list: room for one
    add_puzzles(dirs, found)
    ids = [p.id for p in load_puzzles(dirs)[0].puzzles]
    assert "p0" not in ids and f"p{PUZZLES_KEPT}" in ids


# -- 8. --selftest and the start-up check never write through a planted link --------------
@pytest.mark.parametrize("name", [".selftest-{pid}", ".swoop-probe-{pid}"])
def test_the_folder_probes_never_follow_a_link_planted_at_their_name(tmp_path, name):
    from swoop_desktop.selftest import _probe_user_dirs
    from swoop_desktop.storage import open_dirs

    folder = tmp_path / "data"
    folder.mkdir()
    precious = tmp_path / "precious.txt"
    precious.write_text("the player's own file")
    missing = tmp_path / "created-through-a-link.txt"
    link = folder / name.format(pid=os.getpid())
    link.symlink_to(precious)
    other = folder / (link.name + "-1")
    other.symlink_to(missing)  # the next name too, dangling
    assert _probe_user_dirs(folder) == []
    dirs, messages = open_dirs(folder)
    assert dirs.usable and messages == []
    assert precious.read_text() == "the player's own file"
    assert not missing.exists()
    assert link.is_symlink() and other.is_symlink()  # what was planted is left as it is


# -- 9. records the games cannot support; the window lock's message names the file ----------
@pytest.mark.parametrize("false", [[1_000_000, 0], [0, 5_000]], ids=["swoops", "pick-ups"])
def test_records_with_counts_the_games_cannot_support_are_never_shown(tmp_path, false):
    """A summary holding counts its game cannot support (edited or damaged) is worked out
    again from the game before anything is counted from it."""
    dirs = resolve_dirs(tmp_path)
    for seed in (2, 3):
        record_finished_game(dirs, finished_match(seed), SEATS)
    book = Scorebook(dirs)
    before = book.records([], date(2026, 11, 1))
    book.close()
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        con.execute("UPDATE game_summaries SET hand_swoops = ?, pickups = ? WHERE seq = 1", false)
        con.commit()
    db.forget(dirs)
    book = Scorebook(dirs)
    assert book.records([], date(2026, 11, 1)) == before
    book.close()


def test_a_window_lock_left_by_root_is_named_and_the_folder_not_blamed(tmp_path, monkeypatch):
    import filelock

    from swoop_desktop.storage import claim_data_folder, open_dirs
    from swoop_desktop.storage import paths as paths_module

    class RootOwned(filelock.FileLock):  # simulated: the tests run as root
        def acquire(self, *args, **kwargs):
            raise PermissionError(13, "Permission denied", self.lock_file)

    monkeypatch.setattr(filelock, "FileLock", RootOwned)
    monkeypatch.setattr(paths_module, "FileLock", RootOwned, raising=False)
    dirs, _ = open_dirs(tmp_path / "data")
    dirs.window_lock_file.write_text("")  # left by ``sudo swoop``
    told = claim_data_folder(dirs)
    assert dirs.state.second_window and len(told) == 1
    assert "window lock file" in told[0] and dirs.window_lock_file.name in told[0], told
    assert "Permission denied" in told[0] and "cannot be written" not in told[0], told
