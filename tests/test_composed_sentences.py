"""Composed messages read right in every shipped language: a card word in the frame its
sentence gives it, counts inside their sentence, no article or pronoun guessed for a card.

Each expected line was read by a native reviewer of the language; a change to a frame's
message or to a sentence that receives it shows here, word for word.
"""

from __future__ import annotations

import pytest

from swoop_desktop import i18n
from swoop_desktop.card_words import OBJECT, SUBJECT, WITH, cards_in, on_the, your_card
from swoop_desktop.i18n import _, ngettext
from tests.test_translations import catalogues, compiled  # noqa: F401 (fixtures)


def _lines() -> list[str]:
    return [
        _("Play {cards} {on}").format(cards=cards_in(OBJECT, 13, 2), on=on_the(12)),
        _("Start the pile {cards}").format(cards=cards_in(WITH, 7, 2)),
        _("Swoop {card}").format(card=your_card(WITH, 10)),
        ngettext("{n} card · {top} on top", "{n} cards · {top} on top", 5).format(
            n=5, top=cards_in(SUBJECT, 7, 2)
        ),
        ngettext(
            "Pick up the pile of {n} card and start afresh {play}",
            "Pick up the pile of {n} cards and start afresh {play}",
            6,
        ).format(n=6, play=cards_in(WITH, 11, 1)),
    ]


EXPECTED = {
    "de": [
        "Spiel zwei Könige auf die Dame",
        "Eröffne den Stapel mit zwei 7ern",
        "Swoope mit deiner 10",
        "5 Karten · oben zwei 7er",
        "Nimm den Stapel mit 6 Karten auf und fang mit einem Buben neu an",
    ],
    "fr": [
        "Jouez deux rois sur la dame",
        "Commencez la pile avec deux 7",
        "Déclenchez un Swoop avec votre 10",
        "5 cartes · deux 7 sur le dessus",
        "Ramassez la pile de 6 cartes et commencez-en une nouvelle avec un valet",
    ],
    "es": [
        "Juega dos reyes sobre la reina",
        "Abre el montón con dos 7",
        "Haz Swoop con tu 10",
        "5 cartas · arriba, dos 7",
        "Recoge el montón de 6 cartas y empieza uno nuevo con una jota",
    ],
    "fi": [
        "Pelaa kaksi kuningasta rouvan päälle",
        "Aloita pino pelaamalla kaksi seiskaa",
        "Tee Swoop kympilläsi",
        "5 korttia · päällä kaksi seiskaa",
        "Nosta 6 kortin pino ja aloita alusta jätkällä",
    ],
    "it": [
        "Gioca due re sulla donna",
        "Inizia la pila con due 7",
        "Fai Swoop con il tuo 10",
        "5 carte · in cima due 7",
        "Raccogli la pila di 6 carte e riparti con un fante",
    ],
    "pl": [
        "Zagraj 2 króle na damę",
        "Zacznij stos 2 siódemkami",
        "Zrób Swoop swoją dziesiątką",
        "5 kart · na wierzchu 2 siódemki",
        "Zbierz stos z 6 kart i zacznij od nowa waletem",
    ],
}


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_composed_hints_and_table_lines_read_right(catalogues, language):  # noqa: F811
    assert i18n.set_language(language) == language
    try:
        assert _lines() == EXPECTED[language]
    finally:
        i18n.set_language(i18n.SOURCE)


def test_a_count_after_a_preposition_takes_its_case_in_german(catalogues):  # noqa: F811
    # "between 0 and 18 points": German needs the dative, "zwischen 0 und 18 Punkten".
    assert i18n.set_language("de") == "de"
    try:
        text = ngettext(
            " (somewhere between {low} and {high} point)",
            " (somewhere between {low} and {high} points)",
            18,
        ).format(low=0, high=18)
    finally:
        i18n.set_language(i18n.SOURCE)
    assert "0 und 18 Punkten" in text, text


def _marker() -> str:
    """A seat's marker for a turn of three plays, the first a Swoop (as the table folds it)."""
    from swoop_desktop.engine.cards import ids_by_rank
    from swoop_desktop.engine.events import Flipped, Played, Swooped
    from swoop_desktop.ui.table.presenter import fold_turn
    from swoop_desktop.ui.table.view import seat_news

    ids = ids_by_rank(1)
    ten, threes = ids[10][0], tuple(ids[3][:3])
    return fold_turn(
        [
            seat_news([Played(0, (ten,), ("hand",), 10), Swooped(0, "ten", (ten,))]),
            seat_news([Flipped(0, 0, threes[0])]),
            seat_news([Played(0, threes[1:], ("hand", "hand"), 3)], "add"),
        ]
    )


MARKERS = {
    "en": "Swoop! Then flipped a 3, then added two 3s",
    "de": "Swoop! Dann eine 3 aufgedeckt, dann zwei 3er nachgelegt",
    "fr": "Swoop\u00a0! Puis retourné un 3, puis ajouté deux 3",  # a no-break space before "!"
    "fi": "Swoop! Sitten käänsi kolmosen, sitten lisäsi kaksi kolmosta",
    "pl": "Swoop! Potem odwrócono trójkę, potem dołożono 2 trójki",
    "it": "Swoop! Poi ha girato un 3, poi ha aggiunto due 3",
    "es": "¡Swoop! Luego dio la vuelta a un 3 y luego añadió dos 3",
}


@pytest.mark.parametrize("language", sorted(MARKERS))
def test_a_turns_plays_on_a_seats_marker_start_a_sentence_after_a_swoop(catalogues, language):  # noqa: F811
    """Before, the plays were glued with a bare " then ": "Swoop! dann eine 3 aufgedeckt
    dann zwei 3er nachgelegt" (no capital after the Swoop, no comma between the plays)."""
    assert i18n.set_language(language) == language
    try:
        assert _marker() == MARKERS[language]
    finally:
        i18n.set_language(i18n.SOURCE)


#: Your own plate's news, in languages whose verbs mark the person: two 7s played, then
#: nine cards picked up; another seat's one card picked up.
YOUR_PLATE = {
    "en": ("played two 7s", "picked up 9", "picked up 1"),
    "it": ("hai giocato due 7", "hai raccolto 9 carte", "ha raccolto 1 carta"),
    "es": ("jugaste dos 7", "recogiste 9 cartas", "recogió 1 carta"),
    "de": ("zwei 7er gespielt", "9 aufgenommen", "1 aufgenommen"),
    "fi": ("pelasit kaksi seiskaa", "nostit 9 korttia", "nosti 1 kortin"),
}


@pytest.mark.parametrize("language", sorted(YOUR_PLATE))
def test_a_seats_marker_speaks_of_you_at_your_plate_and_of_the_seat_at_anothers(
    catalogues,  # noqa: F811
    language,
):
    """Before, the markers had one form for every plate, and Italian and Spanish fell back
    on labels ("carta girata: un 2", "+ dos 3", "raccolte: 9") that read badly once a
    turn's plays were joined ("Poi carta girata: un 9, poi aggiunta: un 9")."""
    from swoop_desktop.engine.cards import ids_by_rank
    from swoop_desktop.engine.events import Played
    from swoop_desktop.ui.table.view import picked_up_news, seat_news

    sevens = tuple(ids_by_rank(1)[7][:2])
    assert i18n.set_language(language) == language
    try:
        said = (
            seat_news([Played(0, sevens, ("hand", "hand"), 7)], yours=True),
            picked_up_news(9, yours=True),
            picked_up_news(1, yours=False),
        )
    finally:
        i18n.set_language(i18n.SOURCE)
    assert said == YOUR_PLATE[language]


def _told() -> tuple[str, ...]:
    """Play-log lines that tell a play with its player: yours and Lefty's."""
    from swoop_desktop.engine.cards import ids_by_rank
    from swoop_desktop.engine.events import Flipped, Played
    from swoop_desktop.names import YOU
    from swoop_desktop.ui.table.view import describe

    ids = ids_by_rank(1)
    king, sevens = ids[13][0], tuple(ids[7][:2])
    return (
        describe(YOU, [Played(0, (king,), ("hand",), 13)]),
        describe("Lefty", [Flipped(1, 0, king)]),
        describe(YOU, [Played(0, sevens, ("hand", "hand"), 7)]),
    )


TOLD_LINES = {
    "en": ("You played a king", "Lefty flipped a king", "You played two 7s"),
    "de": (
        "Du hast einen König gespielt",
        "Lefty hat einen König aufgedeckt",
        "Du hast zwei 7er gespielt",
    ),
    "fi": ("Pelasit kuninkaan", "Lefty käänsi esiin kuninkaan", "Pelasit kaksi seiskaa"),
}


@pytest.mark.parametrize("language", sorted(TOLD_LINES))
def test_a_play_told_with_its_player_names_its_cards_as_that_sentences_object(
    catalogues,  # noqa: F811
    language,
):
    """Finnish marks a total object by whether the sentence names who acts: "Pelaa
    kuningas" (a command) but "Pelasit kuninkaan" ("You played a king"). With one object
    frame for both, the log read "Pelasit, ja pinoon meni kuningas" ("You played, and a
    king went on the pile") and the plates "käännetty kolmonen" ("flipped: a 3")."""
    assert i18n.set_language(language) == language
    try:
        said = _told()
    finally:
        i18n.set_language(i18n.SOURCE)
    assert said == TOLD_LINES[language]


def _flip_pick_up_new_pile(count: int) -> str:
    """Lefty's line for a flip that was higher: the pile picked up, the card a new pile."""
    from swoop_desktop.engine.cards import ids_by_rank
    from swoop_desktop.engine.events import Flipped, PickedUp, Played
    from swoop_desktop.ui.table.view import describe

    eight = ids_by_rank(1)[8][0]
    pile = tuple(range(200, 200 + count))
    return describe(
        "Lefty",
        [Flipped(1, 0, eight), PickedUp(1, pile), Played(1, (eight,), ("down0",), 8, True)],
    )


FLIP_LINES = {
    "en": "Lefty flipped an 8, picked up 5 cards and started a new pile",
    "fi": "Lefty käänsi esiin kasin, nosti 5 korttia ja aloitti sillä uuden pinon",
    "pl": "Lefty odwraca ósemkę, zbiera 5 kart ze stosu i zaczyna nowy stos",
}


@pytest.mark.parametrize("language", sorted(FLIP_LINES))
def test_the_later_parts_of_a_log_line_go_on_without_a_subject_or_a_label(
    catalogues,  # noqa: F811
    language,
):
    """Before, Finnish repeated a pronoun and let the pile start itself ("Lefty käänsi
    piilokortin, ja se oli kasi, hän nosti 1 kortin ja sillä alkoi uusi pino"), and Polish
    counted a pick-up as a label ("zbiera stos: 5 kart")."""
    assert i18n.set_language(language) == language
    try:
        said = _flip_pick_up_new_pile(5)
    finally:
        i18n.set_language(i18n.SOURCE)
    assert said == FLIP_LINES[language]
