"""Screens open each other by name, and every screen says whether it moves."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import swoop_desktop.ui.scenes as scenes_package
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.screens import ROUTES, make_screen


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


def test_every_screen_is_opened_by_its_name(tmp_path):
    with Pilot(data_dir=tmp_path, seed=3, start="title") as pilot:
        app = pilot.app
        for name in ("settings", "scores", "howto", "puzzles", "daily"):
            screen = app.open(name)
            pilot.step()
            assert app.stack.top is screen and screen.name == name == ROUTES[name]().name
            app.pop()
        question = app.open("confirm", "Sure?", "Nothing happens.", "Yes", "No")
        assert question.name == "confirm" and app.stack.top is question


def test_a_screen_name_that_does_not_exist_is_said_in_plain_words(tmp_path):
    with Pilot(data_dir=tmp_path, seed=3, start="title") as pilot:
        with pytest.raises(ValueError, match="there is no screen called 'scorez'"):
            make_screen(pilot.app, "scorez")
