"""The one seat record: written whole for a saved game, briefly for the history, read value
by value with plain-words messages."""

from __future__ import annotations

from swoop_desktop.storage import Known
from swoop_desktop.storage.seats import Seat, seats_from_json, seats_to_json

KNOWN = Known(levels=("easy", "normal", "hard"), personalities=("balanced", "pyro"))
SEATS = [
    Seat(0, "You"),
    Seat(1, "Lefty", "hard", "pyro", (300, 700), {"shed": 2.0}),
    Seat(2, "Topper", "easy", None),
    Seat(3, "Righty", "normal", "balanced"),
]


def test_what_is_written_is_read_back_the_same():
    seats, messages = seats_from_json(seats_to_json(SEATS), 4, KNOWN)
    assert messages == []
    assert seats == SEATS and seats[1].weights == {"shed": 2.0}


def test_the_history_keeps_the_name_and_level():
    assert seats_to_json(SEATS, brief=True)[1] == {"name": "Lefty", "level": "hard"}


def test_a_bad_value_changes_that_value_only_and_says_so():
    data = seats_to_json(SEATS)
    data[1]["level"] = "grandmaster"
    data[2]["personality"] = "zany"
    data[3]["think_ms"] = [900, 100]
    seats, messages = seats_from_json(data, 4, KNOWN)
    assert seats is not None
    assert [s.name for s in seats] == ["You", "Lefty", "Topper", "Righty"]
    assert (seats[1].level, seats[1].personality) == ("normal", "pyro")
    assert seats[2].personality is None and seats[3].think_ms == (400, 900)
    assert len(messages) == 3
    assert "unknown level 'grandmaster'; Lefty plays at the normal level" in messages[0]
    assert "unknown personality 'zany'" in messages[1] and "balanced" in messages[1]


def test_seats_that_cannot_be_the_tables_are_refused_with_the_reason():
    data = seats_to_json(SEATS)
    for bad, words in (
        (data[:3], "should list 4 seats, not 3 seats"),
        ("you", "should list 4 seats"),
        ([data[1], data[0], data[2], data[3]], "is not your seat"),
        ([data[0], 7, data[2], data[3]], "is not a seat description"),
    ):
        seats, messages = seats_from_json(bad, 4, KNOWN)
        assert seats is None and len(messages) == 1, bad
        assert words in messages[0] and "opponents from your settings are used" in messages[0]


def test_an_opponent_saved_as_human_plays_at_the_normal_level():
    data = seats_to_json(SEATS)
    data[2]["level"] = "human"
    seats, messages = seats_from_json(data, 4, KNOWN)
    assert seats is not None and seats[2].level == "normal" and not seats[2].is_human
    assert len(messages) == 1
