"""Size of the packaged app and its start-to-first-frame time (prints figures, never judges).

    python benchmarks/app_startup.py [--app build/dist/Swoop] [--runs 7] [--source] [--onefile]
                                     [--deb build/swoop_VERSION_ARCH.deb]

Size: every file in the one-folder build (symlinks counted once, as links),
and the biggest entries in it. Start-up: the app is launched ``--runs``
times as ``Swoop --demo --frames 1 --perf FILE`` (headless unless
SDL_VIDEODRIVER is set) and the ``startup_ms`` it reports (process start to
first frame shown) is summarized, with the wall-clock time of the whole
launch (start, one frame, quit) beside it. ``--source`` measures
``python -m swoop_desktop`` the same way, for comparison; ``--onefile`` the
single-file build (``SWOOP_ONEFILE=1``, see README); ``--deb`` the Linux
package: its size, its Installed-Size, and the app as the package installs it
(extracted with ``dpkg-deb -x`` into a temporary root: the same files that
``dpkg -i`` puts in /opt/swoop, without touching the system).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def folder_size(folder: Path) -> tuple[int, list[tuple[int, str]]]:
    """Total bytes under ``folder`` and the size of each top-level entry of ``_internal``."""
    total = 0
    per_entry: dict[str, int] = {}
    inner = folder / "_internal"
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(dirpath) / name
            size = path.lstat().st_size
            total += size
            if inner in path.parents:
                top = path.relative_to(inner).parts[0]
                per_entry[top] = per_entry.get(top, 0) + size
    biggest = sorted(((size, name) for name, size in per_entry.items()), reverse=True)
    return total, biggest


def launch(command: list[str], workdir: Path) -> tuple[float, float]:
    """(startup_ms reported by the app, wall-clock ms of the whole launch)."""
    perf = workdir / "perf.json"
    perf.unlink(missing_ok=True)
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    start = time.perf_counter()
    subprocess.run(
        command
        + ["--demo", "--frames", "1", "--perf", str(perf), "--data-dir", str(workdir / "data")],
        cwd=workdir,
        env=env,
        check=True,
        capture_output=True,
        timeout=60,
    )
    wall = (time.perf_counter() - start) * 1000
    return float(json.loads(perf.read_text(encoding="utf-8"))["startup_ms"]), wall


def summarize(label: str, command: list[str], runs: int) -> None:
    with tempfile.TemporaryDirectory(prefix="swoop-bench-") as tmp:
        launch(command, Path(tmp))  # warm the file cache; not counted
        results = [launch(command, Path(tmp)) for _ in range(runs)]
    first = sorted(r[0] for r in results)
    wall = sorted(r[1] for r in results)
    print(
        f"{label}: start to first frame  median {statistics.median(first):.0f} ms  "
        f"min {first[0]:.0f}  max {first[-1]:.0f}  ({runs} runs)"
    )
    print(
        f"{label}: whole launch (start, 1 frame, quit)  median {statistics.median(wall):.0f} ms  "
        f"min {wall[0]:.0f}  max {wall[-1]:.0f}"
    )


def time_deb(deb: Path, runs: int) -> None:
    info = subprocess.run(
        ["dpkg-deb", "--field", str(deb), "Installed-Size"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    print(
        f".deb {deb}: {deb.stat().st_size / 1e6:.1f} MB, Installed-Size {int(info) / 1024:.1f} MiB"
    )
    with tempfile.TemporaryDirectory(prefix="swoop-deb-") as root:
        subprocess.run(["dpkg-deb", "-x", str(deb), root], check=True)
        summarize(".deb-installed", [str(Path(root) / "opt" / "swoop" / "Swoop")], runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--app",
        type=Path,
        default=ROOT / "build" / "dist" / "Swoop",
        help="the one-folder build (default build/dist/Swoop)",
    )
    parser.add_argument("--runs", type=int, default=7, help="launches to time (default 7)")
    parser.add_argument(
        "--source", action="store_true", help="also time python -m swoop_desktop from source"
    )
    parser.add_argument(
        "--onefile",
        type=Path,
        nargs="?",
        default=None,
        const=ROOT / "build" / "dist" / "Swoop-onefile",
        help="also time the one-file build (default build/dist/Swoop-onefile); "
        "its startup_ms starts after it has unpacked itself, so read "
        "its whole-launch time",
    )
    parser.add_argument(
        "--deb",
        type=Path,
        default=None,
        help="also time the app inside this .deb (extracted, not installed)",
    )
    args = parser.parse_args(argv)
    exe = args.app / ("Swoop.exe" if sys.platform == "win32" else "Swoop")
    if not exe.is_file():
        print(f"no packaged app at {exe}: build it with `make app` first", file=sys.stderr)
        return 2
    total, biggest = folder_size(args.app)
    print(f"one-folder app {args.app}: {total / 1e6:.1f} MB ({total / 2**20:.1f} MiB)")
    for size, name in biggest[:8]:
        print(f"  {size / 1e6:6.1f} MB  {name}")
    summarize("packaged", [str(exe)], args.runs)
    if args.onefile is not None:
        onefile = args.onefile.with_suffix(".exe") if sys.platform == "win32" else args.onefile
        print(f"one-file app {onefile}: {onefile.stat().st_size / 1e6:.1f} MB")
        summarize("one-file", [str(onefile)], args.runs)
    if args.deb is not None:
        time_deb(args.deb, args.runs)
    if args.source:
        summarize("source", [sys.executable, "-m", "swoop_desktop"], args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
