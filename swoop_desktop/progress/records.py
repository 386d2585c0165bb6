"""Your records: best margin, most Swoops in a hand, longest daily streak, clean wins.

The records come from the games' summaries (:mod:`.summaries`) and the daily deals:

- **best margin**: the most points by which your final total was below the mean
  of the others' (the games that count, :func:`~.summaries.counts`: finished, never
  a practice game);
- **most Swoops in a hand**: the most piles you swooped in one hand;
- **longest daily streak**: the most days in a row you played the daily deal
  (and the most in a row you beat the hard opponent's score in your seat);
- **won without a pick-up**: games you won without once taking the pile.

The two that need a game's plays (Swoops per hand, pick-ups) are worked out by
replaying each game once: at once for a game just played, and for games brought in
from an older Swoop (which had not kept them) by :func:`work_out_facts` in a worker
process while Scores is open, a batch at a time; until then the records say how many
games are still being counted.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from swoop_desktop.storage import db, file_check

from .daily_results import DailyEntry, streaks
from .game_record import GameRecord
from .stored_games import record_from_row
from .summaries import (
    NO_FACTS,
    GameFacts,
    GameSummary,
    as_summary,
    counts,
    game_facts,
    set_facts,
)


@dataclass(frozen=True)
class Records:
    best_margin: float | None = None  # points below the others' mean (higher is better)
    best_margin_date: str = ""
    hand_swoops: int = 0
    hand_swoops_date: str = ""
    daily_streak: int = 0
    daily_beaten_streak: int = 0
    clean_wins: int = 0  # games won without a pick-up


def compute_records(
    games: Sequence[GameSummary | GameRecord],
    daily: Sequence[DailyEntry] = (),
    today: date | None = None,
) -> Records:
    """The records of the counted, finished games in ``games`` (summaries, or records) and
    the daily deals. A game whose facts are not worked out yet counts for the margin only.
    """
    best_margin: float | None = None
    best_margin_date = ""
    swoops = 0
    swoops_date = ""
    clean = 0
    for game in games:
        g = as_summary(game)
        if not counts(g) or g.margin is None:
            continue
        if best_margin is None or g.margin > best_margin:
            best_margin, best_margin_date = g.margin, g.date
        fact = g.facts
        if fact is None:
            continue
        if fact.hand_swoops > swoops:
            swoops, swoops_date = fact.hand_swoops, g.date
        if g.outcome == "win" and fact.pickups == 0:
            clean += 1
    s = streaks(daily, today or date.today())
    return Records(
        best_margin, best_margin_date, swoops, swoops_date, s.best_played, s.best_beaten, clean
    )


def uncounted(games: Sequence[GameSummary]) -> int:
    """How many of the counted, finished ``games`` still wait for their facts."""
    return sum(1 for g in games if counts(g) and g.waiting)


#: Games replayed for their facts in one batch of :func:`work_out_facts` (about 13 ms
#: each on a slow machine: a few seconds of a worker's time, then the records are shown).
BATCH = 400


def work_out_facts(database: str, most: int = BATCH) -> int:
    """Replay up to ``most`` stored games whose facts are not known yet (newest first) and
    keep them; how many still wait. For a worker process: it opens the database itself
    (``database`` is its path) and writes in one short change. Raises sqlite3.Error."""
    path = Path(database)
    with contextlib.closing(sqlite3.connect(path, timeout=db.BUSY_WAIT)) as con:
        con.execute(f"PRAGMA busy_timeout = {int(db.BUSY_WAIT * 1000)}")
        con.text_factory = file_check.text_of
        rows = con.execute(
            "SELECT g.seq, g.counted, g.body, g.checked FROM games g JOIN game_summaries s "
            "ON s.seq = g.seq WHERE s.hand_swoops IS NULL OR s.pickups IS NULL "
            "ORDER BY g.seq DESC LIMIT ?",
            (max(1, most),),
        ).fetchall()
        found: list[tuple[int, GameFacts]] = []
        unreadable: list[int] = []
        for seq, counted, body, checked in rows:
            try:
                fact = game_facts(record_from_row(body, checked, counted))
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
                fact = None
            if fact is None:
                unreadable.append(int(seq))  # plays that do not replay: counted as none
            else:
                found.append((int(seq), fact))
        with con:
            for seq, fact in found:
                set_facts(con, seq, fact)
            for seq in unreadable:
                set_facts(con, seq, NO_FACTS)
        left = con.execute(
            "SELECT COUNT(*) FROM game_summaries WHERE hand_swoops IS NULL OR pickups IS NULL"
        ).fetchone()[0]
    return int(left)
