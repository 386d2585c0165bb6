"""Your daily deals: one record a day, and the streaks they make.

The ``daily.json`` document (format ``swoop-daily``), kept in the progress database
(:mod:`swoop_desktop.storage.documents`, under the name of the file an older Swoop
wrote), keeps, per day, the deal's seed and
rules, whether it was finished, your points per seat, and what the hard
opponent scored in your seat with the same deal (the referee's comparison,
stored once worked out; who did better is judged whenever it is read, by
:func:`compare`: nothing judged is stored) with that hand's actions (``hard_play``, in
:mod:`swoop_desktop.storage.actioncodec`'s text: the review of your hand lays them beside yours). The first daily deal opened on a day is the one that
counts: it is recorded as played when it is dealt, so a daily deal left
unfinished still counts as played (and not as beating anyone); playing it
again that day is allowed and changes nothing here.

Each change is one transaction of the database; a damaged entry is dropped (the
others are kept) and the player is told.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Literal

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, Rules
from swoop_desktop.i18n import _
from swoop_desktop.names import shown
from swoop_desktop.storage.actioncodec import decode_deal, encode_deal
from swoop_desktop.storage.documents import (
    Change,
    Changed,
    Later,
    change_stored,
    load_stored,
    store_waiting,
)
from swoop_desktop.storage.jsonfile import (
    DocKind,
    DocumentError,
    Notes,
    check_type,
    drop,
    get,
    int_list,
)
from swoop_desktop.storage.paths import Dirs
from swoop_desktop.storage.savegame import stored_rules, stored_seed

KEEP_DAYS = 3660  # about ten years of days
# Your play and the hard opponent's (on a worker thread), or two windows, may finish at the
# same moment: each read-change-write is one transaction of the database (storage.documents), so neither
# is lost.
PLAYERS = 4


@dataclass(frozen=True)
class DailyEntry:
    day: str  # ISO date, local
    seed: int
    rules: dict[str, Any]
    finished: bool = False
    points: list[int] | None = None  # the hand's points per seat (you are seat 0)
    hard: list[int] | None = None  # the same when the hard opponent played your seat
    # The hard opponent's hand, every seat's actions in order (actioncodec's text).
    hard_play: str | None = None

    @property
    def hard_actions(self) -> list[Action] | None:
        """The hard opponent's hand in your seat, as actions (None when not kept)."""
        return None if self.hard_play is None else decode_deal(self.hard_play)

    @property
    def margin(self) -> float | None:
        return None if self.points is None else margin(self.points)

    @property
    def hard_margin(self) -> float | None:
        return None if self.hard is None else margin(self.hard)

    @property
    def comparison(self) -> Comparison | None:
        """Your hand against the hard opponent's in your seat (:func:`compare`); None
        until both are known (a day left unfinished has none)."""
        if not self.finished or self.points is None or self.hard is None:
            return None
        return compare(self.points, self.hard)

    @property
    def beat_hard(self) -> bool:
        """You did better than the hard opponent in your seat: a better margin against the
        table, as shown (:func:`compare`)."""
        comparison = self.comparison
        return comparison is not None and comparison.outcome == "better"

    def to_json(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "seed": self.seed,
            "rules": self.rules,
            "finished": self.finished,
            "points": self.points,
            "hard": self.hard,
            "hard_play": self.hard_play,
        }


def margin(points: Sequence[int]) -> float:
    """A hand's margin against the table: your points minus the average of the others'
    (lower is better; what the daily deal is judged by)."""
    others = [p for i, p in enumerate(points) if i != HUMAN_SEAT]
    return points[HUMAN_SEAT] - sum(others) / len(others)


def shown_margin(points: Sequence[int]) -> float:
    """:func:`margin` as the player reads it: to one decimal, rounded as it is written."""
    return float(f"{margin(points):.1f}")


@dataclass(frozen=True)
class Comparison:
    """How your hand went against the hard opponent's with your cards in your seat."""

    outcome: Literal["better", "same", "worse"]  # how you did
    by: float  # the margins' difference as shown (one decimal, never negative)


def compare(mine: Sequence[int], hard: Sequence[int]) -> Comparison:
    """Your hand's points per seat (``mine``) against the hard opponent's in your seat
    (``hard``), judged by the margin against the table as both are shown, to one decimal:
    the one way the daily deal is judged (the result, the page, the streaks and records).
    Fewer points than the hard opponent is worse when the others took fewer beside them."""
    by = round(shown_margin(hard) - shown_margin(mine), 1)
    if by > 0:
        return Comparison("better", by)
    if by < 0:
        return Comparison("worse", -by)
    return Comparison("same", 0.0)


def _day(text: str, name: str) -> str:
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        # Translators: {name} is where the value is in the file; {value} what it held.
        told = _("{name} should be a date like 2026-12-01, not {value}")
        raise DocumentError(told.format(name=name, value=repr(text[:40]))) from None


def _points(value: Any, name: str) -> list[int] | None:
    if value is None:
        return None
    points = int_list(value, name, PLAYERS)
    if any(not 0 <= p <= 100_000 for p in points):
        # Translators: {name} is where the value is in the file.
        told = _("{name} should hold points of 0-100000")
        raise DocumentError(told.format(name=name))
    return points


def _play(value: str | None, name: str) -> str | None:
    if value is None:
        return None
    try:
        decode_deal(value)
    except DocumentError as exc:
        raise DocumentError(f"{name}: {exc}") from None
    return value


def _entry_from_json(raw: Any, where: str) -> DailyEntry:
    check_type(raw, dict, where)
    w = where + "."
    rules = stored_rules(raw, w)
    seed = stored_seed(raw, w)
    return DailyEntry(
        day=_day(get(raw, "day", str, w), w + "day"),
        seed=seed,
        rules=dict(rules),
        finished=get(raw, "finished", bool, w, False),
        points=_points(get(raw, "points", (list, type(None)), w, None), w + "points"),
        hard=_points(get(raw, "hard", (list, type(None)), w, None), w + "hard"),
        hard_play=_play(get(raw, "hard_play", (str, type(None)), w, None), w + "hard_play"),
    )


def _daily_from_json(data: dict[str, Any], notes: Notes = None) -> list[DailyEntry]:
    days = get(data, "days", list, "")
    out: dict[str, DailyEntry] = {}
    for i, raw in enumerate(days):
        try:
            entry = _entry_from_json(raw, f"days[{i}]")
        except DocumentError as exc:
            drop(notes, str(exc))
            continue
        out.setdefault(entry.day, entry)  # the first record of a day is the one that counts
    if days and not out:
        raise DocumentError(_("none of its days could be read"))
    return sorted(out.values(), key=lambda e: e.day)


DAILY_KIND: DocKind[list[DailyEntry]] = DocKind(
    format="swoop-daily",
    version=1,
    label="daily deals",
    validate=_daily_from_json,
    indent=None,
    cap=8 << 20,
)


def _dump(entries: list[DailyEntry]) -> dict[str, Any]:
    return {"days": [e.to_json() for e in entries]}


def daily_file(dirs: Dirs) -> Path:
    """Where an older Swoop kept your daily deals (brought into the database)."""
    return dirs.data / "daily.json"


def load_daily(dirs: Dirs) -> tuple[list[DailyEntry], list[str]]:
    """Your daily deals, oldest first, and messages about a damaged file. Never raises.
    Results kept beside the database for later are stored first (or shown)."""
    if not dirs.usable:
        return [], []
    loaded = load_stored(dirs, daily_file(dirs), DAILY_KIND, _dump, _replay)
    return list(loaded.value or []), list(loaded.messages)


def store_waiting_daily(dirs: Dirs) -> list[str]:
    """At the start: store the daily results kept beside the database for later."""
    return store_waiting(
        dirs,
        daily_file(dirs),
        DAILY_KIND,
        _dump,
        _replay,
        # Translators: {reason} says why, e.g. "the disk is full".
        lambda why: _(
            "Daily results kept for later could not be recorded yet ({reason}); they stay "
            "beside your progress file and are recorded as soon as Swoop can."
        ).format(reason=why),
    )


#: An edit of the entries by day; says whether it changed any.
Edit = Callable[[dict[str, DailyEntry]], bool]


def _as_change(edit: Edit) -> Change[list[DailyEntry]]:
    def body(value: list[DailyEntry] | None, _: list[str]) -> dict[str, Any] | None:
        entries = {e.day: e for e in value or []}
        if not edit(entries):
            return None
        kept = sorted(entries.values(), key=lambda e: e.day)[-KEEP_DAYS:]
        return {"days": [e.to_json() for e in kept]}

    return body


def _change(dirs: Dirs, edit: Edit, name: str, args: dict[str, Any]) -> Changed:
    """Read, change and write the entries in one transaction; messages for the player
    (never raises). ``edit`` edits the entries by day and says whether it changed any;
    ``name`` and ``args`` make the same edit again (:func:`_replay`) when the database
    cannot take it now and it waits beside the database."""
    return change_stored(
        dirs,
        daily_file(dirs),
        DAILY_KIND,
        _dump,
        _as_change(edit),
        kept=_("Today's daily deal was not recorded, so that the file is kept."),
        # Translators: {reason} says why, e.g. "the disk is full".
        failed=lambda why: _("Your daily deal could not be recorded ({reason}).").format(
            reason=why
        ),
        replay=_replay,
        later=Later(
            name,
            args,
            # Translators: {reason} says why, e.g. "the disk is full".
            lambda why: _(
                "Your daily deal could not be recorded yet ({reason}); it is kept beside your "
                "progress file and recorded as soon as Swoop can."
            ).format(reason=why),
        ),
    )


def _started(day: str, seed: int, rules: dict[str, Any], counts: list[bool]) -> Edit:
    def edit(entries: dict[str, DailyEntry]) -> bool:
        counts[0] = day not in entries
        if counts[0]:
            entries[day] = DailyEntry(day, seed, rules)
        return counts[0]

    return edit


def _finished(day: str, seed: int, points: list[int]) -> Edit:
    def edit(entries: dict[str, DailyEntry]) -> bool:
        entry = entries.get(day)
        if entry is None or entry.seed != seed or entry.finished:
            return False
        entries[entry.day] = replace(entry, finished=True, points=list(points))
        return True

    return edit


def _hard(day: str, seed: int, points: list[int], play: str | None) -> Edit:
    def edit(entries: dict[str, DailyEntry]) -> bool:
        entry = entries.get(day)
        if entry is None or entry.seed != seed:
            return False
        if entry.hard == points and (play is None or entry.hard_play == play):
            return False
        entries[entry.day] = replace(
            entry, hard=list(points), hard_play=play if play is not None else entry.hard_play
        )
        return True

    return edit


def _replay(name: str, args: Mapping[str, Any]) -> Change[list[DailyEntry]]:
    """A change kept beside the database, made again (DocumentError when it is not one
    this Swoop makes, or its values are wrong)."""
    day = _day(get(args, "day", str, "change."), "change.day")
    seed = stored_seed(args, "change.")
    if name == "start":
        return _as_change(
            _started(day, seed, _entry_from_json(dict(args), "change").rules, [False])
        )
    points = _points(args.get("points"), "change.points")
    if points is None:
        raise DocumentError(_("the change holds no points"))
    if name == "finish":
        return _as_change(_finished(day, seed, points))
    if name == "hard":
        play = args.get("play")
        check_type(play, (str, type(None)), "change.play")
        return _as_change(_hard(day, seed, points, _play(play, "change.play")))
    # Translators: {name} is the name of a change, as written in the file.
    told = _("{name} is not a change of the daily deals")
    raise DocumentError(told.format(name=shown(name)))


def start_daily(dirs: Dirs, day: date, seed: int, rules: Rules) -> tuple[bool, list[str]]:
    """Note that ``day``'s deal was dealt. True when this play counts (the first that day).
    When the database cannot take it now, it waits beside it, and the play counts unless
    the day was seen played already (the edit ran on what could be read)."""
    counts = [True]
    args = {"day": day.isoformat(), "seed": seed, "rules": rules.to_json()}
    done = _change(dirs, _started(day.isoformat(), seed, rules.to_json(), counts), "start", args)
    return (counts[0] and (done.ran or done.waiting)), done.messages


def finish_daily(dirs: Dirs, day: date, seed: int, points: Sequence[int]) -> list[str]:
    """Record the points of the counted play of ``day`` (a replay changes nothing)."""
    args = {"day": day.isoformat(), "seed": seed, "points": list(points)}
    return _change(dirs, _finished(day.isoformat(), seed, list(points)), "finish", args).messages


def store_hard(
    dirs: Dirs,
    day: date,
    seed: int,
    points: Sequence[int],
    actions: Sequence[Action] | None = None,
) -> list[str]:
    """Keep what the hard opponent scored in your seat with ``day``'s deal, and its hand's
    actions (what the review of your hand lays beside yours)."""
    play = None if actions is None else encode_deal(list(actions))
    args = {"day": day.isoformat(), "seed": seed, "points": list(points), "play": play}
    return _change(dirs, _hard(day.isoformat(), seed, list(points), play), "hard", args).messages


@dataclass(frozen=True)
class Streaks:
    played: int = 0  # days in a row with a daily deal played, up to today (or yesterday)
    best_played: int = 0
    # days in a row you beat the hard opponent (a better margin: compare), up to the latest
    # day played
    beaten: int = 0
    best_beaten: int = 0


def streaks(entries: Sequence[DailyEntry], today: date) -> Streaks:
    """The streaks of ``entries`` as of ``today``.

    A day after ``today`` (recorded while the clock was wrong) counts as today, so it
    never cuts the streak it belongs to; a day counts once however many entries fall on it.
    """
    beat_on: dict[date, bool] = {}
    for e in entries:
        d = min(date.fromisoformat(e.day), today)
        beat_on[d] = beat_on.get(d, False) or e.beat_hard
    played = best_played = beaten = best_beaten = 0
    run = beat_run = 0
    previous: date | None = None
    for d in sorted(beat_on):
        consecutive = previous is not None and d - previous == timedelta(days=1)
        run = run + 1 if consecutive else 1
        beat_run = (beat_run + 1 if consecutive else 1) if beat_on[d] else 0
        best_played = max(best_played, run)
        best_beaten = max(best_beaten, beat_run)
        previous = d
    if previous is not None and today - previous <= timedelta(days=1):
        played = run
        beaten = beat_run
    return Streaks(played, best_played, beaten, best_beaten)
