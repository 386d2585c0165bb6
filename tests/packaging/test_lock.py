"""The lock files agree with pyproject.toml: every dependency pinned, hashed, inside its range.

A dependency added to pyproject.toml without ``make lock`` would be missing
from the hashed install that ``make test`` and the builds use; this says so.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)(\s*;\s*([^\\]+?))?\s*\\?$")


def pins(lock: Path) -> dict[str, tuple[str, int]]:
    """name -> (version, number of hashes) for each pinned line of a lock file."""
    out: dict[str, tuple[str, int]] = {}
    name = None
    for line in lock.read_text(encoding="utf-8").splitlines():
        match = PIN.match(line)
        if match:
            name = canonicalize_name(match.group(1))
            out[name] = (match.group(2), 0)
        elif name and line.strip().startswith("--hash=sha256:"):
            version, count = out[name]
            out[name] = (version, count + 1)
        elif not line.startswith(" "):
            name = None
    return out


def wanted(extras: tuple[str, ...]) -> list[Requirement]:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        project = tomllib.load(fh)["project"]
    reqs = list(project["dependencies"])
    for extra in extras:
        reqs += project["optional-dependencies"][extra]
    return [Requirement(r) for r in reqs]


@pytest.mark.parametrize(
    ("lock", "extras"),
    [("requirements/dev.txt", ("dev",)), ("requirements/app.txt", ("dev", "app"))],
)
def test_every_dependency_is_pinned_with_hashes_inside_its_range(lock, extras):
    pinned = pins(ROOT / lock)
    assert pinned, f"{lock} pins nothing"
    for req in wanted(extras):
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req.name} is in pyproject.toml but not in {lock}: run make lock"
        version, hashes = pinned[name]
        assert req.specifier.contains(version, prereleases=True), (
            f"{lock} pins {req.name}=={version}, outside pyproject's {req.specifier}: run make lock"
        )
    assert all(count > 0 for _version, count in pinned.values()), f"{lock} has unhashed pins"


def test_the_app_lock_pins_what_the_dev_lock_pins_the_same_way():
    dev = pins(ROOT / "requirements/dev.txt")
    app = pins(ROOT / "requirements/app.txt")
    assert {name: v for name, (v, _n) in dev.items()} == {
        name: app[name][0] for name in dev if name in app
    }
    assert set(dev) <= set(app)


def test_the_check_notices_a_dependency_missing_from_the_lock(tmp_path):
    lock = tmp_path / "dev.txt"
    lock.write_text(
        "pyyaml==6.0.4 \\\n    --hash=sha256:" + "0" * 64 + "\n    # via swoop-desktop\n",
        encoding="utf-8",
    )
    assert pins(lock) == {"pyyaml": ("6.0.4", 1)}
    assert "pygame-ce" not in pins(lock)
