"""Practice games: kept in the history and marked as practice there (Scores says so), but
never rated and never counted in the statistics, records or streaks; a history from before
practice games opens with every game, none of them practice."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from datetime import date

import pygame
import pytest

from swoop_desktop.progress import load_history, record_finished_game, reset_stats
from swoop_desktop.progress.export import export_history
from swoop_desktop.progress.rating import rating_history, title_rating
from swoop_desktop.progress.scorebook import Scorebook
from swoop_desktop.progress.summaries import counts, summarize
from swoop_desktop.storage import db
from swoop_desktop.storage import resolve_dirs as _resolve
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.overlays import PRACTICE_LINE
from swoop_desktop.ui.scenes.sheet import result_words
from swoop_desktop.ui.scenes.table import TableScene
from swoop_desktop.ui.table.drivers import PRACTICE
from tests.storage.helpers import as_older_swoop_left_it, finished_match

SEATS = [{"name": "You", "level": "human"}] + [{"name": n, "level": "normal"} for n in "ABC"]
DAY = date(2026, 11, 30)
NAMES = ["You", "A", "B", "C"]


def _won(seed_from: int) -> int:
    """A seed whose random game you win (a practice win must not make a streak)."""
    seed = seed_from
    while finished_match(seed).winner != 0:
        seed += 1
    return seed


def test_a_practice_game_is_kept_marked_and_moves_no_rating_record_or_streak(tmp_path):
    dirs = _resolve(tmp_path)
    rated = [_won(1)]
    rated.append(_won(rated[0] + 1))
    record_finished_game(dirs, finished_match(rated[0]), SEATS)
    book = Scorebook(dirs)
    stats_before, records_before = book.stats(False), book.records([], DAY)[0]
    book.close()
    rating_before, _ = title_rating(dirs)
    points_before, _ = rating_history(dirs)

    practice = _won(rated[1] + 1)
    record_finished_game(dirs, finished_match(practice), SEATS, practice=True)
    games, _ = load_history(dirs)
    assert len(games) == 2, "the practice game is kept"
    kept = games[-1]
    assert kept.practice and not kept.counted
    assert result_words(kept, NAMES) == "Practice · You won"
    assert not games[0].practice and result_words(games[0], NAMES) == "You won"
    book = Scorebook(dirs)
    assert book.stats(False) == stats_before and book.stats(True) == book.stats(False)
    assert book.records([], DAY)[0] == records_before
    assert len(book) == 2
    book.close()
    assert title_rating(dirs)[0] == rating_before
    assert rating_history(dirs)[0] == points_before

    # A rated win after it: the streak goes on from the rated win before the practice one.
    record_finished_game(dirs, finished_match(rated[1]), SEATS)
    book = Scorebook(dirs)
    assert book.stats(False).current_streak == 2 and book.stats(False).games == 2
    book.close()


def test_an_abandoned_practice_game_is_not_counted_even_when_abandoned_games_count(tmp_path):
    dirs = _resolve(tmp_path)
    match = finished_match(4)
    match.over = False  # left before its end
    record_finished_game(dirs, match, SEATS, abandoned=True, practice=True)
    (kept,), _ = load_history(dirs)
    assert kept.practice and kept.abandoned and not kept.counted
    assert result_words(kept, NAMES) == "Practice · Abandoned"
    book = Scorebook(dirs)
    assert book.stats(True).games == 0
    book.close()
    assert title_rating(dirs, True)[0] is None


def test_the_practice_mark_outlives_a_statistics_reset_and_an_export(tmp_path):
    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(5), SEATS, practice=True)
    record_finished_game(dirs, finished_match(6), SEATS)
    reset_stats(dirs)
    games, _ = load_history(dirs)
    assert [g.practice for g in games] == [True, False]
    export_history(dirs, tmp_path / "out.json")
    exported = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    marks = [g.get("practice", False) for g in exported["games"]]
    assert marks == [True, False]


def test_a_history_from_before_practice_games_opens_with_every_game(tmp_path):
    dirs = _resolve(tmp_path)
    for seed in (7, 8, 9):
        record_finished_game(dirs, finished_match(seed), SEATS)
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        bodies = [json.loads(b) for (b,) in con.execute("SELECT body FROM games ORDER BY seq")]
    # The games' records read exactly as before practice games: no new key in them.
    assert all("practice" not in body for body in bodies)
    before, _ = load_history(dirs)
    # A database an older Swoop left, at the schema version before summaries, opens too.
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        con.execute("DROP TABLE game_summaries")
        con.execute("PRAGMA user_version = 3")
        con.commit()
    db.forget(dirs)
    games, messages = load_history(dirs)
    assert [g.id for g in games] == [g.id for g in before] and messages == []
    assert not any(g.practice for g in games) and all(g.counted for g in games)
    book = Scorebook(dirs)
    assert len(book) == 3 and book.stats(False).games == 3
    book.close()
    # And an older Swoop's history.json, brought in.
    as_older_swoop_left_it(dirs)
    games, _ = load_history(dirs)
    assert len(games) == 3 and not any(g.practice for g in games)


def test_a_finished_practice_game_says_it_is_not_rated_and_is_kept_as_practice(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        match = finished_match(3)
        table = p.app.push(TableScene(p.app, PRACTICE, match=match))
        assert p.until(lambda: p.top.name == "hand_over", 10)
        p.top.next_hand()
        p.step(2)
        over = p.top
        assert over.name == "game_over"
        assert over.rating_line == PRACTICE_LINE and over.bests == []
        table.flow.saver.flush()
        (kept,), _ = load_history(p.app.dirs)
        assert kept.practice and not kept.counted
        assert title_rating(p.app.dirs)[0] is None, "no rating from a practice game"
        # New game from its sheet deals another practice game.
        over.new_game()
        p.step(2)
        assert p.table is not table and p.table.config.practice


def test_a_practice_game_left_for_a_new_one_is_kept_as_practice(tmp_path):
    with Pilot(data_dir=tmp_path, start="title", seed=9) as p:
        p.press(pygame.K_t)
        p.step(2)
        table = p.table
        assert p.wait_for_turn()
        table.apply(table.state.legal_actions()[0])
        assert p.wait_for_turn()
        table.flow.saver.flush()
        p.app.to_title()
        p.step(2)
        p.press(pygame.K_n)  # New game: the practice game in progress is left
        p.step(2)
        assert p.top.name == "confirm"
        p.click(p.top.buttons[0].rect.center)  # "Start a new game"
        p.step(2)
        p.app.update_settings(count_abandoned=True)
        (kept,), _ = load_history(p.app.dirs)
        assert kept.practice and kept.abandoned and not kept.counted
        assert title_rating(p.app.dirs, True)[0] is None
        assert not p.table.config.practice, "New game is a rated game"


def test_the_spreadsheet_export_marks_practice_games(tmp_path):
    import csv
    import io

    from swoop_desktop.progress.export import games_csv

    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(5), SEATS, practice=True)
    record_finished_game(dirs, finished_match(6), SEATS)
    rows = list(csv.DictReader(io.StringIO(games_csv(load_history(dirs)[0]))))
    assert [r["Practice"] for r in rows] == ["yes", "no"]


def test_statistics_totals_chart_records_and_rating_count_the_same_games(tmp_path):
    """One rule says which games count: counted (never a practice game) and finished, or
    abandoned too when the player counts abandoned games (as losses; they have no final
    total, so the chart and the records, which need one, never have them)."""
    from dataclasses import replace

    from swoop_desktop.progress.history import load_summaries

    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(7), SEATS)  # a win
    # A practice win with a better total and margin than any counted game.
    record_finished_game(dirs, finished_match(10), SEATS, practice=True)
    record_finished_game(dirs, finished_match(1), SEATS)  # a loss
    left = finished_match(5)
    left.over = False
    record_finished_game(dirs, left, SEATS, abandoned=True)
    games, _ = load_history(dirs)
    assert len(games) == 4
    won, practice, lost, abandoned = games
    counted = [won, lost]
    summaries, _ = load_summaries(dirs)
    book = Scorebook(dirs)
    in_memory = Scorebook(dirs)
    in_memory.everything = summaries  # as when games wait beside the database
    try:
        for scores in (book, in_memory):
            stats = scores.stats(False)
            assert (stats.games, stats.wins, stats.current_streak) == (2, 1, 0)
            assert stats.hands == sum(g.hands for g in counted)
            latest, count = scores.totals()
            assert count == 2 and latest == [(g.totals[0], g.result()) for g in counted]
            records, _waiting = scores.records([], DAY)
            best = max(summarize(g).margin for g in counted)
            assert records.best_margin == best
            assert summarize(practice).margin > best
            # Abandoned games counted: a loss more in the statistics; nothing to draw.
            with_left = scores.stats(True)
            assert (with_left.games, with_left.wins) == (3, 1)
            assert scores.totals() == (latest, count)
            assert scores.records([], DAY)[0] == records
    finally:
        book.close()
        in_memory.close()
    assert [p.game for p in rating_history(dirs)[0]] == [g.id for g in counted]
    assert [p.game for p in rating_history(dirs, True)[0]] == [won.id, lost.id, abandoned.id]
    # The rule, in Python: a practice game never counts, even marked counted.
    assert [counts(g) for g in games] == [True, False, True, False]
    assert [counts(g, abandoned=True) for g in games] == [True, False, True, True]
    assert not counts(replace(practice, counted=True), abandoned=True)
    assert not summarize(replace(practice, counted=True)).counted


def _forge_mark(dirs, seq: int, mark: str) -> None:
    """Edit the stored body of game ``seq`` from outside, as a tool on the file would: its
    ``practice`` mark set to the JSON ``mark``."""
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        con.execute(
            "UPDATE games SET body = json_set(body, '$.practice', json(?)) WHERE seq = ?",
            (mark, seq),
        )
        con.commit()


def _every_view(folder):
    """What each view says of the history at the next start: the games the statistics
    count, the games the rating is worked out from, the games the list of past games
    shows (and which of them it marks as practice), and the CSV's rows (id and mark)."""
    import csv
    import io

    from swoop_desktop.progress.export import games_csv

    dirs = _resolve(folder)
    db.forget(dirs)
    book = Scorebook(dirs)
    try:
        counted = book.stats(False).games
        listed = [(g.id, g.counted) for g in book.newest(0, len(book))]
    finally:
        book.close()
    rated = [p.game for p in rating_history(dirs)[0]]
    games, _told = load_history(dirs)
    rows = list(csv.DictReader(io.StringIO(games_csv(games))))
    return (
        counted,
        rated,
        sorted(listed),
        [(g.id, r["Practice"]) for g, r in zip(games, rows, strict=True)],
    )


@pytest.mark.parametrize("kept", ["in step since", "dropped from outside"])
@pytest.mark.parametrize("mark", ["true", '"yes"', "7"])
def test_a_practice_mark_forged_in_a_stored_game_is_read_the_same_by_every_view(
    tmp_path, mark, kept
):
    """A stored game's practice mark changed from outside (``true`` on a rated game, or a
    mark that is no true or false) is read once, by the record's own check, for every
    view: the statistics, the rating, the list of past games and the CSV agree on which
    games count. A forged ``true`` makes a practice game of it everywhere; a mark that is
    not a bool makes the game one that does not read everywhere (kept in the file, told,
    counted by none). ``kept``: whether the database kept its summaries in step since the
    edit, or the edit came with the means of it dropped (or before this Swoop)."""
    dirs = _resolve(tmp_path)
    for seed in (2, 3, 4):
        record_finished_game(dirs, finished_match(seed), SEATS)
    games, _ = load_history(dirs)
    assert len(rating_history(dirs)[0]) == 3  # every game rated before the edit
    if kept == "dropped from outside":
        with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
            for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'"):
                con.execute(f"DROP TRIGGER {name}")
            con.commit()
    _forge_mark(dirs, 2, mark)
    counted, rated, listed, csv_rows = _every_view(tmp_path)
    first, forged, last = (g.id for g in games)
    assert rated == [first, last] and counted == 2, "the rating and the statistics agree"
    if mark == "true":  # a practice game everywhere: listed, marked, never counted
        assert listed == sorted([(first, True), (forged, False), (last, True)])
        assert csv_rows == [(first, "no"), (forged, "yes"), (last, "no")]
    else:  # a game that does not read: in none of them
        assert listed == sorted([(first, True), (last, True)])
        assert csv_rows == [(first, "no"), (last, "no")]
    # Read again at the next start: the same.
    assert _every_view(tmp_path) == (counted, rated, listed, csv_rows)


#: Edits from outside that leave what is stored of a game disagreeing on whether it counts
#: (Swoop writes a game's record, its row and its summary in step, a statistics reset too):
#: each SQL statement is run on the game's number.
FORGED = {
    "a practice game's record re-marked rated": [
        "UPDATE games SET body = json_set(json_remove(body, '$.practice'), '$.counted', "
        "json('true')) WHERE seq = ?"
    ],
    "a practice game's row marked counted": ["UPDATE games SET counted = 1 WHERE seq = ?"],
    "a practice game's summary marked counted": [
        "UPDATE game_summaries SET counted = 1 WHERE seq = ?"
    ],
    "a practice game's row and summary marked counted": [
        "UPDATE games SET counted = 1 WHERE seq = ?",
        "UPDATE game_summaries SET counted = 1 WHERE seq = ?",
    ],
    "a rated game's row marked not counted": ["UPDATE games SET counted = 0 WHERE seq = ?"],
}
CHANGED_WORDS = "changed outside Swoop"


def _what_each_view_says(folder):
    """At a start: the games the statistics count, those the rating is worked out from,
    the list of past games (each game's counted mark and its practice mark, as the list
    draws it), the records, and what the player was told of a changed game (over the
    screen; Scores says the same again)."""
    dirs = _resolve(folder)
    db.forget(dirs)
    book = Scorebook(dirs)
    try:
        counted = book.stats(False).games
        shown = book.newest(0, len(book))
        listed = sorted(
            (g.id, g.counted, r.practice)
            for g, r in zip(shown, book.records_of(shown), strict=True)
            if r is not None
        )
        records = book.records([], DAY)[0]
        scores_says = list(book.messages)
    finally:
        book.close()
    rated = sorted(p.game for p in rating_history(dirs)[0])
    _games, told = load_history(dirs)
    from swoop_desktop.progress import take_history_notes

    again = scores_says + take_history_notes(dirs)  # what Scores says again, once each
    over = [w for w in dirs.notices.told + told if CHANGED_WORDS in w]
    assert len({w for w in again if CHANGED_WORDS in w}) == len(over)
    return (counted, rated, listed, records), over


@pytest.mark.parametrize("kept", ["in step since", "dropped from outside"])
@pytest.mark.parametrize("forged", list(FORGED))
def test_a_game_whose_record_and_marks_disagree_counts_nowhere_and_is_told_once(
    tmp_path, forged, kept
):
    """What is stored of a game disagreeing on whether it counts (its record, its row's
    counted mark, its summary's: an edit from outside) is read once, by one rule, for
    every view: a game counts only when everything stored of it says so. The statistics,
    the rating, the list of past games and the records agree, and the player is told once,
    in plain words; the next start finds nothing more to tell and reads the same."""
    dirs = _resolve(tmp_path)
    record_finished_game(dirs, finished_match(7), SEATS)  # a win
    # A practice win with a better margin than any counted game: were it counted
    # anywhere, the records would show it.
    record_finished_game(dirs, finished_match(10), SEATS, practice=True)
    record_finished_game(dirs, finished_match(1), SEATS)
    record_finished_game(dirs, finished_match(5), SEATS)
    games, _ = load_history(dirs)
    won, practice, lost, last = games
    assert summarize(practice).margin > max(summarize(g).margin for g in (won, lost, last))
    assert len(rating_history(dirs)[0]) == 3
    target = 3 if forged.startswith("a rated") else 2  # the game's number
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        if kept == "dropped from outside":
            for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'"):
                con.execute(f"DROP TRIGGER {name}")
        for statement in FORGED[forged]:
            con.execute(statement, (target,))
        con.commit()
    counting = [won, last] if target == 3 else [won, lost, last]
    ids = sorted(g.id for g in counting)
    (counted, rated, listed, records), told = _what_each_view_says(tmp_path)
    assert counted == len(counting), "the statistics count the games that count"
    assert rated == ids, "the rating is worked out from the same games"
    assert [g for g, mark, _practice in listed if mark] == ids, "the list marks the same"
    assert len(listed) == 4, "every game stays listed"
    body_rated = forged == "a practice game's record re-marked rated"
    marks = {g: p for g, _mark, p in listed}
    assert marks[practice.id] is not body_rated, "its practice mark is its record's"
    assert records.best_margin == max(summarize(g).margin for g in counting)
    assert len(told) == 1, told
    assert "Errno" not in told[0] and "seq" not in told[0]
    # The next start: read the same, nothing more to tell.
    again, told = _what_each_view_says(tmp_path)
    assert again == (counted, rated, listed, records) and told == []
