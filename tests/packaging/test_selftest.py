"""``Swoop --selftest``: passes on a good installation, names every broken part on one line."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from swoop_desktop import resources, selftest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "swoop_desktop"


@pytest.fixture
def install(tmp_path, monkeypatch):
    """A copy of the shipped files posing as the installed package's folder."""
    bundle = tmp_path / "bundle"
    shutil.copytree(PACKAGE / "assets", bundle / "assets")
    shutil.copytree(PACKAGE / "config", bundle / "config")
    monkeypatch.setattr(resources, "app_root", lambda: bundle)
    monkeypatch.setattr(selftest, "app_root", lambda: bundle)
    return bundle


@pytest.fixture
def no_demo(monkeypatch):
    """Skip starting the app (tested on its own) so the other checks are quick to exercise."""
    monkeypatch.setattr(selftest, "check_demo", lambda data_dir, seed, frames: [])


@pytest.fixture
def no_worker(monkeypatch):
    """Skip the worker process's round trip (tested on its own below, and in the real run
    from source) where the test is about the other checks."""
    monkeypatch.setattr(selftest, "check_thinking", lambda: [])


def problems_printed(capsys) -> list[str]:
    out = capsys.readouterr().out.splitlines()
    return [
        line.removeprefix("selftest: PROBLEM ")
        for line in out
        if line.startswith("selftest: PROBLEM ")
    ]


def test_selftest_passes_from_source(tmp_path):
    """The real thing: ``python -m swoop_desktop --selftest`` plays a demo and exits 0."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "swoop_desktop", "--selftest", "--data-dir", str(tmp_path / "d")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("selftest: ok (from source"), done.stdout
    assert " thinking " in done.stdout.splitlines()[-1], "a worker round trip was checked"
    # It only probed the folder it was given (the test files went in a temporary one).
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d"]
    assert list((tmp_path / "d").iterdir()) == []


def test_selftest_never_replaces_the_players_files(install, no_demo, no_worker, tmp_path):
    folder = tmp_path / "player"
    folder.mkdir()
    mine = {
        "settings.json": b'{"format": "swoop-settings", "version": 2, "volume": 0.1}',
        "settings.json.bak": b"the player's previous settings",
        "game.json": b"the player's game in progress",
        "game.json.bak": b"the player's previous save",
    }
    for name, data in mine.items():
        (folder / name).write_bytes(data)
    for _run in range(2):
        assert selftest.main(["--selftest", "--data-dir", str(folder)]) == 0
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == mine


def test_selftest_checks_pass_on_a_good_bundle(install, no_demo, no_worker, tmp_path, capsys):
    assert selftest.main(["--selftest", "--data-dir", str(tmp_path / "data")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("selftest: ok (from source, " + str(install))


def test_a_broken_yaml_file_is_named(install, no_demo, no_worker, tmp_path, capsys):
    (install / "config" / "opponents.yaml").write_text("seats: [left\n  top: {", encoding="utf-8")
    assert selftest.main(["--data-dir", str(tmp_path / "data")]) == 1
    lines = problems_printed(capsys)
    assert any(line.startswith("config: opponents.yaml cannot be read") for line in lines), lines
    assert all(line.startswith("config:") for line in lines), lines


def test_missing_shipped_folders_are_reported(install, no_demo, no_worker, tmp_path, capsys):
    shutil.rmtree(install / "assets")
    shutil.rmtree(install / "config")
    assert selftest.main(["--data-dir", str(tmp_path / "data")]) == 1
    lines = problems_printed(capsys)
    assert f"assets: the folder {install / 'assets'} is missing" in lines
    assert f"config: the folder {install / 'config'} is missing" in lines


def test_a_font_without_suit_signs_is_reported(install, no_demo, no_worker, tmp_path, capsys):
    import pygame

    default_font = Path(pygame.__file__).parent / "freesansbold.ttf"  # no suit glyphs
    shutil.copy(default_font, install / "assets" / "fonts" / "Plain.ttf")
    assert selftest.main(["--data-dir", str(tmp_path / "data")]) == 1
    (line,) = problems_printed(capsys)
    assert line.startswith("assets: font Plain.ttf has no glyph for")
    assert "\u2660" in line


def test_an_unusable_data_folder_is_reported(install, no_demo, no_worker, tmp_path, capsys):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    assert selftest.main(["--data-dir", str(blocker)]) == 1
    (line,) = problems_printed(capsys)
    assert line.startswith("storage: ")
    assert "not-a-folder" in line or "FileExistsError" in line or "NotADirectory" in line


def test_network_use_and_stray_files_are_reported(
    install, no_worker, tmp_path, monkeypatch, capsys
):
    def misbehaving_demo(data_dir, seed, frames):
        Path("left-behind.txt").write_text("relative to the working directory", encoding="utf-8")
        with socket.socket() as sock:
            sock.connect(("127.0.0.1", 9))
        return []

    monkeypatch.setattr(selftest, "check_demo", misbehaving_demo)
    assert selftest.main(["--data-dir", str(tmp_path / "data")]) == 1
    lines = problems_printed(capsys)
    assert any(line.startswith("demo: OSError: selftest: network connection") for line in lines)
    assert "files: wrote into the working directory: left-behind.txt" in lines
    assert "network: tried to connect to ('127.0.0.1', 9)" in lines
    # The guard is gone afterwards.
    assert socket.socket.connect is not None and "refuse" not in socket.socket.connect.__name__


def test_changing_a_shipped_file_is_reported(install, no_worker, tmp_path, monkeypatch, capsys):
    def overwriting_demo(data_dir, seed, frames):
        (install / "config" / "opponents.yaml").write_text("version: 1\n", encoding="utf-8")
        return []

    monkeypatch.setattr(selftest, "check_demo", overwriting_demo)
    assert selftest.main(["--data-dir", str(tmp_path / "data")]) == 1
    assert "files: changed the shipped files: config/opponents.yaml" in problems_printed(capsys)


def test_bad_arguments_are_refused(capsys):
    with pytest.raises(SystemExit) as exit_:
        selftest.main(["--frames", "0"])
    assert exit_.value.code == 2
    assert "--frames must be 1 or more, not 0" in capsys.readouterr().err


def test_demo_check_passes_and_reports_a_table_where_too_little_happens(tmp_path, monkeypatch):
    assert selftest.check_demo(tmp_path / "ok", seed=3, frames=60) == []
    monkeypatch.setattr(selftest, "MIN_PLAYS", 10_000)
    monkeypatch.setattr(selftest, "DEMO_TIME_LIMIT", 0.2)
    # One frame asked for, so a busy machine cannot add a "too few frames" line too.
    lines = selftest.check_demo(tmp_path / "slow", seed=3, frames=1)
    assert [ln for ln in lines if ln.startswith("demo: the AIs made ")] == lines
    assert len(lines) == 1 and "fewer than one round (10000)" in lines[0]


def test_the_thinking_check_sends_a_decision_to_a_worker_process_and_leaves_none():
    import multiprocessing

    assert selftest.check_thinking() == []
    assert not multiprocessing.active_children()


def test_the_thinking_check_says_when_no_worker_process_can_start(monkeypatch):
    import multiprocessing.context

    def refuse(self):
        raise OSError("no processes here")

    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", refuse)
    assert selftest.check_thinking() == [
        "thinking: no worker process could start (the AIs would think on threads)"
    ]


def test_the_packaged_entry_lets_a_worker_start_before_anything_else():
    """In a frozen build a worker process runs the entry script again: the first thing
    its main block does must be ``multiprocessing.freeze_support()``."""
    import ast

    for script in (ROOT / "run_swoop.py", PACKAGE / "__main__.py"):
        tree = ast.parse(script.read_text(encoding="utf-8"))
        (main,) = [
            node
            for node in tree.body
            if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)
        ]
        calls = [ast.unparse(n.value) for n in main.body if isinstance(n, ast.Expr)]
        assert calls and calls[0] == "multiprocessing.freeze_support()", script.name
