"""What Scores, the statistics and Progress show, asked of the database as it is shown.

A :class:`Scorebook` is opened when Scores opens. It counts the games, and answers each
question the screens ask by a query over the games' summaries (:mod:`.summaries`): a
page of the list of past games, the statistics (sums by rule set, the streaks by a
window over the results), the records (the best of a column), the chart of your final
totals. Nothing reads every game's plays; a long history costs a few milliseconds.

Before answering, the summaries are checked in one query for values out of range (a
damaged or edited database): such a game is summed up again from its own record, so
the sums never count a value no game could have. The games waiting to be stored (beside
the database, or only in memory; usually none) are counted with the stored ones: then
the statistics and records are counted in Python over every summary, as
:func:`~.stats.compute_stats` and :func:`~.records.compute_records` define them (the
queries are checked against those in the tests).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import date
from typing import Any

from swoop_desktop.engine import PRESETS
from swoop_desktop.storage import db

from . import summaries
from .daily_results import DailyEntry, streaks
from .game_record import MOST, GameRecord
from .history import bring_in, games_by_seq, load_summaries, summed_up
from .pending_games import waiting_games
from .records import Records, compute_records, uncounted
from .stats import Stats, compute_stats
from .summaries import GameSummary, counts, counts_sql

_FROM = "FROM game_summaries s"

#: A summary's values in range (progress.summaries.from_row checks the same in Python).
VALID = f"""(
    typeof(s.date) = 'text' AND s.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
    AND s.preset IN ({", ".join(f"'{p}'" for p in PRESETS)}) AND typeof(s.plays) = 'text'
    AND s.result IN ('win', 'tie', 'loss', 'abandoned') AND s.counted IN (0, 1)
    AND s.abandoned IN (0, 1) AND (s.result = 'abandoned') = (s.abandoned = 1)
    AND s.changed IN (0, 1)
    AND typeof(s.hands) = 'integer' AND s.hands BETWEEN 0 AND {MOST}
    AND typeof(s.points) = 'integer' AND s.points BETWEEN -{MOST} AND {MOST}
    AND typeof(s.swoops) = 'integer' AND s.swoops BETWEEN 0 AND {MOST}
    AND (s.total IS NULL OR (typeof(s.total) = 'integer' AND s.total BETWEEN -{MOST} AND {MOST}))
    AND (s.margin IS NULL OR (typeof(s.margin) IN ('real', 'integer')
         AND s.margin BETWEEN -{MOST} AND {MOST}))
    AND ((s.hand_swoops IS NULL AND s.pickups IS NULL)
         OR (s.hand_swoops = -1 AND s.pickups = -1)
         OR (typeof(s.hand_swoops) = 'integer' AND typeof(s.pickups) = 'integer'
             AND s.hand_swoops BETWEEN 0 AND s.swoops AND (s.swoops = 0 OR s.hand_swoops > 0)
             AND s.pickups BETWEEN 0 AND s.turns))
    AND typeof(s.turns) = 'integer' AND s.turns BETWEEN 0 AND {MOST}
)"""


class Scorebook:
    """The finished games as Scores shows them; see the module's notes. ``messages`` say
    what opening met (damage, games that do not read). Never raises: a database that
    cannot be used gives the games :func:`~.history.load_summaries` can show."""

    def __init__(self, dirs: Any) -> None:
        self.dirs = dirs
        self.messages: list[str] = []
        self.stored = 0  # games answered by query
        self.waiting: list[GameSummary] = []  # newest last; with their records
        self.everything: list[GameSummary] | None = None  # when counted in Python
        self._con: sqlite3.Connection | None = None
        if not dirs.usable:
            self.everything = []
            return
        try:
            self.messages += bring_in(dirs)
            self.messages += summed_up(dirs, _invalid(dirs))
            con = self._con = db.reader(dirs)
            self.stored = con.execute(f"SELECT COUNT(*) {_FROM}").fetchone()[0]
            self.waiting = _waiting(dirs, con)
        except db.FAILURES:
            self.close()
            self.everything, self.messages = load_summaries(dirs)
            return
        if self.waiting:  # counted with the stored ones, in Python (rare)
            self.everything, more = load_summaries(dirs)
            self.messages += [m for m in more if m not in self.messages]

    def close(self) -> None:
        """Let the database go (asked again, the answers are empty)."""
        if self._con is not None:
            self._con.close()
            self._con = None

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """The rows of a query; none when the database cannot answer (told at opening)."""
        if self._con is None:
            return []
        try:
            return self._con.execute(sql, list(args)).fetchall()
        except db.FAILURES:
            return []

    def __len__(self) -> int:
        if self.everything is not None:
            return len(self.everything)
        return self.stored + len(self.waiting)

    # -- the list --------------------------------------------------------------------
    def newest(self, start: int, count: int) -> list[GameSummary]:
        """Games ``start`` to ``start + count`` of the list, newest first."""
        start, count = max(0, start), max(0, count)
        if self.everything is not None:
            return list(reversed(self.everything))[start : start + count]
        return self._query(f"{summaries.SELECT} ORDER BY seq DESC LIMIT ? OFFSET ?", (count, start))

    def records_of(self, games: Sequence[GameSummary]) -> list[GameRecord | None]:
        """The games themselves, for those on screen (None where a record does not read)."""
        found = games_by_seq(self.dirs, [g.seq for g in games if g.record is None])
        return [g.record if g.record is not None else found.get(g.seq) for g in games]

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[GameSummary]:
        out = []
        for row in self._rows(sql, args):
            try:
                out.append(summaries.from_row(row))
            except (ValueError, TypeError):
                continue  # changed since it was checked: left out of this page
        return out

    # -- the statistics, the records and the charts ----------------------------------
    def stats(self, abandoned: bool) -> Stats:
        if self.everything is not None:
            return compute_stats(self.everything, abandoned)
        if self._con is None:
            return Stats()
        try:
            return _stats(self._con, abandoned)
        except db.FAILURES:
            return Stats()

    def records(self, daily: Sequence[DailyEntry], today: date) -> tuple[Records, int]:
        """Your records, and how many counted games still wait to be replayed for them."""
        if self.everything is not None:
            games = self.everything
            return compute_records(games, daily, today), uncounted(games)
        try:
            if self._con is None:
                raise sqlite3.OperationalError("closed")
            found, waiting = _records(self._con)
        except db.FAILURES:
            return compute_records([], daily, today), 0
        s = streaks(daily, today)
        margin, margin_date, most, most_date, clean = found
        return Records(
            margin, margin_date, most, most_date, s.best_played, s.best_beaten, clean
        ), waiting

    def totals(self, last: int = 400) -> tuple[list[tuple[int, str]], int]:
        """Your final total and result in each of the ``last`` games that count (finished:
        :func:`~.summaries.counts`), oldest first, and how many there are."""
        if self.everything is not None:
            games = self.everything
            every = [(g.total, g.outcome) for g in games if counts(g) and g.total is not None]
            return every[-last:], len(every)
        finished = f"{_FROM} WHERE {counts_sql()} AND s.total IS NOT NULL"
        rows = self._rows(
            f"SELECT s.total, s.result {finished} ORDER BY s.seq DESC LIMIT ?", (last,)
        )
        count = self._rows(f"SELECT COUNT(*) {finished}")
        return [(int(t), str(r)) for t, r in reversed(rows)], int(count[0][0]) if count else 0

    def reviewed(self, digests: Sequence[str]) -> list[str]:
        """Of ``digests`` (games' review keys), those of games listed here, oldest first."""
        if not digests:
            return []
        if self.everything is not None:
            wanted = set(digests)
            return [g.plays for g in self.everything if g.plays in wanted]
        marks = ",".join("?" * len(digests))
        rows = self._rows(
            f"SELECT s.plays {_FROM} WHERE s.plays IN ({marks}) ORDER BY s.seq", digests
        )
        return [str(row[0]) for row in rows]


def look_over(dirs: Any) -> list[str]:
    """Look every summary over once (one out of range is summed up again), as Scores' first
    opening in the process would: the opening does it beside the first frames, so Scores
    then opens at once (a check of 100,000 summaries takes a few hundred milliseconds).
    Messages for the player (Scores says them again). Raises what the database does."""
    return summed_up(dirs, _invalid(dirs))


def _invalid(dirs: Any) -> list[int]:
    """The games whose summary holds a value out of range (summed up again). Each row is
    looked at once a process: a summary is checked as it is written, and a damaged
    page is found when the database is first opened."""
    upto = dirs.state.cache.get("summaries-checked", 0)
    with db.connection(dirs) as con:
        bad = [
            row[0]
            for row in con.execute(f"SELECT s.seq {_FROM} WHERE s.seq > ? AND NOT {VALID}", (upto,))
        ]
        top = con.execute("SELECT COALESCE(MAX(seq), 0) FROM game_summaries").fetchone()[0]
    dirs.state.cache["summaries-checked"] = top
    return bad


def _waiting(dirs: Any, con: sqlite3.Connection) -> list[GameSummary]:
    records = waiting_games(dirs)
    if not records:
        return []
    marks = ",".join("?" * len(records))
    there = {
        row[0]
        for row in con.execute(
            f"SELECT id FROM games WHERE id IN ({marks})", [r.id for r in records]
        )
    }
    return [
        summaries.summarize(r, facts=summaries.game_facts(r), keep=True)
        for r in records
        if r.id not in there
    ]


def _stats(con: sqlite3.Connection, abandoned: bool) -> Stats:
    counted = counts_sql(abandoned)
    sums = con.execute(
        f"SELECT s.preset, COUNT(*), SUM(s.result = 'win'), SUM(s.result = 'tie'), "
        f"SUM(s.hands), SUM(s.points), SUM(s.swoops) {_FROM} WHERE {counted} GROUP BY s.preset"
    ).fetchall()
    if not sums:
        return Stats()
    # The streaks follow the games' order: one narrow column of results a rule set.
    runs = {None: _streaks(con, counted, ())}
    for row in sums:
        runs[row[0]] = (
            runs[None]
            if len(sums) == 1
            else _streaks(con, counted + " AND s.preset = ?", (row[0],))
        )
    by: dict[str, Stats] = {}
    for preset, games, wins, ties, hands, points, swoops in sums:
        streak, best = runs.get(preset, (0, 0))
        by[str(preset)] = Stats(
            games, wins, ties, games - wins - ties, streak, best, hands, points, swoops
        )
    games, wins, ties, hands, points, swoops = (
        sum(getattr(s, k) for s in by.values()) for k in _SUMMED
    )
    streak, best = runs.get(None, (0, 0))
    return Stats(
        games,
        wins,
        ties,
        games - wins - ties,
        streak,
        best,
        hands,
        points,
        swoops,
        by_preset=by,
        by_players=_by_table_size(con, counted),
    )


#: The summaries with their game's table size (a narrow column of the game's row).
_WITH_SIZE = "FROM game_summaries s JOIN games g ON g.seq = s.seq"


def _by_table_size(con: sqlite3.Connection, counted: str) -> dict[int, Stats]:
    """The counted games' figures at each table size, each size with its own streaks (a
    table size no game has, written from outside, leaves its game out of these only)."""
    sized = f"{counted} AND typeof(g.players) = 'integer' AND g.players BETWEEN 3 AND 8"
    sums = con.execute(
        f"SELECT g.players, COUNT(*), SUM(s.result = 'win'), SUM(s.result = 'tie'), "
        f"SUM(s.hands), SUM(s.points), SUM(s.swoops) {_WITH_SIZE} WHERE {sized} "
        "GROUP BY g.players"
    ).fetchall()
    by: dict[int, Stats] = {}
    for players, games, wins, ties, hands, points, swoops in sums:
        streak, best = _streaks(con, sized + " AND g.players = ?", (players,), _WITH_SIZE)
        by[int(players)] = Stats(
            games, wins, ties, games - wins - ties, streak, best, hands, points, swoops
        )
    return by


_SUMMED = ("games", "wins", "ties", "hands", "points", "swoops")


def _streaks(
    con: sqlite3.Connection, where: str, args: Sequence[Any], tables: str = _FROM
) -> tuple[int, int]:
    """(wins in a row up to the latest game, the most wins in a row) of the games
    ``where`` picks, in their order."""
    marks = "".join(
        "w" if won else "-"
        for (won,) in con.execute(
            f"SELECT s.result = 'win' {tables} WHERE {where} ORDER BY s.seq", list(args)
        )
    )
    return len(marks) - len(marks.rstrip("w")), max(map(len, marks.split("-")))


def _records(con: sqlite3.Connection) -> tuple[tuple[Any, ...], int]:
    """(best margin, its date, most Swoops in a hand, its date, clean wins) and how many
    games wait to be replayed for them; of the counted, finished games."""
    finished = counts_sql()
    margin = con.execute(
        f"SELECT s.margin, s.date {_FROM} WHERE {finished} AND s.margin IS NOT NULL "
        "ORDER BY s.margin DESC, s.seq LIMIT 1"
    ).fetchone()
    swoops = con.execute(
        f"SELECT s.hand_swoops, s.date {_FROM} WHERE {finished} AND s.margin IS NOT NULL "
        "AND s.hand_swoops > 0 AND s.pickups >= 0 ORDER BY s.hand_swoops DESC, s.seq LIMIT 1"
    ).fetchone()
    clean, waiting = con.execute(
        f"SELECT SUM(s.result = 'win' AND s.pickups = 0 AND s.hand_swoops >= 0 "
        "AND s.margin IS NOT NULL), "
        f"SUM(s.hand_swoops IS NULL OR s.pickups IS NULL) {_FROM} WHERE {finished}"
    ).fetchone()
    found = (
        None if margin is None else float(margin[0]),
        "" if margin is None else str(margin[1]),
        0 if swoops is None else int(swoops[0]),
        "" if swoops is None else str(swoops[1]),
        int(clean or 0),
    )
    return found, int(waiting or 0)
