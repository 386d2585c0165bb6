"""The translators' files stay usable: every catalogue passes GNU gettext's own check
(``msgfmt --check``, as CI runs it), and the template can be gathered from the code with the
Makefile's keywords, holding the words of the Settings page, the rules and the seat names."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = sorted((ROOT / "swoop_desktop" / "locale").glob("*/LC_MESSAGES/swoop.po"))


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.parent.parent.name)
def test_every_catalogue_passes_msgfmts_check(po, tmp_path):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed")
    done = subprocess.run(
        [msgfmt, "--check", "--statistics", "-o", str(tmp_path / "swoop.mo"), str(po)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "translated message" in done.stderr


def test_the_catalogue_check_of_make_test_passes():
    if not shutil.which("msgfmt") and importlib.util.find_spec("babel") is None:
        pytest.skip("neither GNU msgfmt nor Babel is installed to compile the catalogues")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "catalogues.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert {line.split(":")[0] for line in done.stdout.splitlines()} == {
        p.parent.parent.name for p in CATALOGUES
    }


def _makefile_keywords() -> list[str]:
    """The ``-k`` keywords ``make messages`` gives pybabel extract."""
    text = (ROOT / "Makefile").read_text("utf-8")
    return re.findall(r"-k (\S+)", text)


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> set[tuple[str | None, str]]:
    """(context, message) of every message extracted from the code, as ``make messages``
    would gather them (into a scratch file: the repository's template is left alone)."""
    if importlib.util.find_spec("babel") is None:
        pytest.skip("Babel is not installed")
    from babel.messages.pofile import read_po

    out = tmp_path_factory.mktemp("pot") / "swoop.pot"
    keywords = [arg for k in _makefile_keywords() for arg in ("-k", k)]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "--quiet",
            "extract",
            "-F",
            "babel.cfg",
            "-o",
            str(out),
            "--add-comments",
            "Translators:",
            *keywords,
            ".",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    with open(out, "rb") as fh:
        catalogue = read_po(fh)
    found: set[tuple[str | None, str]] = set()
    for message in catalogue:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for msgid in ids:
            found.add((message.context, msgid))
    return found


def test_the_settings_pages_words_are_in_the_template(template):
    from swoop_desktop.ai.opponent_words import LEVEL_WORDS, PERSONALITY_WORDS
    from swoop_desktop.ui.settings_text import NEXT_GAME_NOTE, SECTION_WORDS, SETTING_WORDS

    wanted = {NEXT_GAME_NOTE, *SECTION_WORDS.values()}
    for words in SETTING_WORDS.values():
        wanted |= {words.label, words.help}
        wanted |= {t for pair in words.choices.values() for t in pair}
    for table in (LEVEL_WORDS, PERSONALITY_WORDS):
        wanted |= {t for entry in table.values() for t in (entry.name, entry.help)}
    messages = {msgid for _context, msgid in template}
    assert {w for w in wanted if w} - messages == set()


def test_the_rules_words_are_in_the_template(template):
    from swoop_desktop.ui.rules_text import OPTION_INFO, PRESET_INFO

    wanted = {t for pair in PRESET_INFO.values() for t in pair}
    for info in OPTION_INFO.values():
        wanted |= {info.label, info.help, info.no_effect}
        wanted |= {c.text for c in info.choices if not c.text.isdigit()} | {
            c.help for c in info.choices
        }
    messages = {msgid for _context, msgid in template}
    assert {w for w in wanted if w} - messages == set()


def test_the_seat_names_are_in_the_template_with_their_context(template):
    for name in ("You", "Lefty", "Topper", "Righty"):
        assert ("seat name", name) in template
