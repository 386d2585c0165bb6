"""PyInstaller's entry script for the packaged Swoop app (see installer.spec).

PyInstaller needs a plain script, not the package's ``__main__``; this one
only hands the command line to the game.
"""

import sys

from swoop_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
