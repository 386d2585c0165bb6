"""Every part the packaged app bundles has its licence text in the app's licenses/ folder.

licenses/index.toml names each bundled part, its licence texts and the shared
libraries that belong to it. The quick tests check the index against the
repository; the ``release`` test scans the built app (``make app``) for shared
libraries and fails on any that no entry claims or whose texts are missing.
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from pathlib import Path

import pytest

from tests.packaging.test_spec import run_spec

ROOT = Path(__file__).resolve().parents[2]
INDEX = ROOT / "licenses" / "index.toml"
BUILT = ROOT / "build" / "dist" / "Swoop" / "_internal"
LIBRARY = re.compile(r".*\.(so(\.[\w.-]+)?|dylib|dll|pyd)$", re.IGNORECASE)


def load_index(path: Path = INDEX) -> list[dict]:
    with open(path, "rb") as fh:
        return tomllib.load(fh)["part"]


def shared_libraries(internal: Path) -> list[str]:
    """Paths (relative to ``internal``, with /) of every shared library file or link in it."""
    return sorted(
        p.relative_to(internal).as_posix()
        for p in internal.rglob("*")
        if LIBRARY.fullmatch(p.name) and (p.is_file() or p.is_symlink())
    )


def licence_problems(internal: Path, parts: list[dict]) -> list[str]:
    """One line per shared library with no licence entry, or whose texts are not in licenses/."""
    problems = []
    patterns = [
        (part, [re.compile(rx, re.IGNORECASE) for rx in part["libraries"]]) for part in parts
    ]
    for lib in shared_libraries(internal):
        owners = [part for part, rxs in patterns if any(rx.fullmatch(lib) for rx in rxs)]
        if not owners:
            problems.append(f"{lib}: no entry in licenses/index.toml claims it")
        for part in owners:
            for text in part["texts"]:
                if not (internal / "licenses" / text).is_file():
                    problems.append(
                        f"{lib}: {part['name']}'s licence text licenses/{text} is not in the app"
                    )
    return problems


def spec_licence_folders() -> set[str]:
    """The folders under licenses/ that installer.spec fills from outside licenses/."""
    datas = run_spec(platform="linux")["Analysis"]["datas"]
    return {dest.removeprefix("licenses/") for _src, dest in datas if dest.startswith("licenses/")}


def test_every_licence_text_the_index_names_is_shipped():
    from_spec = spec_licence_folders()
    for part in load_index():
        assert part["texts"], f"{part['name']} names no licence text"
        for text in part["texts"]:
            folder = text.split("/")[0]
            assert (ROOT / "licenses" / text).is_file() or folder in from_spec, (
                f"{part['name']}: licenses/{text} is neither committed nor copied in by the spec"
            )


def test_the_spec_bundles_the_python_distributions_licence_files():
    datas = run_spec(platform="linux")["Analysis"]["datas"]
    copied = {(Path(src).name, dest) for src, dest in datas}
    assert ("LICENSE", "licenses/PyYAML") in copied
    assert ("LICENSE", "licenses/platformdirs") in copied
    assert ("LICENSE.txt", "licenses/pytweening") in copied
    assert ("LICENSE-DejaVu.txt", "licenses/DejaVu-fonts") in copied
    # pygame-ce's wheel carries no licence file: its LGPL text is committed, and so is
    # the bootloader's (PyInstaller is not installed where the spec's tests run).
    assert (ROOT / "licenses" / "pygame-ce" / "LICENSE-LGPL-2.1.txt").is_file()
    assert "Bootloader Exception" in (
        ROOT / "licenses" / "PyInstaller-bootloader" / "COPYING.txt"
    ).read_text(encoding="utf-8")


def test_the_check_finds_a_library_without_a_licence(tmp_path):
    internal = tmp_path / "_internal"
    (internal / "licenses" / "SDL2").mkdir(parents=True)
    (internal / "licenses" / "SDL2" / "copyright").write_text("zlib licence", encoding="utf-8")
    for name in (
        "libSDL2-2-50d19f93.0.so.0.3200.10",
        "libmystery-1234abcd.so.1",
        "libFLAC-e7027ec5.so.14.0.0",
    ):
        (internal / name).write_bytes(b"\x7fELF")
    problems = licence_problems(internal, load_index())
    assert problems == [
        "libFLAC-e7027ec5.so.14.0.0: FLAC's licence text licenses/FLAC/copyright is not in the app",
        "libmystery-1234abcd.so.1: no entry in licenses/index.toml claims it",
    ]


@pytest.mark.release
@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the library map is checked on the Linux build"
)
def test_every_bundled_library_of_the_built_app_has_its_licence():
    if not BUILT.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"{BUILT} is missing: .ci/run builds the app before these checks")
        pytest.skip("the app is not built (make app)")
    libraries = shared_libraries(BUILT)
    assert any("SDL2" in lib for lib in libraries), "no SDL2 in the built app: wrong folder?"
    assert licence_problems(BUILT, load_index()) == []
    for part in load_index():  # the non-library parts too (fonts, bootloader, Python code)
        for text in part["texts"]:
            assert (BUILT / "licenses" / text).is_file(), text
