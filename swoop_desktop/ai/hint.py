"""A hint for the human's seat: the bot's best action and one line of plain words why."""

from __future__ import annotations

from dataclasses import dataclass

from swoop_desktop.engine import Action, Add, Flip, Play, count_phrase
from swoop_desktop.engine.cards import RANK_NAMES
from swoop_desktop.engine.observation import CHAIN, Observation

from .bots import NormalBot, action_rank
from .features import features, make_context

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action and a one-line reason, e.g. "Swoop: your fourth 7 clears the pile"."""

    action: Action
    reason: str


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _the(rank: int) -> str:
    name = RANK_NAMES[rank][0]
    return f"the {name}"


def explain(obs: Observation, legal: list[Action], action: Action) -> str:
    """One line of plain words saying why ``action`` is a good move here."""
    ctx = make_context(obs, legal)
    f = features(ctx, action)
    rules = obs.rules
    if type(action) is Flip:
        if f.get("out"):
            return "Go out: flip your last card and hope it fits"
        if not obs.pile:
            return "Flip a mystery card: on an empty pile it cannot cost you"
        chance = round(f["flip_safe"] * 10)
        return (f"Flip a mystery card: about {chance} in 10 it goes on {_the(obs.top)} "
                f"or Swoops")
    if type(action) is not Play and type(action) is not Add:
        if obs.phase == CHAIN:
            return "Stop flipping: the next mystery card could pick up the pile"
        r = obs.follow_rank
        return f"Keep your {RANK_NAMES[r][1]} for later"
    r = action_rank(obs, action)
    k = action.size
    words = count_phrase(r, k)
    if f.get("out"):
        return f"Go out: {words} {'is' if k == 1 else 'are'} your last card{'s' if k > 1 else ''}"
    if rules.is_swoop_rank(r):
        name = RANK_NAMES[r][0]
        if f.get("swoop_dodge"):
            return f"Swoop: your {name} saves you picking up {_cards(len(obs.pile))}"
        if f.get("swoop_danger", 0) > 0.3:
            points = rules.card_points(r)
            return f"Swoop: get rid of your {name} ({points} points) before someone goes out"
        if obs.pile:
            return f"Swoop: your {name} clears the pile of {_cards(len(obs.pile))} and plays again"
        return f"Swoop: your {name} gives you another play"
    if f.get("four"):
        run = obs.run + k if (obs.pile and r == obs.top) else k
        if k == 1:
            return f"Swoop: your {ORDINALS.get(run, str(run))} {RANK_NAMES[r][0]} clears the pile"
        if run == k:
            return f"Swoop: {words} clear the pile"
        return f"Swoop: {words} make four and clear the pile"
    if f.get("pickup"):
        if not ctx.non_pickup_exists:
            return (f"Pick up the pile ({_cards(len(obs.pile))}): nothing you hold goes on "
                    f"{_the(obs.top)}; start afresh with {words}")
        return f"Pick up the pile ({_cards(len(obs.pile))}) and start afresh with {words}"
    if type(action) is Add:
        return f"Add {words} to the pile: fewer cards to hold"
    if not obs.pile:
        if r <= 5:
            return f"Start the pile low with {words}: the next player must go lower"
        return f"Start the pile with {words}: shed them while you can"
    if f.get("pressure", 0) > 0.3:
        return f"Play {words}: a low card makes it hard for the next player, who is nearly out"
    if r >= 8:
        return f"Play {words} on {_the(obs.top)}: shed high cards while the pile allows it"
    return f"Play {words} on {_the(obs.top)}: keep your lower cards for later"


def hint(obs: Observation, legal: list[Action], level: str = "normal", seed: int = 0) -> Hint:
    """The best action for the observing seat from the ``level`` bot, and why."""
    from . import make_bot

    if not legal:
        raise ValueError("hint: there is no legal action (the hand is over)")
    bot = make_bot(level if level in ("normal", "hard") else "normal", seed=seed)
    action = bot.choose(obs, legal)
    if action not in legal:
        action = NormalBot(seed).choose(obs, legal)
    return Hint(action, explain(obs, legal, action))
