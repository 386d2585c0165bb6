"""What Scores, the statistics and Progress show of each game, worked out once.

Each stored game has a row in ``game_summaries`` beside it (storage.db): the rule set,
your points, Swoops and final total, the margin, the key its review is kept under, and
two facts a replay of its plays gives (the most Swoops you made in one hand, your
pick-ups). The screens read these narrow rows (and, for the games on screen, the games
themselves) instead of reading and decoding every game of a long history.

The summary is written in the same change as its game. A game brought in from an older
Swoop gets its summary the first time the history is opened (reading its body once);
its two replayed facts come from the older Swoop's ``records.json`` where it kept them,
else they are worked out in a worker process (progress.records.work_out_facts) while
Scores is open. A value out of range in a row (a damaged or edited database) is never
shown: the row is worked out again from its game.
"""

from __future__ import annotations

import math
import re
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from swoop_desktop.choices import HUMAN_SEAT, MAX_PLAYERS, MIN_PLAYERS
from swoop_desktop.engine import PRESETS, EngineError
from swoop_desktop.engine.events import Dealt, PickedUp, Swooped
from swoop_desktop.storage import db
from swoop_desktop.storage.jsonfile import (
    DocKind,
    DocumentError,
    Notes,
    drop,
    int_list,
    load_document,
)
from swoop_desktop.storage.paths import Dirs

from .game_record import MOST, GameRecord
from .stored_reviews import plays_digest

RESULTS = ("win", "tie", "loss", "abandoned")
_DATE = re.compile(r"\d{4}-\d\d-\d\d")


@dataclass(frozen=True)
class GameFacts:
    """What a replay of one game says for the records (your seat's view)."""

    hand_swoops: int  # the most Swoops seat 0 made in one hand
    pickups: int  # times seat 0 took the pile


#: The facts of a game whose plays do not replay: never known, never looked for again.
NO_FACTS = GameFacts(-1, -1)


def tally(
    events: Iterable[object], players: int, seat: int = HUMAN_SEAT
) -> tuple[list[int], GameFacts]:
    """From one replay's events: the Swoops each seat made, and ``seat``'s facts."""
    swoops = [0] * players
    best = here = pickups = 0
    for event in events:
        if isinstance(event, Dealt):
            here = 0
        elif isinstance(event, Swooped):
            swoops[event.player] += 1
            if event.player == seat:
                here += 1
                best = max(best, here)
        elif isinstance(event, PickedUp) and event.player == seat:
            pickups += 1
    return swoops, GameFacts(best, pickups)


def game_facts(record: GameRecord, seat: int = HUMAN_SEAT) -> GameFacts | None:
    """Replay ``record`` and count; None when its plays cannot be replayed."""
    try:
        events = record.new_match().replay(record.deals())
    except (EngineError, DocumentError, ValueError):
        return None
    return tally(events, record.players, seat)[1]


@dataclass(frozen=True)
class GameSummary:
    """One game as the statistics and the records count it (your seat, seat 0).

    ``seq`` is the game's number in the database (0 for a game not stored yet, which then
    comes with its ``record``)."""

    seq: int
    id: str
    date: str
    preset: str
    changed: bool  # rule options off the preset
    counted: bool
    abandoned: bool
    outcome: str  # "win", "tie", "loss" or "abandoned"
    hands: int
    points: int  # your points over every hand
    swoops: int
    total: int | None  # your final total
    margin: float | None  # the others' mean total minus yours (more is better)
    plays: str  # the key the game's review is kept under (without the worlds)
    turns: int  # plays made by everyone (the most pick-ups there could be)
    hand_swoops: int | None = None  # None: not worked out yet
    pickups: int | None = None
    record: GameRecord | None = None
    players: int = 4  # the table's size (as the game's row says: games.players)

    def result(self, seat: int = HUMAN_SEAT) -> str:
        return self.outcome

    @property
    def facts(self) -> GameFacts | None:
        """The replayed facts; None while not worked out, or when they cannot be."""
        if self.hand_swoops is None or self.pickups is None or self.hand_swoops < 0:
            return None
        return GameFacts(self.hand_swoops, self.pickups)

    @property
    def waiting(self) -> bool:
        """Its facts are still to be worked out (by replaying the game)."""
        return self.hand_swoops is None or self.pickups is None


# -- which games count ---------------------------------------------------------------
# The one rule every view that counts games follows (the statistics, the chart of your
# totals, the records, the rating): a game counts when it is counted (not a practice
# game, not played before a statistics reset, and everything stored of it says so:
# progress.stored_games.record_from_row) and finished; an abandoned one too, as a
# loss, only where the player chose to count abandoned games (``abandoned``). A view
# that needs a final total or a margin (the chart, the records) asks for finished games
# (``abandoned`` False): an abandoned game has neither. The exports list every game,
# with its marks.


def counts(game: GameSummary | GameRecord, abandoned: bool = False) -> bool:
    """Whether ``game`` counts (see the rule above); a practice game never does."""
    if not game.counted or getattr(game, "practice", False):
        return False
    return abandoned or not game.abandoned


def counts_sql(abandoned: bool = False, table: str = "s") -> str:
    """The same rule as a condition on ``game_summaries`` rows (named ``table``): a
    practice game's row is never counted (:func:`summarize`)."""
    rule = f"{table}.counted = 1"
    return rule if abandoned else f"{rule} AND {table}.abandoned = 0"


def summarize(
    record: GameRecord, seq: int = 0, facts: GameFacts | None = None, keep: bool = False
) -> GameSummary:
    """``record`` summed up (``keep``: with the record itself, for a game not stored)."""
    seat = HUMAN_SEAT
    totals = record.totals
    total = totals[seat] if seat < len(totals) else None
    others = [t for i, t in enumerate(totals) if i != seat]
    margin = sum(others) / len(others) - totals[seat] if total is not None and others else None
    return GameSummary(
        seq=seq,
        id=record.id,
        date=record.date,
        preset=record.preset,
        changed=bool(record.options),
        counted=record.counted and not record.practice,
        abandoned=record.abandoned,
        outcome=record.result(seat),
        hands=len(record.sheet),
        points=sum(row[seat] for row in record.sheet if seat < len(row)),
        swoops=record.swoops[seat] if seat < len(record.swoops) else 0,
        total=total,
        margin=None if record.abandoned else margin,
        plays=plays_digest(record.rules, record.players, record.seed, record.actions),
        turns=sum(_plays(text) for text in record.actions),
        hand_swoops=None if facts is None else facts.hand_swoops,
        pickups=None if facts is None else facts.pickups,
        record=record if keep else None,
        players=record.players,
    )


def as_summary(game: GameSummary | GameRecord) -> GameSummary:
    """A summary as it is, a record summed up (with the record kept)."""
    return game if isinstance(game, GameSummary) else summarize(game, keep=True)


# -- rows ---------------------------------------------------------------------------
_COLUMNS = (
    "id, date, counted, abandoned, result, preset, changed, hands, points, swoops, total, "
    "margin, plays, turns, hand_swoops, pickups"
)


def insert(con: sqlite3.Connection, seq: int, summary: GameSummary) -> None:
    """Keep ``summary`` as game ``seq``'s row (replacing one there)."""
    con.execute(
        f"INSERT OR REPLACE INTO game_summaries (seq, {_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            seq,
            summary.id,
            summary.date,
            int(summary.counted),
            int(summary.abandoned),
            summary.outcome,
            summary.preset,
            int(summary.changed),
            summary.hands,
            summary.points,
            summary.swoops,
            summary.total,
            summary.margin,
            summary.plays,
            summary.turns,
            summary.hand_swoops,
            summary.pickups,
        ),
    )


def set_facts(con: sqlite3.Connection, seq: int, facts: GameFacts) -> None:
    con.execute(
        "UPDATE game_summaries SET hand_swoops = ?, pickups = ? WHERE seq = ?",
        (facts.hand_swoops, facts.pickups, seq),
    )


#: Every summary's row, as :func:`from_row` reads it (add a WHERE or ORDER BY), with the
#: table's size from the game's own row (a narrow column: the wide body is not read).
SELECT = (
    f"SELECT seq, {_COLUMNS}, (SELECT g.players FROM games g WHERE g.seq = "
    "game_summaries.seq) FROM game_summaries"
)


def _count(value: Any, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MOST:
        raise ValueError(f"a count of {str(value)[:20]}")
    return value


def _believable(value: Any) -> int | None:
    return None if value is None or value == -1 else _count(value)


def from_row(row: Sequence[Any]) -> GameSummary:
    """The summary a row holds; ValueError when a value is out of range (never shown)."""
    seq, game, when, counted, abandoned, result, preset, changed, hands, points = row[:10]
    swoops, total, margin, plays, turns, hand_swoops, pickups = row[10:17]
    players = row[17] if len(row) > 17 else 4
    if not (isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise ValueError("a table size no game has")
    if result not in RESULTS or counted not in (0, 1) or abandoned not in (0, 1):
        raise ValueError("a result out of range")
    if not (isinstance(preset, str) and isinstance(plays, str) and isinstance(when, str)):
        raise ValueError("a text that is not text")
    if preset not in PRESETS or not _DATE.match(when):
        raise ValueError("a rule set or a date no game has")
    if changed not in (0, 1) or (result == "abandoned") != bool(abandoned):
        raise ValueError("flags that disagree")
    if total is not None:
        _count(total, -MOST)
    if margin is not None and (
        not isinstance(margin, (int, float)) or not math.isfinite(margin) or abs(margin) > MOST
    ):
        raise ValueError("a margin out of range")
    made = _count(swoops)
    best = _believable(hand_swoops)
    if best is not None and (best > made or (made and not best)):
        raise ValueError(f"{best} Swoops in a hand of a game with {made}")
    took = _believable(pickups)
    made_plays = _count(turns)
    if took is not None and took > made_plays:
        raise ValueError(f"{took} pick-ups in a game of {made_plays} plays")
    if (best is None) != (took is None):
        raise ValueError("facts half known")
    if hand_swoops == -1 and pickups == -1:
        best = took = -1
    return GameSummary(
        seq=int(seq),
        id=str(game),
        date=when,
        preset=preset,
        changed=bool(changed),
        counted=bool(counted),
        abandoned=bool(abandoned),
        outcome=result,
        hands=_count(hands),
        points=_count(points, -MOST),
        swoops=made,
        total=total,
        margin=None if margin is None else float(margin),
        plays=plays,
        turns=made_plays,
        hand_swoops=best,
        pickups=took,
        players=players,
    )


def summed_with(dirs: Dirs, digests: Sequence[str]) -> list[int]:
    """The numbers of the stored games whose review key (:func:`~.reviews.plays_digest`)
    is among ``digests``. Raises what the database does."""
    out: list[int] = []
    for start in range(0, len(digests), 500):
        part = list(digests[start : start + 500])
        marks = ",".join("?" * len(part))
        with db.connection(dirs) as con:
            out += [
                int(row[0])
                for row in con.execute(
                    f"SELECT seq FROM game_summaries WHERE plays IN ({marks})", part
                )
            ]
    return out


# -- a body changed from outside ------------------------------------------------------
# Swoop never changes a stored game's body, nor raises a counted mark (a statistics reset
# lowers the row's and the summary's together). When something else does (a tool on the
# file, a forged practice mark), what was worked out from it follows: the game's summary
# goes, to be summed up again from the body by the one reading every view follows (the
# record's own check: a practice mark that is no true or false makes a game that does not
# read, in every view), and the rating is worked out again from that game on
# (progress.rating keeps its place in meta's ``rating.upto``); the game is noted in meta
# (``changed.<seq>``), for the next opening to settle and tell once
# (progress.stored_games.settle). Triggers in the database see to it whoever edits.
CHANGED = "changed."
FOLLOW_BODIES = {
    "summary_follows_body": """
        CREATE TRIGGER IF NOT EXISTS summary_follows_body AFTER UPDATE OF body ON games
        BEGIN
            DELETE FROM game_summaries WHERE seq = NEW.seq;
        END""",
    "rating_follows_body": """
        CREATE TRIGGER IF NOT EXISTS rating_follows_body AFTER UPDATE OF body ON games
        BEGIN
            DELETE FROM rating_points WHERE seq >= NEW.seq;
            UPDATE meta SET value = CAST(NEW.seq - 1 AS TEXT)
                WHERE key = 'rating.upto' AND CAST(value AS INTEGER) >= NEW.seq;
        END""",
    "body_change_noted": f"""
        CREATE TRIGGER IF NOT EXISTS body_change_noted AFTER UPDATE OF body ON games
        BEGIN
            INSERT OR REPLACE INTO meta (key, value) VALUES ('{CHANGED}' || NEW.seq, 'body');
        END""",
    "counted_raise_noted": f"""
        CREATE TRIGGER IF NOT EXISTS counted_raise_noted AFTER UPDATE OF counted ON games
        WHEN NEW.counted = 1 AND OLD.counted IS NOT 1
        BEGIN
            INSERT OR REPLACE INTO meta (key, value) VALUES ('{CHANGED}' || NEW.seq, 'counted');
        END""",
}
#: The stored games whose summary counts them while their body says otherwise: a body
#: that is not JSON, a practice mark that is no true or false, or a practice game's mark
#: (or a counted mark of false) on a game its summary counts (an edit made while the
#: triggers were not there).
_DISAGREE = """
    SELECT s.seq FROM game_summaries s JOIN games g ON g.seq = s.seq
    WHERE CASE WHEN json_valid(g.body) THEN
        coalesce(json_type(g.body, '$.practice') NOT IN ('true', 'false'), 0)
        OR (json_type(g.body, '$.practice') = 'true' AND s.counted = 1)
        OR (json_type(g.body, '$.counted') = 'false' AND s.counted = 1)
    ELSE 1 END"""


def bodies_followed(con: sqlite3.Connection) -> bool:
    """Whether the database keeps what is worked out from a body in step with it."""
    marks = ",".join("?" * len(FOLLOW_BODIES))
    found = con.execute(
        f"SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ({marks})",
        list(FOLLOW_BODIES),
    ).fetchone()[0]
    return bool(found == len(FOLLOW_BODIES))


def follow_bodies(con: sqlite3.Connection, changed: Iterable[int] = ()) -> int:
    """Inside a change, where the triggers are not there (a database of an earlier Swoop,
    or one they were dropped from): put them in place, then touch each game whose body
    disagrees with its summary on whether it counts, and each of ``changed`` (games whose
    body is not the one stored, found by the caller), as an edit would, so that its
    summary and the rating follow it and it is noted. How many games were touched."""
    for statement in FOLLOW_BODIES.values():
        con.execute(statement)
    try:
        found = {int(row[0]) for row in con.execute(_DISAGREE)}
    except sqlite3.OperationalError:  # an SQLite without its JSON functions: none found
        found = set()
    touched = sorted(found | set(changed))
    for start in range(0, len(touched), 500):
        part = touched[start : start + 500]
        marks = ",".join("?" * len(part))
        con.execute(f"UPDATE games SET body = body WHERE seq IN ({marks})", part)
    return len(touched)


def missing(con: sqlite3.Connection) -> list[tuple[int, Any, str, Any]]:
    """(seq, counted, body, checked) of every stored game without a summary (the counts
    first: a summary never outlives its game, so equal counts mean none is missing)."""
    games, summed = con.execute(
        "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM game_summaries)"
    ).fetchone()
    if games == summed:
        return []
    return con.execute(
        "SELECT seq, counted, body, checked FROM games "
        "WHERE seq NOT IN (SELECT seq FROM game_summaries) ORDER BY seq"
    ).fetchall()


def fill(
    con: sqlite3.Connection,
    rows: Iterable[tuple[int, Any, str, Any]],
    read: Callable[[str, Any, Any], GameRecord],
    facts: dict[str, GameFacts] | None = None,
) -> int:
    """Inside a change: sum up the games of ``rows`` (with ``facts`` by game id where
    known); a game whose body does not read is left without one. How many were summed."""
    done = 0
    for seq, counted, body, checked in rows:
        try:
            record = read(body, checked, counted)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
            continue
        insert(con, seq, summarize(record, seq, believed(facts or {}, record)))
        done += 1
    return done


# -- an older Swoop's records.json (the facts it worked out, by game id) -----------------
def _facts_from_json(data: dict[str, Any], notes: Notes = None) -> dict[str, GameFacts]:
    games = data.get("games")
    if not isinstance(games, dict):
        raise DocumentError("games should be an object")
    out: dict[str, GameFacts] = {}
    for key, value in games.items():
        try:
            if not isinstance(key, str) or len(key) > 64:
                raise DocumentError(f"games: a game id {key[:20]!r}... is too long")
            pair = int_list(value, f"games[{key}]", 2)
            if any(not 0 <= v <= MOST for v in pair):
                raise DocumentError(f"games[{key}] should hold counts of 0-{MOST}")
        except DocumentError as exc:
            drop(notes, str(exc))
            continue
        out[key] = GameFacts(pair[0], pair[1])
    return out


RECORDS_KIND: DocKind[dict[str, GameFacts]] = DocKind(
    format="swoop-records",
    version=1,
    label="records",
    validate=_facts_from_json,
    indent=None,
    cap=16 << 20,
)


def records_file(dirs: Dirs) -> Path:
    """Where an older Swoop kept the facts it had worked out (brought in, then moved)."""
    return dirs.data / "records.json"


def older_facts(dirs: Dirs) -> tuple[dict[str, GameFacts], list[Path]]:
    """The facts of an older Swoop's ``records.json`` by game id (nothing when it does not
    read: they are worked out again), and the files to move away once they are in."""
    path = records_file(dirs)
    if not path.exists():
        return {}, []
    loaded = load_document(path, RECORDS_KIND, set())
    files = [p for p in (path, path.with_name(path.name + ".bak")) if p.exists()]
    return dict(loaded.value or {}), files


def _plays(text: str) -> int:
    """How many plays a deal's text holds (one a word): counted by its single spaces, as
    the codec writes it, by splitting when the text is spaced otherwise."""
    if not text or "  " in text or text[0] == " " or text[-1] == " ":
        return len(text.split())
    return text.count(" ") + 1


def unsupported(fact: GameFacts, record: GameRecord, seat: int = HUMAN_SEAT) -> str | None:
    """Why ``fact`` cannot be true of ``record`` (the game's own counts say otherwise), in
    plain words; None when it can. Checked without replaying the game."""
    made = record.swoops[seat] if seat < len(record.swoops) else 0
    when = record.date[:10]
    if fact.hand_swoops > made:
        return f"{fact.hand_swoops:,} Swoops in a hand of the game of {when}, which had {made}"
    if made and not fact.hand_swoops:
        return f"no Swoop in the game of {when}, which had {made}"
    plays = sum(_plays(text) for text in record.actions)
    if fact.pickups > plays:
        return f"{fact.pickups:,} pick-ups in the game of {when}, which had {plays} plays"
    return None


def believed(facts: dict[str, GameFacts], record: GameRecord) -> GameFacts | None:
    """``record``'s facts from ``facts`` when the game's own counts allow them."""
    fact = facts.get(record.id)
    return fact if fact is not None and unsupported(fact, record) is None else None
