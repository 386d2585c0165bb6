"""The game's words in other languages: the catalogues compile, keep every placeholder, count
with each language's plural forms (0, 1, 2, 5), fall back to English message by message,
and the language is the system's on first start and switches at run time."""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path

import pytest

from swoop_desktop import i18n
from swoop_desktop.plural import about, counted

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[a-z]")


def _compiler():
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    """Every .po of the repository compiled into a scratch folder (msgfmt --check, or Babel)."""
    if not shutil.which("msgfmt") and importlib.util.find_spec("babel") is None:
        pytest.skip("neither GNU msgfmt nor Babel is installed to compile the catalogues")
    out = tmp_path_factory.mktemp("locale")
    lines = _compiler().compile_all(ROOT, out)
    assert lines, "no catalogue in swoop_desktop/locale"
    return out


@pytest.fixture
def catalogues(compiled, monkeypatch):
    """The game reads the freshly compiled catalogues; English again after the test."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: compiled)
    yield compiled
    i18n.set_language(i18n.SOURCE)


def test_every_catalogue_compiles_and_keeps_every_placeholder(compiled):
    """Every translation keeps its message's placeholders. A counted message's forms may
    leave some out (a singular says "one card" without its number) but never use one the
    code does not pass, and its last form (the general plural) keeps every placeholder of
    the plural message, as ``msgfmt --check`` holds each plural form to it."""
    pofile = pytest.importorskip("babel.messages.pofile")
    assert sorted(p.parent.parent.name for p in compiled.glob("*/LC_MESSAGES/swoop.mo"))
    for po in sorted((ROOT / "swoop_desktop" / "locale").glob("*/LC_MESSAGES/swoop.po")):
        language = po.parent.parent.name
        with open(po, "rb") as fh:
            catalogue = pofile.read_po(fh)
        assert len(catalogue) > 10, f"{po} holds almost nothing"
        for message in catalogue:
            if not message.id or not message.string:
                continue
            if isinstance(message.id, str):
                wanted = sorted(PLACEHOLDER.findall(message.id))
                found = sorted(PLACEHOLDER.findall(str(message.string)))
                assert found == wanted, (language, message.id, message.string)
                continue
            singular, plural = message.id
            passed = set(PLACEHOLDER.findall(singular)) | set(PLACEHOLDER.findall(plural))
            forms = [f for f in message.string if f]
            if not forms:
                continue  # not translated yet: said in English
            for form in forms:
                assert set(PLACEHOLDER.findall(form)) <= passed, (language, singular, form)
            last = sorted(PLACEHOLDER.findall(forms[-1]))
            assert last == sorted(PLACEHOLDER.findall(plural)), (language, plural, forms)


def test_no_catalogue_has_fuzzy_entries():
    for po in sorted((ROOT / "swoop_desktop" / "locale").glob("*/LC_MESSAGES/swoop.po")):
        text = po.read_text(encoding="utf-8")
        assert "#, fuzzy" not in text, f"{po} has a fuzzy entry: leave it empty instead"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ["0 cards", "1 card", "2 cards", "5 cards"]),
        ("de", ["0 Karten", "1 Karte", "2 Karten", "5 Karten"]),
        # French counts zero as one: "0 carte".
        ("fr", ["0 carte", "1 carte", "2 cartes", "5 cartes"]),
        # Finnish counts in the partitive after every number but one.
        ("fi", ["0 korttia", "1 kortti", "2 korttia", "5 korttia"]),
        ("it", ["0 carte", "1 carta", "2 carte", "5 carte"]),
        # Polish counts 2 to 4 apart from 0 and 5 and more (tests/test_polish_counts.py).
        ("pl", ["0 kart", "1 karta", "2 karty", "5 kart"]),
    ],
)
def test_counts_read_right_in_each_language(catalogues, language, said):
    assert i18n.set_language(language) == language
    assert [counted(n, "card") for n in (0, 1, 2, 5)] == said


def test_a_rounded_figure_is_counted_in_the_language_too(catalogues):
    i18n.set_language("de")
    assert [about(v) for v in (0.6, 1.2, 5.4)] == ["etwa 1 Punkt", "etwa 1 Punkt", "etwa 5 Punkte"]
    i18n.set_language("en")
    assert [about(v) for v in (0.6, 1.2, 5.4)] == [
        "about 1 point",
        "about 1 point",
        "about 5 points",
    ]


def test_a_message_the_catalogue_lacks_is_said_in_english(catalogues):
    i18n.set_language("fr")
    assert i18n._("New game") == "Nouvelle partie"  # in the French catalogue
    missing = "A message no catalogue holds: {name}"  # (not in the template either)
    assert i18n._(missing) == missing  # said in English
    assert i18n.ngettext("{n} seat", "{n} seats", 3) == "{n} places"
    assert i18n.ngettext("{n} whole game", "{n} whole games", 0) == "{n} partie entière"


def test_a_language_without_a_catalogue_is_english(catalogues):
    assert i18n.set_language("sv_SE.UTF-8") == "en"
    assert i18n._("New game") == "New game"


def test_switching_the_language_changes_the_next_lookup(catalogues):
    i18n.set_language("de")
    before = i18n.generation()
    assert i18n._("How to play") == "So wird gespielt"
    assert i18n.pgettext("verdict", "Mistake") == "Fehler"
    i18n.set_language("en")
    assert i18n.generation() != before
    assert i18n._("How to play") == "How to play"


@pytest.mark.parametrize(
    ("variables", "language"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "fi_FI.UTF-8"}, "fi"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "es_ES:de"}, "es"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "it_IT:de"}, "it"),
        ({"LANG": "de_DE.UTF-8", "SWOOP_LANGUAGE": "xx"}, "xx"),
        ({"LANG": "C.UTF-8"}, "en"),
    ],
)
def test_the_first_start_takes_the_systems_language(monkeypatch, variables, language):
    for name in ("SWOOP_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *args: (None, None))
    assert i18n.system_language() == language


def test_the_pseudo_language_stretches_and_accents_but_keeps_placeholders():
    message = "Deal a new game against {opponents} with %(n)d rules in Settings."
    stretched = i18n.pseudo(message)
    assert stretched.startswith("[") and stretched.endswith("]")
    assert "{opponents}" in stretched and "%(n)d" in stretched
    assert len(stretched) >= 1.35 * len(message)
    words = re.findall(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", stretched))
    assert words == [], words
    assert i18n.pseudo("") == ""


@pytest.mark.parametrize(("language", "said"), [("en", "+172.3"), ("xx", None)])
def test_a_decimal_number_takes_the_languages_mark(language, said):
    from swoop_desktop.plural import decimal

    i18n.set_language(language)
    try:
        shown = decimal(172.3, sign=True)
        if said is not None:
            assert shown == said
        else:  # the pseudo-language marks the mark too: it is looked up, never fixed
            assert shown != "+172.3" and shown.startswith("+172") and shown.endswith("3")
    finally:
        i18n.set_language(i18n.SOURCE)
