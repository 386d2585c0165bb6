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
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from swoop_desktop.engine import EngineError, Match, Rules, RulesError, format_position
from swoop_desktop.engine.state import GameState

from .actioncodec import decode_hands, encode_hands
from .jsonfile import (
    DocKind,
    DocumentError,
    backup_path,
    check_type,
    get,
    int_list,
    load_document,
    write_document,
)
from .paths import Dirs


@dataclass(frozen=True)
class SavedGame:
    """A restored game: the Match (exactly where it was), the play log, the UI's extras."""

    match: Match
    log: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    saved_at: str = ""


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


def match_from_json(data: dict[str, Any], where: str = "") -> Match:
    """Rebuild a Match by replaying its recorded actions; DocumentError if anything disagrees."""
    try:
        rules = Rules.from_json(get(data, "rules", dict, where))
    except RulesError as exc:
        raise DocumentError(f"{where}rules: {exc}") from None
    players = get(data, "players", int, where)
    seed = get(data, "seed", int, where)
    hands = decode_hands(get(data, "actions", list, where), f"{where}actions")
    try:
        match = Match(rules, players, seed)
        match.replay(hands)
    except (EngineError, ValueError) as exc:
        raise DocumentError(f"the recorded plays do not fit the rules ({exc})") from None
    expect = {
        "totals": int_list(get(data, "totals", list, where, match.totals), f"{where}totals"),
        "sheet": [int_list(r, f"{where}sheet") for r in get(data, "sheet", list, where,
                                                             match.sheet)],
        "went_out": int_list(get(data, "went_out", list, where, match.went_out),
                             f"{where}went_out"),
        "fingerprint": get(data, "fingerprint", str, where, fingerprint(match.state)),
    }
    actual = {"totals": match.totals, "sheet": match.sheet, "went_out": match.went_out,
              "fingerprint": fingerprint(match.state)}
    for key, value in expect.items():
        if value != actual[key]:
            raise DocumentError(f"{where}{key} does not match the recorded plays "
                                f"(file says {value!r:.80}, the plays give {actual[key]!r:.80})")
    return match


def _saved_game_from_json(data: dict[str, Any]) -> SavedGame:
    match = match_from_json(data)
    log = get(data, "log", list, "", [])
    for i, line in enumerate(log):
        check_type(line, str, f"log[{i}]")
    extra = get(data, "extra", dict, "", {})
    saved = get(data, "saved", str, "", "")
    return SavedGame(match=match, log=list(log), extra=dict(extra), saved_at=saved)


GAME_KIND: DocKind[SavedGame] = DocKind(
    format="swoop-game", version=1, label="saved game", validate=_saved_game_from_json,
    indent=None)


def save_game(dirs: Dirs, match: Match, log: list[str], extra: dict[str, Any] | None = None
              ) -> None:
    """Save the game in progress atomically (call after every play and on quit)."""
    body = {"saved": datetime.now().isoformat(timespec="seconds")}
    body.update(match_to_json(match))
    body["log"] = [str(line) for line in log]
    body["extra"] = dict(extra or {})
    write_document(dirs.game_file, GAME_KIND, body)


def load_game(dirs: Dirs) -> tuple[SavedGame | None, list[str]]:
    """The saved game, restored exactly (None if there is none or it was damaged) + messages."""
    loaded = load_document(dirs.game_file, GAME_KIND)
    return loaded.value, loaded.messages


def has_saved_game(dirs: Dirs) -> bool:
    """True when a saved game file exists (Continue is offered); it may still prove damaged."""
    return dirs.game_file.is_file()


def clear_game(dirs: Dirs) -> None:
    """Forget the game in progress (it ended, or the player started a new one)."""
    for path in (dirs.game_file, backup_path(dirs.game_file)):
        path.unlink(missing_ok=True)
