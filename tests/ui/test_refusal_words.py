"""Every refusal the engine can give has plain words on the table (and no rule ids)."""

from __future__ import annotations

import pytest

from swoop_desktop.engine import REFUSALS, IllegalActionError
from swoop_desktop.ui.table.refusals import WORDS, plain_words

FACTS = {"rank": 9, "run": 2, "room": 2, "count": 5, "held": 1, "slot": 1, "played": 8}


def test_every_reason_the_engine_can_give_has_words():
    assert set(REFUSALS) <= set(WORDS), sorted(set(REFUSALS) - set(WORDS))
    assert set(WORDS) <= set(REFUSALS), sorted(set(WORDS) - set(REFUSALS))


@pytest.mark.parametrize("reason", sorted(REFUSALS))
def test_the_words_are_a_players_words(reason):
    words = plain_words(IllegalActionError(reason, "engine text", **FACTS))
    assert words and words[0].isupper()
    assert "engine text" not in words and "R1" not in words and "max_four" not in words
    assert not any(rule in words.split() for rule in set(REFUSALS.values()))


def test_the_facts_name_the_cards():
    assert plain_words(IllegalActionError("not_held", "x", rank=7, held=1, count=2)) == (
        "You do not hold that many 7s"
    )
    assert plain_words(IllegalActionError("follow_offered", "x", rank=12)) == (
        "Add more queens to the pile, or press Done"
    )
