"""The daily deal from the title (issue 22): one hand against the fixed opponents, counted
once, and its result shown beside the hard opponent's in your seat."""

from __future__ import annotations

from datetime import date

import pygame

from swoop_desktop.referee.daily import daily_seed, hard_in_seat
from swoop_desktop.storage.daily import load_daily
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.daily import DailyScene

DAY = date(2026, 12, 1)


def _play_your_hand(p: Pilot) -> None:
    """Play seat 0 with the first legal action each turn, until the table hands back."""
    for _ in range(400):
        table = p.app.table
        if table is None:
            return
        if table.human_turn:
            table.apply(table.state.legal_actions()[0])
        p.step(2)
    raise AssertionError("the daily hand did not end")


def _wait_for_hard(p: Pilot, scene: DailyScene) -> None:
    assert p.until(lambda: scene.job is not None and not scene.job.running, 240)
    p.step(2)


def test_the_daily_deal_is_played_from_the_title_and_compared_with_hard(tmp_path):
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        p.press(pygame.K_d)
        daily = p.top
        assert isinstance(daily, DailyScene)
        daily.today = DAY  # a fixed day, so the deal is known
        daily.seed = daily_seed(DAY, daily.rules)
        daily.reload()
        assert daily.entry is None
        daily.play()
        table = p.app.table
        assert table is not None and table.match.seed == daily.seed
        assert [s.level for s in table.seats] == ["human", "normal", "normal", "normal"]
        assert table.flow.saver is None  # not saved for Continue, not in the history
        _play_your_hand(p)
        assert p.top is daily
        entries, _ = load_daily(p.app.dirs)
        assert len(entries) == 1 and entries[0].finished
        assert entries[0].points is not None and len(entries[0].points) == 4
        _wait_for_hard(p, daily)
        entry = daily.entry
        assert entry is not None and entry.hard is not None
        # The hard result stored is the referee's play of the same deal in your seat.
        assert entry.hard == hard_in_seat(daily.rules, daily.seed).points
        words = [left + " " + right for _, left, right in daily.lines()]
        assert any(w.startswith("Hard opponent in your seat") for w in words), words
        assert any("Days in a row played 1" in w for w in words), words

        # A replay is allowed and changes nothing of the record.
        before = load_daily(p.app.dirs)[0][0]
        daily.play()
        assert "not counted" in p.app.table.config.caption
        _play_your_hand(p)
        assert load_daily(p.app.dirs)[0][0] == before


def test_a_daily_deal_left_unfinished_counts_as_played(tmp_path):
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        p.press(pygame.K_d)
        daily = p.top
        daily.today = DAY
        daily.seed = daily_seed(DAY, daily.rules)
        daily.play()
        p.step(5)
        p.app.to_title()  # left before the hand ended
        entries, _ = load_daily(p.app.dirs)
        assert len(entries) == 1 and not entries[0].finished
        p.press(pygame.K_d)
        again = p.top
        again.today = DAY
        again.seed = daily_seed(DAY, again.rules)
        again.reload()
        assert again.play_button.label == "Play it again (not counted)"
        assert any("left unfinished" in right for _, _, right in again.lines())
