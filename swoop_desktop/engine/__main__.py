"""``python -m swoop_desktop.engine``: the engine command line."""

import sys

from .cli import main

sys.exit(main())
