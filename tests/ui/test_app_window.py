"""The App around the table: title first, AI pace, full screen, window memory, sound settings,
the window's name and Ctrl-C in the terminal."""

from __future__ import annotations

import dataclasses
import os

import pygame

from swoop_desktop import __main__ as entry
from swoop_desktop.engine import Rules
from swoop_desktop.storage import load_settings, resolve_dirs
from swoop_desktop.ui.pilot import Pilot


def test_the_game_starts_on_the_title_and_new_game_opens_the_table(tmp_path):
    with Pilot(data_dir=tmp_path, start="auto") as p:
        assert p.top.name == "title"
        p.app.new_game()
        assert p.top.name == "table"
        assert p.app.stack.scenes[0].name == "title"
        p.press(pygame.K_ESCAPE)
        assert p.top.name == "pause"


def test_ai_pace_wait_for_my_click(tmp_path):
    with Pilot(data_dir=tmp_path, seed=8, start="table", pace="click") as p:
        table = p.table
        p.until(lambda: table.model.wait_click, 30)
        assert table.model.wait_click
        plays = sum(len(h) for h in table.match.actions)
        p.advance(3.0)  # nothing happens while the table waits for the player
        assert sum(len(h) for h in table.match.actions) == plays
        assert "click or press Space" in table.drawing.hud.status()
        p.press(pygame.K_SPACE)
        assert not table.model.wait_click
        p.until(
            lambda: sum(len(h) for h in table.match.actions) > plays or table.state.to_move == 0, 10
        )
        assert sum(len(h) for h in table.match.actions) > plays or table.state.to_move == 0


def test_f11_switches_full_screen_and_remembers_it(tmp_path):
    with Pilot(data_dir=tmp_path, start="table") as p:
        p.press(pygame.K_F11)
        assert p.app.fullscreen
        assert load_settings(resolve_dirs(tmp_path))[0].fullscreen
        p.press(pygame.K_F11)
        assert not p.app.fullscreen


def test_window_size_is_remembered(tmp_path):
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="table") as p:
        p.resize((1100, 700))
        assert p.app.size == (1100, 700)
    settings, _ = load_settings(resolve_dirs(tmp_path))
    assert tuple(settings.window_size) == (1100, 700)


def test_volume_and_mute_follow_the_settings(tmp_path):
    with Pilot(data_dir=tmp_path, start="table") as p:
        app = p.app
        app.settings = dataclasses.replace(app.settings, volume=0.25, muted=True)
        app.save_settings()
        assert app.sound.volume == 25 and app.sound.muted
        app.sound.play("place")
        assert app.sound.played[-1] == "place"


def test_a_swoop_plays_its_sound_and_banner(tmp_path):
    with Pilot(data_dir=tmp_path, seed=12, start="table", speed="normal") as p:
        table = p.table
        seen = False

        def swooped() -> bool:
            return bool(table.model.banner) and table.model.banner[0] == "Swoop!"

        def your_turn() -> bool:
            return table.idle and table.state.to_move == 0 and not table.state.is_over

        def something_to_see_or_do() -> bool:  # looked at after each frame
            return swooped() or p.top is not table or your_turn()

        for _ in range(6000):
            # The frames up to the banner, a panel or your turn: one stretch, each looked at.
            p.until(something_to_see_or_do, 10)
            if swooped():
                seen = True
                break
            if p.top.name == "hand_over":
                p.top.next_hand()
            if your_turn():
                if table.state.phase_name in ("follow", "chain"):
                    p.press(pygame.K_d)
                else:
                    p.press(pygame.K_HOME)
                    p.press(pygame.K_UP)  # choose it (F flips a mystery card)
                    p.press(pygame.K_RETURN if table.model.selected else pygame.K_f)
        assert seen
        assert "swoop" in p.app.sound.played


def test_a_finished_game_is_recorded_and_its_save_cleared(tmp_path):
    from swoop_desktop.engine import Rules
    from swoop_desktop.progress import load_history
    from swoop_desktop.storage import has_saved_game

    rules = Rules.from_preset("app", target=50)
    with Pilot(data_dir=tmp_path, seed=21, start="table", rules=rules) as p:
        table = p.table

        def something_to_do() -> bool:  # a panel, or your turn: the frames before, one stretch
            return p.top.name != "table" or (table.idle and table.state.to_move == 0)

        for _ in range(20000):
            top = p.top
            if top.name == "game_over":
                break
            if top.name == "hand_over":
                p.advance(0.7)  # the breakdown is read, then Enter pressed for it
                p.press(pygame.K_RETURN)
                continue
            if not table.idle or table.state.to_move != 0:
                p.until(something_to_do, 10)
                continue
            if table.state.phase_name in ("follow", "chain"):
                p.press(pygame.K_d)
            else:
                p.press(pygame.K_HOME)
                p.press(pygame.K_UP)  # choose it (F flips a mystery card)
                p.press(pygame.K_RETURN if table.model.selected else pygame.K_f)
        assert p.top.name == "game_over"
        table.flow.saver.flush()
        games, _ = load_history(resolve_dirs(tmp_path))
        assert len(games) == 1 and games[0].totals == table.match.totals
        assert not has_saved_game(resolve_dirs(tmp_path))
        p.click(p.top.buttons[0].rect.center)  # New game
        assert p.top.name == "table" and p.table is not table


def test_a_rule_changed_in_settings_applies_to_the_next_game(tmp_path):
    with Pilot(data_dir=tmp_path, seed=3, start="table") as p:
        first = p.table
        assert first.match.rules.target == 300
        p.app.update_settings(rules=Rules.from_preset("classic", max_four=False))
        assert p.table.match.rules.target == 300  # the game in progress keeps its rules
        p.app.new_game()
        rules = p.table.match.rules
        assert p.table is not first
        assert (rules.preset, rules.target, rules.max_four) == ("classic", 500, False)


def test_opponent_levels_from_settings_override_the_yaml(tmp_path):
    from swoop_desktop.storage import Settings, save_settings

    save_settings(resolve_dirs(tmp_path), Settings(opponents={2: {"level": "hard"}}))
    # The seats are read while the deal is still being shown, before the hard bot thinks:
    # no search left running after the test.
    with Pilot(data_dir=tmp_path, start="table", speed="slow") as p:
        seats = p.table.seats
        assert [s.name for s in seats][0] == "You" and seats[0].is_human
        assert seats[2].level == "hard" and p.table.flow.drivers[2].bot.level == "hard"
        from swoop_desktop.ai import load_opponents

        shipped, _ = load_opponents(None)
        assert seats[1].level == shipped[0].level and seats[3].level == shipped[2].level
        assert [s.name for s in seats[1:]] == [c.name for c in shipped[:3]]  # a table of four


def test_the_frame_rate_drops_while_the_table_waits_for_you(tmp_path):
    import time as _time

    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        p.advance(9.0)  # the turn pulse and every message fade; the table waits for you
        p.app.last_input = _time.perf_counter() - 5
        assert p.table.model.toast is None and p.app.toast is None
        assert not p.table.animating
        assert p.app.frame_rate == 15
        p.press(pygame.K_RIGHT)
        assert p.app.frame_rate == 60


def test_the_window_is_named_swoop_for_a_linux_dock(tmp_path):
    # The dock's name is not seen headless: the window class SDL sets for X11 is read instead.
    with Pilot(data_dir=tmp_path, start="title"):
        assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "Swoop"
        assert pygame.display.get_caption()[0] == "Swoop"


def test_ctrl_c_in_the_terminal_stops_without_a_traceback(monkeypatch, capsys):
    def interrupted(argv):
        raise KeyboardInterrupt

    monkeypatch.setattr("swoop_desktop.cli.run", interrupted)
    assert entry.main([]) == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err and "stopped" in err
