"""The shipped files are package data; the version and the licences are where a player looks."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from swoop_desktop import __version__, resources

ROOT = Path(__file__).resolve().parents[2]


def pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def test_shipped_files_are_inside_the_package():
    root = resources.app_root()
    assert root == ROOT / "swoop_desktop"
    assert resources.resource_path("assets/icon.png").is_file()
    assert resources.resource_path("assets/fonts/DejaVuSans.ttf").is_file()
    assert resources.resource_path("config/opponents.yaml").is_file()
    assert not (ROOT / "assets").exists() and not (ROOT / "config").exists()


def test_pyproject_declares_the_package_data_and_the_licence():
    with open(ROOT / "pyproject.toml", "rb") as fh:
        project = tomllib.load(fh)
    data = project["tool"]["setuptools"]["package-data"]["swoop_desktop"]
    assert {"assets/*.*", "assets/fonts/*", "config/*.yaml"} <= set(data)
    assert project["project"]["license"] == "MIT"
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    scripts = project["project"]["gui-scripts"] | project["project"]["scripts"]
    assert scripts == {
        "swoop": "swoop_desktop.__main__:main",
        "swoop-engine": "swoop_desktop.engine.cli:main",
    }


def test_a_frozen_loader_without_real_folders_falls_back_to_the_bundle(monkeypatch, tmp_path):
    class NotAPath:  # what a loader that hands out no real folders returns
        def __str__(self) -> str:
            return "<frozen>"

    monkeypatch.setattr(resources.resources, "files", lambda package: NotAPath())
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.app_root() == tmp_path / "swoop_desktop"
    assert (
        resources.resource_path("config/opponents.yaml")
        == tmp_path / "swoop_desktop" / "config" / "opponents.yaml"
    )


def test_version_matches_pyproject_and_swoop_version_prints_it(tmp_path):
    assert __version__ == pyproject_version() == resources.version()
    done = subprocess.run(
        [sys.executable, "-m", "swoop_desktop", "--version"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy"),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"swoop {pyproject_version()}"


def test_about_line_names_the_version_and_where_the_licences_are(monkeypatch, tmp_path):
    line = resources.about_line()
    assert f"Swoop {__version__}" in line and "MIT licence" in line
    (tmp_path / "licenses").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    line = resources.about_line()
    assert str(tmp_path / "licenses") in line


def test_how_to_play_ends_with_the_about_line():
    from swoop_desktop.ui.pilot import Pilot
    from swoop_desktop.ui.scenes.howto import HowToScene

    pilot = Pilot(start="title")
    try:
        scene = HowToScene(pilot.app)
        assert scene.words.splitlines()[-2:] == ["About", resources.about_line()]
    finally:
        pilot.close()
