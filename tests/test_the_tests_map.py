"""tests/README.md is the map of the tests: every test file and helper in tests/ is named
in its folder's row of the table, and every file a row names is there, so a newcomer who
reads the map finds every guard, and a file added or moved without its line fails here."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
README = TESTS / "README.md"


def _files() -> set[str]:
    """Every Python file of tests/ but the packages' ``__init__.py``, from tests/."""
    return {
        path.relative_to(TESTS).as_posix()
        for path in TESTS.rglob("*.py")
        if path.name != "__init__.py" and "__pycache__" not in path.parts
    }


def _named() -> set[str]:
    """The Python files the table's rows name, each from tests/ (a row's names are its
    folder's: ``table/`` for ``ui/table/``, none for the row of tests/ itself; a file of
    the project outside tests/ is passed over)."""
    named: set[str] = set()
    for line in README.read_text(encoding="utf-8").splitlines():
        cells = line.split(" | ")
        if not line.startswith("| `") or len(cells) < 3:
            continue
        folder = re.match(r"\| `([^`]*)`", line)
        assert folder is not None
        base = "" if folder.group(1) == "tests/" else folder.group(1)
        for name in re.findall(r"`([\w/]+\.py)`", cells[-1]):
            if (TESTS.parent / name.partition("/")[0]).is_dir():
                continue  # a file of the project beside tests/ (tools/check_tests.py)
            named.add(base + name)
    return named


def test_every_test_file_and_helper_is_named_in_the_map():
    missing = sorted(_files() - _named())
    assert not missing, f"tests/README.md's table names none of {missing}: add each to its row"


def test_every_file_the_map_names_is_there():
    gone = sorted(_named() - _files())
    assert not gone, f"tests/README.md names {gone}, which tests/ does not hold"


def test_every_test_file_the_docs_and_readme_name_is_there():
    """docs/ and the README point a reader at the tests that guard what they promise
    ("tests/storage/test_crash_safety.py kills a process ..."): each file they name is
    there (a wildcard: at least one file matches), so a test moved or renamed without its
    page fails here rather than sending a reader nowhere."""
    root = TESTS.parent
    pages = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    missing = []
    for page in pages:
        for name in re.findall(r"\btests/[\w/*.\-]+?\.py\b", page.read_text(encoding="utf-8")):
            if not list(root.glob(name)):
                missing.append(f"{page.relative_to(root)}: {name}")
    assert missing == [], missing
