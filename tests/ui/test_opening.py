"""A long history is opened beside the first frames: the title is drawn at once, says it
is checking the progress, keeps the screens of your progress closed with a word until it
is done, then shows the rating."""

from __future__ import annotations

import threading
import time

from swoop_desktop.progress import opening, record_finished_game
from swoop_desktop.storage import resolve_dirs
from swoop_desktop.ui.pilot import Pilot

from ..storage.helpers import finished_match


def test_a_slow_opening_draws_the_title_at_once_and_shows_the_rating_when_done(
    tmp_path, monkeypatch
):
    record_finished_game(resolve_dirs(tmp_path), finished_match(1), [{"name": "You"}])
    monkeypatch.setenv("SWOOP_OPENING_WAIT", str(opening.QUICK))
    release = threading.Event()
    real = opening._work

    def slow(dirs, abandoned, state):  # a history of 100,000 games: seconds of work
        release.wait(30)
        real(dirs, abandoned, state)

    monkeypatch.setattr(opening, "_work", slow)
    started = time.perf_counter()
    with Pilot(data_dir=tmp_path, start="title") as p:
        assert time.perf_counter() - started < 5.0  # never waits for the opening
        title = p.top
        assert title.checking and title.rating.startswith("Checking your progress")
        title.open_scores()  # the screens of your progress wait, and say so
        assert p.top is title and "still being checked" in p.app.toast[0]
        release.set()
        assert p.until(lambda: not title.checking, 10.0)
        assert title.rating and not title.rating.startswith("Checking")
        title.open_scores()
        p.step()
        assert p.top is not title


def test_the_very_first_start_offers_the_lesson_even_when_its_opening_is_slow(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("SWOOP_OPENING_WAIT", "0")
    release = threading.Event()
    real = opening._work

    def slow(dirs, abandoned, state):
        release.wait(30)
        real(dirs, abandoned, state)

    monkeypatch.setattr(opening, "_work", slow)
    with Pilot(data_dir=tmp_path, start="title") as p:
        title = p.top
        assert title.offer is None  # not known yet: nothing is decided before it is
        release.set()
        assert p.until(lambda: not title.checking, 10.0)
        assert title.offer is True and title.rating.startswith("New to Swoop?")
