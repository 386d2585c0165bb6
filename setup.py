"""The wheel's build compiles the translators' catalogues (``.po``) into the ``.mo`` files the game
reads, so an installed wheel speaks every language whose catalogue is in the repository. Everything
else about the package is in ``pyproject.toml``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithCatalogues(build_py):
    """``build_py`` that also compiles ``swoop_desktop/locale/*/LC_MESSAGES/swoop.po``."""

    def run(self) -> None:
        super().run()
        spec = importlib.util.spec_from_file_location(
            "catalogues", ROOT / "tools" / "catalogues.py"
        )
        assert spec is not None and spec.loader is not None
        catalogues = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(catalogues)
        out = Path(self.build_lib) / "swoop_desktop" / "locale"
        for line in catalogues.compile_all(ROOT, out):
            print(f"catalogue {line}")


setup(cmdclass={"build_py": BuildWithCatalogues})
