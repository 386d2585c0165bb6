"""Entry point of the game (``swoop`` / ``python -m swoop_desktop``).

The moment this module is first run is kept as the process's start (for
``--perf``'s ``startup_ms`` where ``/proc`` cannot tell it), then the command
line goes to :func:`swoop_desktop.cli.run`.
"""

from __future__ import annotations

import time

STARTED_AT = time.time()

import os  # noqa: E402
import sys  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the game (or the demo, or the self-test) and return the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from swoop_desktop.cli import run

    try:
        return run(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:
        # Ctrl-C in the terminal: the game was saved as the window closed; no traceback.
        print("swoop: stopped (Ctrl-C)", file=sys.stderr)
        return 130


if __name__ == "__main__":
    # A frozen build's thinking workers start this program again: let them be workers.
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
