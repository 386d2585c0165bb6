"""The compact action text used in saved games and the history round-trips every action."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from swoop_desktop.engine import END, Add, Flip, Play
from swoop_desktop.storage.actioncodec import (
    check_deal_text,
    decode_action,
    decode_deal,
    encode_action,
    encode_deal,
)
from swoop_desktop.storage.jsonfile import DocumentError

ranks = st.integers(1, 14)


@st.composite
def actions(draw):
    kind = draw(st.sampled_from(["play", "add", "flip", "end"]))
    if kind == "flip":
        return Flip(draw(st.integers(0, 3)))
    if kind == "end":
        return END
    rank = draw(ranks)
    n = draw(st.integers(0, 6))
    up = tuple(sorted(draw(st.sets(st.integers(0, 3), min_size=0 if n else 1))))
    ids = draw(st.none() | st.lists(st.integers(0, 215), min_size=n, max_size=n).map(tuple))
    cls = Play if kind == "play" else Add
    return cls((rank,) * n, up, ids if n else None)


@given(st.lists(actions(), max_size=30))
def test_round_trip_keeps_actions_and_card_ids(deal):
    text = encode_deal(deal)
    check_deal_text(text)  # the fast check used when reading the history agrees
    back = decode_deal(text)
    assert back == deal
    for a, b in zip(deal, back, strict=True):
        assert getattr(a, "hand_ids", None) == getattr(b, "hand_ids", None)


def test_examples():
    assert encode_action(Play((7, 7), (2,), (12, 57))) == "p77u2i12.57"
    assert encode_action(Play((10,), ())) == "pT"
    assert encode_action(Add((), (1, 3))) == "au13"
    assert encode_action(Flip(3)) == "f3" and encode_action(END) == "e"


@pytest.mark.parametrize("token", ["p", "z", "f4", "p7u11", "p7i", "pZ", "e1", ""])
def test_bad_tokens_are_named(token):
    with pytest.raises(DocumentError):
        decode_action(token)
    if token and token != "p7u11":  # a repeated slot is caught when the game is replayed
        with pytest.raises(DocumentError, match="is not an action"):
            check_deal_text(f"p77 {token} e")
