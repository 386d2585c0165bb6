"""`make run` / `make test` on a machine without venv or pip say what to install.

Debian and Ubuntu ship Python's venv module (with ensurepip) apart, as
python3-venv: without it `python3 -m venv` fails half-way, leaving a .venv
with no pip. The Makefile is run here in a scratch folder with PYTHON set to
a wrapper that behaves like such a Python.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APT_HINT = "sudo apt install python3-venv"

pytestmark = pytest.mark.skipif(
    shutil.which("make") is None or sys.platform == "win32", reason="needs make and a POSIX shell"
)


def scratch_checkout(tmp_path: Path) -> Path:
    work = tmp_path / "swoop"
    (work / "requirements").mkdir(parents=True)
    shutil.copy(ROOT / "Makefile", work / "Makefile")
    shutil.copy(ROOT / "pyproject.toml", work / "pyproject.toml")
    shutil.copy(ROOT / "requirements" / "dev.txt", work / "requirements" / "dev.txt")
    return work


def fake_python(tmp_path: Path, venv_step: str) -> Path:
    """A python3 whose ``-m venv DIR`` runs ``venv_step`` instead; anything else is the real one."""
    path = tmp_path / "fake-python3"
    path.write_text(
        f"""#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
    dir="$3"
    {venv_step}
fi
exec "{sys.executable}" "$@"
""",
        encoding="utf-8",
    )
    path.chmod(0o755)
    return path


def run_make(work: Path, python: Path | str, target: str = "run") -> subprocess.CompletedProcess:
    return subprocess.run(
        ["make", "--no-print-directory", target, f"PYTHON={python}"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_missing_venv_module_names_the_package_to_install(tmp_path):
    work = scratch_checkout(tmp_path)
    # What Debian's python3 does without python3-venv: a half-made folder, then an error.
    python = fake_python(
        tmp_path,
        'mkdir -p "$dir/bin"; ln -s "$(command -v true)" "$dir/bin/python"; '
        'echo "The virtual environment was not created successfully '
        'because ensurepip is not available." >&2; exit 1',
    )
    for target in ("run", "test"):
        done = run_make(work, python, target)
        assert done.returncode != 0
        assert APT_HINT in done.stderr, done.stderr
        assert not (work / ".venv").exists(), "a half-made .venv was left behind"


def test_a_venv_without_pip_names_the_package_to_install(tmp_path):
    work = scratch_checkout(tmp_path)
    python = fake_python(tmp_path, f'exec "{sys.executable}" -m venv --without-pip "$dir"')
    done = run_make(work, python)
    assert done.returncode != 0
    assert APT_HINT in done.stderr, done.stderr
    assert not (work / ".venv").exists()


def test_a_missing_python_is_named(tmp_path):
    work = scratch_checkout(tmp_path)
    done = run_make(work, tmp_path / "no-such-python3")
    assert done.returncode != 0
    assert "is missing or older than Python 3.11" in done.stderr, done.stderr
    assert not (work / ".venv").exists()
