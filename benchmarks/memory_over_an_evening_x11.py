"""The game process's resident memory at rest on the title after each game of an evening,
in a real X11 window (prints figures, never judges).

    python benchmarks/memory_over_an_evening_x11.py [--games 8] [--rest 60]
        [--size 1920x1080] [--target 50] [--worlds N] [--seeds 101,102,...]
        [--speed fast] [--pace fast] [--trace] [--pictures] [--trim] [--display :N]

It starts its own X server (``Xvfb :N -screen 0 1920x1080x24`` on a free display from
:150 up, or uses ``--display``; install it with
``apt-get install -y xvfb xdotool``) and opens the game's real window on it
(``SDL_VIDEODRIVER=x11``, ``SDL_FRAMEBUFFER_ACCELERATION=0``: the window's own surface,
as on a machine without a GPU). The process running this script *is* the game: the
App is driven through the pilot (real pygame events, frames drawn and flipped to the
X window one after another), and the rests are the window's own loop (``App.run``:
frames at the frame rate while anything moves, then a frame that draws nothing every
0.25 s).

The evening: ``--games`` whole games from the title's New game (rules ``app`` with the
target lowered to ``--target`` so a game is a hand or two; your seat plays the normal
bot's choice), each ended on its game-over sheet; a won game's celebration plays over
its sheet (at ``--speed``: not ``instant``, which has none). Between games, in turn:
nothing more; the game's review opened from the sheet and stepped through; the daily
deal played, its result read and its review opened from it; Puzzles opened and up to
three answered; reduced motion switched on in Settings; the window resized to
1280x720 by the window system (``xdotool windowsize``) and back; reduced motion
switched off; the review again. Then the window rests on the title for ``--rest``
seconds of real time, and the figures are taken.

Printed after each game's rest: the game process's VmRSS (its anonymous, file-backed
and shared parts beside it) from /proc/self/status, and its thinking worker processes'
(children of the game, other than the X server) summed apart. The game process alone
is the figure; the workers are shown, not counted. ``--trace`` adds tracemalloc
(started before the window opens) and after each rest names the ten sites whose
Python allocations grew most since the last rest; tracemalloc's own memory is in the
RSS of such a run, so its RSS figures are not comparable with a run without it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: The routes between games, in turn (the game's number picks one; they wrap round).
ROUTES = (
    "",
    "review from the sheet",
    "daily deal and its review",
    "puzzles",
    "reduced motion on",
    "window resized",
    "reduced motion off",
    "review from the sheet",
)


# ---------------------------------------------------------------- the X server
def free_display() -> str:
    """A display number no X server uses (from :150 up, clear of the usual :0 and :99)."""
    for n in range(150, 250):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return f":{n}"
    sys.exit("no free X display number between :150 and :249")


def start_x(display: str, size: str) -> subprocess.Popen[bytes] | None:
    """An X server of our own on ``display`` (None when one already runs there)."""
    socket = Path(f"/tmp/.X11-unix/X{display.lstrip(':')}")
    if socket.exists():
        return None
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        sys.exit("Xvfb is missing: apt-get install -y xvfb xdotool")
    server = subprocess.Popen(
        [xvfb, display, "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        if socket.exists():
            break
        time.sleep(0.05)
    time.sleep(0.3)
    return server


# ---------------------------------------------------------------- the figures
def status() -> dict[str, float]:
    """This process's VmRSS and its parts (RssAnon, RssFile, RssShmem), MB."""
    out: dict[str, float] = {}
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
                out[key] = int(value.split()[0]) / 1024
    return out


def _rss_of(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def workers(skip: set[int]) -> tuple[float, int]:
    """The game's child processes but the X server: their RSS summed, and how many."""
    me = str(os.getpid())
    total, alive = 0.0, 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in skip:
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me:
            total += _rss_of(int(entry))
            alive += 1
    return total, alive


def malloc_mb() -> tuple[float, float]:
    """The C heap (glibc's mallinfo2): MB in use, MB held free (0, 0 elsewhere)."""
    import ctypes

    class Info(ctypes.Structure):
        _fields_ = [
            (name, ctypes.c_size_t)
            for name in (
                "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                "fsmblks", "uordblks", "fordblks", "keepcost",
            )
        ]  # fmt: skip

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = Info
        info = libc.mallinfo2()
    except (OSError, AttributeError):
        return 0.0, 0.0
    return (info.uordblks + info.hblkhd) / 2**20, info.fordblks / 2**20


def python_heap_mb() -> tuple[float, float]:
    """Python's own small-object heap (obmalloc): MB of arenas held, MB of them in use."""
    import re
    import tempfile

    with tempfile.TemporaryFile() as f:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(f.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        f.seek(0)
        text = f.read().decode("ascii", "replace")
    held = re.search(r"arenas \* \d+ bytes/arena\s+=\s+([\d,]+)", text)
    used = re.search(r"# bytes in allocated blocks\s+=\s+([\d,]+)", text)
    if held is None or used is None:
        return 0.0, 0.0
    return int(held[1].replace(",", "")) / 2**20, int(used[1].replace(",", "")) / 2**20


def anonymous_maps_mb() -> dict[str, float]:
    """Resident anonymous memory by kind of mapping (/proc/self/smaps): the main heap
    (brk), 64 MB thread-arena heaps, and other anonymous mappings, MB."""
    out = {"heap": 0.0, "thread arenas": 0.0, "other anon": 0.0}
    kind = ""
    with open("/proc/self/smaps", encoding="ascii", errors="replace") as f:
        for line in f:
            head = line.split()
            if "-" in head[0] and not line.startswith(("Rss", "Size")) and ":" not in head[0]:
                lo, hi = (int(x, 16) for x in head[0].split("-"))
                path = head[5] if len(head) > 5 else ""
                if path == "[heap]":
                    kind = "heap"
                elif path == "" and hi - lo <= 64 * 2**20 and lo % (64 * 2**20) == 0:
                    kind = "thread arenas"
                elif path == "":
                    kind = "other anon"
                else:
                    kind = ""
            elif head[0] == "Rss:" and kind:
                out[kind] += int(head[1]) / 1024
    return out


def report(label: str, skip: set[int], app: Any = None) -> dict[str, float]:
    s = status()
    kids, alive = workers(skip)
    used, _free = malloc_mb()
    held, in_use = python_heap_mb()
    maps = anonymous_maps_mb()
    still = "" if app is None else ("  at rest" if app.resting else "  MOVING")
    print(
        f"{label:<40} game {s['VmRSS']:6.1f} MB (anon {s['RssAnon']:5.1f}, "
        f"file {s['RssFile']:5.1f}, shm {s['RssShmem']:4.1f})   "
        f"workers {kids:5.1f} MB ({alive} alive){still}\n"
        f"{'':<44}anon: heap {maps['heap']:5.1f}, thread arenas {maps['thread arenas']:5.1f},"
        f" other {maps['other anon']:5.1f}; malloc in use {used:5.1f}; "
        f"Python's heap {held:5.1f} held, {in_use:5.1f} in use",
        flush=True,
    )
    return s


def surfaces() -> dict[str, tuple[int, int]]:
    """Every pygame picture reachable from Python, by its nearest holder that the garbage
    collector tracks (an object's type, a module's name): (how many, bytes). Containers
    the collector does not track (a dict of tuples of pictures) are looked into too.
    tracemalloc sees none of their pixels (SDL allocates them)."""
    import gc
    import types

    import pygame

    seen: set[int] = set()
    out: dict[str, tuple[int, int]] = {}

    def name_of(holder: object) -> str:
        if isinstance(holder, types.ModuleType):
            return f"module {holder.__name__}"
        if isinstance(holder, dict):
            for owner in gc.get_referrers(holder):
                if isinstance(owner, types.ModuleType) and owner.__dict__ is holder:
                    return f"module {owner.__name__}"
                if getattr(owner, "__dict__", None) is holder:
                    return f"{type(owner).__module__}.{type(owner).__qualname__}"
                if isinstance(owner, types.ModuleType):
                    return f"module {owner.__name__}"
            return f"a dict of {len(holder)}"
        return f"{type(holder).__module__}.{type(holder).__qualname__}"

    for holder in gc.get_objects():
        todo = list(gc.get_referents(holder))
        looked: set[int] = set()
        while todo:
            r = todo.pop()
            if isinstance(r, pygame.Surface):
                if id(r) not in seen:
                    seen.add(id(r))
                    w, h = r.get_size()
                    name = name_of(holder)
                    count, total = out.get(name, (0, 0))
                    out[name] = (count + 1, total + w * h * r.get_bytesize())
            elif (
                isinstance(r, (tuple, dict, list)) and not gc.is_tracked(r) and id(r) not in looked
            ):
                looked.add(id(r))
                todo.extend(gc.get_referents(r))
    return out


# ---------------------------------------------------------------- the evening
def your_play(p: Any, bot: Any) -> None:
    from swoop_desktop.engine.observation import observe

    t = p.table
    st = t.state
    legal = st.legal_actions()
    try:
        action = bot.choose(observe(st, 0, t.model.history), legal)
    except Exception:  # noqa: BLE001 - a benchmark plays on
        action = legal[0]
    t.apply(action if action in legal else legal[0])


def play_at_table(p: Any, bot: Any, done: Any) -> None:
    """Play your seat at the table on top until ``done()``: every breakdown closed."""
    for _ in range(400_000):
        if done():
            return
        top = p.top
        if top.name == "hand_over":
            top.next_hand()
            p.step()
            continue
        t = p.table
        st = t.state if t is not None else None
        if t is not None and top is t and t.idle and st is not None and not st.is_over:
            if st.to_move == 0:
                your_play(p, bot)
            if t.model.wait_click:
                t.model.wait_click = False
        p.step()
    raise AssertionError("the table never got there")


def play_game(p: Any, bot: Any, seed: int) -> bool:
    """A whole game from the title's New game to its sheet (its celebration seen to its
    end); True when you won it."""
    p.app.new_game(seed=seed)
    play_at_table(p, bot, lambda: p.top.name == "game_over")
    sheet = p.top
    p.until(lambda: not sheet.celebrating, 10)
    p.step(10)
    return bool(sheet.won)


def review(p: Any, open_it: Any) -> int:
    """A review opened (``open_it()``), worked out, stepped through, and closed."""
    from swoop_desktop.ui.scenes.review import ReviewScene

    open_it()
    p.step()
    scene = p.top
    assert isinstance(scene, ReviewScene), scene
    p.until(lambda: scene.ready or scene.failed is not None, 3600)
    for i in range(len(scene.decisions)):
        scene.go(i)
        p.step(2)
    p.press(__import__("pygame").K_ESCAPE)
    p.step(10)
    return len(scene.decisions)


def daily(p: Any, bot: Any) -> str:
    p.app.open("daily")
    p.step(10)
    page = p.top
    page.play()
    p.step()
    play_at_table(p, bot, lambda: p.top.name == "daily_result")
    result = p.top
    p.until(lambda: page.hard_points() is not None, 600)  # the hard opponent's game
    p.step(5)
    n = review(p, result.review_hand)
    result.back()
    p.step(10)
    p.app.pop()
    p.step(5)
    return f"{n} decisions reviewed"


def puzzles(p: Any) -> str:
    import pygame

    p.app.open("puzzles")
    p.step(10)
    scene = p.top
    answered = 0
    for _ in range(3):
        if not scene.choices:
            break
        p.press(pygame.K_1)
        p.until(lambda: scene.answer is not None, 600)
        p.step(5)
        answered += 1
        p.press(pygame.K_RIGHT)
        p.step(5)
    p.app.pop()
    p.step(5)
    return f"{len(scene.puzzles)} puzzles, {answered} answered"


def reduced_motion(p: Any, on: bool) -> str:
    p.app.open("settings")
    p.step(10)
    p.app.update_settings(reduced_motion=on)
    p.step(10)
    p.app.pop()
    p.step(5)
    return f"reduced motion {'on' if on else 'off'}"


def resize(p: Any, size: tuple[int, int]) -> str:
    """The window made 1280x720 by the window system and put back, the title drawn at each."""
    if shutil.which("xdotool") is None:
        p.resize((1280, 720))
        p.step(20)
        p.resize(size)
        p.step(20)
        return "resized (posted events: no xdotool)"
    import pygame

    window = str(pygame.display.get_wm_info().get("window", ""))
    for w, h in ((1280, 720), size):
        if window:
            subprocess.run(["xdotool", "windowsize", window, str(w), str(h)], check=False)
        else:
            p.resize((w, h))
        p.until(lambda w=w, h=h: p.app.size == (w, h), 5)
        p.step(20)
    return f"resized to 1280x720 and back: {p.app.size[0]}x{p.app.size[1]}"


def rest(app: Any, seconds: float) -> None:
    """``seconds`` of real time as the window's own loop (App.run) spends them."""
    from swoop_desktop.ui.app import REST_WAKE_S

    start = last = time.perf_counter()
    while time.perf_counter() - start < seconds:
        resting = app.resting and app._drawn_at is app.stack.top
        if resting and not app.picture_changed:
            time.sleep(REST_WAKE_S)
        else:
            time.sleep(max(0.0, 1 / app.frame_rate - (time.perf_counter() - last)))
        now = time.perf_counter()
        app.step(min(now - last, 0.1), draw=not resting)
        last = now


def growth(before: Any, after: Any, top: int = 10) -> None:
    for stat in after.compare_to(before, "traceback")[:top]:
        frames = [f for f in stat.traceback if "/swoop_desktop/" in f.filename]
        where = frames[-1] if frames else stat.traceback[-1]
        print(
            f"    {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks  "
            f"{where.filename.split('/swoop_desktop/')[-1]}:{where.lineno}"
            f"  (allocated at {stat.traceback[-1].filename.rsplit('/', 1)[-1]}:"
            f"{stat.traceback[-1].lineno})",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rest", type=float, default=60.0)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--target", type=int, default=50)
    parser.add_argument("--worlds", type=int, default=None, help="review work (shipped: none)")
    parser.add_argument("--seeds", default="", help="the games' seeds, comma-separated")
    parser.add_argument("--speed", default="fast")
    parser.add_argument("--pace", default="fast")
    parser.add_argument(
        "--display", default="", help="an X display to use (default: a new Xvfb on a free one)"
    )
    parser.add_argument("--driver", default="x11", help="SDL's video driver (dummy: no window)")
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--pictures", action="store_true", help="name what holds pygame's pictures")
    parser.add_argument(
        "--trim", action="store_true", help="also measure after one more gc and malloc_trim"
    )
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.lower().split("x"))
    seeds = [int(s) for s in args.seeds.split(",") if s] or [
        100 + g for g in range(1, args.games + 1)
    ]

    display = args.display or free_display()
    server = start_x(display, "1920x1080") if args.driver == "x11" else None
    os.environ["DISPLAY"] = display
    os.environ["SDL_VIDEODRIVER"] = args.driver
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    skip = {server.pid} if server is not None else set()
    if args.trace:
        import tracemalloc

        tracemalloc.start(12)
    try:
        run(args, (w, h), seeds, skip)
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)


def run(args: Any, size: tuple[int, int], seeds: list[int], skip: set[int]) -> None:
    import pygame

    from swoop_desktop.ai import make_bot
    from swoop_desktop.engine import Rules
    from swoop_desktop.ui.pilot import Pilot
    from swoop_desktop.ui.scenes import verdicts

    if args.worlds:
        verdicts.DEFAULT_WORLDS = args.worlds
    trace = None
    if args.trace:
        import tracemalloc

        trace = tracemalloc
    rules = Rules.from_preset("app", target=args.target)
    folder = tempfile.mkdtemp(prefix="swoop-evening-x11-")
    bot = make_bot("normal", seed=1)
    started = time.perf_counter()
    print(
        f"video driver {os.environ['SDL_VIDEODRIVER']}, display {os.environ['DISPLAY']}, "
        f"window {size[0]}x{size[1]}, target {args.target}, rest {args.rest:.0f} s, "
        f"speed {args.speed}, pace {args.pace}",
        flush=True,
    )
    with Pilot(
        size=size,
        data_dir=folder,
        seed=None,
        start="title",
        speed=args.speed,
        pace=args.pace,
        rules=rules,
    ) as p:
        print(f"SDL video driver in use: {pygame.display.get_driver()}", flush=True)
        rest(p.app, args.rest)
        report("fresh, at rest on the title", skip, p.app)
        snapshot = trace.take_snapshot() if trace else None
        pictures = surfaces() if args.trace or args.pictures else {}
        won: list[int] = []
        for game, seed in enumerate(seeds[: args.games], start=1):
            route = ROUTES[(game - 1) % len(ROUTES)]
            t0 = time.perf_counter()
            if play_game(p, bot, seed):
                won.append(game)
                rest(p.app, 10)
                report(f"game {game} won: on its sheet, celebrated, 10 s on", skip, p.app)
            said = ""
            if route == "review from the sheet":
                said = f"{review(p, p.top.review_game)} decisions reviewed"
            p.app.to_title()
            p.step(10)
            if route == "daily deal and its review":
                said = daily(p, bot)
            elif route == "puzzles":
                said = puzzles(p)
            elif route.startswith("reduced motion"):
                said = reduced_motion(p, route.endswith("on"))
            elif route == "window resized":
                said = resize(p, size)
            played = time.perf_counter() - t0
            rest(p.app, args.rest)
            label = f"game {game}{' (won)' if won and won[-1] == game else ''}"
            report(f"{label}: {route or 'the game alone'}", skip, p.app)
            if args.trim:
                from swoop_desktop.ui.cards import give_back_memory

                give_back_memory()
                report("    the same, trimmed once more now", skip, p.app)
            print(f"    ({said + '; ' if said else ''}{played:.0f} s of play)", flush=True)
            if trace is not None and snapshot is not None:
                now = trace.take_snapshot()
                growth(snapshot, now)
                snapshot = now
            if args.trace or args.pictures:
                held = surfaces()
                print(f"    pictures held: {sum(b for _n, b in held.values()) / 2**20:.1f} MB")
                for name, (n, b) in sorted(held.items(), key=lambda kv: -kv[1][1])[:8]:
                    was = pictures.get(name, (0, 0))
                    print(
                        f"      {b / 2**20:6.1f} MB in {n:4d} ({(b - was[1]) / 2**20:+.1f} MB, "
                        f"{n - was[0]:+d})  {name}"
                    )
                pictures = held
        print(f"won: games {won or 'none'}", flush=True)
    print(f"the evening took {time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
