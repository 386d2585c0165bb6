"""Storage: keeping the player's bytes safe. The progress database (``db``), the
documents kept in it (``documents``), files written atomically (``jsonfile``), locks,
the data folder (``paths``), the settings and the game in progress.

Every file is versioned and written atomically; damaged files are moved aside (never
deleted) and the player is told in plain words. No pickle anywhere. What the stored
games mean (history, rating, records, daily deals, puzzles) is
:mod:`swoop_desktop.progress`'s, which stands on this package.
"""

from .jsonfile import DocumentError
from .notices import Notices
from .paths import Dirs, claim_data_folder, open_dirs, release_data_folder, resolve_dirs
from .savegame import SavedGame, clear_game, has_saved_game, load_game, save_game
from .settings import (
    AI_PACES,
    ANIMATION_SPEEDS,
    LEVELS,
    Known,
    Settings,
    load_settings,
    save_settings,
)

__all__ = [
    "AI_PACES",
    "ANIMATION_SPEEDS",
    "Dirs",
    "DocumentError",
    "Known",
    "LEVELS",
    "Notices",
    "SavedGame",
    "Settings",
    "claim_data_folder",
    "clear_game",
    "has_saved_game",
    "load_game",
    "load_settings",
    "open_dirs",
    "release_data_folder",
    "resolve_dirs",
    "save_game",
    "save_settings",
]
