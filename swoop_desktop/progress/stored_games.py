"""The games table of the progress database: a finished game made into its record
(:func:`record_from_match`), its row and the record read back from it (through the full
check, whatever the row says), storing games (each once, an earlier look at a game giving
way to a fuller record of it: :func:`supersedes`), the games read back (all of them, from
a file opened read-only, from a damaged file moved aside) and the numbers they are
stored under.

The games live in ``swoop.sqlite3`` (:mod:`swoop_desktop.storage.db`), one row each, as
``history.json`` held them (the body), with what Scores and the statistics ask for
beside it (the date, counted, abandoned, the result). What the screens call is
:mod:`.history`'s.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from swoop_desktop.engine import Match
from swoop_desktop.i18n import _, ngettext
from swoop_desktop.names import shown
from swoop_desktop.plural import counted as numbered
from swoop_desktop.storage import db, file_check
from swoop_desktop.storage.actioncodec import encode_hands
from swoop_desktop.storage.jsonfile import (
    Notes,
)
from swoop_desktop.storage.paths import Dirs

from . import summaries
from .game_record import GameRecord, record_from_json


def game_id(match: Match) -> str:
    """Stable id of a game: the same game recorded twice is recognised."""
    text = repr(
        (sorted(match.rules.to_json().items()), match.n, match.seed, encode_hands(match.actions))
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _replayed(match: Match) -> tuple[list[int], summaries.GameFacts]:
    """One replay of ``match`` on a copy: each seat's Swoops and your seat's facts."""
    copy = Match(match.rules, match.n, match.seed)
    return summaries.tally(copy.replay(match.actions), match.n)


#: The facts of games just made into records here (by id), from the one replay that
#: counted their Swoops: storing such a game does not replay it again. A few at most.
_JUST_PLAYED: dict[str, summaries.GameFacts] = {}
_JUST_PLAYED_MOST = 16
_JUST_PLAYED_LOCK = threading.Lock()


def record_from_match(
    match: Match,
    seats: list[dict[str, Any]],
    date: str | None = None,
    abandoned: bool = False,
    practice: bool = False,
    hints: dict[tuple[int, int], str] | None = None,
) -> GameRecord:
    """The history's record of ``match`` (a ``practice`` game is marked so and never
    counted), with the ``hints`` the player was shown."""
    swoops, facts = _replayed(match)
    record = GameRecord(
        id=game_id(match),
        date=date or datetime.now().isoformat(timespec="seconds"),
        rules=match.rules.to_json(),
        players=match.n,
        seed=match.seed,
        seats=[dict(s) for s in seats],
        totals=list(match.totals),
        winner=match.winner,
        sheet=[list(r) for r in match.sheet],
        went_out=list(match.went_out),
        swoops=swoops,
        actions=encode_hands(match.actions),
        abandoned=abandoned,
        counted=not practice,
        practice=practice,
        hints=dict(hints or {}),
    )
    with _JUST_PLAYED_LOCK:  # games are made into records on the savers' threads too
        _JUST_PLAYED.pop(record.id, None)
        _JUST_PLAYED[record.id] = facts
        while len(_JUST_PLAYED) > _JUST_PLAYED_MOST:
            del _JUST_PLAYED[next(iter(_JUST_PLAYED))]
    return record


# -- a game's row ------------------------------------------------------------------
def body_digest(body: str) -> bytes:
    """What a row's ``checked`` holds: a digest of the body as it was stored. Never trusted
    as proof that a body is sound (anyone who can change a body can write its digest too,
    so every row is read through the full check); a body that no longer matches it was
    changed since it was stored (:func:`body_changed`)."""
    return hashlib.blake2b(body.encode("utf-8", "surrogatepass"), digest_size=12).digest()


def body_changed(body: Any, checked: Any) -> bool:
    """Whether a row's body is not the one Swoop stored: its digest, kept beside it, no
    longer matches (an edit, a tool on the file, damage). A row without a digest (one an
    early version stored) says nothing."""
    return (
        isinstance(checked, bytes)
        and isinstance(body, str)
        and not hmac.compare_digest(checked, body_digest(body))
    )


def row_of(record: GameRecord, source: str) -> tuple[Any, ...]:
    body = json.dumps(record.to_json(), separators=(",", ":"))
    return (
        record.id,
        record.date,
        record.players,
        int(record.counted),
        int(record.abandoned),
        record.result(),
        body,
        source,
        body_digest(body),
    )


def record_from_row(body: str, checked: Any, counted: Any, notes: Notes = None) -> GameRecord:
    """The record a row holds, read through the full check whatever its ``checked`` column
    says (a stored digest is not trust: a body written with a digest to match is checked
    like any other). Raises ValueError, TypeError and the like for a row that does not
    read; the callers leave it out and tell of it.

    Whether the game counts is read here, once, for every view that reads a row (the
    rating, the list of past games, the exports; the summaries the statistics and the
    records count are summed up from it, :func:`settle` keeps them in step): a game counts
    only when everything stored of it says so. Its record (counted, and not a practice
    game), its row's ``counted`` mark (lowered by a statistics reset), and the record
    itself is the one Swoop stored (:func:`body_changed`). Swoop always writes them in
    step; when they disagree, something else changed the file, and the game is listed
    (as its record says, practice or not) but counted nowhere."""
    record = record_from_json(json.loads(body), "game", notes)
    agreed = counted == 1 and record.counted and not body_changed(body, checked)
    return replace(record, counted=agreed)


#: The stored games whose summary and row disagree on whether they count (a mark changed
#: from outside: Swoop sets them together), read from the narrow indexes of both tables.
_MARKS_DISAGREE = (
    "SELECT s.seq FROM game_summaries s WHERE s.counted = 1 "
    "AND s.seq NOT IN (SELECT seq FROM games WHERE counted = 1) "
    "UNION SELECT seq FROM games WHERE counted = 1 "
    "AND seq IN (SELECT seq FROM game_summaries WHERE counted = 0)"
)


def unsettled(con: sqlite3.Connection) -> list[int]:
    """The numbers of the stored games to settle (:func:`settle`), oldest first: those
    changed from outside since the last opening (noted by the database's triggers,
    ``summaries.CHANGED``; or found by their digest where the triggers were not there,
    ``summaries.follow_bodies``) and those whose row and summary disagree on whether they
    count. Read from meta and the narrow indexes (about 60 ms for 100,000 games)."""
    noted = [
        str(key)[len(summaries.CHANGED) :]
        for (key,) in con.execute(
            "SELECT key FROM meta WHERE substr(key, 1, ?) = ?",
            (len(summaries.CHANGED), summaries.CHANGED),
        )
    ]
    found = {int(n) for n in noted if n.isdigit() and len(n) < 20}
    found |= {int(row[0]) for row in con.execute(_MARKS_DISAGREE)}
    return sorted(found)


def settle(con: sqlite3.Connection) -> int:
    """Inside a change, after the games without a summary are summed up (once an opening):
    the games :func:`unsettled` finds are settled by the rule of :func:`record_from_row`:
    counted nowhere, their row's and summary's marks lowered to say so, and the rating
    worked out again from the first of them. Their digest becomes that of their body now,
    so what was decided holds, and is told once. How many of them read (the player is told
    of those; one that does not read is told as such where the history is read)."""
    ordered = unsettled(con)
    con.execute(
        "DELETE FROM meta WHERE substr(key, 1, ?) = ?",
        (len(summaries.CHANGED), summaries.CHANGED),
    )
    readable = 0
    for start in range(0, len(ordered), 500):
        part = ordered[start : start + 500]
        marks = ",".join("?" * len(part))
        rows = con.execute(f"SELECT seq, body FROM games WHERE seq IN ({marks})", part)
        for seq, body in rows.fetchall():
            try:
                record_from_json(json.loads(body), "game")
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
                continue
            readable += 1
            con.execute("UPDATE games SET checked = ? WHERE seq = ?", (body_digest(body), seq))
        con.execute(f"UPDATE games SET counted = 0 WHERE seq IN ({marks})", part)
        con.execute(f"UPDATE game_summaries SET counted = 0 WHERE seq IN ({marks})", part)
    if ordered:  # the rating follows the counted games: from the first of them on
        first = ordered[0]
        con.execute("DELETE FROM rating_points WHERE seq >= ?", (first,))
        con.execute(
            "UPDATE meta SET value = ? WHERE key = 'rating.upto' AND CAST(value AS INTEGER) >= ?",
            (str(first - 1), first),
        )
    return readable


def changed_since_stored(con: sqlite3.Connection) -> list[int]:
    """The numbers of the stored games whose body is not the one stored (by its digest):
    every body read, so only where the triggers that note a change were not there."""
    return [
        int(seq)
        for seq, body, checked in con.execute("SELECT seq, body, checked FROM games")
        if body_changed(body, checked)
    ]


def store_records(
    con: sqlite3.Connection,
    records: Sequence[GameRecord],
    source: str,
    facts: dict[str, summaries.GameFacts] | None = None,
) -> int:
    """Insert the games not stored yet (by id), each with its summary; how many were new.
    A game just played is replayed for its facts at once; a game brought in takes them
    from ``facts`` (an older Swoop's records) or has them worked out later."""
    _room_for(con, len(records))
    new = 0
    for record in records:
        cursor = con.execute(
            "INSERT OR IGNORE INTO games (id, date, players, counted, abandoned, result, body, "
            "source, checked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            row_of(record, source),
        )
        if not cursor.rowcount:
            continue
        new += 1
        seq = int(cursor.lastrowid or 0)
        known = summaries.believed(facts or {}, record)
        if known is None and source == "play":
            with _JUST_PLAYED_LOCK:
                known = summaries.believed(_JUST_PLAYED, record)
            known = known or summaries.game_facts(record)
        summaries.insert(con, seq, summaries.summarize(record, seq, known))
    return new


#: The largest number SQLite can give a game (a row's number is a signed 64-bit one).
LAST_SEQ = 2**63 - 1
#: What is kept by game number beside the games (worked out again after a renumbering):
#: the rating's place (progress.rating), the puzzles' (progress.puzzle_book) and the games
#: noted as changed from outside (summaries.CHANGED: let go, their marks stay as read).
_BY_NUMBER = "key LIKE 'rating.%' OR key = 'puzzles.gathered' OR key LIKE 'changed.%'"


def _room_for(con: sqlite3.Connection, count: int) -> None:
    """Inside a change, before ``count`` games are stored: when the games' numbers have
    run out (an edited or damaged file numbered a game at the very last one SQLite has),
    the stored games are numbered again 1, 2, 3... in the same order, with their
    summaries and rating points, so the new ones can be stored after them."""
    top = con.execute(
        "SELECT MAX(COALESCE((SELECT MAX(seq) FROM games), 0), "
        "COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'games'), 0))"
    ).fetchone()[0]
    if not isinstance(top, int) or top <= LAST_SEQ - count:
        return
    con.execute("PRAGMA defer_foreign_keys = ON")  # checked when the change commits
    low = min(0, int(con.execute("SELECT COALESCE(MIN(seq), 0) FROM games").fetchone()[0]))
    con.execute("DROP TABLE IF EXISTS temp.renumbered")
    con.execute("CREATE TEMP TABLE renumbered (old INTEGER PRIMARY KEY, new INTEGER NOT NULL)")
    con.execute(
        "INSERT INTO temp.renumbered (old, new) SELECT seq, ROW_NUMBER() OVER (ORDER BY seq) "
        "FROM games"
    )
    for table in ("game_summaries", "rating_points"):  # rows whose game is gone go too
        con.execute(f"DELETE FROM {table} WHERE seq NOT IN (SELECT old FROM temp.renumbered)")
    for table in ("games", "game_summaries", "rating_points"):
        # First below every number there is (no two rows ever share one), then in place.
        con.execute(
            f"UPDATE {table} SET seq = ? - "
            f"(SELECT new FROM temp.renumbered WHERE old = {table}.seq)",
            (low,),
        )
        con.execute(f"UPDATE {table} SET seq = ? - seq", (low,))
    con.execute(
        "UPDATE sqlite_sequence SET seq = (SELECT COUNT(*) FROM games) WHERE name = 'games'"
    )
    con.execute(f"DELETE FROM meta WHERE {_BY_NUMBER}")
    con.execute("DROP TABLE temp.renumbered")


def read_stored(dirs: Dirs) -> tuple[list[GameRecord], list[str]]:
    """Every stored game, in the order stored; a row that does not read is left out and
    told (never a crash)."""
    games: list[GameRecord] = []
    bad: list[str] = []
    with db.connection(dirs) as con:
        rows = con.execute("SELECT id, counted, body, checked FROM games ORDER BY seq").fetchall()
    notes: list[str] = []
    for game, counted, body, checked in rows:
        try:
            games.append(record_from_row(body, checked, counted, notes))
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as exc:
            bad.append(f"{shown(str(game))}: {shown(str(exc))}")
        except RecursionError:
            # Translators: {game} is the game's id; its stored record is nested too deeply.
            bad.append(_("{game}: nested too deeply").format(game=shown(str(game))))
    messages = []
    if bad:
        # Translators: {bad} is a count of games ("2 games"); {first} is the id of the first
        # with what is wrong with it; {n} counts the games that are shown.
        told = ngettext(
            "{bad} in your history could not be read ({first}); the other {n} game is "
            "shown, and the unreadable ones are kept as they are.",
            "{bad} in your history could not be read ({first}); the other {n} games are "
            "shown, and the unreadable ones are kept as they are.",
            len(games),
        )
        messages.append(told.format(bad=numbered(len(bad), "game"), first=bad[0], n=len(games)))
    return games, messages


def read_database(path: Path) -> list[GameRecord]:
    """The games of the progress database at ``path``, opened read-only (for tools such
    as ``python -m swoop_desktop.review``); rows that do not read are left out. Raises
    sqlite3.Error when it is not a database that holds games."""
    with contextlib.closing(
        sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=db.BUSY_WAIT)
    ) as con:
        rows = con.execute("SELECT counted, body, checked FROM games ORDER BY seq").fetchall()
    out = []
    for counted, body, checked in rows:
        try:
            out.append(record_from_row(body, checked, counted))
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
            continue
    return out


def _readable_games(path: Path) -> list[GameRecord]:
    """The games of a damaged database at ``path`` that still read, each through the
    full check, opened without writing to it or beside it: read from the first game on
    and then from the last one back, so damage in the middle costs only what it holds."""
    found: dict[str, GameRecord] = {}
    for order in ("ASC", "DESC"):
        try:
            with contextlib.closing(
                sqlite3.connect(f"file:{path}?immutable=1", uri=True, timeout=0)
            ) as con:
                con.text_factory = file_check.text_of
                rows = con.execute(
                    f"SELECT counted, body, checked FROM games ORDER BY rowid {order}"
                )
                for counted, body, checked in rows:
                    try:
                        record = record_from_row(body, checked, counted)
                    except (
                        ValueError,
                        TypeError,
                        KeyError,
                        AttributeError,
                        IndexError,
                        RecursionError,
                        UnicodeDecodeError,
                    ):
                        continue
                    found.setdefault(record.id, record)
        except (sqlite3.Error, UnicodeDecodeError, OSError):
            continue  # what was read before the damage stays
    return sorted(found.values(), key=_date)


def rescue(dirs: Dirs, con: sqlite3.Connection) -> list[str]:
    """Inside a change: bring back the games the damaged file moved aside at this
    opening still holds (those a backup put back are not stored twice); what to tell."""
    ready = db.ready(dirs)
    path = ready.rescue
    if path is None:
        return []
    games = _readable_games(path)
    new = store_records(con, games, "rescue") if games else 0
    if new:
        # Translators: {n} counts the games read back from the damaged progress file.
        told = ngettext(
            "{n} game was read back from the damaged file into your history.",
            "{n} games were read back from the damaged file into your history.",
            new,
        )
        return [told.format(n=new)]
    if games:
        return []
    if ready.restored:
        return [
            _(
                "No game could be read from the damaged file: games finished after the "
                "backup are lost."
            )
        ]
    return [
        _("No game could be read back from the damaged file, so your history starts again here.")
    ]


def stored_after(con: sqlite3.Connection, seq: int) -> Iterator[tuple[int, GameRecord]]:
    """The stored games after the one numbered ``seq`` (0: all), in the order stored, with
    their numbers; a row that does not read is passed over (load_history tells of it)."""
    rows = con.execute(
        "SELECT seq, counted, body, checked FROM games WHERE seq > ? ORDER BY seq", (seq,)
    )
    for number, counted, body, checked in rows:
        try:
            record = record_from_row(body, checked, counted)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
            continue
        yield number, record


def stored_top(dirs: Dirs) -> int:
    """The number of the newest stored game (0 when none is)."""
    with db.connection(dirs) as con:
        return int(con.execute("SELECT COALESCE(MAX(seq), 0) FROM games").fetchone()[0])


def _date(record: GameRecord) -> str:
    return record.date


# -- one game, one record --------------------------------------------------------------
#: The stored games looked at for an earlier record of a game stored again (besides every
#: abandoned one): the newest this many.
RECENT = 1000


def supersedes(con: sqlite3.Connection, record: GameRecord) -> bool:
    """Inside a change: whether ``record`` is to be stored. A record of the same game (the
    same rules, table and seed) whose plays are the first of ``record``'s is an earlier
    look at it (abandoned in another window, or by New game before it went on): it gives
    way, and goes (its rating point and those after it are worked out again). False when
    a stored record of the game already holds every play of this one and more."""
    top = int(con.execute("SELECT COALESCE(MAX(seq), 0) FROM games").fetchone()[0])
    seed = "CASE WHEN json_valid(body) THEN json_extract(body, '$.seed') END"
    rows = con.execute(
        f"SELECT seq, abandoned, body FROM games WHERE counted IN (0, 1) AND abandoned = 1 "
        f"AND players = ? AND {seed} = ? UNION "
        f"SELECT seq, abandoned, body FROM games WHERE seq > ? AND players = ? AND {seed} = ?",
        (record.players, record.seed, top - RECENT, record.players, record.seed),
    ).fetchall()
    for seq, abandoned, body in rows:
        try:
            data = json.loads(body)
            rules, actions = data["rules"], data["actions"]
            if data["id"] == record.id or rules != record.rules or not isinstance(actions, list):
                continue
        except (ValueError, TypeError, KeyError, RecursionError):
            continue
        if record.abandoned and _first_plays(record.actions, actions):
            return False  # a fuller record of this game is stored
        if abandoned and _first_plays(actions, record.actions):
            con.execute("DELETE FROM games WHERE seq = ?", (seq,))  # its summary goes too
            # The rating points from it on are worked out again (progress.rating).
            con.execute("DELETE FROM rating_points WHERE seq >= ?", (seq,))
            con.execute(
                "UPDATE meta SET value = ? WHERE key = 'rating.upto' "
                "AND CAST(value AS INTEGER) >= ?",
                (str(seq - 1), seq),
            )
    return True


def _first_plays(shorter: Sequence[Any], longer: Sequence[Any]) -> bool:
    """Whether the deals ``shorter`` (actioncodec's text, a play a word) are the first
    plays of ``longer``."""
    if len(shorter) > len(longer) or not all(isinstance(d, str) for d in longer):
        return False
    for i, deal in enumerate(shorter):
        if not isinstance(deal, str):
            return False
        if i < len(shorter) - 1:
            if deal != longer[i]:
                return False
        elif longer[i].split()[: len(deal.split())] != deal.split():
            return False
    return True


def is_first_plays_of(match: Match, record: GameRecord) -> bool:
    """Whether ``match`` (a saved game) is ``record``'s game, at one of its plays."""
    return (
        match.seed == record.seed
        and match.n == record.players
        and match.rules.to_json() == record.rules
        and _first_plays(encode_hands(match.actions), record.actions)
    )
