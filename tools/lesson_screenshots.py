"""Pictures of Learn to play, every step, at 1920x1080 and 800x600 (the window's least size).

    python tools/lesson_screenshots.py [FOLDER]

Plays the first hand that teaches by its prompts, headless, with real drags, clicks and
keys, and saves ``lesson-WIDTH-NN.png`` for each step into FOLDER (default: a temporary
folder). Two of them are kept in ``docs/``: ``lesson-1920x1080.png`` (the face-up row's
lesson) and ``lesson-800x600.png`` (the mystery card's).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from swoop_desktop.choices import HUMAN_SEAT  # noqa: E402
from swoop_desktop.engine import Flip  # noqa: E402
from swoop_desktop.referee.lesson import STEPS  # noqa: E402
from swoop_desktop.ui.pilot import Pilot  # noqa: E402
from swoop_desktop.ui.scenes.lesson import cards_of, step_index  # noqa: E402

DOCS = Path(__file__).resolve().parents[1] / "docs"
KEEP = {(1920, 1080): (3, "lesson-1920x1080.png"), (800, 600): (6, "lesson-800x600.png")}


def shoot(size: tuple[int, int], out: Path) -> list[Path]:
    shots: list[Path] = []
    with Pilot(size=size, data_dir=out / f"data-{size[0]}", start="title", pace="fast") as p:
        title = p.top
        p.click(title.buttons["learn"].rect.center)
        p.step(2)
        table = p.table
        coach = table.config.lesson

        def ready() -> bool:
            i = step_index(table.match)
            if not table.idle:
                return False
            if i >= len(STEPS):
                return True
            step = STEPS[i]
            return step.seat == HUMAN_SEAT or (bool(step.prompt) and i not in coach.read)

        while True:
            p.until(ready, 30)
            p.advance(1.5)  # banners and markers settle
            i = step_index(table.match)
            path = out / f"lesson-{size[0]}-{len(shots):02d}.png"
            p.screenshot(path)
            shots.append(path)
            if i >= len(STEPS):
                break
            step = STEPS[i]
            if step.seat != HUMAN_SEAT:
                p.press(pygame.K_SPACE)
            elif isinstance(step.action, Flip):
                p.click(cards_of(table.model, step.action)[0])
            else:
                p.drag(cards_of(table.model, step.action)[0], "pile")
            p.step()
    return shots


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="lesson-"))
    out.mkdir(parents=True, exist_ok=True)
    for size, (index, name) in KEEP.items():
        shots = shoot(size, out)
        shutil.copyfile(shots[index], DOCS / name)
        print(f"{len(shots)} pictures at {size[0]}x{size[1]} in {out}; kept {DOCS / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
