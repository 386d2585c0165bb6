"""The screens speak the player's language: in the pseudo-language every word they draw is
stretched and accented (so a plain English word left on them is a message that never went
through gettext), and switching the language changes the next frame's words."""

from __future__ import annotations

import re

import pytest

from swoop_desktop import i18n
from swoop_desktop.ui.pilot import Pilot
from tests.ui.overlap import layout, mark_words

#: Words that are the same in every language: the game's and the players' names, card
#: ranks and suits, keys, and numbers.
KEPT = {
    "Swoop",
    "Lefty",
    "Topper",
    "Righty",
    "You",
    "Esc",
    "Enter",
    "Tab",
    "MIT",
}
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")


@pytest.fixture
def pseudo():
    """The whole test in the pseudo-language; English again after it."""
    i18n.set_language(i18n.PSEUDO)
    yield
    i18n.set_language(i18n.SOURCE)


def english_left(words: list[tuple[str, object]]) -> list[str]:
    """The drawn lines that still hold a plain English word (a message never looked up)."""
    found = []
    for text, _rect in words:
        plain = [w for w in ENGLISH_WORD.findall(text) if w not in KEPT]
        if plain:
            found.append(text)
    return found


def drawn(pilot: Pilot) -> list[tuple[str, object]]:
    pilot.step(2)
    words, _buttons = layout(pilot)
    return words


def test_the_title_speaks_the_pseudo_language(pseudo, monkeypatch, tmp_path):
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        words = drawn(pilot)
        assert words, "the title drew no words"
        assert english_left(words) == []


def test_switching_the_language_changes_the_next_frames_words(monkeypatch, tmp_path):
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        before = {text for text, _rect in drawn(pilot)}
        assert "How to play" in before
        try:
            i18n.set_language(i18n.PSEUDO)
            after = {text for text, _rect in drawn(pilot)}
        finally:
            i18n.set_language(i18n.SOURCE)
        assert "How to play" not in after
        stretched = i18n.pseudo("How to play")[:12]  # a button may end it with "…"
        assert any(text.startswith(stretched) for text in after), after
        again = {text for text, _rect in drawn(pilot)}
        assert "How to play" in again


@pytest.mark.parametrize("screen", ["scores", "howto", "daily", "puzzles"])
def test_the_wrapped_screens_speak_the_pseudo_language(screen, pseudo, monkeypatch, tmp_path):
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        pilot.app.open(screen)
        words = drawn(pilot)
        assert words, f"{screen} drew no words"
        assert english_left(words) == []


def test_the_title_speaks_german_with_a_german_catalogue(monkeypatch, tmp_path):
    import importlib.util
    import shutil
    from pathlib import Path

    if not shutil.which("msgfmt") and importlib.util.find_spec("babel") is None:
        pytest.skip("neither GNU msgfmt nor Babel is installed to compile the catalogues")
    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("catalogues", root / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    tool.compile_all(root, tmp_path / "locale")
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path / "data", start="title") as pilot:
        try:
            assert i18n.set_language("de_DE.UTF-8") == "de"
            words = {text for text, _rect in drawn(pilot)}
        finally:
            i18n.set_language(i18n.SOURCE)
    assert {"Neues Spiel", "Spielen lernen", "Einstellungen", "Beenden"} <= words, words
    assert not {"New game", "Learn to play", "Settings", "Quit"} & words
