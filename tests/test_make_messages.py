"""``make messages`` (tools/messages.py) writes only what the code decides, so running it
again changes nothing and ``make test`` can hold the committed template and catalogues to
it: a message moved to another line changes nothing, a new day changes nothing, a new or
changed sentence comes in empty for the translator, never with a guess from one that looks
alike, and the check says in one message what ``make messages`` would change."""

from __future__ import annotations

import datetime
import gettext
import importlib.util
import re
from pathlib import Path

import pytest

pytest.importorskip("babel")
ROOT = Path(__file__).resolve().parent.parent

CODE = """\
from swoop_desktop.i18n import Nn_, Np_, _

# Translators: the button that takes back a play.
UNDO = _("Undo (U)")
BACK = _("Back")
CARDS = Nn_("{n} card", "{n} cards")
YOU = Np_("seat name", "You")
"""
GERMAN: dict[str, str | tuple[str, str]] = {
    "Undo (U)": "Rückgängig (U)",
    "Back": "Zurück",
    "{n} card": ("{n} Karte", "{n} Karten"),
    "You": "Du",
}


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


messages = _tool("messages")
catalogues = _tool("catalogues")


def run(root: Path, *args: str) -> int:
    return messages.main(["--root", str(root), *args])


@pytest.fixture
def project(tmp_path) -> Path:
    """A checkout of a tiny game: babel.cfg, a version, four messages, a German catalogue
    translated whole by the tools' own hands."""
    from babel.messages.pofile import read_po, write_po

    (tmp_path / "babel.cfg").write_bytes((ROOT / "babel.cfg").read_bytes())
    package = tmp_path / "swoop_desktop"
    package.mkdir()
    (package / "__init__.py").write_text('__version__ = "1.2.3"\n', "utf-8")
    (package / "words.py").write_text(CODE, "utf-8")
    assert run(tmp_path) == 0
    pot = package / "locale" / "swoop.pot"
    with open(pot, "rb") as fh:
        catalogue = read_po(fh, locale="de")
    catalogue.fuzzy = False
    for message in catalogue:
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            message.string = GERMAN[key]
    po = package / "locale" / "de" / "LC_MESSAGES" / "swoop.po"
    po.parent.mkdir(parents=True)
    with open(po, "wb") as fh:
        write_po(fh, catalogue)
    assert run(tmp_path) == 0  # in the tool's own form
    return tmp_path


def _po(root: Path) -> Path:
    return root / "swoop_desktop" / "locale" / "de" / "LC_MESSAGES" / "swoop.po"


def _pot(root: Path) -> Path:
    return root / "swoop_desktop" / "locale" / "swoop.pot"


def test_running_it_again_changes_nothing_and_the_check_passes(project, capsys):
    before = {p: p.read_bytes() for p in (_pot(project), _po(project))}
    capsys.readouterr()
    assert run(project) == 0
    assert "nothing to change" in capsys.readouterr().out
    assert {p: p.read_bytes() for p in before} == before
    assert run(project, "--check") == 0
    assert catalogues.main(["--root", str(project), "--check"]) == 0


def test_a_message_moved_to_another_line_changes_nothing(project):
    words = project / "swoop_desktop" / "words.py"
    words.write_text("# the game's words\n\n\n" + CODE + "\nX = 1\n", "utf-8")
    assert run(project, "--check") == 0
    template = _pot(project).read_text("utf-8")
    assert "#: swoop_desktop/words.py\n" in template
    assert not re.search(r"^#: .*:\d", template, re.MULTILINE)  # no line numbers


def _date(text: str) -> str:
    found = re.search(r'"POT-Creation-Date: ([^"]*)\\n"', text)
    assert found
    return found.group(1)


def test_the_template_keeps_its_date_until_a_message_changes(project):
    year = str(datetime.datetime.now(datetime.UTC).year)
    old = "2001-02-03 04:05+0000"
    for path in (_pot(project), _po(project)):
        text = path.read_text("utf-8")
        text = text.replace(_date(text), old)
        if path == _pot(project):  # the header's year is the creation date's
            head, sep, rest = text.partition('msgid ""')
            text = head.replace(year, "2001") + sep + rest
        path.write_text(text, "utf-8")
    assert run(project, "--check") == 0  # another day, another year: nothing to do
    words = project / "swoop_desktop" / "words.py"
    words.write_text(CODE + 'MORE = _("Next >")\n', "utf-8")
    assert run(project) == 0
    template = _pot(project).read_text("utf-8")
    assert _date(template).startswith(year) and f"Copyright (C) {year}" in template
    assert _date(_po(project).read_text("utf-8")) == _date(template)


def test_a_reworded_message_comes_in_empty_not_with_its_old_translation_as_a_guess(project, capsys):
    words = project / "swoop_desktop" / "words.py"
    words.write_text(CODE.replace('"Undo (U)"', '"Undo (U or Ctrl+Z)"'), "utf-8")
    capsys.readouterr()
    assert run(project, "--check") == 1
    told = capsys.readouterr().err
    assert "make messages" in told and "'Undo (U or Ctrl+Z)'" in told and "'Undo (U)'" in told
    assert "swoop.pot" in told and "de" in told

    assert run(project) == 0
    po = _po(project).read_text("utf-8")
    assert 'msgid "Undo (U or Ctrl+Z)"\nmsgstr ""' in po
    assert "fuzzy" not in po and "Rückgängig (U)" not in po
    assert run(project) == 0 and _po(project).read_text("utf-8") == po  # it stays so
    assert run(project, "--check") == 0

    assert catalogues.main(["--root", str(project), "--check"]) == 1
    assert "de: 1 untranslated ('Undo (U or Ctrl+Z)'" in capsys.readouterr().err


def test_an_entry_a_translator_marked_fuzzy_stays_fuzzy_and_is_never_shipped(
    project, tmp_path_factory
):
    po = _po(project)
    text = po.read_text("utf-8")
    marked = text.replace('msgid "Back"\n', '#, fuzzy\nmsgid "Back"\n')
    assert marked != text
    po.write_text(marked, "utf-8")
    assert run(project) == 0
    assert _entry(project, "Back").fuzzy and _entry(project, "Back").string == "Zurück"
    out = tmp_path_factory.mktemp("mo")
    catalogues.compile_all(project, out)
    with open(out / "de" / "LC_MESSAGES" / "swoop.mo", "rb") as fh:
        german = gettext.GNUTranslations(fh)
    assert german.gettext("Back") == "Back"  # English, not a guess
    assert german.gettext("Undo (U)") == "Rückgängig (U)"


def test_a_new_message_comes_in_empty_and_a_gone_one_goes(project, capsys):
    words = project / "swoop_desktop" / "words.py"
    words.write_text(CODE.replace('BACK = _("Back")', 'HINT = _("Hint (H)")'), "utf-8")
    capsys.readouterr()
    assert run(project, "--check") == 1
    told = capsys.readouterr().err
    assert "1 new ('Hint (H)')" in told and "1 gone ('Back')" in told
    assert run(project) == 0
    po = _po(project).read_text("utf-8")
    assert 'msgid "Hint (H)"\nmsgstr ""' in po and '"Back"' not in po


def test_a_catalogue_written_in_another_form_is_told_to_be_remade(project, capsys):
    po = _po(project)
    po.write_text(po.read_text("utf-8").replace("#: swoop_desktop/words.py\n", ""), "utf-8")
    capsys.readouterr()
    assert run(project, "--check") == 1
    told = capsys.readouterr().err
    assert "de: " in told and "lines differ (+#: swoop_desktop/words.py" in told
    assert "swoop.pot" not in told


def _entry(root: Path, msgid: str):
    from babel.messages.pofile import read_po

    with open(_po(root), "rb") as fh:
        catalogue = read_po(fh, locale="de")
    message = catalogue.get(msgid)
    assert message is not None, f"{msgid!r} is not in the German catalogue"
    return message


def test_a_new_message_close_to_a_translated_one_comes_in_empty_never_guessed(project):
    # "Hoarder" came in as German "stark" (the level "hard"), "cards" as "Rekorde"
    words = project / "swoop_desktop" / "words.py"
    words.write_text(CODE + 'BACKS = _("Backs")\nUNDONE = _("Undo (U!)")\n', "utf-8")
    assert run(project) == 0
    for new in ("Backs", "Undo (U!)"):
        message = _entry(project, new)
        assert message.string == "" and not message.fuzzy, (new, message.string)
    assert _entry(project, "Back").string == "Zurück"  # the old ones keep theirs
    assert _entry(project, "Undo (U)").string == "Rückgängig (U)"
    assert run(project, "--check") == 0
