"""The opponents at the table, read from YAML: ``config/opponents.yaml`` and a user copy.

The shipped file names Left, Top and Right (seats 1-3): display name, level,
personality (or explicit feature weights) and a think-time range in
milliseconds. A file ``opponents.yaml`` in the user's config folder, if
present, overrides any part of it. Files are read with a safe loader on a
budget (:class:`BudgetLoader`: at most 256 KB, 20 aliases, 5,000 nodes,
nesting 20 deep, numbers of at most 40 digits) from a read that cannot
block (:func:`swoop_desktop.safeio.read_capped`). Anything wrong gives a
plain-words message naming the file, line and key, and that part falls back
to the shipped setting: a bad file never stops or stalls the game.
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from swoop_desktop.choices import Level
from swoop_desktop.names import check_name, label, printable, shown
from swoop_desktop.resources import resource_path
from swoop_desktop.safeio import MAX_DIGITS, Refused, exists, read_capped

from .features import BALANCED, PERSONALITIES

if TYPE_CHECKING:
    from .bots import Bot

LEVELS: tuple[str, ...] = tuple(level.value for level in Level)
#: The opponents' keys in opponents.yaml, by opponent number: the three of a four-seat
#: table (on your left, across, on your right), then the four who join a larger table.
SEAT_KEYS: dict[str, int] = {
    "left": 1,
    "top": 2,
    "right": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
}
SEAT_FIELDS = ("name", "level", "personality", "weights", "think_ms")
MAX_THINK_MS = 10_000
FILE_NAME = "opponents.yaml"
MAX_BYTES = 256 * 1024
MAX_ALIASES = 20
MAX_NODES = 5_000
MAX_DEPTH = 20


class BudgetLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses alias bombs, huge or deep documents and huge numbers.

    Counting happens while composing, before anything is built, so a
    "billion laughs" file is refused after a few aliases instead of filling
    memory; an integer of more than 40 digits is refused before ``int()``
    (whose 4,300-digit limit would raise a bare ValueError).
    """

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._aliases = 0
        self._nodes = 0
        self._depth = 0

    def _here(self) -> Any:
        """Where in the document the next value starts (for the error's line number)."""
        return self.peek_event().start_mark  # type: ignore[no-untyped-call]

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise yaml.composer.ComposerError(
                    None, None, f"more than {MAX_ALIASES} aliases (*name)", self._here()
                )
        else:
            self._nodes += 1
            if self._nodes > MAX_NODES:
                raise yaml.composer.ComposerError(
                    None, None, f"more than {MAX_NODES} values", self._here()
                )
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(
                    None,
                    None,
                    f"nested more than {MAX_DEPTH} levels deep",
                    self._here(),
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node: Any) -> int:
        text = str(node.value).replace("_", "").lstrip("+-")
        if len(text) > MAX_DIGITS:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"a number of {len(text)} digits (at most {MAX_DIGITS})",
                node.start_mark,
            )
        return super().construct_yaml_int(node)


BudgetLoader.add_constructor("tag:yaml.org,2002:int", BudgetLoader.construct_yaml_int)


def _compose(text: str) -> Any:
    loader = BudgetLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _construct(node: Any) -> Any:
    loader = BudgetLoader("")
    try:
        return loader.construct_document(node)
    finally:
        loader.dispose()


@dataclass(frozen=True)
class SeatConfig:
    """One AI opponent, by its number (``seat``): 1 Lefty, 2 Topper, 3 Righty (the three of
    a four-seat table), 4 to 7 those who join a larger one. Where each sits at a table of
    any size is :func:`swoop_desktop.choices.seated_opponents`'s."""

    seat: int
    name: str
    level: str = "normal"
    personality: str | None = "balanced"
    weights: dict[str, float] | None = field(default=None, hash=False)
    think_ms: tuple[int, int] = (400, 900)

    def make_bot(self, seed: int = 0) -> Bot:
        """The bot this seat describes."""
        from .make import make_bot

        return make_bot(self.level, self.personality, seed=seed, weights=self.weights)


BUILT_IN: tuple[SeatConfig, ...] = (
    SeatConfig(1, "Lefty", "normal", "aggressive", None, (400, 900)),
    SeatConfig(2, "Topper", "normal", "cautious", None, (500, 1100)),
    SeatConfig(3, "Righty", "normal", "balanced", None, (400, 900)),
    SeatConfig(4, "Mags", "normal", "balanced", None, (450, 1000)),
    SeatConfig(5, "Bodhi", "normal", "aggressive", None, (400, 900)),
    SeatConfig(6, "Nell", "normal", "cautious", None, (500, 1100)),
    SeatConfig(7, "Ravi", "normal", "balanced", None, (400, 900)),
)


class _Problems:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.messages: list[str] = []

    def add(self, line: int | None, key: str, text: str) -> None:
        where = f"{self.path}, line {line}" if line else str(self.path)
        self.messages.append(printable(f"{where}: {label(key, 80)}: {text}"))


def _marks(root: Any) -> dict[tuple[str, ...], int]:
    """Line number (1-based) of every mapping key and sequence item, by key path."""
    out: dict[tuple[str, ...], int] = {}

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if len(path) > MAX_DEPTH:
            return
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                key = str(key_node.value)[:100]
                out[path + (key,)] = key_node.start_mark.line + 1
                walk(value_node, path + (key,))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                out[path + (str(i),)] = item.start_mark.line + 1

    if root is not None:
        walk(root, ())
    return out


def _read(path: Path, problems: _Problems) -> tuple[dict[str, Any] | None, dict[Any, Any]]:
    """The file's top-level mapping (or None with a message) and its line marks."""
    try:
        text = read_capped(path, MAX_BYTES).decode("utf-8")
    except Refused as exc:
        problems.add(None, "file", f"cannot be used: {exc}; using the shipped opponents")
        return None, {}
    except OSError as exc:
        problems.add(
            None, "file", f"cannot be read ({exc.strerror or exc}); using the shipped opponents"
        )
        return None, {}
    except UnicodeDecodeError:
        problems.add(None, "file", "is not UTF-8 text; using the shipped opponents")
        return None, {}
    try:
        parsed = _parse(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        what = getattr(exc, "problem", None) or "not valid YAML"
        problems.add(line, "file", f"is not valid YAML ({what}); using the shipped opponents")
        return None, {}
    except (ValueError, TypeError, RecursionError, OverflowError) as exc:
        problems.add(
            None, "file", f"cannot be used ({shown(str(exc))}); using the shipped opponents"
        )
        return None, {}
    if parsed is None:
        return {}, {}
    data, marks = parsed
    if not isinstance(data, dict):
        problems.add(
            1, "file", "should be a mapping with a 'seats' key; using the shipped opponents"
        )
        return None, {}
    return copy.deepcopy(data), dict(marks)


@functools.lru_cache(maxsize=8)
def _parse(text: str) -> tuple[Any, dict[tuple[str, ...], int]] | None:
    """The document of ``text`` and its line marks (None for an empty one), kept for texts
    read before: every new deal reads the opponents again, and the same text parses the same.
    A text that cannot be read raises, and is not kept."""
    root = _compose(text)
    data = None if root is None else _construct(root)
    if data is None:
        return None
    return data, _marks(root)


def _check_seat(
    raw: Any, base: SeatConfig, key: str, marks: dict[Any, Any], problems: _Problems
) -> SeatConfig:
    """``base`` with every valid value of ``raw`` applied; each bad one reported."""
    line_of = marks.get
    path = ("seats", key)
    if not isinstance(raw, dict):
        problems.add(
            line_of(path),
            f"seats.{key}",
            "should be a mapping of name, level, personality, weights, think_ms; "
            "using the shipped seat",
        )
        return base
    values: dict[str, Any] = {}
    for k, v in raw.items():
        name = f"seats.{key}.{k}"
        line = line_of(path + (str(k),))
        fallback = "using the shipped setting"
        if k not in SEAT_FIELDS:
            problems.add(line, name, f"unknown key (known: {', '.join(SEAT_FIELDS)}); ignored")
        elif k == "name":
            good, why = check_name(v)
            if good is not None:
                values["name"] = good
            else:
                problems.add(
                    line,
                    name,
                    f"{why} (got {shown(v)}); the seat's default name {base.name!r} is used",
                )
        elif k == "level":
            if isinstance(v, str) and v in LEVELS:
                values["level"] = v
            else:
                problems.add(
                    line,
                    name,
                    f"unknown level {shown(v)} (choose one of "
                    f"{', '.join(LEVELS)}); {fallback} {base.level!r}",
                )
        elif k == "personality":
            if v is None or (isinstance(v, str) and v in PERSONALITIES):
                values["personality"] = v
            else:
                problems.add(
                    line,
                    name,
                    f"unknown personality {shown(v)} (choose one of "
                    f"{', '.join(PERSONALITIES)}); "
                    f"{fallback} {base.personality!r}",
                )
        elif k == "weights":
            weights = _check_weights(v, path + ("weights",), marks, problems)
            if weights is not None:
                values["weights"] = weights
        elif k == "think_ms":
            ok = (
                isinstance(v, list)
                and len(v) == 2
                and all(type(x) is int for x in v)
                and 0 <= v[0] <= v[1] <= MAX_THINK_MS
            )
            if ok:
                values["think_ms"] = (v[0], v[1])
            else:
                problems.add(
                    line,
                    name,
                    f"should be [low, high] whole milliseconds with "
                    f"0 <= low <= high <= {MAX_THINK_MS}, got {shown(v)}; "
                    f"{fallback} {list(base.think_ms)}",
                )
    return SeatConfig(
        seat=base.seat,
        name=values.get("name", base.name),
        level=values.get("level", base.level),
        personality=values.get("personality", base.personality),
        weights=values.get("weights", base.weights),
        think_ms=values.get("think_ms", base.think_ms),
    )


def _check_weights(
    v: Any, path: tuple[str, ...], marks: dict[Any, Any], problems: _Problems
) -> dict[str, float] | None:
    name = ".".join(path)
    if v is None:
        return None
    if not isinstance(v, dict):
        problems.add(
            marks.get(path),
            name,
            f"should be a mapping of feature: number, got {shown(v)}; ignored",
        )
        return None
    out: dict[str, float] = {}
    for feature, value in v.items():
        line = marks.get(path + (str(feature),))
        if feature not in BALANCED:
            problems.add(
                line,
                f"{name}.{feature}",
                f"unknown feature (known: {', '.join(BALANCED)}); ignored",
            )
        elif type(value) not in (int, float) or not -10_000 <= value <= 10_000:
            problems.add(
                line,
                f"{name}.{feature}",
                f"should be a number from -10000 to 10000, got {shown(value)}; ignored",
            )
        else:
            out[feature] = float(value)
    return out or None


def _apply_file(path: Path, seats: list[SeatConfig], problems: _Problems) -> list[SeatConfig]:
    data, marks = _read(path, problems)
    if data is None:
        return seats
    result = list(seats)
    for key in data:
        if key not in ("version", "seats"):
            problems.add(
                marks.get((str(key),)), str(key), "unknown key (known: version, seats); ignored"
            )
    version = data.get("version", 1)
    if version != 1:
        problems.add(
            marks.get(("version",)),
            "version",
            f"this game reads version 1, got {shown(version)}; reading it anyway",
        )
    raw_seats = data.get("seats", {})
    if raw_seats is None:
        return result
    if not isinstance(raw_seats, dict):
        problems.add(
            marks.get(("seats",)),
            "seats",
            "should be a mapping with left, top, right, fourth, fifth, sixth and seventh; "
            "using the shipped seats",
        )
        return result
    for key, raw in raw_seats.items():
        if key not in SEAT_KEYS:
            problems.add(
                marks.get(("seats", str(key))),
                f"seats.{key}",
                f"unknown seat (use {', '.join(SEAT_KEYS)}); ignored",
            )
            continue
        i = SEAT_KEYS[key] - 1
        result[i] = _check_seat(raw, result[i], key, marks, problems)
    return result


def load_opponents(user_config_dir: Path | None = None) -> tuple[list[SeatConfig], list[str]]:
    """The seven AI opponents (a table seats as many as it has room for), and plain-words messages about anything wrong in the files.

    The shipped ``config/opponents.yaml`` is read first (its own problems fall
    back to built-in defaults), then ``user_config_dir/opponents.yaml`` if it
    exists, whose bad parts fall back to the shipped settings.
    """
    messages: list[str] = []
    seats = list(BUILT_IN)
    shipped = resource_path(f"config/{FILE_NAME}")
    problems = _Problems(shipped)
    if shipped.is_file():
        seats = _apply_file(shipped, seats, problems)
    else:
        problems.add(None, "file", "is missing from the installation; using built-in opponents")
    messages.extend(problems.messages)
    if user_config_dir is not None:
        user = Path(user_config_dir) / FILE_NAME
        problems = _Problems(user)
        try:
            present = exists(user)
        except OSError as exc:  # a folder that cannot be searched, a name too long
            problems.add(
                None, "file", f"cannot be read ({exc.strerror or exc}); using the shipped opponents"
            )
            present = False
        if present:
            seats = _apply_file(user, seats, problems)
        messages.extend(problems.messages)
    return seats, messages


def dump_opponents(seats: list[SeatConfig]) -> str:
    """YAML text for ``seats`` (e.g. to save the user's choices); reads back the same."""
    names = {v: k for k, v in SEAT_KEYS.items()}
    out: dict[str, Any] = {"version": 1, "seats": {}}
    for s in seats:
        entry: dict[str, Any] = {
            "name": s.name,
            "level": s.level,
            "personality": s.personality,
            "think_ms": list(s.think_ms),
        }
        if s.weights:
            entry["weights"] = dict(s.weights)
        out["seats"][names[s.seat]] = entry
    return yaml.safe_dump(out, sort_keys=False)
