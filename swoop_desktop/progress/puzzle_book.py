"""Your puzzles: decisions the review called mistakes or blunders, to be played again.

The ``puzzles.json`` document (format ``swoop-puzzles``), kept in the progress
database (:mod:`swoop_desktop.storage.documents`), keeps each puzzle whole, so that it
never depends on the history or the reviews file staying as they are: the game
it comes from (rules, seat count, seed and the recorded plays up to the hand),
where in it the decision was (the review's verdict: hand, step, what you played,
the best play found, the words), and how many times in a row it was solved. A
puzzle solved twice in a row leaves the list, and its id is kept in ``retired``
so that the same stored review never brings it back.

Each change is one transaction of the database; a damaged puzzle is dropped (the
others are kept) and the player is told.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from swoop_desktop.i18n import _
from swoop_desktop.names import shown
from swoop_desktop.storage import db
from swoop_desktop.storage.actioncodec import decode_hands
from swoop_desktop.storage.documents import Change, Later, change_stored, load_stored, store_waiting
from swoop_desktop.storage.jsonfile import DocKind, DocumentError, Notes, check_type, drop, get
from swoop_desktop.storage.paths import Dirs
from swoop_desktop.storage.savegame import stored_rules, stored_seed

from .stored_reviews import check_verdict

#: Solves in a row that take a puzzle off the list.
SOLVES_TO_CLEAR = 2
#: The most puzzles on the list (more wait until solved ones leave room; none is pushed off),
#: and the most retired ids remembered.
KEEP = 200
KEEP_RETIRED = 5000
#: The labels of the review's verdicts that become puzzles.
PUZZLE_LABELS = ("mistake", "blunder")


@dataclass(frozen=True)
class Puzzle:
    id: str  # the game's review digest, the hand and the step: unique per decision
    rules: dict[str, Any]
    players: int
    seed: int
    deals: list[str]  # the recorded plays of each deal up to the puzzle's hand (encoded)
    verdict: dict[str, Any]  # the review's verdict of the decision, as stored in reviews.json
    solved: int = 0  # solves in a row
    tries: int = 0

    @property
    def hand_no(self) -> int:
        return int(self.verdict["hand_no"])

    @property
    def step(self) -> int:
        return int(self.verdict["step"])

    @property
    def label(self) -> str:
        return str(self.verdict["label"])

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "rules": self.rules,
            "players": self.players,
            "seed": self.seed,
            "deals": list(self.deals),
            "verdict": self.verdict,
            "solved": self.solved,
            "tries": self.tries,
        }


@dataclass(frozen=True)
class PuzzleBook:
    puzzles: list[Puzzle]
    retired: list[str]


def _id(value: Any, name: str) -> str:
    check_type(value, str, name)
    if not 0 < len(value) <= 200:
        # Translators: {name} is where the value is in the file; {value} what it held.
        told = _("{name} is not the id of a puzzle ({value})")
        raise DocumentError(told.format(name=name, value=shown(value)))
    return str(value)


def _puzzle_from_json(raw: Any, where: str) -> Puzzle:
    check_type(raw, dict, where)
    w = where + "."
    rules = stored_rules(raw, w)
    players = get(raw, "players", int, w)
    if not 2 <= players <= 8:
        # Translators: {name} is where the value is in the file; {low} and {high} the numbers it may be between; {value} what it held.
        told = _("{name} should be from {low} to {high}, not {value}")
        raise DocumentError(told.format(name=f"{w}players", low=2, high=8, value=players))
    seed = stored_seed(raw, w)
    deals = get(raw, "deals", list, w)
    decode_hands(deals, w + "deals")
    verdict = get(raw, "verdict", dict, w)
    check_verdict(verdict, w + "verdict")
    if verdict["label"] not in PUZZLE_LABELS:
        # Translators: {name} is where the value is in the file; "mistake" and "blunder" are the file's own words.
        told = _("{name} should be mistake or blunder")
        raise DocumentError(told.format(name=f"{w}verdict.label"))
    if verdict["hand_no"] >= len(deals) or verdict["step"] >= len(
        deals[verdict["hand_no"]].split()
    ):
        # Translators: {name} is where the value is in the file.
        told = _("{name} points past the recorded plays")
        raise DocumentError(told.format(name=f"{w}verdict"))
    solved = get(raw, "solved", int, w, 0)
    tries = get(raw, "tries", int, w, 0)
    if not 0 <= solved < SOLVES_TO_CLEAR or not 0 <= tries <= 1_000_000:
        # Translators: {first} and {second} are where the values are in the file.
        told = _("{first} or {second} is out of range")
        raise DocumentError(told.format(first=f"{w}solved", second="tries"))
    return Puzzle(
        id=_id(get(raw, "id", str, w), w + "id"),
        rules=dict(rules),
        players=players,
        seed=seed,
        deals=list(deals),
        verdict=dict(verdict),
        solved=solved,
        tries=tries,
    )


def _book_from_json(data: dict[str, Any], notes: Notes = None) -> PuzzleBook:
    raw_puzzles = get(data, "puzzles", list, "")
    puzzles: dict[str, Puzzle] = {}
    for i, raw in enumerate(raw_puzzles):
        try:
            puzzle = _puzzle_from_json(raw, f"puzzles[{i}]")
        except DocumentError as exc:
            drop(notes, str(exc))
            continue
        puzzles.setdefault(puzzle.id, puzzle)
    retired: list[str] = []
    for i, value in enumerate(get(data, "retired", list, "", [])):
        try:
            retired.append(_id(value, f"retired[{i}]"))
        except DocumentError as exc:
            drop(notes, str(exc))
    if raw_puzzles and not puzzles and not retired:
        raise DocumentError(_("none of its puzzles could be read"))
    return PuzzleBook(list(puzzles.values()), retired)


PUZZLES_KIND: DocKind[PuzzleBook] = DocKind(
    format="swoop-puzzles",
    version=1,
    label="puzzles",
    validate=_book_from_json,
    indent=None,
    cap=8 << 20,
)


def _dump(book: PuzzleBook) -> dict[str, Any]:
    return {"puzzles": [p.to_json() for p in book.puzzles], "retired": book.retired[-KEEP_RETIRED:]}


def puzzles_file(dirs: Dirs) -> Path:
    """Where an older Swoop kept your puzzles (brought into the database)."""
    return dirs.data / "puzzles.json"


def load_puzzles(dirs: Dirs) -> tuple[PuzzleBook, list[str]]:
    """Your puzzles, oldest first, and messages about a damaged file. Never raises.
    Answers kept beside the database for later are stored first (or shown)."""
    if not dirs.usable:
        return PuzzleBook([], []), []
    loaded = load_stored(dirs, puzzles_file(dirs), PUZZLES_KIND, _dump, _replay)
    return loaded.value or PuzzleBook([], []), list(loaded.messages)


def store_waiting_answers(dirs: Dirs) -> list[str]:
    """At the start: count the puzzle answers kept beside the database for later."""
    return store_waiting(
        dirs,
        puzzles_file(dirs),
        PUZZLES_KIND,
        _dump,
        _replay,
        # Translators: {reason} says why, e.g. "the disk is full".
        lambda why: _(
            "Puzzle answers kept for later could not be counted yet ({reason}); they stay "
            "beside your progress file and are counted as soon as Swoop can."
        ).format(reason=why),
    )


#: An edit of the puzzles by id and the retired ids; says whether it changed anything.
Edit = Callable[[dict[str, Puzzle], list[str]], bool]


def _as_change(edit: Edit) -> Change[PuzzleBook]:
    def body(value: PuzzleBook | None, _: list[str]) -> dict[str, Any] | None:
        book = value or PuzzleBook([], [])
        puzzles = {p.id: p for p in book.puzzles}
        retired = list(book.retired)
        if not edit(puzzles, retired):
            return None
        return {
            "puzzles": [p.to_json() for p in puzzles.values()],
            "retired": retired[-KEEP_RETIRED:],
        }

    return body


def _change(dirs: Dirs, edit: Edit, later: Later | None = None) -> list[str]:
    """Read, change and write the puzzles in one transaction; messages for the player
    (never raises). ``edit`` edits the puzzles by id and the retired ids, and says whether
    it changed anything; ``later`` (when given) waits beside the database when the
    database cannot take the edit now."""
    return change_stored(
        dirs,
        puzzles_file(dirs),
        PUZZLES_KIND,
        _dump,
        _as_change(edit),
        kept=_("Your puzzles were not updated, so that the file is kept."),
        # Translators: {reason} says why, e.g. "the disk is full".
        failed=lambda why: _("Your puzzles could not be stored ({reason}).").format(reason=why),
        replay=_replay,
        later=later,
    ).messages


def _added(found: Sequence[Puzzle]) -> Edit:
    def edit(puzzles: dict[str, Puzzle], retired: list[str]) -> bool:
        gone = set(retired)
        # A full list takes no more: a puzzle on it is never pushed off (its progress would
        # go, and the next opening would bring it back at 0); new ones wait for room.
        room = max(0, KEEP - len(puzzles))
        new = [p for p in found if p.id not in puzzles and p.id not in gone][:room]
        for p in new:
            puzzles[p.id] = p
        return bool(new)

    return edit


def _answered(puzzle_id: str, right: bool, cleared: list[bool]) -> Edit:
    def edit(puzzles: dict[str, Puzzle], retired: list[str]) -> bool:
        cleared[0] = False
        puzzle = puzzles.get(puzzle_id)
        if puzzle is None:
            return False
        solved = puzzle.solved + 1 if right else 0
        if solved >= SOLVES_TO_CLEAR:
            del puzzles[puzzle_id]
            retired.append(puzzle_id)
            cleared[0] = True
        else:
            puzzles[puzzle_id] = replace(puzzle, solved=solved, tries=puzzle.tries + 1)
        return True

    return edit


def _replay(name: str, args: Mapping[str, Any]) -> Change[PuzzleBook]:
    """A change kept beside the database, made again (DocumentError when it is not one
    this Swoop makes, or its values are wrong)."""
    if name == "answer":
        right = args.get("right")
        check_type(right, bool, "change.right")
        return _as_change(_answered(_id(args.get("id"), "change.id"), bool(right), [False]))
    if name == "add":
        raw: Any = args.get("puzzles")
        check_type(raw, list, "change.puzzles")
        found = [_puzzle_from_json(p, f"change.puzzles[{i}]") for i, p in enumerate(raw)]
        return _as_change(_added(found))
    # Translators: {name} is the name of a change, as written in the file.
    told = _("{name} is not a change of the puzzles")
    raise DocumentError(told.format(name=shown(name)))


def add_puzzles(dirs: Dirs, found: Sequence[Puzzle]) -> list[str]:
    """Add puzzles not yet on the list (nor solved off it). When the database cannot take
    them now, they are found again by the next gathering (nothing waits for them)."""
    return _change(dirs, _added(found))


def record_answer(dirs: Dirs, puzzle_id: str, right: bool) -> tuple[bool, list[str]]:
    """Count an answer: a right one adds to the solves in a row, a wrong one starts them
    again. True when the puzzle was solved off the list. When the database cannot take
    it now, the answer waits beside it and is counted as soon as Swoop can."""
    cleared = [False]
    later = Later(
        "answer",
        {"id": puzzle_id, "right": right},
        # Translators: {reason} says why, e.g. "the disk is full".
        lambda why: _(
            "Your answer could not be counted yet ({reason}); it is kept beside your progress "
            "file and counted as soon as Swoop can."
        ).format(reason=why),
    )
    messages = _change(dirs, _answered(puzzle_id, right, cleared), later)
    return cleared[0], messages


# -- how far the reviews were gathered into puzzles (referee.puzzles.collect) -----------
_GATHERED = "puzzles.gathered"
#: The most review keys remembered as gathered (reviews.KEEP are kept at most).
_MOST_KEYS = 1000


@dataclass(frozen=True)
class Gathered:
    """The stored games looked through (numbers up to ``upto``) for the reviews ``keys``."""

    upto: int = 0
    keys: frozenset[str] = frozenset()


def gathered(dirs: Dirs) -> Gathered:
    """What an earlier gathering did (nothing, when what was kept does not read: the
    games are then looked through again). Raises what the database does."""
    with db.connection(dirs) as con:
        row = con.execute("SELECT value FROM meta WHERE key = ?", (_GATHERED,)).fetchone()
    try:
        data = json.loads(row[0]) if row else {}
        upto, keys = data.get("upto", 0), data.get("keys", [])
        if (
            isinstance(upto, int)
            and not isinstance(upto, bool)
            and 0 <= upto < 2**62
            and isinstance(keys, list)
            and len(keys) <= _MOST_KEYS
            and all(isinstance(k, str) and len(k) <= 200 for k in keys)
        ):
            return Gathered(upto, frozenset(keys))
    except (ValueError, TypeError, AttributeError):
        pass
    return Gathered()


def keep_gathered(dirs: Dirs, upto: int, keys: set[str]) -> None:
    """Remember that the stored games up to ``upto`` were looked through for ``keys``."""
    if db.ready(dirs).read_only:
        return
    value = json.dumps({"upto": upto, "keys": sorted(keys)[:_MOST_KEYS]})
    with db.change(dirs) as con:
        con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (_GATHERED, value))
