"""The player's progress: the history of finished games, the rating and the level
ladder, statistics, records, the score book, daily deals, puzzles and stored reviews.

What these mean lives here; keeping their bytes safe (the database, documents, files,
locks, the data folder) is :mod:`swoop_desktop.storage`'s, which this package stands on.
"""

from .game_record import GameRecord
from .history import (
    UI_WAIT,
    load_history,
    record_finished_game,
    record_pending,
    reset_stats,
    retire_game,
    take_history_notes,
)
from .stats import Stats, compute_stats

__all__ = [
    "UI_WAIT",
    "GameRecord",
    "Stats",
    "compute_stats",
    "load_history",
    "record_finished_game",
    "record_pending",
    "reset_stats",
    "retire_game",
    "take_history_notes",
]
