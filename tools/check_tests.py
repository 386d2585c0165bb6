"""Every test checks a behaviour: `make lint` fails on a test function that could pass
without checking anything.

A test function (``test_*``, at a module's top or in a ``Test*`` class, in ``tests/``)
must hold an ``assert``, a ``pytest.raises``, ``pytest.warns`` or ``pytest.fail``, a call
to an ``assert*`` method, or a call to a helper that does: a helper is a function
defined anywhere in ``tests/`` whose body asserts (directly, or through another such
helper). Helpers are known by name; a call ``name(...)`` or ``x.name(...)`` counts.

    python tools/check_tests.py [TESTS_FOLDER]

Prints each test that checks nothing (``path:line: name``) and exits 1, or prints one
line and exits 0.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKS = {"raises", "warns", "fail"}  # pytest.raises, pytest.warns, pytest.fail


def _own_nodes(fn: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``fn``'s body but those of the functions defined in it."""
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))


def _is_check(node: ast.AST) -> bool:
    """An assert, pytest.raises, pytest.warns or pytest.fail, or an ``assert*`` method
    (unittest's, numpy's)."""
    if isinstance(node, ast.Assert):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr
        if name.startswith("assert"):
            return True
        return (
            isinstance(func, ast.Attribute)
            and name in CHECKS
            and isinstance(func.value, ast.Name)
            and func.value.id == "pytest"
        )
    return False


def _checks_itself(fn: ast.AST) -> bool:
    """Whether ``fn`` checks something by itself: in its own body, or in a function it
    defines and calls (a check only inside a function handed elsewhere, a spy, checks
    nothing when that function is never called)."""
    nodes = list(_own_nodes(fn))
    if any(_is_check(node) for node in nodes):
        return True
    inner = {
        node.name: node
        for node in nodes
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    called = {
        node.func.id
        for node in nodes
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    return any(_checks_itself(inner[name]) for name in called & set(inner))


def _module_name(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)


class _Module:
    """One file of tests/: its functions (a class's methods by ``Class.name``) and what
    its names stand for (a function or a module of tests/, imported)."""

    def __init__(self, name: str, tree: ast.Module, is_package: bool) -> None:
        self.name = name
        self.tree = tree
        self.package = name if is_package else name.rpartition(".")[0]
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.methods: dict[str, set[str]] = {}  # a method's name -> "Class.name" of each
        self.imported: dict[str, tuple[str, str]] = {}  # alias -> (module, name)
        self.modules: dict[str, str] = {}  # alias -> module
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions[node.name] = node
            elif isinstance(node, ast.ClassDef):
                for inner in node.body:
                    if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        key = f"{node.name}.{inner.name}"
                        self.functions[key] = inner
                        self.methods.setdefault(inner.name, set()).add(key)
        for node in ast.walk(tree):  # imports inside functions count too
            if isinstance(node, ast.ImportFrom):
                base = self._base(node)
                for alias in node.names:
                    self.imported[alias.asname or alias.name] = (base, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.modules[alias.asname] = alias.name

    def _base(self, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        parts = self.package.split(".")
        parts = parts[: len(parts) - (node.level - 1)]
        return ".".join(parts + ([node.module] if node.module else []))


Key = tuple[str, str]  # (module, function or "Class.method")


def _resolved(module: _Module, fn: ast.AST, modules: dict[str, _Module]) -> set[Key]:
    """The functions of tests/ that ``fn`` calls, as far as names say it."""
    found: set[Key] = set()
    for node in ast.walk(fn):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            if func.id in module.functions:
                found.add((module.name, func.id))
            elif func.id in module.imported:
                where, name = module.imported[func.id]
                found.add((where, name))
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            owner = func.value.id
            if owner in ("self", "cls"):
                found.update((module.name, key) for key in module.methods.get(func.attr, ()))
            elif owner in module.modules:
                found.add((module.modules[owner], func.attr))
            elif owner in module.imported:  # ``from . import helpers``
                where, name = module.imported[owner]
                found.add((f"{where}.{name}", func.attr))
    return {key for key in found if key[0] in modules}


def _tests(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's test functions: ``test_*`` at its top or in a ``Test*`` class."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name.startswith("test"):
                yield node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for inner in node.body:
                if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    if inner.name.startswith("test"):
                        yield inner


def unchecked(folder: Path) -> list[str]:
    """``path:line: name`` of every test in ``folder`` that checks nothing."""
    root = folder.parent
    modules: dict[str, _Module] = {}
    paths: dict[str, Path] = {}
    for path in sorted(folder.rglob("*.py")):
        name = _module_name(path, root)
        package = path.name == "__init__.py"
        if package:
            name = name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        modules[name] = _Module(name, tree, package)
        paths[name] = path
    calls: dict[Key, set[Key]] = {}
    helpers: set[Key] = set()
    for module in modules.values():
        for key, fn in module.functions.items():
            calls[(module.name, key)] = _resolved(module, fn, modules)
            if _checks_itself(fn):
                helpers.add((module.name, key))
    grown = True
    while grown:  # a helper that calls a helper checks too
        grown = False
        for key, called in calls.items():
            if key not in helpers and called & helpers:
                helpers.add(key)
                grown = True
    found = []
    for name, module in modules.items():
        for test in _tests(module.tree):
            if not (_checks_itself(test) or _resolved(module, test, modules) & helpers):
                where = paths[name].relative_to(root)
                found.append(f"{where}:{test.lineno}: {test.name} checks nothing")
    return found


def main(argv: list[str]) -> int:
    folder = Path(argv[1]) if len(argv) > 1 else ROOT / "tests"
    found = unchecked(folder)
    for line in found:
        print(line)
    if found:
        print(
            f"{len(found)} test(s) can pass without checking anything: assert what the "
            "behaviour should be (or call a helper in tests/ that does)",
            file=sys.stderr,
        )
        return 1
    print("every test checks something")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
