"""A hint for the human's seat: the bot's best action and one line of plain words why."""

from __future__ import annotations

from dataclasses import dataclass

from swoop_desktop.engine import RANK_OF, Action, Add, Flip, Play, count_phrase
from swoop_desktop.engine.cards import RANK_NAMES
from swoop_desktop.engine.observation import CHAIN, Observation
from swoop_desktop.plural import about, counted, noun

from .bots import NormalBot, action_rank
from .features import features, make_context

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action and a one-line reason, e.g. "Swoop: your fourth 7 clears the pile"."""

    action: Action
    reason: str


def _cards(n: int) -> str:
    return counted(n, "card")


def _points(n: float) -> str:
    return counted(round(n), "point")


def chance_words(share: float) -> str:
    """A chance in tenths, in words: "about 3 in 10", "almost never", "nearly always"."""
    n = round(share * 10)
    if n <= 0:
        return "almost never"
    if n >= 10:
        return "nearly always"
    return f"about {n} in 10"


def _the(rank: int) -> str:
    name = RANK_NAMES[rank][0]
    return f"the {name}"


def _doing(obs: Observation, action: Action) -> str:
    """What ``action`` does, in a few words (the start of a hint)."""
    if type(action) is Flip:
        return "Flip a mystery card"
    if type(action) is not Play and type(action) is not Add:
        if obs.phase == CHAIN:
            return "Stop flipping"
        return f"Keep your {RANK_NAMES[obs.follow_rank][1]} for later"
    r = action_rank(obs, action)
    words = count_phrase(r, action.size)
    if obs.rules.is_swoop_rank(r):
        return f"Swoop with your {RANK_NAMES[r][0]}"
    if type(action) is Add:
        return f"Add {words} to the pile"
    if not obs.pile:
        return f"Start the pile with {words}"
    if r > obs.top:
        return f"Take the pile with {words}"
    return f"Play {words} on {_the(obs.top)}"


def explain(
    obs: Observation, legal: list[Action], action: Action, points_saved: float = 0.0
) -> str:
    """One line of plain words saying why ``action`` is a good move here.

    ``points_saved``: how many fewer points (R15) a search expects ``action``
    to leave in the player's hand by the end of the hand than the plain
    choice would; from 3 up the hint gives that as the reason.
    """
    if points_saved >= 3:
        return f"{_doing(obs, action)}: keeps {about(points_saved)} out of your hand"
    ctx = make_context(obs, legal)
    f = features(ctx, action)
    rules = obs.rules
    if type(action) is Flip:
        if f.get("out"):
            return "Go out: flip your last card and hope it fits"
        if not obs.pile:
            return "Flip a mystery card: on an empty pile it cannot cost you"
        chance = chance_words(f["flip_safe"])
        return f"Flip a mystery card: {chance} it goes on {_the(obs.top)} or Swoops"
    if type(action) is not Play and type(action) is not Add:
        if obs.phase == CHAIN:
            return "Stop flipping: the next mystery card could pick up the pile"
        r = obs.follow_rank
        return f"Keep your {RANK_NAMES[r][1]} for later"
    r = action_rank(obs, action)
    k = action.size
    words = count_phrase(r, k)
    if f.get("out"):
        return f"Go out: {words} {noun(k, 'is')} your last {noun(k, 'card')}"
    if rules.is_swoop_rank(r):
        name = RANK_NAMES[r][0]
        if f.get("swoop_dodge"):
            return (
                f"Swoop: your {name} saves you picking up {_cards(len(obs.pile))} "
                f"({_points(ctx.pile_points)})"
            )
        if f.get("swoop_danger", 0) > 0.3:
            points = rules.card_points(r)
            return f"Swoop: get rid of your {name} ({_points(points)}) before someone goes out"
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
            return (
                f"Pick up the pile ({_cards(len(obs.pile))}): nothing you hold goes on "
                f"{_the(obs.top)}; start afresh with {words}"
            )
        return f"Pick up the pile ({_cards(len(obs.pile))}) and start afresh with {words}"
    if type(action) is Add:
        return f"Add {words} to the pile: fewer cards to hold"
    if not obs.pile:
        if r <= 5:
            return f"Start the pile low with {words}: the next player must go lower"
        return f"Start the pile with {words}: shed {noun(k, 'it', 'them')} while you can"
    if f.get("pressure", 0) > 0.3:
        return f"Play {words}: a low card makes it hard for the next player, who is nearly out"
    shed = rules.card_points(r) * k
    if shed >= 15:
        return f"Play {words} on {_the(obs.top)}: keeps {_points(shed)} out of your hand"
    if r >= 8:
        return f"Play {words} on {_the(obs.top)}: shed high cards while the pile allows it"
    if r == 1:  # the lowest rank (R2): only another ace goes on it
        return f"Play {words} on {_the(obs.top)}: only an ace can follow it"
    if not any(RANK_OF[c] < r for c in obs.hand):
        return f"Play {words} on {_the(obs.top)}: your lowest cards, while they fit"
    return f"Play {words} on {_the(obs.top)}: keep your lower cards for later"


HINT_BUDGET_MS = 250.0  # the longest a hint may think


def hint(
    obs: Observation,
    legal: list[Action],
    level: str = "hard",
    seed: int = 0,
    budget_ms: float = HINT_BUDGET_MS,
) -> Hint:
    """The best action for the observing seat, and why.

    It comes from the strongest bot that answers within the hint's time:
    the hard bot's search, its clock capped at ``budget_ms`` (when the time
    runs out early it keeps the normal bot's choice; ``level="expert"`` searches
    the expert's work under the same cap). ``level="normal"``
    asks the normal bot alone. When the search picks a move for the points
    it keeps out of the player's hand, the reason says so.
    """
    from .make import SEARCH_LEVELS, make_bot

    if not legal:
        raise ValueError("hint: there is no legal action (the hand is over)")
    if level in SEARCH_LEVELS:  # hard or expert: the search, its clock capped
        bot = make_bot(level, seed=seed, budget_ms=budget_ms)
    else:
        bot = make_bot("normal", seed=seed)
    action = bot.choose(obs, legal)
    if action not in legal:
        action = NormalBot(seed).choose(obs, legal)
    saved = 0.0
    base = getattr(bot, "last_base", None)
    points = getattr(bot, "last_points", {})
    if base is not None and action != base and action in points and base in points:
        saved = points[base] - points[action]
    return Hint(action, explain(obs, legal, action, saved))
