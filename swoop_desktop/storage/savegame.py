"""The game in progress: saved after every play, restored exactly by Continue.

``game.json`` (format ``swoop-game``) holds the rules, table size and match
seed, the actions of every deal so far (compact, see :mod:`actioncodec`) —
from which the engine, being deterministic, rebuilds everything exactly,
mid-turn included — plus, as a cross-check and for people reading the file,
the dealer, running totals, score sheet and the current deal as a position.
A file whose recorded plays do not rebuild those facts is treated as damaged.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from swoop_desktop.choices import MAX_PLAYERS, MIN_PLAYERS
from swoop_desktop.engine import EngineError, Match, Rules, RulesError, format_position
from swoop_desktop.engine.state import GameState
from swoop_desktop.i18n import _
from swoop_desktop.names import label, shown
from swoop_desktop.safeio import Refused, is_regular, read_capped

from .actioncodec import decode_hands, encode_hands
from .jsonfile import (
    DocKind,
    DocumentError,
    KeptFile,
    Notes,
    backup_path,
    drop,
    get,
    int_list,
    load_document,
    write_document,
)
from .notices import plain_reason
from .paths import Dirs
from .seats import Seat, seats_from_json, seats_to_json
from .settings import Known


@dataclass(frozen=True)
class SavedGame:
    """A restored game: the Match (exactly where it was), the play log, the UI's extras."""

    match: Match
    log: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    saved_at: str = ""
    seats: list[Seat] | None = None  # who sat at the table (None: not saved, or unusable)


def fingerprint(state: GameState | None) -> str:
    """A short digest of where every physical card is (hands, table, pile, swept, turn)."""
    if state is None:
        return ""
    parts = [f"{state.to_move}/{state.phase}/{state.follow_rank}"]
    for p in range(state.n):
        parts.append(",".join(map(str, state.hand_ids(p))))
        parts.append(",".join("-" if c is None else str(c) for c in state.up[p]))
        parts.append(",".join("-" if c is None else str(c) for c in state.down[p]))
    parts.append(",".join(map(str, state.pile)))
    parts.append(",".join(map(str, state.swept)))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]


def match_to_json(match: Match) -> dict[str, Any]:
    """The facts that rebuild ``match`` (rules, players, seed, actions) plus cross-checks."""
    body: dict[str, Any] = {
        "rules": match.rules.to_json(),
        "players": match.n,
        "seed": match.seed,
        "actions": encode_hands(match.actions),
        "dealer": match.dealer,
        "totals": list(match.totals),
        "sheet": [list(row) for row in match.sheet],
        "went_out": list(match.went_out),
        "over": match.over,
        "fingerprint": fingerprint(match.state),
    }
    if match.state is not None:
        body["position"] = format_position(match.state)
    return body


def stored_rules(data: Any, where: str = "") -> dict[str, Any]:
    """The ``rules`` of a stored game (saved, in the history, a puzzle's or a daily deal's),
    as stored, once they are rules this Swoop plays; DocumentError naming them if not."""
    rules: dict[str, Any] = get(data, "rules", dict, where)
    try:
        Rules.from_json(rules)
    except RulesError as exc:
        raise DocumentError(f"{where}rules: {exc}") from None
    return rules


def stored_seed(data: Any, where: str = "") -> int:
    """The deal's ``seed`` of a stored game (a number a deal can have); DocumentError if not."""
    seed: int = get(data, "seed", int, where)
    if not 0 <= seed < 1 << 63:
        # Translators: {name} is where the value is in the file (a number).
        told = _("{name} is out of range")
        raise DocumentError(told.format(name=f"{where}seed"))
    return seed


def match_from_json(data: dict[str, Any], where: str = "") -> Match:
    """Rebuild a Match by replaying its recorded actions; DocumentError if anything disagrees."""
    rules = Rules.from_json(stored_rules(data, where))
    players = get(data, "players", int, where)
    seed = get(data, "seed", int, where)
    hands = decode_hands(get(data, "actions", list, where), f"{where}actions")
    try:
        match = Match(rules, players, seed)
        match.replay(hands)
    except (EngineError, ValueError) as exc:
        # Translators: {error} is the game engine's own words (in English).
        told = _("the recorded plays do not fit the rules ({error})")
        raise DocumentError(told.format(error=exc)) from None
    expect = {
        "totals": int_list(get(data, "totals", list, where, match.totals), f"{where}totals"),
        "sheet": [
            int_list(r, f"{where}sheet") for r in get(data, "sheet", list, where, match.sheet)
        ],
        "went_out": int_list(
            get(data, "went_out", list, where, match.went_out), f"{where}went_out"
        ),
        "fingerprint": get(data, "fingerprint", str, where, fingerprint(match.state)),
    }
    actual = {
        "totals": match.totals,
        "sheet": match.sheet,
        "went_out": match.went_out,
        "fingerprint": fingerprint(match.state),
    }
    for key, value in expect.items():
        if value != actual[key]:
            # Translators: {name} is the value's name in the file; {found} what the file
            # says; {expected} what the recorded plays give.
            told = _(
                "{name} does not match the recorded plays (file says {found}, the plays "
                "give {expected})"
            )
            raise DocumentError(
                told.format(
                    name=f"{where}{key}", found=f"{value!r:.80}", expected=f"{actual[key]!r:.80}"
                )
            )
    return match


def _read_seats(
    extra: dict[str, Any], players: int, notes: Notes, known: Known
) -> list[Seat] | None:
    """The seats saved with the game (see :mod:`.seats`), one for each of its ``players``;
    what had to change is noted."""
    if "seats" not in extra:
        return None
    seats, messages = seats_from_json(extra["seats"], players, known, "extra.seats")
    for text in messages:
        drop(notes, text)
    return seats


def _writable(extra: dict[str, Any], notes: Notes) -> dict[str, Any]:
    """Extras that can be written back as they are (a value that cannot is dropped)."""
    out = {}
    for key, value in extra.items():
        try:
            json.dumps(value, allow_nan=False)
        except (TypeError, ValueError):
            # Translators: {name} is the value's name in the file; {value} what it held.
            told = _("{name} holds a value that cannot be used ({value})")
            drop(notes, told.format(name=f"extra.{label(key)}", value=shown(value)))
            continue
        out[key] = value
    return out


def _saved_game_from_json(
    data: dict[str, Any], notes: Notes = None, known: Known | None = None
) -> SavedGame:
    players = get(data, "players", int, "")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        # Translators: {low} and {high} are the smallest and largest tables (3 and 8);
        # {found} the file's number of players.
        told = _("players should be from {low} to {high}, not {found}")
        raise DocumentError(told.format(low=MIN_PLAYERS, high=MAX_PLAYERS, found=players))
    match = match_from_json(data)
    log = get(data, "log", list, "", [])
    good_log = []
    for i, line in enumerate(log):
        if isinstance(line, str) and len(line) <= 1000:
            good_log.append(line)
        else:
            # Translators: {name} is the entry's name in the file (log[3]).
            drop(notes, _("{name} should be a line of text").format(name=f"log[{i}]"))
    extra = dict(get(data, "extra", dict, "", {}))
    seats = _read_seats(extra, players, notes, known or Known())
    extra.pop("seats", None)
    extra = _writable(extra, notes)
    saved = get(data, "saved", str, "", "")
    return SavedGame(match=match, log=good_log, extra=extra, saved_at=saved[:40], seats=seats)


GAME_KIND: DocKind[SavedGame] = DocKind(
    format="swoop-game",
    version=1,
    label="saved game",
    validate=_saved_game_from_json,
    indent=None,
    cap=16 << 20,
)


def save_game(
    dirs: Dirs,
    match: Match,
    log: list[str],
    extra: dict[str, Any] | None = None,
    seats: list[Seat] | None = None,
) -> bool:
    """Save the game in progress atomically (call after every play and on quit), with
    the ``seats`` that sit at it, so that Continue seats the same opponents. Whether it
    was written.

    A disk problem is told to the player once (``dirs.notices``), never raised.
    A second window on the same data folder does not save its game in progress
    (it was told so), so the first window's saved game is never overwritten.

    The finished games only in memory (``dirs.state.unsaved``: neither the history nor a
    file beside it could take them, a full disk) go with it, in ``extra`` under
    :data:`FINISHED`, until a start stores them (``progress.history.record_pending``).
    """
    if not dirs.usable or dirs.state.second_window:
        return False
    body: dict[str, Any] = {"saved": datetime.now().isoformat(timespec="seconds")}
    body.update(match_to_json(match))
    body["log"] = [str(line) for line in log]
    body["extra"] = dict(extra or {})
    if seats is not None:
        body["extra"]["seats"] = seats_to_json(seats)
    waiting = [record.to_json() for record in list(dirs.state.unsaved)]
    if waiting:
        body["extra"][FINISHED] = waiting
    try:
        for text in write_document(dirs.game_file, GAME_KIND, body, dirs.state.kept):
            dirs.notices.post("game-moved", text)
    except KeptFile:
        dirs.notices.post(
            "game",
            _(
                "Your game in progress is not being saved, so that the saved game Swoop "
                "could not read stays as it is. You can play on."
            ),
        )
        return False
    except OSError as exc:
        dirs.notices.post(
            "game",
            # Translators: {reason} says why, e.g. "the disk is full".
            _(
                "Your game cannot be saved right now ({reason}). You can play on; it is "
                "saved again as soon as it can be."
            ).format(reason=plain_reason(exc, dirs.data)),
        )
        return False
    dirs.notices.ok("game")
    return True


#: Where the saved game keeps finished games that could be written nowhere else (the
#: history's records, as stored; see :func:`save_game`).
FINISHED = "finished"


def saved_game_body(dirs: Dirs) -> dict[str, Any] | None:
    """The saved game's file as it is, read but not checked (nothing replayed, nothing
    moved): what a start needs of it before any screen reads it (the finished games kept
    in it, :data:`FINISHED`). None when there is none, or it is not a JSON object."""
    if not dirs.usable or not is_regular(dirs.game_file):
        return None
    try:
        data = json.loads(read_capped(dirs.game_file, GAME_KIND.cap))
    except (OSError, Refused, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def load_game(dirs: Dirs, known: Known | None = None) -> tuple[SavedGame | None, list[str]]:
    """The saved game, restored exactly (None if there is none or it was damaged) + messages.

    ``known`` (from the AI package) lets the seats saved with the game be checked too.
    """
    if not dirs.usable:
        return None, []
    kind = replace(
        GAME_KIND, validate=lambda data, notes: _saved_game_from_json(data, notes, known)
    )
    loaded = load_document(dirs.game_file, kind, dirs.state.kept)
    return loaded.value, loaded.messages


def has_saved_game(dirs: Dirs | None) -> bool:
    """True when a saved game (or its backup) exists (Continue is offered); it may still prove
    damaged. Never raises."""
    if dirs is None or not dirs.usable:
        return False
    return is_regular(dirs.game_file) or is_regular(backup_path(dirs.game_file))


def clear_game(dirs: Dirs) -> None:
    """Forget the game in progress (it ended, or the player started a new one).

    The backup goes first: a crash in between leaves the newer file, never
    only an older backup of a game that has since ended.
    """
    if not dirs.usable or dirs.state.second_window:
        return
    for path in (backup_path(dirs.game_file), dirs.game_file):
        if path in dirs.state.kept:
            continue
        try:
            if is_regular(path):
                path.unlink()
        except OSError:
            pass
