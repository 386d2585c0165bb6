"""installer.spec builds the right app: executed here with stand-ins for PyInstaller's classes.

Nothing is built (CI builds with ``make app``); the spec is run as PyInstaller
would run it, and what it hands to Analysis/EXE/COLLECT/BUNDLE is checked.
"""

from __future__ import annotations

import ast
import configparser
import sys
import tomllib
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "installer.spec"


class Recorder:
    """Stands in for one PyInstaller build step and remembers how it was called."""

    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]

    def __init__(self, kind: str, calls: list) -> None:
        self.kind = kind
        self.calls = calls

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((self.kind, args, kwargs))
        step = type(self.kind, (), {})()
        step.kwargs = kwargs
        step.args = args
        if self.kind == "Analysis":
            step.pure, step.scripts = ["pure"], ["scripts"]
            step.binaries, step.datas = [("libSDL2.so", "/x/libSDL2.so", "BINARY")], kwargs["datas"]
        return step


class Part:
    """Stands in for one of PyInstaller's version-resource classes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs


def fake_versioninfo_modules() -> dict[str, types.ModuleType]:
    names = (
        "FixedFileInfo",
        "StringFileInfo",
        "StringStruct",
        "StringTable",
        "VarFileInfo",
        "VarStruct",
        "VSVersionInfo",
    )
    modules = {}
    for dotted in (
        "PyInstaller",
        "PyInstaller.utils",
        "PyInstaller.utils.win32",
        "PyInstaller.utils.win32.versioninfo",
    ):
        modules[dotted] = types.ModuleType(dotted)
        modules[dotted].__path__ = []  # a package, so the next level can be imported
    for name in names:
        setattr(modules["PyInstaller.utils.win32.versioninfo"], name, type(name, (Part,), {}))
    return modules


def run_spec(platform: str | None = None, onefile: bool = False) -> dict[str, dict[str, Any]]:
    calls: list = []
    namespace = {
        name: Recorder(name, calls) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
    }
    namespace["SPECPATH"] = str(ROOT)
    namespace["__file__"] = str(SPEC)
    code = compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec")
    with pytest.MonkeyPatch.context() as mp:
        if onefile:
            mp.setenv("SWOOP_ONEFILE", "1")
        else:
            mp.delenv("SWOOP_ONEFILE", raising=False)
        if platform:
            mp.setattr(sys, "platform", platform)
        if platform == "win32":  # PyInstaller's version-info classes need pefile, a Windows extra
            for name, module in fake_versioninfo_modules().items():
                mp.setitem(sys.modules, name, module)
        exec(code, namespace)
    out: dict[str, dict[str, Any]] = {}
    for kind, args, kwargs in calls:
        out[kind] = {"args": args, **kwargs}
    out["_namespace"] = namespace
    return out


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def test_spec_builds_a_windowed_one_folder_app_named_swoop():
    steps = run_spec(platform="linux")
    exe, coll = steps["EXE"], steps["COLLECT"]
    assert exe["name"] == "Swoop" and coll["name"] == "Swoop"
    assert exe["console"] is False
    assert exe["exclude_binaries"] is True  # one folder: the libraries sit beside the program
    assert "BUNDLE" not in steps


def test_spec_ships_assets_and_config_where_the_package_reads_them():
    analysis = run_spec()["Analysis"]
    datas = {Path(src).resolve(): dest for src, dest in analysis["datas"]}
    assert datas[ROOT / "swoop_desktop" / "assets"] == "swoop_desktop/assets"
    assert datas[ROOT / "swoop_desktop" / "config"] == "swoop_desktop/config"
    assert datas[ROOT / "licenses"] == "licenses"
    assert datas[ROOT / "LICENSE"] == "licenses/Swoop"
    for src in datas:
        assert src.exists(), f"{src} named in the spec does not exist"
    # The entry script hands over to the package's main().
    (script,) = analysis["args"][0]
    assert Path(script).resolve() == ROOT / "run_swoop.py"
    tree = ast.parse((ROOT / "run_swoop.py").read_text(encoding="utf-8"))
    imports = [
        (n.module, [a.name for a in n.names])
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom)
    ]
    assert ("swoop_desktop.__main__", ["main"]) in imports


def test_spec_leaves_out_what_the_game_does_not_use():
    excludes = set(run_spec()["Analysis"]["excludes"])
    for name in (
        "tkinter",
        "numpy",
        "unittest",
        "pydoc",
        "pygame.tests",
        "pygame.examples",
        "pytest",
        "hypothesis",
    ):
        assert name in excludes
    # Nothing the game itself needs may be excluded.
    for needed in (
        "pygame",
        "yaml",
        "platformdirs",
        "pytweening",
        "swoop_desktop",
        "json",
        "hashlib",
        "socket",
    ):
        assert needed not in excludes


def test_spec_reads_the_version_from_pyproject_and_uses_the_icon_per_platform():
    steps = run_spec(platform="darwin")
    assert steps["_namespace"]["VERSION"] == project_version()
    bundle = steps["BUNDLE"]
    assert bundle["name"] == "Swoop.app"
    assert bundle["version"] == project_version()
    assert bundle["info_plist"]["CFBundleShortVersionString"] == project_version()
    assert Path(bundle["icon"]).name == "icon.icns" and Path(bundle["icon"]).is_file()
    assert steps["EXE"]["strip"] is False  # stripping would break macOS code signatures

    windows = run_spec(platform="win32")["EXE"]
    assert Path(windows["icon"]).name == "icon.ico" and Path(windows["icon"]).is_file()
    assert windows["console"] is False
    # The .exe carries the version in its Properties: numbers and strings.
    info = windows["version"]
    assert type(info).__name__ == "VSVersionInfo"
    numbers = tuple(int(n) for n in project_version().split(".")[:3]) + (0,)
    assert info.kwargs["ffi"].kwargs == {"filevers": numbers, "prodvers": numbers}
    string_file_info = info.kwargs["kids"][0]
    (table,) = string_file_info.args[0]
    strings = dict(part.args for part in table.args[1])
    assert strings["ProductVersion"] == project_version()
    assert strings["OriginalFilename"] == "Swoop.exe"

    linux = run_spec(platform="linux")
    assert linux["EXE"]["strip"] is True and linux["COLLECT"]["strip"] is True
    assert linux["EXE"]["version"] is None  # a Windows-only resource


def test_spec_one_file_build_has_its_own_name():
    steps = run_spec(platform="linux", onefile=True)
    exe = steps["EXE"]
    assert exe["name"] == "Swoop-onefile"  # never collides with the Swoop/ folder
    assert exe["console"] is False
    assert "COLLECT" not in steps
    # Everything goes inside the one executable.
    assert any(item == [("libSDL2.so", "/x/libSDL2.so", "BINARY")] for item in exe["args"])
    # macOS ships Swoop.app (one folder); a one-file .app bundle is deprecated by PyInstaller.
    assert "BUNDLE" not in run_spec(platform="darwin", onefile=True)


def test_linux_desktop_entry_names_the_app_and_its_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive
    entry.read(ROOT / "packaging" / "swoop.desktop", encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application"
    assert section["Name"] == "Swoop"
    assert section["Icon"] == "swoop"
    assert section["Terminal"] == "false"
    assert "Game" in section["Categories"].split(";")
    assert section["Exec"].split()[0].endswith(("swoop", "Swoop"))


def test_nothing_the_game_imports_is_excluded_from_the_build():
    """An import of an excluded module would only fail in the packaged app: catch it here."""
    excludes = set(run_spec()["Analysis"]["excludes"])
    offenders = []
    for path in sorted((ROOT / "swoop_desktop").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                parts = name.split(".")
                prefixes = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
                if prefixes & excludes:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert not offenders, offenders


def test_platformdirs_keeps_the_module_of_the_platform_it_is_built_on():
    linux = set(run_spec(platform="linux")["Analysis"]["excludes"])
    assert {"platformdirs.windows", "platformdirs.macos"} <= linux
    windows = set(run_spec(platform="win32")["Analysis"]["excludes"])
    assert "platformdirs.windows" not in windows and "platformdirs.macos" in windows
    mac = set(run_spec(platform="darwin")["Analysis"]["excludes"])
    assert "platformdirs.macos" not in mac and "platformdirs.windows" in mac
