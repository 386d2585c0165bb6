"""Demo mode: AIs in every seat play in the real window (``swoop --demo``), with figures on request.

``--frames F`` stops after F frames (default: when the game is over);
``--screenshot PATH`` saves the last frame; ``--perf PATH`` writes
``{"frames", "frame_ms": {"p50", "p95", "p99", "max"}, "startup_ms"}`` —
frame *work* time, without the frame-rate wait — and the worst frame while
an AI was thinking. Under a headless video driver nobody watches, so frames
run back to back on a virtual 60 Hz clock.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame

from .app import App, process_start_time

FRAME = 1 / 60


def game_over_frames(headless: bool) -> float:
    """Frames the demo runs on once the game is over before it ends by itself: half a
    second when nobody watches (a headless run), and in a real window none at all: the
    game-over sheet stays until the watcher closes the window."""
    return 30 if headless else float("inf")


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[k]


def perf_report(app: App, thinking_ms: list[float]) -> dict[str, Any]:
    frames = app.frame_ms
    table = app.table
    start = process_start_time()
    startup = ((app.first_frame_at or start) - start) * 1000
    return {
        "frames": len(frames),
        "frame_ms": {
            "p50": round(percentile(frames, 50), 3),
            "p95": round(percentile(frames, 95), 3),
            "p99": round(percentile(frames, 99), 3),
            "max": round(max(frames, default=0.0), 3),
        },
        "frame_cpu_ms": {
            "p50": round(percentile(app.frame_cpu_ms, 50), 3),
            "p99": round(percentile(app.frame_cpu_ms, 99), 3),
            "max": round(max(app.frame_cpu_ms, default=0.0), 3),
        },
        "thinking_frame_ms_max": round(max(thinking_ms, default=0.0), 3),
        "thinking_frames": len(thinking_ms),
        "startup_ms": round(startup, 1),
        "size": list(app.size),
        "game_over": bool(table is not None and table.match.over),
        "hands": 0 if table is None else len(table.match.sheet),
        "players": 0 if table is None else table.match.n,
        "speed": app.anim_speed,
    }


def _check_output(path: Path | None, what: str) -> str | None:
    """Why ``path`` cannot take the demo's output (None if it can), checked before the demo."""
    if path is None:
        return None
    try:
        if path.is_dir():
            return f"{what} {path} is a folder; give a file name"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            return f"{what} {path} cannot be written (no permission)"
    except (OSError, ValueError) as exc:
        return f"{what} {path} cannot be written ({getattr(exc, 'strerror', None) or exc})"
    return None


def _fail(text: str) -> int:
    line = " ".join(text.split())
    print(f"swoop: error: {line[:300]}", file=sys.stderr)
    return 2


def run_demo(args: argparse.Namespace) -> int:
    for problem in (
        _check_output(args.screenshot, "--screenshot"),
        _check_output(args.perf, "--perf"),
    ):
        if problem:
            return _fail(problem)
    speed = args.speed or "fast"
    pace = getattr(args, "pace", None) or ("instant" if speed == "instant" else "fast")
    app = App(
        size=args.size or (1280, 720),
        data_dir=args.data_dir,
        demo=True,
        seed=1 if args.seed is None else args.seed,
        speed=speed,
        pace=pace,
        rules=args.rules,
        players=getattr(args, "players", None),
    )
    headless = os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen")
    clock = pygame.time.Clock()
    thinking_ms: list[float] = []
    over_frames = 0
    try:
        while app.running:
            if args.frames is not None and app.frames >= args.frames:
                break
            dt = FRAME if headless else min(0.1, clock.tick(60) / 1000)
            table = app.table
            thinking = table is not None and table.thinking is not None
            app.step(dt)
            if thinking and app.frame_ms:
                thinking_ms.append(app.frame_ms[-1])
            top = app.stack.top
            if args.frames is None and top is not None and top.name == "game_over":
                over_frames += 1
                if over_frames > game_over_frames(headless):
                    break
        try:
            if args.screenshot is not None:
                args.screenshot.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(app.screen, str(args.screenshot))
            if args.perf is not None:
                args.perf.parent.mkdir(parents=True, exist_ok=True)
                args.perf.write_text(
                    json.dumps(perf_report(app, thinking_ms), indent=2) + "\n", encoding="utf-8"
                )
        except (OSError, pygame.error) as exc:
            return _fail(
                f"the demo ran, but its output could not be written "
                f"({getattr(exc, 'strerror', None) or exc})"
            )
    finally:
        app.shutdown()
    return 0
