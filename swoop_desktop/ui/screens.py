"""Every screen by name: the one module that knows them all.

A screen opens another by name through the App (``app.open("scores")``,
``app.open("review", rules, players, seed, actions, hand=…)``), never by importing
it, so no screen imports another (an import-linter contract in ``pyproject.toml``
holds them to it). The App builds them from :data:`ROUTES`; a new screen is one
module under ``ui/scenes/`` and one loader here.

Each loader imports its screen's module the first time that screen opens, so the
game's first frame waits only for the screens it shows (the title and the table
behind it), not for Scores, the review or the daily deal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from swoop_desktop.progress.game_record import GameRecord

from .scene import AppAPI, Scene
from .scenes.table import TableScene

Builder = Callable[..., Scene]


def _title() -> Builder:
    from .scenes.title import TitleScene

    return TitleScene


def _table() -> Builder:
    return TableScene


def _pause() -> Builder:
    from .scenes.overlays import PauseScene

    return PauseScene


def _hand_over() -> Builder:
    from .scenes.overlays import HandOverScene

    return HandOverScene


def _game_over() -> Builder:
    from .scenes.overlays import GameOverScene

    return GameOverScene


def _settings() -> Builder:
    from .scenes.settings import SettingsScene

    return SettingsScene


def _scores() -> Builder:
    from .scenes.scores import ScoresScene

    return ScoresScene


def _howto() -> Builder:
    from .scenes.howto import HowToScene

    return HowToScene


def _review() -> Builder:
    from .scenes.review import ReviewScene

    return ReviewScene


def _puzzles() -> Builder:
    from .scenes.puzzles import PuzzleScene

    return PuzzleScene


def _daily() -> Builder:
    from .scenes.daily import DailyScene

    return DailyScene


def _confirm() -> Builder:
    from .scenes.confirm import ConfirmOverlay

    return ConfirmOverlay


def _export() -> Builder:
    from .scenes.export import ExportOverlay

    return ExportOverlay


#: Name -> the loader of what builds that screen from the App and its own arguments.
ROUTES: dict[str, Callable[[], Builder]] = {
    "title": _title,
    "table": _table,
    "pause": _pause,
    "hand_over": _hand_over,
    "game_over": _game_over,
    "settings": _settings,
    "scores": _scores,
    "howto": _howto,
    "review": _review,
    "puzzles": _puzzles,
    "daily": _daily,
    "confirm": _confirm,
    "export": _export,
}


def make_screen(app: AppAPI, name: str, *args: Any, **options: Any) -> Scene:
    """The screen called ``name``, built for ``app`` (not yet shown)."""
    try:
        load = ROUTES[name]
    except KeyError:
        known = ", ".join(sorted(ROUTES))
        raise ValueError(f"there is no screen called {name!r} (the screens: {known})") from None
    return load()(app, *args, **options)


def start_replay(app: AppAPI, record: GameRecord, speed: str = "normal") -> Scene:
    """Watch a recorded game again (the replay's table; its module loads when first used)."""
    from .scenes.replay import start_replay as start

    return start(app, record, speed)


__all__ = ["ROUTES", "TableScene", "make_screen", "start_replay"]
