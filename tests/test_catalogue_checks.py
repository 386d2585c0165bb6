"""The translators' files stay usable: every catalogue passes GNU gettext's own check
(``msgfmt --check``, as CI runs it), ``make test``'s catalogue check (tools/catalogues.py
--check) goes by msgfmt's exit status and Babel's own count of each catalogue, never by
what msgfmt prints, and fails on any language not whole (untranslated or fuzzy); and the
template gathered from the code as ``make messages`` does (tools/messages.py) holds the
words of the Settings page, the rules and the seat names."""

from __future__ import annotations

import gettext
import importlib.util
import os
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
    mo = tmp_path / "swoop.mo"
    done = subprocess.run(
        [msgfmt, "--check", "-o", str(mo), str(po)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert mo.stat().st_size > 0


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


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PO_HEADER = """msgid ""
msgstr ""
"Language: de\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

"""


def _root(tmp_path: Path, entries: str, header: str = PO_HEADER) -> Path:
    """A checkout holding one German catalogue of the given entries."""
    po = tmp_path / "root" / "swoop_desktop" / "locale" / "de" / "LC_MESSAGES" / "swoop.po"
    po.parent.mkdir(parents=True)
    po.write_text(header + entries, "utf-8")
    return tmp_path / "root"


WHOLE = 'msgid "Back"\nmsgstr "Zurück"\n\nmsgid "Undo (U)"\nmsgstr "Rückgängig (U)"\n'


def _check(root: Path, capsys) -> tuple[int, str, str]:
    capsys.readouterr()
    status = _tool("catalogues").main(["--root", str(root), "--check"])
    said = capsys.readouterr()
    return status, said.out, said.err


@pytest.fixture
def chatty_msgfmt(tmp_path, monkeypatch) -> Path:
    """A msgfmt first on the path that compiles (with Babel) but warns on both its outputs
    in lines that begin like a language's, or refuses when the catalogue says REFUSE."""
    if os.name == "nt":
        pytest.skip("a stand-in msgfmt is a script run by its #! line")
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "msgfmt"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        "from babel.messages.pofile import read_po\n"
        "from babel.messages.mofile import write_mo\n"
        "po, mo = sys.argv[-1], sys.argv[sys.argv.index('-o') + 1]\n"
        "if 'REFUSE' in open(po, encoding='utf-8').read():\n"
        "    sys.exit(po + ':7: a format specification is not what msgid has')\n"
        "print('xx: warning: a harmless word on stdout')\n"
        "print(po + ':3: warning: a harmless word on stderr', file=sys.stderr)\n"
        "write_mo(open(mo, 'wb'), read_po(open(po, 'rb')))\n",
        "utf-8",
    )
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    return script


def test_a_warning_from_msgfmt_is_passed_on_and_never_read_as_a_language(
    tmp_path, chatty_msgfmt, capsys
):
    status, out, err = _check(_root(tmp_path, WHOLE), capsys)
    assert status == 0, err
    assert out.splitlines() == [
        "de: 2 translated messages, 0 fuzzy translations, 0 untranslated messages."
    ]
    assert "harmless word on stdout" in err and "harmless word on stderr" in err


def test_msgfmt_refusing_a_catalogue_fails_the_check_with_its_words(
    tmp_path, chatty_msgfmt, capsys
):
    status, _out, err = _check(_root(tmp_path, WHOLE + '\nmsgid "x"\nmsgstr "REFUSE"\n'), capsys)
    assert status == 1
    assert "a format specification is not what msgid has" in err


@pytest.mark.parametrize(
    ("entries", "header", "told"),
    [
        (WHOLE + '\nmsgid "Hint (H)"\nmsgstr ""\n', PO_HEADER, "de: 1 untranslated ('Hint (H)'"),
        (
            WHOLE + '\n#, fuzzy\nmsgid "Hint (H)"\nmsgstr "Tipp"\n',
            PO_HEADER,
            "de: 1 fuzzy ('Hint (H)'",
        ),
        (WHOLE, "#, fuzzy\n" + PO_HEADER, "de: its header marked fuzzy"),
    ],
    ids=["untranslated", "fuzzy", "fuzzy header"],
)
def test_a_language_short_of_whole_fails_the_check(tmp_path, capsys, entries, header, told):
    status, out, err = _check(_root(tmp_path, entries, header), capsys)
    assert status == 1
    assert out.startswith("de: 2 translated messages")
    assert told in err and "a language ships whole" in err


@pytest.mark.parametrize("with_msgfmt", [True, False], ids=["msgfmt", "babel"])
def test_a_fuzzy_translation_is_never_compiled(tmp_path, monkeypatch, with_msgfmt):
    if with_msgfmt and not shutil.which("msgfmt"):
        pytest.skip("GNU gettext's msgfmt is not installed")
    if not with_msgfmt:
        monkeypatch.setenv("PATH", "")
    root = _root(tmp_path, WHOLE + '\n#, fuzzy\nmsgid "Hint (H)"\nmsgstr "Tipp"\n')
    out = tmp_path / "mo"
    _tool("catalogues").compile_all(root, out)
    with open(out / "de" / "LC_MESSAGES" / "swoop.mo", "rb") as fh:
        german = gettext.GNUTranslations(fh)
    assert german.gettext("Back") == "Zurück"
    assert german.gettext("Hint (H)") == "Hint (H)"


@pytest.fixture(scope="module")
def template() -> set[tuple[str | None, str]]:
    """(context, message) of every message extracted from the code, as ``make messages``
    gathers them (in memory: the repository's template is left alone)."""
    if importlib.util.find_spec("babel") is None:
        pytest.skip("Babel is not installed")
    found: set[tuple[str | None, str]] = set()
    for message in _tool("messages").extract(ROOT):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for msgid in ids:
            if msgid:
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
