"""The .deb from ``make deb``, checked without installing it: its fields, its files, and the
app extracted into a scratch root passing ``--selftest``; lintian where it is installed.

Marked ``release``: .ci/run runs it after ``make deb``; it skips when no .deb is built.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)

pytestmark = [
    pytest.mark.release,
    pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb is not installed"),
]


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


@pytest.fixture(scope="module")
def deb() -> Path:
    debs = sorted((ROOT / "build").glob(f"swoop_{project_version()}_*.deb"))
    if not debs:
        if os.environ.get("CI"):
            pytest.fail("no .deb built: .ci/run runs make deb before these checks")
        pytest.skip("no .deb built (make deb)")
    return debs[-1]


def dpkg_deb(*args) -> str:
    return subprocess.run(
        ["dpkg-deb", *map(str, args)], check=True, capture_output=True, text=True
    ).stdout


def test_control_fields(deb):
    info = dpkg_deb("--info", deb)
    fields = dict(
        line.strip().split(": ", 1)
        for line in info.splitlines()
        if line.startswith(" ") and ": " in line and not line.startswith("  ")
    )
    assert fields["Package"] == "swoop"
    assert fields["Version"] == project_version()
    assert fields["Section"] == "games"
    assert fields["Depends"].startswith("libc6 (>= 2.")
    assert int(fields["Installed-Size"]) > 10_000  # KiB: the whole app is in it


def test_contents_put_the_app_in_opt_and_swoop_on_the_path(deb):
    listing = dpkg_deb("--contents", deb)
    entries = {line.split()[5].removeprefix("."): line for line in listing.splitlines()}
    assert entries["/opt/swoop/Swoop"].startswith("-rwxr-xr-x root/root")
    assert entries["/usr/bin/swoop"].endswith("-> /opt/swoop/Swoop")
    for path in (
        "/usr/share/applications/swoop.desktop",
        "/usr/share/doc/swoop/copyright",
        "/usr/share/man/man6/swoop.6.gz",
        "/opt/swoop/_internal/licenses/index.toml",
        "/opt/swoop/_internal/swoop_desktop/config/opponents.yaml",
        *(f"/usr/share/icons/hicolor/{s}x{s}/apps/swoop.png" for s in ICON_SIZES),
    ):
        assert path in entries, path
    assert all(" root/root " in line for line in listing.splitlines())


def test_extracted_app_passes_its_selftest(deb, tmp_path):
    root = tmp_path / "root"
    dpkg_deb("-x", deb, root)
    assert os.readlink(root / "usr/bin/swoop") == "/opt/swoop/Swoop"
    app = root / "opt/swoop/Swoop"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    done = subprocess.run(
        [app, "--version"], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == f"swoop {project_version()}", done.stderr
    done = subprocess.run(
        [app, "--selftest", "--data-dir", tmp_path / "data"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith(
        f"selftest: ok (packaged, {root / 'opt/swoop/_internal/swoop_desktop'}"
    ), done.stdout
    desktop = (root / "usr/share/applications/swoop.desktop").read_text(encoding="utf-8")
    assert "\nExec=swoop\n" in desktop and "\nIcon=swoop\n" in desktop
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(
            ["desktop-file-validate", root / "usr/share/applications/swoop.desktop"],
            capture_output=True,
            text=True,
        )
        assert (check.returncode, check.stdout) == (0, ""), check.stdout


@pytest.mark.skipif(shutil.which("lintian") is None, reason="lintian is not installed")
def test_lintian_finds_nothing_left_unexplained(deb):
    done = subprocess.run(["lintian", deb], capture_output=True, text=True, timeout=600)
    findings = [line for line in done.stdout.splitlines() if line[:2] in ("E:", "W:")]
    assert findings == [], "\n".join(findings)
    assert done.returncode == 0, done.stdout + done.stderr
