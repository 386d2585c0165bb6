"""The language is chosen in Settings: the row lists the languages present by their own
names, a choice changes the next frame's words without a restart, is kept in settings.json
across a restart, and a settings file from before the choice (or naming a language the game
does not know) loads as before, in the system's language."""

from __future__ import annotations

import json

import pytest

from swoop_desktop import i18n
from swoop_desktop.storage import Settings, load_settings
from swoop_desktop.storage.paths import open_dirs
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.settings import SettingsScene
from tests.ui.overlap import layout, mark_words


def words_drawn(p: Pilot) -> set[str]:
    p.step(2)
    words, _buttons = layout(p)
    return {text for text, _rect in words}


def open_settings(p: Pilot) -> SettingsScene:
    p.app.open("settings")
    p.step()
    scene = p.top
    assert isinstance(scene, SettingsScene)
    return scene


def test_the_language_row_names_each_language_present_in_its_own_words(catalogues, tmp_path):
    with Pilot(data_dir=tmp_path / "data", start="title") as p:
        scene = open_settings(p)
        row = scene.rows["language"]
        assert isinstance(row, W.Choice)
        offered = {o.value: o.text for o in row.options}
        assert offered == {code: i18n.NAMES[code] for code in i18n.available_languages()}
        assert {"en", "de", "fr", "es", "fi", "it", "pl"} <= set(offered)
        assert row.value == "en"  # the system's language (the tests' is English)


def test_choosing_a_language_in_settings_changes_the_next_frames_words(
    catalogues, monkeypatch, tmp_path
):
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path / "data", start="title") as p:
        scene = open_settings(p)
        assert {"Settings", "Done"} <= words_drawn(p)
        scene.rows["language"].on_change("de")
        after = words_drawn(p)
        assert "Einstellungen" in after, after
        assert "Settings" not in after
        assert i18n.language() == "de"
        assert p.app.settings.language == "de"
        p.app.pop()
        title = words_drawn(p)
        assert {"Neues Spiel", "Einstellungen"} <= title, title


def test_the_chosen_language_is_kept_across_a_restart(catalogues, monkeypatch, tmp_path):
    data = tmp_path / "data"
    with Pilot(data_dir=data, start="title") as p:
        open_settings(p).rows["language"].on_change("fi")
        p.step()
    i18n.set_language(None)  # as a fresh start would find it: the system's (English)
    assert i18n.language() == "en"
    saved = json.loads((open_dirs(data)[0].settings_file).read_text("utf-8"))
    assert saved["language"] == "fi"
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=data, start="title") as p:
        assert i18n.language() == "fi"
        assert p.app.settings.language == "fi"
        assert "Asetukset" in words_drawn(p)


def test_a_settings_file_from_before_the_language_choice_loads_as_before(tmp_path):
    dirs, _messages = open_dirs(tmp_path / "data")
    older = Settings().to_json()
    del older["language"]
    older["animation_speed"] = "fast"
    dirs.settings_file.parent.mkdir(parents=True, exist_ok=True)
    dirs.settings_file.write_text(
        json.dumps({"format": "swoop-settings", "version": 2, **older}), "utf-8"
    )
    settings, messages = load_settings(dirs)
    assert messages == []
    assert settings.language == ""  # the system's language, as before
    assert settings.animation_speed == "fast"


def test_an_unknown_language_read_back_is_told_once_and_the_systems_is_used(tmp_path):
    dirs, _messages = open_dirs(tmp_path / "data")
    body = {**Settings().to_json(), "language": "tlh", "animation_speed": "fast"}
    dirs.settings_file.parent.mkdir(parents=True, exist_ok=True)
    dirs.settings_file.write_text(
        json.dumps({"format": "swoop-settings", "version": 2, **body}), "utf-8"
    )
    settings, messages = load_settings(dirs)
    assert settings.language == "" and settings.animation_speed == "fast"
    assert len(messages) == 1 and "'tlh'" in messages[0], messages
    assert "language" in messages[0]


def test_a_language_without_its_catalogue_is_said_in_english(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "no catalogues")
    mark_words(monkeypatch)
    with Pilot(size=(1280, 720), data_dir=tmp_path / "data", start="title") as p:
        scene = open_settings(p)
        assert [o.value for o in scene.rows["language"].options] == ["en"]
        p.app.update_settings(language="de")
        assert i18n.language() == "en"
        assert "Settings" in words_drawn(p)
        assert p.top.rows["language"].value == "en"  # the row says what is shown


@pytest.mark.parametrize("in_game", [False, True], ids=["from the title", "over a game"])
def test_the_settings_page_speaks_the_pseudo_language_on_every_row(monkeypatch, tmp_path, in_game):
    from tests.ui.test_translation import english_left

    i18n.set_language(i18n.PSEUDO)
    try:
        mark_words(monkeypatch)
        with Pilot(
            size=(1920, 1080), data_dir=tmp_path, start="table" if in_game else "title"
        ) as p:
            scene = open_settings(p)
            seen: set[str] = set()
            for _ in range(40):  # every row, scrolled into view page by page
                seen |= {text for text, _rect in layout(p)[0]}
                offset = scene.panel.offset
                scene.panel.scroll_by(300)
                if scene.panel.offset == offset:
                    break  # the last page was seen: the rest would be the same page again
                p.step()
            # The languages are named in their own words, whatever the language shown.
            texts = [(t, None) for t in seen if t not in i18n.NAMES.values()]
            assert english_left(texts) == [], sorted(english_left(texts))
    finally:
        i18n.set_language(i18n.SOURCE)


def test_how_to_play_speaks_the_pseudo_language(monkeypatch, tmp_path):
    from swoop_desktop.engine import Rules
    from swoop_desktop.ui.rules_text import how_to_play, summary
    from tests.ui.test_translation import english_left

    i18n.set_language(i18n.PSEUDO)
    try:
        for preset in ("app", "classic", "traditional"):
            rules = Rules.from_preset(preset)
            blocks = how_to_play(rules, this_game=preset == "classic")
            assert english_left([(body, None) for _kind, body in blocks]) == []
            assert english_left([(summary(rules.with_options(decks=3)), None)]) == []
    finally:
        i18n.set_language(i18n.SOURCE)
