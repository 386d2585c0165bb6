"""The game's memory over an evening: screens left behind give their large pictures
back, and whole games one after another do not make the process grow."""

from __future__ import annotations

import time

import pytest

from swoop_desktop.engine import Rules
from swoop_desktop.ui.controls import page
from swoop_desktop.ui.pilot import Pilot


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _panel_sizes() -> set[tuple[int, int]]:
    return {(k[0], k[1]) for k in page._panels}


def test_a_page_left_lets_its_window_sized_cloth_and_panel_go_when_the_next_screen_rests(tmp_path):
    """The daily deal and Puzzles pages each kept a panel the size of the page (6 MB at
    1920x1080) for the rest of the evening once they were closed."""
    for cache in (page._panels, page._backdrops, page._in_use):
        cache.clear()  # (another test in this process may have drawn these pages)
    with Pilot(size=(1920, 1080), data_dir=tmp_path, start="title", pace="instant") as p:
        p.step(10)
        pages: set[tuple[int, int]] = set()
        for name in ("daily", "puzzles"):
            before = _panel_sizes()
            p.app.open(name)
            p.step(20)
            own = _panel_sizes() - before
            assert own, f"the {name} page draws a panel of its own"
            pages |= own
            p.app.pop()
            p.step(5)
        # Nobody has touched anything for a second (of the pilot's clock, which runs ahead
        # of the wall's): the title rests before the game behind it would start to play.
        p.app.last_input = time.perf_counter() - 1.0
        assert p.until(lambda: p.app.resting, 120)
        p.step(3)
        assert not _panel_sizes() & pages, "the closed pages' panels are still held"


def _play_game(p: Pilot, seed: int) -> None:
    """New game from the title; your seat plays its first legal play each turn, every
    breakdown closed, until the game-over sheet; then back to the title."""
    p.app.new_game(seed=seed)
    t = p.table
    for _ in range(400_000):
        top = p.top
        if top.name == "game_over":
            p.app.to_title()
            p.step(30)
            return
        if top.name == "hand_over":
            top.next_hand()
        else:
            st = t.state
            if t.idle and st is not None and not st.is_over and st.to_move == 0:
                t.apply(st.legal_actions()[0])
            if t.model.wait_click:
                t.model.wait_click = False
        p.step()
    raise AssertionError("the game did not end")


@pytest.mark.slow
def test_memory_after_the_sixth_game_is_within_a_few_mb_of_the_third(tmp_path, monkeypatch):
    monkeypatch.setenv("SWOOP_THINKING", "threads")  # the game process alone
    with Pilot(
        size=(1280, 720),
        data_dir=tmp_path,
        start="title",
        pace="instant",
        rules=Rules.from_preset("app"),
    ) as p:
        p.step(30)
        after: dict[int, float] = {}
        for game in range(1, 7):
            _play_game(p, seed=300 + game)
            after[game] = _rss_mb()
    assert after[6] - after[3] <= 6.0, after
