"""Plays named: in the past ("played two 7s", :func:`describe`), as a doing ("playing
two 7s", :func:`doing`) or as a button's command ("Play two 7s", :func:`command`), so
that two different plays never share words (cards from your hand and from your face-up
stacks are named apart); the pile as the object of a verb."""

from __future__ import annotations

import json
from collections.abc import Sequence

from swoop_desktop.card_words import OBJECT, cards_in
from swoop_desktop.engine import RANK_OF, Action, Add, End, Flip, Play, Rules, action_from_json
from swoop_desktop.engine.observation import FOLLOW, Observation
from swoop_desktop.i18n import N_, Np_, _, ngettext, npgettext, pgettext
from swoop_desktop.plural import counted

from ..bots import action_rank
from .figures import Figures, Judged

#: The words of a play, by kind (played or added), form (what was done, or the doing of it,
#: for "... was better") and where its cards came from. {cards} is "two 7s", {stacks}
#: "face-up stack 2", {count} how many came from the hand ("one", "two").
_PLAY_WORDS: dict[tuple[bool, bool, str], str] = {
    # Translators: a play as the review names it, in the past: "played two 7s".
    (False, False, ""): N_("played {cards}"),
    # Translators: a play the review names, in the past; {cards} is "two 7s" (the object).
    (False, False, "hand"): N_("played {cards} from your hand"),
    # Translators: a play in the past; {cards} is "two 7s"; {stacks} "face-up stacks 1 and 3".
    (False, False, "up"): N_("played {cards} from your {stacks}"),
    # Translators: a play in the past; {cards} "three 7s"; {count} "two"; {stacks} "face-up
    # stack 2".
    (False, False, "both"): N_(
        "played {cards} ({count} from your hand, the rest from your {stacks})"
    ),
    # Translators: a play named as a doing, for "... was better": "playing two 7s".
    (False, True, ""): N_("playing {cards}"),
    # Translators: a play named as a doing; {cards} is "two 7s" (the object).
    (False, True, "hand"): N_("playing {cards} from your hand"),
    # Translators: a play as a doing; {cards} is "two 7s"; {stacks} "face-up stacks 1 and 3".
    (False, True, "up"): N_("playing {cards} from your {stacks}"),
    # Translators: a play as a doing; {cards} "three 7s"; {count} "two"; {stacks} "face-up
    # stack 2".
    (False, True, "both"): N_(
        "playing {cards} ({count} from your hand, the rest from your {stacks})"
    ),
    # Translators: cards added to the pile after a play (the follow-up), in the past.
    (True, False, ""): N_("added {cards}"),
    # Translators: cards added to the pile, in the past; {cards} is "two 7s" (the object).
    (True, False, "hand"): N_("added {cards} from your hand"),
    # Translators: cards added, in the past; {cards} "two 7s"; {stacks} "face-up stacks 1 and 3".
    (True, False, "up"): N_("added {cards} from your {stacks}"),
    # Translators: cards added, in the past; {cards} "three 7s"; {count} "two"; {stacks}
    # "face-up stack 2".
    (True, False, "both"): N_(
        "added {cards} ({count} from your hand, the rest from your {stacks})"
    ),
    # Translators: cards added to the pile, named as a doing: "adding two 7s".
    (True, True, ""): N_("adding {cards}"),
    # Translators: cards added to the pile, as a doing; {cards} is "two 7s" (the object).
    (True, True, "hand"): N_("adding {cards} from your hand"),
    # Translators: cards added, as a doing; {cards} "two 7s"; {stacks} "face-up stacks 1 and 3".
    (True, True, "up"): N_("adding {cards} from your {stacks}"),
    # Translators: cards added, as a doing; {cards} "three 7s"; {count} "two"; {stacks}
    # "face-up stack 2".
    (True, True, "both"): N_(
        "adding {cards} ({count} from your hand, the rest from your {stacks})"
    ),
}
#: The context of :data:`_COMMANDS`: a play offered to choose, on a button.
COMMAND = "a play to choose"
#: A play offered on a button to choose it (a puzzle's answers), by kind (played or
#: added) and where its cards come from, as :data:`_PLAY_WORDS`; said as a command.
_COMMANDS: dict[tuple[bool, str], str] = {
    # Translators: a button that makes a play: "Play two 7s"; {cards} is the object.
    (False, ""): Np_("a play to choose", "Play {cards}"),
    # Translators: a button that makes a play; {cards} is "two 7s" (the object).
    (False, "hand"): Np_("a play to choose", "Play {cards} from your hand"),
    # Translators: a button that makes a play; {cards} "two 7s"; {stacks} "face-up stacks
    # 1 and 3".
    (False, "up"): Np_("a play to choose", "Play {cards} from your {stacks}"),
    # Translators: a button that makes a play; {cards} "three 7s"; {count} "two"; {stacks}
    # "face-up stack 2".
    (False, "both"): Np_(
        "a play to choose", "Play {cards} ({count} from your hand, the rest from your {stacks})"
    ),
    # Translators: a button that adds cards to the pile after a play: "Add two 7s".
    (True, ""): Np_("a play to choose", "Add {cards}"),
    # Translators: a button that adds cards to the pile; {cards} is "two 7s" (the object).
    (True, "hand"): Np_("a play to choose", "Add {cards} from your hand"),
    # Translators: a button that adds cards; {cards} "two 7s"; {stacks} "face-up stack 2".
    (True, "up"): Np_("a play to choose", "Add {cards} from your {stacks}"),
    # Translators: a button that adds cards; {cards} "three 7s"; {count} "two"; {stacks}
    # "face-up stack 2".
    (True, "both"): Np_(
        "a play to choose", "Add {cards} ({count} from your hand, the rest from your {stacks})"
    ),
}
_COUNTS = {
    1: Np_("how many cards", "one"),
    2: Np_("how many cards", "two"),
    3: Np_("how many cards", "three"),
    4: Np_("how many cards", "four"),
}


def _stacks(slots: Sequence[int]) -> str:
    """ "face-up stack 2", "face-up stacks 1 and 3" (numbered from the left, from 1)."""
    names = [str(s + 1) for s in slots]
    # Translators: the last two of a list of face-up stacks' numbers: "1, 2 and 3".
    joined = (
        names[0]
        if len(names) == 1
        else _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
    )
    # Translators: {stacks} in "played two 7s from your {stacks}": "face-up stacks 1 and 3".
    return ngettext("face-up stack {numbers}", "face-up stacks {numbers}", len(names)).format(
        numbers=joined
    )


def _where(obs: Observation, action: Play | Add, rank: int) -> tuple[str, dict[str, str]]:
    """Where a play's cards come from, when that tells it apart from another play of the
    same cards: your hand (when a face-up card of that rank could have gone too), which
    face-up stacks, or how many of each (a key of :data:`_PLAY_WORDS` and its words)."""
    if not action.up:
        ups = obs.up[obs.seat] if obs.up else ()
        same = any(c is not None and RANK_OF[c] == rank for c in ups)
        return ("hand" if same else ""), {}
    if not action.hand:
        return "up", {"stacks": _stacks(action.up)}
    n = len(action.hand)
    count = pgettext("how many cards", _COUNTS[n]) if n in _COUNTS else str(n)
    return "both", {"count": count, "stacks": _stacks(action.up)}


def _words(obs: Observation, action: Action, doing: bool) -> str:
    kind = type(action)
    if kind is Flip:
        return _("flipping a mystery card") if doing else _("flipped a mystery card")
    if kind is End:
        if obs.phase != FOLLOW:
            if doing:
                # Translators: a play the review names: ending a chain of mystery-card flips,
                # as a doing ("stopping flipping was better").
                return _("stopping flipping")
            # Translators: a play the review names, in the past: you ended a chain of
            # mystery-card flips ("you stopped flipping").
            return _("stopped flipping")
        return _("keeping your cards (Done)") if doing else _("kept your cards (Done)")
    r = action_rank(obs, action)
    k = action.size  # type: ignore[union-attr]
    where, words = _where(obs, action, r)  # type: ignore[arg-type]
    message = _PLAY_WORDS[(kind is Add, doing, where)]
    return _(message).format(cards=cards_in(OBJECT, r, k), **words)


def describe(obs: Observation, action: Action) -> str:
    """Past-tense plain words for an action: "played two 7s", "flipped a mystery card".
    Two different plays never share words: cards from your hand and from your face-up
    stacks are named apart ("played an ace from your face-up stack 2")."""
    return _words(obs, action, doing=False)


def command(obs: Observation, action: Action) -> str:
    """The play as a button offering it says it: "Play two 7s", "Flip a mystery card".
    Named apart as :func:`describe` names plays apart."""
    kind = type(action)
    if kind is Flip:
        # Translators: a button that turns over one of your mystery cards.
        return pgettext("a play to choose", "Flip a mystery card")
    if kind is End:
        if obs.phase != FOLLOW:
            # Translators: a button that ends a chain of mystery-card flips.
            return pgettext("a play to choose", "Stop flipping")
        # Translators: a button that keeps your cards of the rank rather than adding them
        # to the pile ("Done" is the table's button for it).
        return pgettext("a play to choose", "Keep your cards (Done)")
    r = action_rank(obs, action)
    where, words = _where(obs, action, r)  # type: ignore[arg-type]
    message = _COMMANDS[(kind is Add, where)]
    return pgettext(COMMAND, message).format(
        cards=cards_in(OBJECT, r, action.size),  # type: ignore[union-attr]
        **words,
    )


def doing(obs: Observation, action: Action) -> str:
    """The same play named as a doing, for "... was better": "playing two 7s"."""
    return _words(obs, action, doing=True)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def imperative(words: str) -> str:
    """ "played two 7s" -> "playing two 7s": the doing of English words kept from before
    the words were said in the player's language (a stored review of then)."""
    verbs = {
        "played": "playing",
        "flipped": "flipping",
        "added": "adding",
        "stopped": "stopping",
        "kept": "keeping",
    }
    head, _sep, rest = words.partition(" ")
    return f"{verbs.get(head, head)} {rest}".strip()


def doing_of(figures: Figures) -> str:
    """A weighed play named as a doing ("playing two 7s")."""
    return getattr(figures, "doing", "") or imperative(figures.words)


def doing_named(verdict: Judged, words: str) -> str:
    """The doing of a play a verdict names by its words (its weighed option's, when kept)."""
    for option in getattr(verdict, "options", ()):
        if option.words == words and getattr(option, "doing", ""):
            return str(option.doing)
    return imperative(words)


def action_of(figures: Figures) -> Action | None:
    """The action figures were worked out for (None when they name none)."""
    if not figures.action:
        return None
    try:
        return action_from_json(json.loads(figures.action))
    except (ValueError, TypeError, KeyError):
        return None


def _pile_points(obs: Observation) -> int:
    return sum(obs.rules.card_points(RANK_OF[c]) for c in obs.pile)


def pile_words(obs: Observation, rules: Rules) -> str:
    """ "the pile of 6 cards (30 points)", "the pile of 1 card (1 point)": the object of
    "picked up" or "clears", counted in its own words."""
    n = len(obs.pile)
    # Translators: the pile as the object of a verb ("picked up {pile}"); {n} its cards;
    # {points} "30 points" in brackets.
    return npgettext(
        "the pile, object", "the pile of {n} card ({points})", "the pile of {n} cards ({points})", n
    ).format(n=n, points=counted(_pile_points(obs), "point"))
