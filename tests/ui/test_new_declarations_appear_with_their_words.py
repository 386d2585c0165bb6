"""A new playing style, level, title button or language is its declaration and its words,
and nothing else: each test here adds one to a scratch copy of the game, edits only what
the project says declares it (``docs/architecture.md``, "A newcomer's tasks") and its
words (the English beside the declaration, a German translation in the German catalogue,
compiled as ``make catalogues`` does), and runs the copy through the Pilot the way a player
would meet it: on the Settings page, at the table, on the title, in English and in German.

A new rule option or setting is added the same way in
``tests/ui/test_settings_rows_from_declarations.py`` and ``tests/ui/test_settings_page.py``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# -- the scratch copy ------------------------------------------------------------------------


def _scratch_package(tmp_path: Path) -> Path:
    """A copy of the game's package (compiled modules too: Python compiles again only the
    files changed here)."""
    package = tmp_path / "scratch" / "swoop_desktop"
    shutil.copytree(ROOT / "swoop_desktop", package)
    return package


def _insert_before(path: Path, anchor: str, text: str) -> None:
    old = path.read_text(encoding="utf-8")
    assert old.count(anchor) == 1, anchor
    path.write_text(old.replace(anchor, text + anchor), encoding="utf-8")


def _insert_after(path: Path, anchor: str, text: str) -> None:
    old = path.read_text(encoding="utf-8")
    assert old.count(anchor) == 1, anchor
    path.write_text(old.replace(anchor, anchor + text), encoding="utf-8")


def _add_translations(package: Path, language: str, entries: str) -> None:
    """Entries added to the end of a language's catalogue."""
    po = package / "locale" / language / "LC_MESSAGES" / "swoop.po"
    po.write_text(po.read_text(encoding="utf-8") + "\n" + entries, encoding="utf-8")


def _compile_catalogues(package: Path) -> None:
    """Every catalogue of the copy compiled beside its .po (``tools/catalogues.py``)."""
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    tool.compile_all(package.parent)


#: What every run in the copy starts with: the copy's game is the one imported, and the
#: helpers a player's checks need.
PRELUDE = """
import sys, tempfile
from pathlib import Path

import pygame
import pytest

import swoop_desktop
assert Path(swoop_desktop.__file__).is_relative_to(Path(sys.argv[1])), swoop_desktop.__file__
from swoop_desktop import i18n
from swoop_desktop.ui.pilot import Pilot
from tests.ui.overlap import layout, mark_words
from tests.ui.test_menus import pick

monkeypatch = pytest.MonkeyPatch()
mark_words(monkeypatch)  # every word drawn is noted where it lands


def words_drawn(p):
    p.step(2)
    words, _buttons = layout(p)
    return {text for text, _rect in words}


def open_settings(p):
    p.app.open("settings")
    p.step()
    assert p.top.name == "settings", p.top.name
    return p.top


def choose_language(p, code):
    \"\"\"The language chosen on the Settings page's row, as a player does; back to the title.\"\"\"
    scene = open_settings(p)
    for _ in range(len(i18n.available_languages())):
        row = scene.rows["language"]  # made again in each new language
        if row.value == code:
            break
        scene.panel.scroll_to_widget(row)
        p.step()
        index = [o.value for o in row.options].index(code)
        segmented = row._is_segmented(p.app.theme)
        p.click(row.segment_rects()[index].center if segmented else row.arrow_rects()[1].center)
    assert i18n.language() == code and p.app.settings.language == code
    p.app.pop()
    p.step()
"""


def _run_in_copy(tmp_path: Path, package: Path, checks: str) -> str:
    """``checks`` run in a new interpreter that imports the copy; what it printed."""
    scratch = package.parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(scratch), str(ROOT)]))
    env.update(
        SWOOP_HOME=str(tmp_path / "home"),
        SWOOP_LANGUAGE="en",
        SWOOP_THINKING="threads",
        SWOOP_OPENING_WAIT="60",
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    done = subprocess.run(
        [sys.executable, "-c", PRELUDE + checks, str(scratch)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-4000:]
    return done.stdout


# -- a playing style ---------------------------------------------------------------------------

NEW_PERSONALITY = """\
    "patient": {"flip": -0.3, "swoop_card": -0.5},
"""
NEW_PERSONALITY_WORDS = """\
    "patient": OpponentWords(
        N_("Patient"), N_("Waits for its moment: flips late and keeps its Swoop cards.")
    ),
"""
NEW_PERSONALITY_GERMAN = """\
msgid "Patient"
msgstr "Geduldig"

msgid "Waits for its moment: flips late and keeps its Swoop cards."
msgstr "Wartet auf seinen Moment: deckt spät auf und behält seine Swoop-Karten."
"""

PERSONALITY_CHECKS = """
with tempfile.TemporaryDirectory() as folder, Pilot(data_dir=folder, start="title") as p:
    p.app.pilot = p
    scene = open_settings(p)
    for seat in (1, 2, 3):  # every opponent's style row offers it, last, with its words
        row = scene.rows[f"style{seat}"]
        new = row.options[-1]
        assert [o.value for o in row.options][:-1] == ["balanced", "aggressive", "cautious", "pyro"]
        assert (new.value, new.text) == ("patient", "Patient"), new
        assert new.help == "Waits for its moment: flips late and keeps its Swoop cards."
    pick(p.app, scene, "style1", "patient")
    assert p.app.settings.opponent(1)["personality"] == "patient"
    p.app.pop()
    # The next game's left opponent plays in that style.
    p.app.new_game()
    p.step()
    assert p.table.seats[1].personality == "patient", p.table.seats[1]
    assert p.wait_for_turn()
    p.app.to_title()
    p.step()
    # In German, its words are German.
    choose_language(p, "de")
    scene = open_settings(p)
    row = scene.rows["style1"]
    assert row.value == "patient"
    new = row.options[-1]
    assert (new.value, new.text) == ("patient", "Geduldig"), new
    assert new.help.startswith("Wartet auf seinen Moment"), new.help
    scene.panel.scroll_to_widget(row)
    assert "Geduldig" in words_drawn(p)
print("the new style is offered with its words")
"""


def test_a_new_personality_declared_alone_is_offered_in_settings_with_its_words(tmp_path):
    package = _scratch_package(tmp_path)
    _insert_before(
        package / "ai" / "features.py",
        "}\nPERSONALITIES: tuple[str, ...] = tuple(PERSONALITY_SHIFTS)",
        NEW_PERSONALITY,
    )
    _insert_after(
        package / "ai" / "opponent_words.py",
        "PERSONALITY_WORDS: dict[str, OpponentWords] = {\n",
        NEW_PERSONALITY_WORDS,
    )
    _add_translations(package, "de", NEW_PERSONALITY_GERMAN)
    _compile_catalogues(package)
    assert "offered with its words" in _run_in_copy(tmp_path, package, PERSONALITY_CHECKS)


# -- a level -------------------------------------------------------------------------------------

NEW_LEVEL_WORDS = """\
    "brisk": LevelWords(
        Np_("level", "Brisk"),
        N_("Finds the sensible move almost every time, and remembers every pick-up."),
        Np_("level", "brisk"),
    ),
"""
NEW_LEVEL_GERMAN = """\
msgctxt "level"
msgid "Brisk"
msgstr "Zügig"

msgctxt "level"
msgid "brisk"
msgstr "zügig"

msgid "Finds the sensible move almost every time, and remembers every pick-up."
msgstr "Findet fast immer den vernünftigen Zug und merkt sich jede Aufnahme."
"""

LEVEL_CHECKS = """
LADDER = ["easy", "casual", "steady", "keen", "brisk", "normal", "sharp", "hard", "expert"]
HELP = "Finds the sensible move almost every time, and remembers every pick-up."
with tempfile.TemporaryDirectory() as folder, Pilot(data_dir=folder, start="title") as p:
    p.app.pilot = p
    scene = open_settings(p)
    for seat in (1, 2, 3):  # every opponent's level row offers it in its place, with its words
        row = scene.rows[f"level{seat}"]
        assert [o.value for o in row.options] == LADDER, row.options
        new = row.options[LADDER.index("brisk")]
        assert (new.text, new.help) == ("Brisk", HELP), new  # not measured: no rating beside it
        pick(p.app, scene, f"level{seat}", "brisk")
    assert [p.app.settings.opponent(s)["level"] for s in (1, 2, 3)] == ["brisk"] * 3
    p.app.pop()
    p.step()
    # In German, its words are German: on the Settings page and on the name plates.
    choose_language(p, "de")
    scene = open_settings(p)
    new = scene.rows["level1"].options[LADDER.index("brisk")]
    assert new.text == "Zügig" and new.help.startswith("Findet fast immer"), new
    p.app.pop()
    p.app.new_game()
    p.step()
    assert [s.level for s in p.table.seats[1:]] == ["brisk"] * 3
    plates = sorted(w for w in words_drawn(p) if w in ("zügig", "brisk", "Zügig"))
    assert plates == ["zügig"], plates
    # The three opponents of the new level play their turns.
    assert p.wait_for_turn()
    table = p.table
    table.apply(table.state.legal_actions()[0])
    assert p.wait_for_turn()
    assert not [line for line in table.model.log if "failed" in line or "illegal" in line]
print("the new level is offered and named with its words")
"""


def test_a_new_level_declared_alone_is_offered_and_named_on_the_table_with_its_words(tmp_path):
    package = _scratch_package(tmp_path)
    _insert_after(package / "choices.py", '    KEEN = "keen"\n', '    BRISK = "brisk"\n')
    _insert_after(package / "choices.py", "    Level.KEEN,\n", "    Level.BRISK,\n")
    _insert_after(
        package / "ai" / "bots.py",
        '    "keen": Knobs(temperature=0.145, memory=None),\n',
        '    "brisk": Knobs(temperature=0.1, memory=None),\n',
    )
    _insert_before(
        package / "ai" / "opponent_words.py", '    "normal": LevelWords(', NEW_LEVEL_WORDS
    )
    _add_translations(package, "de", NEW_LEVEL_GERMAN)
    _compile_catalogues(package)
    assert "named with its words" in _run_in_copy(tmp_path, package, LEVEL_CHECKS)


# -- a title button ------------------------------------------------------------------------------

NEW_TITLE_BUTTON = """\
    TitleButton(
        "rules",
        N_("The rules"),
        TitleScene.open_howto,
        pygame.K_u,
        N_("Every rule of the game, in plain words."),
    ),
"""
NEW_TITLE_BUTTON_GERMAN = """\
msgid "The rules"
msgstr "Die Regeln"

msgid "Every rule of the game, in plain words."
msgstr "Jede Regel des Spiels, in einfachen Worten."
"""

TITLE_CHECKS = """
from swoop_desktop.ui.scenes.title import TITLE_BUTTONS
from tests.ui.test_hotkeys import shared_keys


def check_the_title(p, label, tip):
    \"\"\"The new button in its declared place, its words drawn on it, clear of the others
    and of the words under the title, in the window, with a key of its own.\"\"\"
    title = p.top
    assert title.name == "title"
    assert list(title.buttons) == [b.key for b in TITLE_BUTTONS if b.key != "continue"]
    assert list(title.buttons)[-2:] == ["rules", "quit"]
    button = title.buttons["rules"]
    assert (button.label, button.key, button.tooltip) == (label, pygame.K_u, tip), button
    drawn = [rect for text, rect in layout(p)[0] if text == label]
    assert drawn and all(button.rect.contains(rect) for rect in drawn), (drawn, button.rect)
    assert p.app.screen.get_rect().contains(button.rect)
    others = [b.rect for key, b in title.buttons.items() if key != "rules"]
    assert button.rect.collidelist(others + title.word_rects) < 0
    assert shared_keys(title) == {}


with tempfile.TemporaryDirectory() as folder, Pilot(data_dir=folder, start="title") as p:
    p.step(2)
    check_the_title(p, "The rules", "Every rule of the game, in plain words.")
    # Its key does what it declares, and so does a click.
    p.press(pygame.K_u)
    assert p.top.name == "howto", p.top.name
    p.press(pygame.K_ESCAPE)
    assert p.top.name == "title", p.top.name
    p.click(p.top.buttons["rules"].rect.center)
    assert p.top.name == "howto", p.top.name
    p.app.pop()
    p.step()
    # In German, its words are German.
    choose_language(p, "de")
    check_the_title(p, "Die Regeln", "Jede Regel des Spiels, in einfachen Worten.")
    p.press(pygame.K_u)
    assert p.top.name == "howto", p.top.name
print("the new title button is drawn with its words and works")
"""


def test_a_new_title_button_declared_alone_is_drawn_with_its_label_and_hotkey_and_works(tmp_path):
    package = _scratch_package(tmp_path)
    _insert_before(
        package / "ui" / "scenes" / "title.py",
        '    TitleButton(\n        "quit",\n',
        NEW_TITLE_BUTTON,
    )
    _add_translations(package, "de", NEW_TITLE_BUTTON_GERMAN)
    _compile_catalogues(package)
    assert "drawn with its words and works" in _run_in_copy(tmp_path, package, TITLE_CHECKS)


# -- a language ----------------------------------------------------------------------------------

NEW_LANGUAGE_NAME = """\
    "nl": "Nederlands",
"""
#: A Dutch catalogue (its first few messages: the rest are said in English, message by
#: message, until they are translated).
DUTCH = """\
msgid ""
msgstr ""
"Project-Id-Version: Swoop 0.1.0\\n"
"PO-Revision-Date: 2026-12-04 12:00+0000\\n"
"Last-Translator: the Swoop translators\\n"
"Language: nl\\n"
"Language-Team: Dutch\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Content-Transfer-Encoding: 8bit\\n"

msgid "Settings"
msgstr "Instellingen"

msgid "Done"
msgstr "Klaar"

msgid "Language"
msgstr "Taal"

msgid "New game"
msgstr "Nieuw spel"
"""

LANGUAGE_CHECKS = """
import json
from swoop_desktop.storage.paths import open_dirs

with tempfile.TemporaryDirectory() as folder:
    with Pilot(data_dir=folder, start="title") as p:
        p.app.pilot = p
        scene = open_settings(p)
        row = scene.rows["language"]
        offered = [(o.value, o.text) for o in row.options]
        assert ("nl", "Nederlands") in offered, offered
        assert offered == [(code, i18n.NAMES[code]) for code in i18n.available_languages()]
        p.app.pop()
        p.step()
        choose_language(p, "nl")
        # The title and the Settings page speak Dutch where the catalogue does, and English
        # where it has no words yet.
        assert {"Nieuw spel", "Instellingen", "Scores"} <= words_drawn(p)
        scene = open_settings(p)
        row = scene.rows["language"]
        assert (row.label, row.value) == ("Taal", "nl")
        scene.panel.scroll_to_widget(row)
        drawn = words_drawn(p)
        assert {"Instellingen", "Klaar", "Taal", "Nederlands"} <= drawn, drawn
    # Kept in the settings file, and spoken again at the next start.
    saved = json.loads(open_dirs(Path(folder))[0].settings_file.read_text("utf-8"))
    assert saved["language"] == "nl", saved
    i18n.set_language(None)  # as a fresh start finds it: the system's (English)
    with Pilot(data_dir=folder, start="title") as p:
        assert i18n.language() == "nl" and p.app.settings.language == "nl"
        assert "Nieuw spel" in words_drawn(p)
print("the new language is offered by its name and speaks")
"""


def test_a_new_language_added_alone_is_offered_and_speaks(tmp_path):
    package = _scratch_package(tmp_path)
    _insert_after(package / "i18n.py", '    "pl": "Polski",\n', NEW_LANGUAGE_NAME)
    folder = package / "locale" / "nl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "swoop.po").write_text(DUTCH, encoding="utf-8")
    _compile_catalogues(package)
    assert "offered by its name and speaks" in _run_in_copy(tmp_path, package, LANGUAGE_CHECKS)
