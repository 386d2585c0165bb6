"""The Settings page is built from the table of settings: every setting the table puts on
the page gets its rows, with its words, in its section, and each row changes and saves its
setting. A new setting is one table entry plus its words (and its effect): the last test
adds two to a scratch copy of the game and runs these same checks over it."""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path

from swoop_desktop.storage import Settings, load_settings
from swoop_desktop.storage.settings import SETTINGS, Applies
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.settings import SettingsScene
from swoop_desktop.ui.settings_text import NEXT_GAME_NOTE, SECTION_WORDS, SETTING_WORDS

ROOT = Path(__file__).resolve().parents[2]
PLAIN_ROWS = ("toggle", "choice", "slider")  # one row each, its words in SETTING_WORDS


def open_settings(p: Pilot) -> SettingsScene:
    p.app.open("settings")
    p.step()
    scene = p.top
    assert isinstance(scene, SettingsScene)
    return scene


def check_every_setting_has_its_rows_and_words(p: Pilot) -> None:
    """Each setting the table puts on the page has rows with words, in its section's order;
    a plain row shows the setting's value, its words and every value it offers by name."""
    scene = open_settings(p)
    shown = [e for e in SETTINGS if e.row is not None]
    sections = list(dict.fromkeys(e.row.section for e in shown if e.row))
    # Section by section, in the order the table first names each; in table order within.
    in_order = [e.name for s in sections for e in shown if e.row and e.row.section == s]
    assert list(scene.setting_rows) == in_order
    headings = [w for w in scene.panel.widgets if isinstance(w, W.Heading)]
    assert [h.text for h in headings] == [SECTION_WORDS[s] for s in sections]
    for heading, section in zip(headings, sections, strict=True):
        next_game = all(e.applies is Applies.NEXT_GAME for e in shown if e.row.section == section)
        assert heading.note == (NEXT_GAME_NOTE if next_game else "")
    for entry in shown:
        rows = [w for w in scene.setting_rows[entry.name] if isinstance(w, W.Row)]
        assert rows and all(r.label for r in rows), entry.name
        assert all(r in scene.panel.widgets for r in rows)
        if entry.row.kind not in PLAIN_ROWS:
            continue
        words = SETTING_WORDS[entry.name]
        (row,) = rows
        assert row is scene.rows[entry.name]
        assert row.label == words.label and len(words.help) > 10, entry.name
        assert row.help == words.help
        assert row.value == getattr(p.app.settings, entry.name)
        if entry.row.kind == "choice":
            assert [o.value for o in row.options] == list(entry.offered)
            assert set(entry.offered) <= set(words.choices), entry.name
            assert [o.text for o in row.options] == [words.choices[v][0] for v in entry.offered]
    for entry in SETTINGS:
        if entry.row is None:
            assert entry.name not in scene.setting_rows and entry.name not in scene.rows


def check_every_plain_row_changes_and_saves_its_setting(p: Pilot) -> None:
    scene = open_settings(p)
    for entry in SETTINGS:
        if entry.row is None or entry.row.kind not in PLAIN_ROWS:
            continue
        row = scene.rows[entry.name]
        before = getattr(p.app.settings, entry.name)
        if isinstance(row, W.Toggle):
            row.activate()
        elif isinstance(row, W.Choice):
            row.on_change(next(o.value for o in row.options if o.value != before))
        else:
            row.on_change(0.3 if before != 0.3 else 0.6)
        p.step()
        assert getattr(p.app.settings, entry.name) != before, entry.name
    assert load_settings(p.app.dirs)[0] == p.app.settings


def test_every_setting_on_the_page_gets_its_rows_and_its_words(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        check_every_setting_has_its_rows_and_words(p)


def test_every_plain_row_changes_and_saves_its_setting(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        check_every_plain_row_changes_and_saves_its_setting(p)


def test_restoring_defaults_keeps_only_what_the_table_marks_kept(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        scene = open_settings(p)
        mine = Settings(**{e.name: e.read.example(e.default) for e in SETTINGS})
        p.app.settings = mine
        scene.reset_to_defaults()
        kept = {
            e.name: getattr(mine, e.name)
            for e in SETTINGS
            if e.applies in (Applies.KEPT, Applies.LANGUAGE)
        }
        assert set(kept) == {"window_size", "window_pos", "language"}
        assert p.app.settings == dataclasses.replace(Settings(), **kept)


# A new setting of each common kind, as a newcomer adds them: the field with its table
# entry, and its words. Nothing else in the game is edited.
NEW_FIELDS = """\
    tidy_hand: bool = setting(False, Flag(), Applies.AT_ONCE, Row("cards", "toggle"))
    card_back: str = setting("blue", OneOf(("blue", "red")), Applies.CARDS, Row("cards", "choice"))
"""
NEW_WORDS = """\
    "tidy_hand": SettingWords("Tidy hand", "Keep your hand sorted by rank as cards arrive."),
    "card_back": SettingWords(
        "Card back", "The colour of the cards' backs.", {"blue": ("Blue", ""), "red": ("Red", "")}
    ),
"""
SCRATCH_CHECKS = """
import json, sys, tempfile
from pathlib import Path
import swoop_desktop
assert Path(swoop_desktop.__file__).is_relative_to(Path(sys.argv[1])), swoop_desktop.__file__
from swoop_desktop.storage import Settings, load_settings, resolve_dirs, save_settings
from swoop_desktop.storage.settings import SETTING_BY_NAME, Applies, settings_from_json
from swoop_desktop.ui.pilot import Pilot
from tests.storage import test_settings_table as table_tests
from tests.ui import test_settings_page as page_tests

# Read, defaulted and checked.
assert Settings().tidy_hand is False and Settings().card_back == "blue"
read = settings_from_json({"tidy_hand": True, "card_back": "red"})
assert read.tidy_hand is True and read.card_back == "red"
notes = []
assert settings_from_json({"card_back": "green"}, notes).card_back == "blue"
assert len(notes) == 1 and "card_back" in notes[0]
assert SETTING_BY_NAME["card_back"].applies is Applies.CARDS
# The table's own checks, now over the new settings too.
assert {"tidy_hand", "card_back"} <= set(table_tests.NAMES)
table_tests.test_the_table_has_an_entry_for_every_setting_in_field_order()
table_tests.test_every_setting_round_trips_with_a_value_of_its_own()
for name in table_tests.NAMES:
    table_tests.test_each_setting_defaults_to_its_table_entry_when_missing(name)
    table_tests.test_a_bad_value_costs_only_that_setting_with_one_plain_message(name)
# Its rows on the Settings page, with its words, changing and saving it.
with tempfile.TemporaryDirectory() as folder, Pilot(data_dir=folder, start="title") as p:
    page_tests.check_every_setting_has_its_rows_and_words(p)
    scene = p.top
    assert scene.rows["card_back"].label == "Card back"
    cards = [w.label for w in scene.setting_rows["tidy_hand"] + scene.setting_rows["card_back"]]
    assert cards == ["Tidy hand", "Card back"]
    page_tests.check_every_plain_row_changes_and_saves_its_setting(p)
    assert p.app.settings.tidy_hand is True and p.app.settings.card_back == "red"
    assert load_settings(p.app.dirs)[0].card_back == "red"
print("a new setting is read, defaulted, round-tripped and given its row")
"""


def _insert_before(path: Path, anchor: str, text: str) -> None:
    old = path.read_text(encoding="utf-8")
    assert old.count(anchor) == 1, anchor
    path.write_text(old.replace(anchor, text + anchor), encoding="utf-8")


def _insert_after(path: Path, anchor: str, text: str) -> None:
    old = path.read_text(encoding="utf-8")
    assert old.count(anchor) == 1, anchor
    path.write_text(old.replace(anchor, anchor + text), encoding="utf-8")


def test_a_new_setting_is_one_table_entry_plus_its_words(tmp_path):
    scratch = tmp_path / "scratch"
    # The compiled modules go too: Python reads a module's own only while its source is
    # unchanged (same size and time), so the two files changed here are compiled again
    # and nothing else is.
    shutil.copytree(ROOT / "swoop_desktop", scratch / "swoop_desktop")
    package = scratch / "swoop_desktop"
    _insert_before(package / "storage" / "settings.py", "\n    def with_rules(", NEW_FIELDS)
    _insert_after(
        package / "ui" / "settings_text.py",
        "SETTING_WORDS: dict[str, SettingWords] = {\n",
        NEW_WORDS,
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(scratch), str(ROOT)]))
    env["SWOOP_HOME"] = str(tmp_path / "home")
    done = subprocess.run(
        [sys.executable, "-c", SCRATCH_CHECKS, str(scratch)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "given its row" in done.stdout
