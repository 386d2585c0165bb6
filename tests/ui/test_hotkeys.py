"""No two controls on one screen answer to the same key.

Every screen the app knows is opened through the pilot (each route of ``ui/screens.py``,
the title with a saved game so that Continue shows, a replay and the lesson), and the keys
its buttons and controls declare are gathered from what the screen holds, whatever part of
it holds them: a key declared twice presses two things at once, and only the first is done.
The title's buttons are declared in one list (``title.TITLE_BUTTONS``), whatever shows now.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pygame
import pytest

from swoop_desktop.engine import Match, Rules
from swoop_desktop.storage import save_game
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.screens import ROUTES
from tests.ui.test_screens import ARGUMENTS

#: What is walked for controls: the game's own UI objects and the containers they hold.
_CONTAINERS = (list, tuple, set, frozenset)


def declared_keys(screen: Scene) -> list[tuple[int, str]]:
    """(key, label) of every control the screen holds that declares a key: every object of
    the UI reachable from the screen (its parts, their lists and tables), never another
    screen (a panel's table below, the title's game behind it) nor the App."""
    found: list[tuple[int, str]] = []
    seen: set[int] = set()
    todo: list[Any] = [screen]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or obj is screen.app:
            continue
        seen.add(id(obj))
        if isinstance(obj, dict):
            todo.extend(obj.values())
            continue
        if isinstance(obj, _CONTAINERS):
            todo.extend(obj)
            continue
        if not type(obj).__module__.startswith("swoop_desktop.ui"):
            continue
        if isinstance(obj, Scene) and obj is not screen:
            continue
        key = getattr(obj, "key", None)
        if isinstance(key, int) and not isinstance(key, bool) and hasattr(obj, "label"):
            found.append((key, str(obj.label)))
        todo.extend(_fields(obj))
    return found


def _fields(obj: Any) -> list[Any]:
    values = list(getattr(obj, "__dict__", {}).values())
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                values.append(getattr(obj, name))
    return values


def shared_keys(screen: Scene) -> dict[str, list[str]]:
    """Each key two or more controls of the screen declare, with their labels."""
    keys = declared_keys(screen)
    counts = Counter(key for key, _label in keys)
    return {
        pygame.key.name(key) or str(key): sorted(label for k, label in keys if k == key)
        for key, n in counts.items()
        if n > 1
    }


def _saved_game(pilot: Pilot) -> None:
    match = Match(Rules.from_preset("app"), players=4, seed=3)
    match.start_hand()
    match.apply(match.legal_actions()[0])
    save_game(pilot.app.dirs, match, [])


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_no_two_controls_of_a_screen_share_a_key(tmp_path, name):
    with Pilot(data_dir=tmp_path, seed=3, start="table") as pilot:
        pilot.step()
        _saved_game(pilot)  # the title shows Continue too
        args, options = ARGUMENTS.get(name, lambda p: ((), {}))(pilot)
        screen = pilot.app.open(name, *args, **options)
        pilot.step(3)
        assert pilot.app.stack.top is screen
        if name == "title":
            assert "continue" in screen.buttons and declared_keys(screen)
        assert shared_keys(screen) == {}, name


def test_no_two_controls_of_a_replay_or_the_lesson_share_a_key(tmp_path):
    from swoop_desktop.progress import load_history, record_finished_game
    from swoop_desktop.ui.screens import start_replay
    from tests.storage.helpers import finished_match

    with Pilot(data_dir=tmp_path, seed=3, start="title") as pilot:
        record_finished_game(pilot.app.dirs, finished_match(22), [{"name": "You"}])
        replay = start_replay(pilot.app, load_history(pilot.app.dirs)[0][0], "fast")
        pilot.step(3)
        assert shared_keys(replay) == {}
        pilot.app.to_title()
        from swoop_desktop.ui.scenes.lesson import start_lesson

        lesson = start_lesson(pilot.app, lambda value: None)
        pilot.step(3)
        assert shared_keys(lesson) == {}


def test_the_titles_declared_buttons_each_have_a_key_of_their_own():
    from swoop_desktop.ui.scenes.title import TITLE_BUTTONS

    keys = Counter(b.hotkey for b in TITLE_BUTTONS)
    assert [pygame.key.name(k) for k, n in keys.items() if n > 1] == []
    assert len({b.key for b in TITLE_BUTTONS}) == len(TITLE_BUTTONS)


def test_a_new_title_button_on_continues_key_is_caught(tmp_path, monkeypatch):
    from swoop_desktop.ui.scenes import title

    credits = dataclasses.replace(
        title.TITLE_BUTTONS[-1], key="credits", label="Credits", hotkey=pygame.K_c
    )
    monkeypatch.setattr(title, "TITLE_BUTTONS", (*title.TITLE_BUTTONS, credits))
    with Pilot(data_dir=tmp_path, seed=3, start="table") as pilot:
        pilot.step()
        _saved_game(pilot)
        screen = pilot.app.open("title")
        pilot.step(2)
        assert shared_keys(screen) == {"c": ["Continue", "Credits"]}
