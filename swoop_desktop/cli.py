"""The ``swoop`` command: the game, the demo or the self-test, from the command line.

This is the one place that parses the game's arguments and wires the parts:
the App (:mod:`swoop_desktop.ui.app`), the demo (:mod:`swoop_desktop.ui.demo`)
and the self-test (:mod:`swoop_desktop.selftest`). None of them imports this
module, so the three never import each other in a circle.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from swoop_desktop import __version__
from swoop_desktop.choices import MAX_PLAYERS, MIN_PLAYERS
from swoop_desktop.plural import counted
from swoop_desktop.ui.app import PACES, SPEEDS, App
from swoop_desktop.ui.demo import run_demo


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT such as 1280x720, got {text!r}"
        ) from None
    if not (320 <= w <= 10000 and 240 <= h <= 10000):
        raise argparse.ArgumentTypeError(
            f"window size {w}x{h} is out of range (320x240 to 10000x10000)"
        )
    return w, h


MAX_FRAMES = 1_000_000  # about four and a half hours at 60 frames a second


def _frames(text: str) -> int:
    try:
        value = int(text) if len(text) <= 40 else None
    except ValueError:
        value = None
    if value is None or not 1 <= value <= MAX_FRAMES:
        raise argparse.ArgumentTypeError(
            f"expected a number of frames from 1 to {MAX_FRAMES:,} (about four and a half "
            f"hours at 60 frames a second), got {text[:40]!r}"
        )
    return value


def _rules(text: str) -> Any:
    from swoop_desktop.engine import Rules, RulesError
    from swoop_desktop.engine.errors import short
    from swoop_desktop.engine.jsontext import parse_json

    try:
        return Rules.from_json(parse_json(text) if text.strip().startswith("{") else text)
    except (ValueError, RulesError) as exc:  # JSONDecodeError and Refused are ValueErrors
        raise argparse.ArgumentTypeError(
            f"bad rules {short(text)}: {short(str(exc), 160)}"
        ) from None


def _players(text: str) -> int:
    """``--players``: a table of 3 to 8."""
    from swoop_desktop.engine.errors import short

    if not text.strip().isdigit() or not MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"the players at a table should be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {short(text)}"
        )
    return int(text)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="swoop",
        description="Swoop: you against two to seven AI opponents. Run with no options to play.",
    )
    p.add_argument(
        "--demo",
        action="store_true",
        help="AIs in every seat play in the window (with --players N, N of them)",
    )
    p.add_argument("--seed", type=int, default=None, help="seed of the game (demo or new game)")
    p.add_argument(
        "--frames",
        type=_frames,
        default=None,
        help="demo: stop after this many frames (default: at game over)",
    )
    p.add_argument("--speed", choices=SPEEDS, default=None, help="animation speed")
    p.add_argument("--pace", choices=PACES, default=None, help="AI pace")
    p.add_argument("--screenshot", type=Path, default=None, help="demo: save the last frame (PNG)")
    p.add_argument(
        "--perf",
        type=Path,
        default=None,
        help="demo: write frame-time figures as JSON to this file",
    )
    p.add_argument("--size", type=_size, default=None, help="window size, e.g. 1280x720")
    p.add_argument(
        "--rules",
        type=_rules,
        default=None,
        help='rules for a new game, e.g. \'{"preset": "app", "target": 50}\'',
    )
    p.add_argument(
        "--players",
        type=_players,
        default=None,
        metavar="N",
        help="players at the table for a new game or the demo, 3 to 8 (default: Settings')",
    )
    p.add_argument("--data-dir", default=None, help="keep settings and saves in this folder")
    p.add_argument("--selftest", action="store_true", help="check the installation and exit")
    p.add_argument(
        "--export",
        type=Path,
        default=None,
        metavar="FILE",
        help="write every finished game to FILE (CSV when FILE ends in .csv, else a "
        "history.json), then exit",
    )
    p.add_argument("--version", action="version", version=f"swoop {__version__}")
    return p


def run(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--selftest" in argv:
        from swoop_desktop import selftest  # loaded only when asked for: not before a frame

        return int(selftest.main(argv) or 0)
    args = parser().parse_args(argv)
    if args.players is not None and args.rules is not None:
        from swoop_desktop.engine import RulesError

        try:
            args.rules.validate_players(args.players)
        except RulesError as exc:
            parser().error(f"--rules cannot seat --players {args.players}: {exc}")
    if args.export is not None:
        return export(args.export, args.data_dir)
    if args.demo:
        refused = demo_output_refusal(args)
        if refused is not None:
            _say(f"swoop: error: {refused}", sys.stderr)
            return 2
        return run_demo(args)
    if any(v is not None for v in (args.frames, args.screenshot, args.perf)):
        parser().error("--frames, --screenshot and --perf go with --demo")
    app = App(
        size=args.size,
        data_dir=args.data_dir,
        seed=args.seed,
        speed=args.speed,
        pace=args.pace,
        rules=args.rules,
        players=args.players,
    )
    return app.run()


def export(target: Path, data_dir: str | None) -> int:
    """``swoop --export FILE``: every finished game as a ``history.json`` (for other tools,
    bug reports or an older Swoop), or as the CSV that Scores → Export… writes when FILE
    ends in ``.csv``; one line says how many games, or what went wrong (exit status 2 when
    the file is refused, 1 when it could not be written)."""
    from swoop_desktop.names import printable
    from swoop_desktop.progress.export import (
        export_csv,
        export_failure,
        export_history,
        export_refusal,
    )
    from swoop_desktop.progress.history import load_history
    from swoop_desktop.storage import open_dirs

    dirs, messages = open_dirs(data_dir)
    if not dirs.usable:
        print(f"swoop: {' '.join(messages)}", file=sys.stderr)
        return 1
    # Swoop's own folders, a folder not there, a folder or pipe at the name, a name no
    # file can have: refused before anything is read or written.
    refused = export_refusal(dirs, target)
    if refused is not None:
        _say(f"swoop: {refused}", sys.stderr)
        return 2
    for text in load_history(dirs)[1]:
        _say(f"swoop: {text}", sys.stderr)
    write = export_csv if target.suffix.lower() == ".csv" else export_history
    try:
        count = write(dirs, target)
    except OSError as exc:
        _say(f"swoop: {export_failure(exc, target)}", sys.stderr)
        return 1
    _say(f"swoop: {counted(count, 'game')} written to {printable(str(target))}", sys.stdout)
    return 0


def demo_output_refusal(args: argparse.Namespace) -> str | None:
    """Why the demo's ``--screenshot`` or ``--perf`` file must not be written (None: they
    may): never in Swoop's data or settings folder, as with ``--export``."""
    from swoop_desktop.progress.export import swoops_folders_refusal
    from swoop_desktop.storage import open_dirs

    outputs = [path for path in (args.screenshot, args.perf) if path is not None]
    if not outputs:
        return None
    dirs, _messages = open_dirs(args.data_dir)
    for path in outputs:
        refused = swoops_folders_refusal(dirs, path)
        if refused is not None:
            return refused
    return None


def _say(line: str, stream: Any) -> None:
    """One line to ``stream``, whatever characters the path holds and the terminal takes."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    print(line.encode(encoding, "replace").decode(encoding, "replace"), file=stream)
