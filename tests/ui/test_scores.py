"""The Scores screen: score sheet, chart, past games, statistics and reset behind a question."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pygame
import pytest

from swoop_desktop.engine import Match, Rules
from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.storage import resolve_dirs
from swoop_desktop.storage.seats import Seat
from swoop_desktop.ui.keys import KeyPresses
from swoop_desktop.ui.results import Result
from swoop_desktop.ui.scene import SceneStack
from swoop_desktop.ui.scenes import replay, scores
from swoop_desktop.ui.scenes.scores import ScoresScene
from swoop_desktop.ui.scenes.sheet import chart_points, result_words, running_totals, seat_names
from swoop_desktop.ui.theme import Theme
from tests.storage.helpers import finished_match, step

SIZE = (1280, 720)


class FakeApp:
    """Just what a scene uses of the App: stack, push/pop, theme, size, dirs."""

    def __init__(self, size=SIZE):
        pygame.init()
        self.size = size
        self.screen = pygame.Surface(size)
        self.stack = SceneStack()
        self.theme = Theme()
        self.dirs = resolve_dirs()
        self.replays = []
        self.keys = KeyPresses()
        from swoop_desktop.storage import Settings

        self.settings = Settings()

    @property
    def table(self):
        from swoop_desktop.ui.scenes.table import TableScene

        return next((s for s in reversed(self.stack.scenes) if isinstance(s, TableScene)), None)

    def push(self, scene):
        return self.stack.push(scene)

    def pop(self, value=None):
        return self.stack.pop(value)

    def build_screen(self, name, *args, **options):
        from swoop_desktop.ui.screens import make_screen

        return make_screen(self, name, *args, **options)

    def open(self, name, *args, **options):
        return self.push(self.build_screen(name, *args, **options))

    def frame(self):
        self.stack.update(1 / 60)
        self.stack.draw(self.screen)


def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.handle(pygame.event.Event(kind, pos=pos, button=1))
    app.frame()


def _match_with_hands(hands: int, seed: int = 3) -> Match:
    match = Match(Rules.from_preset("app"), 4, seed)
    rng = random.Random(seed)
    while len(match.sheet) < hands and not match.over:
        step(match, rng)
    return match


def test_running_totals_start_at_zero_and_add_up():
    assert running_totals([[5, 0, 7, 2], [1, 3, 0, 4]], 4) == [
        [0, 5, 6],
        [0, 0, 3],
        [0, 7, 7],
        [0, 2, 6],
    ]


def test_r16_result_words():
    def rec(winner, totals, abandoned=False):
        return SimpleNamespace(winner=winner, totals=totals, abandoned=abandoned)

    assert result_words(rec(None, [40, 40, 90, 301]), ["You", "Left", "Top", "Right"]) == (
        "Tie: You and Left"
    )
    assert result_words(rec(0, [1, 2, 3, 4]), "ABCD") == "You won"
    assert result_words(rec(2, [9, 8, 1, 300]), "ABCD") == "C won"
    assert result_words(rec(None, [9, 8, 1, 30], abandoned=True), "ABCD") == "Abandoned"


def test_seat_names_from_seat_dicts():
    assert seat_names([{"name": "Me"}, {"level": "hard"}], 4) == ["Me", "Lefty", "Topper", "Righty"]


def test_chart_points_rise_with_totals_and_stay_in_the_plot():
    plot = pygame.Rect(100, 100, 400, 200)
    pts = chart_points([[0, 50, 120], [0, 0, 400]], plot, 300)
    assert pts[0][0] == (100, 300) and pts[0][-1][0] == 500
    assert pts[0][1][1] > pts[0][2][1]  # higher total, higher on screen
    assert pts[1][2][1] == plot.top  # clipped at the top of the plot


def test_this_game_tab_shows_sheet_and_chart_of_the_current_game():
    app = FakeApp()
    match = _match_with_hands(3)
    scene = app.push(ScoresScene(app, match=match, seats=[{"name": "Ann"}]))
    app.frame()
    assert scene.tab == "game"
    assert len(scene.last_chart) == 4 and all(len(p) == 4 for p in scene.last_chart)
    # the line of the player with the highest total ends highest
    worst = max(range(4), key=lambda p: match.totals[p])
    assert scene.last_chart[worst][-1][1] == min(p[-1][1] for p in scene.last_chart)


def test_past_games_listed_newest_first_and_selectable():
    app = FakeApp()
    for seed in (1, 2, 3):
        record_finished_game(app.dirs, finished_match(seed), [{"name": "You"}])
    scene = app.push(ScoresScene(app))
    app.frame()
    assert scene.tab == "history"
    listed = scene.record_of(scene.newest(0, scene.game_count))
    assert [r.seed for r in listed] == [3, 2, 1]
    assert len(scene.row_rects) == 3
    click(app, scene.row_rects[2][0].center)
    assert scene.selected_record().seed == 1
    assert len(scene.last_chart[0]) == len(scene.selected_record().sheet) + 1


def test_reset_statistics_only_after_confirmation():
    app = FakeApp()
    for seed in (1, 2):
        record_finished_game(app.dirs, finished_match(seed), [])
    scene = app.push(ScoresScene(app, tab="stats"))
    app.frame()
    assert scene.stats.games == 2
    click(app, scene.reset_button.rect.center)
    assert app.stack.top.name == "confirm"
    click(app, app.stack.top.no.rect.center)  # "Keep them"
    assert app.stack.top is scene and scene.stats.games == 2
    click(app, scene.reset_button.rect.center)
    click(app, app.stack.top.yes.rect.center)
    assert app.stack.top is scene and scene.stats.games == 0
    assert "backup of your progress from before is kept" in scene.notice
    assert len(load_history(app.dirs)[0]) == 2  # games still listed
    assert list(app.dirs.data.glob("backups/swoop-*.sqlite3"))


def test_escape_in_the_question_keeps_the_statistics():
    app = FakeApp()
    record_finished_game(app.dirs, finished_match(4), [])
    scene = app.push(ScoresScene(app, tab="stats"))
    app.frame()
    click(app, scene.reset_button.rect.center)
    app.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert app.stack.top is scene and scene.stats.games == 1


def test_tabs_by_click_and_keys_and_back():
    app = FakeApp()
    app.push(scores.Scene(app))
    scene = app.push(ScoresScene(app, match=_match_with_hands(1)))
    app.frame()
    click(app, scene.tab_buttons["stats"].rect.center)
    assert scene.tab == "stats"
    app.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0))
    assert scene.tab == "history"
    app.frame()
    click(app, scene.back_button.rect.center)
    assert app.stack.top is not scene


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_every_tab_draws_at_any_size(size):
    app = FakeApp(size)
    record_finished_game(app.dirs, finished_match(5), [])
    scene = app.push(ScoresScene(app, match=_match_with_hands(12, seed=8)))
    for tab in ("game", "history", "stats"):
        scene.set_tab(tab)
        app.frame()
        assert scene.tab == tab
        assert app.screen.get_rect().contains(scene.back_button.rect), (tab, size)
    scene.resize((640, 480))
    app.frame()
    assert pygame.Rect(0, 0, 640, 480).contains(scene.back_button.rect)


def test_damaged_history_message_is_shown():
    app = FakeApp()
    app.dirs.history_file.write_text("{broken")
    scene = app.push(ScoresScene(app))
    app.frame()
    assert scene.messages and "game history file was damaged" in scene.messages[0]


def test_chart_top_is_round_and_above_the_highest_total():
    from swoop_desktop.ui.scenes.sheet import chart_top

    assert chart_top(300) == 400 and chart_top(394) == 500 and chart_top(500) == 600
    assert all(chart_top(v) >= v and chart_top(v) % 4 == 0 for v in range(1, 6000, 37))


# ---------------------------------------------------------------------------
# Watch again: a replay on the table
# ---------------------------------------------------------------------------
class TableApp(FakeApp):
    """FakeApp plus what the table scene reads: settings, speeds, sound, notices."""

    def __init__(self, size=SIZE):
        super().__init__(size)
        from swoop_desktop.storage import Settings
        from swoop_desktop.ui.sound import Sound

        self.settings = Settings()
        self.anim_speed = "fast"
        self.ai_pace = "fast"
        self.sound = Sound(muted=True)
        self.notices = []
        self.tip_shown = True
        self.rules_override = None
        self.keeps_files = True
        self.fullscreen = False

    def notify(self, text):
        self.notices.append(text)

    def watch_replay(self, record, speed="normal"):
        return replay.start_replay(self, record, speed)


def _watch_to_the_end(app, table, limit=40_000):
    """Step the replay, pressing "next hand" on each hand summary, until the game is over."""
    for _ in range(limit):
        top = app.stack.top
        if top is not table:
            if table.match.over:
                return
            app.pop(Result.NEXT_HAND)
        app.stack.update(0.05)
    raise AssertionError("the replay did not finish")


def test_watch_again_replays_the_recorded_game_on_the_table():
    app = TableApp()
    match = finished_match(21, Rules.from_preset("app", target=60))
    record_finished_game(app.dirs, match, [{"name": "You"}, {"name": "Lefty", "level": "easy"}])
    scene = app.push(ScoresScene(app, tab="history"))
    app.frame()
    click(app, scene.speed.rect.move(-4, 0).midright)  # "Fast"
    assert scene.replay_speed == "fast"
    click(app, scene.watch_button.rect.center)
    table = app.stack.top
    assert table.name == "table" and table.config.controls.speed == "fast"
    assert table.seat_name(1) == "Lefty"
    _watch_to_the_end(app, table)
    assert table.match.totals == match.totals and table.match.sheet == match.sheet
    assert table.match.actions == match.actions
    assert table.presenter.mismatches == 0  # the picture followed the engine all the way
    # The deciding hand's breakdown comes first, then the whole game.
    assert app.stack.top.__class__.__name__ == "HandOverScene"
    app.stack.top.next_hand()
    assert app.stack.top.__class__.__name__ == "GameOverScene"
    assert len(load_history(app.dirs)[0]) == 1  # watching records nothing
    app.frame()


def test_replay_ignores_card_clicks_and_keys():
    app = TableApp()
    record_finished_game(app.dirs, finished_match(22), [])
    record = load_history(app.dirs)[0][0]
    table = replay.start_replay(app, record, "fast")
    for _ in range(200):
        app.stack.update(0.05)
    plays, view = table.model.plays, table.model.view.all_ids()
    for x in range(40, SIZE[0], 120):  # over your hand: no frame runs, so only input counts
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.stack.handle(pygame.event.Event(kind, pos=(x, SIZE[1] - 60), button=1))
    app.stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0))
    assert (
        table.model.plays == plays and app.stack.top is table and table.model.view.all_ids() == view
    )
    assert not table.model.selected
    # A replay offers its own controls, never a card play or a hint.
    labels = {b.label.split(" ")[0] for b in table.model.buttons}
    assert labels <= {"Menu", "Scores", "Pause", "Resume", "Next", "Speed"}


def test_damaged_record_cannot_be_watched_and_says_why():
    app = TableApp()
    record_finished_game(app.dirs, finished_match(23), [])
    record = load_history(app.dirs)[0][0]
    broken = record.__class__(**{**record.__dict__, "actions": ["f0 f0 f0"]})
    with pytest.raises(replay.ReplayError, match="cannot be watched again"):
        replay.start_replay(app, broken)
    scene = app.push(ScoresScene(app, tab="history"))
    scene.selected_record = lambda: broken  # type: ignore[method-assign]
    scene.watch()
    assert app.stack.top is scene and "cannot be watched again" in scene.notice


def test_from_the_title_this_game_is_the_saved_game():
    from swoop_desktop.storage import save_game

    app = FakeApp()
    match = _match_with_hands(2, seed=6)
    seats = [Seat(0, "Ann"), Seat(1, "Bo", "easy"), Seat(2, "Cy", "easy"), Seat(3, "Di", "easy")]
    save_game(app.dirs, match, [], seats=seats)
    scene = app.push(ScoresScene(app))
    app.frame()
    assert scene.tab == "game" and scene.match.sheet == match.sheet
    assert seat_names(scene.seats, 4)[0] == "Ann"


def test_a_click_on_the_cards_in_a_replay_says_what_to_press():
    app = TableApp()
    record_finished_game(app.dirs, finished_match(22), [])
    record = load_history(app.dirs)[0][0]
    table = replay.start_replay(app, record, "normal")
    for _ in range(60):
        app.stack.update(0.05)
    assert table.drawing.hud.status().startswith("Replay (normal)")
    pos = (SIZE[0] // 2, SIZE[1] - 60)  # over your hand
    app.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.stack.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    words = table.drawing.hud.status()
    assert "only watched" in words and "P pauses" in words and "Esc" in words
    for _ in range(100):  # a few seconds later the line is the replay's again
        app.stack.update(0.05)
    assert table.drawing.hud.status().startswith("Replay")


def test_the_replay_status_line_keeps_the_table_status_size():
    app = TableApp()
    record_finished_game(app.dirs, finished_match(22), [])
    record = load_history(app.dirs)[0][0]
    table = replay.start_replay(app, record, "normal")
    full = max(12, int(19 * table.model.lay.u))
    small = 0
    for _ in range(300):
        app.stack.update(0.05)
        words = table.drawing.hud.status()
        if words.startswith("Replay ("):
            _back, img = table.drawing.hud.status_place(words)
            line = app.theme.font(full, True).get_height()
            small += img.get_height() < line
    assert small == 0
