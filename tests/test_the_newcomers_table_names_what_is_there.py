"""docs/architecture.md's "A newcomer's tasks, file by file" sends a newcomer to files and
to the names in them: every file it names is there; every function, class, constant or
attribute it names in backticks is defined in swoop_desktop/ (a class's own in that class,
a module's own in that module), and one named in brackets after a module in that module;
a new personality is sent to the table of personalities, not to a function that reads it.
A rename that leaves the table behind fails here."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

from swoop_desktop.ai import features

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "swoop_desktop"
HEADING = "## A newcomer's tasks, file by file"
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
FILE_ENDINGS = (".py", ".yaml", ".md", ".toml", ".po", "/")
# `ai/features.py` (its weights in `X`, ...): the brackets after a module, one level deep
MODULE_AND_BRACKETS = re.compile(r"`([\w/]+\.py)` \(((?:[^()]|\([^()]*\))*)\)")


def table_rows() -> list[str]:
    """The table's rows, header and rule left out."""
    text = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    assert HEADING in text, f"docs/architecture.md has no {HEADING!r}"
    rows = []
    for line in text.split(HEADING, 1)[1].splitlines()[1:]:
        if line.startswith("#"):
            break
        if line.startswith("|") and not line.startswith(("| task ", "|---")):
            rows.append(line)
    assert rows, "the newcomer's table has no rows"
    return rows


def backticked(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def is_file(word: str) -> bool:
    return "/" in word or word.endswith(FILE_ENDINGS)


def _assigned(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Attribute):
        return [target.attr]
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in _assigned(element)]
    return []


def defined(nodes: list[ast.stmt], deep: bool) -> set[str]:
    """The names these statements define: functions, classes and assignments (to a name or
    to an attribute, ``self.x = ...``), inside every body when ``deep``."""
    names: set[str] = set()
    for node in ast.walk(ast.Module(body=nodes, type_ignores=[])) if deep else nodes:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(n for target in node.targets for n in _assigned(target))
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            names.update(_assigned(node.target))
    return names


def _own_attributes(cls: ast.ClassDef) -> set[str]:
    """A class's ``self.x = ...`` in its methods."""
    names: set[str] = set()
    for node in ast.walk(cls):
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
                if target.value.id == "self":
                    names.add(target.attr)
    return names


@cache
def definitions() -> tuple[set[str], dict[str, set[str]], dict[str, set[str]]]:
    """Every name defined anywhere in the package; each module's own names (by the module's
    name); each class's own (its body, its methods' ``self.x``)."""
    anywhere: set[str] = set()
    modules: dict[str, set[str]] = defaultdict(set)
    classes: dict[str, set[str]] = defaultdict(set)
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"), str(path))
        anywhere |= defined(tree.body, deep=True)
        modules[path.stem] |= defined(tree.body, deep=False)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                classes[node.name] |= defined(node.body, deep=False) | _own_attributes(node)
    return anywhere, dict(modules), dict(classes)


def missing_name(word: str) -> str | None:
    """Why a name the table gives is not in the package, or None when it is."""
    anywhere, modules, classes = definitions()
    *owner, name = word.split(".")
    if not owner:
        return None if name in anywhere else f"`{word}`: nothing in swoop_desktop/ defines it"
    first = owner[-1]
    # a class (``TableScene.settings_changed``), a module (``i18n.NAMES``) or an instance
    # of a class named as it is (``app.open``: an App's)
    owners = [
        found
        for found in (classes.get(first), modules.get(first), classes.get(first.capitalize()))
        if found is not None
    ]
    if not owners:
        return f"`{word}`: no class or module {first} in swoop_desktop/"
    return None if any(name in own for own in owners) else f"`{word}`: {first} has no {name}"


def test_every_file_the_newcomers_table_names_is_there():
    missing = [
        word
        for row in table_rows()
        for word in backticked(row)
        if is_file(word)
        and "<" not in word  # locale/<code>/...: a pattern
        and not any((base / word).exists() for base in (ROOT, PACKAGE))
    ]
    assert not missing, f"docs/architecture.md's newcomer table names files not there: {missing}"


def test_every_name_the_newcomers_table_gives_is_defined_in_the_game():
    # a call as written (``app.open(name)``): its function's name
    names = [re.sub(r"\(.*\)$", "", w) for row in table_rows() for w in backticked(row)]
    names = [n for n in names if not is_file(n) and DOTTED.fullmatch(n)]
    assert len(names) >= 20, f"too few names read from the table: {names}"
    wrong = [why for name in names if (why := missing_name(name))]
    assert not wrong, "docs/architecture.md's newcomer table names what is not there:\n" + (
        "\n".join(wrong)
    )


def test_a_name_given_in_brackets_after_a_module_is_in_that_module():
    wrong = []
    pairs = 0
    for row in table_rows():
        for found in MODULE_AND_BRACKETS.finditer(row):
            path = PACKAGE / found.group(1)
            if not path.exists():
                continue  # a test file's brackets say what it checks
            own = defined(ast.parse(path.read_text("utf-8")).body, deep=True)
            for name in backticked(found.group(2)):
                pairs += 1
                if DOTTED.fullmatch(name) and name.split(".")[0] not in own:
                    wrong.append(f"`{name}` is not in {found.group(1)}")
    assert pairs >= 10, "too few module (name) pointers read from the table"
    assert not wrong, "docs/architecture.md's newcomer table: " + "; ".join(wrong)


def test_a_new_personality_is_sent_to_the_table_of_personalities():
    # a personality is one entry of the table PERSONALITIES comes from: its weights' shifts
    (row,) = [r for r in table_rows() if r.startswith("| an opponent's personality |")]
    tables = [
        name
        for name in backticked(row)
        if isinstance(getattr(features, name, None), dict)
        and tuple(getattr(features, name)) == features.PERSONALITIES
    ]
    assert tables, (
        "the newcomer's table sends a new personality to "
        f"{[w for w in backticked(row) if not is_file(w)]}, not to where the personalities "
        "and their weights are declared in ai/features.py"
    )
