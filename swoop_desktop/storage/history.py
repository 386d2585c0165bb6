"""The history of finished games: what the Scores screen lists and statistics count.

``history.json`` (format ``swoop-history``) keeps, per finished game, the date,
rules (preset and options), opponents, final totals, winner, score sheet, who
went out, Swoops made per seat, and what it takes to watch it again: rules,
table size, match seed and the compact action list of every deal (a few KB).

Resetting statistics never deletes games: a timestamped copy of the file is
kept and the games played so far are marked as not counted.

Why one long module: reading, checking, recording and counting the history are one file
format's rules (its versions, pending games and the lock around them), to move into the
SQLite store together (``docs/storage-plan.md``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, EngineError, Match, Rules, RulesError
from swoop_desktop.engine.events import Swooped
from swoop_desktop.names import check_name, printable, seat_default, shown
from swoop_desktop.safeio import Refused, read_capped

from .actioncodec import check_deal_text, decode_hands, encode_hands
from .jsonfile import (
    DocKind,
    DocumentError,
    KeptFile,
    Notes,
    atomic_write_text,
    check_type,
    copy_beside,
    decode_document,
    drop,
    encode_document,
    get,
    int_list,
    load_document,
    move_aside,
    write_document,
)
from .locking import LockError, held_lock
from .notices import plain_reason, short_path
from .paths import Dirs
from .savegame import clear_game


@dataclass(frozen=True)
class GameRecord:
    """One finished game. ``counted`` is false for games before a statistics reset;
    ``abandoned`` marks a game left for a new one before anyone reached the target (it is
    listed, and counted in statistics only if the player chooses so, as a loss)."""

    id: str
    date: str  # ISO 8601, local time, seconds
    rules: dict[str, Any]
    players: int
    seed: int
    seats: list[dict[str, Any]]
    totals: list[int]
    winner: int | None
    sheet: list[list[int]]
    went_out: list[int]
    swoops: list[int]
    actions: list[str] = field(repr=False)
    counted: bool = True
    abandoned: bool = False

    @property
    def preset(self) -> str:
        return str(self.rules.get("preset", "app"))

    @property
    def options(self) -> dict[str, Any]:
        """Rule options that differ from the preset."""
        return {k: v for k, v in self.rules.items() if k != "preset"}

    @property
    def hands(self) -> int:
        return len(self.sheet)

    def rules_obj(self) -> Rules:
        return Rules.from_json(self.rules)

    def result(self, seat: int = HUMAN_SEAT) -> str:
        """ "win", "tie" (lowest total shared, R16), "loss", or "abandoned" for ``seat``."""
        if self.abandoned:
            return "abandoned"
        if self.winner == seat:
            return "win"
        if self.winner is None and self.totals[seat] == min(self.totals):
            return "tie"
        return "loss"

    def deals(self) -> list[list[Action]]:
        """The recorded actions of every deal (raises DocumentError if damaged)."""
        return decode_hands(self.actions)

    def new_match(self) -> Match:
        """A fresh Match with this game's rules, table and seed, before the first deal."""
        return Match(self.rules_obj(), self.players, self.seed)

    def replayed(self) -> Match:
        """The whole game re-played to its end (checks the record is sound)."""
        match = self.new_match()
        match.replay(self.deals())
        return match

    def replay_problem(self) -> str | None:
        """None when the recorded plays replay to this very game (so it can be watched and
        reviewed); else why not, in plain words. Worked out once per record (cached)."""
        return replay_problem(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "date": self.date,
            "rules": self.rules,
            "players": self.players,
            "seed": self.seed,
            "seats": self.seats,
            "totals": self.totals,
            "winner": self.winner,
            "sheet": self.sheet,
            "went_out": self.went_out,
            "swoops": self.swoops,
            "actions": self.actions,
            "counted": self.counted,
            "abandoned": self.abandoned,
        }


_REPLAYS: dict[str, str | None] = {}  # digest of a record -> why it does not replay (None: it does)
_REPLAY_FAILURES = (
    EngineError,
    ValueError,  # DocumentError, RulesError and a number too long to read among them
    TypeError,
    KeyError,
    IndexError,
    OverflowError,
    RecursionError,
    AssertionError,
)


def replay_problem(record: GameRecord) -> str | None:
    """Why ``record``'s plays do not replay to the game it describes, or None when they do.

    The plays are re-applied by the engine from the recorded rules, table and seed;
    the totals, score sheet, winner and who went out must come out as recorded.
    Cached by the record's content, so a long history is replayed once per session.
    """
    key = hashlib.sha256(
        repr(
            (
                sorted(record.rules.items()),
                record.players,
                record.seed,
                record.actions,
                record.totals,
                record.sheet,
                record.winner,
                record.went_out,
            )
        ).encode("utf-8", "replace")
    ).hexdigest()
    if key not in _REPLAYS:
        if len(_REPLAYS) > 10_000:
            _REPLAYS.clear()
        _REPLAYS[key] = _replay_problem(record)
    return _REPLAYS[key]


def _replay_problem(record: GameRecord) -> str | None:
    try:
        match = record.replayed()
    except _REPLAY_FAILURES as exc:
        return f"its recorded plays do not fit its rules and seed ({shown(str(exc))})"
    if not match.over and not record.abandoned:
        return "its recorded plays stop before the end of the game"
    for name, recorded, replayed in (
        ("totals", record.totals, match.totals),
        ("score sheet", record.sheet, match.sheet),
        ("winner", record.winner, match.winner),
        ("record of who went out", record.went_out, match.went_out),
    ):
        if _plain_value(recorded) != _plain_value(replayed):
            return f"the recorded {name} and its recorded plays disagree"
    return None


def _plain_value(value: Any) -> Any:
    return [_plain_value(v) for v in value] if isinstance(value, (list, tuple)) else value


def game_id(match: Match) -> str:
    """Stable id of a game: the same game recorded twice is recognised."""
    text = repr(
        (sorted(match.rules.to_json().items()), match.n, match.seed, encode_hands(match.actions))
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def count_swoops(match: Match) -> list[int]:
    """Swoops made by each seat in ``match`` (re-plays it on a copy)."""
    copy = Match(match.rules, match.n, match.seed)
    swoops = [0] * match.n
    for event in copy.replay(match.actions):
        if isinstance(event, Swooped):
            swoops[event.player] += 1
    return swoops


def record_from_match(
    match: Match, seats: list[dict[str, Any]], date: str | None = None, abandoned: bool = False
) -> GameRecord:
    return GameRecord(
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
        swoops=count_swoops(match),
        actions=encode_hands(match.actions),
        abandoned=abandoned,
    )


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
                drop(notes, f"{w}seats[{i}].name: {why}; shown as {name!r}")
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
    rules = get(g, "rules", dict, w)
    try:
        Rules.from_json(rules)
    except RulesError as exc:
        raise DocumentError(f"{w}rules: {exc}") from None
    players = get(g, "players", int, w)
    if not 3 <= players <= 8:
        raise DocumentError(f"{w}players should be 3-8, not {players}")
    seats = _seats_from_json(get(g, "seats", list, w, []), w, notes)
    totals = int_list(get(g, "totals", list, w), f"{w}totals", players)
    winner = get(g, "winner", (int, type(None)), w)
    if winner is not None and not 0 <= winner < players:
        raise DocumentError(f"{w}winner should be a seat 0-{players - 1}, not {winner}")
    sheet = [int_list(r, f"{w}sheet", players) for r in get(g, "sheet", list, w)]
    went_out = int_list(get(g, "went_out", list, w), f"{w}went_out", len(sheet))
    swoops = int_list(get(g, "swoops", list, w, [0] * players), f"{w}swoops", players)
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
        counted=get(g, "counted", bool, w, True),
        abandoned=get(g, "abandoned", bool, w, False),
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
            bad.append(f"games[{i}]: a value in it is wrong ({shown(str(exc))})")
    if games and not good:
        raise DocumentError(f"none of its {len(games)} games could be read ({bad[0]})")
    return History(good, bad)


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (the first draft) stored each deal's actions as a list of action JSON objects."""
    from swoop_desktop.engine import action_from_json

    from .actioncodec import encode_deal

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


def _load(dirs: Dirs, rewrite: bool = True) -> tuple[History | None, list[str], bool]:
    loaded = load_document(dirs.history_file, HISTORY_KIND, dirs.state.kept)
    messages = list(loaded.messages)
    history = loaded.value
    if history is not None and not history.bad and loaded.source == "file" and messages and rewrite:
        # Values replaced on reading (a name that draws as nothing): write the cleaned games,
        # so the player hears of it once (the file as it was is kept, see load_document).
        try:
            _write(dirs, history.games)
        except OSError:
            pass
    if history is not None and history.bad:
        if not rewrite:
            messages.append(
                f"{len(history.bad)} game(s) in your game history could not be "
                f"read ({history.bad[0]}); the other {len(history.games)} are "
                "shown."
            )
            return history, messages, loaded.blocked
        # Keep a full copy, then keep only the readable games, so the player hears of it once.
        try:
            copy = copy_beside(dirs.history_file, "partly-damaged")
            _write(dirs, history.games)
            where = f"a full copy of the file is kept at {copy}"
        except OSError:
            where = "the file was left as it is"
        messages.append(
            f"{len(history.bad)} game(s) in your game history could not be read "
            f"({history.bad[0]}); the other {len(history.games)} are kept, and "
            f"{where}."
        )
    return history, [printable(m) for m in messages], loaded.blocked


LOCK_WAIT = 5.0  # seconds a worker thread waits for another window to finish writing the history
UI_WAIT = 0.3  # the most the window's own thread ever waits for it (New game)


def lock_file(dirs: Dirs) -> Path:
    return dirs.data / "history.json.lock"


@contextmanager
def _locked(dirs: Dirs, wait: float) -> Iterator[list[str]]:
    """Hold the lock every read-modify-write of the history (and so of the statistics)
    holds, waiting at most ``wait`` seconds (Timeout after that); yields messages.

    A folder, link or device at the lock's name is moved aside like any data
    file in the way, and so is a lock file this process may not open (one left
    by Swoop run as another user). LockError when even that is not possible.
    """
    with held_lock(lock_file(dirs), "the history's lock file", wait, dirs.data, FileLock) as told:
        yield told


# -- games waiting for the history -------------------------------------------------
# A finished or abandoned game is first written on its own beside the history
# (``history.pending-<id>.json``), then added to the history under the lock, and
# only then is its pending record removed. Whatever fails in between (a lock held
# by another window, a history that cannot be read, a kill), the game is on disk,
# listed in Scores, and added to the history the next time that works.
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
    """Write ``record`` on its own beside the history; the error when that fails."""
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
    """The games waiting beside the history, oldest first; a damaged one is moved aside."""
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
            try:
                moved: Path | str = move_aside(path)
            except OSError:
                moved = "its place"
            messages.append(
                f"A finished game waiting to be added to your history was damaged ({exc}); "
                f"the file is kept at {short_path(moved)}."
            )
        except OSError:
            continue
    return out, messages


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _merge(dirs: Dirs) -> tuple[History | None, list[str], bool]:
    """Under the lock: the history with every waiting game written into it.

    Returns the history, messages, and whether the history could take them
    (False when its file cannot be read: then nothing is written over it).
    Raises OSError (KeptFile included) when writing fails.
    """
    history, messages, blocked = _load(dirs)
    waiting, more = _pending(dirs)
    messages.extend(more)
    if blocked:
        return history, messages, False
    games = list(history.games) if history else []
    known = {g.id for g in games}
    new = []
    for record in sorted(list(dirs.state.unsaved) + [r for _, r in waiting], key=_date):
        if record.id not in known:
            new.append(record)
            known.add(record.id)
    if new:
        _write(dirs, games + new)
        games += new
    for path, _ in waiting:
        try:
            path.unlink()
        except OSError:
            pass
    dirs.state.unsaved.clear()
    return History(games, history.bad if history else []), messages, True


def _listed(dirs: Dirs, games: list[GameRecord]) -> list[GameRecord]:
    """``games`` and the games not yet in the history file (waiting beside it, or only in
    memory), each once."""
    out = list(games)
    known = {g.id for g in out}
    for record in [r for _, r in _pending(dirs)[0]] + list(dirs.state.unsaved):
        if record.id not in known:
            out.append(record)
            known.add(record.id)
    return out


def load_history(dirs: Dirs) -> tuple[list[GameRecord], list[str]]:
    """Finished games, oldest first, and messages for the player about any damage. Never
    raises, and never waits: a history that cannot be read gives no games and a message
    saying why; one another window is writing is read as it stands."""
    if not dirs.usable:
        return [], []
    lock_messages: list[str] = []
    try:
        with _locked(dirs, 0) as lock_messages:
            history, messages, _ = _merge(dirs)
    except (Timeout, OSError):  # busy, or no lock possible (a read-only folder): just read
        try:
            history, messages, _ = _load(dirs, rewrite=False)
        except OSError as exc:
            return _listed(dirs, []), [
                f"Your game history could not be read ({plain_reason(exc, dirs.data)})."
            ]
    games = _listed(dirs, list(history.games) if history else [])
    told = [printable(m) for m in lock_messages + messages]
    _remember(dirs, told)
    return games, told


def _remember(dirs: Dirs, messages: list[str]) -> None:
    """Keep what a read of the history told until Scores shows it (see take_history_notes)."""
    notes = dirs.state.history_notes
    notes.extend(m for m in messages if m not in notes)
    del notes[:-20]  # a handful is plenty; the oldest go first


def take_history_notes(dirs: Dirs) -> list[str]:
    """Everything reading the history told since Scores last showed it, oldest first (and
    forget it). A damaged history is moved aside (and its ``.bak`` put back) by the first
    read, whichever screen did it: Scores still says so, once."""
    notes = list(dirs.state.history_notes)
    dirs.state.history_notes.clear()
    return notes


def record_pending(dirs: Dirs, wait: float = UI_WAIT) -> list[str]:
    """Add the games left waiting beside the history (by an earlier session that could
    not write it) to the history. Returns messages for the player; never raises."""
    if not dirs.usable or not _pending(dirs)[0]:
        return []
    try:
        with _locked(dirs, wait) as messages:
            _, more, _ = _merge(dirs)
            return [printable(m) for m in messages + more]
    except (Timeout, OSError):
        return []  # they wait beside the history, listed in Scores, for the next time


def _write(dirs: Dirs, games: list[GameRecord]) -> None:
    for text in write_document(
        dirs.history_file, HISTORY_KIND, {"games": [g.to_json() for g in games]}, dirs.state.kept
    ):
        dirs.notices.post("history-moved", text)


def record_finished_game(
    dirs: Dirs,
    match: Match,
    seats: list[dict[str, Any]],
    abandoned: bool = False,
    wait: float = LOCK_WAIT,
) -> list[str]:
    """Add a finished game to the history (once; recording it again changes nothing).

    ``seats`` describes each seat (e.g. ``{"name": "Left", "level": "hard"}``).
    Returns messages for the player, and posts them to ``dirs.notices`` too, so
    they reach the player whatever screen is up (Game Over included).
    See :func:`retire_game` for what is kept when the history cannot take it.
    """
    return _record(dirs, record_from_match(match, seats, abandoned=abandoned), wait)[1]


def retire_game(
    dirs: Dirs,
    match: Match,
    seats: list[dict[str, Any]],
    abandoned: bool = False,
    wait: float = LOCK_WAIT,
) -> bool:
    """Record a game that has ended (or was left for a new one), then forget it as the
    game in progress: the saved game is deleted only once its new home has it.

    The game is written first on its own beside the history, then added to the
    history under the lock shared by every Swoop process on the data folder
    (waiting at most ``wait`` seconds), so two windows finishing games at once
    lose none, and a lock held elsewhere, a history that cannot be read or a
    kill at any moment loses nothing: a waiting game is listed in Scores and
    added the next time the history can take it. Only when nothing at all can
    be written (a full disk) is the saved game kept, and the player told.
    Messages reach the player through ``dirs.notices``. Returns True when the
    game is safely kept and the saved game was cleared.
    """
    if not dirs.usable:
        return False
    kept, _ = _record(dirs, record_from_match(match, seats, abandoned=abandoned), wait)
    if kept:
        clear_game(dirs)
    return kept


def _record(dirs: Dirs, record: GameRecord, wait: float) -> tuple[bool, list[str]]:
    """(kept on disk, messages). Messages are posted to ``dirs.notices`` too."""
    if not dirs.usable:
        return False, []
    problem = _keep_pending(dirs, record)  # first: from here on a kill loses nothing
    if problem is not None and all(g.id != record.id for g in dirs.state.unsaved):
        dirs.state.unsaved.append(record)
    messages: list[str] = []
    written = False
    try:
        with _locked(dirs, wait) as messages:
            _, more, written = _merge(dirs)
            messages.extend(more)
            if written:
                dirs.notices.ok("history")
    except Timeout:
        cause = "another Swoop window kept the history busy"
    except KeptFile:
        cause = "the history file Swoop could not read is kept as it is"
    except LockError as exc:
        cause = str(exc)
    except OSError as exc:
        cause = plain_reason(exc, dirs.data)
    else:
        cause = "the history file could not be read, and is kept as it is"
    if not written:
        if problem is None and cause.startswith("the history file could not be read"):
            messages.append(
                "This game was not added to your history yet, so that nothing in the "
                "existing file, which could not be read, is overwritten. It is kept beside "
                "it, shown in Scores, and added as soon as the history can be read."
            )
        elif problem is None:
            messages.append(
                f"This game could not be added to your scores yet ({cause}). It is kept "
                "beside them, shown in Scores, and added as soon as the history can take it."
            )
        else:
            why = plain_reason(problem, dirs.data)
            nor = "" if why == cause else f", nor kept beside them ({why})"
            messages.append(
                f"This game could not be added to your scores ({cause}){nor}. It stays in "
                "Scores for now and is added with your next finished game."
            )
    for text in messages:
        dirs.notices.post("history", text)
    return written or problem is None, messages


def reset_stats(dirs: Dirs) -> tuple[str | None, list[str]]:
    """Start the statistics afresh; the games stay listed and a dated copy of the file is kept.

    Returns the path of the copy (None when there was no history) and messages.
    """
    if not dirs.usable:
        return None, []
    try:
        with _locked(dirs, LOCK_WAIT) as messages:
            copy, more = _reset(dirs)
            return copy, messages + more
    except Timeout:
        return None, ["Statistics were not reset: another Swoop window kept the history busy."]
    except LockError as exc:
        return None, [f"Statistics were not reset ({exc})."]
    except OSError as exc:
        return None, [f"Statistics were not reset ({plain_reason(exc, dirs.data)})."]


def _reset(dirs: Dirs) -> tuple[str | None, list[str]]:
    history, messages, blocked = _load(dirs)
    if blocked:
        return None, messages + [
            "Statistics were not reset, because the history file could not be read."
        ]
    if history is None or not dirs.history_file.exists():
        return None, messages
    copy = copy_beside(dirs.history_file, "before-reset")
    _write(dirs, [replace(g, counted=False) for g in history.games])
    return str(copy), messages


def _date(record: GameRecord) -> str:
    return record.date
