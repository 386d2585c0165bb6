"""Checks of the code's walls that import-linter cannot express.

    python tools/check_walls.py [--root DIR]

- no import cycles between the package's modules (imports inside functions count, and
  so do imports only for the type checker, under ``if TYPE_CHECKING:``: a cycle there
  is still two modules that each need the other; grimp, which import-linter uses,
  reads them);
- no imports of the package's own modules by string (``__import__``, ``import_module``);
- the engine imports only the standard library (an allow-list, not a deny-list);
- the AI cannot reach a real deal by any route: it never names ``GameState``
  (the deal with its hidden cards), ``Match`` (a whole game, which holds one) or
  ``new_deal`` (which makes one), neither their modules, the engine package's
  re-exports, nor an attribute of either; the referee (``swoop_desktop.referee``)
  holds real deals and hands the AI observations. It also reads no private
  attribute of another object (search plays worlds through the engine's public
  ``PlayoutState`` interface);
- every module of the package sits in a layer of the import-linter layers
  contract in ``pyproject.toml`` (a new module outside them would be unchecked);
- every screen is in the import-linter contract that keeps screens from importing one
  another: each module ``ui/screens.py`` loads a screen from (every route the app knows,
  and the replay) and each module under ``ui/scenes/`` that declares a screen by name
  (a class with ``name = "..."``). A new screen left out of that list would be free to
  import the others; here it is named instead.

``--root`` points at a folder holding a ``swoop_desktop`` package (a scratch copy
in the tests); it defaults to the repository. Exit status 1 and one line per
finding when a wall is broken, 0 when all hold.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

PACKAGE = "swoop_desktop"
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
#: Modules whose contents are a real deal: the deal itself, and a whole game holding one.
HIDDEN_MODULES = (f"{PACKAGE}.engine.state", f"{PACKAGE}.engine.match")
#: Names that are a real deal or make one (the engine package re-exports all three).
HIDDEN_NAMES = ("GameState", "Match", "new_deal")


def _modules(root: Path) -> Iterator[tuple[str, Path, ast.Module]]:
    """Every module of the package under ``root``: dotted name, path, parsed tree."""
    base = root / PACKAGE
    for path in sorted(base.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module named by a ``from … import`` statement."""
    if node.level == 0:
        return node.module or ""
    parts = module.split(".")
    keep = len(parts) - node.level + (1 if is_package else 0)
    base = parts[:keep]
    return ".".join(base + ([node.module] if node.module else []))


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the package modules it imports anywhere in its body, as grimp reads them."""
    import grimp

    sys.path.insert(0, str(root))
    try:
        graph = grimp.build_graph(PACKAGE, cache_dir=None, exclude_type_checking_imports=False)
    finally:
        sys.path.remove(str(root))
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def import_cycles(root: Path) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    graph = import_graph(root)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def string_imports(root: Path) -> list[str]:
    """Calls of ``__import__`` or ``import_module`` anywhere in the package."""
    found = []
    for name, path, tree in _modules(root):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                called = (
                    func.id
                    if isinstance(func, ast.Name)
                    else func.attr
                    if isinstance(func, ast.Attribute)
                    else ""
                )
                if called in ("__import__", "import_module"):
                    found.append(
                        f"{path.relative_to(root)}:{node.lineno}: {name} imports by string"
                    )
    return found


def engine_outside_stdlib(root: Path) -> list[str]:
    """Imports in the engine of anything but the standard library and the engine itself."""
    found = []
    engine = f"{PACKAGE}.engine"
    for name, path, tree in _modules(root):
        if not (name == engine or name.startswith(engine + ".")):
            continue
        is_package = path.name == "__init__.py"
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                targets = [_resolve(name, is_package, node)]
            else:
                continue
            for target in targets:
                top = target.split(".")[0]
                inside = target == engine or target.startswith(engine + ".")
                if not inside and (top == PACKAGE or top not in sys.stdlib_module_names):
                    found.append(
                        f"{path.relative_to(root)}:{node.lineno}: the engine imports "
                        f"{target}, which is not the standard library"
                    )
    return found


def ai_names_gamestate(root: Path) -> list[str]:
    """Every way an AI module could reach a real deal (``GameState``, ``Match``, ``new_deal``):
    by module, by name or by attribute."""
    found = []
    ai = f"{PACKAGE}.ai"
    for name, path, tree in _modules(root):
        if not (name == ai or name.startswith(ai + ".")):
            continue
        is_package = path.name == "__init__.py"
        where = f"{path.relative_to(root)}"
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in HIDDEN_MODULES:
                        found.append(f"{where}:{node.lineno}: imports {alias.name}")
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, is_package, node)
                for alias in node.names:
                    if (
                        base in HIDDEN_MODULES
                        or alias.name in HIDDEN_NAMES
                        or f"{base}.{alias.name}" in HIDDEN_MODULES
                    ):
                        found.append(f"{where}:{node.lineno}: imports {alias.name} from {base}")
            elif isinstance(node, ast.Attribute) and node.attr in HIDDEN_NAMES:
                found.append(f"{where}:{node.lineno}: reaches .{node.attr} as an attribute")
            elif isinstance(node, ast.Constant) and node.value in HIDDEN_NAMES + HIDDEN_MODULES:
                found.append(f"{where}:{node.lineno}: names {node.value!r} in a string")
            elif (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                found.append(
                    f"{where}:{node.lineno}: reads the private attribute .{node.attr} of "
                    "another object (search uses the engine's public play-out interface)"
                )
    return found


def outside_the_layers(root: Path, pyproject: Path = PYPROJECT) -> list[str]:
    """Modules under ``root`` that no layer of the package-wide layers contract names."""
    contracts = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    layers = next(
        c["layers"]
        for c in contracts["contracts"]
        if c["type"] == "layers" and not c.get("containers")
    )
    names = [n.strip(" ()") for layer in layers for n in re.split(r"[|:]", layer)]
    found = []
    for name, path, _tree in _modules(root):
        if name != PACKAGE and not any(name == n or name.startswith(n + ".") for n in names):
            found.append(
                f"{path.relative_to(root)}: {name} is in no layer of the import-linter "
                "layers contract (pyproject.toml)"
            )
    return found


SCREENS = f"{PACKAGE}.ui.scenes"
ROUTER = f"{PACKAGE}.ui.screens"


def _screens_contract(pyproject: Path) -> list[str]:
    """The modules of the independence contract that holds the screens apart."""
    contracts = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    for contract in contracts["contracts"]:
        modules = contract.get("modules", [])
        if contract["type"] == "independence" and any(m.startswith(SCREENS + ".") for m in modules):
            return list(modules)
    return []


def _declares_a_screen(tree: ast.Module) -> int | None:
    """The line of the first class in ``tree`` that names itself a screen (``name = "..."``)."""
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if (
                isinstance(item, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "name" for t in item.targets)
                and isinstance(item.value, ast.Constant)
                and isinstance(item.value.value, str)
            ):
                return node.lineno
    return None


def screens_outside_their_wall(root: Path, pyproject: Path = PYPROJECT) -> list[str]:
    """Screens missing from the contract that keeps screens from importing each other."""
    listed = set(_screens_contract(pyproject))
    screens: dict[str, str] = {}  # module -> why it is a screen
    for name, _path, tree in _modules(root):
        if name == ROUTER:
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    target = _resolve(name, False, node)
                    if target.startswith(SCREENS + "."):
                        screens.setdefault(target, f"ui/screens.py loads it at line {node.lineno}")
        elif name.startswith(SCREENS + "."):
            line = _declares_a_screen(tree)
            if line is not None:
                screens.setdefault(name, f"it declares a screen by name at line {line}")
    found = []
    for module, why in sorted(screens.items()):
        if module not in listed:
            path = Path(*module.split(".")).with_suffix(".py")
            found.append(
                f"{path}: {module} is a screen ({why}) but not in the import-linter contract "
                "that keeps screens from importing each other (pyproject.toml): add it there"
            )
    return found


def findings(root: Path) -> list[str]:
    out = [f"import cycle: {' <-> '.join(group)}" for group in import_cycles(root)]
    out += string_imports(root)
    out += engine_outside_stdlib(root)
    out += ai_names_gamestate(root)
    out += outside_the_layers(root)
    out += screens_outside_their_wall(root)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check the walls between the game's layers.")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args(argv)
    problems = findings(args.root)
    for line in problems:
        print(line)
    if not problems:
        print(
            "walls hold: no import cycles, no string imports, engine on the standard library, "
            "AI never names GameState, Match or new_deal, every module in a layer, "
            "every screen behind the screens' wall"
        )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
