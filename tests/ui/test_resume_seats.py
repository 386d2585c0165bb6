"""A resumed game keeps the opponents it was started with, whatever the settings say now."""

from __future__ import annotations

import dataclasses
import json

import pygame

from swoop_desktop.storage import load_settings, resolve_dirs, save_settings
from swoop_desktop.ui.pilot import Pilot


def test_continue_keeps_the_opponents_the_game_started_with(tmp_path):
    data = tmp_path / "home"
    with Pilot(data_dir=data, seed=21, start="table") as pilot:
        assert pilot.wait_for_turn(60)
        before = [(s.name, s.level, s.personality) for s in pilot.table.seats]
    dirs = resolve_dirs(data)
    settings, _ = load_settings(dirs)
    save_settings(
        dirs,
        dataclasses.replace(
            settings, opponents={1: {"level": "easy"}, 2: {"level": "easy"}, 3: {"level": "easy"}}
        ),
    )
    with Pilot(data_dir=data, seed=22, start="title") as pilot:
        pilot.press(pygame.K_c)
        assert pilot.until(lambda: pilot.table is not None, 10)
        after = [(s.name, s.level, s.personality) for s in pilot.table.seats]
        assert after == before
        assert any(level != "easy" for _, level, _ in before[1:])
        # A new game takes today's settings.
        pilot.app.new_game()
        assert pilot.until(lambda: pilot.table is not None, 10)
        assert [s.level for s in pilot.table.seats[1:]] == ["easy"] * 3


def test_weights_from_the_users_opponents_yaml_reach_the_bot(tmp_path):
    data = tmp_path / "home"
    dirs = resolve_dirs(data)
    dirs.config.mkdir(parents=True, exist_ok=True)
    (dirs.config / "opponents.yaml").write_text(
        "version: 1\nseats:\n  left:\n    weights: {swoop_card: -7.5}\n", encoding="utf-8"
    )
    with Pilot(data_dir=data, seed=3, start="table") as pilot:
        left = pilot.table.flow.drivers[1].bot
        assert left.weights["swoop_card"] == -7.5
        top = pilot.table.flow.drivers[2].bot
        assert top.weights["swoop_card"] != -7.5


def test_continue_with_an_unknown_level_keeps_the_opponents_and_says_so(tmp_path):
    """One opponent's level that this version does not know (a file from a newer version,
    or edited by hand) changes that one level, said in plain words: the resumed game
    still seats the opponents it was saved with, not the ones in today's settings."""
    data = tmp_path / "home"
    with Pilot(data_dir=data, seed=31, start="table") as pilot:
        assert pilot.wait_for_turn(60)
        before = [(s.name, s.personality) for s in pilot.table.seats]
    dirs = resolve_dirs(data)
    settings, _ = load_settings(dirs)
    today = {s: {"name": f"New {s}", "level": "easy", "personality": "pyro"} for s in (1, 2, 3)}
    save_settings(dirs, dataclasses.replace(settings, opponents=today))
    body = json.loads(dirs.game_file.read_text(encoding="utf-8"))
    body["extra"]["seats"][2]["level"] = "grandmaster"
    dirs.game_file.write_text(json.dumps(body), encoding="utf-8")
    with Pilot(data_dir=data, seed=32, start="title") as pilot:
        assert pilot.app.continue_game() is not None
        told = pilot.app.toast[0] if pilot.app.toast else ""
        assert pilot.until(lambda: pilot.table is not None, 10)
        assert [(s.name, s.personality) for s in pilot.table.seats] == before
        assert pilot.table.seats[2].level == "normal"
        assert "grandmaster" in told and "normal level" in told, told
        assert pilot.wait_for_turn(60)  # and the game goes on
