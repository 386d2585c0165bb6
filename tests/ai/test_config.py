"""opponents.yaml: the shipped seats, user overrides, and clear messages with fallbacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from swoop_desktop.ai import LEVELS, PERSONALITIES, SeatConfig, dump_opponents, load_opponents
from swoop_desktop.ai import config as config_module
from swoop_desktop.resources import resource_path


def _user(tmp_path: Path, text: str) -> Path:
    (tmp_path / "opponents.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_shipped_file_gives_seven_opponents_without_messages():
    """Enough opponents for a table of eight, the classic three first (R3)."""
    assert resource_path("config/opponents.yaml").is_file()
    seats, messages = load_opponents()
    assert messages == []
    assert [s.seat for s in seats] == [1, 2, 3, 4, 5, 6, 7]
    assert [s.name for s in seats[:3]] == ["Lefty", "Topper", "Righty"]
    assert len({s.name for s in seats}) == 7
    for s in seats:
        assert s.level in LEVELS and s.personality in PERSONALITIES
        assert 0 <= s.think_ms[0] <= s.think_ms[1]
        assert s.name


def test_user_file_overrides_only_what_it_names(tmp_path):
    shipped, _ = load_opponents()
    seats, messages = load_opponents(
        _user(
            tmp_path,
            """
seats:
  top:
    name: Grandma
    level: hard
    weights: {pickup: -3, swoop_card: 2.5}
""",
        )
    )
    assert messages == []
    assert seats[1] == SeatConfig(
        2,
        "Grandma",
        "hard",
        shipped[1].personality,
        {"pickup": -3.0, "swoop_card": 2.5},
        shipped[1].think_ms,
    )
    assert seats[0] == shipped[0] and seats[2] == shipped[2]
    bot = seats[1].make_bot(seed=1)
    assert bot.level == "hard" and bot.weights["pickup"] == -3.0


def test_an_edited_file_is_read_again_and_a_changed_result_never_leaks_into_the_next(tmp_path):
    text = "seats:\n  left: {name: Ada, weights: {pickup: -2}}\n"
    first, _ = load_opponents(_user(tmp_path, text))
    first[0].weights["pickup"] = 99.0  # a caller changing what it was given
    again, _ = load_opponents(_user(tmp_path, text))
    assert again[0].name == "Ada" and again[0].weights == {"pickup": -2.0}
    edited, messages = load_opponents(_user(tmp_path, text.replace("Ada", "Bea")))
    assert messages == [] and edited[0].name == "Bea"
    broken, messages = load_opponents(_user(tmp_path, "seats: [\n"))
    assert broken[0] == load_opponents()[0][0] and "line" in messages[0]


def test_missing_user_file_is_fine(tmp_path):
    assert load_opponents(tmp_path) == load_opponents()


def test_syntax_error_names_file_and_line_and_falls_back(tmp_path):
    seats, messages = load_opponents(_user(tmp_path, "seats:\n  left:\n    name: [Bob\n"))
    assert seats == load_opponents()[0]
    assert len(messages) == 1
    assert messages[0].startswith(f"{tmp_path / 'opponents.yaml'}, line 4: file: ")
    assert "not valid YAML" in messages[0] and "shipped" in messages[0]


@pytest.mark.parametrize(
    "body, line, key, words",
    [
        ("    level: wizard\n", 3, "seats.left.level", "unknown level 'wizard'"),
        ("    think_ms: [900, 100]\n", 3, "seats.left.think_ms", "0 <= low <= high"),
        ("    think_ms: fast\n", 3, "seats.left.think_ms", "got 'fast'"),
        ("    personality: grumpy\n", 3, "seats.left.personality", "unknown personality 'grumpy'"),
        ("    name: 42\n", 3, "seats.left.name", "should be text"),
        ("    colour: red\n", 3, "seats.left.colour", "unknown key"),
        ("    weights: {luck: 3}\n", 3, "seats.left.weights.luck", "unknown feature"),
        ("    weights: {pickup: lots}\n", 3, "seats.left.weights.pickup", "should be a number"),
    ],
)
def test_bad_value_names_file_line_and_key_and_keeps_the_shipped_setting(
    tmp_path, body, line, key, words
):
    text = "seats:\n  left:\n" + body + "    name: Bob\n" * ("name:" not in body)
    seats, messages = load_opponents(_user(tmp_path, text))
    shipped = load_opponents()[0]
    assert len(messages) == 1, messages
    assert messages[0].startswith(f"{tmp_path / 'opponents.yaml'}, line {line}: {key}: ")
    assert words in messages[0]
    left = seats[0]
    assert left.level == shipped[0].level
    assert left.think_ms == shipped[0].think_ms
    assert left.personality == shipped[0].personality
    assert left.weights is None


def test_wrong_shapes_are_reported(tmp_path):
    seats, messages = load_opponents(_user(tmp_path, "- just\n- a list\n"))
    assert seats == load_opponents()[0]
    assert "should be a mapping" in messages[0]
    seats, messages = load_opponents(
        _user(tmp_path, "seats:\n  middle: {level: easy}\n  top: hard\ncolour: 3\n")
    )
    assert seats == load_opponents()[0]
    text = " | ".join(messages)
    assert "line 2: seats.middle: unknown seat" in text
    assert "line 3: seats.top: should be a mapping" in text
    assert "line 4: colour: unknown key" in text


def test_unreadable_bytes_are_reported(tmp_path):
    (tmp_path / "opponents.yaml").write_bytes(b"\xff\xfe\x00bad")
    seats, messages = load_opponents(tmp_path)
    assert seats == load_opponents()[0]
    assert messages[0].startswith(str(tmp_path / "opponents.yaml"))
    assert "UTF-8" in messages[0]


def test_missing_shipped_file_uses_built_in_seats(monkeypatch, tmp_path):
    monkeypatch.setattr(config_module, "resource_path", lambda rel: tmp_path / rel)
    seats, messages = load_opponents()
    assert seats == list(config_module.BUILT_IN)
    assert "missing" in messages[0]


def test_dump_reads_back_the_same(tmp_path):
    seats, _ = load_opponents()
    changed = [seats[0], SeatConfig(2, "Ann", "easy", "pyro", {"gift": -1.0}, (0, 50)), *seats[2:]]
    (tmp_path / "opponents.yaml").write_text(dump_opponents(changed), encoding="utf-8")
    again, messages = load_opponents(tmp_path)
    assert messages == []
    assert again == changed
