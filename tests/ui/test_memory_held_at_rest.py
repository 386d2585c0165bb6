"""What the game holds on to between screens and games is bounded: the menus' rendered
words by their bytes (and those of a screen left are let go when the next one rests), the
frame times by a count of frames, and a large picture freed goes back to the system whole
instead of staying resident in the heap.

(`benchmarks/memory_over_an_evening_x11.py` measures the evening these guard.)
"""

from __future__ import annotations

import sys
import time

import pygame
import pytest

from swoop_desktop.ui import app as app_module
from swoop_desktop.ui.controls import base
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.theme import Theme


def _bytes(images: object) -> int:
    return sum(
        s.get_width() * s.get_height() * s.get_bytesize()
        for s in images.values()  # type: ignore[attr-defined]
    )


def test_the_menus_rendered_words_are_bounded_by_their_bytes_not_their_count():
    pygame.font.init()
    theme = Theme()
    base._rendered.clear()
    line = "A long line of the menus' words, as wide as a panel at 1920x1080"
    for i in range(100):  # 100 lines of about 200 KB: 20 MB, far fewer than 2,000 words
        base.render(theme, f"{i} {line}", 36, True, (250, 250, 250))
    held = _bytes(base._rendered)
    assert 0 < held <= 8 * 1024 * 1024, f"{held / 2**20:.1f} MB of words held"
    assert (id(theme), f"99 {line}", 36, True, (250, 250, 250)) in base._rendered  # the newest
    base._rendered.clear()


def test_the_words_drawn_again_stay_while_the_least_recently_drawn_go():
    pygame.font.init()
    theme = Theme()
    base._rendered.clear()
    first = base.render(theme, "Back", 30, False, (1, 2, 3))
    line = "Words that fill the cache of the menus many times over"
    for i in range(150):
        base.render(theme, f"{i} {line}", 36, False, (1, 2, 3))
        assert base.render(theme, "Back", 30, False, (1, 2, 3)) is first  # drawn every frame
    base._rendered.clear()


def test_the_words_a_closed_page_drew_are_let_go_when_the_next_screen_rests(tmp_path):
    with Pilot(size=(1920, 1080), data_dir=tmp_path, start="title", pace="instant") as p:
        p.step(10)
        before = set(base._rendered)
        p.app.open("daily")
        p.step(20)
        own = set(base._rendered) - before
        assert own, "the daily deal's page draws words of its own"
        p.app.pop()
        p.step(5)
        # Nobody has touched anything for a second: the title comes to rest.
        p.app.last_input = time.perf_counter() - 1.0
        assert p.until(lambda: p.app.resting, 120)
        p.step(3)
        left = own & set(base._rendered)
        drawn_since = getattr(base, "_words_in_use", set())  # drawn by the title at rest
        assert not left - drawn_since, "the closed page's words are still held"


def test_only_the_last_frames_times_are_kept_eight_bytes_each(tmp_path, monkeypatch):
    monkeypatch.setattr(app_module, "FRAME_TIMES_KEPT", 40, raising=False)
    with Pilot(data_dir=tmp_path, start="title", draws="every") as p:
        p.step(100)
        assert 20 <= len(p.app.frame_ms) <= 40
        assert len(p.app.frame_cpu_ms) == len(p.app.frame_ms)
        assert p.app.frame_ms.itemsize == 8  # plain numbers, not an object each


#: Run in a process of its own: glibc serves a large block from heap space already free
#: whatever the threshold, so a test process that grew its heap before its first window
#: (other tests) would say nothing about the game, which sets it before its first picture.
LARGE_PICTURE_CHECK = """
import ctypes, sys
import pygame
from swoop_desktop.ui.pilot import Pilot

class Info(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
        "uordblks", "fordblks", "keepcost")]

libc = ctypes.CDLL("libc.so.6")
try:
    libc.mallinfo2.restype = Info
except AttributeError:
    print("no mallinfo2"); sys.exit(3)

def mapped():
    return int(libc.mallinfo2().hblkhd)

with Pilot(size=(1920, 1080), data_dir=sys.argv[1], start="title") as p:
    p.step(2)
    window_sized = pygame.Surface((1920, 1080), pygame.SRCALPHA)
    del window_sized  # glibc would now carve blocks up to 8 MB from the heap
    before = mapped()
    panel = pygame.Surface((1000, 600), pygame.SRCALPHA)  # 2.4 MB
    grown = mapped() - before
    del panel
    print(grown, mapped() - before)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs glibc's malloc (Linux)")
def test_a_large_picture_after_a_window_sized_one_went_still_gets_pages_of_its_own(tmp_path):
    import os
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    run = subprocess.run(
        [sys.executable, "-c", LARGE_PICTURE_CHECK, str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    if run.returncode == 3:
        pytest.skip("needs glibc 2.33 or later (mallinfo2)")
    assert run.returncode == 0, run.stderr
    grown, left = (int(n) for n in run.stdout.split()[-2:])
    assert grown >= 1000 * 600 * 4, f"the panel was carved from the heap ({grown} bytes mapped)"
    assert left <= 4096, f"and not handed back whole as it went ({left} bytes left)"


def test_the_first_still_frame_hands_memory_back_after_the_closed_pages_let_go(
    tmp_path, monkeypatch
):
    from swoop_desktop.ui.controls import page

    calls: list[str] = []
    let_go, give_back = page.let_go_unused, app_module.give_back_memory

    def letting_go() -> None:
        calls.append("let go")
        let_go()

    def giving_back() -> None:
        calls.append("give back")
        give_back()

    monkeypatch.setattr(page, "let_go_unused", letting_go)
    monkeypatch.setattr(app_module, "give_back_memory", giving_back)
    with Pilot(size=(1920, 1080), data_dir=tmp_path, start="title", pace="instant") as p:
        p.step(10)
        p.app.open("daily")
        p.step(20)
        p.app.pop()
        p.step(5)
        calls.clear()
        p.app.last_input = time.perf_counter() - 1.0
        assert p.until(lambda: p.app.resting, 120)
        p.step(3)
        assert "let go" in calls
        # What the pages (and the frame's drawing) let go was freed before the memory
        # was handed back: none of it stays resident for the rest.
        assert calls[-1] == "give back", calls
