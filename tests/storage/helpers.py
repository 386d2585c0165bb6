"""Shared helpers for the storage tests: random but reproducible games."""

from __future__ import annotations

import contextlib
import copy
import random
import shutil
import sqlite3
from pathlib import Path

from swoop_desktop.engine import Add, Match, Play, Rules


def choose(match: Match, rng: random.Random):
    """A random legal action; hand cards are sometimes named by id, as the UI does."""
    action = rng.choice(match.legal_actions())
    if isinstance(action, (Play, Add)) and action.hand and rng.random() < 0.5:
        ids = match.state.hands[match.state.to_move][action.hand[0]]
        action = type(action)(action.hand, action.up, tuple(rng.sample(ids, len(action.hand))))
    return action


def step(match: Match, rng: random.Random) -> list[dict]:
    """One step of a game: deal the next hand when needed, else one random play."""
    if match.state is None or match.hand_over:
        return match.start_hand()
    return match.apply(choose(match, rng))


def play(match: Match, steps: int, rng: random.Random) -> Match:
    for _ in range(steps):
        if match.over:
            break
        step(match, rng)
    return match


#: Each game :func:`finished_match` has played, by (seed, rules, players): never handed out.
_FINISHED: dict[tuple[int, Rules, int], Match] = {}


def finished_match(seed: int, rules: Rules | None = None, players: int = 4) -> Match:
    """A whole game played to its end by random players.

    The random players choose once per (seed, rules, players), which is most of the cost;
    every call gets a copy of that game of its own (the engine's independent copy, with its
    own actions), free to change."""
    rules = rules or Rules.from_preset("app")
    key = (seed, rules, players)
    played = _FINISHED.get(key)
    if played is None:
        played = Match(rules, players, seed)
        rng = random.Random(seed)
        while not played.over:
            step(played, rng)
        _FINISHED[key] = played
    match = played.copy()
    match.actions = [[copy.copy(a) for a in hand] for hand in played.actions]
    return match


def saved_seats(weights: dict | None) -> list[dict]:
    """The seats a saved game keeps: you, and three normal bots with these feature weights."""
    you = {
        "seat": 0,
        "name": "You",
        "level": "human",
        "personality": None,
        "think_ms": [400, 900],
        "weights": None,
    }
    return [you] + [
        {
            "seat": i,
            "name": n,
            "level": "normal",
            "personality": "balanced",
            "think_ms": [400, 900],
            "weights": weights,
        }
        for i, n in ((1, "Left"), (2, "Top"), (3, "Right"))
    ]


def as_older_swoop_left_it(dirs) -> Path:
    """Turn the folder into one an older Swoop wrote: the games stored so far written out
    as its ``history.json`` (no ``.bak``), the daily deals, puzzles and reviews as its
    ``daily.json``, ``puzzles.json`` and ``reviews.json``, the database gone. The next read imports the
    file; a test edits it first to plant what an older Swoop's file could hold."""
    from swoop_desktop.progress.export import export_history
    from swoop_desktop.storage import db

    export_history(dirs, dirs.history_file)
    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:  # its other files
        for name, body in con.execute("SELECT name, body FROM documents"):
            (dirs.data / name).write_text(body, encoding="utf-8")
    for suffix in ("", "-wal", "-shm"):
        Path(str(db.db_file(dirs)) + suffix).unlink(missing_ok=True)
    shutil.rmtree(db.backups_folder(dirs), ignore_errors=True)
    db.forget(dirs)
    return dirs.history_file


def db_document(dirs, name: str) -> str:
    """The stored body of a document (``daily.json``, ``puzzles.json``, ``reviews.json``)."""
    from swoop_desktop.storage import db

    with contextlib.closing(sqlite3.connect(db.db_file(dirs))) as con:
        row = con.execute("SELECT body FROM documents WHERE name = ?", (name,)).fetchone()
    return row[0] if row else ""
