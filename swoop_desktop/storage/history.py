"""The history of finished games: what the Scores screen lists and statistics count.

``history.json`` (format ``swoop-history``) keeps, per finished game, the date,
rules (preset and options), opponents, final totals, winner, score sheet, who
went out, Swoops made per seat, and what it takes to watch it again: rules,
table size, match seed and the compact action list of every deal (a few KB).

Resetting statistics never deletes games: a timestamped copy of the file is
kept and the games played so far are marked as not counted.
"""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from filelock import FileLock, Timeout

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, Match, Rules, RulesError
from swoop_desktop.engine.events import Swooped
from swoop_desktop.names import check_name, printable, seat_default, shown

from .actioncodec import check_deal_text, decode_hands, encode_hands
from .jsonfile import (
    DocKind,
    DocumentError,
    KeptFile,
    Notes,
    check_type,
    drop,
    get,
    int_list,
    load_document,
    write_document,
)
from .notices import plain_reason
from .paths import Dirs


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

LOCK_WAIT = 30.0  # seconds to wait for another window to finish writing the history


def _lock(dirs: Dirs) -> FileLock:
    """The lock every read-modify-write of the history (and so of the statistics) holds."""
    return FileLock(str(dirs.data / "history.json.lock"), timeout=LOCK_WAIT)


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
        copy = dirs.history_file.with_name(
            f"history.partly-damaged-{datetime.now():%Y%m%d-%H%M%S}.json"
        )
        try:
            n = 0
            while copy.exists():
                n += 1
                copy = copy.with_name(
                    f"history.partly-damaged-{datetime.now():%Y%m%d-%H%M%S}-{n}.json"
                )
            shutil.copyfile(dirs.history_file, copy)
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


def load_history(dirs: Dirs) -> tuple[list[GameRecord], list[str]]:
    """Finished games, oldest first, and messages for the player about any damage. Never
    raises: a history that cannot be read gives no games and a message saying why."""
    if not dirs.usable:
        return [], []
    try:
        with _lock(dirs).acquire(timeout=5.0):
            history, messages, _ = _load(dirs)
    except Timeout:
        history, messages, _ = _load(dirs, rewrite=False)
    except OSError as exc:  # no lock file possible (read-only folder): read without one
        try:
            history, messages, _ = _load(dirs, rewrite=False)
        except OSError:
            return [], [f"Your game history could not be read ({plain_reason(exc, dirs.data)})."]
    games = list(history.games) if history else []
    games.extend(g for g in dirs.state.unsaved if all(g.id != h.id for h in games))
    return games, messages


def _write(dirs: Dirs, games: list[GameRecord]) -> None:
    for text in write_document(
        dirs.history_file, HISTORY_KIND, {"games": [g.to_json() for g in games]}, dirs.state.kept
    ):
        dirs.notices.post("history-moved", text)


def record_finished_game(
    dirs: Dirs, match: Match, seats: list[dict[str, Any]], abandoned: bool = False
) -> list[str]:
    """Add a finished game to the history (once; recording it again changes nothing).

    ``seats`` describes each seat (e.g. ``{"name": "Left", "level": "hard"}``).
    Returns messages for the player, and posts them to ``dirs.notices`` too, so
    they reach the player whatever screen is up (Game Over included).
    The read-modify-write holds a lock shared by every Swoop process on the data
    folder, so two windows finishing games at once lose none. If the history
    file exists but cannot be read or moved aside, nothing is written, so real
    statistics are never replaced by an empty list. A game that cannot be
    written (disk full, read-only folder) stays listed for this session and is
    written with the next finished game that can be.
    """
    if not dirs.usable:
        return []
    record = record_from_match(match, seats, abandoned=abandoned)
    if all(g.id != record.id for g in dirs.state.unsaved):
        dirs.state.unsaved.append(record)
    messages: list[str] = []
    try:
        with _lock(dirs):
            history, messages, blocked = _load(dirs)
            if blocked:
                messages.append(
                    "This game was not added to your history, so that nothing in "
                    "the existing file is overwritten. It is shown in Scores until "
                    "you quit."
                )
            else:
                games = list(history.games) if history else []
                known = {g.id for g in games}
                new = [g for g in dirs.state.unsaved if g.id not in known]
                if new:
                    _write(dirs, games + new)
                dirs.state.unsaved.clear()
                dirs.notices.ok("history")
    except Timeout:
        messages.append(
            "This game could not be added to your scores yet: another Swoop window "
            "kept the history busy. It is shown in Scores and added with your next "
            "finished game."
        )
    except KeptFile:
        messages.append(
            "This game was not added to your history, so that the history file "
            "Swoop could not read stays as it is."
        )
    except OSError as exc:
        messages.append(
            f"This game could not be added to your scores "
            f"({plain_reason(exc, dirs.data)}). It stays in Scores for now and is "
            "added with your next finished game."
        )
    for text in messages:
        dirs.notices.post("history", text)
    return messages


def reset_stats(dirs: Dirs) -> tuple[str | None, list[str]]:
    """Start the statistics afresh; the games stay listed and a dated copy of the file is kept.

    Returns the path of the copy (None when there was no history) and messages.
    """
    if not dirs.usable:
        return None, []
    try:
        with _lock(dirs):
            return _reset(dirs)
    except Timeout:
        return None, ["Statistics were not reset: another Swoop window kept the history busy."]
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
    copy = dirs.history_file.with_name(f"history.before-reset-{datetime.now():%Y%m%d-%H%M%S}.json")
    n = 0
    while copy.exists():
        n += 1
        copy = copy.with_name(f"history.before-reset-{datetime.now():%Y%m%d-%H%M%S}-{n}.json")
    shutil.copyfile(dirs.history_file, copy)
    _write(dirs, [replace(g, counted=False) for g in history.games])
    return str(copy), messages
