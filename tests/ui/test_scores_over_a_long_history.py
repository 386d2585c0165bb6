"""Scores over a long history, from any route: reached from a game's pause menu while the
start is still opening the progress (working out the rating of its last games), its first
frame comes at once and says the progress is still being opened, and the figures come
once it is; opened later, its Statistics and Progress tabs draw their first frame at
once and say their figures are being worked out until they are read beside the frames.
No frame waits for the history, and it is never read whole into memory."""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import threading
import time
from pathlib import Path

import pygame
import pytest

from swoop_desktop.progress import opening, rating, record_finished_game
from swoop_desktop.storage import db, resolve_dirs
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.overlays import PauseScene
from swoop_desktop.ui.scenes.scores import ScoresScene
from tests.sizes import quick_and_full
from tests.storage.helpers import finished_match

SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": lv}
    for n, lv in (("Lefty", "hard"), ("Topper", "normal"), ("Righty", "easy"))
]
#: The most a first frame may take (seconds of the window's own thread's work), and the
#: most it may wait in all: a frame that waits for the history (a lock, a query on another
#: thread) shows in the wait; a machine busy with other work slows the wait, not the work.
FIRST_FRAME = 0.1
FIRST_FRAME_WAIT = 1.0


#: Games at the end of a long history whose rating the next start works out.
UNRATED = 10


def long_history(folder: Path, games: int) -> None:
    """A progress database of ``games`` finished games: eight real ones (with their rating
    points), their rows copied under new ids until there are enough (as
    benchmarks/opening_large_history.py makes one); the rating of the last
    :data:`UNRATED` is left for the next start to work out."""
    dirs = resolve_dirs(folder)
    for seed in range(2, 10):
        record_finished_game(dirs, finished_match(seed), SEATS)
    assert rating.title_rating(dirs)[0] is not None
    with contextlib.closing(sqlite3.connect(db.db_file(dirs), isolation_level=None)) as con:
        con.execute("BEGIN IMMEDIATE")
        have = 8
        while have < games:
            step = min(have, games - have)
            con.execute(
                "INSERT INTO games (id, date, players, counted, abandoned, result, body, "
                "source, checked) SELECT id || '-' || ?, date, players, counted, abandoned, "
                "result, body, source, checked FROM games ORDER BY seq LIMIT ?",
                (have, step),
            )
            for table in ("game_summaries", "rating_points"):
                columns = [row[1] for row in con.execute(f"PRAGMA table_info({table})")]
                copied = ", ".join(
                    "seq + :have" if c == "seq" else f"{c} || '-' || :have" if c == "id" else c
                    for c in columns
                )
                con.execute(
                    f"INSERT INTO {table} SELECT {copied} FROM {table} WHERE seq <= :step "
                    "ORDER BY seq",
                    {"have": have, "step": step},
                )
            have += step
        con.execute("DELETE FROM rating_points WHERE seq > ?", (games - UNRATED,))
        con.execute("UPDATE meta SET value = ? WHERE key = 'rating.upto'", (str(games - UNRATED),))
        con.execute("COMMIT")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")


@pytest.fixture(scope="module")
def histories(tmp_path_factory):
    """A long history of each size, made once; each test opens a copy of it."""
    made: dict[int, Path] = {}

    def copy(games: int, folder: Path) -> Path:
        if games not in made:
            made[games] = tmp_path_factory.mktemp(f"history-{games}")
            long_history(made[games], games)
        shutil.copytree(made[games], folder, dirs_exist_ok=True)
        return folder

    return copy


class _Took:
    """A step's work on this thread and its whole wait, seconds; ``took < limit`` when the
    work is under the limit and the wait under :data:`FIRST_FRAME_WAIT`."""

    def __init__(self, work: float, wait: float) -> None:
        self.work, self.wait = work, wait

    def __lt__(self, limit: float) -> bool:
        return self.work < limit and self.wait < FIRST_FRAME_WAIT

    def __mul__(self, k: float) -> str:
        return f"{self.work * k:.0f} (in {self.wait * k:.0f} of waiting)"


def _timed(step) -> _Took:
    began, work = time.perf_counter(), time.thread_time()
    step()
    return _Took(time.thread_time() - work, time.perf_counter() - began)


@quick_and_full(20_000, 100_000, "games")
def test_progress_from_a_games_pause_menu_says_it_is_busy_at_once_then_shows_the_figures(
    tmp_path, monkeypatch, histories, games
):
    histories(games, tmp_path)
    monkeypatch.setenv(opening.WAIT_VARIABLE, "0")  # the window does not wait for the opening
    release = threading.Event()
    real = rating._catch_up

    def held(con, abandoned):  # the opening, working out the rating of the last games
        if threading.current_thread().name == "progress-opening":
            release.wait(120)
        return real(con, abandoned)

    monkeypatch.setattr(rating, "_catch_up", held)
    try:
        with Pilot(data_dir=tmp_path, seed=1, start="table") as p:
            dirs = p.app.dirs
            assert p.until(lambda: opening.words(dirs) == "Working out your rating…", 60)
            p.press(pygame.K_ESCAPE)
            pause = p.top
            assert isinstance(pause, PauseScene)
            scores_button = next(b for b in pause.buttons if b.label == "Scores")
            took = _timed(lambda: p.click(scores_button.rect.center))
            scores = p.top
            assert isinstance(scores, ScoresScene)
            assert took < FIRST_FRAME, f"Scores' first frame took {took * 1000} ms"
            took = _timed(lambda: p.press(pygame.K_4))
            assert scores.tab == "progress"
            assert took < FIRST_FRAME, f"Progress's first frame took {took * 1000} ms"
            assert scores.busy == "Working out your rating…"  # said, drawn on the page
            assert not opening.done(dirs)
            p.step(5)  # nothing worked out meanwhile from part of the history
            assert scores.progress is None and scores.busy is not None

            release.set()
            assert p.until(lambda: scores.progress is not None and not scores.progress.busy, 120)
            view = scores.progress
            shown = dict(view.lines)
            assert shown["Your rating"].startswith(view.points[-1].rating.words())
            assert view.rated == games, "every game rated, none left out"
            assert scores.game_count == games
    finally:
        release.set()


@pytest.mark.parametrize("tab", ["stats", "progress"])
def test_statistics_and_progress_over_a_long_history_draw_at_once_and_fill_in(
    tmp_path, monkeypatch, histories, tab
):
    histories(20_000, tmp_path)
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        assert p.until(lambda: opening.done(p.app.dirs), 60)
        p.app.open("scores")
        p.step()
        scores = p.top
        monkeypatch.setenv(opening.WAIT_VARIABLE, "0")  # what a player's window waits
        took = _timed(lambda: (scores.set_tab(tab), p.step()))
        assert took < FIRST_FRAME, f"the first frame took {took * 1000} ms"
        if tab == "stats":
            assert p.until(lambda: scores._stats is not None, 60)
            assert scores.stats.games == 20_000 and scores.reset_button.enabled
        else:
            assert p.until(lambda: not scores.progress.busy, 60)
            assert scores.progress.rated == 20_000
