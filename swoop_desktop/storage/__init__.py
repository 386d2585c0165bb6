"""Storage: settings, the game in progress, the history of finished games, statistics.

Every file is versioned JSON written atomically with a ``.bak`` of the previous
version; damaged files are moved aside (never deleted) and the player is told
in plain words. No pickle anywhere.
"""

from .history import (
    UI_WAIT,
    GameRecord,
    load_history,
    record_finished_game,
    record_pending,
    reset_stats,
    retire_game,
    take_history_notes,
)
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
from .stats import Stats, compute_stats

__all__ = [
    "UI_WAIT",
    "AI_PACES",
    "ANIMATION_SPEEDS",
    "Dirs",
    "DocumentError",
    "GameRecord",
    "Known",
    "LEVELS",
    "Notices",
    "SavedGame",
    "Settings",
    "Stats",
    "claim_data_folder",
    "clear_game",
    "compute_stats",
    "has_saved_game",
    "load_game",
    "load_history",
    "load_settings",
    "open_dirs",
    "record_finished_game",
    "record_pending",
    "release_data_folder",
    "reset_stats",
    "resolve_dirs",
    "retire_game",
    "save_game",
    "save_settings",
    "take_history_notes",
]
