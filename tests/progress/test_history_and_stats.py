"""The history of finished games, statistics (R16 wins/ties), reset, migration, replays."""

from __future__ import annotations

import contextlib
import json
import sqlite3

from swoop_desktop.engine import Match, Rules, action_from_json
from swoop_desktop.engine.events import Swooped
from swoop_desktop.progress import compute_stats, load_history, record_finished_game, reset_stats
from swoop_desktop.progress.game_record import GameRecord
from swoop_desktop.storage import resolve_dirs
from tests.storage.helpers import as_older_swoop_left_it, finished_match

SEATS = [
    {"name": "You"},
    {"name": "Left", "level": "easy"},
    {"name": "Top", "level": "normal"},
    {"name": "Right", "level": "hard"},
]


def _record(**kw) -> GameRecord:
    base = dict(
        id="x",
        date="2024-01-01T10:00:00",
        rules={"preset": "app"},
        players=4,
        seed=1,
        seats=[],
        totals=[10, 20, 30, 300],
        winner=0,
        sheet=[[10, 20, 30, 300]],
        went_out=[0],
        swoops=[2, 0, 0, 0],
        actions=[],
    )
    base.update(kw)
    return GameRecord(**base)


def test_recorded_game_keeps_what_the_scores_screen_shows():
    dirs = resolve_dirs()
    match = finished_match(11, Rules.from_preset("classic", target=100))
    assert record_finished_game(dirs, match, SEATS) == []
    (rec,), messages = load_history(dirs)
    assert messages == []
    assert rec.preset == "classic" and rec.options == {"target": 100}
    assert rec.totals == match.totals and rec.winner == match.winner
    assert rec.hands == len(match.sheet) and rec.sheet == match.sheet
    assert rec.went_out == match.went_out and rec.seats == SEATS
    assert len(rec.date) == 19 and rec.counted


def test_record_replays_to_the_same_game_and_is_compact():
    dirs = resolve_dirs()
    match = finished_match(12)
    record_finished_game(dirs, match, SEATS)
    rec = load_history(dirs)[0][0]
    again = rec.replayed()
    assert again.over and again.totals == match.totals and again.sheet == match.sheet
    assert again.state.pile == match.state.pile  # the same physical cards
    assert rec.deals() == match.actions
    size = len(json.dumps(rec.to_json()))
    assert size < 12_000, size  # compact: a few KB per game


def test_same_game_recorded_twice_counts_once():
    dirs = resolve_dirs()
    match = finished_match(13)
    record_finished_game(dirs, match, SEATS)
    record_finished_game(dirs, match, SEATS)
    assert len(load_history(dirs)[0]) == 1


def test_swoops_counted_from_the_plays():
    match = finished_match(14)
    events = Match(match.rules, match.n, match.seed).replay(match.actions)
    swoops = sum(1 for e in events if isinstance(e, Swooped) and e.player == 0)
    dirs = resolve_dirs()
    record_finished_game(dirs, match, SEATS)
    assert compute_stats(load_history(dirs)[0]).swoops == swoops


def test_r16_stats_wins_ties_losses_and_streaks():
    records = [
        _record(winner=0),
        _record(winner=0, sheet=[[0, 5, 5, 5], [4, 0, 9, 9]]),
        _record(winner=None, totals=[50, 50, 300, 90]),  # shared lowest: a tie for you
        _record(winner=0, rules={"preset": "classic"}),
        _record(winner=None, totals=[60, 50, 50, 400]),  # tie between others: your loss
        _record(winner=2, totals=[60, 50, 40, 400], swoops=[1, 0, 0, 0]),
        _record(winner=0),
        _record(winner=0),
    ]
    s = compute_stats(records)
    assert (s.games, s.wins, s.ties, s.losses) == (8, 5, 1, 2)
    assert s.win_rate == 5 / 8
    assert s.best_streak == 2 and s.current_streak == 2
    assert s.hands == 9 and s.points == 10 * 7 + 4 and s.swoops == 2 * 7 + 1
    assert s.average_points_per_hand == 74 / 9
    assert set(s.by_preset) == {"app", "classic"}
    assert s.by_preset["classic"].games == 1 and s.by_preset["classic"].wins == 1
    assert s.by_preset["app"].games == 7


def test_no_games_no_division_by_zero():
    s = compute_stats([])
    assert s.games == 0 and s.win_rate == 0.0 and s.average_points_per_hand == 0.0


def test_reset_stats_keeps_games_listed_and_a_copy():
    dirs = resolve_dirs()
    record_finished_game(dirs, finished_match(15), SEATS)
    record_finished_game(dirs, finished_match(16), SEATS)
    copy, messages = reset_stats(dirs)
    assert messages == [] and copy is not None
    # The backup made first holds both games, still counted.
    with contextlib.closing(sqlite3.connect(copy)) as con:
        assert con.execute("SELECT count(*), sum(counted) FROM games").fetchone() == (2, 2)
    records = load_history(dirs)[0]
    assert len(records) == 2 and not any(r.counted for r in records)
    assert compute_stats(records).games == 0
    record_finished_game(dirs, finished_match(17), SEATS)
    records = load_history(dirs)[0]
    assert len(records) == 3 and compute_stats(records).games == 1


def test_reset_with_no_history_does_nothing():
    dirs = resolve_dirs()
    assert reset_stats(dirs) == (None, [])
    assert not dirs.history_file.exists()


def test_migrates_version_1_history():
    """Version 1 stored each deal's actions as a list of action JSON objects."""
    match = finished_match(18)
    dirs = resolve_dirs()
    record_finished_game(dirs, match, SEATS)
    as_older_swoop_left_it(dirs)
    data = json.loads(dirs.history_file.read_text())
    data["version"] = 1
    data["games"][0]["actions"] = [[a.to_json() for a in deal] for deal in match.actions]
    dirs.history_file.write_text(json.dumps(data))
    (rec,), messages = load_history(dirs)
    assert len(messages) == 1 and "now lives in one file" in messages[0]  # brought in
    assert rec.deals() == match.actions
    assert [[a.hand_ids for a in d if hasattr(a, "hand_ids")] for d in rec.deals()] == [
        [a.hand_ids for a in d if hasattr(a, "hand_ids")] for d in match.actions
    ]
    assert rec.replayed().totals == match.totals
    assert action_from_json(data["games"][0]["actions"][0][0]) == match.actions[0][0]


def test_statistics_keep_each_table_size_apart_with_its_own_streaks():
    # A win at a table of three is not a win at a table of eight: each size has its own
    # games, rate and streaks, the same whether the database or Python counts them.
    from swoop_desktop.progress.scorebook import Scorebook

    def six(winner):
        return _record(
            players=6,
            winner=winner,
            totals=[10, 20, 30, 40, 50, 300] if winner == 0 else [60, 20, 30, 40, 50, 300],
            sheet=[[10, 20, 30, 40, 50, 300]],
            went_out=[0],
            swoops=[0] * 6,
        )

    records = [
        _record(winner=0),
        six(0),
        six(0),
        _record(winner=2, totals=[60, 50, 40, 400]),
        six(1),
        six(0),
    ]
    s = compute_stats(records)
    assert set(s.by_players) == {4, 6}
    four, table_of_six = s.by_players[4], s.by_players[6]
    assert (four.games, four.wins, four.best_streak, four.current_streak) == (2, 1, 1, 0)
    assert (table_of_six.games, table_of_six.wins) == (4, 3)
    assert (table_of_six.best_streak, table_of_six.current_streak) == (2, 1)
    dirs = resolve_dirs()
    for n in (3, 4, 6, 8):
        record_finished_game(dirs, finished_match(20 + n, players=n), [{"name": "You"}] * n)
    book = Scorebook(dirs)
    try:
        stored = book.stats(False)
    finally:
        book.close()
    assert set(stored.by_players) == {3, 4, 6, 8}
    assert sum(t.games for t in stored.by_players.values()) == stored.games == 4
    assert stored.by_players == compute_stats(load_history(dirs)[0]).by_players
