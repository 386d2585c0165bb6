"""Your rating and records while another Swoop window (or another program) holds the
progress file: every screen that reads them works or says the file is busy, never shows a
figure worked out from the games waiting beside the database alone, and shows the
history's own once the file is free."""

from __future__ import annotations

import subprocess
import sys

import pygame
import pytest

from swoop_desktop.progress import opening, record_finished_game
from swoop_desktop.progress.pending_games import keep_pending
from swoop_desktop.progress.rating import rating_history
from swoop_desktop.progress.stored_games import record_from_match
from swoop_desktop.storage import db, resolve_dirs
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.scores import ScoresScene
from tests.storage.helpers import finished_match

SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": lv}
    for n, lv in (("Lefty", "hard"), ("Topper", "normal"), ("Righty", "easy"))
]

HOLD_THE_LOCK = (
    "import filelock, sys, time\n"
    "lock = filelock.FileLock(sys.argv[1]); lock.acquire()\n"
    "print('holding', flush=True); time.sleep(120)\n"
)


@pytest.fixture
def held(tmp_path, monkeypatch):
    """A history of six games and a seventh waiting beside the database, whose lock file
    another Swoop process holds while the test runs (``held.release()`` lets it go)."""
    dirs = resolve_dirs(tmp_path)
    for seed in range(2, 8):
        record_finished_game(dirs, finished_match(seed), SEATS)
    assert keep_pending(dirs, record_from_match(finished_match(9), SEATS)) is None
    monkeypatch.setattr(db, "BUSY_WAIT", 0.5)  # the opening's wait for the lock, shorter here
    monkeypatch.setattr(opening, "AGAIN", 0.2, raising=False)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_LOCK, str(db.db_file(dirs)) + ".lock"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"

    class Held:
        folder = tmp_path

        @staticmethod
        def release() -> None:
            holder.kill()
            holder.wait()

    try:
        yield Held
    finally:
        Held.release()


def test_the_title_says_the_rating_cannot_be_shown_and_shows_the_historys_once_free(held):
    with Pilot(data_dir=held.folder, seed=1, start="title") as p:
        title = p.top
        assert title.rating == (
            "Your rating cannot be shown now: another Swoop window kept your progress file busy"
        )
        assert title.your_rating() is None  # no table chosen by a rating from part of it
        held.release()
        assert p.until(lambda: title.rating.startswith("Your rating: "), 30.0), title.rating
        points, _ = rating_history(resolve_dirs(held.folder))
        assert len(points) == 7  # the six stored games and the one that waited
        assert title.rating.startswith(f"Your rating: {points[-1].rating.words()}")


def test_progress_on_scores_says_the_file_is_busy_instead_of_failing(held):
    with Pilot(data_dir=held.folder, seed=1, start="title") as p:
        p.press(pygame.K_r)
        scores = p.top
        assert isinstance(scores, ScoresScene)
        p.press(pygame.K_4)
        p.step(2)
        assert scores.tab == "progress" and p.top is scores
        view = scores.progress
        assert view is not None and view.points == []
        assert {value for _label, value in view.lines} == {"cannot be read now"}
        busy = [m for m in scores.messages if "cannot be shown now" in m]
        assert busy and "another Swoop window kept your progress file busy" in busy[0]
