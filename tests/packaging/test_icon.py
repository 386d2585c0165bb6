"""The application icon: drawn at every size the platforms ask for, and written as PNG/ICO/ICNS."""

from __future__ import annotations

import importlib.util
import io
import struct
from pathlib import Path

import pygame
import pytest

from swoop_desktop.ui.icon import BACK, CARD, FELT, GOLD, INK, render_icon, window_icon

ROOT = Path(__file__).resolve().parents[2]


def load_make_icon():
    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "tools" / "make_icon.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def share_near(surface: pygame.Surface, colour: tuple[int, int, int], tolerance: int = 40) -> float:
    """The share of opaque pixels within ``tolerance`` (per channel) of ``colour``."""
    w, h = surface.get_size()
    near = opaque = 0
    for y in range(h):
        for x in range(w):
            r, g, b, a = surface.get_at((x, y))
            if a < 200:
                continue
            opaque += 1
            if max(abs(r - colour[0]), abs(g - colour[1]), abs(b - colour[2])) <= tolerance:
                near += 1
    return near / max(opaque, 1)


@pytest.mark.parametrize("size", [16, 24, 32, 48, 64, 128, 256])
def test_icon_renders_at_each_size_with_the_card_table_colours(size):
    icon = render_icon(size)
    assert icon.get_size() == (size, size)
    assert icon.get_flags() & pygame.SRCALPHA
    # Rounded corners are see-through; the middle is solid.
    assert icon.get_at((0, 0)).a < 60
    assert icon.get_at((size // 2, size // 2)).a == 255
    # Felt, a cream card, a dark suit sign and the gold swoop are all visible.
    assert share_near(icon, FELT) > 0.15
    assert share_near(icon, CARD) > 0.10
    assert share_near(icon, GOLD, 50) > 0.03
    assert share_near(icon, INK, 50) > 0.02


def test_small_icons_use_the_bolder_picture():
    # Up to 32 px one big card (no patterned card back); from 48 px a card back shows too.
    for size in (16, 24, 32):
        assert share_near(render_icon(size), BACK, 30) < 0.01
    for size in (48, 64, 256):
        assert share_near(render_icon(size), BACK, 30) > 0.03


def test_window_icon_and_bad_sizes():
    assert window_icon().get_size() == (64, 64)
    for bad in (0, 8, 2048):
        with pytest.raises(ValueError, match="icon size"):
            render_icon(bad)


def test_make_icon_writes_png_ico_and_icns_that_decode(tmp_path):
    make_icon = load_make_icon()
    written = make_icon.write_icons(tmp_path)
    assert sorted(p.name for p in written) == ["icon.icns", "icon.ico", "icon.png"]
    assert pygame.image.load(str(tmp_path / "icon.png")).get_size() == (256, 256)

    ico = (tmp_path / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, len(make_icon.ICO_SIZES))
    for i, size in enumerate(make_icon.ICO_SIZES):
        w, h, _, _, _, bpp, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * i)
        assert (w or 256, h or 256, bpp) == (size, size, 32)
        image = pygame.image.load(io.BytesIO(ico[offset : offset + length]), "x.png")
        assert image.get_size() == (size, size)

    icns = (tmp_path / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    pos, seen = 8, {}
    while pos < len(icns):
        kind, length = icns[pos : pos + 4], struct.unpack_from(">I", icns, pos + 4)[0]
        image = pygame.image.load(io.BytesIO(icns[pos + 8 : pos + length]), "x.png")
        seen[kind] = image.get_width()
        pos += length
    assert pos == len(icns)
    assert seen == dict(make_icon.ICNS_TYPES)


def test_shipped_icon_files_match_the_drawing():
    """swoop_desktop/assets/icon.* are up to date: re-run tools/make_icon.py after changing icon.py."""
    shipped = pygame.image.load(str(ROOT / "swoop_desktop" / "assets" / "icon.png"))
    drawn = render_icon(256)
    assert shipped.get_size() == drawn.get_size()
    a = pygame.image.tobytes(shipped, "RGBA")
    b = pygame.image.tobytes(drawn, "RGBA")
    mean_diff = sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)
    assert mean_diff < 2.0
    for name in ("icon.ico", "icon.icns"):
        assert (ROOT / "swoop_desktop" / "assets" / name).stat().st_size > 1000
