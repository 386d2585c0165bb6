"""Screens open each other by name, and every screen says whether it moves."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest

import swoop_desktop.ui.scenes as scenes_package
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.screens import ROUTES, make_screen
from tests.storage.helpers import finished_match


def _screen_classes() -> list[type[Scene]]:
    for info in pkgutil.iter_modules(scenes_package.__path__):
        importlib.import_module(f"{scenes_package.__name__}.{info.name}")
    found: list[type[Scene]] = []
    todo = list(Scene.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return [c for c in found if c.__module__.startswith("swoop_desktop.ui.scenes")]


@pytest.mark.parametrize("cls", _screen_classes(), ids=lambda c: c.__name__)
def test_every_screen_says_whether_it_moves(cls):
    # Scene's own answer is "always moving": a still screen that forgot to say it is still
    # would keep the loop drawing every frame (a core busy on a page nobody touches).
    said = next(k for k in cls.__mro__ if "animating" in vars(k))
    assert said is not Scene, f"{cls.__name__} does not say whether it moves (animating)"


Arguments = tuple[tuple[Any, ...], dict[str, Any]]
#: What a screen needs besides the app, for the screens that need something: the
#: running table under a panel, a finished game to review, a question to ask. A new
#: screen that needs more than the app gets its line here (the walk below names it).
ARGUMENTS: dict[str, Callable[[Pilot], Arguments]] = {
    "pause": lambda p: ((p.app.table,), {}),
    "hand_over": lambda p: ((p.app.table,), {}),
    "game_over": lambda p: ((p.app.table,), {}),
    "review": lambda p: _review_arguments(),
    "confirm": lambda p: (("Sure?", "Nothing happens.", "Yes", "No"), {}),
}


def _review_arguments() -> Arguments:
    match = finished_match(7)
    return (match.rules, match.n, match.seed, match.actions), {"hand": 0, "worlds": 4}


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_every_route_opens_its_screen_by_name(tmp_path, name):
    # Walks the app's routes (ui/screens.py), so a new screen is opened here the day it
    # gets its route: each one is built by name, shown on top, drawn, and answers to it.
    with Pilot(data_dir=tmp_path, seed=3, start="table") as pilot:
        app = pilot.app
        pilot.step()
        args, options = ARGUMENTS.get(name, lambda p: ((), {}))(pilot)
        screen = app.open(name, *args, **options)
        pilot.step(2)
        assert app.stack.top is screen, f"the screen {name!r} did not stay on top"
        assert screen.name == name == ROUTES[name]().name


def test_a_screen_name_that_does_not_exist_is_said_in_plain_words(tmp_path):
    with Pilot(data_dir=tmp_path, seed=3, start="title") as pilot:
        with pytest.raises(ValueError, match="there is no screen called 'scorez'"):
            make_screen(pilot.app, "scorez")
