"""The wheel works away from the checkout: built, installed in a fresh venv, ``swoop --selftest``.

Marked ``release`` (it builds a wheel and a virtual environment and installs
pygame-ce into it, about half a minute with a warm pip cache): .ci/run runs it,
``make test`` does not.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(args: list, cwd: Path, timeout: int = 600) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PIP_DISABLE_PIP_VERSION_CHECK="1",
    )
    env.pop("PYTHONPATH", None)
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.release
def test_the_wheel_installs_in_a_fresh_venv_and_passes_its_selftest(tmp_path):
    with open(ROOT / "pyproject.toml", "rb") as fh:
        version = tomllib.load(fh)["project"]["version"]
    dist = tmp_path / "dist"
    done = run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dist, ROOT],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    (wheel,) = dist.glob("swoop_desktop-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for shipped in (
        "swoop_desktop/assets/icon.png",
        "swoop_desktop/assets/fonts/DejaVuSans.ttf",
        "swoop_desktop/assets/fonts/DejaVuSans-Bold.ttf",
        "swoop_desktop/assets/fonts/LICENSE-DejaVu.txt",
        "swoop_desktop/config/opponents.yaml",
        f"swoop_desktop-{version}.dist-info/licenses/LICENSE",
    ):
        assert shipped in names, f"{shipped} is not in {wheel.name}"
    metadata = zipfile.ZipFile(wheel).read(f"swoop_desktop-{version}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata

    venv = tmp_path / "venv"  # outside the checkout, which is not on its path
    assert run([sys.executable, "-m", "venv", venv], cwd=tmp_path).returncode == 0
    bin_ = venv / ("Scripts" if os.name == "nt" else "bin")
    done = run([bin_ / "python", "-m", "pip", "install", "--quiet", wheel], cwd=tmp_path)
    assert done.returncode == 0, done.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = run([bin_ / "swoop", "--version"], cwd=elsewhere)
    assert (done.returncode, done.stdout.strip()) == (0, f"swoop {version}"), done.stderr
    done = run(
        [bin_ / "swoop", "--selftest", "--data-dir", tmp_path / "data"], cwd=elsewhere, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.splitlines()[-1]
    assert last.startswith("selftest: ok (") and str(venv) in last, last  # the installed copy
    done = run([bin_ / "swoop-engine", "deal", "--seed", "7"], cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)
    assert sorted(p.name for p in elsewhere.iterdir()) == []
