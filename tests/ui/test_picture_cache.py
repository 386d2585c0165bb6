"""The table's cache of rendered words and panels is bounded by bytes: a long game cannot
pile pictures up, and the pictures drawn every frame stay while old ones go."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.table import cache as cache_module
from swoop_desktop.ui.table.cache import PictureCache, picture_bytes
from tests.sizes import quick_and_full

# Checks the drawing itself (frames counted, pictures kept): every frame is drawn.
pytestmark = pytest.mark.every_frame


def test_the_least_recently_used_pictures_go_first_and_the_bytes_stay_bounded():
    one = picture_bytes(pygame.Surface((100, 100), pygame.SRCALPHA))
    cache = PictureCache(limit=3 * one)
    for i in range(3):
        cache[("panel", i)] = pygame.Surface((100, 100), pygame.SRCALPHA)
    assert cache.get(("panel", 0)) is not None  # used again: now the newest
    cache[("panel", 3)] = pygame.Surface((100, 100), pygame.SRCALPHA)
    assert ("panel", 1) not in cache  # the least recently used went
    assert ("panel", 0) in cache and ("panel", 3) in cache
    assert cache.bytes == 3 * one <= cache.limit
    cache.clear()
    assert cache.bytes == 0 and not cache


# Six seconds of the demo draw over four times the bound's worth of pictures (the bound is
# reached within two seconds and the oldest go by the thousand); twenty, over eight times.
@quick_and_full(6, 20, name="seconds")
def test_a_long_demo_keeps_the_table_cache_within_its_bound(tmp_path, monkeypatch, seconds):
    limit = 2 * 1024 * 1024
    monkeypatch.setattr(cache_module, "CACHE_BYTES", limit)
    from swoop_desktop.ui.table.draw import pen

    monkeypatch.setattr(pen, "CACHE_BYTES", limit)
    with Pilot(size=(1920, 1080), data_dir=tmp_path, seed=3, demo=True, speed="fast") as p:
        largest = 0
        for _ in range(2 * seconds):  # half a second at a time
            p.advance(0.5)
            table = p.app.table
            if table is None:
                break
            held = sum(picture_bytes(v) for v in table.drawing.pen.cache.values())
            largest = max(largest, held)
        assert 0 < largest <= limit
        assert table is not None and table.drawing.pen.cache  # the table still draws from it


def test_a_panel_over_the_table_lets_its_window_sized_pictures_go_when_it_closes(tmp_path):
    from swoop_desktop.ui.scenes.overlays import HandOverScene

    with Pilot(size=(1920, 1080), data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        before = p.app.screen.copy()
        panel = p.app.push(HandOverScene(p.app, p.app.table))
        p.step()
        assert panel._frame is not None  # the dimmed table, composed once
        corner = p.app.screen.get_at((3, 3))
        was = before.get_at((3, 3))
        # The table is darkened as black at 140 of 255 laid over it would darken it.
        assert all(abs(c - w * 115 / 255) <= 1.5 for c, w in zip(corner[:3], was[:3], strict=True))
        p.app.pop()
        p.step()
        assert panel._frame is None
        assert not any(
            isinstance(v, pygame.Surface) and v.get_size() == (1920, 1080)
            for v in vars(panel).values()
        )
