"""Polish counts with three forms: one (1 karta), a few (2, 3, 4, 22, 23, 24... karty) and many
(0, 5-21, 25... kart, and every "teen"). Every counted phrase of the game (``plural.COUNTED``)
is said in Polish at 0, 1, 2, 5, 12, 22, 25 and 112 and checked word for word, with the sets of
cards (``card_words``), a rounded figure and a grouped number; Italian's two forms beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from swoop_desktop import i18n
from swoop_desktop.card_words import (
    OBJECT,
    SUBJECT,
    WITH,
    cards_in,
    count_phrase,
    on_the,
    the_card,
    your_card,
    your_cards,
)
from swoop_desktop.plural import COUNTED, about, counted, decimal

ROOT = Path(__file__).resolve().parent.parent
#: The numbers said, and the form each takes in Polish (0 one, 1 a few, 2 many).
NUMBERS = {0: 2, 1: 0, 2: 1, 5: 2, 12: 2, 22: 1, 25: 2, 112: 2}

#: Each counted phrase's Polish forms (one, a few, many), "#" standing for the number.
POLISH = {
    "card": ("# karta", "# karty", "# kart"),
    "point": ("# punkt", "# punkty", "# punktów"),
    "pt": ("# pkt", "# pkt", "# pkt"),
    "game": ("# partia", "# partie", "# partii"),
    "more game": ("jeszcze # partia", "jeszcze # partie", "jeszcze # partii"),
    "whole game": ("# cała partia", "# całe partie", "# całych partii"),
    "day": ("# dzień", "# dni", "# dni"),
    "hand": ("# rozdanie", "# rozdania", "# rozdań"),
    "player": ("# gracz", "# graczy", "# graczy"),
    "Swoop": ("# Swoop", "# Swoopy", "# Swoopów"),
    "play": ("# zagranie", "# zagrania", "# zagrań"),
    "seat": ("# miejsce", "# miejsca", "# miejsc"),
    "decision": ("# decyzja", "# decyzje", "# decyzji"),
    "deck": ("# talia", "# talie", "# talii"),
    "deal": ("# rozdanie", "# rozdania", "# rozdań"),
    "play-out": ("# symulacja", "# symulacje", "# symulacji"),
    "inaccuracy": ("# niedokładność", "# niedokładności", "# niedokładności"),
    "mistake": ("# błąd", "# błędy", "# błędów"),
    "blunder": ("# gruby błąd", "# grube błędy", "# grubych błędów"),
    "move": ("# ruch", "# ruchy", "# ruchów"),
    "puzzle": ("# zadanie", "# zadania", "# zadań"),
    "time": ("# raz", "# razy", "# razy"),
}


@pytest.fixture
def speak(compiled, monkeypatch):
    """Switch to a language read from the fresh catalogues; English again after the test."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: compiled)

    def to(language: str) -> None:
        assert i18n.set_language(language) == language

    yield to
    i18n.set_language(i18n.SOURCE)


def test_every_counted_phrase_has_its_polish_forms_here():
    """A new counted phrase is added to this table with its three Polish forms."""
    assert {singular.removeprefix("{n} ") for singular, _plural in COUNTED} - {
        "about {n} point"
    } == set(POLISH)


@pytest.mark.parametrize("noun", sorted(POLISH))
def test_each_counted_phrase_takes_the_polish_form_of_its_number(speak, noun):
    speak("pl")
    said = {n: counted(n, noun) for n in NUMBERS}
    wanted = {n: POLISH[noun][form].replace("#", str(n)) for n, form in NUMBERS.items()}
    assert said == wanted


def test_cards_and_points_read_right_at_1_2_5_22_and_25(speak):
    speak("pl")
    numbers = (1, 2, 5, 22, 25)
    assert [counted(n, "card") for n in numbers] == [
        "1 karta",
        "2 karty",
        "5 kart",
        "22 karty",
        "25 kart",
    ]
    assert [counted(n, "point") for n in numbers] == [
        "1 punkt",
        "2 punkty",
        "5 punktów",
        "22 punkty",
        "25 punktów",
    ]


def test_a_rounded_figure_a_grouped_number_and_a_decimal_in_polish(speak):
    speak("pl")
    assert [about(v) for v in (0.6, 2.2, 5.4, 22.1)] == [
        "około 1 punktu",
        "około 2 punktów",
        "około 5 punktów",
        "około 22 punktów",
    ]
    # 1234 ends in 34, counted as 2 to 4 are: "partie"; 1000 as 5 and more
    assert counted(1234, "game", grouped=True) == "1\u00a0234 partie"
    assert counted(1000, "game", grouped=True) == "1\u00a0000 partii"
    assert decimal(-3.25) == "-3,2"


def test_a_set_of_cards_takes_the_form_of_its_rank_and_number(speak):
    """One card is said as the object of a play ("zagraj siódemkę"); a set by its figure,
    whose form fits every rank's gender ("2 siódemki", "2 asy")."""
    speak("pl")
    assert [count_phrase(7, n) for n in (1, 2, 4, 5, 8)] == [
        "siódemkę",
        "2 siódemki",
        "4 siódemki",
        "5 siódemek",
        "8 siódemek",
    ]
    assert [count_phrase(r, 2) for r in (1, 11, 12, 13, 14)] == [
        "2 asy",
        "2 walety",
        "2 damy",
        "2 króle",
        "2 jokery",
    ]
    assert [count_phrase(r, 5) for r in (1, 11, 12, 13, 14)] == [
        "5 asów",
        "5 waletów",
        "5 dam",
        "5 króli",
        "5 jokerów",
    ]
    assert [count_phrase(r, 1) for r in (1, 10, 12, 13)] == ["asa", "dziesiątkę", "damę", "króla"]


def test_a_card_takes_the_case_its_frame_asks_for(speak):
    """The subject is nominative, the object accusative, "with" instrumental (no
    preposition), "on the" na + accusative; a set keeps its figure in every case."""
    speak("pl")
    assert [cards_in(frame, 7, 1) for frame in (SUBJECT, OBJECT, WITH)] == [
        "siódemka",
        "siódemkę",
        "siódemką",
    ]
    assert [cards_in(frame, 13, 1) for frame in (SUBJECT, OBJECT, WITH)] == [
        "król",
        "króla",
        "królem",
    ]
    assert [cards_in(frame, 1, 2) for frame in (SUBJECT, OBJECT, WITH)] == [
        "2 asy",
        "2 asy",
        "2 asami",
    ]
    assert [cards_in(frame, 12, 5) for frame in (SUBJECT, OBJECT, WITH)] == [
        "5 dam",
        "5 dam",
        "5 damami",
    ]
    assert [on_the(r) for r in (1, 8, 12, 13)] == ["na asa", "na ósemkę", "na damę", "na króla"]
    assert [the_card(r) for r in (1, 7)] == ["as", "siódemka"]
    assert [your_card(SUBJECT, r) for r in (10, 14)] == ["twoja dziesiątka", "twój joker"]
    assert [your_card(WITH, r) for r in (10, 14)] == ["swoją dziesiątką", "swoim jokerem"]
    assert your_cards(7) == "siódemki"


def test_italian_counts_one_apart_from_every_other_number(speak):
    speak("it")
    assert [counted(n, "card") for n in (0, 1, 2, 22)] == [
        "0 carte",
        "1 carta",
        "2 carte",
        "22 carte",
    ]
    assert [counted(n, "point") for n in (1, 5)] == ["1 punto", "5 punti"]
    assert [count_phrase(12, n) for n in (1, 2)] == ["una donna", "due donne"]
    assert counted(1234, "game", grouped=True) == "1.234 partite"
    assert decimal(172.3, sign=True) == "+172,3"
    # the article and "su" join as Italian writes them: sull'8, sul 7, sulla donna
    assert [on_the(r) for r in (7, 8, 12)] == ["sul 7", "sull'8", "sulla donna"]
    assert [your_card(SUBJECT, r) for r in (7, 12)] == ["il tuo 7", "la tua donna"]
