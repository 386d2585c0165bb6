"""Finished games waiting for the history, beside the database
(``history.pending-<id>.json``): a game is stored in the database in one change; when
that cannot be done now (another window holds it past the wait, a full disk), it is
written on its own beside the database and stored the next time that works. Only if
even that fails does it wait in memory (``dirs.state.unsaved``, and the saved game is
kept). A waiting game is listed in Scores all the same (:func:`with_waiting`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from swoop_desktop.i18n import _
from swoop_desktop.safeio import Refused, read_capped
from swoop_desktop.storage.jsonfile import (
    DocKind,
    DocumentError,
    Notes,
    atomic_write_text,
    decode_document,
    encode_document,
    get,
    set_aside,
)
from swoop_desktop.storage.notices import short_path
from swoop_desktop.storage.paths import Dirs

from .game_record import GameRecord, record_from_json


def _pending_from_json(data: dict[str, Any], notes: Notes = None) -> GameRecord:
    return record_from_json(get(data, "game", dict, ""), "game", notes)


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


def keep_pending(dirs: Dirs, record: GameRecord) -> OSError | None:
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


def pending_files(dirs: Dirs) -> tuple[list[tuple[Path, GameRecord]], list[str]]:
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


def with_waiting(dirs: Dirs, games: list[GameRecord]) -> list[GameRecord]:
    """``games`` and the games not yet stored (waiting beside the database, or only in
    memory), each once."""
    out = list(games)
    known = {g.id for g in out}
    for record in [r for _unused, r in pending_files(dirs)[0]] + list(dirs.state.unsaved):
        if record.id not in known:
            out.append(record)
            known.add(record.id)
    return out


def waiting_games(dirs: Dirs) -> list[GameRecord]:
    """The finished games not in the database yet (beside it, or only in memory)."""
    return with_waiting(dirs, [])
