"""Fuzzing every reader of a file the player may touch, and the engine's command line.

Property: whatever bytes are in a file - random bytes, JSON of any
shape, deep nesting, huge numbers, odd Unicode, or a valid file with one value
swapped for any of those - the game's loaders return a usable value and
plain-words messages, with no exception escaping, and nothing the player had
is lost: the bytes that were in the file are still in the folder (in place or
in a moved-aside copy). The engine's command line prints a result or exits 2
with one short line.

A fuzz test tries ``EXAMPLES`` cases in the slow tier (50, 250 in CI, 8000 with
``SWOOP_FUZZ_LONG=1``) and a quarter as many in ``make test``, its pinned ``@example``
cases in both; the few that start the whole game try a tenth as many, in ``make test``.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import random
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swoop_desktop.ai.config import load_opponents
from swoop_desktop.choices import MAX_PLAYERS, MIN_PLAYERS
from swoop_desktop.engine import EngineError, Match, parse_position
from swoop_desktop.engine import cli as engine_cli
from swoop_desktop.names import check_name
from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.storage import (
    Known,
    Settings,
    load_game,
    load_settings,
    resolve_dirs,
    save_game,
    save_settings,
)
from tests.sizes import quick_and_full

from ..storage.helpers import as_older_swoop_left_it, finished_match, play

LONG = os.environ.get("SWOOP_FUZZ_LONG") == "1"
#: Examples a fuzz test tries at its full size: 50 (``make test-slow``), 250 in CI
#: (``.ci/run`` sets SWOOP_FUZZ_EXAMPLES=250), 8000 for an attack pass (SWOOP_FUZZ_LONG=1).
#: The examples are derandomized below that, so a run is repeatable.
EXAMPLES = int(os.environ.get("SWOOP_FUZZ_EXAMPLES", "8000" if LONG else "50"))
#: The quick tier (``make test``) tries a quarter as many (12 of 50), and each test's
#: ``@example`` cases (defects found, values worth pinning) as well, as the slow tier does.
QUICK_EXAMPLES = max(5, EXAMPLES // 4)
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not LONG,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


def fuzz(examples: int, base: settings = FUZZ) -> settings:
    """``base`` (the fuzz tests' settings) at ``examples`` examples."""
    return settings(base, max_examples=examples)


#: A fuzz test at its two sizes: ``examples`` is QUICK_EXAMPLES in make test and EXAMPLES
#: in the slow tier. Its property is an inner ``@given`` function the test runs with
#: ``@fuzz(examples)``.
fuzz_sizes = quick_and_full(QUICK_EXAMPLES, EXAMPLES, "examples")

ODD_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from(list('\u200b\u200d\u2060\ufeff\u3164\u0301\u202e\x00\x07\n\t \\"{}[]')),
        st.characters(codec="utf-8"),
    ),
    max_size=30,
)
# A number of up to 6,000 digits, written into the JSON text by _json_text (Python itself
# refuses to turn an int of more than 4,300 digits into text).
HUGE_INT = st.integers(0, 6000).map(lambda n: f"\x01HUGE{n}\x01")
REAL_HUGE_INT = st.integers(0, 6000).map(lambda n: 10**n - 1)
NUMBER = st.one_of(st.integers(), HUGE_INT, st.floats(allow_nan=False, allow_infinity=False))
SCALAR = st.one_of(st.none(), st.booleans(), NUMBER, ODD_TEXT)
JSON = st.recursive(
    SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(ODD_TEXT, inner, max_size=5)
    ),
    max_leaves=25,
)


def _json_text(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return re.sub(r'"\\u0001HUGE(\d+)\\u0001"', lambda m: "9" * max(1, int(m[1])), text)


DEEP = st.integers(1, 3000).map(lambda d: "[" * d + "]" * d)
NESTED = st.integers(1, 60).map(lambda d: functools.reduce(lambda acc, _: [acc], range(d), 0))
RAW = st.one_of(
    st.binary(max_size=300),
    JSON.map(_json_text).map(str.encode),
    DEEP.map(str.encode),
    HUGE_INT.map(lambda n: _json_text({"format": "swoop-settings", "version": n}).encode()),
    ODD_TEXT.map(str.encode),
)


# -- the valid files a mutation starts from ------------------------------------------------
def _valid_files() -> dict[str, dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        dirs = resolve_dirs(folder)
        save_settings(
            dirs, Settings(opponents={1: {"name": "Ann", "level": "hard"}}, window_size=(1200, 700))
        )
        match = play(Match(seed=3), 25, random.Random(3))
        seats = [
            {
                "seat": i,
                "name": n,
                "level": lv,
                "personality": None,
                "think_ms": [400, 900],
                "weights": {"shed": 1.0} if i else None,
            }
            for i, (n, lv) in enumerate(
                [("You", "human"), ("Left", "easy"), ("Top", "normal"), ("Right", "hard")]
            )
        ]
        save_game(dirs, match, ["a line"], {"seats": seats})
        record_finished_game(dirs, finished_match(5), [{"name": "You"}, {"name": "Left"}])
        as_older_swoop_left_it(dirs)  # the history as an older Swoop's file (imported)
        return {
            name: json.loads(path.read_text(encoding="utf-8"))
            for name, path in (
                ("settings", dirs.settings_file),
                ("game", dirs.game_file),
                ("history", dirs.history_file),
            )
        }


VALID = _valid_files()


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out.extend(_paths(v, prefix + (i,)))
    return out


def _replace(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(copy[path[0]], path[1:], new)
    return copy


@st.composite
def mutated(draw, kind: str) -> bytes:
    """A valid file of ``kind`` with one value (anywhere in it) swapped for any JSON."""
    doc = VALID[kind]
    paths = [p for p in _paths(doc) if p[:1] not in (("format",), ("version",))]
    path = draw(st.sampled_from(paths))
    new = draw(st.one_of(JSON, NESTED, HUGE_INT))
    return _json_text(_replace(doc, path, new)).encode()


# -- the property -------------------------------------------------------------------------
KNOWN = None


def _known() -> Known:
    global KNOWN
    if KNOWN is None:
        from swoop_desktop.ai import FEATURES, LEVELS, PERSONALITIES

        KNOWN = Known(tuple(LEVELS), tuple(PERSONALITIES), tuple(FEATURES))
    return KNOWN


def _everything_in(folder: Path) -> list[bytes]:
    out = []
    for path in folder.rglob("*"):
        if path.is_file():
            out.append(path.read_bytes())
    return out


def _check_messages(messages: list[str]) -> None:
    assert isinstance(messages, list)
    for text in messages:
        assert isinstance(text, str) and "Traceback" not in text
        assert len(text) < 1500, text[:200]
        assert text.isprintable(), text  # shown as one line of text: no NUL, no newline


def _load_and_check(kind: str, raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        dirs = resolve_dirs(folder)
        path = {
            "settings": dirs.settings_file,
            "game": dirs.game_file,
            "history": dirs.history_file,
        }[kind]
        path.write_bytes(raw)
        if kind == "settings":
            value, messages = load_settings(dirs, _known())
            assert isinstance(value, Settings)
            save_settings(dirs, value)  # what the game does next: it must be writable
            for seat in value.opponents.values():
                if "name" in seat:
                    assert check_name(seat["name"])[0] == seat["name"]
        elif kind == "game":
            value, messages = load_game(dirs, _known())
            if value is not None:
                assert MIN_PLAYERS <= value.match.n <= MAX_PLAYERS
                assert value.seats is None or len(value.seats) == value.match.n
                for seat in value.seats or []:
                    assert check_name(seat.name)[0] == seat.name
                save_game(dirs, value.match, value.log, value.extra, value.seats)  # saved again
                assert not dirs.notices.told, dirs.notices.told
        else:
            value, messages = load_history(dirs)
            for record in value:
                for seat in record.seats:
                    if "name" in seat:
                        assert check_name(seat["name"])[0] == seat["name"]
        _check_messages(messages)
        assert raw in _everything_in(Path(folder)), "the bytes the player had are gone"


@fuzz_sizes
@pytest.mark.parametrize("kind", ["settings", "game", "history"])
def test_fuzz_any_bytes_in_a_file(kind, examples):
    @fuzz(examples)
    @given(raw=RAW)
    def check(raw):
        _load_and_check(kind, raw)

    check()


@fuzz_sizes
def test_fuzz_settings_with_one_value_changed(examples):
    @fuzz(examples)
    @given(raw=mutated("settings"))
    def check(raw):
        _load_and_check("settings", raw)

    check()


@fuzz_sizes
def test_fuzz_saved_game_with_one_value_changed(examples):
    @fuzz(examples)
    @given(raw=mutated("game"))
    def check(raw):
        _load_and_check("game", raw)

    check()


@fuzz_sizes
def test_fuzz_history_with_one_value_changed(examples):
    @fuzz(examples)
    @given(raw=mutated("history"))
    def check(raw):
        _load_and_check("history", raw)

    check()


# -- opponents.yaml -----------------------------------------------------------------------
YAML_TEXT = st.one_of(
    st.binary(max_size=300),
    JSON.map(_json_text).map(str.encode),
    st.fixed_dictionaries(
        {
            "seats": st.dictionaries(
                st.sampled_from(["left", "top", "right", "bottom"]),
                st.dictionaries(
                    st.sampled_from(["name", "level", "personality", "weights", "think_ms", "x"]),
                    JSON,
                    max_size=4,
                ),
                max_size=3,
            )
        }
    )
    .map(_json_text)
    .map(str.encode),
    DEEP.map(str.encode),
    st.integers(1, 40).map(
        lambda n: (
            "a: &a [x]\n"
            + "".join(
                f"b{i}: &b{i} [*{'a' if i == 0 else f'b{i - 1}'}, *{'a' if i == 0 else f'b{i - 1}'}]\n"
                for i in range(n)
            )
        ).encode()
    ),
)


@fuzz_sizes
def test_fuzz_opponents_file(examples):
    @fuzz(examples)
    @given(raw=YAML_TEXT)
    def check(raw):
        with tempfile.TemporaryDirectory() as folder:
            (Path(folder) / "opponents.yaml").write_bytes(raw)
            seats, messages = load_opponents(Path(folder))
            assert [s.seat for s in seats] == list(range(1, MAX_PLAYERS))
            for seat in seats:
                assert check_name(seat.name)[0] == seat.name
                seat.make_bot(seed=1)  # every seat makes a working bot
            _check_messages(messages)

    check()


# -- the engine: the position parser and the command line ----------------------------------
POSITION_BASE = {
    "rules": {"preset": "app"},
    "players": [
        {"hand": "7 7 K", "up": ["3", None, "J", "5"], "down": ["4", "9", "Q", "2"]},
        {"hand": "A 2", "up": [None] * 4, "down": [None, "X", None, None]},
        {"hand": "5", "up": ["T"] * 4, "down": ["6"] * 4},
    ],
    "pile": "9 8 8",
    "to_move": 0,
    "phase": "play",
}


@st.composite
def positions(draw) -> Any:
    if draw(st.booleans()):
        return draw(JSON)
    paths = _paths(POSITION_BASE)
    return _replace(POSITION_BASE, draw(st.sampled_from(paths)), draw(st.one_of(JSON, HUGE_INT)))


POSITION_DATA = st.one_of(
    positions(),
    st.builds(
        lambda path, n: _replace(POSITION_BASE, path, n),
        st.sampled_from(_paths(POSITION_BASE)),
        REAL_HUGE_INT,
    ),
)


@fuzz_sizes
def test_fuzz_position_parser(examples):
    @fuzz(examples)
    @given(data=POSITION_DATA)
    def check(data):
        try:
            state = parse_position(data)
        except EngineError as exc:
            assert str(exc) and len(str(exc)) < 600
        else:
            state.legal_actions()

    check()


def _cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = engine_cli.main(args)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


@fuzz_sizes
def test_fuzz_engine_command_line(examples):
    @fuzz(examples)
    @given(
        position=st.one_of(RAW, positions().map(_json_text).map(str.encode)),
        action=st.one_of(JSON.map(_json_text), ODD_TEXT, DEEP),
        rules=st.one_of(JSON.map(_json_text), ODD_TEXT),
    )
    def check(position, action, rules):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "p.json"
            path.write_bytes(position)
            for args in (
                ["legal", str(path)],
                ["play", str(path), action],
                ["deal", "--seed", "1", "--rules", rules],
            ):
                code, out, err = _cli(args)
                assert code in (0, 2), (args[0], code, err[-300:])
                if code == 2:
                    lines = err.splitlines()
                    assert len(lines) == 1 and lines[0].startswith("error: ")
                    assert len(lines[0]) <= 220
                    assert out == ""
                else:
                    json.loads(out)

    check()


# -- the whole game: it starts and plays whatever the four files hold --------------------------
APP_FUZZ = settings(
    max_examples=400 if LONG else max(5, EXAMPLES // 10),  # whole games: a tenth as many
    deadline=None,
    derandomize=not LONG,
    suppress_health_check=list(HealthCheck),
)


@APP_FUZZ
@given(
    settings_raw=st.one_of(RAW, mutated("settings")),
    game_raw=st.one_of(RAW, mutated("game")),
    history_raw=st.one_of(RAW, mutated("history")),
    yaml_raw=YAML_TEXT,
)
def test_fuzz_the_game_starts_and_plays_whatever_the_files_hold(
    settings_raw, game_raw, history_raw, yaml_raw
):
    from swoop_desktop.ui.pilot import Pilot
    from swoop_desktop.ui.scenes.scores import ScoresScene

    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        files = {
            "settings.json": settings_raw,
            "game.json": game_raw,
            "history.json": history_raw,
            "opponents.yaml": yaml_raw,
        }
        for name, raw in files.items():
            (root / name).write_bytes(raw)
        with Pilot(data_dir=root, start="title") as pilot:
            app = pilot.app
            app.continue_game()
            pilot.step(3)
            app.push(ScoresScene(app))
            pilot.step(3)
            app.new_game()
            pilot.step(3)
            assert pilot.top.name == "table"
            assert pilot.wait_for_turn(30)
        everything = _everything_in(root)
        for name, raw in files.items():
            if name != "game.json":  # a new game replaces the saved one (as the player asked)
                assert raw in everything, f"{name} as it was is gone"
