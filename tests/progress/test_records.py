"""Records: best margin, most Swoops in a hand, longest daily streak and games
won without a pick-up, from the games' summaries and the daily deals; the two a replay
gives are kept with each game, brought in from an older Swoop's records file, or worked
out a batch at a time."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from dataclasses import replace
from datetime import date, timedelta

from swoop_desktop.engine.events import PickedUp, Swooped
from swoop_desktop.progress import record_finished_game
from swoop_desktop.progress.daily_results import DailyEntry
from swoop_desktop.progress.history import load_history
from swoop_desktop.progress.records import compute_records, work_out_facts
from swoop_desktop.progress.scorebook import Scorebook
from swoop_desktop.progress.summaries import GameFacts, game_facts, records_file, summarize
from swoop_desktop.storage import db, resolve_dirs
from tests.storage.helpers import as_older_swoop_left_it, finished_match

SEATS = [{"name": "You", "level": "human"}] + [{"name": n, "level": "normal"} for n in "ABC"]


def _games(tmp_path, seeds=(1, 2, 3)):
    dirs = resolve_dirs(tmp_path)
    for seed in seeds:
        record_finished_game(dirs, finished_match(seed), SEATS)
    return dirs, load_history(dirs)[0]


def test_game_facts_count_your_swoops_per_hand_and_your_pick_ups(tmp_path):
    _, games = _games(tmp_path, (4,))
    game = games[0]
    per_hand: list[int] = []
    pickups = 0
    match = game.new_match()
    for deal in game.deals():
        events = match.start_hand()
        for action in deal:
            events += match.apply(action)
        per_hand.append(sum(isinstance(e, Swooped) and e.player == 0 for e in events))
        pickups += sum(isinstance(e, PickedUp) and e.player == 0 for e in events)
    assert game_facts(game) == GameFacts(max(per_hand), pickups)


def test_records_from_games_and_daily_deals(tmp_path):
    _, games = _games(tmp_path)
    a, b, c = games
    a = replace(a, totals=[50, 150, 150, 150], winner=0, date="2026-11-01T10:00:00")
    b = replace(b, totals=[20, 60, 40, 100], winner=0, date="2026-11-02T10:00:00")
    c = replace(c, totals=[0, 10, 10, 10], abandoned=True)  # abandoned: no record
    facts = {a.id: GameFacts(3, 0), b.id: GameFacts(5, 2), c.id: GameFacts(9, 0)}
    day = date(2026, 11, 1)
    daily = [
        DailyEntry((day + timedelta(days=k)).isoformat(), k, {}, True, [0, 5, 5, 5], [9, 5, 5, 5])
        for k in range(3)
    ]
    summed = [summarize(g, facts=facts[g.id]) for g in (a, b, c)]
    r = compute_records(summed, daily, day + timedelta(days=2))
    assert r.best_margin == 100 and r.best_margin_date.startswith("2026-11-01")
    assert (r.hand_swoops, r.hand_swoops_date[:10]) == (5, "2026-11-02")
    assert (r.daily_streak, r.daily_beaten_streak) == (3, 3)
    assert r.clean_wins == 1  # a won with no pick-up; b won but picked up twice


def _summaries(dirs):
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        return {
            game: (swoops, pickups)
            for game, swoops, pickups in con.execute(
                "SELECT id, hand_swoops, pickups FROM game_summaries"
            )
        }


def test_a_game_just_played_has_its_facts_kept_with_it(tmp_path):
    dirs, games = _games(tmp_path)
    kept = _summaries(dirs)
    assert kept == {g.id: tuple(vars(game_facts(g)).values()) for g in games}
    book = Scorebook(dirs)
    assert book.records([], date(2026, 11, 1))[1] == 0  # nothing left to replay
    book.close()


def test_an_older_swoops_records_come_in_with_its_history_and_false_ones_are_not_believed(
    tmp_path,
):
    """An older Swoop kept each game's replayed facts in records.json: they come in with
    its history (no replay needed), the file joins the imported ones, and a count the
    game cannot support (1,000,000 Swoops in a hand) is not believed but worked out."""
    dirs, games = _games(tmp_path)
    true = {g.id: game_facts(g) for g in games}
    as_older_swoop_left_it(dirs)
    doc = {"format": "swoop-records", "version": 1, "games": {}}
    doc["games"] = {g.id: [true[g.id].hand_swoops, true[g.id].pickups] for g in games}
    doc["games"][games[0].id] = [1_000_000, 0]
    records_file(dirs).write_text(json.dumps(doc))
    load_history(dirs)
    kept = _summaries(dirs)
    assert kept[games[0].id] == (None, None)  # to be worked out by replay
    for g in games[1:]:
        assert kept[g.id] == (true[g.id].hand_swoops, true[g.id].pickups)
    assert not records_file(dirs).exists()
    assert list(tmp_path.glob("imported-*/records.json"))
    assert work_out_facts(str(db.db_file(dirs))) == 0
    assert _summaries(dirs)[games[0].id] == (
        true[games[0].id].hand_swoops,
        true[games[0].id].pickups,
    )


def test_games_brought_in_without_facts_are_replayed_a_batch_at_a_time(tmp_path):
    dirs, games = _games(tmp_path, (1, 2, 3, 4, 5))
    true = {g.id: (game_facts(g).hand_swoops, game_facts(g).pickups) for g in games}
    as_older_swoop_left_it(dirs)
    load_history(dirs)
    assert set(_summaries(dirs).values()) == {(None, None)}
    book = Scorebook(dirs)
    records, waiting = book.records([], date(2026, 11, 1))
    assert waiting == sum(1 for g in games if g.counted and not g.abandoned)
    assert (records.hand_swoops, records.clean_wins) == (0, 0)  # not counted yet
    left = work_out_facts(str(db.db_file(dirs)), most=2)
    assert left == 3
    while left:
        left = work_out_facts(str(db.db_file(dirs)), most=2)
    assert _summaries(dirs) == true
    records, waiting = book.records([], date(2026, 11, 1))
    assert waiting == 0
    assert records.hand_swoops == max(s for s, _ in true.values())
    book.close()


def test_a_game_whose_plays_do_not_replay_is_not_looked_for_again(tmp_path):
    dirs, games = _games(tmp_path, (1, 2))
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        con.execute("UPDATE game_summaries SET hand_swoops = NULL, pickups = NULL")
        body = json.loads(con.execute("SELECT body FROM games WHERE seq = 1").fetchone()[0])
        body["actions"] = ["p7 p7 p7 p7 p7 p7"]  # plays no deal allows
        con.execute("UPDATE games SET body = ?, checked = NULL WHERE seq = 1", (json.dumps(body),))
        con.commit()
    assert work_out_facts(str(db.db_file(dirs))) == 0
    assert (None, None) not in set(_summaries(dirs).values())


def test_a_finished_game_is_replayed_once_to_be_stored_with_its_facts(tmp_path, monkeypatch):
    """Storing a game counts its Swoops and its facts in one replay, and the facts kept
    are those a replay of the stored record gives."""
    from swoop_desktop.engine import Match

    match = finished_match(4)
    replays = []
    replay = Match.replay

    def counted(self, *args, **kwargs):
        replays.append(self.seed)
        return replay(self, *args, **kwargs)

    monkeypatch.setattr(Match, "replay", counted)
    dirs = resolve_dirs(tmp_path)
    record_finished_game(dirs, match, SEATS)
    assert replays == [match.seed]
    monkeypatch.undo()
    game = load_history(dirs)[0][0]
    fact = game_facts(game)
    assert fact is not None and _summaries(dirs) == {game.id: (fact.hand_swoops, fact.pickups)}


def test_the_daily_records_judge_the_hard_opponent_by_the_margin():
    day = date(2026, 11, 1)
    # Each day fewer points than the hard opponent, but a worse margin against the table.
    daily = [
        DailyEntry(
            (day + timedelta(days=k)).isoformat(),
            k,
            {},
            True,
            [18, 9, 10, 10],
            [20, 25, 25, 26],
        )
        for k in range(3)
    ]
    r = compute_records([], daily, day + timedelta(days=2))
    assert (r.daily_streak, r.daily_beaten_streak) == (3, 0)
