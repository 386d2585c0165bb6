"""Where the shipped files (``assets/``, ``config/``) are, from source or frozen.

From a source checkout they sit beside the package; inside a PyInstaller
build they are unpacked under ``sys._MEIPASS``. Never relative to the
working directory.
"""

from __future__ import annotations

import sys
from pathlib import Path


def app_root() -> Path:
    """The folder that holds ``assets/`` and ``config/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def resource_path(relative: str) -> Path:
    """``resource_path("config/opponents.yaml")`` -> the shipped file's absolute path."""
    return app_root() / relative
