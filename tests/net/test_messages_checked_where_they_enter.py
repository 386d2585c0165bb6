"""The wire protocol on its own: every client message checked once, in plain words; an
observation sent is the seat's observation field for field; and the check of what a
client received catches a card it should not have seen."""

from __future__ import annotations

import json
import random

import pytest

from swoop_desktop.engine import END, Flip, Match, Play, Rules
from swoop_desktop.engine.observation import PublicHistory, observe
from swoop_desktop.net.protocol import (
    MAX_MESSAGE,
    VERSION,
    Bye,
    Hello,
    PlayMessage,
    Refusal,
    dump,
    observation_from_json,
    observation_json,
    observation_message,
    parse_client,
    parse_host,
)
from tests.net.helpers import check_seen


def hello(**extra: object) -> str:
    return json.dumps({"type": "hello", "version": VERSION, "name": "Ann", **extra})


def test_the_three_messages_a_client_may_send_are_read() -> None:
    assert parse_client(hello()) == Hello(VERSION, "Ann")
    token = "a" * 32
    assert parse_client(hello(name="  Zoë ", token=token)) == Hello(VERSION, "Zoë", token)
    play = {"type": "play", "turn": 4, "action": {"play": {"hand": "7 7", "up": [1]}}}
    assert parse_client(json.dumps(play)) == PlayMessage(4, Play((7, 7), (1,)))
    assert parse_client('{"type": "play", "turn": 0, "action": {"flip": 2}}').action == Flip(2)
    assert parse_client('{"type": "play", "turn": 0, "action": {"end": true}}').action == END
    assert parse_client('{"type": "bye"}') == Bye()


@pytest.mark.parametrize(
    ("text", "reason", "words"),
    [
        ("x" * (MAX_MESSAGE + 1), "too_big", "larger than 16,384 bytes"),
        ("[" * 20 + "]" * 20, "bad_message", "nested"),
        ("[" * 5000 + "]" * 5000, "bad_message", "nested too deeply"),
        (
            '{"type": "hello", "version": 1, "name": "a", "n": 1' + "0" * 50 + "}",
            "bad_message",
            "digits",
        ),
        ("{not json", "bad_message", "not JSON"),
        ("[1, 2]", "bad_message", "a JSON object"),
        ('{"type": "shout"}', "unknown_type", "unknown message type 'shout'"),
        ('{"type": 7}', "unknown_type", "unknown message type 7"),
        ('{"type": "bye", "extra": 1}', "bad_message", "unknown field 'extra'"),
        ('{"type": "play", "turn": 1}', "bad_message", "'action' is missing"),
        ('{"type": "play", "turn": "1", "action": {"end": true}}', "bad_message", "whole number"),
        ('{"type": "play", "turn": true, "action": {"end": true}}', "bad_message", "whole number"),
        ('{"type": "play", "turn": 1, "action": {"jump": 1}}', "bad_action", "unknown verb"),
        (
            '{"type": "play", "turn": 1, "action": {"play": {"hand": "7 Q!"}}}',
            "bad_action",
            "play.hand",
        ),
        ('{"type": "play", "turn": 1, "action": {"flip": "0"}}', "bad_action", "slot number"),
        (hello(version=2), "version", "version 1 of the protocol, not 2"),
        (hello(version="1"), "bad_message", "hello.version"),
        (hello(name="Ann\x07"), "name", "control character (U+0007)"),
        (hello(name="\u202eevil"), "name", "U+202E"),
        (hello(name="x" * 300), "name", "300 characters long"),
        (hello(name="x" * 21), "name", "at most 20"),
        (hello(name="   "), "name", "empty"),
        (hello(name=["Ann"]), "name", "should be text"),
        (hello(token="../../etc/passwd"), "token", "not a seat token"),
        (hello(token=12), "token", "not a seat token"),
    ],
)
def test_a_bad_message_is_refused_with_a_reason_in_plain_words(
    text: str, reason: str, words: str
) -> None:
    with pytest.raises(Refusal) as caught:
        parse_client(text)
    assert caught.value.reason == reason
    assert words in caught.value.words
    assert caught.value.words.isprintable() and len(caught.value.words) < 400


def test_a_binary_frame_is_refused() -> None:
    with pytest.raises(Refusal, match="not binary"):
        parse_client(b'{"type": "bye"}')


def _positions(seed: int, plays: int) -> list[tuple[Match, PublicHistory]]:
    match = Match(Rules.from_preset("app"), 4, seed)
    history = PublicHistory(4)
    history.feed(match.start_hand())
    rng = random.Random(seed)
    out = []
    state = match.state
    assert state is not None
    for _ in range(plays):
        if state.is_over:
            break
        history.feed(match.apply(rng.choice(state.legal_actions())))
        out.append((match, history.copy()))
    return out


def test_an_observation_crosses_the_wire_field_for_field() -> None:
    for match, history in _positions(3, 60):
        assert match.state is not None
        for seat in range(4):
            obs = observe(match.state, seat, history)
            text = dump(observation_message(match.hand_no, obs))
            back = parse_host(text)["obs"]
            assert back == obs
            assert observation_from_json(json.loads(dump(observation_json(obs)))) == obs


def test_what_the_host_sends_is_checked_by_the_client_too() -> None:
    with pytest.raises(Refusal):
        parse_host('{"type": "observation", "hand": 0, "obs": {"seat": 0}}')
    with pytest.raises(Refusal):
        parse_host('{"type": "your_turn", "hand": 0, "turn": 1, "legal": []}')
    with pytest.raises(Refusal):
        parse_host('{"type": "surprise"}')
    with pytest.raises(Refusal):
        parse_host("x" * (2 * 1024 * 1024))


def test_the_check_of_what_a_seat_received_catches_a_hidden_card() -> None:
    rules = Rules.from_preset("app")
    match = Match(rules, 3, 9)
    history = PublicHistory(3)
    history.feed(match.start_hand())
    state = match.state
    assert state is not None
    honest = observation_message(0, observe(state, 0, history))
    record: list[list] = [[]]
    assert check_seen([dump(honest)], 0, rules, 3, 9, record) == 1
    leaked = json.loads(dump(honest))
    leaked["obs"]["hand"] = leaked["obs"]["hand"][:-1] + [state.hand_ids(1)[0]]
    with pytest.raises(AssertionError):
        check_seen([dump(leaked)], 0, rules, 3, 9, record)
    down = json.loads(dump(honest))
    down["obs"]["known"][2] = [state.down[2][0]]
    with pytest.raises(AssertionError):
        check_seen([dump(down)], 0, rules, 3, 9, record)
    other_seat = observation_message(0, observe(state, 1, history))
    with pytest.raises(AssertionError):
        check_seen([dump(other_seat)], 0, rules, 3, 9, record)
