"""Every screen by name: the one module that knows them all.

A screen opens another by name through the App (``app.open("scores")``,
``app.open("review", rules, players, seed, actions, hand=…)``), never by importing
it, so no screen imports another (an import-linter contract in ``pyproject.toml``
holds them to it). The App builds them from :data:`ROUTES`; a new screen is one
module under ``ui/scenes/`` and one line here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .scene import AppAPI, Scene
from .scenes.confirm import ConfirmOverlay
from .scenes.daily import DailyScene
from .scenes.howto import HowToScene
from .scenes.overlays import GameOverScene, HandOverScene, PauseScene
from .scenes.puzzles import PuzzleScene
from .scenes.replay import start_replay
from .scenes.review import ReviewScene
from .scenes.scores import ScoresScene
from .scenes.settings import SettingsScene
from .scenes.table import TableScene
from .scenes.title import TitleScene

#: Name -> what builds that screen from the App and the screen's own arguments.
ROUTES: dict[str, Callable[..., Scene]] = {
    "title": TitleScene,
    "table": TableScene,
    "pause": PauseScene,
    "hand_over": HandOverScene,
    "game_over": GameOverScene,
    "settings": SettingsScene,
    "scores": ScoresScene,
    "howto": HowToScene,
    "review": ReviewScene,
    "puzzles": PuzzleScene,
    "daily": DailyScene,
    "confirm": ConfirmOverlay,
}


def make_screen(app: AppAPI, name: str, *args: Any, **options: Any) -> Scene:
    """The screen called ``name``, built for ``app`` (not yet shown)."""
    try:
        build = ROUTES[name]
    except KeyError:
        known = ", ".join(sorted(ROUTES))
        raise ValueError(f"there is no screen called {name!r} (the screens: {known})") from None
    return build(app, *args, **options)


__all__ = ["ROUTES", "TableScene", "make_screen", "start_replay"]
