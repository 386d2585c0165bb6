"""Your records: best margin, most Swoops in a hand, longest daily streak, clean wins.

The records come from the history and the daily deals, like the statistics:

- **best margin**: the most points by which your final total was below the mean
  of the others' (finished, counted games);
- **most Swoops in a hand**: the most piles you swooped in one hand;
- **longest daily streak**: the most days in a row you played the daily deal
  (and the most in a row you beat the hard opponent's score in your seat);
- **won without a pick-up**: games you won without once taking the pile.

The two that need a game's plays (Swoops per hand, pick-ups) are worked out by
replaying each game once and kept in ``records.json`` (format
``swoop-records``) by game id, so Scores opens quickly with a long history.
That file is only a cache: written atomically with a ``.bak`` like every
other, and worked out again from the history if it is lost or damaged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import EngineError
from swoop_desktop.engine.events import Dealt, PickedUp, Swooped
from swoop_desktop.names import printable

from .daily import DailyEntry, streaks
from .history import GameRecord
from .jsonfile import DocKind, DocumentError, Notes, drop, int_list, load_document, write_document
from .paths import Dirs


@dataclass(frozen=True)
class GameFacts:
    """What a replay of one game says for the records (seat 0's view)."""

    hand_swoops: int  # the most Swoops seat 0 made in one hand
    pickups: int  # times seat 0 took the pile


def game_facts(record: GameRecord, seat: int = HUMAN_SEAT) -> GameFacts | None:
    """Replay ``record`` and count; None when its plays cannot be replayed."""
    try:
        events = record.new_match().replay(record.deals())
    except (EngineError, DocumentError, ValueError):
        return None
    best = here = pickups = 0
    for event in events:
        if isinstance(event, Dealt):
            here = 0
        elif isinstance(event, Swooped) and event.player == seat:
            here += 1
            best = max(best, here)
        elif isinstance(event, PickedUp) and event.player == seat:
            pickups += 1
    return GameFacts(best, pickups)


@dataclass(frozen=True)
class Records:
    best_margin: float | None = None  # points below the others' mean (higher is better)
    best_margin_date: str = ""
    hand_swoops: int = 0
    hand_swoops_date: str = ""
    daily_streak: int = 0
    daily_beaten_streak: int = 0
    clean_wins: int = 0  # games won without a pick-up


def compute_records(
    records: Sequence[GameRecord],
    facts: dict[str, GameFacts],
    daily: Sequence[DailyEntry] = (),
    today: date | None = None,
    seat: int = HUMAN_SEAT,
) -> Records:
    """The records of the counted, finished games in ``records`` and the daily deals."""
    best_margin: float | None = None
    best_margin_date = ""
    swoops = 0
    swoops_date = ""
    clean = 0
    for r in records:
        if not r.counted or r.abandoned or seat >= len(r.totals):
            continue
        others = [t for i, t in enumerate(r.totals) if i != seat]
        lead = sum(others) / len(others) - r.totals[seat]
        if best_margin is None or lead > best_margin:
            best_margin, best_margin_date = lead, r.date
        fact = facts.get(r.id)
        if fact is None:
            continue
        if fact.hand_swoops > swoops:
            swoops, swoops_date = fact.hand_swoops, r.date
        if r.result(seat) == "win" and fact.pickups == 0:
            clean += 1
    s = streaks(daily, today or date.today())
    return Records(
        best_margin, best_margin_date, swoops, swoops_date, s.best_played, s.best_beaten, clean
    )


# -- the cache file -------------------------------------------------------------------
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
            if any(not 0 <= v <= 1_000_000 for v in pair):
                raise DocumentError(f"games[{key}] should hold counts of 0-1000000")
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
    return dirs.data / "records.json"


def load_facts(dirs: Dirs, records: Sequence[GameRecord]) -> tuple[dict[str, GameFacts], list[str]]:
    """Each game's facts (from ``records.json``, replaying the games it lacks and keeping
    them there), and messages for the player. Never raises."""
    if not dirs.usable:
        return {r.id: f for r in records if (f := game_facts(r)) is not None}, []
    loaded = load_document(records_file(dirs), RECORDS_KIND, dirs.state.kept)
    messages = list(loaded.messages)
    facts = dict(loaded.value or {})
    added = False
    false: list[str] = []
    for r in records:
        stored = facts.get(r.id)
        if stored is not None and (why := unsupported(stored, r)) is not None:
            false.append(why)
            del facts[r.id]  # worked out again from the game's plays, just below
        if r.id not in facts:
            fact = game_facts(r)
            if fact is not None:
                facts[r.id] = fact
                added = True
    if false:
        more = f" (and {len(false) - 1} more)" if len(false) > 1 else ""
        messages.append(
            printable(
                f"Your records file held counts your games do not support: {false[0]}{more}. "
                "They were worked out again from your games."
            )
        )
    if added and not loaded.blocked:
        ids = {r.id for r in records}
        body = {"games": {k: [f.hand_swoops, f.pickups] for k, f in facts.items() if k in ids}}
        try:
            write_document(records_file(dirs), RECORDS_KIND, body, dirs.state.kept)
        except OSError:
            pass  # a cache: worked out again next time
    return facts, messages


def _plays(text: str) -> int:
    """How many plays a deal's text holds (one a word): counted by its single spaces, as
    the codec writes it (this runs for every game of a long history each time Progress
    opens), by splitting when the text is spaced otherwise."""
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
