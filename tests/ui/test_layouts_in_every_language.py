"""Layouts that hold in any language: every screen the app can open (its routes,
``ui/screens.py``) is drawn at 1920x1080, 960x600 and 800x600 in the pseudo-language (every
message about 40% longer) and in German, Polish and Italian, and nothing covers anything
else and no line of words runs off the window. The recorder sees words painted into cached
pictures and drawn by a ScrollText too (``tests/ui/overlap.py``).

The whole matrix is marked ``slow``; the quick tier keeps one representative row of it
(Settings, the title and How to play, the screens with the most words, at 800x600)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pygame
import pytest

from swoop_desktop import i18n
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.screens import ROUTES
from tests.ui.overlap import Recorder, layout, layout_of_top, mark_words, overlaps
from tests.ui.test_screens import ARGUMENTS

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(1920, 1080), (960, 600), (800, 600)]
LANGUAGES = [i18n.PSEUDO, "de", "pl", "it"]
QUICK = [("settings", (800, 600)), ("title", (800, 600)), ("howto", (800, 600))]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    """The catalogues compiled once for this module (German needs its ``.mo``)."""
    if not shutil.which("msgfmt") and importlib.util.find_spec("babel") is None:
        pytest.skip("neither GNU msgfmt nor Babel is installed to compile the catalogues")
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path_factory.mktemp("locale")
    tool.compile_all(ROOT, out)
    return out


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


def test_a_button_label_too_long_for_its_button_shrinks_then_ends_in_an_ellipsis():
    pygame.font.init()
    theme = None
    text = "So wird gespielt und noch viel mehr"
    full = W.font(theme, 20, True).size(text)[0]
    fitted, px = W.fit_label(theme, text, full - 20, 20, True)
    assert fitted == text and 20 * 0.72 <= px < 20  # a little too long: a smaller font
    assert W.font(theme, px, True).size(fitted)[0] <= full - 20
    fitted, px = W.fit_label(theme, text, full // 3, 20, True)
    assert fitted.endswith("…") and px >= W.FIT_MIN_PX  # far too long: the floor, then cut
    assert W.font(theme, px, True).size(fitted)[0] <= full // 3
    assert W.fit_label(theme, "Quit", 200, 20, True) == ("Quit", 20)


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
