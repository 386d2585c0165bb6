"""Statistics derived from the game history (never stored on their own, so never lost).

Counted from the human's seat: games, wins, ties (lowest total shared, R16),
losses, win rate, current and best winning streaks, average points per hand,
Swoops made, and the same per rule preset.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swoop_desktop.choices import HUMAN_SEAT

from .history import GameRecord


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

    @property
    def win_rate(self) -> float:
        """Wins per game, 0.0-1.0 (0.0 with no games)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def average_points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0


def _count(records: list[GameRecord], seat: int) -> Stats:
    wins = ties = losses = hands = points = swoops = 0
    streak = best = 0
    for r in records:
        result = r.result(seat)
        if result == "win":
            wins += 1
            streak += 1
            best = max(best, streak)
        else:
            streak = 0
            if result == "tie":
                ties += 1
            else:
                losses += 1
        hands += len(r.sheet)
        points += sum(row[seat] for row in r.sheet)
        swoops += r.swoops[seat] if seat < len(r.swoops) else 0
    return Stats(
        games=len(records),
        wins=wins,
        ties=ties,
        losses=losses,
        current_streak=streak,
        best_streak=best,
        hands=hands,
        points=points,
        swoops=swoops,
    )


def compute_stats(
    records: list[GameRecord], seat: int = HUMAN_SEAT, abandoned: bool = False
) -> Stats:
    """Statistics of the counted records (oldest first), overall and per rule preset.

    Abandoned games count only with ``abandoned=True`` (the player's choice), as losses.
    """
    counted = [r for r in records if r.counted and (abandoned or not r.abandoned)]
    overall = _count(counted, seat)
    presets = sorted({r.preset for r in counted})
    by = {p: _count([r for r in counted if r.preset == p], seat) for p in presets}
    return Stats(**{**overall.__dict__, "by_preset": by})
