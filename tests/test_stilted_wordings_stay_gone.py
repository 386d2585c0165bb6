"""Wordings a native reader found stilted or wrong stay out of the catalogues: a made-up
German word for the review's play-outs, a pile that "falls out of the game" in Polish, a
French play-log line that says "avez" before every verb, and the like. Each is looked for
in every translation of its language, so a new message cannot bring it back either."""

from __future__ import annotations

from pathlib import Path

import pytest

from swoop_desktop import i18n
from tests.test_translations import catalogues, compiled  # noqa: F401 (fixtures)

LOCALE = Path(__file__).resolve().parent.parent / "swoop_desktop" / "locale"
pofile = pytest.importorskip("babel.messages.pofile")

#: Per language, wordings no translation may hold, each with what is wrong with it.
STILTED = {
    "de": {
        "Durchspiel": "not a German word: the review's play-outs are Simulationen",
        "schlagen das ihrer Summe zu": "stilted: the hand's cards are added to the total",
    },
    "fr": {
        "Plus forte carte": "a rule's choice without its article: La carte la plus forte",
        "repart d'un nouveau fichier": "Swoop does not leave from a file: it starts afresh",
    },
    "es": {
        "tras ella": "no feminine noun before it to stand for: the play is esa jugada",
        "{n} con Swoop": "'11 with Swoop' under the swooped cards: despejadas con Swoop",
    },
    "it": {"poteva essere migliore": "stilted: a better play forse era meglio"},
    "pl": {"odpada z gry": "a swooped pile does not drop out of the game: it leaves the table"},
    "fi": {"säästää sinut nostolta": "a pick-up is something you are spared doing"},
}


def _translations(language: str) -> list[str]:
    """Every form of every translation in the language's catalogue."""
    with open(LOCALE / language / "LC_MESSAGES" / "swoop.po", "rb") as fh:
        catalogue = pofile.read_po(fh)
    said: list[str] = []
    for message in catalogue:
        if message.id:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            said.extend(form for form in forms if form)
    return said


@pytest.mark.parametrize("language", sorted(STILTED))
def test_no_translation_holds_a_wording_a_native_reader_corrected(language):
    said = _translations(language)
    for wording, why in STILTED[language].items():
        found = [text for text in said if wording in text]
        assert not found, f"{language} still says {wording!r} ({why}): {found}"


def test_german_calls_a_game_to_the_target_a_partie_everywhere():
    """The title said "Partie bis 300" and the table "Spiel bis 300" for the same game."""
    said = _translations("de")
    assert any("Partie bis" in text for text in said)
    assert not [text for text in said if "Spiel bis" in text]


def _flip_pick_up_new_pile(name: str) -> str:
    """A seat's log line for a flip that was higher: the pile picked up, a new pile."""
    from swoop_desktop.engine.cards import ids_by_rank
    from swoop_desktop.engine.events import Flipped, PickedUp, Played
    from swoop_desktop.ui.table.view import describe

    seat = 1
    seven = ids_by_rank(1)[7][0]
    pile = tuple(range(200, 203))
    return describe(
        name,
        [
            Flipped(seat, 0, seven),
            PickedUp(seat, pile),
            Played(seat, (seven,), ("down0",), 7, True),
        ],
    )


def test_a_french_log_line_of_several_parts_says_its_auxiliary_once(catalogues):  # noqa: F811
    """It read "Vous avez retourné un 7, avez ramassé 3 cartes et avez commencé une
    nouvelle pile": the later parts of a line share the first part's "avez" (or "a")."""
    from swoop_desktop.names import YOU

    assert i18n.set_language("fr") == "fr"
    try:
        yours = _flip_pick_up_new_pile(YOU)
        lefty = _flip_pick_up_new_pile("Lefty")
    finally:
        i18n.set_language(i18n.SOURCE)
    assert yours == "Vous avez retourné un 7, ramassé 3 cartes et commencé une nouvelle pile"
    assert lefty == "Lefty a retourné un 7, ramassé 3 cartes et commencé une nouvelle pile"
