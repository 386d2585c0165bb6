"""Your rating: Glicko-2, moved by every finished game against the opponents' levels.

The model is Glickman's Glicko-2 ("Example of the Glicko-2 system", 2012),
written out here from that document (its worked example is a test). A rating
``r`` comes with a deviation ``rd`` (how sure it is) and a volatility ``vol``.
Each finished game is one rating period in which you met each opponent once:
a lower final total than theirs is a win against them (1), the same total a
draw (0.5), a higher one a loss (0). The opponents are their levels, each
with the rating measured by ``benchmarks/level_ratings.py`` from referee
matches between the levels (:data:`LEVEL_RATINGS`); see ``docs/progress.md``.

The rating after each game that moved it is kept in the progress database
(``rating_points``, beside the games): each game's point is worked out once,
in the games' order, and they start again from the first game when the basis
changes (a statistics reset, the level ratings of a newer version, counting
abandoned games or not). A point out of range (a damaged row) starts them
again too, so nothing is lost with them. An older Swoop's ``rating.json`` is
not read: the rating is worked out again from the games it brought in.
"""

from __future__ import annotations

import math
import os
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.i18n import _
from swoop_desktop.storage import db
from swoop_desktop.storage.db import db_file
from swoop_desktop.storage.paths import Dirs

from .game_record import GameRecord
from .history import bring_in, load_history
from .pending_games import waiting_games
from .stored_games import stored_after
from .summaries import counts

SCALE = 173.7178  # Glicko-2: rating points per unit of the internal scale
START_RATING = 1500.0
START_RD = 350.0
START_VOL = 0.06
TAU = 0.5  # how much the volatility may change (Glickman suggests 0.3-1.2)
EPSILON = 0.000001  # convergence of the volatility iteration
MIN_RD = 30.0  # a floor, so that a long record still moves with new games
#: What a stored rating point may hold: wider than any player reaches, narrow enough that
#: Glicko-2 stays finite (a volatility of 0, or a rating of 10,000 with no deviation, breaks
#: every later update). A point outside is refused and the rating worked out again.
RATING_RANGE = (0.0, 4000.0)
RD_RANGE = (MIN_RD - 0.01, START_RD + 1.0)
VOL_RANGE = (0.001, 1.0)
RATING_WAIT = 0.3  # the most the title waits for another window writing the rating

#: Each level's rating and deviation, measured from referee matches between the
#: levels (``benchmarks/level_ratings.py``; the commands and their output are in
#: ``benchmarks/RESULTS-archive.md``, "Sharp at 32 worlds, and the whole ladder rated
#: again"; today's figures in ``benchmarks/RESULTS.md``), normal anchored at 1500,
#: weakest first, all from one fit of the runs kept in ``benchmarks/level_runs/``: easy to
#: normal from 120 match seeds at each of nine tables of four; sharp (32 worlds) and hard
#: (72) from 96 and 156 match seeds of whole games against normal and each other; expert
#: is hard's rating plus its step over hard from 208 whole games of one expert against
#: three hard bots (35.3% won against a fair 25%). Each deviation is a quarter of the 95%
#: interval found by resampling whole match seeds (the fit's own treats the pair results
#: of one match as independent and is too small).
LEVEL_RATINGS: dict[str, tuple[float, float]] = {
    "easy": (999.0, 8.0),
    "casual": (1122.0, 8.0),
    "steady": (1248.0, 7.0),
    "keen": (1388.0, 5.0),
    "normal": (1500.0, 5.0),
    "sharp": (1609.0, 14.0),
    "hard": (1719.0, 10.0),
    "expert": (1805.0, 29.0),
}
#: Changes whenever LEVEL_RATINGS do: stored ratings are then worked out again.
LEVELS_VERSION = 6


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    rd: float = START_RD
    vol: float = START_VOL

    def words(self) -> str:
        """ "1523 ± 80" (twice the deviation: about 95% sure)."""
        return f"{self.rating:.0f} ± {2 * self.rd:.0f}"


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expect(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(you: float, them: float, their_rd: float = 0.0) -> float:
    """The chance (0-1) a player rated ``you`` does better than one rated ``them``."""
    return _expect((you - START_RATING) / SCALE, (them - START_RATING) / SCALE, their_rd / SCALE)


def update(
    current: Rating,
    results: Sequence[tuple[float, float, float]],
    tau: float = TAU,
    min_rd: float = 0.0,
    weight: float = 1.0,
) -> Rating:
    """Glicko-2 step 2-8 for one rating period: ``results`` are (opponent rating,
    opponent deviation, score 0/0.5/1), each counted ``weight`` times (a game at a table
    of other than four: :func:`table_weight`). With no results only the deviation grows."""
    mu = (current.rating - START_RATING) / SCALE
    phi = current.rd / SCALE
    sigma = current.vol
    if not results:
        phi_new = math.sqrt(phi * phi + sigma * sigma)
        return Rating(current.rating, max(min_rd, phi_new * SCALE), sigma)
    terms = []
    for r_j, rd_j, score in results:
        mu_j, phi_j = (r_j - START_RATING) / SCALE, rd_j / SCALE
        terms.append((_g(phi_j), _expect(mu, mu_j, phi_j), score))
    information = weight * sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    if information < 1e-12:  # the results say nothing new (every chance 0 or 1 to the bit)
        phi_new = math.sqrt(phi * phi + sigma * sigma)
        return _kept_in_range(Rating(current.rating, max(min_rd, phi_new * SCALE), sigma))
    v = 1.0 / information
    delta = v * weight * sum(g * (s - e) for g, e, s in terms)
    # Step 5: the new volatility (the Illinois algorithm of the document).
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _unused in range(100):
        if abs(big_b - big_a) <= EPSILON:
            break
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    sigma_new = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * weight * sum(g * (s - e) for g, e, s in terms)
    return _kept_in_range(
        Rating(START_RATING + SCALE * mu_new, max(min_rd, SCALE * phi_new), sigma_new)
    )


def _kept_in_range(r: Rating) -> Rating:
    """A rating the model can always take the next step from: within the ranges a stored
    point may hold (thousands of games one way can push Glicko-2 to where a chance is 0
    or 1 to the last bit, and the next step divides by zero)."""

    def within(value: float, low: float, high: float) -> float:
        return min(high, max(low, value)) if math.isfinite(value) else (low + high) / 2

    return Rating(
        within(r.rating, *RATING_RANGE), within(r.rd, *RD_RANGE), within(r.vol, *VOL_RANGE)
    )


# -- from games ---------------------------------------------------------------------
def game_results(record: GameRecord, seat: int = HUMAN_SEAT) -> list[tuple[float, float, float]]:
    """What a finished game says for the rating: one (rating, deviation, score) per opponent
    whose level has a measured rating. An abandoned game is a loss to each of them."""
    out = []
    mine = record.totals[seat]
    for other, desc in enumerate(record.seats):
        if other == seat or other >= len(record.totals):
            continue
        level = desc.get("level")
        if not isinstance(level, str) or level not in LEVEL_RATINGS:
            continue
        r_j, rd_j = LEVEL_RATINGS[level]
        theirs = record.totals[other]
        if record.abandoned:
            score = 0.0
        else:
            score = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        out.append((r_j, rd_j, score))
    return out


#: The opponents of the table the levels were measured at (four seats).
MEASURED_OPPONENTS = 3


def table_weight(record: GameRecord) -> float:
    """How much each of a game's results counts: a game is one game's evidence at any
    table size, so at a table of ``n`` each of its ``n - 1`` results counts ``3 / (n - 1)``
    (1 at four seats; at six, each of the five counts 0.6; at three, each of two 1.5)."""
    opponents = max(1, len(record.seats) - 1)
    return MEASURED_OPPONENTS / opponents


def rated(record: GameRecord, abandoned: bool = False) -> bool:
    """Whether a game moves the rating: one that counts, as in the statistics
    (:func:`~.summaries.counts`: never a practice game; an abandoned one only when the
    player counts abandoned games), with a human in seat 0."""
    if not counts(record, abandoned):
        return False
    if not record.seats or record.seats[HUMAN_SEAT].get("level", "human") != "human":
        return False
    return bool(game_results(record))


@dataclass(frozen=True)
class RatingPoint:
    game: str  # the game's id in the history
    date: str
    rating: Rating


def fold(
    records: Sequence[GameRecord],
    abandoned: bool = False,
    start: Sequence[RatingPoint] = (),
) -> list[RatingPoint]:
    """The rating after each rated game of ``records`` (oldest first), continuing ``start``
    (points already worked out for the first rated games)."""
    points = list(start)
    current = points[-1].rating if points else Rating()
    for record in [r for r in records if rated(r, abandoned)][len(points) :]:
        current = update(current, game_results(record), min_rd=MIN_RD, weight=table_weight(record))
        points.append(RatingPoint(record.id, record.date, current))
    return points


# -- kept in the progress database -------------------------------------------------
# ``rating_points`` holds the rating after each rated game, one row per game (by the
# game's number in the database); ``meta`` says what they were worked out with
# (``rating.basis``: the level ratings' version and whether abandoned games count) and
# up to which game (``rating.upto``). A new game adds its row; a statistics reset, new
# level ratings or the abandoned setting changed start them again from the first game.
_BASIS = "rating.basis"
_UPTO = "rating.upto"


def rating_file(dirs: Dirs) -> Path:
    """Where an older Swoop kept the rating (moved with its history when brought in)."""
    return dirs.data / "rating.json"


def _basis(abandoned: bool) -> str:
    return f"levels={LEVELS_VERSION};abandoned={int(abandoned)}"


def _in_range(rating: float, rd: float, vol: float) -> Rating:
    for value, (low, high), name in (
        (rating, RATING_RANGE, "rating"),
        (rd, RD_RANGE, "deviation"),
        (vol, VOL_RANGE, "volatility"),
    ):
        if not (isinstance(value, float) and low <= value <= high):
            raise ValueError(f"a stored {name} is out of range ({value!r})")
    return Rating(rating, rd, vol)


def _up_to_date(con: sqlite3.Connection, abandoned: bool) -> bool:
    top = con.execute("SELECT coalesce(max(seq), 0) FROM games").fetchone()[0]
    meta = dict(con.execute("SELECT key, value FROM meta WHERE key IN (?, ?)", (_BASIS, _UPTO)))
    return meta.get(_BASIS) == _basis(abandoned) and meta.get(_UPTO) == str(top)


def _catch_up(con: sqlite3.Connection, abandoned: bool) -> None:
    """Inside a change: add a point for every rated game stored since the last one (all of
    them when the basis changed, or when a stored point is out of range)."""
    meta = dict(con.execute("SELECT key, value FROM meta WHERE key IN (?, ?)", (_BASIS, _UPTO)))
    upto = 0
    current = Rating()
    if meta.get(_BASIS) == _basis(abandoned):
        try:
            upto = int(meta.get(_UPTO, "0"))
            row = con.execute(
                "SELECT rating, rd, vol FROM rating_points ORDER BY seq DESC LIMIT 1"
            ).fetchone()
            current = _in_range(*row) if row else Rating()
        except (ValueError, TypeError):
            upto, current = 0, Rating()
    if upto == 0:
        con.execute("DELETE FROM rating_points")
    top = upto
    for seq, record in stored_after(con, upto):
        top = seq
        if not rated(record, abandoned):
            continue
        try:
            current = update(
                current, game_results(record), min_rd=MIN_RD, weight=table_weight(record)
            )
            point = _in_range(current.rating, current.rd, current.vol)
        except (ValueError, ZeroDivisionError, OverflowError):
            if upto == 0:
                raise
            con.execute("DELETE FROM meta WHERE key = ?", (_BASIS,))
            return _catch_up(con, abandoned)  # once more, from the first game
        con.execute(
            "INSERT OR REPLACE INTO rating_points (seq, game_id, date, rating, rd, vol) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (seq, record.id, record.date, point.rating, point.rd, point.vol),
        )
    top = max(top, con.execute("SELECT coalesce(max(seq), 0) FROM games").fetchone()[0])
    con.executemany(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
        [(_BASIS, _basis(abandoned)), (_UPTO, str(top))],
    )
    return None


def _stored_points(
    dirs: Dirs, abandoned: bool, last_only: bool, most: int = 0
) -> tuple[list[RatingPoint], int]:
    """The stored points, brought up to date first, and how many there are; with
    ``most``, at most that many of them: every so many games, and the last (raises when
    the database cannot be used: the caller works the rating out from the games
    instead)."""
    with db.connection(dirs) as con:
        fresh = _up_to_date(con, abandoned)
    if not fresh:
        with db.change(dirs, RATING_WAIT) as con:
            if not _up_to_date(con, abandoned):  # another window may have done it
                _catch_up(con, abandoned)
    with db.connection(dirs) as con:
        if most > 0 and not last_only:
            return _thinned(con, most)
        query = "SELECT game_id, date, rating, rd, vol FROM rating_points ORDER BY seq"
        if last_only:
            query += " DESC LIMIT 1"
        rows = con.execute(query).fetchall()
        count = (
            con.execute("SELECT COUNT(*) FROM rating_points").fetchone()[0]
            if last_only
            else len(rows)
        )
    return [RatingPoint(g, d, _in_range(r, rd, v)) for g, d, r, rd, v in rows], int(count)


def _thinned(con: sqlite3.Connection, most: int) -> tuple[list[RatingPoint], int]:
    """At most about ``most`` of the stored points (every so many, and the last), and how
    many there are: counted and chosen by SQLite, so a long history's points are never
    each handed to Python (the page reading them shares the interpreter with the frames)."""
    count = int(con.execute("SELECT COUNT(*) FROM rating_points").fetchone()[0])
    step = max(1, -(-count // most))
    rows = con.execute(
        "SELECT game_id, date, rating, rd, vol FROM (SELECT *, ROW_NUMBER() OVER "
        "(ORDER BY seq) - 1 AS n FROM rating_points) WHERE n % ? = 0 OR n = ? ORDER BY seq",
        (step, count - 1),
    ).fetchall()
    # _in_range raises ValueError for a point out of range (all are worked out again).
    points = [RatingPoint(game, when, _in_range(r, rd, v)) for game, when, r, rd, v in rows]
    return points, count


def _continued(
    points: list[RatingPoint], records: Sequence[GameRecord], abandoned: bool
) -> list[RatingPoint]:
    """``points`` followed by the points of ``records`` (games not stored yet)."""
    current = points[-1].rating if points else Rating()
    out = list(points)
    for record in records:
        if rated(record, abandoned):
            current = update(
                current, game_results(record), min_rd=MIN_RD, weight=table_weight(record)
            )
            out.append(RatingPoint(record.id, record.date, current))
    return out


def _points(
    dirs: Dirs,
    abandoned: bool,
    records: Sequence[GameRecord] | None,
    last_only: bool,
    most: int = 0,
) -> tuple[list[RatingPoint], list[str], int]:
    """(points, messages, how many games the points stand for)."""
    if not dirs.usable:
        return [], [], 0
    try:
        messages = bring_in(dirs)
        try:
            points, count = _stored_points(dirs, abandoned, last_only, most)
        except ValueError as exc:  # a damaged point: all of them worked out again, once
            with db.change(dirs, RATING_WAIT) as con:
                con.execute("DELETE FROM meta WHERE key = ?", (_BASIS,))
            points, count = _stored_points(dirs, abandoned, last_only, most)
            # Translators: {error} says what was wrong with the stored rating (in English).
            words = _(
                "Your stored rating could not be used ({error}); it was worked out again "
                "from your games."
            )
            messages.append(words.format(error=exc))
        more = _continued(points, waiting_games(dirs), abandoned)
        return more, messages, count + len(more) - len(points)
    except (*db.FAILURES, ValueError):
        pass  # worked out from the games instead (a newer Swoop's database, say)
    told: list[str] = []
    if records is None:
        records, told = load_history(dirs)
    folded = _fold(records, abandoned, [])
    return folded, told, len(folded)


def rating_history(
    dirs: Dirs, abandoned: bool = False, records: Sequence[GameRecord] | None = None
) -> tuple[list[RatingPoint], list[str]]:
    """Your rating after each rated game, oldest first, and messages for the player.

    Read from the database, where each game's point is worked out once (see the notes
    above); games not stored yet follow. ``records`` (the games, if the caller has read
    them) are used only when the database cannot be. Never raises.
    """
    points, messages, _unused = _points(dirs, abandoned, records, last_only=False)
    return points, messages


def rating_chart(
    dirs: Dirs, abandoned: bool, records: Sequence[GameRecord] | None, most: int
) -> tuple[list[RatingPoint], int, list[str]]:
    """:func:`rating_history` for a chart: at most about ``most`` points (every so many
    games, the last always among them), how many rated games they stand for, and
    messages. Never raises."""
    points, messages, count = _points(dirs, abandoned, records, last_only=False, most=most)
    if len(points) > 2 * most:  # worked out from the games: thinned here
        step = -(-len(points) // most)
        points = points[::step] + ([points[-1]] if (len(points) - 1) % step else [])
    return points, count, messages


def _fold(
    records: Sequence[GameRecord], abandoned: bool, start: Sequence[RatingPoint]
) -> list[RatingPoint]:
    """:func:`fold`, started again from the first game should the stored points lead
    anywhere the model cannot go (the reader keeps them in range: this is a second guard)."""
    try:
        return fold(records, abandoned, start)
    except (ValueError, ZeroDivisionError, OverflowError):
        if not start:
            raise
        return fold(records, abandoned, [])


def _identity(path: Path) -> tuple[int, int, int] | None:
    """What changes whenever a file is written (they are replaced whole, by rename)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def _history_identity(dirs: Dirs) -> tuple[Any, ...]:
    """The identity of everything the history is read from: the database (its main file
    and its write-ahead log), an older Swoop's file, the games waiting beside them (and
    those only in memory)."""
    try:
        waiting = sorted((p.name, _identity(p)) for p in dirs.data.glob("history.pending-*.json"))
    except OSError:
        waiting = []
    base = db_file(dirs)
    wal = base.with_name(base.name + "-wal")  # a commit writes here before the main file
    return (
        _identity(base),
        _identity(wal),
        _identity(dirs.history_file),  # an older Swoop's, not yet brought in
        tuple(waiting),
        len(dirs.state.unsaved),
    )


def title_rating(dirs: Dirs, abandoned: bool = False) -> tuple[Rating | None, list[str]]:
    """The current rating for the title's line (None before the first rated game) and
    messages for the player. Never raises.

    One row of the database (the last point; a new game's point is worked out once, when
    the title first needs it), and kept by the identity of the database's files: a
    refresh of the title with nothing changed reads nothing but their sizes and times.
    """
    if not dirs.usable:
        return None, []
    before = _history_identity(dirs)
    key = (abandoned, LEVELS_VERSION, before)
    cached = dirs.state.cache.get("title-rating")
    if cached is not None and cached[0] == key:
        return cached[1], []
    points, messages, _unused = _points(dirs, abandoned, None, last_only=True)
    now = current_rating(points) if points else None
    after = _history_identity(dirs)
    if after == before:  # nothing moved under the read: what it gave holds for these files
        key = (abandoned, LEVELS_VERSION, after)
        dirs.state.cache["title-rating"] = (key, now)
    else:
        dirs.state.cache.pop("title-rating", None)
    return now, messages


def game_change(
    dirs: Dirs, record: GameRecord, abandoned: bool = False
) -> tuple[Rating, Rating] | None:
    """Your rating before and after the finished game ``record`` (None when the game does
    not move the rating). The same whether the history has the game yet or not: the
    rating before it is the last one of the games before it. Never raises."""
    if not rated(record, abandoned):
        return None
    points, _unused = rating_history(dirs, abandoned)
    earlier = [p for p in points if p.game != record.id]
    before = earlier[-1].rating if earlier else Rating()
    return before, update(before, game_results(record), min_rd=MIN_RD, weight=table_weight(record))


def current_rating(points: Sequence[RatingPoint]) -> Rating:
    return points[-1].rating if points else Rating()


def nearest_level(rating: float) -> str:
    """The level whose measured rating is closest to ``rating``."""
    return min(LEVEL_RATINGS, key=lambda lv: abs(LEVEL_RATINGS[lv][0] - rating))


# ---------------------------------------------------------------- a table at your rating
#: A table's rating is the mean of its three opponents' levels; a player whose rating is
#: this much above it has outgrown it (about one step of the ladder of levels).
OUTGROWN = 150.0


def table_rating(levels: Sequence[str]) -> float:
    """A table's strength: the mean measured rating of its opponents' levels."""
    return sum(LEVEL_RATINGS[lv][0] for lv in levels) / len(levels)


def ladder(opponents: int = MEASURED_OPPONENTS) -> list[tuple[str, ...]]:
    """Every table of ``opponents`` from two neighbouring measured levels, weakest first:
    (at three) three easy, two easy and a casual, an easy and two casual, three casual, ...
    three hard (the mixes fill the steps between the levels; no table seats two levels
    that are not neighbours). The levels are listed as the seats go, from your left."""
    levels = sorted(LEVEL_RATINGS, key=lambda lv: LEVEL_RATINGS[lv][0])
    n = max(1, opponents)
    tables: list[tuple[str, ...]] = [(levels[0],) * n]
    for low, high in zip(levels, levels[1:], strict=False):
        tables += [(low,) * (n - k) + (high,) * k for k in range(1, n + 1)]
    return tables


def table_for(rating: float | None, opponents: int = MEASURED_OPPONENTS) -> tuple[str, ...]:
    """The levels of ``opponents`` nearest ``rating`` (the easier table on a tie). With no
    rating yet (a first game) every opponent of the level just below normal."""
    tables = ladder(opponents)
    if rating is None:
        below = [lv for lv in LEVEL_RATINGS if LEVEL_RATINGS[lv][0] < LEVEL_RATINGS["normal"][0]]
        if not below:
            return tables[0]
        return (max(below, key=lambda lv: LEVEL_RATINGS[lv][0]),) * max(1, opponents)
    return min(tables, key=lambda t: (abs(table_rating(t) - rating), table_rating(t)))


def outgrown(rating: float, levels: Sequence[str]) -> bool:
    """The player's rating is well above the table's (by :data:`OUTGROWN` or more), and a
    stronger table exists."""
    known = [lv for lv in levels if lv in LEVEL_RATINGS]
    if len(known) != len(levels) or not known:
        return False
    strongest = table_rating(ladder(len(levels))[-1])
    return rating - table_rating(known) >= OUTGROWN and table_rating(known) < strongest
