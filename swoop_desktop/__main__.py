"""Entry point of the game (``swoop`` / ``python -m swoop_desktop``)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from swoop_desktop.ui.app import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
