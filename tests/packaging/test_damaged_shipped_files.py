"""A shipped file that is damaged counts as a missing one: a font that does not load and
draw gives way to pygame's default font (told once in the log), a damaged opponents file to
the built-in opponents (told in one message); the game starts and draws, never crashes
or hangs."""

from __future__ import annotations

import logging
import os
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from swoop_desktop.ai import config
from swoop_desktop.ui import theme
from swoop_desktop.ui.pilot import Pilot

PACKAGE = Path(__file__).resolve().parents[2] / "swoop_desktop"


def _folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _pipe(path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes (os.mkfifo)")
    path.unlink()
    os.mkfifo(path)


DAMAGES: dict[str, Callable[[Path], object]] = {
    "cut short": lambda path: path.write_bytes(path.read_bytes()[:1000]),
    "zeroed": lambda path: path.write_bytes(bytes(path.stat().st_size)),
    "random bytes": lambda path: path.write_bytes(random.Random(48).randbytes(5000)),
    "empty": lambda path: path.write_bytes(b""),
    "a folder": _folder,
    "a named pipe": _pipe,
}


@pytest.fixture
def fonts(tmp_path, monkeypatch) -> Path:
    """A copy of the shipped fonts read in place of the game's own; yields their folder."""
    folder = tmp_path / "assets" / "fonts"
    shutil.copytree(PACKAGE / "assets" / "fonts", folder)
    monkeypatch.setattr(theme, "resource_path", lambda relative: tmp_path / relative)
    return folder


@pytest.mark.timeout(60)
@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_font_is_the_default_font_told_once(fonts, caplog, damage):
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    damaged = fonts / "DejaVuSans.ttf"
    DAMAGES[damage](damaged)
    assert theme.font_path() is None
    assert theme.font_path(bold=True) == fonts / "DejaVuSans-Bold.ttf"  # the other as it was
    for px in (12, 20, 33):
        font = theme.Theme().font(px)
        assert font.get_height() > 0  # a damaged font loaded as it is crashes the process here
        assert font.render("A", True, (0, 0, 0)).get_width() > 0
    lines = [r.getMessage() for r in caplog.records if str(damaged) in r.getMessage()]
    assert len(lines) == 1 and "\n" not in lines[0], lines


@pytest.mark.timeout(120)
def test_the_game_starts_and_draws_with_a_damaged_font(fonts, tmp_path):
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        DAMAGES["random bytes"](fonts / name)
        assert theme.font_path(bold="Bold" in name) is None
    with Pilot(data_dir=tmp_path / "data", start="title") as p:
        p.step(3)
        p.app.open("settings")
        p.step(3)
        assert pygame.transform.average_color(p.app.screen)[:3] != (0, 0, 0)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("damage", [*DAMAGES, "not YAML"])
def test_a_damaged_opponents_file_gives_the_built_in_opponents(tmp_path, monkeypatch, damage):
    shipped = tmp_path / "config" / "opponents.yaml"
    shipped.parent.mkdir()
    shutil.copy(PACKAGE / "config" / "opponents.yaml", shipped)
    if damage == "not YAML":
        shipped.write_text("seats: [unclosed\n", encoding="utf-8")
    else:
        DAMAGES[damage](shipped)
    monkeypatch.setattr(config, "resource_path", lambda relative: tmp_path / relative)
    seats, messages = config.load_opponents(None)
    assert [s.seat for s in seats] == list(
        range(1, 8)
    )  # an opponent for every seat of a table of 8
    assert len(messages) <= 1 and all("\n" not in m for m in messages), messages
