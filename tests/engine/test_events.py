"""Events are frozen values: built by position or keyword, compared by value, never changed."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, astuple, fields, replace

import pytest

from swoop_desktop.engine.events import (
    Dealt,
    DrawSkipped,
    Drew,
    Event,
    Flipped,
    GameOver,
    HandScored,
    Out,
    PickedUp,
    Played,
    Swooped,
    Turn,
)

SAMPLES: list[Event] = [
    Dealt(dealer=1, seed=7, players=3, hand=((1, 2),), up=((3, None),), down=((4,),), set_aside=()),
    Dealt(1, 7, 3, ((1, 2),), ((3, None),), ((4,),), (), 2),
    Drew(player=0, id=5, round=1),
    DrawSkipped(reason="no_cards"),
    Played(player=2, ids=(8, 9), zones=("hand", "up1"), rank=7),
    Played(2, (8,), ("down0",), 7, True),
    Flipped(player=1, slot=3, id=40),
    PickedUp(player=0, ids=(1, 2, 3)),
    Swooped(player=3, by="four", ids=(4, 5, 6, 7)),
    Turn(player=1, phase="play"),
    Turn(2, "follow", 7, bonus=True, first=True),
    Out(player=0),
    HandScored(out=0, points=(0, 5, 9), totals=(10, 5, 9)),
    GameOver(winner=None, totals=(300, 300, 12)),
]


def test_every_kind_of_event_is_covered():
    # (a slotted dataclass leaves its first, unslotted class behind as a subclass too)
    assert {type(e).__name__ for e in SAMPLES} == {c.__name__ for c in Event.__subclasses__()}


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_an_event_is_a_frozen_value(event):
    cls = type(event)
    by_position = cls(*astuple(event))
    by_keyword = cls(**{f.name: getattr(event, f.name) for f in fields(event)})
    assert by_position == event == by_keyword == replace(event)
    assert hash(by_position) == hash(event)
    assert repr(by_position) == repr(event)
    assert by_position.to_json() == event.to_json()
    for f in fields(event):
        with pytest.raises(FrozenInstanceError):
            setattr(event, f.name, getattr(event, f.name))
        with pytest.raises(FrozenInstanceError):
            delattr(event, f.name)
    # A name that is not a field has no slot; Python 3.11's frozen slotted dataclass
    # raises TypeError there (its __setattr__ names the class before slots were added).
    with pytest.raises((FrozenInstanceError, AttributeError, TypeError)):
        event.words = "no English in events"  # type: ignore[attr-defined]
    assert event == by_position  # nothing changed


def test_defaults_and_wrong_arguments_behave_as_a_dataclass_would():
    assert Turn(1, "play") == Turn(1, "play", None, False, False)
    assert Played(0, (1,), ("hand",), 1).new_pile is False
    assert Dealt(0, None, 3, (), (), (), ()).hand_no is None
    with pytest.raises(TypeError):
        Turn(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Turn(1, "play", colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Out(1, 2)  # type: ignore[call-arg]


def test_match_reads_events_by_position_and_by_name():
    match Turn(2, "follow", 7):
        case Turn(player, "follow", rank):
            assert (player, rank) == (2, 7)
        case _:
            pytest.fail("positional pattern did not match")
    match Played(1, (3, 4), ("hand", "hand"), 9, True):
        case Played(player=1, new_pile=True, ids=ids):
            assert ids == (3, 4)
        case _:
            pytest.fail("keyword pattern did not match")
