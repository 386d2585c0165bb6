"""The edges of the progress file a player can trip over: a row whose stored digest was
written to match a hostile body, a score sheet of absurd length, backups named or dated in
the future, a game numbered at the very last number SQLite has, and links planted where
the import and the backups write."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import sqlite3
import time
from pathlib import Path

import pygame
import pytest

from swoop_desktop.engine import Rules
from swoop_desktop.progress import load_history, record_finished_game, reset_stats
from swoop_desktop.progress.history import games_by_seq, take_history_notes
from swoop_desktop.progress.rating import rating_history
from swoop_desktop.progress.stored_games import body_digest
from swoop_desktop.progress.summaries import FOLLOW_BODIES
from swoop_desktop.storage import db
from swoop_desktop.storage import resolve_dirs as _resolve
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes import sheet
from swoop_desktop.ui.scenes.scores import ScoresScene
from tests.storage.helpers import as_older_swoop_left_it, finished_match

SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": "normal"} for n in ("Left", "Top", "Right")
]
SHORT = Rules.from_preset("app", target=50)  # short games: quick to play and replay


def _fresh(folder: Path):
    """What the next start of Swoop sees."""
    dirs = _resolve(folder)
    db.forget(dirs)
    return dirs


def _plant(dirs, seq: int, change) -> None:
    """Rewrite game ``seq``'s body with ``change`` and write its digest to match, the way
    the game computes it (a stored digest that says "checked")."""
    with sqlite3.connect(db.db_file(dirs)) as con:
        (body,) = con.execute("SELECT body FROM games WHERE seq = ?", (seq,)).fetchone()
        data = json.loads(body)
        change(data)
        text = json.dumps(data, separators=(",", ":"))
        con.execute(
            "UPDATE games SET body = ?, checked = ? WHERE seq = ?", (text, body_digest(text), seq)
        )
    db.forget(dirs)


def _short_rows(data: dict) -> None:
    data["sheet"] = [[1] for _ in data["sheet"]]  # a column for one player of four


def _rules_not_an_object(data: dict) -> None:
    data["rules"] = "app"


def _seats_not_objects(data: dict) -> None:
    data["seats"] = ["You", "Left", "Top", "Right"]


HOSTILE = {
    "rows-too-short": _short_rows,
    "rules-not-an-object": _rules_not_an_object,
    "seats-not-objects": _seats_not_objects,
}


# -- a stored digest is not trust ------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_row_with_a_digest_written_to_match_a_hostile_body_is_checked_and_left_out(
    kind, tmp_path
):
    dirs = _resolve(tmp_path)
    for seed in (1, 2, 3):
        record_finished_game(dirs, finished_match(seed, SHORT), SEATS)
    _plant(dirs, 2, HOSTILE[kind])
    games, messages = load_history(dirs)
    assert [g.seed for g in games] == [1, 3]
    assert len(messages) == 1 and "could not be read" in messages[0], messages
    assert sorted(games_by_seq(dirs, [1, 2, 3])) == [1, 3]


def test_the_rating_is_still_worked_out_beside_a_hostile_row_with_a_matching_digest(tmp_path):
    dirs = _resolve(tmp_path)
    for seed in (1, 2, 3):
        record_finished_game(dirs, finished_match(seed, SHORT), SEATS)
    _plant(dirs, 2, _seats_not_objects)
    points, _ = rating_history(dirs)  # used to raise, and the title's rating line vanished
    assert len(points) == 2


def _scores(pilot: Pilot) -> ScoresScene:
    scores = ScoresScene(pilot.app, tab="history")
    pilot.app.push(scores)
    pilot.step(2)
    return scores


def _choose(pilot: Pilot, scores: ScoresScene, index: int) -> None:
    rect = next(r for r, i in scores.row_rects if i == index)
    pilot.click(rect.center)
    pilot.step(2)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_game_made_hostile_from_outside_is_listed_by_no_view_and_scores_says_so(kind, tmp_path):
    """Its summary follows its body (summaries.FOLLOW_BODIES): a game that does not read is
    in none of the views, the list of past games included, and Scores says so once."""
    with Pilot(data_dir=tmp_path, start="title") as pilot:
        dirs = pilot.app.dirs
        for seed in (1, 2):
            record_finished_game(dirs, finished_match(seed, SHORT), SEATS)
        _plant(dirs, 2, HOSTILE[kind])
        take_history_notes(dirs)
        scores = _scores(pilot)
        assert scores.game_count == 1
        told = [m for m in scores.messages if "could not be read" in m]
        assert len(told) == 1, scores.messages
        _choose(pilot, scores, 0)  # the good game shows, with its sheet
        assert scores.selected_record() is not None and scores.last_chart


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_choosing_a_hostile_game_in_scores_says_it_cannot_be_read_and_never_crashes(kind, tmp_path):
    """A summary the database did not keep in step with its body (its triggers dropped,
    the body edited while Swoop runs): the game is listed until the next start, and
    choosing it says it cannot be read."""
    with Pilot(data_dir=tmp_path, start="title") as pilot:
        dirs = pilot.app.dirs
        for seed in (1, 2):
            record_finished_game(dirs, finished_match(seed, SHORT), SEATS)
        with sqlite3.connect(db.db_file(dirs)) as con:
            for name in FOLLOW_BODIES:
                con.execute(f"DROP TRIGGER IF EXISTS {name}")
        _plant(dirs, 2, HOSTILE[kind])  # the newest: listed first
        take_history_notes(dirs)
        scores = _scores(pilot)
        _choose(pilot, scores, 0)
        assert scores.selected == 0 and scores.selected_record() is None
        assert not scores.review_button.enabled and not scores.watch_button.enabled
        scores.review()  # even asked directly: nothing opens, nothing raises
        scores.watch()
        pilot.step(3)
        assert pilot.top is scores
        told = [m for m in scores.messages if "could not be read" in m]
        assert len(told) == 1, scores.messages
        _choose(pilot, scores, 1)  # the good game still shows, with its sheet
        assert scores.selected_record() is not None and scores.last_chart


def test_a_score_sheet_of_200000_hands_lays_out_a_bounded_frame(tmp_path, monkeypatch):
    hands = 200_000

    def endless(data: dict) -> None:
        data["sheet"] = [[1, 2, 3, 4]] * hands
        data["went_out"] = [0] * hands
        data["totals"] = [hands, 2 * hands, 3 * hands, 4 * hands]

    with Pilot(data_dir=tmp_path, start="title") as pilot:
        record_finished_game(pilot.app.dirs, finished_match(1, SHORT), SEATS)
        _plant(pilot.app.dirs, 1, endless)
        scores = _scores(pilot)
        _choose(pilot, scores, 0)
        chosen = scores.selected_record()
        assert chosen is not None and chosen.hands == hands  # it reads: a sheet is a sheet
        summed: list[int] = []
        dots: list[int] = []
        real_totals, real_circle = sheet.running_totals, pygame.draw.circle

        def counting_totals(rows, n):
            summed.append(len(rows))
            return real_totals(rows, n)

        def counting_circle(*args, **kwargs):
            dots.append(1)
            return real_circle(*args, **kwargs)

        monkeypatch.setattr(sheet, "running_totals", counting_totals)
        monkeypatch.setattr(pygame.draw, "circle", counting_circle)
        frames = 5
        for _ in range(frames):
            scores.draw(pilot.app.screen)
        width = pilot.app.size[0]
        # What one frame lays out is bounded by the window, not by the sheet.
        assert all(len(line) <= width for line in scores.last_chart)
        assert len(dots) <= frames * 4 * 200
        assert len(summed) <= 1  # the running totals are added up once, not every frame
        start = time.perf_counter()
        scores.draw(pilot.app.screen)
        print(f"one Scores frame, {hands:,}-hand sheet: {time.perf_counter() - start:.4f} s")


# -- backups from the future -------------------------------------------------------------
def _plant_future_backups(dirs, future_times: bool) -> list[Path]:
    """Three sound backups named for 2099 (a clock once set ahead), written now or then."""
    first = db.make_backup(dirs, force=True)
    assert first is not None
    planted = []
    for day in (1, 2, 3):
        path = first.with_name(f"swoop-209901{day:02d}-120000-000000.sqlite3")
        shutil.copyfile(first, path)
        if future_times:
            when = time.mktime((2099, 1, day, 12, 0, 0, 0, 0, -1))
            os.utime(path, (when, when))
        planted.append(path)
    first.unlink()
    return planted


@pytest.mark.parametrize("future_times", [False, True], ids=["written-now", "written-in-2099"])
def test_the_backup_forced_before_a_reset_is_kept_beside_backups_named_in_the_future(
    future_times, tmp_path
):
    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(1, SHORT), SEATS)
    _plant_future_backups(dirs, future_times)
    copy, messages = reset_stats(dirs)
    assert copy is not None, messages
    assert Path(copy).exists(), "the copy made before the reset was deleted by its own rotation"
    assert db.backups(dirs)[0] == Path(copy)
    assert len(db.backups(dirs)) == db.KEEP_BACKUPS


def test_backups_written_in_the_future_do_not_stop_the_daily_backup(tmp_path):
    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(1, SHORT), SEATS)
    _plant_future_backups(dirs, future_times=True)
    made = db.make_backup(dirs)  # the newest real one is far more than a day old
    assert made is not None and made.exists()
    assert db.backups(dirs)[0] == made
    assert db.make_backup(dirs) is None  # and now one is there: not again today


# -- a game numbered at the last number ------------------------------------------------
def test_an_error_that_ended_the_transaction_reaches_the_caller_unmasked(tmp_path):
    dirs = _resolve(tmp_path)
    with pytest.raises(LookupError, match="the real trouble"):
        with db.change(dirs) as con:
            con.execute("ROLLBACK")  # as SQLite does itself on a full disk or table
            raise LookupError("the real trouble")


def test_games_are_stored_after_a_game_numbered_at_the_last_number(tmp_path):
    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(1, SHORT), SEATS)
    record_finished_game(dirs, finished_match(2, SHORT), SEATS)
    with sqlite3.connect(db.db_file(dirs)) as con:  # an edit: the foreign keys are off
        for table in ("games", "game_summaries", "rating_points"):
            con.execute(f"UPDATE {table} SET seq = ? WHERE seq = 2", (2**63 - 1,))
    dirs = _fresh(tmp_path)
    for seed in (3, 4):
        messages = record_finished_game(dirs, finished_match(seed, SHORT), SEATS)
        assert messages == [], messages
    assert not list(tmp_path.glob("history.pending-*.json"))
    games, messages = load_history(dirs)
    assert [g.seed for g in games] == [1, 2, 3, 4] and messages == []
    with sqlite3.connect(db.db_file(dirs)) as con:
        assert [r[0] for r in con.execute("SELECT seq FROM games ORDER BY seq")] == [1, 2, 3, 4]
        assert con.execute("PRAGMA foreign_key_check").fetchall() == []
        summed = con.execute("SELECT seq, id FROM game_summaries ORDER BY seq").fetchall()
    assert summed == [(i + 1, g.id) for i, g in enumerate(games)]
    assert len(rating_history(dirs)[0]) == 4


# -- links planted where the import and the backups write -----------------------------
needs_links = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")


def _everything_under(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@needs_links
def test_a_link_planted_at_the_import_folder_moves_nothing_out_of_the_data_folder(
    tmp_path, monkeypatch
):
    from datetime import datetime as real_datetime

    from swoop_desktop.storage import documents

    data, outside = tmp_path / "data", tmp_path / "outside"
    outside.mkdir()
    dirs = _resolve(data)
    record_finished_game(dirs, finished_match(1, SHORT), SEATS)
    as_older_swoop_left_it(dirs)
    moment = real_datetime(2030, 5, 6, 7, 8, 9)

    class Frozen(real_datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return moment

    monkeypatch.setattr(documents, "datetime", Frozen)
    planted = data / f"imported-{moment.strftime('%Y%m%d-%H%M%S')}"
    planted.symlink_to(outside, target_is_directory=True)
    dirs = _fresh(data)
    games, _ = load_history(dirs)
    assert [g.seed for g in games] == [1]
    assert _everything_under(outside) == [], "the import moved files out of the data folder"
    assert planted.is_symlink()  # left as it was
    kept = [p for p in data.glob("imported-*") if not p.is_symlink()]
    assert len(kept) == 1 and (kept[0] / "history.json").is_file()


@needs_links
def test_a_link_planted_at_backups_gets_no_backup_written_out_of_the_data_folder(tmp_path):
    data, outside = tmp_path / "data", tmp_path / "outside"
    outside.mkdir()
    dirs = _resolve(data)
    record_finished_game(dirs, finished_match(1, SHORT), SEATS)
    shutil.rmtree(db.backups_folder(dirs), ignore_errors=True)
    db.backups_folder(dirs).symlink_to(outside, target_is_directory=True)
    made = db.make_backup(dirs, force=True)
    copy, _ = reset_stats(dirs)
    assert _everything_under(outside) == [], "a backup was written out of the data folder"
    for path in (made, copy):
        assert path is not None
        where = Path(path).resolve()
        assert where.parent.parent == data.resolve() and not Path(path).parent.is_symlink()
    assert db.backups(dirs)[0] == Path(copy)


#: Text cells that hide a formula behind a separator: a spreadsheet of a locale that splits
#: CSV on ``;`` (de, fr, es, it, pl), on a tab, or on the comma reads a cell from there on.
HIDDEN_FORMULAS = ("Bob;=1+2", "x,@SUM(1)", "a; -2+3", 'q;"=A1"')


def _starts_a_formula(cell: str) -> bool:
    """Whether a spreadsheet would run ``cell``: what is left once the quotes and spaces it
    strips are gone starts as a formula does (a plain number, such as a total of -5, is a
    number)."""
    text = cell.strip(' "')
    if not text.startswith(("=", "+", "-", "@")):
        return False
    try:
        float(text)
    except ValueError:
        return True
    return False


def test_no_csv_cell_becomes_a_formula_whatever_separator_the_spreadsheet_splits_on(tmp_path):
    from swoop_desktop.progress.export import export_csv

    dirs = _resolve(tmp_path / "data")
    seats = [{"name": "You"}] + [{"name": n, "level": "normal"} for n in HIDDEN_FORMULAS[:3]]
    record_finished_game(dirs, finished_match(1, SHORT), seats)
    seats = [{"name": "You"}, {"name": HIDDEN_FORMULAS[3], "level": "normal"}]
    seats += [{"name": n, "level": "normal"} for n in ("Top", "Right")]
    record_finished_game(dirs, finished_match(2, SHORT), seats)
    with sqlite3.connect(db.db_file(dirs)) as con:  # edited by hand in the database
        con.execute(
            "UPDATE games SET body = json_set(body, '$.date', 'd;+1', '$.id', 'i\t@A1', "
            "'$.seats[1].level', 'l\n=1+2') WHERE seq = (SELECT MIN(seq) FROM games)"
        )
    con.close()
    db.forget(dirs)
    target = tmp_path / "games.csv"
    assert export_csv(dirs, target) == 2
    text = target.read_text(encoding="utf-8")
    for delimiter in (",", ";", "\t"):
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
        ran = [c for row in rows for c in row if _starts_a_formula(c)]
        assert not ran, (delimiter, ran)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    names = {c for row in rows[1:] for c in row[12:24:3]}
    assert {"Bob;'=1+2", "x,'@SUM(1)", "a; '-2+3", 'q;"\'=A1"'} <= names
    # Every text cell is quoted (a spreadsheet splitting on ";" keeps it whole) and the
    # numbers are not: they stay numbers, a total of -5 a number.
    body = text.partition("\n")[2]  # past the header, Swoop's own words
    quoted = list(csv.reader(io.StringIO(body, newline=""), quoting=csv.QUOTE_NONNUMERIC))
    games = load_history(dirs)[0]
    assert [row[2] for row in quoted] == [float(g.totals[0]) for g in games]
    assert [row[0] for row in quoted] == ["d;'+1", games[1].date]
