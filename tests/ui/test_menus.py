"""Title, settings and how-to-play, used the way a player does: real pygame events, frames.

Mouse events carry their own ``pos`` (the dummy driver never moves the mouse);
every click is a press and a release posted to the event queue, then one frame.
"""

from __future__ import annotations

import json

import pygame
import pytest

from swoop_desktop.choices import seated_opponents
from swoop_desktop.engine import OPTION_NAMES, OPTION_VALUES, PRESETS, Match, Rules
from swoop_desktop.plural import counted
from swoop_desktop.storage import Settings, load_settings, save_game
from swoop_desktop.storage.settings import SEATS, SETTING_BY_NAME, SETTINGS
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.results import HandEnd
from swoop_desktop.ui.rules_text import OPTION_INFO, how_to_play_text
from swoop_desktop.ui.scenes.howto import HowToScene
from swoop_desktop.ui.scenes.settings import SettingsScene
from swoop_desktop.ui.scenes.title import TITLE_BUTTONS


@pytest.fixture
def pilot():
    p = Pilot(size=(1280, 720), start="title")  # the game's first window (one test shrinks it)
    yield p
    p.close()


@pytest.fixture
def app(pilot):
    pilot.app.pilot = pilot  # the helpers below post through it
    return pilot.app


def top(app):
    return app.stack.top


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    app.pilot.move(pos)
    app.pilot.click(pos)


def press(app, *keys, mod=0):
    for k in keys:
        app.pilot.press(k, mod=mod)


def wheel(app, y, pos):
    app.pilot.scroll(pos, y)


def saved_settings(app) -> dict:
    return json.loads(app.dirs.settings_file.read_text())


def open_settings(app) -> SettingsScene:
    click(app, top(app).buttons["settings"].rect.center)
    assert top(app).name == "settings"
    return top(app)


def click_row(app, scene: SettingsScene, name: str, point):
    """Scroll ``name``'s row into view, draw, then click ``point(row)``."""
    row = scene.rows[name]
    scene.panel.scroll_to_widget(row)
    app.pilot.step()
    assert scene.panel.is_visible(row)
    click(app, point(row))


def pick(app, scene: SettingsScene, name: str, value) -> None:
    """Choose ``value`` on the choice row ``name`` as a player does: its segment where every
    option shows side by side, else the cycler's › until it shows."""
    row = scene.rows[name]
    index = [o.value for o in row.options].index(value)
    for _ in range(len(row.options)):
        if row.value == value:
            return
        if row._is_segmented(app.theme):
            click_row(app, scene, name, lambda r: r.segment_rects()[index].center)
        else:
            click_row(app, scene, name, lambda r: r.arrow_rects()[1].center)
    assert row.value == value, (name, value)


def another(row):
    """A value of a choice row other than the one it shows (the next one)."""
    return row.options[(row.index + 1) % len(row.options)].value


# -- title ---------------------------------------------------------------------------------


def test_title_offers_every_choice_and_hides_continue_without_a_saved_game(app):
    title = top(app)
    assert title.name == "title" and not title.has_save
    assert "continue" not in title.buttons
    # Every other declared button, in the declared order, with its words and its key.
    declared = [b for b in TITLE_BUTTONS if b.key != "continue"]
    assert list(title.buttons) == [b.key for b in declared]
    for spec, button in zip(declared, title.buttons.values(), strict=True):
        assert button.label == spec.label and button.key == spec.hotkey and button.tooltip
    assert all(b.enabled for b in title.buttons.values())


def test_each_title_buttons_key_does_what_a_click_does(app):
    title = top(app)
    clicked: list[str] = []
    for spec in TITLE_BUTTONS:
        if spec.key in ("continue", "quit"):
            continue
        title.refresh()
        title.buttons[spec.key].on_click = lambda key=spec.key: clicked.append(key)
        press(app, spec.hotkey)
        assert clicked[-1:] == [spec.key], spec.key


def test_title_new_game_button_deals_a_game(app):
    click(app, top(app).buttons["new"].rect.center)
    assert top(app).name == "table" and app.stack.scenes[0].name == "title"
    assert top(app).match.rules == Rules.from_preset("app")


def test_title_quit_button_ends_the_loop(app):
    assert app.running
    click(app, top(app).buttons["quit"].rect.center)
    assert not app.running


def test_continue_shows_with_a_saved_game_and_new_game_asks_first(app):
    saved = _started_match()
    save_game(app.dirs, saved, ["Lefty played a 7"])
    title = top(app)
    title.refresh()
    app.pilot.step()
    assert list(title.buttons)[0] == "continue" and title.buttons["continue"].primary
    click(app, title.buttons["continue"].rect.center)
    table = top(app)
    assert table.name == "table" and table.match.seed == 3
    assert table.match.actions == saved.actions  # exactly where it was left
    app.to_title()
    title = top(app)
    assert title.name == "title" and "continue" in title.buttons
    click(app, title.buttons["new"].rect.center)
    assert top(app).name == "confirm"
    cancel = top(app).buttons[-1]
    assert cancel.label == "Cancel"
    click(app, cancel.rect.center)
    assert top(app) is title
    press(app, pygame.K_n)
    press(app, pygame.K_RETURN)  # Enter takes the safe choice: Cancel
    assert top(app) is title and title.has_save
    press(app, pygame.K_n)
    press(app, pygame.K_ESCAPE)  # Esc is Cancel too
    assert top(app) is title
    click(app, title.buttons["new"].rect.center)
    click(app, top(app).buttons[0].rect.center)  # "Start a new game"
    assert top(app).name == "table" and top(app).match.seed != 3


def _started_match() -> Match:
    match = Match(Rules.from_preset("app"), players=4, seed=3)
    match.start_hand()
    match.apply(match.legal_actions()[0])
    return match


def test_title_buttons_open_settings_scores_howto_and_back(app):
    title = top(app)
    open_settings(app)
    press(app, pygame.K_ESCAPE)
    assert top(app) is title
    click(app, title.buttons["howto"].rect.center)
    assert top(app).name == "howto"
    click(app, top(app).back.rect.center)
    assert top(app) is title
    click(app, title.buttons["scores"].rect.center)
    assert top(app).name == "scores"


def test_title_works_by_keyboard(app):
    title = top(app)
    press(app, pygame.K_DOWN)  # focus the first button
    assert title.ring.focused is next(iter(title.buttons.values()))
    press(app, *[pygame.K_DOWN] * list(title.buttons).index("howto"))  # down the column
    assert title.ring.focused is title.buttons["howto"]
    press(app, pygame.K_RETURN)
    assert top(app).name == "howto"
    press(app, pygame.K_ESCAPE)
    assert top(app) is title
    press(app, pygame.K_s)  # shortcut letter
    assert top(app).name == "settings"


# -- settings ------------------------------------------------------------------------------


def test_settings_screen_has_every_rule_option_with_an_explanation(app):
    scene = open_settings(app)
    for name in OPTION_NAMES:
        row = scene.rows[name]
        assert isinstance(row, W.Row) and row.label == OPTION_INFO[name].label
        assert len(row.help) > 20, name
    assert "preset" in scene.rows
    seated = set(seated_opponents(app.settings.players))
    for seat in SEATS:  # a level and a style for each opponent at the table, no more
        shown = f"level{seat}" in scene.rows and f"style{seat}" in scene.rows
        assert shown == (seat in seated), seat
    for entry in SETTINGS:
        if entry.row is not None and entry.row.kind in ("toggle", "choice", "slider"):
            assert entry.name in scene.rows, entry.name
    for name in ("animation_speed", "ai_pace"):
        offered = list(SETTING_BY_NAME[name].offered)
        assert [o.value for o in scene.rows[name].options] == offered
    heading = scene.panel.widgets[0]
    assert "next new game" in heading.note


def test_changing_a_rule_saves_it_and_the_next_new_game_uses_it(app):
    scene = open_settings(app)
    pick(app, scene, "preset", "classic")
    assert app.settings.rules.preset == "classic"
    click_row(app, scene, "max_four", lambda row: row.switch_rect().center)
    assert app.settings.rules.max_four is False
    on_disk = saved_settings(app)
    assert on_disk["rules"] == {"preset": "classic", "max_four": False}
    again, _ = load_settings(app.dirs)
    assert again.rules == Rules.from_preset("classic", max_four=False)
    press(app, pygame.K_ESCAPE)
    click(app, top(app).buttons["new"].rect.center)
    assert top(app).name == "table"
    assert top(app).match.rules == Rules.from_preset("classic", max_four=False)


def test_choosing_a_preset_resets_every_option(app):
    scene = open_settings(app)
    pick(app, scene, "pickup", "take_all")
    assert app.settings.rules.pickup == "take_all"
    assert not scene.rows["match_after_pickup"].enabled  # no effect with take all
    click_row(app, scene, "target", lambda row: row.button_rects()[0].center)
    assert app.settings.rules.target == 250
    pick(app, scene, "preset", "traditional")
    assert app.settings.rules == PRESETS["traditional"]
    assert scene.rows["decks"].value == 3 and scene.rows["target"].value == 500
    assert scene.rows["mystery_chain"].value is True
    pick(app, scene, "preset", "app")
    assert app.settings.rules == PRESETS["app"]
    assert scene.rows["pickup"].value == "new_pile"
    assert scene.rows["match_after_pickup"].enabled and scene.rows["match_after_pickup"].value


def test_a_refused_combination_is_a_message_not_a_crash(app):
    scene = open_settings(app)
    before = app.settings
    assert scene.change_option("decks", 1) is False
    assert "decks" in scene.message and scene.notice.text == scene.message
    assert app.settings == before and scene.rows["decks"].value == "auto"
    app.pilot.step()  # the message is drawn in view
    assert scene.panel.is_visible(scene.notice)
    scene.change_option("hand_size", 12)  # a good change clears it
    assert scene.message == "" and app.settings.rules.hand_size == 12


def test_damaged_rules_in_the_settings_file_are_reported_and_the_app_rules_shown(app):
    import json

    from swoop_desktop.storage import load_settings, save_settings

    save_settings(app.dirs, Settings())
    data = json.loads(app.dirs.settings_file.read_text())
    data["rules"] = {"preset": "app", "target": 5}
    app.dirs.settings_file.write_text(json.dumps(data))
    settings, messages = load_settings(app.dirs)
    assert settings.rules == Rules.from_preset("app")
    assert len(messages) == 1 and "target" in messages[0]
    app.settings = settings
    scene = open_settings(app)
    assert scene.rows["target"].value == 300


def test_opponents_speeds_and_sound_are_saved(app):
    scene = open_settings(app)
    # The levels with their ratings do not fit side by side: a cycler (›); the styles do.
    level = another(scene.rows["level2"])
    pick(app, scene, "level2", level)
    style = scene.rows["style3"].options[-1].value  # the last style offered
    pick(app, scene, "style3", style)
    speed, pace = (another(scene.rows[name]) for name in ("animation_speed", "ai_pace"))
    pick(app, scene, "animation_speed", speed)
    pick(app, scene, "ai_pace", pace)
    click_row(app, scene, "muted", lambda row: row.switch_rect().center)
    click_row(app, scene, "volume", lambda row: row.track_rect().midleft)
    s, _ = load_settings(app.dirs)
    assert s.opponent(2)["level"] == level and s.opponent(3)["personality"] == style
    assert s.animation_speed == speed and s.ai_pace == pace
    assert s.muted is True and s.volume == 0.0
    assert app.settings == s


def test_settings_scroll_in_a_small_window_and_work_by_keyboard():
    pilot = Pilot(size=(960, 600), start="title")
    app = pilot.app
    app.pilot = pilot
    scene = open_settings(app)
    bottom = scene.rows["show_hints"]
    assert not scene.panel.is_visible(bottom)
    for _ in range(30):
        wheel(app, -3, scene.panel.rect.center)
    assert scene.panel.is_visible(bottom)
    # Keyboard: Tab to the first row (how many players), Down to the rule set, Right
    # picks Classic.
    press(app, pygame.K_HOME)
    press(app, pygame.K_TAB)
    assert scene.ring.focused is scene.rows["players"]
    press(app, pygame.K_DOWN)
    assert scene.ring.focused is scene.rows["preset"]
    assert scene.panel.is_visible(scene.rows["preset"])
    press(app, pygame.K_RIGHT)
    assert app.settings.rules.preset == "classic"
    press(app, pygame.K_DOWN, pygame.K_DOWN)  # decks, then 10s are Swoop cards
    assert scene.ring.focused is scene.rows["tens_are_swoop_cards"]
    press(app, pygame.K_RETURN)
    assert app.settings.rules.tens_are_swoop_cards is False
    press(app, pygame.K_UP, pygame.K_UP, pygame.K_UP, pygame.K_UP)  # players, then wraps to Done
    assert scene.ring.focused is scene.done
    press(app, pygame.K_RETURN)
    assert top(app).name == "title"
    pilot.close()


def test_restore_defaults(app):
    scene = open_settings(app)
    scene.change_option("scoring", "simple")
    scene.change_setting("ai_pace", "fast")
    click(app, scene.defaults.rect.center)
    # It asks first: Cancel keeps everything.
    assert top(app).name == "confirm"
    click(app, top(app).no.rect.center)
    assert top(app) is scene and app.settings.ai_pace == "fast"
    click(app, scene.defaults.rect.center)
    click(app, top(app).yes.rect.center)
    assert top(app) is scene
    assert app.settings.rules == PRESETS["app"] and app.settings.ai_pace == "normal"
    assert scene.rows["scoring"].value == "standard"
    assert load_settings(app.dirs)[0] == app.settings


# -- how to play ---------------------------------------------------------------------------


def test_how_to_play_follows_the_options(app):
    scene = open_settings(app)
    pick(app, scene, "pickup", "take_all")
    press(app, pygame.K_ESCAPE)
    click(app, top(app).buttons["howto"].rect.center)
    howto = top(app)
    assert "go into your hand with it" in howto.words
    assert "your cards start a new one" not in howto.words
    press(app, pygame.K_ESCAPE)
    app.settings = app.settings.with_rules(Rules.from_preset("app"))
    click(app, top(app).buttons["howto"].rect.center)
    assert "your cards start a new one; you may then add more" in top(app).words


def test_how_to_play_scrolls(app):
    click(app, top(app).buttons["howto"].rect.center)
    howto = top(app)
    assert howto.text.scroll.content_height > howto.text.view_height
    wheel(app, -2, howto.text.rect.center)
    assert howto.text.scroll.offset > 0
    press(app, pygame.K_END)
    assert howto.text.scroll.offset == howto.text.scroll.max_offset(howto.text.view_height)
    press(app, pygame.K_HOME)
    assert howto.text.scroll.offset == 0


@pytest.mark.parametrize("preset", list(PRESETS))
def test_how_to_play_text_for_every_option(preset):
    base = Rules.from_preset(preset)
    text = how_to_play_text(base)
    assert f"reaches {base.target}" in text
    assert ("Chained mystery cards" in text) == base.mystery_chain
    flipped = base.with_options(
        tens_are_swoop_cards=not base.tens_are_swoop_cards,
        table_cards=False,
        max_four=not base.max_four,
        scoring="simple",
        hand_size=12,
    )
    other = how_to_play_text(flipped)
    assert "Mystery cards" not in other and "12 cards in hand" in other
    assert ("5 points each" in other) and ("5 points each" not in text)
    assert ("10s and Jokers are Swoop cards" in text) == base.tens_are_swoop_cards
    assert ("10s and Jokers are Swoop cards" in other) == flipped.tens_are_swoop_cards


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("scoring", OPTION_VALUES["scoring"])
@pytest.mark.parametrize("tens", OPTION_VALUES["tens_are_swoop_cards"])
def test_how_to_play_says_each_cards_points_as_the_rules_count_them(preset, scoring, tens):
    rules = Rules.from_preset(preset, scoring=scoring, tens_are_swoop_cards=tens)
    text = how_to_play_text(rules)
    joker, king, nine = (rules.card_points(r) for r in (14, 13, 9))
    jokers = "10s and Jokers" if rules.is_swoop_rank(10) else "Jokers"
    assert f"{jokers}: {counted(joker, 'point')} each" in text
    assert f"J, Q, K: {counted(king, 'point')} each" in text
    if not rules.is_swoop_rank(10):
        assert f"10s: {counted(rules.card_points(10), 'point')} each" in text
    if nine == 9:
        assert "Aces: 1 point; 2 to 9: their face value" in text
    else:
        assert f"Aces and 2 to 9: {counted(nine, 'point')} each" in text


def test_how_to_play_asks_the_rules_what_a_card_is_worth(monkeypatch):
    """The words hold no point values of their own: other points, other words."""
    monkeypatch.setattr(Rules, "card_points", lambda self, rank: 30 if rank == 14 else 7)
    text = how_to_play_text(PRESETS["app"])
    assert "50 points" not in text and "10 points" not in text
    assert "10s and Jokers: 30 points each" in text and "J, Q, K: 7 points each" in text
    assert "Aces and 2 to 9: 7 points each" in text


def test_howto_over_given_rules(app):
    scene = app.push(HowToScene(app, Rules.from_preset("classic")))
    app.pilot.step()
    assert "Your turn ends there" in scene.words


def test_howto_and_settings_over_a_game_describe_that_game(app):
    scene = open_settings(app)
    scene.choose_preset("traditional")
    press(app, pygame.K_ESCAPE)
    click(app, top(app).buttons["new"].rect.center)
    table = top(app)
    assert table.match.rules.preset == "traditional"
    app.settings = app.settings.with_rules(Rules.from_preset("classic"))  # next game differs
    table.input.pause()
    app.pilot.step()
    howto = app.push(HowToScene(app))
    app.pilot.step()
    assert howto.in_game and "the game you are playing: Traditional rules" in howto.words
    press(app, pygame.K_ESCAPE)
    settings = app.push(SettingsScene(app))
    app.pilot.step()
    assert settings.in_game and "keeps its rules" in settings.subtitle


# -- the game behind the title ---------------------------------------------------------------


def test_after_a_quiet_moment_four_ais_play_behind_the_title(app):
    title = top(app)
    app.pilot.advance(1.0)
    press(app, pygame.K_LSHIFT)  # someone is there: the quiet moment starts again
    app.pilot.advance(2.0)
    assert not title.watch.running
    app.pilot.advance(1.0)
    assert title.watch.running and not title.watch.failed
    watched = title.watch.table.match
    assert all(not s.is_human for s in title.watch.table.seats)
    assert app.pilot.until(lambda: sum(len(a) for a in watched.actions) >= 1, 20)
    assert [s.name for s in app.stack.scenes] == ["title"]  # nothing pushed by the show
    assert app.sound.played == []  # and it is silent
    click(app, title.buttons["new"].rect.center)  # the menu still works over it
    assert top(app).name == "table" and top(app).match is not watched
    assert top(app).seats[0].is_human


def test_the_watch_goes_on_to_the_next_hand_and_a_new_game():
    pilot = Pilot(start="title")
    try:
        watch = pilot.top.watch
        watch.quiet = 100.0  # as if the title had been left alone for a while
        pilot.step()
        first = watch.table
        assert first is not None
        watch.finished(HandEnd.HAND_OVER)
        assert watch.next_step == ("next_hand", 2.0)
        watch.finished(HandEnd.GAME_OVER)
        pilot.advance(3.1)
        assert watch.table is not first and watch.running and not watch.failed
    finally:
        pilot.close()


def test_menus_follow_a_window_resize(app):
    scene = open_settings(app)
    wide = scene.frame.width
    app.pilot.resize((960, 600))
    assert app.size == (960, 600)
    assert scene.frame.width < wide and scene.frame.right <= 960
    assert scene.done.rect.right <= 960 and scene.panel.rect.bottom <= 600
    pick(app, scene, "scoring", "simple")
    assert app.settings.rules.scoring == "simple"
    press(app, pygame.K_ESCAPE)
    title = top(app)
    assert all(b.rect.bottom <= 600 for b in title.buttons.values())
    click(app, title.buttons["howto"].rect.center)
    assert top(app).text.rect.right <= 960


def test_full_screen_switch_saves_and_switches_the_window(app):
    scene = open_settings(app)
    click_row(app, scene, "fullscreen", lambda row: row.switch_rect().center)
    assert app.settings.fullscreen is True and load_settings(app.dirs)[0].fullscreen is True
    assert app.fullscreen is True
    click_row(app, scene, "fullscreen", lambda row: row.switch_rect().center)
    assert app.settings.fullscreen is False and app.fullscreen is False
    click(app, scene.done.rect.center)
    assert top(app).name == "title"


@pytest.mark.parametrize(
    "inputs", [250, pytest.param(1000, marks=pytest.mark.slow)], ids=["250", "1000"]
)
def test_menu_monkey_random_clicks_keys_wheels_and_resizes(app, inputs):
    """Random inputs over the title, settings and how-to-play (250 in the quick tier, a
    thousand in the slow one): nothing breaks, and the settings on disk always load back
    equal to the ones in use."""
    import random

    from swoop_desktop.ui.scenes.settings import SettingsScene as Settings_

    rng = random.Random(7)
    pilot = app.pilot
    keys = [
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_TAB,
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_ESCAPE,
        pygame.K_PAGEDOWN,
        pygame.K_PAGEUP,
        pygame.K_HOME,
        pygame.K_END,
    ]
    seen = set()
    for _ in range(inputs):
        scene = top(app)
        if scene.name not in ("title", "settings", "howto", "confirm"):
            app.to_title()  # a game or the scores: back to the menus
            continue
        seen.add(scene.name)
        w, h = app.size
        pos = (rng.randrange(w), rng.randrange(h))
        r = rng.random()
        if r < 0.45:
            pilot.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            pilot.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 3]))
            pilot.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif r < 0.75:
            key = rng.choice(keys)
            if not (key == pygame.K_ESCAPE and scene.name == "title"):
                pilot.post(
                    pygame.KEYDOWN,
                    key=key,
                    mod=rng.choice([0, pygame.KMOD_SHIFT]),
                    unicode="",
                    scancode=0,
                )
        elif r < 0.9:
            pilot.post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False, pos=pos)
        elif r < 0.93:
            pilot.post(pygame.VIDEORESIZE, size=(rng.randint(960, 1600), rng.randint(600, 900)))
        elif scene.name == "title":
            app.push(Settings_(app) if rng.random() < 0.7 else HowToScene(app))
        pilot.step()
        app.running = True  # a random click on Quit must not end the test
    assert {"title", "settings"} <= seen
    if app.dirs.settings_file.exists():
        assert load_settings(app.dirs)[0] == app.settings
    app.settings.rules.validate_players(4)  # never an invalid rule set


@pytest.mark.parametrize("size", [(800, 600), (960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("with_save", [False, True], ids=["no save", "a saved game"])
def test_title_buttons_cover_no_words_and_each_label_fits(size, with_save, tmp_path):
    """Daily deal and Puzzles made the column taller: at 960x600 and 1920x1080 New game
    covered the rating line. The buttons now go two to a row where one column does not fit."""
    with Pilot(size=size, seed=5, start="title", data_dir=tmp_path) as pilot:
        if with_save:
            save_game(pilot.app.dirs, _started_match(), [])
            pilot.app.stack.top.refresh()
        pilot.step(3)
        title = pilot.app.stack.top
        window = pygame.Rect((0, 0), pilot.app.size)
        buttons = list(title.buttons.items())
        assert ("continue" in title.buttons) == with_save
        assert len(title.word_rects) >= 2  # the line about the opponents, the rating
        theme = pilot.app.theme
        for i, (key, button) in enumerate(buttons):
            assert window.contains(button.rect), key
            for words in title.word_rects:
                assert not button.rect.colliderect(words), (key, button.rect, words)
            for other_key, other in buttons[i + 1 :]:
                assert not button.rect.colliderect(other.rect), (key, other_key)
            size_pt = max(14, min(26, int(button.rect.height * 0.42)))
            width = W.font(theme, size_pt, True).size(button.label)[0]
            assert width <= button.rect.width - 16, (key, button.label, button.rect)


@pytest.mark.parametrize("size", [(960, 600), (800, 600)])
def test_title_tooltips_never_cover_another_button(tmp_path, size):
    with Pilot(size=size, data_dir=tmp_path, start="title") as p:
        title = p.app.stack.top
        p.step(2)
        buttons = [b for b in title.buttons.values() if b.visible]
        assert len(buttons) >= 4
        for button in buttons:
            for other in buttons:
                other.hovered = other is button
                other.hover_time = 5.0 if other is button else 0.0
            box = W.draw_tooltip(p.app.screen, p.app.theme, buttons)
            assert box is not None, button.label
            covered = [o.label for o in buttons if o is not button and box.colliderect(o.rect)]
            assert not covered, (button.label, covered)
            assert p.app.screen.get_rect().contains(box)
