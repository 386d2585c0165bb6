"""What a still screen costs: CPU per screen and resident memory, in a real X11 window.

    python benchmarks/still_screens.py [--size 1920x1080] [--seconds 20] [--json]

Starts its own Xvfb (a free display number; ``SDL_FRAMEBUFFER_ACCELERATION=0``, as a
software X server needs) unless ``--display`` names one, then opens the game once per
screen in a fresh process and, once the screen has settled, measures over ``--seconds``:

- ``table``: a new game, waiting for your play (from 10 s after your turn comes, once
  the first-turn tip has gone);
- ``table-after-title``: the same, the game started after 12 s on the title (whose game
  behind the menu was playing);
- ``title-playing``: the title while the game behind it plays (from 4 s after opening);
- ``title``: the title once that game has rested (from 1.5 x ``WATCH_REST`` + 10 s: the
  game's clock is its frames', slower than the wall's on a busy machine);
- ``settings``: the Settings page;
- ``daily``, ``puzzles``: the daily deal's page and Puzzles (opened by name);
- ``scores-game``, ``scores-history``, ``scores-stats``: Scores on each tab (over a
  game in play, with six finished games on record, or a copy of ``--history``'s
  folder: a long history);
- ``hand-over``, ``game-over``: a hand's breakdown and the game-over sheet over the
  table (a finished game's figures, played out by random players).

For each: CPU as a share of one core (user + system time of the process over wall
time) and the resident set (VmRSS) at the end. Nothing is pass/fail: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common import random_game, rss_mb  # noqa: E402

SCREENS = (
    "table",
    "table-after-title",
    "title-playing",
    "title",
    "settings",
    "daily",
    "puzzles",
    "scores-game",
    "scores-history",
    "scores-stats",
    "hand-over",
    "game-over",
)
#: The screens that need a game on the table (and one a player is waiting on).
AT_TABLE = ("table", "scores-game", "scores-history", "scores-stats", "hand-over", "game-over")


class _Finished:
    """The running table as an overlay sees it, with a finished game's match."""

    def __init__(self, table, match) -> None:
        self._table, self.match = table, match

    def __getattr__(self, name: str):
        return getattr(self._table, name)


def child(screen: str, size: tuple[int, int], seconds: float, out: str) -> None:
    """One screen in this process: open it, let it settle, measure, quit."""
    import pygame

    from swoop_desktop.ui.app import App
    from swoop_desktop.ui.scenes import title
    from swoop_desktop.ui.scenes.settings import SettingsScene

    WATCH_REST = getattr(title, "WATCH_REST", 30.0)  # (measured before it existed, too)

    data = tempfile.mkdtemp(prefix="swoop-still-")
    history = os.environ.get("SWOOP_STILL_HISTORY")
    if screen.startswith("scores") and history:  # a long history: a copy of its folder
        import shutil

        shutil.copytree(history, data, dirs_exist_ok=True)
    elif screen.startswith("scores"):
        from swoop_desktop.progress import record_finished_game
        from swoop_desktop.storage import open_dirs

        dirs, _ = open_dirs(data)
        for seed in range(6):
            names = [{"name": n} for n in ("You", "Lefty", "Topper", "Righty")]
            record_finished_game(dirs, random_game(seed), names)
    app = App(size=size, data_dir=data, start="title")
    if screen in AT_TABLE:
        app.new_game(seed=5)
    elif screen == "table-after-title":

        def later() -> None:  # the title's show plays a while, then New game
            time.sleep(12.0)
            pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"new_game": True}))

        threading.Thread(target=later, daemon=True).start()
    elif screen == "settings":
        app.push(SettingsScene(app))
    elif screen in ("daily", "puzzles"):
        app.open(screen)

    def settled() -> bool:
        if screen.startswith("table") or screen in AT_TABLE:
            table = app.table
            return table is not None and table.human_turn
        return True

    def open_screen() -> None:  # on the loop's thread, once the table waits for you
        from swoop_desktop.ui.scenes.overlays import GameOverScene, HandOverScene
        from swoop_desktop.ui.scenes.scores import ScoresScene

        table = app.table
        if screen.startswith("scores-"):
            app.push(ScoresScene(app, tab=screen.split("-")[1]))
        elif screen in ("hand-over", "game-over"):
            kind = HandOverScene if screen == "hand-over" else GameOverScene
            app.push(kind(app, _Finished(table, random_game(7))))

    # The table's first-turn tip fades after a few seconds: measure after it.
    settle = {
        "table": 10.0,
        "table-after-title": 10.0,
        "title-playing": 4.0,
        "title": WATCH_REST * 1.5 + 10.0,
        "settings": 3.0,
        "daily": 3.0,
        "puzzles": 3.0,
    }

    def measure() -> None:
        deadline = time.monotonic() + 120
        while not settled() and time.monotonic() < deadline:
            time.sleep(0.2)
        if screen not in settle:  # a screen over the table: open it, then let it settle
            time.sleep(8.0)
            pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"open_screen": True}))
            time.sleep(4.0)
        else:
            time.sleep(settle[screen])
        t0, c0, f0 = time.monotonic(), os.times(), app.frames
        time.sleep(seconds)
        t1, c1, f1 = time.monotonic(), os.times(), app.frames
        cpu = (c1.user + c1.system - c0.user - c0.system) / (t1 - t0)
        top = app.stack.top
        result = {
            "screen": screen,
            "size": f"{size[0]}x{size[1]}",
            "seconds": round(t1 - t0, 1),
            "cpu_percent_of_a_core": round(100 * cpu, 2),
            "rss_mb": round(rss_mb(), 1),
            "frames_drawn": f1 - f0,
            "resting": getattr(app, "resting", None),
            "top": getattr(top, "name", "?"),
            "settled": settled(),
        }
        Path(out).write_text(json.dumps(result))
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=measure, daemon=True).start()
    dispatch = app.dispatch

    def with_orders(event: pygame.event.Event) -> None:
        if event.type == pygame.USEREVENT and getattr(event, "new_game", False):
            app.new_game(seed=5)
            return
        if event.type == pygame.USEREVENT and getattr(event, "open_screen", False):
            open_screen()
            return
        dispatch(event)

    app.dispatch = with_orders  # type: ignore[method-assign]
    app.run()


def _free_display() -> int:
    for n in range(140, 200):
        if not Path(f"/tmp/.X{n}-lock").exists() and not Path(f"/tmp/.X11-unix/X{n}").exists():
            return n
    raise SystemExit("no free X display number")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--screens", default=",".join(SCREENS))
    parser.add_argument("--display", help="an X display to use instead of a new Xvfb")
    parser.add_argument(
        "--history", help="a data folder whose games Scores shows (e.g. 10,000 games)"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.lower().split("x"))
    if args.child:
        child(args.child, (w, h), args.seconds, args.out)
        return
    xvfb = None
    display = args.display
    if display is None:
        n = _free_display()
        display = f":{n}"
        xvfb = subprocess.Popen(
            [
                "Xvfb",
                display,
                "-screen",
                "0",
                f"{max(w, 1920)}x{max(h, 1080)}x24",
                "-nolisten",
                "tcp",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.5)
    env = dict(
        os.environ,
        **({"SWOOP_STILL_HISTORY": str(Path(args.history).resolve())} if args.history else {}),
        DISPLAY=display,
        SDL_VIDEODRIVER="x11",
        SDL_AUDIODRIVER="dummy",
        SDL_FRAMEBUFFER_ACCELERATION="0",
    )
    results = []
    try:
        for screen in args.screens.split(","):
            with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
                out = f.name
            subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--child",
                    screen,
                    "--out",
                    out,
                    "--size",
                    args.size,
                    "--seconds",
                    str(args.seconds),
                ],
                env=env,
                check=True,
                timeout=300,
            )
            result = json.loads(Path(out).read_text())
            os.unlink(out)
            results.append(result)
            if not args.json:
                print(
                    f"{screen:14} {result['cpu_percent_of_a_core']:6.2f}% of a core   "
                    f"{result['rss_mb']:6.1f} MB resident   ({result['size']}, "
                    f"{result['seconds']} s, top scene {result['top']}, "
                    f"{result['frames_drawn']} frames drawn)",
                    flush=True,
                )
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
