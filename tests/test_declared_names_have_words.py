"""Every level, playing style, language and rule set the game declares has its words for
the player, translated in every catalogue the game ships, and is named in the docs.

The lists are read from their declarations (the AI's levels and personalities, the
languages of ``i18n.NAMES`` and the catalogues in ``swoop_desktop/locale``, the engine's
rule sets), so a new one is checked the day it is declared: without words it would show
as a bare name in Settings, in English whatever the language.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from swoop_desktop import i18n
from swoop_desktop.ai import LEVELS, PERSONALITIES
from swoop_desktop.ai.opponent_words import LEVEL_CONTEXT, LEVEL_WORDS, PERSONALITY_WORDS
from swoop_desktop.choices import PLAYER_LEVELS
from swoop_desktop.engine import PRESET_NAMES
from swoop_desktop.resources import resource_path
from swoop_desktop.ui.rules_text import PRESET_INFO

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "swoop_desktop" / "locale"
CATALOGUES = sorted(LOCALE.glob("*/LC_MESSAGES/swoop.po"))
#: Names spelled the same in some languages as in English (a loanword, a name of the
#: game's own): their translation may equal the English. Never a line of help.
SAME_IN_SOME_LANGUAGES = {"Normal", "Expert", "Pyro", "App"}


def _language(po: Path) -> str:
    return po.parent.parent.name


def declared_words() -> list[tuple[str | None, str, str]]:
    """(context, English, what it names) of every declared name's words."""
    words: list[tuple[str | None, str, str]] = []
    for level in LEVELS:
        entry = LEVEL_WORDS[level]
        words += [(LEVEL_CONTEXT, entry.name, f"level {level}")]
        words += [(None, entry.help, f"level {level}'s help")]
    for personality in PERSONALITIES:
        entry = PERSONALITY_WORDS[personality]
        words += [(None, entry.name, f"style {personality}")]
        words += [(None, entry.help, f"style {personality}'s help")]
    for preset in PRESET_NAMES:
        name, help_text = PRESET_INFO[preset]
        words += [
            (None, name, f"rule set {preset}"),
            (None, help_text, f"rule set {preset}'s help"),
        ]
    return words


# -- the words, in English ------------------------------------------------------------------


def test_every_declared_level_and_personality_has_its_words_and_no_others():
    assert set(LEVEL_WORDS) == set(LEVELS), "ai/opponent_words.py: LEVEL_WORDS"
    assert set(PERSONALITY_WORDS) == set(PERSONALITIES), "ai/opponent_words.py: PERSONALITY_WORDS"
    for words in (*LEVEL_WORDS.values(), *PERSONALITY_WORDS.values()):
        assert words.name.strip() and len(words.help) > 15, words


def test_every_rule_set_has_its_words_and_no_others():
    assert list(PRESET_INFO) == list(PRESET_NAMES), "ui/rules_text.py: PRESET_INFO"
    assert all(name and len(help_text) > 15 for name, help_text in PRESET_INFO.values())


def test_every_language_is_named_in_its_own_language_and_has_its_catalogue():
    shipped = {_language(po) for po in CATALOGUES}
    unnamed = shipped - set(i18n.NAMES)
    assert not unnamed, f"catalogues of languages i18n.NAMES does not name: {sorted(unnamed)}"
    missing = set(i18n.NAMES) - {i18n.SOURCE} - shipped
    assert not missing, f"languages named without a catalogue: {sorted(missing)}"
    assert all(name.strip() for name in i18n.NAMES.values())


# -- the words, in every shipped language ----------------------------------------------------


@pytest.mark.parametrize("po", CATALOGUES, ids=_language)
def test_every_declared_name_is_translated_in_every_catalogue(po):
    if importlib.util.find_spec("babel") is None:
        pytest.skip("Babel is not installed to read the catalogues")
    from babel.messages.pofile import read_po

    with open(po, "rb") as fh:
        catalogue = read_po(fh)
    untranslated = []
    for context, english, what in declared_words():
        message = catalogue.get(english, context=context)
        said = message.string if message is not None and not message.fuzzy else ""
        if not said or (said == english and english not in SAME_IN_SOME_LANGUAGES):
            untranslated.append(f"{what}: {english!r}")
    assert not untranslated, f"{_language(po)} lacks:\n" + "\n".join(untranslated)


# -- the names, in the docs ------------------------------------------------------------------


def _named(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE) is not None


def test_every_level_and_style_a_player_can_choose_is_named_in_docs_playing():
    text = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    unnamed = [str(lv) for lv in PLAYER_LEVELS if not _named(lv, text)]
    unnamed += [p for p in PERSONALITIES if not _named(p, text)]
    assert not unnamed, f"docs/playing.md does not name {unnamed}"


def test_every_level_and_style_is_named_in_the_shipped_opponents_file():
    text = resource_path("config/opponents.yaml").read_text(encoding="utf-8")
    comment = "\n".join(line for line in text.splitlines() if line.lstrip().startswith("#"))
    unnamed = [n for n in (*LEVELS, *PERSONALITIES) if not _named(n, comment)]
    assert not unnamed, f"config/opponents.yaml's comment does not name {unnamed}"


def test_every_language_is_named_in_docs_playing():
    text = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    unnamed = [name for name in i18n.NAMES.values() if not _named(name, text)]
    assert not unnamed, f"docs/playing.md does not name {unnamed}"


def test_every_rule_set_is_named_in_docs_rules():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    unnamed = [preset for preset in PRESET_NAMES if f"`{preset}`" not in text]
    assert not unnamed, f"docs/rules.md does not name {unnamed}"


@pytest.mark.parametrize(
    "name, text, found",
    [("keen", "easy, keen and", True), ("hard", "hardly", False), ("keen", "keen-eyed", False)],
)
def test_a_name_counts_only_as_a_whole_word(name, text, found):
    assert _named(name, text) is found
