"""The daily deals' file: the first play of a day counts, an abandoned one counts
as played, replays change nothing, and the streaks of days played and days you beat the hard
opponent."""

from __future__ import annotations

import json
from datetime import date, timedelta

from swoop_desktop.engine import Rules
from swoop_desktop.progress.daily_results import (
    DailyEntry,
    daily_file,
    finish_daily,
    load_daily,
    start_daily,
    store_hard,
    streaks,
)
from swoop_desktop.storage import resolve_dirs
from tests.storage.helpers import as_older_swoop_left_it

DAY = date(2026, 12, 1)
RULES = Rules.from_preset("app")


def test_the_first_play_of_a_day_counts_and_a_replay_does_not(tmp_path):
    dirs = resolve_dirs(tmp_path)
    counts, _ = start_daily(dirs, DAY, 77, RULES)
    assert counts
    finish_daily(dirs, DAY, 77, [5, 0, 30, 12])
    again, _ = start_daily(dirs, DAY, 77, RULES)
    assert not again
    finish_daily(dirs, DAY, 77, [0, 40, 30, 12])  # the replay went better: not counted
    entries, messages = load_daily(dirs)
    assert not messages
    assert [e.points for e in entries] == [[5, 0, 30, 12]]
    assert entries[0].margin == 5 - 14


def test_an_abandoned_daily_counts_as_played_and_not_as_beaten(tmp_path):
    dirs = resolve_dirs(tmp_path)
    for k in range(3):
        start_daily(dirs, DAY + timedelta(days=k), 10 + k, RULES)
    entries, _ = load_daily(dirs)
    assert [e.finished for e in entries] == [False] * 3
    s = streaks(entries, DAY + timedelta(days=2))
    assert (s.played, s.best_played, s.beaten) == (3, 3, 0)


def test_beating_the_hard_opponent_and_the_streaks():
    def entry(k: int, mine: int, hard: int) -> DailyEntry:
        return DailyEntry(
            (DAY + timedelta(days=k)).isoformat(), k, {}, True, [mine, 9, 9, 9], [hard, 9, 9, 9]
        )

    days = [entry(0, 0, 10), entry(1, 3, 20), entry(2, 30, 5), entry(3, 0, 9), entry(5, 1, 2)]
    assert [e.beat_hard for e in days] == [True, True, False, True, True]
    s = streaks(days, DAY + timedelta(days=5))
    assert (s.played, s.best_played, s.beaten, s.best_beaten) == (1, 4, 1, 2)
    assert streaks(days, DAY + timedelta(days=7)).played == 0  # a day missed: the run is over
    tie = DailyEntry(DAY.isoformat(), 1, {}, True, [0, 10, 10, 10], [0, 20, 20, 20])
    assert not tie.beat_hard  # as few points, but the hard bot left the table more


def test_the_hard_result_is_kept_with_the_day(tmp_path):
    dirs = resolve_dirs(tmp_path)
    start_daily(dirs, DAY, 77, RULES)
    store_hard(dirs, DAY, 78, [1, 2, 3, 4])  # another deal's result is not this day's
    assert load_daily(dirs)[0][0].hard is None
    store_hard(dirs, DAY, 77, [1, 2, 3, 4])
    assert load_daily(dirs)[0][0].hard == [1, 2, 3, 4]


def test_the_hard_opponents_hand_is_kept_with_the_day_and_a_damaged_one_dropped(tmp_path):
    from swoop_desktop.engine import END, Flip, Play

    dirs = resolve_dirs(tmp_path)
    start_daily(dirs, DAY, 77, RULES)
    start_daily(dirs, DAY + timedelta(days=1), 78, RULES)
    play = [Play((7, 7)), Flip(2), END]
    store_hard(dirs, DAY, 77, [1, 2, 3, 4], play)
    assert load_daily(dirs)[0][0].hard_actions == play  # for the review of your hand
    store_hard(dirs, DAY, 77, [1, 2, 3, 4])  # the points again: the hand stays
    assert load_daily(dirs)[0][0].hard_actions == play
    as_older_swoop_left_it(dirs)  # the file as an older Swoop wrote it
    data = json.loads(daily_file(dirs).read_text())
    data["days"][0]["hard_play"] = "p7x7 nonsense"
    daily_file(dirs).write_text(json.dumps(data))
    entries, messages = load_daily(dirs)
    assert [e.seed for e in entries] == [78]
    assert messages and "hard_play" in messages[0]


def test_a_bad_entry_is_dropped_and_the_others_kept(tmp_path):
    dirs = resolve_dirs(tmp_path)
    start_daily(dirs, DAY, 77, RULES)
    start_daily(dirs, DAY + timedelta(days=1), 78, RULES)
    as_older_swoop_left_it(dirs)  # the file as an older Swoop wrote it
    data = json.loads(daily_file(dirs).read_text())
    data["days"][0]["points"] = [1, 2]
    daily_file(dirs).write_text(json.dumps(data))
    entries, messages = load_daily(dirs)
    assert [e.seed for e in entries] == [78]
    assert messages and "could not be used" in messages[0]


def test_your_result_and_the_hard_result_written_at_once_are_both_kept(tmp_path):
    import threading

    dirs = resolve_dirs(tmp_path)
    for k in range(20):
        day = DAY + timedelta(days=k)
        start_daily(dirs, day, k, RULES)
        hard = threading.Thread(target=store_hard, args=(dirs, day, k, [1, 2, 3, 4]))
        hard.start()
        finish_daily(dirs, day, k, [4, 3, 2, 1])
        hard.join()
    entries, _ = load_daily(dirs)
    assert all(e.points == [4, 3, 2, 1] and e.hard == [1, 2, 3, 4] for e in entries)


#: Fewer points than the hard opponent, but a worse margin against the table: your 18 points
#: are 8.3 above the others' average, its 20 are 5.3 below theirs.
FEWER_POINTS_WORSE_MARGIN = ([18, 9, 10, 10], [20, 25, 25, 26])


def test_the_hard_opponent_is_compared_by_the_margin_as_shown_not_by_points():
    from swoop_desktop.progress.daily_results import Comparison, compare

    mine, hard = FEWER_POINTS_WORSE_MARGIN
    # The margins as shown (+8.3 and -5.3), one from the other: 13.6.
    assert compare(mine, hard) == Comparison("worse", 13.6)
    assert compare(hard, mine) == Comparison("better", 13.6)
    # More points than the hard opponent, and a better margin: you did better.
    assert compare([30, 40, 40, 40], [10, 10, 10, 8]) == Comparison("better", 10.7)
    # The same margin as shown is the same, whatever the points.
    assert compare([0, 10, 10, 10], [20, 30, 30, 30]) == Comparison("same", 0.0)
    day = DailyEntry(DAY.isoformat(), 1, {}, True, mine, hard)
    assert not day.beat_hard
    assert DailyEntry(DAY.isoformat(), 1, {}, True, hard, mine).beat_hard


def test_a_stored_day_won_on_points_but_lost_on_the_margin_is_judged_again_in_the_streak(
    tmp_path,
):
    dirs = resolve_dirs(tmp_path)
    mine, hard = FEWER_POINTS_WORSE_MARGIN
    days = [DAY + timedelta(days=k) for k in range(3)]
    for k, day in enumerate(days):
        start_daily(dirs, day, 70 + k, RULES)
        # The middle day as an older Swoop judged it a win: fewer points than the hard one.
        finish_daily(dirs, day, 70 + k, mine if k == 1 else [0, 10, 10, 10])
        store_hard(dirs, day, 70 + k, hard if k == 1 else [5, 10, 10, 10])
    as_older_swoop_left_it(dirs)  # kept as an older Swoop wrote it
    entries, messages = load_daily(dirs)
    assert not messages and [e.beat_hard for e in entries] == [True, False, True]
    s = streaks(entries, days[-1])
    assert (s.played, s.beaten, s.best_beaten) == (3, 1, 1)
