"""Where the shipped files (``assets/``, ``config/``) and the licence texts are.

The shipped files are package data inside ``swoop_desktop`` and are found with
:mod:`importlib.resources`, so they are there wherever the package is: a source
checkout, an installed wheel (``pip install``, pipx) or a PyInstaller build
(whose ``datas`` put them under ``swoop_desktop/`` in the bundle). Never
relative to the working directory.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from swoop_desktop import __version__
from swoop_desktop.i18n import _

PACKAGE = "swoop_desktop"


def app_root() -> Path:
    """The folder that holds ``assets/`` and ``config/``: the package's own folder."""
    root = resources.files(PACKAGE)
    if isinstance(root, Path):
        return root
    # A loader that does not hand out real folders (PyInstaller's frozen importer
    # or a zip): the files sit on disk beside the code all the same.
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / PACKAGE
    return Path(str(root))


def resource_path(relative: str) -> Path:
    """``resource_path("config/opponents.yaml")`` -> the shipped file's absolute path."""
    return app_root() / relative


def version() -> str:
    """The game's version, as ``swoop --version`` prints it."""
    return __version__


def licences_dir() -> Path | None:
    """The folder of third-party licence texts of a packaged app, or None (not bundled)."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen and (Path(frozen) / "licenses").is_dir():
        return Path(frozen) / "licenses"
    return None


def about_line() -> str:
    """One line for How to play: the version, the licence and where the licence texts are."""
    where = licences_dir()
    if where is not None:
        return _(
            "Swoop {version}, MIT licence; the licences of everything bundled with it are "
            "in {folder}."
        ).format(version=version(), folder=where)
    return _(
        "Swoop {version}, MIT licence; the licences of the libraries it uses come with them "
        "(the DejaVu fonts' licence is beside them in assets/fonts)."
    ).format(version=version())
