"""Statistics derived from the game history (never stored on their own, so never lost).

Counted from the games' summaries (:mod:`.summaries`, one narrow row a game) from the
human's seat: games, wins, ties (lowest total shared, R16),
losses, win rate, current and best winning streaks, average points per hand,
Swoops made, and the same per rule preset and per table size (a win at a table of
three is not a win at a table of eight: each size keeps its own rate and streaks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .game_record import GameRecord
from .summaries import GameSummary, as_summary, counts


@dataclass(frozen=True)
class Stats:
    games: int = 0
    wins: int = 0
    ties: int = 0
    losses: int = 0
    current_streak: int = 0  # wins in a row up to the latest game
    best_streak: int = 0
    hands: int = 0
    points: int = 0  # points taken in all counted hands
    swoops: int = 0
    by_preset: dict[str, Stats] = field(default_factory=dict)
    by_players: dict[int, Stats] = field(default_factory=dict)  # per table size

    @property
    def win_rate(self) -> float:
        """Wins per game, 0.0-1.0 (0.0 with no games)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def average_points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0


def _count(games: list[GameSummary]) -> Stats:
    wins = ties = losses = hands = points = swoops = 0
    streak = best = 0
    for g in games:
        if g.outcome == "win":
            wins += 1
            streak += 1
            best = max(best, streak)
        else:
            streak = 0
            if g.outcome == "tie":
                ties += 1
            else:
                losses += 1
        hands += g.hands
        points += g.points
        swoops += g.swoops
    return Stats(
        games=len(games),
        wins=wins,
        ties=ties,
        losses=losses,
        current_streak=streak,
        best_streak=best,
        hands=hands,
        points=points,
        swoops=swoops,
    )


def compute_stats(games: Sequence[GameSummary | GameRecord], abandoned: bool = False) -> Stats:
    """Statistics of the counted games (oldest first; summaries, or records), overall and
    per rule preset, from your seat.

    The games are those :func:`~.summaries.counts` counts (never a practice game);
    abandoned games count only with ``abandoned=True`` (the player's choice), as losses.
    """
    counted = [g for g in map(as_summary, games) if counts(g, abandoned)]
    overall = _count(counted)
    presets = sorted({g.preset for g in counted})
    by = {p: _count([g for g in counted if g.preset == p]) for p in presets}
    sizes = sorted({g.players for g in counted})
    tables = {n: _count([g for g in counted if g.players == n]) for n in sizes}
    return Stats(**{**overall.__dict__, "by_preset": by, "by_players": tables})
