"""A bot that raises or answers illegally is replaced for that move by a safe legal one."""

from __future__ import annotations

import logging

import pytest

from swoop_desktop.ai import Bot, choose_safely, make_bot
from swoop_desktop.engine import END, Flip, Play
from swoop_desktop.engine.observation import observe

from .helpers import played_position


class Crashing(Bot):
    level = "crashing"

    def choose(self, obs, legal):
        raise RuntimeError("lost its marbles")


class Cheating(Bot):
    level = "cheating"

    def choose(self, obs, legal):
        return Play((14, 14, 14, 14), ())  # four jokers at once: never legal


class Passing(Bot):
    level = "passing"

    def choose(self, obs, legal):
        return END  # there is no passing in the play phase


def _position():
    state, history = played_position("app", 2, plays=20)
    assert state.phase_name == "play"
    return state, observe(state, state.to_move, history), state.legal_actions()


@pytest.mark.parametrize("bot", [Crashing(), Cheating(), Passing()])
def test_misbehaving_bot_is_replaced_by_a_legal_move_and_logged(bot, caplog):
    state, obs, legal = _position()
    lines: list[str] = []
    with caplog.at_level(logging.WARNING, logger="swoop_desktop.ai"):
        action = choose_safely(bot, obs, legal, lines.append)
    assert action in legal
    state.apply(action)  # the engine accepts it
    assert len(lines) == 1
    assert f"seat {obs.seat}" in lines[0] and "instead" in lines[0]
    assert bot.level in lines[0]
    assert caplog.records, "the details reach the log"


def test_a_legal_answer_passes_through_untouched():
    state, obs, legal = _position()
    lines: list[str] = []
    bot = make_bot("highest")
    assert choose_safely(bot, obs, legal, lines.append) == bot.choose(obs, legal)
    assert lines == []


def test_flip_of_a_missing_slot_is_caught():
    class BadFlip(Bot):
        level = "badflip"

        def choose(self, obs, legal):
            return Flip(7)

    state, obs, legal = _position()
    assert choose_safely(BadFlip(), obs, legal) in legal


def test_unknown_level_and_personality_are_named():
    with pytest.raises(ValueError, match="level: unknown 'wizard'"):
        make_bot("wizard")
    with pytest.raises(ValueError, match="personality: unknown 'grumpy'"):
        make_bot("normal", "grumpy")
    with pytest.raises(ValueError, match="unknown feature 'luck'"):
        make_bot("normal", weights={"luck": 1})
