"""The Settings page makes each row from what is declared: a rule option's kind, range, step
and values (``OPTION_SPECS``) with its words (``rules_text.OPTION_INFO``), a setting's row,
values and words (the table of settings and ``settings_text``). Nothing on the page names an
option or a setting: the test adds a number option, a choice option and a setting to a
scratch copy of the game, their declarations and their words and nothing else, and finds
each row of the right kind, with its words, changing what it should."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from swoop_desktop.engine import OPTION_NAMES, OPTION_SPECS, PRESETS
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.rules_text import OPTION_INFO, value_text
from swoop_desktop.ui.scenes.settings import SettingsScene

ROOT = Path(__file__).resolve().parents[2]

#: The control each kind of option gets.
CONTROLS = {"toggle": W.Toggle, "choice": W.Choice, "number": W.Stepper}


def check_every_option_row_is_made_from_its_declaration(p: Pilot) -> SettingsScene:
    """Each rule option's row is the control of its declared kind, labelled with its words:
    a number its range and step, a choice each declared value by its word, in order."""
    p.app.open("settings")
    p.step()
    scene = p.top
    assert isinstance(scene, SettingsScene)
    rules = p.app.settings.rules
    for name in OPTION_NAMES:
        spec, row = OPTION_SPECS[name], scene.rows[name]
        assert type(row) is CONTROLS[spec.kind], (name, spec.kind, type(row).__name__)
        assert row.label == OPTION_INFO[name].label and row.help, name
        assert row.value == getattr(rules, name), name
        if isinstance(row, W.Stepper):
            assert (row.minimum, row.maximum, row.step) == (spec.minimum, spec.maximum, spec.step)
        if isinstance(row, W.Choice):
            assert [o.value for o in row.options] == list(spec.values), name
            assert [o.text for o in row.options] == [value_text(name, v) for v in spec.values]
    return scene


def test_every_rule_options_row_is_made_from_its_declaration(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        check_every_option_row_is_made_from_its_declaration(p)


def test_the_target_row_counts_in_its_declared_steps(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        scene = check_every_option_row_is_made_from_its_declaration(p)
        row = scene.rows["target"]
        row.adjust(+1)
        p.step()
        assert p.app.settings.rules.target == PRESETS["app"].target + OPTION_SPECS["target"].step


# -- a scratch copy with a new number option, a new choice option and a new setting --------

NEW_OPTIONS = """\
    pile_limit: int = _option(
        "number",
        app=20,
        classic=20,
        traditional=30,
        rule="R9",
        values=(10, 20, 40),
        minimum=10,
        maximum=40,
        step=5,
    )
    joker_points: str = _option(
        "choice",
        app="fifty",
        classic="fifty",
        traditional="twenty",
        rule="R15",
        values=("fifty", "twenty", "none"),
    )
"""
NEW_OPTION_WORDS = """\
    "pile_limit": OptionInfo(
        "Pile limit", "The pile is swooped away when it holds this many cards."
    ),
    "joker_points": OptionInfo(
        "Jokers' points",
        "What a Joker left in your hand costs when someone goes out.",
        (
            OptionChoice("fifty", "Fifty", "As many as the rule set says."),
            OptionChoice("twenty", "Twenty"),
            OptionChoice("none", "Nothing"),
        ),
    ),
"""
NEW_SETTING = """\
    card_back: str = setting(
        "blue", OneOf(("blue", "red", "green")), Applies.CARDS, Row("cards", "choice")
    )
"""
NEW_SETTING_WORDS = """\
    "card_back": SettingWords(
        "Card back",
        "The colour of the cards' backs.",
        {"blue": ("Blue", ""), "red": ("Red", ""), "green": ("Green", "")},
    ),
"""

SCRATCH_CHECKS = """
import sys, tempfile
from pathlib import Path
import swoop_desktop
assert Path(swoop_desktop.__file__).is_relative_to(Path(sys.argv[1])), swoop_desktop.__file__
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.pilot import Pilot
from tests.ui import test_settings_rows_from_declarations as rows_tests

with tempfile.TemporaryDirectory() as folder, Pilot(data_dir=folder, start="title") as p:
    scene = rows_tests.check_every_option_row_is_made_from_its_declaration(p)
    limit, points, back = (scene.rows[n] for n in ("pile_limit", "joker_points", "card_back"))
    assert isinstance(limit, W.Stepper), type(limit).__name__
    assert (limit.label, limit.value, limit.minimum, limit.maximum, limit.step) == (
        "Pile limit", 20, 10, 40, 5
    )
    assert limit.help == "The pile is swooped away when it holds this many cards."
    assert isinstance(points, W.Choice), type(points).__name__
    assert points.label == "Jokers' points"
    assert [(o.value, o.text) for o in points.options] == [
        ("fifty", "Fifty"), ("twenty", "Twenty"), ("none", "Nothing")
    ]
    assert isinstance(back, W.Choice), type(back).__name__
    assert (back.label, back.help) == ("Card back", "The colour of the cards' backs.")
    assert [(o.value, o.text) for o in back.options] == [
        ("blue", "Blue"), ("red", "Red"), ("green", "Green")
    ]
    assert back in scene.setting_rows["card_back"]
    # Each row changes what it should, and the page shows it.
    limit.adjust(+1)
    points.on_change("none")
    back.on_change("green")
    p.step()
    rules = p.app.settings.rules
    assert (rules.pile_limit, rules.joker_points) == (25, "none"), rules
    assert p.app.settings.card_back == "green"
    scene.choose_preset("traditional")
    assert (limit.value, points.value) == (30, "twenty")
print("each new row is of its kind, with its words")
"""


def _insert_before(path: Path, anchor: str, text: str) -> None:
    old = path.read_text(encoding="utf-8")
    assert old.count(anchor) == 1, anchor
    path.write_text(old.replace(anchor, text + anchor), encoding="utf-8")


def _insert_after(path: Path, anchor: str, text: str) -> None:
    old = path.read_text(encoding="utf-8")
    assert old.count(anchor) == 1, anchor
    path.write_text(old.replace(anchor, anchor + text), encoding="utf-8")


def test_new_options_and_a_new_setting_get_their_rows_from_their_declarations(tmp_path):
    scratch = tmp_path / "scratch"
    # The compiled modules go too: Python reads a module's own only while its source is
    # unchanged, so only the files changed here are compiled again.
    shutil.copytree(ROOT / "swoop_desktop", scratch / "swoop_desktop")
    package = scratch / "swoop_desktop"
    _insert_before(package / "engine" / "rules.py", "    # -- construction", NEW_OPTIONS)
    _insert_after(
        package / "ui" / "rules_text.py",
        "OPTION_INFO: dict[str, OptionInfo] = {\n",
        NEW_OPTION_WORDS,
    )
    _insert_before(package / "storage" / "settings.py", "\n    def with_rules(", NEW_SETTING)
    _insert_after(
        package / "ui" / "settings_text.py",
        "SETTING_WORDS: dict[str, SettingWords] = {\n",
        NEW_SETTING_WORDS,
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
    assert done.returncode == 0, done.stdout + done.stderr[-4000:]
    assert "with its words" in done.stdout
