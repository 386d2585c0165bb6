"""The history of finished games: what the Scores screen lists and statistics count.

Each game is a row of ``games`` in the progress database (:mod:`.db`), holding the
record as ``history.json`` (format ``swoop-history``) always held it: the date, rules
(preset and options), opponents, final totals, winner, score sheet, who went out,
Swoops made per seat, and what it takes to watch it again (rules, table size, match
seed and the compact action list of every deal, a few KB). An older Swoop's
``history.json`` is read by the same reader when it is brought in, and ``swoop
--export`` writes one.

Resetting statistics never deletes games: a backup of the database is made first and
the games played so far are marked as not counted.

Why one long module: the record, its reader (for the database's rows and an older
Swoop's file alike), storing it (with the games waiting beside the database), bringing
an older history in and exporting one are one format's rules; split, each part would
reach into the others' validation.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

from swoop_desktop.engine import Match
from swoop_desktop.i18n import _, ngettext
from swoop_desktop.names import check_name, printable, seat_default, shown
from swoop_desktop.plural import counted as numbered
from swoop_desktop.safeio import Refused, read_capped
from swoop_desktop.storage import db
from swoop_desktop.storage.actioncodec import check_deal_text, encode_hands
from swoop_desktop.storage.documents import IMPORTED, move_imported
from swoop_desktop.storage.documents import why_not as _why
from swoop_desktop.storage.jsonfile import (
    DocKind,
    DocumentError,
    Notes,
    atomic_write_text,
    backup_path,
    check_type,
    decode_document,
    drop,
    encode_document,
    get,
    int_list,
    load_document,
    set_aside,
)
from swoop_desktop.storage.notices import plain_reason, short_path
from swoop_desktop.storage.paths import Dirs
from swoop_desktop.storage.savegame import clear_game, has_saved_game, load_game, stored_rules

from . import summaries
from .export import csv_cell, write_export
from .export import export_refusal as export_refusal  # where its callers find it
from .game_record import GameRecord as GameRecord  # where its callers find it
from .game_record import hints_from_json
from .summaries import MOST


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


def _seats_from_json(seats: list[Any], w: str, notes: Notes) -> list[dict[str, Any]]:
    """Seat descriptions as the Scores screen shows them; a bad name becomes the default."""
    out = []
    for i, s in enumerate(seats):
        check_type(s, dict, f"{w}seats[{i}]")
        seat: dict[str, Any] = {}
        if "name" in s:
            name, why = check_name(s["name"])
            if name is None:
                name = seat_default(i)
                # Translators: {where} names the entry in the file (seats[2].name); {why}
                # says what is wrong with the name; {name} is the name shown instead.
                told = _("{where}: {why}; shown as {name}")
                drop(notes, told.format(where=f"{w}seats[{i}].name", why=why, name=repr(name)))
            seat["name"] = name
        level = s.get("level")
        if isinstance(level, str) and len(level) <= 40:
            seat["level"] = level
        for key, value in s.items():
            if (
                key not in ("name", "level")
                and isinstance(key, str)
                and len(key) <= 40
                and (value is None or type(value) in (str, int, float, bool))
                and not (isinstance(value, str) and len(value) > 200)
            ):
                seat[key] = value
        out.append(seat)
    return out


def _record_from_json(g: Any, where: str, notes: Notes = None) -> GameRecord:
    check_type(g, dict, where)
    w = where + "."
    rules = stored_rules(g, w)
    players = get(g, "players", int, w)
    if not 3 <= players <= 8:
        # Translators: {name} is where the value is in the file; {value} what it held.
        told = _("{name} should be 3-8, not {value}")
        raise DocumentError(told.format(name=f"{w}players", value=players))
    seats = _seats_from_json(get(g, "seats", list, w, []), w, notes)
    totals = int_list(get(g, "totals", list, w), f"{w}totals", players)
    winner = get(g, "winner", (int, type(None)), w)
    if winner is not None and not 0 <= winner < players:
        # Translators: {name} is where the value is in the file; {high} the last seat's number; {value} what it held.
        told = _("{name} should be a seat 0-{high}, not {value}")
        raise DocumentError(told.format(name=f"{w}winner", high=players - 1, value=winner))
    sheet = [int_list(r, f"{w}sheet", players) for r in get(g, "sheet", list, w)]
    went_out = int_list(get(g, "went_out", list, w), f"{w}went_out", len(sheet))
    swoops = int_list(get(g, "swoops", list, w, [0] * players), f"{w}swoops", players)
    for name, values, low in (("totals", totals, -MOST), ("swoops", swoops, 0)):
        if not all(low <= v <= MOST for v in values):
            # Translators: {name} is where the value is in the file; {low} and {high} are numbers.
            told = _("{name} should hold numbers of {low} to {high}")
            raise DocumentError(told.format(name=f"{w}{name}", low=f"{low:,}", high=f"{MOST:,}"))
    if not all(-MOST <= v <= MOST for row in sheet for v in row):
        # Translators: {name} is where the value is in the file; {low} and {high} are numbers.
        told = _("{name} should hold numbers of {low} to {high}")
        raise DocumentError(told.format(name=f"{w}sheet", low=f"{-MOST:,}", high=f"{MOST:,}"))
    # A practice game (absent in every record before practice games) is never counted.
    practice = get(g, "practice", bool, w, False)
    actions = get(g, "actions", list, w)
    for i, text in enumerate(actions):
        check_type(text, str, f"{w}actions[{i}]")
        try:
            check_deal_text(text)
        except DocumentError as exc:
            raise DocumentError(f"{w}actions[{i}]: {exc}") from None
    return GameRecord(
        id=get(g, "id", str, w)[:64],
        date=get(g, "date", str, w)[:40],
        rules=dict(rules),
        players=players,
        seed=get(g, "seed", int, w),
        seats=seats,
        totals=totals,
        winner=winner,
        sheet=sheet,
        went_out=went_out,
        swoops=swoops,
        actions=list(actions),
        counted=get(g, "counted", bool, w, True) and not practice,
        abandoned=get(g, "abandoned", bool, w, False),
        practice=practice,
        hints=hints_from_json(g.get("hints")),
    )


@dataclass(frozen=True)
class History:
    """The loaded history: good records, and how many entries were unreadable."""

    games: list[GameRecord]
    bad: list[str] = field(default_factory=list)  # reasons, one per unreadable entry


def _history_from_json(data: dict[str, Any], notes: Notes = None) -> History:
    games = get(data, "games", list, "")
    good: list[GameRecord] = []
    bad: list[str] = []
    for i, g in enumerate(games):
        try:
            good.append(_record_from_json(g, f"games[{i}]", notes))
        except DocumentError as exc:
            bad.append(str(exc))
        except (
            KeyError,
            TypeError,
            ValueError,
            AttributeError,
            IndexError,
            OverflowError,
        ) as exc:  # one odd entry never costs the others
            # Translators: {where} names the entry in the file (games[3]); {error} is
            # Python's own words (in English) for the wrong value.
            told = _("{where}: a value in it is wrong ({error})")
            bad.append(told.format(where=f"games[{i}]", error=shown(str(exc))))
    if games and not good:
        # Translators: {first} says what was wrong with the first game that did not read.
        told = ngettext(
            "none of its {n} game could be read ({first})",
            "none of its {n} games could be read ({first})",
            len(games),
        )
        raise DocumentError(told.format(n=len(games), first=bad[0]))
    return History(good, bad)


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (the first draft) stored each deal's actions as a list of action JSON objects."""
    from swoop_desktop.engine import action_from_json
    from swoop_desktop.storage.actioncodec import encode_deal

    out = dict(data)
    games = []
    for g in data.get("games", []):
        g = dict(g)
        g["actions"] = [
            encode_deal([action_from_json(a) for a in deal]) for deal in g.get("actions", [])
        ]
        games.append(g)
    out["games"] = games
    return out


HISTORY_KIND: DocKind[History] = DocKind(
    format="swoop-history",
    version=2,
    label="game history",
    validate=_history_from_json,
    migrations={1: _v1_to_v2},
    indent=None,
    cap=128 << 20,
)


def _load(dirs: Dirs) -> tuple[History | None, list[str], bool]:
    """The old ``history.json`` (with its ``.bak`` should it be damaged), read for the
    import: the history, messages, and whether the file is blocked (kept as it is)."""
    loaded = load_document(dirs.history_file, HISTORY_KIND, dirs.state.kept)
    return loaded.value, [printable(m) for m in loaded.messages], loaded.blocked


LOCK_WAIT = 5.0  # seconds a worker thread waits for another window to finish a change
UI_WAIT = 0.3  # the most the window's own thread ever waits for it (New game)


# -- the database -------------------------------------------------------------------
# The games live in ``swoop.sqlite3`` (storage.db), one row each, as ``history.json``
# held them (the body), with what Scores and the statistics ask for beside it.
def _digest(body: str) -> bytes:
    """What a row's ``checked`` holds: a digest of the body as it was stored. Kept for the
    files' sake (an older Swoop may read it); never trusted when reading: anyone who can
    change a body can write its digest too, so every row is read through the full check."""
    return hashlib.blake2b(body.encode("utf-8", "surrogatepass"), digest_size=12).digest()


def _row(record: GameRecord, source: str) -> tuple[Any, ...]:
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
        _digest(body),
    )


def _from_row(body: str, checked: Any, counted: Any, notes: Notes = None) -> GameRecord:
    """The record a row holds, read through the full check whatever its ``checked`` column
    says (a stored digest is not trust: a body written with a digest to match is checked
    like any other). Raises ValueError, TypeError and the like for a row that does not
    read; the callers leave it out and tell of it."""
    record = _record_from_json(json.loads(body), "game", notes)
    return replace(record, counted=bool(counted) and not record.practice)


def _store(
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
            _row(record, source),
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
#: the rating's place (progress.rating) and the puzzles' (progress.puzzle_book).
_BY_NUMBER = "key LIKE 'rating.%' OR key = 'puzzles.gathered'"


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


def _stored(dirs: Dirs) -> tuple[list[GameRecord], list[str]]:
    """Every stored game, in the order stored; a row that does not read is left out and
    told (never a crash)."""
    games: list[GameRecord] = []
    bad: list[str] = []
    with db.connection(dirs) as con:
        rows = con.execute("SELECT id, counted, body, checked FROM games ORDER BY seq").fetchall()
    notes: list[str] = []
    for game, counted, body, checked in rows:
        try:
            games.append(_from_row(body, checked, counted, notes))
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
            out.append(_from_row(body, checked, counted))
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
                con.text_factory = db.text_of
                rows = con.execute(
                    f"SELECT counted, body, checked FROM games ORDER BY rowid {order}"
                )
                for counted, body, checked in rows:
                    try:
                        record = _from_row(body, checked, counted)
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


def _rescue(dirs: Dirs, con: sqlite3.Connection) -> list[str]:
    """Inside a change: bring back the games the damaged file moved aside at this
    opening still holds (those a backup put back are not stored twice); what to tell."""
    ready = db.ready(dirs)
    path = ready.rescue
    if path is None:
        return []
    games = _readable_games(path)
    new = _store(con, games, "rescue") if games else 0
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


#: Kept in ``dirs.state.cache`` once an older Swoop's history has been looked for at this
#: opening of the database (and brought in, when there was one): the opening does it, and
#: no change storing a game looks for those files again (``db.forget`` starts it afresh).
#: "kept" when the file could not be read: a read (Scores, the opening) tries it again.
OLDER_LOOKED = "older-history-looked"


def _older_due(dirs: Dirs, again: bool = False) -> bool:
    """Whether an older Swoop's ``history.json`` (or its ``.bak``) is still to be brought in
    at this opening. Looked for once: when neither is there, that is remembered; a file
    that could not be read is looked at again only when ``again`` (a read, not a write)."""
    looked = dirs.state.cache.get(OLDER_LOOKED)
    if looked is True or (looked and not again):
        return False
    if any(p.exists() for p in (dirs.history_file, backup_path(dirs.history_file))):
        return True
    dirs.state.cache[OLDER_LOOKED] = True
    return False


def _import_old(dirs: Dirs, con: sqlite3.Connection) -> tuple[list[str], list[Path]]:
    """Inside a change: bring the games of an older Swoop's ``history.json`` (and its
    ``.bak``) in. Messages, and the files to move into the import's folder once the
    change is committed (none when there is nothing to import or the file is kept).
    Done once, by the first change of an opening (:func:`record_pending`, which the
    opening runs), never again by the changes that store games."""
    main, bak = dirs.history_file, backup_path(dirs.history_file)
    if not (main.exists() or bak.exists()):
        return [], []
    history, messages, blocked = _load(dirs)
    if blocked:
        return messages, []
    games = list(history.games) if history else []
    if bak.exists():  # games the main file lost but its backup copy holds
        try:
            older = decode_document(read_capped(bak, HISTORY_KIND.cap), HISTORY_KIND, [])
            known = {g.id for g in games}
            games += [g for g in older.games if g.id not in known]
        except (DocumentError, Refused, OSError):
            pass
    facts, _unused = summaries.older_facts(dirs)
    new = _store(con, games, "import", facts)
    if history is not None and history.bad:
        # Translators: {first} says what was wrong with the first game that did not read.
        told = ngettext(
            "{n} game in your game history could not be read ({first}); the file is kept "
            "as it was.",
            "{n} games in your game history could not be read ({first}); the file is kept "
            "as it was.",
            len(history.bad),
        )
        messages.append(told.format(n=len(history.bad), first=history.bad[0]))
    # An older Swoop's rating goes with its history: it is worked out again from the games.
    rating = dirs.data / "rating.json"
    files = [p for p in (main, bak, rating, backup_path(rating)) if p.exists()]
    files += summaries.older_facts(dirs)[1]  # its records went with the games
    if new:
        # Translators: {file} is the name of the progress file (swoop.sqlite3); {folder}
        # the start of the name of the folder the old files were moved to.
        told = ngettext(
            "Your game history ({n} game) now lives in one file, {file}; the old files are "
            "kept in {folder}… beside it.",
            "Your game history ({n} games) now lives in one file, {file}; the old files are "
            "kept in {folder}… beside it.",
            new,
        )
        messages.append(told.format(n=new, file=db.DB_NAME, folder=IMPORTED))
    # One message for the player, whatever the import met.
    return ([" ".join(m.rstrip() for m in messages)] if messages else []), files


def _merge(dirs: Dirs, wait: float, again: bool = False) -> tuple[list[str], bool]:
    """Store every game waiting to be stored (an older Swoop's history when it is still to
    be brought in, games beside the database, games only in memory) in one change.
    (messages, stored). Raises StoreError, sqlite3.Error or OSError when the database
    cannot take them. ``again``: an older Swoop's history that could not be read is tried
    again (the reads and the opening; a game being stored never looks for it)."""
    waiting, messages = _pending(dirs)
    older = _older_due(dirs, again)
    with db.change(dirs, wait) as con:
        rescued = _rescue(dirs, con)
        more, files = _import_old(dirs, con) if older else ([], [])
        records = sorted(list(dirs.state.unsaved) + [r for _unused, r in waiting], key=_date)
        # A game is stored once: a record of it left earlier (abandoned at an earlier
        # play) gives way to a fuller one, and one with less than a stored one is not kept.
        for record in records:  # each looked at once those before it are stored
            if _supersedes(con, record):
                _store(con, [record], "play")
    db.ready(dirs).rescue = None
    _remember(dirs, rescued)  # Scores says it again, as it does the damage itself
    if older:
        dirs.state.cache[OLDER_LOOKED] = "kept" if dirs.history_file in dirs.state.kept else True
    messages = rescued + more + messages
    move_imported(dirs, files)
    for path, _unused in waiting:
        try:
            path.unlink()
        except OSError:
            pass
    dirs.state.unsaved.clear()
    return messages, True


def _pending_there(dirs: Dirs) -> bool:
    try:
        return (
            db.ready(dirs).rescue is not None
            or bool(dirs.state.unsaved)
            or _older_due(dirs, again=True)
            or any(True for _unused in dirs.data.glob("history.pending-*.json"))
        )
    except OSError:
        return False


def _opening_messages(dirs: Dirs) -> list[str]:
    """What opening the database told (damage, a newer Swoop), once per process: posted
    for the player at once, and kept for Scores to say again."""
    found = db.ready(dirs)
    told, found.messages = [printable(m) for m in found.messages], []
    for text in told:
        dirs.notices.post("progress-file", text)
    _remember(dirs, told)
    return told


# -- games waiting for the history -------------------------------------------------
# A finished or abandoned game is stored in the database in one change. When that
# cannot be done now (another window holds it past the wait, a full disk), it is
# written on its own beside the database (``history.pending-<id>.json``) and stored
# the next time that works; only if even that fails does it wait in memory (and the
# saved game is kept). A waiting game is listed in Scores all the same.
def _pending_from_json(data: dict[str, Any], notes: Notes = None) -> GameRecord:
    return _record_from_json(get(data, "game", dict, ""), "game", notes)


PENDING_KIND: DocKind[GameRecord] = DocKind(
    format="swoop-pending-game",
    version=1,
    label="unrecorded game",
    validate=_pending_from_json,
    indent=None,
    cap=4 << 20,
)


def _pending_path(dirs: Dirs, record: GameRecord) -> Path:
    safe = "".join(c for c in record.id if c.isalnum())[:64] or "game"
    return dirs.data / f"history.pending-{safe}.json"


def _keep_pending(dirs: Dirs, record: GameRecord) -> OSError | None:
    """Write ``record`` on its own beside the database; the error when that fails."""
    try:
        atomic_write_text(
            _pending_path(dirs, record),
            encode_document(PENDING_KIND, {"game": record.to_json()}),
            keep_backup=False,
            label=PENDING_KIND.label,
        )
    except OSError as exc:
        return exc
    return None


def _pending(dirs: Dirs) -> tuple[list[tuple[Path, GameRecord]], list[str]]:
    """The games waiting beside the database, oldest first; a damaged one is moved aside."""
    try:
        paths = sorted(dirs.data.glob("history.pending-*.json"), key=_mtime)
    except OSError:
        return [], []
    out: list[tuple[Path, GameRecord]] = []
    messages: list[str] = []
    for path in paths:
        try:
            raw = read_capped(path, PENDING_KIND.cap)
            out.append((path, decode_document(raw, PENDING_KIND, [])))
        except (DocumentError, Refused) as exc:
            moved = set_aside(path)
            # Translators: {damage} says what is wrong with the file; {path} is where it is kept.
            told = _(
                "A finished game waiting to be added to your history was damaged ({damage}); "
                "the file is kept at {path}."
            )
            messages.append(told.format(damage=exc, path=short_path(moved)))
        except OSError:
            continue
    return out, messages


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _listed(dirs: Dirs, games: list[GameRecord]) -> list[GameRecord]:
    """``games`` and the games not yet stored (waiting beside the database, or only in
    memory), each once."""
    out = list(games)
    known = {g.id for g in out}
    for record in [r for _unused, r in _pending(dirs)[0]] + list(dirs.state.unsaved):
        if record.id not in known:
            out.append(record)
            known.add(record.id)
    return out


def bring_in(dirs: Dirs) -> list[str]:
    """Open the database (told once) and store the games waiting to be stored (an older
    Swoop's history, games beside the database, games in memory); messages for the
    player. Raises StoreError, sqlite3.Error or OSError when the database cannot be
    opened; a merge that must wait is left for next time."""
    messages = _opening_messages(dirs)
    if _pending_there(dirs) and not db.ready(dirs).read_only:
        try:
            messages += _merge(dirs, UI_WAIT, again=True)[0]
        except db.FAILURES as exc:
            if not (isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)):
                # Translators: {reason} says why, e.g. "the disk is full".
                told = _(
                    "Games waiting to be added to your history could not be added yet "
                    "({reason}); they are shown, and added next time."
                )
                messages.append(told.format(reason=_why(exc, dirs)))
    _sum_up(dirs)
    _daily_backup(dirs)
    return messages


def _sum_up(dirs: Dirs) -> None:
    """Sum up the stored games that have no summary yet (games a database of an earlier
    version held, a summary found out of range), once per process; the facts an older
    Swoop's records file kept go with them, and the file then joins the imported ones."""
    if dirs.state.cache.get("summed-up") or db.ready(dirs).read_only:
        return
    try:
        with db.connection(dirs) as con:
            rows = summaries.missing(con)
        if rows:
            facts, files = summaries.older_facts(dirs)
            with db.change(dirs, UI_WAIT) as con:
                summaries.fill(con, summaries.missing(con), _from_row, facts)
            move_imported(dirs, files)
        dirs.state.cache["summed-up"] = True
    except db.FAILURES:
        pass  # the screens sum up what has no summary themselves; tried again next start


#: A database larger than this (bytes; about 2,500 games) is backed up on a thread.
BACKUP_ASIDE = 8 << 20


def _daily_backup(dirs: Dirs) -> None:
    """Once per process: a backup of the database when it holds games and the newest
    backup is over a day old (what a damaged database is put back from). With a long
    history it is made on a thread of its own: the copy then takes a few hundred
    milliseconds, which SQLite spends without holding the interpreter, so the first
    screen is not kept waiting (:func:`wait_for_backup` waits for it)."""
    if dirs.state.cache.get("db-backup-looked") or db.ready(dirs).read_only:
        return
    dirs.state.cache["db-backup-looked"] = True

    def make() -> None:
        try:
            with db.connection(dirs) as con:
                if not con.execute("SELECT 1 FROM games LIMIT 1").fetchall():
                    return
            db.make_backup(dirs)
        except db.FAILURES:
            pass  # tried again at the next start; nothing of the games is at stake

    try:
        large = db.db_file(dirs).stat().st_size > BACKUP_ASIDE
    except OSError:
        large = False
    if not large:  # a copy of a few milliseconds: made at once
        make()
        return
    thread = threading.Thread(target=make, name="daily-backup", daemon=True)
    dirs.state.cache["db-backup-thread"] = thread
    thread.start()


def wait_for_backup(dirs: Dirs, timeout: float = 30.0) -> None:
    """Wait for the day's backup, if one is being made (tests; the game never waits)."""
    thread = dirs.state.cache.get("db-backup-thread")
    if isinstance(thread, threading.Thread):
        thread.join(timeout)


def waiting_games(dirs: Dirs) -> list[GameRecord]:
    """The finished games not in the database yet (beside it, or only in memory)."""
    return _listed(dirs, [])


def stored_after(con: sqlite3.Connection, seq: int) -> Iterator[tuple[int, GameRecord]]:
    """The stored games after the one numbered ``seq`` (0: all), in the order stored, with
    their numbers; a row that does not read is passed over (load_history tells of it)."""
    rows = con.execute(
        "SELECT seq, counted, body, checked FROM games WHERE seq > ? ORDER BY seq", (seq,)
    )
    for number, counted, body, checked in rows:
        try:
            record = _from_row(body, checked, counted)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
            continue
        yield number, record


def stored_top(dirs: Dirs) -> int:
    """The number of the newest stored game (0 when none is)."""
    with db.connection(dirs) as con:
        return int(con.execute("SELECT COALESCE(MAX(seq), 0) FROM games").fetchone()[0])


def newest_games(dirs: Dirs, above: int = 0, batch: int = 100) -> Iterator[tuple[int, GameRecord]]:
    """The finished games, newest first, with their numbers: those waiting to be stored
    (number 0) and then the stored ones numbered above ``above``, read ``batch`` at a time
    as the caller goes on (a search that stops early reads only what it looked at). A
    row that does not read is passed over. Raises what the database does."""
    for record in reversed(waiting_games(dirs)):
        yield 0, record
    before = None
    while True:
        with db.connection(dirs) as con:
            rows = con.execute(
                "SELECT seq, counted, body, checked FROM games WHERE seq < ? AND seq > ? "
                "ORDER BY seq DESC LIMIT ?",
                (before if before is not None else 2**62, above, batch),
            ).fetchall()
        if not rows:
            return
        for number, counted, body, checked in rows:
            try:
                record = _from_row(body, checked, counted)
            except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
                continue
            yield int(number), record
        before = int(rows[-1][0])


def load_history(dirs: Dirs) -> tuple[list[GameRecord], list[str]]:
    """Finished games, oldest first, and messages for the player about any damage. Never
    raises, and never waits long: a history that cannot be read gives the games waiting
    to be stored and a message saying why."""
    if not dirs.usable:
        return [], []
    messages: list[str] = []
    try:
        messages += bring_in(dirs)
        games, more = _stored(dirs)
        messages += more
    except db.FAILURES as exc:
        games = []
        why = _why(exc, dirs)
        try:  # an older Swoop's file, not yet brought in, is still shown
            old = _load(dirs)[0] if dirs.history_file.exists() else None
        except OSError:
            old = None
        if old is not None and old.games:
            games = list(old.games)
            # Translators: {reason} says why, e.g. "the disk is full".
            words = _(
                "Your progress file could not be opened ({reason}); the games of your "
                "history file are shown, and new games are kept beside it until it can."
            )
            messages.append(words.format(reason=why))
        else:
            # Translators: {reason} says why, e.g. "the disk is full".
            messages.append(_("Your game history could not be read ({reason}).").format(reason=why))
    told = [printable(m) for m in messages]
    _remember(dirs, told)
    return _listed(dirs, games), told


def load_summaries(dirs: Dirs) -> tuple[list[summaries.GameSummary], list[str]]:
    """Every finished game summed up, oldest first (the games waiting to be stored last,
    each with its record), and messages for the player about any damage. What Scores,
    the statistics and Progress count: narrow rows, never every game's plays. Never
    raises; a history that cannot be read gives what :func:`load_history` would."""
    if not dirs.usable:
        return [], []
    messages: list[str] = []
    try:
        messages += bring_in(dirs)
        games, more = _summed_up(dirs)
        messages += more
    except db.FAILURES:
        records, told = load_history(dirs)  # says why, and shows an older file's games
        return [summaries.summarize(r, keep=True) for r in records], told
    known = {g.id for g in games}
    for record in waiting_games(dirs):
        if record.id not in known:
            facts = summaries.game_facts(record)
            games.append(summaries.summarize(record, facts=facts, keep=True))
    told = [printable(m) for m in messages]
    _remember(dirs, told)
    return games, told


def _summed_up(dirs: Dirs) -> tuple[list[summaries.GameSummary], list[str]]:
    """Every stored game's summary, oldest first (one out of range summed up again)."""
    games: list[summaries.GameSummary] = []
    again: list[int] = []
    with db.connection(dirs) as con:
        for row in con.execute(summaries.SELECT + " ORDER BY seq"):
            try:
                games.append(summaries.from_row(row))
            except (ValueError, TypeError):
                again.append(row[0])
    fixed, messages = _sum_again(dirs, again)
    return sorted(games + fixed, key=lambda g: g.seq), messages


#: Games whose wrong summary is put right with a replay at once (the rest by a worker).
REPLAYED_AT_ONCE = 20


def summed_up(dirs: Dirs, again: Sequence[int] = ()) -> list[str]:
    """Sum up again the stored games numbered ``again`` (their summaries held values out
    of range) and any without a summary; messages for the games whose record does not
    read either (left out of Scores, kept as they are). Raises what the database does."""
    return _sum_again(dirs, again)[1]


def _sum_again(dirs: Dirs, again: Sequence[int]) -> tuple[list[summaries.GameSummary], list[str]]:
    wrong = set(again)
    with db.connection(dirs) as con:
        rows = summaries.missing(con)
        if again:
            marks = ",".join("?" * len(again))
            rows += con.execute(
                f"SELECT seq, counted, body, checked FROM games WHERE seq IN ({marks})",
                list(again),
            ).fetchall()
    if not rows:
        return [], []
    bad: list[str] = []
    fixed: list[summaries.GameSummary] = []
    for seq, counted, body, checked in rows:
        try:
            record = _from_row(body, checked, counted)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as exc:
            bad.append(f"{seq}: {shown(str(exc))}")
            continue
        except RecursionError:
            bad.append(f"{seq}: nested too deeply")
            continue
        # A summary found wrong is put right with its facts (a handful, so replayed here);
        # a game summed up for the first time has them worked out later, in a worker.
        replay = int(seq) in wrong and len(fixed) < REPLAYED_AT_ONCE
        facts = summaries.game_facts(record) if replay else None
        fixed.append(summaries.summarize(record, int(seq), facts))
    if fixed and not db.ready(dirs).read_only:
        try:
            with db.change(dirs, UI_WAIT) as con:
                for summary in fixed:
                    summaries.insert(con, summary.seq, summary)
        except db.FAILURES:
            pass  # shown as worked out; kept another time
    messages = []
    if bad:
        # Translators: {first} is the number of the first game that did not read, with
        # what is wrong with it.
        told = ngettext(
            "{n} game in your history could not be read (game {first}); the others are "
            "shown, and the unreadable ones are kept as they are.",
            "{n} games in your history could not be read (game {first}); the others are "
            "shown, and the unreadable ones are kept as they are.",
            len(bad),
        )
        messages.append(told.format(n=len(bad), first=bad[0]))
    return fixed, messages


def games_by_seq(dirs: Dirs, seqs: Sequence[int]) -> dict[int, GameRecord]:
    """The stored games numbered ``seqs`` (for the few a screen shows at once); a game
    that does not read is left out, and why is kept for Scores to say
    (:func:`take_history_notes`). Never raises."""
    if not seqs or not dirs.usable:
        return {}
    out: dict[int, GameRecord] = {}
    try:
        with db.connection(dirs) as con:
            marks = ",".join("?" * len(seqs))
            rows = con.execute(
                f"SELECT seq, counted, body, checked FROM games WHERE seq IN ({marks})",
                list(seqs),
            ).fetchall()
    except db.FAILURES:
        return {}
    bad: list[str] = []
    for seq, counted, body, checked in rows:
        try:
            out[int(seq)] = _from_row(body, checked, counted)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as exc:
            # Translators: {n} is the game's number; {error} Python's words (in English).
            bad.append(_("game {n}: {error}").format(n=seq, error=shown(str(exc))))
        except RecursionError:
            # Translators: {n} is the game's number; its stored record is nested too deeply.
            bad.append(_("game {n}: nested too deeply").format(n=seq))
    if bad:  # its summary read, so nothing told of it yet: Scores says it once
        # Translators: {first} names the first game that did not read, with what is wrong.
        told = ngettext(
            "{n} game in your history could not be read ({first}); they are listed but "
            "cannot be shown, and are kept as they are.",
            "{n} games in your history could not be read ({first}); they are listed but "
            "cannot be shown, and are kept as they are.",
            len(bad),
        )
        _remember(dirs, [told.format(n=len(bad), first=bad[0])])
    return out


def _remember(dirs: Dirs, messages: list[str]) -> None:
    """Keep what a read of the history told until Scores shows it (see take_history_notes)."""
    notes = dirs.state.history_notes
    notes.extend(m for m in messages if m not in notes)
    del notes[:-20]  # a handful is plenty; the oldest go first


def take_history_notes(dirs: Dirs) -> list[str]:
    """Everything reading the history told since Scores last showed it, oldest first (and
    forget it). Whichever screen read the history first (the title's rating line), Scores
    still says so, once."""
    notes = list(dirs.state.history_notes)
    dirs.state.history_notes.clear()
    return notes


def record_pending(dirs: Dirs, wait: float = UI_WAIT) -> list[str]:
    """Store the games left waiting (by an earlier session that could not), and bring an
    older Swoop's history in. Returns messages for the player; never raises."""
    if not dirs.usable:
        return []
    try:
        _opening_messages(dirs)  # told through dirs.notices
        if not _pending_there(dirs) or db.ready(dirs).read_only:
            return []
        return [printable(m) for m in _merge(dirs, wait, again=True)[0]]
    except db.FAILURES:
        return []  # they wait beside the database, listed in Scores, for the next time


def record_finished_game(
    dirs: Dirs,
    match: Match,
    seats: list[dict[str, Any]],
    abandoned: bool = False,
    wait: float = LOCK_WAIT,
    practice: bool = False,
) -> list[str]:
    """Add a finished game to the history (once; recording it again changes nothing).

    ``seats`` describes each seat (e.g. ``{"name": "Left", "level": "hard"}``).
    Returns messages for the player, and posts them to ``dirs.notices`` too, so
    they reach the player whatever screen is up (Game Over included).
    See :func:`retire_game` for what is kept when the history cannot take it.
    """
    record = record_from_match(match, seats, abandoned=abandoned, practice=practice)
    return _record(dirs, record, wait)[1]


def retire_game(
    dirs: Dirs,
    match: Match,
    seats: list[dict[str, Any]],
    abandoned: bool = False,
    wait: float = LOCK_WAIT,
    practice: bool = False,
    hints: dict[tuple[int, int], str] | None = None,
) -> bool:
    """Record a game that has ended (or was left for a new one), then forget it as the
    game in progress: the saved game is deleted only once its new home has it.

    The game is stored in the database in one change (waiting at most ``wait``
    seconds for another window's change), so two windows finishing games at once
    lose none. When the database cannot take it now, it is written on its own
    beside it and stored the next time that works (listed in Scores meanwhile).
    Only when nothing at all can be written (a full disk) is the saved game kept,
    and the player told. Messages reach the player through ``dirs.notices``.
    Returns True when the game is safely kept and the saved game was cleared.
    """
    if not dirs.usable:
        return False
    record = record_from_match(match, seats, abandoned=abandoned, practice=practice, hints=hints)
    kept, _unused = _record(dirs, record, wait)
    if kept:
        clear_game(dirs)
    return kept


def _record(dirs: Dirs, record: GameRecord, wait: float) -> tuple[bool, list[str]]:
    """(kept on disk, messages). Messages are posted to ``dirs.notices`` too."""
    if not dirs.usable:
        return False, []
    if all(g.id != record.id for g in dirs.state.unsaved):
        dirs.state.unsaved.append(record)  # stored with the others, in one change
    messages: list[str] = []
    try:
        messages += _opening_messages(dirs)
        more, written = _merge(dirs, wait)
        messages += more
        dirs.notices.ok("history")
    except db.FAILURES as exc:
        written = False
        cause = _why(exc, dirs)
    if not written:
        problem = _keep_pending(dirs, record)
        if problem is None:
            dirs.state.unsaved[:] = [g for g in dirs.state.unsaved if g.id != record.id]
            # Translators: {reason} says why, e.g. "the disk is full".
            told = _(
                "This game could not be added to your scores yet ({reason}). It is kept "
                "beside them, shown in Scores, and added as soon as the history can take it."
            )
            messages.append(told.format(reason=cause))
        else:
            messages.append(_not_saved(dirs, cause, problem))
        written = problem is None
    for text in messages:
        dirs.notices.post("history", text)
    return written, messages


def _not_saved(dirs: Dirs, cause: str, problem: OSError) -> str:
    """The words for a game that could be written nowhere: it is only in memory."""
    why = plain_reason(problem, dirs.data)
    if why == cause:
        # Translators: {reason} says why, e.g. "the disk is full"; {folder} is Swoop's
        # data folder.
        told = _(
            "This game is NOT saved: it could not be added to your scores ({reason}). Make "
            "room in {folder}; Swoop tries again with your next finished game and when you "
            "close it."
        )
    else:
        # Translators: {reason} says why the scores could not take it, {kept_reason} why
        # it could not be written beside them; {folder} is Swoop's data folder.
        told = _(
            "This game is NOT saved: it could not be added to your scores ({reason}), nor "
            "kept beside them ({kept_reason}). Make room in {folder}; Swoop tries again "
            "with your next finished game and when you close it."
        )
    return told.format(reason=cause, kept_reason=why, folder=dirs.data)


def keep_unsaved(dirs: Dirs, wait: float = UI_WAIT) -> list[str]:
    """Before the window closes: try once more to keep the finished games that are only
    in memory (stored, else each written beside the database). Returns the message for
    the player when some are still not saved (nothing when every game is kept); never
    raises."""
    if not dirs.usable or not dirs.state.unsaved:
        return []
    before = list(dirs.state.unsaved)
    try:
        if not db.ready(dirs).read_only:
            _merge(dirs, wait)
    except db.FAILURES:
        pass
    problem: OSError | None = None
    for record in list(dirs.state.unsaved):
        trouble = _keep_pending(dirs, record)
        if trouble is None:
            dirs.state.unsaved[:] = [g for g in dirs.state.unsaved if g.id != record.id]
        else:
            problem = trouble
    kept = [r for r in before if r not in dirs.state.unsaved]
    if kept and has_saved_game(dirs):  # the saved game of a game now kept is done with
        saved, _unused = load_game(dirs)
        if saved is not None and any(_is_first_plays_of(saved.match, r) for r in kept):
            clear_game(dirs)
    left = len(dirs.state.unsaved)
    if not left or problem is None:
        return []
    # Translators: {reason} says why, e.g. "the disk is full"; {folder} is Swoop's data
    # folder.
    told = ngettext(
        "{n} finished game is NOT saved ({reason}). Make room in {folder} and close Swoop "
        "again to keep it; closing again as it is leaves without it.",
        "{n} finished games are NOT saved ({reason}). Make room in {folder} and close Swoop "
        "again to keep them; closing again as it is leaves without them.",
        left,
    )
    return [told.format(n=left, reason=plain_reason(problem, dirs.data), folder=dirs.data)]


def reset_stats(dirs: Dirs) -> tuple[str | None, list[str]]:
    """Start the statistics afresh; the games stay listed and a backup of the database is
    made first. Returns the backup's path (None when there was no history) and messages.
    """
    if not dirs.usable:
        return None, []
    try:
        messages = _opening_messages(dirs)
        if _pending_there(dirs):
            messages += _merge(dirs, LOCK_WAIT, again=True)[0]
        if dirs.history_file in dirs.state.kept:  # its games would come in counted later
            return None, messages + [
                _("Statistics were not reset, because your history file could not be read.")
            ]
        with db.connection(dirs) as con:
            if not con.execute("SELECT 1 FROM games LIMIT 1").fetchall():
                return None, messages
        copy = db.make_backup(dirs, force=True)
        with db.change(dirs, LOCK_WAIT) as con:
            con.execute("UPDATE games SET counted = 0")
            con.execute("UPDATE game_summaries SET counted = 0")
            # The rating follows the counted games: worked out again (progress.rating).
            con.execute("DELETE FROM rating_points")
            con.execute("DELETE FROM meta WHERE key LIKE 'rating.%'")
        return (str(copy) if copy else None), messages
    except db.FAILURES as exc:
        # Translators: {reason} says why, e.g. "the disk is full".
        return None, [_("Statistics were not reset ({reason}).").format(reason=_why(exc, dirs))]


def export_history(dirs: Dirs, target: Path) -> int:
    """Write every game as a ``history.json`` of today's format (for other tools and
    older Swoops); how many games. Only ``target`` changes (see :func:`.export.write_export`;
    :func:`export_refusal` says first whether the player may have it written). Raises
    OSError when it cannot be written."""
    games, _unused = load_history(dirs)
    write_export(target, encode_document(HISTORY_KIND, {"games": [g.to_json() for g in games]}))
    return len(games)


#: The formats a player may export the games in: CSV (one row a game, for spreadsheets)
#: and JSON (the ``history.json`` that ``swoop --export`` writes).
EXPORT_FORMATS = ("csv", "json")


def export_csv(dirs: Dirs, target: Path) -> int:
    """Write every game as a CSV file, a header then one row a game (oldest first), for a
    spreadsheet; how many games. Only ``target`` changes, as with :func:`export_history`.
    Raises OSError when it cannot be written."""
    games, _unused = load_history(dirs)
    write_export(target, games_csv(games))
    return len(games)


def games_csv(games: Sequence[GameRecord]) -> str:
    """The games as CSV text: the date, your result, total and place, the hands and your
    Swoops, the rules, whether the game counts, then each seat's name, level and total.
    No cell is ever a formula: text that a spreadsheet would run (a name ``=1+2``, a date
    edited to ``@SUM(1)``) starts with a ``'`` (:func:`.export.csv_cell`)."""
    seats = max((g.players for g in games), default=4)
    header = [
        "Date",
        "Result",
        "Your total",
        "Your place",
        "Hands",
        "Your Swoops",
        "Rules",
        "Rule options",
        "Counted",
        "Abandoned",
        "Practice",
        "Players",
    ]
    for i in range(seats):
        header += [f"Seat {i + 1}", f"Seat {i + 1} level", f"Seat {i + 1} total"]
    header += ["Seed", "Game id"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for g in games:
        totals = list(g.totals)
        you = totals[0] if totals else ""
        place = 1 + sum(1 for t in totals[1:] if t < totals[0]) if totals else ""
        options = "; ".join(f"{k}={v}" for k, v in sorted(g.options.items()))
        row: list[Any] = [
            g.date,
            g.result(),
            you,
            "" if g.abandoned else place,
            g.hands,
            g.swoops[0] if g.swoops else 0,
            g.preset,
            options,
            "yes" if g.counted else "no",
            "yes" if g.abandoned else "no",
            "yes" if g.practice else "no",
            g.players,
        ]
        for i in range(seats):
            seat = g.seats[i] if i < len(g.seats) and isinstance(g.seats[i], dict) else {}
            name = seat.get("name") or (seat_default(i) if i < g.players else "")
            level = seat.get("level") or ("human" if i == 0 and i < g.players else "")
            row += [name, level, totals[i] if i < len(totals) else ""]
        row += [g.seed, g.id]
        writer.writerow([csv_cell(cell) for cell in row])
    return out.getvalue()


def default_export_path(home: Path, today: date, fmt: str) -> Path:
    """Where an export goes unless the player says otherwise: the Documents folder (the
    home folder when there is none), named for the day ("swoop-games-2025-03-01.csv"),
    with a number added when that name is taken (an earlier export is never replaced)."""
    folder = home / "Documents"
    if not folder.is_dir():
        folder = home
    stem = f"swoop-games-{today.isoformat()}"
    path = folder / f"{stem}.{fmt}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.{fmt}"
        n += 1
    return path


def _date(record: GameRecord) -> str:
    return record.date


# -- one game, one record --------------------------------------------------------------
#: The stored games looked at for an earlier record of a game stored again (besides every
#: abandoned one): the newest this many.
RECENT = 1000


def _supersedes(con: sqlite3.Connection, record: GameRecord) -> bool:
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


def _is_first_plays_of(match: Match, record: GameRecord) -> bool:
    """Whether ``match`` (a saved game) is ``record``'s game, at one of its plays."""
    return (
        match.seed == record.seed
        and match.n == record.players
        and match.rules.to_json() == record.rules
        and _first_plays(encode_hands(match.actions), record.actions)
    )
