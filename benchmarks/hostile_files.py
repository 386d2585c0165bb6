"""How long the game takes to read (and refuse) hostile files: the figures of issue 11.

    python benchmarks/hostile_files.py

For each file the player could leave in the data folder, prints the seconds
one load takes and the first words of what the player is told. Before the
hardening, the alias bomb ran out of memory after ~45 s, the 10 MB
opponents.yaml took > 90 s, a FIFO hung for ever and the 5,000-digit numbers
crashed. Also prints how many text measurements the score sheet makes to fit the
longest name a file may hold (200 characters). Prints figures; never passes or fails.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from swoop_desktop.ai.config import load_opponents  # noqa: E402
from swoop_desktop.progress import load_history, record_finished_game  # noqa: E402
from swoop_desktop.storage import load_settings, resolve_dirs, save_settings  # noqa: E402
from swoop_desktop.storage.db import db_file  # noqa: E402
from swoop_desktop.storage.settings import Settings  # noqa: E402
from tests.storage.helpers import finished_match  # noqa: E402

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9)
)
WIDE = (
    "x: &x {"
    + ", ".join(f"k{i}: {i}" for i in range(2000))
    + "}\n"
    + "seats: {"
    + ", ".join(f"s{i}: *x" for i in range(500))
    + "}\n"
)
YAML = {
    "opponents.yaml: billion laughs": BOMB,
    "opponents.yaml: alias mapping of 1,000,000 nodes": WIDE,
    "opponents.yaml: 10 MB": "seats:\n" + "#" * (10 << 20) + "\n",
    "opponents.yaml: nesting 2,000 deep": "seats: " + "[" * 2000 + "]" * 2000 + "\n",
    "opponents.yaml: a 5,000-digit number": "seats: {left: {think_ms: [1, " + "9" * 5000 + "]}}",
}


def timed(fn) -> tuple[float, list[str]]:
    t0 = time.perf_counter()
    _value, messages = fn()
    return time.perf_counter() - t0, messages


def row(name: str, seconds: float, messages: list[str]) -> None:
    said = messages[0] if messages else "(nothing to tell)"
    said = said.split(": ", 1)[-1] if "opponents.yaml" in said else said
    print(f"| {name} | {seconds:.3f} | {said[:70]} |")


def main() -> None:
    print("| file | seconds | the player is told |")
    print("|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for name, text in YAML.items():
            (root / "opponents.yaml").write_text(text)
            row(name, *timed(lambda: load_opponents(root)))
        (root / "opponents.yaml").unlink()
        dirs = resolve_dirs(root)
        save_settings(dirs, Settings(volume=0.3))
        text = dirs.settings_file.read_text().replace('"volume": 0.3', '"volume": ' + "9" * 5000)
        dirs.settings_file.write_text(text)
        row("settings.json: a 5,000-digit volume", *timed(lambda: load_settings(dirs)))
        dirs.settings_file.unlink()
        if hasattr(os, "mkfifo"):
            os.mkfifo(dirs.settings_file)
            row("settings.json: a FIFO", *timed(lambda: load_settings(dirs)))
        rng = random.Random(1)
        for seed in range(200):
            record_finished_game(dirs, finished_match(seed + rng.randrange(10**6)), [])
        size = db_file(dirs).stat().st_size
        row(
            f"swoop.sqlite3: 200 games ({size // 1024} KB), good",
            *timed(lambda: load_history(dirs)),
        )
    try:
        import pygame

        from swoop_desktop.ui.scenes.scores_tabs import shortened
        from swoop_desktop.ui.theme import Theme

        pygame.font.init()
        real = Theme().font(18, True)

        class Counting:
            calls = 0

            def size(self, text: str):
                Counting.calls += 1
                return real.size(text)

        # A name is at most 10 x 20 characters before it is refused (swoop_desktop.names).
        t0 = time.perf_counter()
        label = shortened(Counting(), "W" * 200, 120)  # type: ignore[arg-type]
        print(
            f"| score sheet: fit a 200-character name in 120 px | "
            f"{time.perf_counter() - t0:.4f} | {Counting.calls} measurements, "
            f"label of {len(label)} characters |"
        )
    except ImportError:
        pass


if __name__ == "__main__":
    main()
