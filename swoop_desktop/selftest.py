"""``Swoop --selftest``: does this installation work? One line per problem, exit 0 or 1.

Run from source (``python -m swoop_desktop --selftest``) or inside the
packaged app (``build/dist/Swoop/Swoop --selftest``). It checks, in order:

- **assets**: the icon and the fonts load, and the fonts draw the suit signs;
- **config**: every shipped YAML file parses (``yaml.safe_load``) and the
  opponents file loads without complaint;
- **storage**: settings and a game in progress are written and read back in
  a temporary folder (always: ``--data-dir DIR`` never receives the test
  files), and the player's folder (``--data-dir DIR``, else the real user
  folders) can be created and written (a probe file, removed again; no saves
  or settings are touched);
- **thinking**: a worker process starts (the spawn start method, as the game
  starts its thinking workers; in the packaged app through
  ``multiprocessing.freeze_support``) and sends back one AI decision;
- **demo**: the real app starts (headless if ``SDL_VIDEODRIVER=dummy``) and
  four AIs play a demo game for a few seconds of frames; cards must move,
  the table must agree with the engine, and nothing may log a warning.

While it runs the working directory is an empty temporary folder (so a path
relative to it fails here, not on a player's machine), network connections
are refused and reported, and the shipped ``assets/`` and ``config/`` must be
left unchanged. It prints ``selftest: ok ...`` or ``selftest: PROBLEM ...``
lines on stdout (a windowed Windows build has none: there the lines go to
``selftest.txt`` in the user data folder as well as the exit status).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from swoop_desktop.plural import counted
from swoop_desktop.resources import app_root, resource_path

DEFAULT_FRAMES = 240  # four seconds of game time at 60 frames per second
DEFAULT_SEED = 7
MIN_PLAYS = 4  # about one round of the table
DEMO_TIME_LIMIT = 30  # seconds of wall-clock time the demo may take at most
THINKING_TIME_LIMIT = 60  # seconds a worker process may take to start and answer
SUITS = "\u2663\u2666\u2665\u2660"  # the four suit signs the table draws


class SelftestError(Exception):
    """A check found something broken; the message is the line the user sees."""


# ---- the checks ------------------------------------------------------------------------------


def check_assets() -> list[str]:
    """The icon and fonts are there and load; the fonts have glyphs for the suits."""
    import pygame

    problems: list[str] = []
    assets = resource_path("assets")
    if not assets.is_dir():
        return [f"assets: the folder {assets} is missing"]
    icon = assets / "icon.png"
    if not icon.is_file():
        problems.append(f"assets: {icon} is missing")
    else:
        size = pygame.image.load(str(icon)).get_size()
        if size[0] < 64 or size[0] != size[1]:
            problems.append(f"assets: {icon} is {size[0]}x{size[1]}, not a square of 64 px or more")
    fonts = sorted(assets.rglob("*.ttf"))
    if not fonts:
        problems.append(f"assets: no fonts (*.ttf) under {assets}")
    if not pygame.font.get_init():
        pygame.font.init()
    for path in fonts:
        font = pygame.font.Font(str(path), 32)
        missing = [s for s in SUITS if not _has_glyph(font, s)]
        if missing:
            problems.append(f"assets: font {path.name} has no glyph for {' '.join(missing)}")
    for folder in {p.parent for p in fonts}:
        if not any(
            p.name.upper().startswith(("LICENSE", "LICENCE", "COPYING")) for p in folder.iterdir()
        ):
            problems.append(f"assets: the fonts in {folder} have no licence file beside them")
    return problems


def _has_glyph(font, char: str) -> bool:
    """True when ``font`` draws ``char`` as itself rather than as the 'missing glyph' box."""
    # A missing glyph is drawn as the font's .notdef box, the same picture for
    # every missing character; compare against a character no font has.
    absent = "\U000f0000"  # a private-use code point
    one = font.render(char, True, (0, 0, 0), (255, 255, 255))
    box = font.render(absent, True, (0, 0, 0), (255, 255, 255))
    import pygame

    if one.get_size() != box.get_size():
        return True
    return pygame.image.tobytes(one, "RGB") != pygame.image.tobytes(box, "RGB")


def check_languages(found: list[str]) -> list[str]:
    """Every compiled catalogue loads and says which language it is; the languages present
    are put in ``found`` (English first, it needs no catalogue)."""
    import gettext

    from swoop_desktop import i18n

    problems: list[str] = []
    found.append(i18n.SOURCE)
    folder = i18n.locale_dir()
    for code in i18n.available_languages():
        if code == i18n.SOURCE:
            continue
        path = folder / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
        try:
            with open(path, "rb") as fh:
                catalogue = gettext.GNUTranslations(fh)
        except (OSError, ValueError) as exc:
            problems.append(f"languages: the {code} catalogue does not load: {_one_line(exc)}")
            continue
        if not catalogue.info().get("language"):
            problems.append(f"languages: the {code} catalogue {path} has no header")
            continue
        found.append(code)
    return problems


def check_config() -> list[str]:
    """Every shipped YAML file parses; the opponents file loads cleanly."""
    import yaml

    problems: list[str] = []
    config = resource_path("config")
    if not config.is_dir():
        return [f"config: the folder {config} is missing"]
    files = sorted(config.glob("*.yaml")) + sorted(config.glob("*.yml"))
    if not files:
        problems.append(f"config: no YAML files in {config}")
    for path in files:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            problems.append(f"config: {path.name} cannot be read: {_one_line(exc)}")
            continue
        if not isinstance(data, dict):
            problems.append(f"config: {path.name} should hold a mapping, not {type(data).__name__}")
    from swoop_desktop.ai.config import load_opponents

    seats, messages = load_opponents(None)
    problems.extend(f"config: {m}" for m in messages)
    if [s.seat for s in seats] != list(range(1, 8)):
        problems.append(f"config: opponents are {[s.seat for s in seats]}, not 1 to 7")
    return problems


def check_storage(data_dir: Path, probe: Path | None) -> list[str]:
    """Settings and a game in progress survive a write and a read in ``data_dir`` (a
    scratch folder); the player's folder (``probe``, or the user folders when None) can be
    written: a probe file is written there and removed, nothing else is touched."""
    from swoop_desktop.engine import Match, Rules
    from swoop_desktop.storage import (
        Settings,
        load_game,
        load_settings,
        resolve_dirs,
        save_game,
        save_settings,
    )
    from swoop_desktop.storage.savegame import fingerprint

    problems: list[str] = []
    dirs = resolve_dirs(data_dir)
    settings = Settings(animation_speed="fast", muted=True)
    save_settings(dirs, settings)
    back, messages = load_settings(dirs)
    problems.extend(f"storage: reading settings back: {m}" for m in messages)
    if back != settings:
        problems.append(f"storage: settings read back differ from those written in {dirs.config}")

    match = Match(Rules.from_preset("app"), players=4, seed=DEFAULT_SEED)
    match.start_hand()
    for _ in range(12):  # a few plays, so the save holds a game in motion
        if match.hand_over or match.over:
            break
        match.apply(match.legal_actions()[0])
    save_game(dirs, match, ["selftest"])
    saved, messages = load_game(dirs)
    problems.extend(f"storage: reading the saved game back: {m}" for m in messages)
    if saved is None:
        problems.append(f"storage: the saved game in {dirs.data} could not be read back")
    elif fingerprint(saved.match.state) != fingerprint(match.state):
        problems.append(f"storage: the saved game in {dirs.data} came back different")

    problems.extend(_check_history(dirs))
    problems.extend(_probe_user_dirs(probe))
    return problems


def _check_history(dirs: Any) -> list[str]:
    """A finished game goes into the progress database (SQLite, bundled with the app) and
    comes back the same."""
    from swoop_desktop.engine import Match, Rules
    from swoop_desktop.progress import load_history, record_finished_game

    match = Match(Rules.from_preset("app", target=50), players=4, seed=DEFAULT_SEED)
    while not match.over:
        match.start_hand()
        while not match.hand_over:
            match.apply(match.legal_actions()[0])
    told = record_finished_game(dirs, match, [{"name": "You"}])
    games, more = load_history(dirs)
    problems = [f"storage: the history: {m}" for m in told + more]
    if [g.totals for g in games] != [list(match.totals)]:
        problems.append(f"storage: a finished game did not come back from {dirs.data}")
    return problems


def _probe_user_dirs(folder: Path | None) -> list[str]:
    """The player's real folders can be created and written (a probe file, then removed)."""
    from swoop_desktop.storage import resolve_dirs

    problems: list[str] = []
    try:
        dirs = resolve_dirs(folder)
    except OSError as exc:
        return [f"storage: cannot create the user folders: {_one_line(exc)}"]
    from swoop_desktop.storage.paths import probe_folder

    for folder in sorted({dirs.data, dirs.config}):
        try:
            # A new file, never through a link planted at its name (see probe_folder).
            back = probe_folder(folder, f".selftest-{os.getpid()}", "swoop selftest\n")
            if back != "swoop selftest\n":
                problems.append(f"storage: {folder} does not read back what was written")
        except OSError as exc:
            problems.append(f"storage: cannot write in {folder}: {_one_line(exc)}")
    return problems


def check_demo(data_dir: Path, seed: int, frames: int) -> list[str]:
    """The real app starts and four AIs play a demo game for ``frames`` frames.

    The App is driven the way ``swoop --demo`` drives it (one ``step`` per
    frame on a 60 Hz game clock); then the table must have seen plays, must
    agree with the engine card for card, the picture must not be blank, and
    nothing may have been logged as a warning or an error meanwhile.
    """
    import pygame

    from swoop_desktop.ui.app import App

    problems: list[str] = []
    with _logged_warnings() as warnings:
        app = App(
            size=(1280, 720),
            data_dir=str(data_dir),
            demo=True,
            seed=seed,
            speed="fast",
            pace="fast",
        )
        try:
            table = app.table
            if table is None:
                return ["demo: the app did not open the table"]
            # AIs think on worker threads: on a busy machine the frames can outrun
            # them, so play on (to a wall-clock limit) until a round has been played.
            deadline = time.monotonic() + DEMO_TIME_LIMIT
            while (
                app.running
                and (app.frames < frames or table.model.plays < MIN_PLAYS)
                and time.monotonic() < deadline
            ):
                app.step(1 / 60)
            colours = len(
                set(
                    pygame.image.tobytes(pygame.transform.scale(app.screen, (64, 36)), "RGB")[
                        i : i + 3
                    ]
                    for i in range(0, 64 * 36 * 3, 3)
                )
            )
            plays = table.model.plays
            mismatches = table.presenter.mismatches
            shown = app.frames
        finally:
            app.shutdown()
    if shown < frames:
        problems.append(f"demo: the app showed {counted(shown, 'frame')}, not {frames}")
    if plays < MIN_PLAYS:
        problems.append(
            f"demo: the AIs made {counted(plays, 'play')} in {counted(shown, 'frame')} "
            f"({DEMO_TIME_LIMIT} s), fewer than one round ({MIN_PLAYS})"
        )
    if mismatches:
        problems.append(f"demo: the table and the engine disagreed {counted(mismatches, 'time')}")
    if colours < 8:
        problems.append(f"demo: the last frame is nearly blank ({counted(colours, 'colour')})")
    problems.extend(f"demo: logged {w}" for w in warnings)
    return problems


def check_thinking() -> list[str]:
    """One decision goes to a worker process and comes back (the AI's thinking).

    The packaged app must be able to start a worker (PyInstaller's frozen start
    needs ``multiprocessing.freeze_support``): a worker that does not answer, or an
    answer made in this process (no worker could start), is a problem here, though
    the game itself would think on threads and say nothing.
    """
    from swoop_desktop.ai import NormalBot, workers
    from swoop_desktop.engine import Rules, new_deal
    from swoop_desktop.engine.observation import PublicHistory, observe

    state, events = new_deal(Rules.from_preset("app"), 4, seed=DEFAULT_SEED)
    history = PublicHistory(4)
    history.feed(events)
    obs = observe(state, state.to_move, history)
    legal = state.legal_actions()
    pool = workers.Pool(1, processes=True)
    try:
        pid = pool.submit(workers.where).result(timeout=THINKING_TIME_LIMIT)
        action, problem, _bot = pool.submit(workers.decide, NormalBot(1), obs, legal).result(
            timeout=THINKING_TIME_LIMIT
        )
    finally:
        pool.shutdown()
    problems = []
    if pid == os.getpid():
        problems.append("thinking: no worker process could start (the AIs would think on threads)")
    if action not in legal:
        problems.append(f"thinking: the worker answered an illegal play {action!r}")
    if problem:
        problems.append(f"thinking: the worker's bot misbehaved: {problem}")
    return problems


@contextlib.contextmanager
def _logged_warnings() -> Iterator[list[str]]:
    """Collect warnings and errors logged by the game while the block runs."""
    import logging

    found: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            found.append(f"{record.levelname.lower()} {record.getMessage()}")

    handler = Collect(level=logging.WARNING)
    logger = logging.getLogger("swoop_desktop")
    logger.addHandler(handler)
    try:
        yield found
    finally:
        logger.removeHandler(handler)


# ---- running them ----------------------------------------------------------------------------


@contextlib.contextmanager
def _no_network(attempts: list[str]) -> Iterator[None]:
    """Refuse (and record) any outgoing connection while the checks run."""
    original = socket.socket.connect, socket.socket.connect_ex

    def refuse(sock: socket.socket, address: object) -> None:
        attempts.append(repr(address))
        raise OSError(f"selftest: network connection to {address!r} refused")

    socket.socket.connect = refuse  # type: ignore[method-assign, assignment]
    socket.socket.connect_ex = refuse  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        socket.socket.connect, socket.socket.connect_ex = original  # type: ignore[method-assign]


@contextlib.contextmanager
def _in_folder(folder: Path) -> Iterator[None]:
    old = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(old)


def _snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Every file under the shipped folders, with size and modification time."""
    out: dict[str, tuple[int, int]] = {}
    for name in ("assets", "config"):
        for path in (root / name).rglob("*"):
            if path.is_file():
                st = path.stat()
                out[str(path.relative_to(root))] = (st.st_size, st.st_mtime_ns)
    return out


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _run_check(name: str, check: Callable[[], list[str]]) -> tuple[list[str], float]:
    start = time.perf_counter()
    try:
        problems = check()
    except SelftestError as exc:
        problems = [str(exc)]
    except Exception as exc:  # any failure is a finding, reported on one line
        where = traceback.extract_tb(exc.__traceback__)[-1]
        problems = [f"{name}: {_one_line(exc)} (at {Path(where.filename).name}:{where.lineno})"]
    return problems, time.perf_counter() - start


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="Swoop --selftest",
        description="Check that this installation of Swoop works; one line per problem.",
    )
    parser.add_argument("--selftest", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="the data folder to check can be written (a probe file, then removed); the test "
        "settings and save always go in a temporary folder",
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the demo game")
    parser.add_argument(
        "--frames",
        type=int,
        default=DEFAULT_FRAMES,
        help=f"frames of demo play (default {DEFAULT_FRAMES})",
    )
    args = parser.parse_args(argv)
    if args.frames < 1:
        parser.error(f"--frames must be 1 or more, not {args.frames}")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run every check; print what is broken, one line each; 0 if all is well, else 1."""
    args = _parse(sys.argv[1:] if argv is None else list(argv))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    root = app_root()
    before = _snapshot(root)
    attempts: list[str] = []
    problems: list[str] = []
    timings: list[str] = []
    with tempfile.TemporaryDirectory(prefix="swoop-selftest-") as tmp:
        tmp_path = Path(tmp)
        cwd = tmp_path / "cwd"
        cwd.mkdir()
        # The test files always go in the temporary folder: a --data-dir holding the
        # player's settings and game is only probed, never written over.
        data_dir = tmp_path / "data"
        probe = args.data_dir.expanduser() if args.data_dir else None
        languages: list[str] = []
        checks: list[tuple[str, Callable[[], list[str]]]] = [
            ("assets", check_assets),
            ("languages", lambda: check_languages(languages)),
            ("config", check_config),
            ("storage", lambda: check_storage(data_dir, probe)),
            ("thinking", check_thinking),
            ("demo", lambda: check_demo(data_dir, args.seed, args.frames)),
        ]
        with _no_network(attempts), _in_folder(cwd):
            for name, check in checks:
                found, seconds = _run_check(name, check)
                problems.extend(found)
                timings.append(f"{name} {seconds:.2f}s")
            stray = sorted(p.name for p in cwd.iterdir())
        if stray:
            problems.append(f"files: wrote into the working directory: {', '.join(stray)}")
    if attempts:
        problems.append(f"network: tried to connect to {', '.join(attempts)}")
    changed = sorted(set(before.items()) ^ set(_snapshot(root).items()))
    if changed:
        names = sorted({name for name, _ in changed})
        problems.append(f"files: changed the shipped files: {', '.join(names)}")
    where = "packaged" if getattr(sys, "frozen", False) else "from source"
    if problems:
        lines = [f"selftest: PROBLEM {line}" for line in problems]
        lines.append(
            f"selftest: {counted(len(problems), 'problem')} ({where}, {root}); "
            f"languages {', '.join(languages) or 'none'}"
        )
    else:
        lines = [
            f"selftest: ok ({where}, {root}; {', '.join(timings)}); "
            f"languages {', '.join(languages) or 'none'}"
        ]
    _report(lines)
    return 1 if problems else 0


def _report(lines: list[str]) -> None:
    """Print the result; a windowed build on Windows has no console, so it also goes to a file."""
    if sys.stdout is not None:
        print("\n".join(lines), flush=True)
        return
    from swoop_desktop.storage import resolve_dirs

    with contextlib.suppress(OSError):
        (resolve_dirs(None).data / "selftest.txt").write_text(
            "\n".join(lines) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    sys.exit(main())
