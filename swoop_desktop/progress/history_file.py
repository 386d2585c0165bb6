"""The ``history.json`` file (format ``swoop-history``): the games as an older Swoop kept
them, which ``swoop --export`` still writes (:data:`HISTORY_KIND`), and an older Swoop's
file brought into the database (:func:`import_older`), once, by the first change of an
opening: with ``INSERT OR IGNORE`` on the game ids, so twice adds nothing, the old files
then moved untouched into ``imported-<date>/``.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swoop_desktop.i18n import _, ngettext
from swoop_desktop.names import printable, shown
from swoop_desktop.safeio import Refused, read_capped
from swoop_desktop.storage import db
from swoop_desktop.storage.imported import IMPORTED
from swoop_desktop.storage.jsonfile import (
    DocKind,
    DocumentError,
    Notes,
    backup_path,
    decode_document,
    get,
    load_document,
)
from swoop_desktop.storage.paths import Dirs

from . import summaries
from .game_record import GameRecord, record_from_json
from .stored_games import store_records


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
            good.append(record_from_json(g, f"games[{i}]", notes))
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


def load_older(dirs: Dirs) -> tuple[History | None, list[str], bool]:
    """The old ``history.json`` (with its ``.bak`` should it be damaged), read for the
    import: the history, messages, and whether the file is blocked (kept as it is)."""
    loaded = load_document(dirs.history_file, HISTORY_KIND, dirs.state.kept)
    return loaded.value, [printable(m) for m in loaded.messages], loaded.blocked


#: Kept in ``dirs.state.cache`` once an older Swoop's history has been looked for at this
#: opening of the database (and brought in, when there was one): the opening does it, and
#: no change storing a game looks for those files again (``db.forget`` starts it afresh).
#: "kept" when the file could not be read: a read (Scores, the opening) tries it again.
OLDER_LOOKED = "older-history-looked"


def older_due(dirs: Dirs, again: bool = False) -> bool:
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


def import_older(dirs: Dirs, con: sqlite3.Connection) -> tuple[list[str], list[Path]]:
    """Inside a change: bring the games of an older Swoop's ``history.json`` (and its
    ``.bak``) in. Messages, and the files to move into the import's folder once the
    change is committed (none when there is nothing to import or the file is kept).
    Done once, by the first change of an opening (:func:`record_pending`, which the
    opening runs), never again by the changes that store games."""
    main, bak = dirs.history_file, backup_path(dirs.history_file)
    if not (main.exists() or bak.exists()):
        return [], []
    history, messages, blocked = load_older(dirs)
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
    new = store_records(con, games, "import", facts)
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
