"""The player's opponents.yaml can neither crash nor stall New game.

Each bad file falls back to the shipped seats with a message naming the file;
the refusals happen before anything big is built (aliases and nodes are counted
while composing), so none of these takes more than a moment.
"""

from __future__ import annotations

import os

import pytest

from swoop_desktop.ai.config import MAX_BYTES, load_opponents

SHIPPED = [s.name for s in load_opponents(None)[0]]

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9)
)
WIDE = (
    "x: &x {"
    + ", ".join(f"k{i}: {i}" for i in range(2000))
    + "}\n"
    + "seats: {"
    + ", ".join(f"s{i}: *x" for i in range(500))
    + "}\n"
)

CASES = {
    "a 5,000-digit number": (
        "seats:\n  left:\n    think_ms: [1, " + "9" * 5000 + "]\n",
        "5000 digits",
    ),
    "nesting 2,000 deep": ("seats: " + "[" * 2000 + "]" * 2000 + "\n", "nested more than"),
    "a billion laughs": (BOMB, "aliases"),
    "an alias mapping of a million nodes": (WIDE, "aliases"),
    "a 10 MB file": ("seats:\n" + "#" * (10 << 20) + "\n", "too large"),
    "many values": ("seats: [" + ", ".join("1" for _ in range(20_000)) + "]\n", "values"),
}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_opponents_file_falls_back_at_once(tmp_path, case):
    text, words = CASES[case]
    (tmp_path / "opponents.yaml").write_text(text)
    seats, messages = load_opponents(tmp_path)
    assert [s.name for s in seats] == SHIPPED
    assert len(messages) == 1 and words in messages[0], messages
    assert "opponents.yaml" in messages[0] and len(messages[0]) < 400


def test_a_good_file_within_the_budget_still_reads(tmp_path):
    (tmp_path / "opponents.yaml").write_text(
        "defaults: &d {level: easy, personality: cautious}\n"
        "seats:\n  left: {<<: *d, name: Ann}\n  top: {<<: *d}\n  right: {name: Bo}\n"
    )
    seats, messages = load_opponents(tmp_path)
    assert [s.name for s in seats] == ["Ann", SHIPPED[1], "Bo", *SHIPPED[3:]]
    assert seats[0].level == "easy" and seats[1].personality == "cautious"
    assert any("defaults" in m for m in messages)  # an unknown key, told and ignored


@pytest.mark.timeout(30)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
def test_a_fifo_or_device_as_opponents_file_never_hangs(tmp_path):
    os.mkfifo(tmp_path / "opponents.yaml")
    seats, _messages = load_opponents(tmp_path)
    assert [s.name for s in seats] == SHIPPED
    (tmp_path / "opponents.yaml").unlink()
    if os.path.exists("/dev/zero"):
        (tmp_path / "opponents.yaml").symlink_to("/dev/zero")
        seats, _messages = load_opponents(tmp_path)
        assert [s.name for s in seats] == SHIPPED


@pytest.mark.parametrize("name", ["\u200b", "\u200d", "\u2060", "\ufeff", "\u3164", " ", "x" * 21])
def test_an_invisible_opponent_name_falls_back_to_the_seat_name(tmp_path, name):
    (tmp_path / "opponents.yaml").write_text(
        f'seats:\n  top:\n    name: "{name}"\n', encoding="utf-8"
    )
    seats, messages = load_opponents(tmp_path)
    assert seats[1].name == SHIPPED[1]
    assert len(messages) == 1 and f"{SHIPPED[1]!r} is used" in messages[0]


def test_the_budget_is_far_above_what_a_real_file_needs():
    from swoop_desktop.resources import resource_path

    shipped = resource_path("config/opponents.yaml")
    assert shipped.stat().st_size * 20 < MAX_BYTES
    assert load_opponents(None)[1] == []
