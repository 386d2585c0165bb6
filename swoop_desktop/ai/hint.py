"""A hint for the human's seat: the bot's best action and one line of plain words why."""

from __future__ import annotations

from dataclasses import dataclass

from swoop_desktop.card_words import count_phrase, rank_name, rank_plural
from swoop_desktop.engine import RANK_OF, Action, Add, Flip, Play
from swoop_desktop.engine.observation import CHAIN, Observation
from swoop_desktop.i18n import Np_, _, ngettext, pgettext
from swoop_desktop.plural import counted

from .bots import action_rank
from .features import features, make_context

#: Which of a rank a card is on the pile: "your fourth 7" (context "which card").
ORDINALS = {
    1: Np_("which card", "first"),
    2: Np_("which card", "second"),
    3: Np_("which card", "third"),
    4: Np_("which card", "fourth"),
    5: Np_("which card", "fifth"),
    6: Np_("which card", "sixth"),
}


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
        return _("almost never")
    if n >= 10:
        return _("nearly always")
    return _("about {n} in 10").format(n=n)


def _the(rank: int) -> str:
    # Translators: one rank's card on top of the pile: "the 7", "the queen".
    return _("the {card}").format(card=rank_name(rank))


def _doing(obs: Observation, action: Action) -> str:
    """What ``action`` does, in a few words (the start of a hint)."""
    if type(action) is Flip:
        return _("Flip a mystery card")
    if type(action) is not Play and type(action) is not Add:
        if obs.phase == CHAIN:
            return _("Stop flipping")
        return _("Keep your {cards} for later").format(cards=rank_plural(obs.follow_rank))
    r = action_rank(obs, action)
    words = count_phrase(r, action.size)
    if obs.rules.is_swoop_rank(r):
        return _("Swoop with your {card}").format(card=rank_name(r))
    if type(action) is Add:
        return _("Add {cards} to the pile").format(cards=words)
    if not obs.pile:
        return _("Start the pile with {cards}").format(cards=words)
    if r > obs.top:
        return _("Take the pile with {cards}").format(cards=words)
    return _("Play {cards} on {top}").format(cards=words, top=_the(obs.top))


def explain(
    obs: Observation,
    legal: list[Action],
    action: Action,
    points_saved: float = 0.0,
    instead: str = "",
) -> str:
    """One line of plain words saying why ``action`` is a good move here.

    ``points_saved``: how much better against the table (the points margin, R15) the
    evaluation expects ``action`` to end the hand than the plain choice, ``instead`` (a
    doing: "playing a 5"); from 3 up the hint gives that as the reason.
    """
    if points_saved >= 3 and instead:
        n = round(points_saved)
        # Translators: {doing} is the hint's play ("Play two 7s on the 8"); {instead}
        # the plain choice as a doing ("playing a 5"); {n} whole points.
        return ngettext(
            "{doing}: about {n} point better than {instead}",
            "{doing}: about {n} points better than {instead}",
            n,
        ).format(doing=_doing(obs, action), n=n, instead=instead)
    ctx = make_context(obs, legal)
    f = features(ctx, action)
    rules = obs.rules
    if type(action) is Flip:
        if f.get("out"):
            return _("Go out: flip your last card and hope it fits")
        if not obs.pile:
            return _("Flip a mystery card: on an empty pile it goes down whatever it is")
        chance = chance_words(f["flip_safe"])
        # Translators: {chance} is "about 3 in 10"; {top} "the 7".
        return _("Flip a mystery card: {chance} it goes on {top} or Swoops").format(
            chance=chance, top=_the(obs.top)
        )
    if type(action) is not Play and type(action) is not Add:
        if obs.phase == CHAIN:
            return _("Stop flipping: the next mystery card could pick up the pile")
        return _("Keep your {cards} for later").format(cards=rank_plural(obs.follow_rank))
    r = action_rank(obs, action)
    k = action.size
    words = count_phrase(r, k)
    top = _the(obs.top) if obs.pile else ""
    if f.get("out"):
        return ngettext(
            "Go out: {cards} is your last card", "Go out: {cards} are your last cards", k
        ).format(cards=words)
    if rules.is_swoop_rank(r):
        name = rank_name(r)
        if f.get("swoop_dodge"):
            return _("Swoop: your {card} saves you picking up {cards} ({points})").format(
                card=name, cards=_cards(len(obs.pile)), points=_points(ctx.pile_points)
            )
        if f.get("swoop_danger", 0) > 0.3:
            points = rules.card_points(r)
            return _("Swoop: get rid of your {card} ({points}) before someone goes out").format(
                card=name, points=_points(points)
            )
        if obs.pile:
            return _("Swoop: your {card} clears the pile of {cards} and plays again").format(
                card=name, cards=_cards(len(obs.pile))
            )
        return _("Swoop: your {card} gives you another play").format(card=name)
    if f.get("four"):
        run = obs.run + k if (obs.pile and r == obs.top) else k
        if k == 1:
            which = pgettext("which card", ORDINALS[run]) if run in ORDINALS else str(run)
            # Translators: {which} is "fourth"; {card} the rank's name ("7").
            return _("Swoop: your {which} {card} clears the pile").format(
                which=which, card=rank_name(r)
            )
        if run == k:
            return _("Swoop: {cards} clear the pile").format(cards=words)
        return _("Swoop: {cards} make four and clear the pile").format(cards=words)
    if f.get("pickup"):
        if not ctx.non_pickup_exists:
            return _(
                "Pick up the pile ({cards}): nothing you hold goes on {top}; start afresh "
                "with {play}"
            ).format(cards=_cards(len(obs.pile)), top=top, play=words)
        return _("Pick up the pile ({cards}) and start afresh with {play}").format(
            cards=_cards(len(obs.pile)), play=words
        )
    if type(action) is Add:
        return _("Add {cards} to the pile: fewer cards to hold").format(cards=words)
    if not obs.pile:
        if r <= 5:
            return _("Start the pile low with {cards}: the next player must go lower").format(
                cards=words
            )
        return ngettext(
            "Start the pile with {cards}: shed it while you can",
            "Start the pile with {cards}: shed them while you can",
            k,
        ).format(cards=words)
    if f.get("pressure", 0) > 0.3:
        return _(
            "Play {cards}: a low card makes it hard for the next player, who is nearly out"
        ).format(cards=words)
    shed = rules.card_points(r) * k
    if shed >= 15:
        return _("Play {cards} on {top}: keeps {points} out of your hand").format(
            cards=words, top=top, points=_points(shed)
        )
    if r >= 8:
        return _("Play {cards} on {top}: shed high cards while the pile allows it").format(
            cards=words, top=top
        )
    if r == 1:  # the lowest rank (R2): only another ace goes on it
        return _("Play {cards} on {top}: only an ace can follow it").format(cards=words, top=top)
    if not any(RANK_OF[c] < r for c in obs.hand):
        return _("Play {cards} on {top}: your lowest cards, while they fit").format(
            cards=words, top=top
        )
    return _("Play {cards} on {top}: keep your lower cards for later").format(cards=words, top=top)
