"""Records (issue 22): best margin, most Swoops in a hand, longest daily streak and games
won without a pick-up, from the history and the daily deals; their cache file is rebuilt
when damaged."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date, timedelta

from swoop_desktop.engine.events import PickedUp, Swooped
from swoop_desktop.storage import record_finished_game, resolve_dirs
from swoop_desktop.storage.daily import DailyEntry
from swoop_desktop.storage.history import load_history
from swoop_desktop.storage.records import (
    GameFacts,
    compute_records,
    game_facts,
    load_facts,
    records_file,
)

from .helpers import finished_match

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
    r = compute_records([a, b, c], facts, daily, day + timedelta(days=2))
    assert r.best_margin == 100 and r.best_margin_date.startswith("2026-11-01")
    assert (r.hand_swoops, r.hand_swoops_date[:10]) == (5, "2026-11-02")
    assert (r.daily_streak, r.daily_beaten_streak) == (3, 3)
    assert r.clean_wins == 1  # a won with no pick-up; b won but picked up twice


def test_the_facts_are_kept_and_a_damaged_file_is_worked_out_again(tmp_path):
    dirs, games = _games(tmp_path)
    facts, messages = load_facts(dirs, games)
    assert not messages and set(facts) == {g.id for g in games}
    data = json.loads(records_file(dirs).read_text())
    assert data["format"] == "swoop-records" and len(data["games"]) == 3
    records_file(dirs).write_bytes(b"\x00garbage")
    records_file(dirs).with_name("records.json.bak").unlink(missing_ok=True)
    again, messages = load_facts(dirs, games)
    assert again == facts
    assert messages and "damaged" in messages[0]
    assert list(tmp_path.glob("records.damaged-*.json"))  # the bytes are kept aside
