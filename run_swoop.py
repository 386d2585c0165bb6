"""PyInstaller's entry script for the packaged Swoop app (see installer.spec).

PyInstaller needs a plain script, not the package's ``__main__``; this one
only quiets pygame's greeting, lets a thinking worker process start
(``multiprocessing.freeze_support``) and hands the command line to the game.
"""

import multiprocessing
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from swoop_desktop.__main__ import main  # noqa: E402

if __name__ == "__main__":
    # First thing: in the packaged app a thinking worker process starts this same
    # program, and freeze_support makes it the worker instead of a second game.
    multiprocessing.freeze_support()
    sys.exit(main())
