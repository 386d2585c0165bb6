"""Where Swoop keeps its files: platformdirs folders, ``SWOOP_HOME``, or ``--data-dir``.

Order of precedence: an explicit folder (the ``--data-dir`` flag) puts
everything in that one folder; otherwise the ``SWOOP_HOME`` environment
variable does the same; otherwise the platform's user data folder holds
saves and the history, and its user config folder holds settings and the
player's own ``opponents.yaml``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "Swoop"


@dataclass(frozen=True)
class Dirs:
    """The two folders Swoop writes to (created on demand by :func:`resolve_dirs`)."""

    data: Path
    config: Path

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"

    @property
    def opponents_file(self) -> Path:
        """The player's own opponents file (overrides the shipped config/opponents.yaml)."""
        return self.config / "opponents.yaml"

    @property
    def game_file(self) -> Path:
        return self.data / "game.json"

    @property
    def history_file(self) -> Path:
        return self.data / "history.json"


def resolve_dirs(data_dir: str | Path | None = None) -> Dirs:
    """The folders to use, created if missing (see the module docstring for the order)."""
    if data_dir is not None and str(data_dir) != "":
        root = Path(data_dir).expanduser()
        dirs = Dirs(data=root, config=root)
    elif os.environ.get("SWOOP_HOME"):
        root = Path(os.environ["SWOOP_HOME"]).expanduser()
        dirs = Dirs(data=root, config=root)
    else:
        dirs = Dirs(data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
                    config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))
    for folder in {dirs.data, dirs.config}:
        folder.mkdir(parents=True, exist_ok=True)
    return dirs
