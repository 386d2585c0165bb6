"""Fuzzing ``reviews.json``, the review command, the tournament's options and the lock
paths.

Properties: the readers return a usable value and one-line plain messages, no exception
escapes, and the bytes the player had are still in the folder; a command exits 0 or 2 with
one line on stderr for bad input, never a traceback; whatever is at a lock's name, a finished
game is never lost.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from swoop_desktop import review as review_cli
from swoop_desktop.ai.review import Review
from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.progress.stored_reviews import (
    load_review,
    reviews_file,
    store_review,
    stored_accuracies,
)
from swoop_desktop.referee import tournament
from swoop_desktop.storage import claim_data_folder, open_dirs, release_data_folder, resolve_dirs

from ..progress.test_reviews_file_checks import GOOD_VERDICT
from ..storage.helpers import finished_match
from .test_fuzz_loaders import (
    APP_FUZZ,
    HUGE_INT,
    JSON,
    NESTED,
    ODD_TEXT,
    RAW,
    VALID,
    _check_messages,
    _everything_in,
    _json_text,
    _paths,
    _replace,
    fuzz,
    fuzz_sizes,
)

VALID_REVIEWS = {
    "format": "swoop-reviews",
    "version": 1,
    "reviews": {
        "abc/game/48": {
            "verdicts": [GOOD_VERDICT],
            "hindsight": [dict(GOOD_VERDICT, hindsight=True)],
            "accuracy": 50.0,
        }
    },
}


@st.composite
def mutated_reviews(draw) -> bytes:
    paths = [p for p in _paths(VALID_REVIEWS) if p[:1] not in (("format",), ("version",))]
    path = draw(st.sampled_from(paths))
    new = draw(st.one_of(JSON, NESTED, HUGE_INT))
    return _json_text(_replace(VALID_REVIEWS, path, new)).encode()


@fuzz_sizes
def test_fuzz_reviews_file(examples):
    @fuzz(examples)
    @given(raw=st.one_of(RAW, mutated_reviews()))
    def check(raw):
        with tempfile.TemporaryDirectory() as folder:
            dirs = resolve_dirs(folder)
            reviews_file(dirs).write_bytes(raw)
            assert stored_accuracies(dirs, ["abc/game/48"])[0] in (None, 50.0)
            _check_messages(dirs.notices.take())
            body, messages = load_review(dirs, "abc/game/48")
            _check_messages(messages)
            if body is not None:  # what the Review screen draws: every verdict usable
                review = Review.from_json(body)
                for v in review.verdicts + review.hindsight:
                    f"{v.cost:5.1f} {v.label:<10} {v.reason} {v.chosen}"  # noqa: B018
                review.summary_lines()
            store_review(dirs, "new/game/48", {"verdicts": []})  # and stored over it
            assert raw in _everything_in(Path(folder)), "the bytes the player had are gone"

    check()


def _mutated_history() -> st.SearchStrategy[bytes]:
    doc = VALID["history"]
    paths = [p for p in _paths(doc) if p[:1] not in (("format",), ("version",))]
    return st.tuples(st.sampled_from(paths), st.one_of(JSON, NESTED, HUGE_INT)).map(
        lambda pn: _json_text(_replace(doc, pn[0], pn[1])).encode()
    )


def _review_cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = review_cli.main(args)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


@APP_FUZZ
@given(
    raw=st.one_of(RAW, _mutated_history()),
    hand=st.one_of(st.none(), st.integers(-3, 30), HUGE_INT),
    game=st.one_of(st.none(), ODD_TEXT),
)
def test_fuzz_review_command(raw, hand, game):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "history.json"
        path.write_bytes(raw)
        args = [str(path), "--worlds", "1", "--hand", "1" if hand is None else str(hand)]
        if isinstance(hand, str):
            args[-1] = "9" * 50
        if game:
            args += ["--game", game]
        code, out, err = _review_cli(args)
        assert code in (0, 2), (code, err[-300:])
        assert "Traceback" not in err
        if code == 2:
            assert len(err.strip().splitlines()) == 1, err
            assert out == ""


NUMBERISH = st.one_of(
    st.integers(-(10**20), 10**20).map(str),
    st.sampled_from(["nan", "inf", "-inf", "0", "-1", "1e308", "1.5", "", " 7", "9" * 5000]),
    ODD_TEXT,
)


OPTION = st.sampled_from(
    ["--deals", "--match", "--worlds", "--budget-ms", "--cap", "--jobs", "--seed", "--rules"]
)


@fuzz_sizes
def test_fuzz_tournament_options(examples):
    @fuzz(examples)
    @given(
        option=OPTION,
        value=st.one_of(
            NUMBERISH, JSON.map(_json_text), st.integers(1, 3000).map(lambda d: "[" * d)
        ),
    )
    def check(option, value):
        played = {}

        def fake(*args, **kwargs):  # the options are the subject here, not the games
            played["yes"] = True
            return {"entries": []}

        out, err = io.StringIO(), io.StringIO()
        with (
            mock.patch.object(tournament, "run", fake),
            mock.patch.object(tournament, "run_matches", fake),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
        ):
            try:
                code = tournament.main(["--bots", "random,random,random", "--json", option, value])
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
        assert code in (0, 2), (code, err.getvalue()[-300:])
        assert "Traceback" not in err.getvalue()
        if code == 2:
            assert len(err.getvalue().strip().splitlines()) == 1, err.getvalue()
            assert "yes" not in played

    check()


IN_THE_WAY = st.sampled_from(["folder", "file", "link to a file", "dangling link", "fifo"])


def _plant(path: Path, what: str, raw: bytes) -> None:
    if what == "folder":
        path.mkdir()
        (path / "x").write_bytes(raw)
    elif what == "file":
        path.write_bytes(raw)
    elif what == "link to a file":
        target = path.with_name("elsewhere-" + path.name)
        target.write_bytes(raw)
        path.symlink_to(target)
    elif what == "dangling link":
        path.symlink_to(path.with_name("nowhere") / "x")
    elif hasattr(os, "mkfifo"):
        os.mkfifo(path)


@APP_FUZZ
@given(
    history_lock=IN_THE_WAY,
    window_lock=IN_THE_WAY,
    raw=st.binary(max_size=50),
    seed=st.integers(1, 50),
)
def test_fuzz_lock_paths_never_lose_a_game(history_lock, window_lock, raw, seed):
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        _plant(root / "history.json.lock", history_lock, raw)
        _plant(root / ".swoop-window.lock", window_lock, raw)
        dirs, _ = open_dirs(root)
        _check_messages(claim_data_folder(dirs))
        record_finished_game(dirs, finished_match(seed), [])
        _check_messages(dirs.notices.take())
        release_data_folder(dirs)
        later, _ = open_dirs(root)
        games, messages = load_history(later)
        _check_messages(messages)
        assert [g.seed for g in games] == [seed]
        if window_lock == "link to a file" or history_lock == "link to a file":
            for p in root.glob("elsewhere-*"):
                assert p.read_bytes() == raw  # a link is never written through
        json.dumps([g.to_json() for g in games])
