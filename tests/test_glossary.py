"""One word per concept and language: every catalogue says undo, back, the pile, a mystery
card, the review, your rating... with the word ``swoop_desktop/locale/glossary.yaml`` gives
its language, in every message whose English names the concept, so the Undo button and the
help that explains it never call it two things."""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "swoop_desktop" / "locale"
GLOSSARY = LOCALE / "glossary.yaml"
CATALOGUES = sorted(LOCALE.glob("*/LC_MESSAGES/swoop.po"))
LANGUAGES = [po.parent.parent.name for po in CATALOGUES]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
pofile = pytest.importorskip("babel.messages.pofile")


@dataclass(frozen=True)
class Concept:
    name: str
    english: re.Pattern[str]
    exceptions: frozenset[str]
    words: dict[str, tuple[str, tuple[str, ...]]]  # language: (word, the parts its forms share)

    def covers(self, msgid: str | tuple[str, ...]) -> bool:
        """Whether a message names the concept (and may not say it otherwise)."""
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        if ids[0] in self.exceptions:
            return False
        return any(self.english.search(PLACEHOLDER.sub("", text)) for text in ids)

    def said_in(self, language: str, translation: str) -> bool:
        _word, matches = self.words[language]
        folded = translation.casefold()
        return any(match.casefold() in folded for match in matches)


def load(path: Path = GLOSSARY) -> list[Concept]:
    data = yaml.safe_load(path.read_text("utf-8"))
    concepts = []
    for name, entry in data.items():
        words: dict[str, tuple[str, tuple[str, ...]]] = {}
        for language, word in entry["words"].items():
            if isinstance(word, str):
                words[language] = (word, (word,))
            else:
                words[language] = (word["word"], tuple(word["matches"]))
        concepts.append(
            Concept(
                name=name,
                english=re.compile(entry["english"]),
                exceptions=frozenset(entry.get("except") or ()),
                words=words,
            )
        )
    return concepts


def _read(po: Path):
    with open(po, "rb") as fh:
        return pofile.read_po(fh)


def _translated(catalogue):
    """Every message of the catalogue that it ships translated (no fuzzy, no empty form)."""
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if forms and all(forms):
            yield message, forms


def misses(concepts: list[Concept], catalogue, language: str) -> list[str]:
    """One line per message whose translation leaves out its concept's word."""
    found = []
    for message, forms in _translated(catalogue):
        for concept in concepts:
            if language not in concept.words or not concept.covers(message.id):
                continue
            wrong = [form for form in forms if not concept.said_in(language, form)]
            if wrong:
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                found.append(
                    f"{concept.name}: {msgid!r} is {wrong[0]!r}; "
                    f"the glossary's word is {concept.words[language][0]!r}"
                )
    return found


@pytest.fixture(scope="module")
def concepts() -> list[Concept]:
    return load()


@pytest.fixture(scope="module")
def template():
    return _read(LOCALE / "swoop.pot")


def test_every_concept_has_a_meaning_a_pattern_and_words_that_hold_to_themselves():
    data = yaml.safe_load(GLOSSARY.read_text("utf-8"))
    assert data, "the glossary is empty"
    for name, entry in data.items():
        assert set(entry) <= {"means", "english", "except", "words"}, name
        assert entry.get("means") and entry.get("english") and entry.get("words"), name
    for concept in load():
        for language, (word, matches) in concept.words.items():
            assert language in LANGUAGES, f"{concept.name}: no catalogue for {language!r}"
            assert matches and concept.said_in(language, word), (
                f"{concept.name}: {language} {word!r} does not hold any of {matches}"
            )


def test_every_exception_is_a_message_its_pattern_finds(concepts, template):
    """An exception names a message of its concept. One the template no longer holds (its
    message reworded) exempts nothing and only warns, so that rewording a message never
    fails this file; the new wording is held to the word until it is excepted again."""
    wrong = [
        f"{concept.name}: {msgid!r}"
        for concept in concepts
        for msgid in sorted(concept.exceptions)
        if not concept.english.search(PLACEHOLDER.sub("", msgid))
    ]
    if wrong:
        pytest.fail(
            "glossary.yaml's exceptions that do not name their concept:\n" + "\n".join(wrong),
            pytrace=False,
        )
    messages = {(m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    stale = [
        f"{concept.name}: {msgid!r}"
        for concept in concepts
        for msgid in sorted(concept.exceptions)
        if msgid not in messages
    ]
    if stale:
        warnings.warn(
            "glossary.yaml's exceptions no message of swoop.pot has (reworded?):\n"
            + "\n".join(stale),
            stacklevel=1,
        )


@pytest.mark.parametrize("po", CATALOGUES, ids=LANGUAGES)
def test_every_catalogue_says_each_concept_with_the_glossarys_word(po, concepts):
    language = po.parent.parent.name
    found = misses(concepts, _read(po), language)
    if found:
        pytest.fail(
            f"{po.relative_to(ROOT)}: {len(found)} translations do not use the word of "
            f"{GLOSSARY.relative_to(ROOT)} (change the translation, or the glossary's word "
            "everywhere at once):\n  " + "\n  ".join(found),
            pytrace=False,
        )


@pytest.mark.parametrize("po", CATALOGUES, ids=LANGUAGES)
def test_a_language_that_translates_a_concept_has_its_word_in_the_glossary(po, concepts):
    language = po.parent.parent.name
    catalogue = _read(po)
    lacking = sorted(
        {
            concept.name
            for message, _forms in _translated(catalogue)
            for concept in concepts
            if language not in concept.words and concept.covers(message.id)
        }
    )
    if lacking:
        pytest.fail(
            f"{po.relative_to(ROOT)} translates {', '.join(lacking)}: add its {language} "
            f"word to {GLOSSARY.relative_to(ROOT)}",
            pytrace=False,
        )


def test_a_translation_with_another_word_is_caught_and_inflected_forms_are_not():
    from babel.messages.catalog import Catalog

    concepts = load()
    catalogue = Catalog(locale="fi")
    catalogue.add("Undo (U)", "Peru (U)")  # another word
    catalogue.add("Progress", "Edistyminen")
    catalogue.add("Checking your progress", "Tarkistetaan edistymistäsi")  # inflected
    catalogue.add("the saved game in progress", "keskeneräinen peli")  # not the concept
    catalogue.add(("{n} Swoop", "{n} Swoops"), ("{n} Swoop", "{n} pyyhkäisyä"))  # one form
    catalogue.add("Previous decision (Left arrow)", "Ennen", flags=["fuzzy"])  # never shipped
    catalogue.add("Back", "")  # untranslated: the catalogue check's business
    found = misses(concepts, catalogue, "fi")
    assert [line.split(":")[0] for line in found] == ["undo", "Swoop"]
    assert "'Peru (U)'" in found[0] and "'Kumoa'" in found[0]
    assert "'{n} pyyhkäisyä'" in found[1]
