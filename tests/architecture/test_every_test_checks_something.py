"""``tools/check_tests.py`` (run by ``make lint``): a test that could pass without checking
anything is named, one that asserts (itself or through a helper of tests/) is not; and
no test of this suite is such a test."""

from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("check_tests", ROOT / "tools" / "check_tests.py")
assert spec is not None and spec.loader is not None
check_tests = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_tests)

HELPERS = """
def same(a, b):
    assert a == b


def checked_twice(a):
    same(a, a)


def builder():
    return 1
"""

TESTS = """
import pytest

from .helpers import builder, checked_twice
from . import helpers


def test_asserts():
    assert builder() == 1


def test_raises():
    with pytest.raises(ZeroDivisionError):
        1 / 0


def test_through_a_helper():
    checked_twice(builder())


def test_through_a_module_of_helpers():
    helpers.same(1, 1)


def test_through_its_own_function():
    def look(x):
        assert x

    look(builder())


def test_builds_only():
    builder()


def test_a_spy_that_may_never_be_called(monkeypatch):
    def spy(*args):
        assert args

    monkeypatch.setattr(helpers, "builder", spy)


class TestGrouped:
    def test_draws_only(self):
        builder()
"""


def _suite(tmp_path: Path) -> Path:
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "helpers.py").write_text(textwrap.dedent(HELPERS))
    (folder / "test_planted.py").write_text(textwrap.dedent(TESTS))
    return folder


def test_the_tests_that_check_nothing_are_named_and_only_they(tmp_path):
    found = check_tests.unchecked(_suite(tmp_path))
    named = sorted(line.split(": ")[1] for line in found)
    assert named == [
        "test_a_spy_that_may_never_be_called checks nothing",
        "test_builds_only checks nothing",
        "test_draws_only checks nothing",
    ]
    assert all(line.startswith("tests/test_planted.py:") for line in found)


def test_every_test_of_this_suite_checks_something():
    assert check_tests.unchecked(ROOT / "tests") == []
