"""The hint: the review's own evaluation of a position, at the hint's fixed work, in words.

One voice of advice: the Hint button, the review, a puzzle's answer and the daily
deal's review all ask :func:`~.review.assess`. The hint asks it at its first look
(:data:`~.review.HINT_WORLDS` re-deals of the very worlds the review of the game deals
at that decision) and says the best play found there with :func:`~.hint.explain`'s
words; the review looks closer and, where it parts from the hint, says so.
"""

from __future__ import annotations

from swoop_desktop.engine import Action
from swoop_desktop.engine.observation import Observation

from .bots import NormalBot
from .hint import Hint, explain
from .make import make_bot
from .review import first_look, plain_json


def hint(
    obs: Observation,
    legal: list[Action],
    level: str = "hard",
    seed: int = 0,
    hand_no: int = 0,
    step: int | None = None,
) -> Hint:
    """The best action for the observing seat, and why.

    It comes from the review's own evaluation at the hint's fixed work
    (:func:`~.review.first_look`: :data:`~.review.HINT_WORLDS` re-deals, no clock, so
    the same position always gets the same hint on any machine): ``seed`` is the game's,
    ``hand_no`` and ``step`` (by default the observation's play count) the decision's
    place in it, so the hint is exactly the play the review of this game finds at its
    first look. ``level="normal"`` asks the normal bot alone. When the evaluation
    prefers another play than the plain choice by 3 points or more against the table,
    the reason says so.
    """
    if not legal:
        raise ValueError("hint: there is no legal action (the hand is over)")
    if level == "normal" or len(legal) == 1:
        action = make_bot("normal", seed=seed).choose(obs, legal)
        if action not in legal:
            action = NormalBot(seed).choose(obs, legal)
        return Hint(action, explain(obs, legal, action))
    # The plain choice (the normal bot's) stands in for the player's: the hint's
    # candidates are the bot's own, so they are the same whatever the player would play.
    look = first_look(obs, legal, seed, hand_no, obs.plays if step is None else step)
    found = next((a for a in legal if plain_json(a) == look.hint), None)
    # (always found: the hint is one of the legal actions, weighed)
    action = found if found is not None else make_bot("normal", seed=seed).choose(obs, legal)
    return Hint(action, look.hint_words)
