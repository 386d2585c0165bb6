"""Layouts that hold in any language: every screen the app can open (its routes,
``ui/screens.py``) is drawn at 1920x1080, 960x600 and 800x600 in the pseudo-language (every
message about 40% longer) and in German, and nothing covers anything else and no line of
words runs off the window. The recorder sees words painted into cached pictures and drawn
by a ScrollText too (``tests/ui/overlap.py``).

Then every shipped language (each catalogue under ``swoop_desktop/locale``, and English)
walks the screens a player meets, as a player meets them (the table mid-hand with the
hand-over panel and a thinking opponent, a refusal, Settings page by page and its
question, Scores on each tab, the daily deal and its result, the pause menu, and in the full
size puzzles, the review's summary and a decision, the lesson, the game's end and the
export) at the game's smallest window, 960x600, and at 800x600, where a window manager may
force it: no button's words end in an ellipsis, no words are cut at the window's edge or run
over a panel's edge or a button, no button sticks out of its panel, no two lines cover each
other. The quick tier walks the main screens at 960x600; the slow tier all of them at both
sizes.

The whole pseudo-language matrix is marked ``slow``; the quick tier keeps one
representative row of it (Settings, the title and How to play, the screens with the most
words, at 800x600)."""

from __future__ import annotations

import gettext
from pathlib import Path

import pygame
import pytest

from swoop_desktop import i18n
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.screens import ROUTES
from tests.sizes import quick_and_full
from tests.ui.overlap import (
    Recorder,
    layout,
    layout_of_top,
    mark_panels_and_buttons,
    mark_words,
    overlaps,
)
from tests.ui.test_screens import ARGUMENTS

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(1920, 1080), (960, 600), (800, 600)]
LANGUAGES = [i18n.PSEUDO, "de", "pl", "it"]
QUICK = [("settings", (800, 600)), ("title", (800, 600)), ("howto", (800, 600))]


@pytest.fixture
def speaking(compiled, monkeypatch):
    """Switch to a language for one test (English again after it)."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: compiled)

    def speak(language: str) -> None:
        assert i18n.set_language(language) == language

    yield speak
    i18n.set_language(i18n.SOURCE)


def off_the_window(words: list[tuple[str, pygame.Rect]], size: tuple[int, int]) -> list[str]:
    window = pygame.Rect((0, 0), size)
    return [f"{text!r} {rect}" for text, rect in words if not window.contains(rect)]


def check_screen(tmp_path, monkeypatch, speak, language: str, name: str, size) -> None:
    speak(language)
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, seed=3, start="table") as p:
        p.resize(size)
        p.step()
        if name == "title":
            p.app.to_title()
        elif name != "table":
            args, options = ARGUMENTS.get(name, lambda p: ((), {}))(p)
            p.app.open(name, *args, **options)
        p.step(3)
        words, buttons = layout_of_top(p)
        assert words, f"{name} drew no words"
        found = overlaps(words, buttons)
        assert not found, (name, language, size, found[:6])
        gone = off_the_window(words, size)
        assert not gone, (name, language, size, gone[:6])


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(ROUTES))
def test_every_screen_holds_its_layout_in_a_long_language(
    tmp_path, monkeypatch, speaking, name, language, size
):
    check_screen(tmp_path, monkeypatch, speaking, language, name, size)


@pytest.mark.parametrize(("name", "size"), QUICK, ids=lambda v: str(v))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_wordiest_screens_hold_their_layout_in_a_long_language(
    tmp_path, monkeypatch, speaking, name, size, language
):
    check_screen(tmp_path, monkeypatch, speaking, language, name, size)


def test_a_label_too_long_for_its_button_shrinks_then_takes_two_lines_never_an_ellipsis():
    pygame.font.init()
    theme = None
    text = "So wird gespielt und noch viel mehr"
    full = W.font(theme, 20, True).size(text)[0]
    lines, px = W.fit_lines(theme, text, full - 20, 20, True, height=60)
    assert lines == [text] and 20 * 0.72 <= px < 20  # a little too long: a smaller font
    assert W.font(theme, px, True).size(text)[0] <= full - 20
    # Far too long for one line even at the floor: two lines, each inside the button.
    lines, px = W.fit_lines(theme, text, full * 2 // 3, 20, True, height=60)
    assert len(lines) == 2 and " ".join(lines) == text and px >= W.FIT_MIN_PX
    assert all(W.font(theme, px, True).size(line)[0] <= full * 2 // 3 for line in lines)
    assert 2 * W.font(theme, px, True).get_linesize() <= 60
    # No room for a second line: the short words; without them, smaller still, whole.
    short = "Wie man spielt"
    lines, px = W.fit_lines(theme, text, full // 2, 20, True, height=24, short=short)
    assert lines == [short] and W.font(theme, px, True).size(short)[0] <= full // 2
    lines, px = W.fit_lines(theme, text, full // 2, 20, True, height=24)
    assert lines == [text] and W.FIT_LAST_PX <= px < W.FIT_MIN_PX
    assert W.fit_label(theme, "Quit", 200, 20, True) == ("Quit", 20)
    assert not any("…" in W.fit_label(theme, text, w, 20, True)[0] for w in range(10, full, 7))


def test_a_short_form_is_used_only_where_the_language_has_one(speaking):
    speaking("en")
    assert W.short_words("Scores") == ""  # English: the words themselves
    speaking("de")
    shortened = W.short_words("Scores")
    assert shortened in ("", i18n.pgettext("short", "Scores"))
    assert shortened != "Scores"  # never the English words in a German window


def test_the_title_buttons_say_how_to_play_whole_in_german_at_1280x720(
    tmp_path, monkeypatch, speaking
):
    speaking("de")
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as p:
        p.step(2)
        words, _buttons = layout(p)
    said = {text for text, _rect in words}
    assert i18n.gettext("How to play") in said, said


def test_the_recorder_sees_words_painted_into_cached_pictures_and_scrolled_text(
    tmp_path, monkeypatch
):
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as p:
        p.step(2)
        said = {text for text, _rect in layout(p)[0]}
        assert "Swoop" in said  # the title's words are painted once into a kept picture
        p.app.open("howto")
        p.step(2)
        said = {text for text, _rect in layout(p)[0]}
    assert "The aim" in said  # a ScrollText's page


def test_words_cut_by_a_clip_or_an_area_are_recorded_only_where_they_show():
    pygame.font.init()
    screen = Recorder((200, 100))
    from tests.ui.overlap import Words

    words = Words((100, 20), pygame.SRCALPHA)
    words.fill((255, 255, 255, 255))
    words.text = "Hello"
    screen.set_clip(pygame.Rect(0, 0, 50, 100))
    screen.blit(words, (10, 10))
    screen.set_clip(None)
    screen.blit(words, (0, 50), pygame.Rect(0, 0, 30, 20))
    assert screen.words == [
        ("Hello", pygame.Rect(10, 10, 40, 20)),
        ("Hello", pygame.Rect(0, 50, 30, 20)),
    ]


# ---------------------------------------------------------------------------------------
# Every shipped language, the screens a player meets, at 960x600 and 800x600
# ---------------------------------------------------------------------------------------

#: English and every language with a catalogue in the package (Polish and Italian too,
#: once their catalogues are there).
SHIPPED = [i18n.SOURCE] + sorted(
    d.name for d in (ROOT / "swoop_desktop" / "locale").iterdir() if (d / "LC_MESSAGES").is_dir()
)
SMALLEST = [(960, 600), (800, 600)]
NAMES = [{"name": n} for n in ("You", "Lefty", "Topper", "Righty")]


@pytest.fixture(scope="module")
def endings(compiled) -> frozenset[str]:
    """How every message that ends in "…" ends ("progress…", "Exportieren …"), in English
    and in each catalogue: a line ending in "…" otherwise was cut short."""
    said: set[str] = set()
    for mo in compiled.glob("*/LC_MESSAGES/*.mo"):
        with open(mo, "rb") as fh:
            catalogue = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
        for key, value in catalogue.items():
            for text in (*(key if isinstance(key, tuple) else (key,)), value):
                if isinstance(text, str):
                    said.add(text.split("\x04")[-1])
    return frozenset(t.rstrip()[-8:] for t in said if t.rstrip().endswith("…"))


def problems(
    screen: Recorder, buttons: list, size: tuple[int, int], endings: frozenset[str]
) -> list[str]:
    """What is wrong with one drawn screen: words cut short with "…" (a button's above
    all), words cut at the window's edge (or at a side by a clip), words over a panel's
    edge, a button out of the window or over its panel's edge, two lines over each other or
    words over a button they are not on."""
    window = pygame.Rect((0, 0), size)
    found = [f"words cut: {text!r} would be at {rect}" for text, rect in screen.cut]
    words = screen.words
    for text, _rect in words:
        line = text.rstrip()
        if line.endswith("…") and not any(line.endswith(end) for end in endings):
            found.append(f"words cut short: {text!r}")
    boxes = [(b.label, pygame.Rect(b.rect)) for b in buttons]
    for button in buttons:
        inside = [t for t, r in words if button.rect.contains(r)]
        for text in inside:
            if text.rstrip().endswith("…") and "…" not in button.label:
                found.append(f"button {button.label!r} says {text!r}")
        if not window.contains(button.rect):
            found.append(f"button {button.label!r} {button.rect} is off the window")
    for panel in screen.panels:
        for text, rect in words:
            if rect.colliderect(panel) and not panel.contains(rect):
                found.append(f"words {text!r} {rect} over the edge of the panel {panel}")
        for label, rect in boxes:
            if rect.colliderect(panel) and not panel.contains(rect) and not rect.contains(panel):
                found.append(f"button {label!r} {rect} over the edge of the panel {panel}")
    found += [f"{t!r} {r} off the window" for t, r in words if not window.contains(r)]
    found += overlaps(words, boxes)
    return found


class Walk:
    """Draws the screen on top as it stands and notes what is wrong with it."""

    def __init__(
        self, pilot: Pilot, size: tuple[int, int], language: str, endings: frozenset[str]
    ) -> None:
        self.p, self.size, self.language, self.endings = pilot, size, language, endings
        self.found: list[str] = []
        self.seen: list[str] = []

    def look(self, name: str, *, step: bool = True) -> Recorder:
        p = self.p
        if step:
            p.step(2)
        top = p.top
        if hasattr(top, "refresh"):
            top.refresh()  # an overlay composed again, as words (not its kept picture)
        screen = Recorder(p.app.size)
        scenes = p.app.stack.scenes
        first = len(scenes) - 1
        while first > 0 and not scenes[first].opaque:
            first -= 1
        for scene in scenes[max(first, 0) : -1]:
            scene.draw(screen)
        screen.words, screen.cut, screen.panels, screen.buttons = [], [], [], []
        top.draw(screen)
        model = getattr(top, "model", None)
        buttons = list(
            {id(b): b for b in [*screen.buttons, *getattr(model, "buttons", [])]}.values()
        )
        self.seen.append(name)
        assert screen.words, f"{name} drew no words"
        self.found += [
            f"{self.language} {self.size} {name}: {x}"
            for x in problems(screen, buttons, self.size, self.endings)
        ]
        return screen

    def toast(self, name: str) -> None:
        """The App's own message at the foot of the window: inside it, clear of its sides."""
        app = self.p.app
        screen, kept = Recorder(app.size), app.screen
        app.screen = screen
        try:
            app._draw_toast()
        finally:
            app.screen = kept
        room = pygame.Rect((0, 0), self.size).inflate(-40, 0)
        for text, rect in screen.words:
            if not room.contains(rect):
                self.found.append(
                    f"{self.language} {self.size} {name}: {text!r} {rect} at the edge"
                )
        self.found += [f"{self.language} {self.size} {name}: cut {t!r} {r}" for t, r in screen.cut]


def walk_the_table(w: Walk, full: bool) -> None:
    """The table mid-hand, an opponent thinking at each seat, a refusal that is a long
    sentence, the hand-over panel and the pause menu over it (and the game's end)."""
    from swoop_desktop.ui.scenes.table import NO_TAKE_BACKS
    from swoop_desktop.ui.table.model import Thinking

    p = w.p
    t = p.table
    for _ in range(2):
        assert p.wait_for_turn()
        st = t.state
        card = next(c for c in st.hand_ids(0) if t.input.action_for([c]) in st.legal_actions())
        t.input.try_play([card])
    assert p.wait_for_turn()
    p.advance(0.5)
    w.look("the table mid-hand")
    model = t.model
    for seat in (1, 2, 3):  # as drawn while that opponent thinks
        to_move, model.view.to_move = model.view.to_move, seat
        model.thinking = Thinking(seat, model.clock)
        try:
            w.look(f"the table, seat {seat} thinking", step=False)
        finally:
            model.thinking, model.view.to_move = None, to_move
    model.notify(i18n._(NO_TAKE_BACKS), p.app.theme.text, 4.0)
    screen = w.look("the table's refusal of a take-back", step=False)
    said = i18n._(NO_TAKE_BACKS)
    room = pygame.Rect((0, 0), w.size).inflate(-40, 0)
    for text, rect in screen.words:
        if text in said and not room.contains(rect):
            w.found.append(f"{w.language} {w.size} the refusal: {text!r} {rect} at the edge")
    model.toast = None
    p.app.notify(i18n._(NO_TAKE_BACKS), 4.0)
    w.toast("the window's message")
    p.app.toast = None
    p.app.open("hand_over", t)
    w.look("the hand-over panel")
    p.app.pop()
    p.app.open("pause", t)
    w.look("the pause menu")
    p.app.pop()
    if full:
        from tests.storage.helpers import finished_match

        playing = model.match
        model.match = finished_match(7)
        try:
            p.app.open("game_over", t)
            w.look("the game's end")
            p.app.pop()
        finally:
            model.match = playing


def read_on(scores) -> bool:
    """Scores is still reading your progress beside the frames (its figures come later)."""
    progress = getattr(scores, "_progress", None)
    return getattr(scores, "busy", None) is not None or bool(getattr(progress, "busy", False))


def walk_the_menus(w: Walk, full: bool) -> None:
    """The title, Settings page by page and its question, Scores on each tab (with no game
    finished, then with two), the daily deal and its result, and (full) puzzles, How to
    play, the export, the review and the lesson."""
    from swoop_desktop.progress import record_finished_game
    from swoop_desktop.ui.scenes.daily import DailyResultScene
    from swoop_desktop.ui.scenes.scores import TABS
    from tests.storage.helpers import finished_match

    p = w.p
    p.app.to_title()
    w.look("the title")
    settings = p.app.open("settings")
    w.look("Settings")
    for page in range(1, 12):
        before = settings.panel.offset
        settings.panel.scroll_by(settings.panel.rect.height - 40)
        if settings.panel.offset == before:
            break
        w.look(f"Settings, page {page + 1}")
    settings.restore_defaults()
    w.look("Settings' question")
    p.app.pop()
    p.app.pop()
    scores = p.app.open("scores")
    for key, _label in TABS[1:]:
        scores.set_tab(key)
        w.look(f"Scores, {key}, no game finished")
    p.app.pop()
    for seed in (0, 1):
        record_finished_game(p.app.dirs, finished_match(seed), NAMES)
    scores = p.app.open("scores")
    for key, _label in TABS:
        scores.set_tab(key)
        assert p.until(lambda s=scores: not read_on(s), 30)
        w.look(f"Scores, {key}")
    p.app.pop()
    daily = p.app.open("daily")
    w.look("the daily deal")
    daily.play()
    p.step(2)
    table = p.app.table
    table.model.match = finished_match(7)  # a hand played to its end
    daily.hard_points = lambda: [12, 30, 5, 44]  # the hard opponent's play is known
    p.app.push(DailyResultScene(p.app, table, daily, True))
    w.look("the daily deal's result")
    p.app.to_title()
    if not full:
        return
    for name in ("puzzles", "howto", "export"):
        p.app.open(name)
        w.look(name)
        p.app.pop()
    args, options = ARGUMENTS["review"](p)
    review = p.app.open("review", *args, **options)
    assert p.until(lambda: review.ready, 120)
    w.look("the review's summary")
    review.go(len(review.decisions) // 2)
    w.look("a decision in the review")
    p.app.pop()
    from swoop_desktop.ui.scenes.lesson import start_lesson

    p.app.to_title()
    start_lesson(p.app, lambda _value: None)
    p.advance(1.0)
    w.look("the lesson")


def walk(tmp_path, monkeypatch, speak, language: str, size, full: bool, endings) -> Walk:
    from swoop_desktop.ui.scenes import daily

    speak(language)
    mark_words(monkeypatch)
    mark_panels_and_buttons(monkeypatch)
    monkeypatch.setattr(daily.DailyScene, "start_hard", lambda *a: None)  # not its work here
    with Pilot(size=(1280, 720), data_dir=tmp_path, seed=3, start="table") as p:
        p.resize(size)
        p.step()
        w = Walk(p, size, language, endings)
        walk_the_table(w, full)
        walk_the_menus(w, full)
    return w


@quick_and_full(([(960, 600)], False), (SMALLEST, True), name="work")
@pytest.mark.parametrize("language", SHIPPED)
def test_every_label_fits_its_window_panel_and_button_in_every_language(
    tmp_path, monkeypatch, speaking, endings, language, work
):
    sizes, full = work
    found: list[str] = []
    for size in sizes:
        found += walk(
            tmp_path / f"{size[0]}", monkeypatch, speaking, language, size, full, endings
        ).found
    assert not found, "\n".join(found[:20])


def test_the_language_row_stays_under_the_pointer_when_the_language_changes(tmp_path, speaking):
    speaking("en")
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as p:
        p.resize((960, 600))
        p.step()
        settings = p.app.open("settings")
        p.step()
        row = settings.rows["language"]
        settings.panel.scroll_to_widget(row)
        p.step()
        place = row.arrow_rects()[1].center  # the next language, and the next, ...
        said = [i18n.language()]
        for _ in range(len(i18n.available_languages())):
            p.click(place)
            row = settings.rows["language"]
            assert row.arrow_rects()[1].collidepoint(place), (i18n.language(), row.rect, place)
            said.append(i18n.language())
        assert sorted(set(said)) == i18n.available_languages(), said
