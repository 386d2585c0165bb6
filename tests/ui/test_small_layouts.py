"""Small layouts that hold at 1920x1080, 960x600 and 800x600: the pause panel's line about
the daily deal inside its panel, Settings measured again when a level's note grows, a
puzzle's plays shown whole on their buttons, the window's saved place kept on the
display, and the still title gone from over the game behind it 1.5 s after it starts."""

from __future__ import annotations

import pytest

from swoop_desktop.engine import Match, Rules
from swoop_desktop.storage import load_settings, resolve_dirs, save_settings
from swoop_desktop.ui import app as app_module
from swoop_desktop.ui.app import MIN_SIZE, TASKBAR, TITLE_BAR, window_place
from swoop_desktop.ui.controls import Choice, Option, font
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.overlays import PauseScene
from swoop_desktop.ui.scenes.puzzles import SMALLEST_PX, PuzzleScene
from swoop_desktop.ui.table.drivers import TableConfig
from tests.ui.overlap import layout, mark_words, overlaps

SIZES = [(1920, 1080), (960, 600), (800, 600)]


@pytest.mark.parametrize("size", SIZES)
def test_the_pause_panels_line_about_the_daily_deal_stays_inside_the_panel(
    tmp_path, size, monkeypatch
):
    mark_words(monkeypatch)
    config = TableConfig(
        saves=False,
        caption="Daily deal, played again (not counted): 30 September 2026",
        title="Daily deal",
        overlays=False,
        review=False,
        scores=False,
    )
    with Pilot(size=size, data_dir=tmp_path, start="title") as p:
        p.resize(size)
        p.app.open("table", config, match=Match(Rules.from_preset("app"), 4, 3))
        p.step(3)
        pause = p.app.open("pause", p.app.table)
        assert isinstance(pause, PauseScene)
        p.step(2)
        pause.refresh()  # composed again, as words (not the kept picture of them)
        words, buttons = layout(p)
        panel = pause.panel_rect()
        lines = pause._note_lines(panel.width)
        note = [(t, r) for t, r in words if t in lines]
        assert note, "the line is drawn"
        for text, rect in note:
            assert panel.contains(rect), (text, rect, panel, size)
        assert not overlaps(note, buttons), size
        assert p.app.screen.get_rect().contains(panel)


@pytest.mark.parametrize("size", SIZES)
def test_settings_rows_keep_the_lines_of_a_levels_longest_note_whichever_is_shown(tmp_path, size):
    with Pilot(size=size, data_dir=tmp_path, start="title") as p:
        p.resize(size)
        p.app.open("settings")
        p.step()
        scene = p.top
        theme = p.app.theme
        row = scene.rows["level1"]
        assert isinstance(row, Choice)
        # One level's note as long as a translation or a larger font can make it.
        before = row.rect.height
        long = row.options[1]
        row.options[1] = Option(long.value, long.text, f"{long.help} " * 4)
        heights = set()
        for option in row.options[:4]:
            row.set_value(option.value, notify=True)  # as a click on the choice does
            p.step()
            widgets = [w for w in scene.panel.widgets if w.visible]
            heights.add(row.rect.height)
            for w, below in zip(widgets, widgets[1:], strict=False):
                assert w.rect.height == w.height_for(w.rect.width, theme), (option.value, size)
                assert below.rect.top >= w.rect.bottom, (option.value, w, below, size)
        # The row is as tall as its longest note whichever note it shows, so no row
        # moves under the pointer as the level changes; and it grew for the long one.
        assert len(heights) == 1, heights
        assert heights.pop() > before, "the long note takes more lines"


@pytest.mark.parametrize("size", SIZES)
def test_a_puzzles_plays_are_shown_whole_on_their_buttons(tmp_path, size):
    from tests.referee.test_puzzles import WORLDS, reviewed

    reviewed(tmp_path)
    with Pilot(size=size, data_dir=tmp_path, start="title") as p:
        p.resize(size)
        scene = PuzzleScene(p.app, worlds=WORLDS)
        p.app.push(scene)
        p.step(2)
        assert scene.choices
        action = scene.choices[0][1]
        scene.choices = [
            ("played an ace from your face-up stack 2", action),
            ("kept your cards (Done)", action),
            *scene.choices[:3],
        ]
        scene._layout()
        for button in scene.choice_btns:
            px = button.size
            assert px is not None and px >= SMALLEST_PX
            width = font(p.app.theme, px, True).size(button.label)[0]
            assert width <= button.rect.width - 16, (button.label, size)


def test_the_windows_saved_place_is_kept_on_the_display():
    # The place that put Quit below a 1280x720 screen: moved up, its size kept.
    assert window_place((960, 600), (320, 180), [(1280, 720)]) == (
        (960, 600),
        (320, 720 - TASKBAR - 600),
    )
    # A saved size larger than the display: no larger than what it can show.
    size, pos = window_place((1900, 1200), (0, 0), [(1366, 768)])
    assert size == (1366, 768 - TITLE_BAR - TASKBAR) and pos == (0, TITLE_BAR)
    # Off to the right of the only display, or above it: brought back on.
    assert window_place((1000, 640), (5000, -300), [(1920, 1080)])[1] == (920, TITLE_BAR)
    # A second display to the right keeps a window placed there.
    assert window_place((1000, 640), (2200, 100), [(1920, 1080), (1920, 1080)])[1] == (
        2200,
        100,
    )
    # Never below the window's least size, and no place saved: the desktop places it.
    assert window_place((1280, 720), None, [(1024, 600)]) == ((1024, MIN_SIZE[1]), None)
    assert window_place((1280, 720), (10, 10), []) == ((1280, 720), (10, 10))


def test_the_window_reopens_with_quit_on_the_screen(tmp_path, monkeypatch):
    dirs = resolve_dirs(tmp_path)
    settings, _ = load_settings(dirs)
    save_settings(dirs, type(settings)(window_size=(960, 600), window_pos=(320, 180)))
    monkeypatch.setenv("SDL_VIDEO_WINDOW_POS", "")  # undone after the test,
    monkeypatch.delenv("SDL_VIDEO_WINDOW_POS")  # with the place the App sets
    monkeypatch.setattr(app_module, "_desktop_sizes", lambda: [(1280, 720)])
    app = app_module.App(size=None, data_dir=str(tmp_path), start="none")
    try:
        x, y = (int(v) for v in app_module.os.environ["SDL_VIDEO_WINDOW_POS"].split(","))
        assert (x, y) == (320, 720 - TASKBAR - 600)
        assert y + app.size[1] <= 720 - TASKBAR, "the buttons at the window's foot show"
    finally:
        app.shutdown()


def test_the_still_title_is_gone_from_over_the_game_behind_it_on_the_wall_clock(tmp_path):
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as p:
        title = p.top
        watch = title.watch
        wall = [0.0]
        watch.clock = lambda: wall[0]  # a real window's clock
        watch.quiet = 0.0
        # Resting, the title wakes four times a second and gets a tenth of a second each.
        while not watch.running:
            wall[0] += 0.25
            p.app.step(0.1)
            assert wall[0] <= 2.5 + 0.25, "the game behind the title starts on time"
        started = wall[0]
        # Slow first frames of the game (half a second each, a tenth handed on).
        while watch.fade > 0:
            wall[0] += 0.5
            p.app.step(0.1)
            assert wall[0] - started <= 1.5 + 0.5, "the still title has faded out"
        p.app.step(0.1)
        assert title._background is None, "nothing of the still picture is drawn"
