"""Build the Linux package ``swoop_VERSION_ARCH.deb`` from the one-folder app (``make deb``).

    python packaging/build_deb.py --app build/dist/Swoop --out build

The package holds:

- the app, unchanged, under ``/opt/swoop`` (it carries its own Python and
  libraries, so it depends on nothing but the C library and a display);
- ``/usr/bin/swoop``, a symbolic link to ``/opt/swoop/Swoop``, and its manual page;
- the desktop menu entry ``/usr/share/applications/swoop.desktop``;
- the icon, drawn by the game, at 16 to 256 px in the hicolor theme;
- ``/usr/share/doc/swoop/copyright`` (Swoop's MIT licence, pointing to the
  bundled parts' licences in ``/opt/swoop/_internal/licenses``) and a changelog;
- lintian overrides for what a self-contained app in /opt does on purpose
  (see docs/packaging.md, "The Linux package").

It is built with ``dpkg-deb --root-owner-group``: no fakeroot, no root needed.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PACKAGE = "swoop"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
MAINTAINER = "Swoop authors <swoop@users.noreply.github.com>"
SUMMARY = "fast shedding card game against three computer opponents"
DESCRIPTION = """\
 Swoop is a fast shedding card game, a cousin of Shithead and Palace: play
 cards equal to or lower than the top of the pile, or pick the pile up; four
 of a rank swoop the pile away. You play against three computer opponents,
 Left, Top and Right, offline, with animated cards, drag and drop, rule
 options, saved games and statistics.
 .
 This package installs the self-contained game (with its own Python and
 SDL libraries) under /opt/swoop and the command swoop."""

LINTIAN_OVERRIDES = """\
# Swoop is a self-contained PyInstaller app: its own Python, pygame-ce and SDL
# libraries, unchanged from their wheels, live in /opt/swoop, where add-on
# software belongs (FHS); docs/packaging.md ("The Linux package") explains each line.
swoop: dir-or-file-in-opt [opt/*]
swoop: embedded-library * [opt/swoop/_internal/*]
swoop: custom-library-search-path RUNPATH * [opt/swoop/_internal/*]
swoop: library-not-linked-against-libc [opt/swoop/_internal/*]
swoop: shared-library-lacks-prerequisites [opt/swoop/_internal/*]
swoop: hardening-no-pie [opt/swoop/Swoop]
swoop: duplicate-font-file also in * [opt/swoop/_internal/*]
# The command is /usr/bin/swoop so that it is on every user's PATH.
swoop: package-section-games-but-contains-no-game
"""


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def architecture() -> str:
    return subprocess.run(
        ["dpkg", "--print-architecture"], check=True, capture_output=True, text=True
    ).stdout.strip()


def glibc_needed(app: Path) -> str:
    """The newest GLIBC_2.x symbol version any ELF file in the app asks for."""
    newest = (2, 17)
    for path in app.rglob("*"):
        if path.is_symlink() or not path.is_file():
            continue
        with open(path, "rb") as fh:
            if fh.read(4) != b"\x7fELF":
                continue
            data = fh.read()
        for minor in re.findall(rb"GLIBC_2\.(\d+)", data):
            newest = max(newest, (2, int(minor)))
    return f"{newest[0]}.{newest[1]}"


def write_icons(root: Path) -> None:
    import pygame

    from swoop_desktop.ui.icon import render_icon

    for size in ICON_SIZES:
        path = root / f"usr/share/icons/hicolor/{size}x{size}/apps/{PACKAGE}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(render_icon(size), str(path))


def write_doc(root: Path, version: str) -> None:
    doc = root / f"usr/share/doc/{PACKAGE}"
    doc.mkdir(parents=True)
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    body = "\n".join(" " + (line if line.strip() else ".") for line in licence.splitlines())
    (doc / "copyright").write_text(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: Swoop\n"
        "Comment: The game bundles Python, pygame-ce, SDL2 and its libraries, PyYAML,\n"
        " platformdirs, pytweening and the DejaVu fonts; their licence texts are in\n"
        " /opt/swoop/_internal/licenses (index.toml lists each part and its licence).\n"
        "\n"
        "Files: *\n"
        "Copyright: 2026 The Swoop authors\n"
        "License: MIT\n" + body + "\n",
        encoding="utf-8",
    )
    changelog = (
        f"{PACKAGE} ({version}) unstable; urgency=low\n\n"
        f"  * Swoop {version}, built from the one-folder app.\n\n"
        f" -- {MAINTAINER}  Mon, 30 Nov 2026 12:00:00 +0000\n"
    )
    with (
        open(doc / "changelog.gz", "wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz,
    ):
        gz.write(changelog.encode("utf-8"))


def normalise_modes(root: Path, executables: set[Path]) -> None:
    """Folders and programs 0755, every other file 0644 (the app's links stay links)."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir() or path in executables:
            path.chmod(0o755)
        else:
            path.chmod(0o644)


def installed_size_kib(root: Path) -> int:
    total = sum(
        p.lstat().st_size
        for p in root.rglob("*")
        if not p.is_dir() and not p.relative_to(root).parts[0] == "DEBIAN"
    )
    return (total + 1023) // 1024


def write_control(root: Path, version: str, arch: str, glibc: str) -> None:
    debian = root / "DEBIAN"
    debian.mkdir()
    sums = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if rel.parts[0] == "DEBIAN" or path.is_symlink() or path.is_dir():
            continue
        sums.append(f"{hashlib.md5(path.read_bytes()).hexdigest()}  {rel.as_posix()}\n")
    (debian / "md5sums").write_text("".join(sums), encoding="utf-8")
    (debian / "control").write_text(
        f"Package: {PACKAGE}\n"
        f"Version: {version}\n"
        f"Architecture: {arch}\n"
        f"Maintainer: {MAINTAINER}\n"
        f"Installed-Size: {installed_size_kib(root)}\n"
        f"Depends: libc6 (>= {glibc})\n"
        "Recommends: libx11-6 | libwayland-client0\n"
        "Section: games\n"
        "Priority: optional\n"
        f"Description: {SUMMARY}\n{DESCRIPTION}\n",
        encoding="utf-8",
    )
    for name in ("control", "md5sums"):
        (debian / name).chmod(0o644)
    debian.chmod(0o755)


def build(app: Path, out: Path) -> Path:
    program = app / "Swoop"
    if not program.is_file():
        raise SystemExit(f"build_deb: {program} is missing: build the app first (make app)")
    version, arch = project_version(), architecture()
    stage = out / "deb-root"
    if stage.exists():
        shutil.rmtree(stage)
    target = stage / "opt" / PACKAGE
    shutil.copytree(app, target, symlinks=True)
    (stage / "usr/bin").mkdir(parents=True)
    (stage / "usr/bin" / PACKAGE).symlink_to(f"/opt/{PACKAGE}/Swoop")
    apps = stage / "usr/share/applications"
    apps.mkdir(parents=True)
    shutil.copy(ROOT / "packaging" / "swoop.desktop", apps / f"{PACKAGE}.desktop")
    write_icons(stage)
    write_doc(stage, version)
    man = stage / "usr/share/man/man6" / f"{PACKAGE}.6.gz"
    man.parent.mkdir(parents=True)
    page = (ROOT / "packaging" / "swoop.6").read_text(encoding="utf-8")
    with (
        open(man, "wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz,
    ):
        gz.write(page.replace("@VERSION@", version).encode("utf-8"))
    overrides = stage / "usr/share/lintian/overrides" / PACKAGE
    overrides.parent.mkdir(parents=True)
    overrides.write_text(LINTIAN_OVERRIDES, encoding="utf-8")
    normalise_modes(stage, {target / "Swoop"})
    write_control(stage, version, arch, glibc_needed(target))
    deb = out / f"{PACKAGE}_{version}_{arch}.deb"
    subprocess.run(
        ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(stage), str(deb)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return deb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build swoop_VERSION_ARCH.deb from the app folder."
    )
    parser.add_argument(
        "--app",
        type=Path,
        default=ROOT / "build" / "dist" / "Swoop",
        help="the one-folder app (default: build/dist/Swoop)",
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "build", help="folder for the .deb (default: build)"
    )
    args = parser.parse_args(argv)
    if shutil.which("dpkg-deb") is None:
        print(
            "build_deb: dpkg-deb is missing (Debian/Ubuntu: sudo apt install dpkg)", file=sys.stderr
        )
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    deb = build(args.app.resolve(), args.out.resolve())
    print(f"built {deb.relative_to(Path.cwd()) if deb.is_relative_to(Path.cwd()) else deb}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
