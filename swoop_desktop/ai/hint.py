"""A hint for the human's seat: the evaluation's best action and one line of plain words why.

Every card word here is asked in its grammatical frame (:mod:`swoop_desktop.card_words`:
the subject, the object, "with", "on the"), and every count goes into its whole sentence
as a number, so each language can decline and count them as its grammar asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from swoop_desktop.card_words import (
    OBJECT,
    SUBJECT,
    WITH,
    cards_in,
    on_the,
    your_card,
    your_cards,
)
from swoop_desktop.engine import RANK_OF, Action, Add, Flip, Play
from swoop_desktop.engine.observation import CHAIN, Observation
from swoop_desktop.i18n import _, ngettext
from swoop_desktop.plural import counted

from .bots import action_rank
from .features import Context, features, make_context


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggested action and a one-line reason, e.g. "Swoop: your 7 makes 4 in a row
    and clears the pile"."""

    action: Action
    reason: str


def chance_words(share: float) -> str:
    """A chance in tenths, in words: "about 3 in 10", "almost never", "nearly always"."""
    n = round(share * 10)
    if n <= 0:
        # Translators: a chance in a hint: "Flip a mystery card: almost never it goes on the 7".
        return _("almost never")
    if n >= 10:
        # Translators: a chance in a hint: "Flip a mystery card: nearly always it goes on the 7".
        return _("nearly always")
    return _("about {n} in 10").format(n=n)


def _doing(obs: Observation, action: Action) -> str:
    """What ``action`` does, in a few words (the start of a hint)."""
    if type(action) is Flip:
        return _("Flip a mystery card")
    if type(action) is not Play and type(action) is not Add:
        if obs.phase == CHAIN:
            # Translators: a hint: stop turning over mystery cards (end the chain of flips).
            return _("Stop flipping")
        # Translators: {cards} is "your 7s" (your cards of a rank, as the object).
        return _("Keep {cards} for later").format(cards=your_cards(obs.follow_rank))
    r = action_rank(obs, action)
    k = action.size
    if obs.rules.is_swoop_rank(r):
        # Translators: {card} is "with your 10" (the preposition included).
        return _("Swoop {card}").format(card=your_card(WITH, r))
    if type(action) is Add:
        # Translators: {cards} is "two 7s" (the object).
        return _("Add {cards} to the pile").format(cards=cards_in(OBJECT, r, k))
    if not obs.pile:
        # Translators: {cards} is "with two 7s" (the preposition included).
        return _("Start the pile {cards}").format(cards=cards_in(WITH, r, k))
    if r > obs.top:
        # Translators: a play higher than the top picks the pile up: {cards} is "with two
        # 7s" (the preposition included).
        return _("Take the pile {cards}").format(cards=cards_in(WITH, r, k))
    # Translators: {cards} is "two 7s" (the object); {on} "on the 8" (preposition included).
    return _("Play {cards} {on}").format(cards=cards_in(OBJECT, r, k), on=on_the(obs.top))


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
    if type(action) is Flip:
        return _flip_words(obs, f)
    if type(action) is not Play and type(action) is not Add:
        if obs.phase == CHAIN:
            return _("Stop flipping: the next mystery card could pick up the pile")
        return _("Keep {cards} for later").format(cards=your_cards(obs.follow_rank))
    r = action_rank(obs, action)
    k = action.size
    if f.get("out"):
        # Translators: a hint; {cards} is "your 7" or "your two 7s" (the subject).
        return ngettext(
            "Go out: {cards} is your last card", "Go out: {cards} are your last cards", k
        ).format(cards=cards_in(SUBJECT, r, k))
    if obs.rules.is_swoop_rank(r):
        return _swoop_card_words(obs, ctx, f, r)
    if f.get("four"):
        return _four_words(obs, r, k)
    if f.get("pickup"):
        return _pickup_words(obs, ctx, r, k)
    if type(action) is Add:
        # Translators: a hint; {cards} is "your two 7s" (the object).
        return _("Add {cards} to the pile: fewer cards to hold").format(
            cards=cards_in(OBJECT, r, k)
        )
    return _shed_words(obs, f, r, k)


def _flip_words(obs: Observation, f: dict[str, float]) -> str:
    """Why a flip: going out, an empty pile, or its chance of going on the pile."""
    if f.get("out"):
        return _("Go out: flip your last card and hope it fits")
    if not obs.pile:
        return _("Flip a mystery card: on an empty pile it goes down whatever it is")
    # Translators: {chance} is "about 3 in 10"; {on} "on the 7" (preposition included).
    return _("Flip a mystery card: {chance} it goes {on} or Swoops").format(
        chance=chance_words(f["flip_safe"]), on=on_the(obs.top)
    )


def _swoop_card_words(obs: Observation, ctx: Context, f: dict[str, float], r: int) -> str:
    """Why a Swoop card now: a pick-up it saves, its points before someone goes out, the
    pile it clears, or the play it gives."""
    mine = your_card(SUBJECT, r)
    pile = len(obs.pile)
    if f.get("swoop_dodge"):
        # Translators: {card} is "your 10" (the subject); {n} the pile's cards; {points}
        # "30 points" in brackets.
        return ngettext(
            "Swoop: {card} saves you picking up the pile of {n} card ({points})",
            "Swoop: {card} saves you picking up the pile of {n} cards ({points})",
            pile,
        ).format(card=mine, n=pile, points=counted(round(ctx.pile_points), "point"))
    if f.get("swoop_danger", 0) > 0.3:
        # Translators: {card} is "your 10" (the object); {points} "10 points" in brackets.
        return _("Swoop: get rid of {card} ({points}) before someone goes out").format(
            card=your_card(OBJECT, r), points=counted(obs.rules.card_points(r), "point")
        )
    if obs.pile:
        # Translators: {card} is "your 10" (the subject); {n} the pile's cards.
        return ngettext(
            "Swoop: {card} clears the pile of {n} card and you play again",
            "Swoop: {card} clears the pile of {n} cards and you play again",
            pile,
        ).format(card=mine, n=pile)
    # Translators: {card} is "your 10" (the subject).
    return _("Swoop: {card} gives you another play").format(card=mine)


def _four_words(obs: Observation, r: int, k: int) -> str:
    """Four of a rank that clear the pile."""
    run = obs.run + k if (obs.pile and r == obs.top) else k
    if k == 1:
        # Translators: {card} is "your 7" (the subject); {n} how many of its rank lie
        # on top with it, a figure ("makes 4 in a row").
        return _("Swoop: {card} makes {n} in a row and clears the pile").format(
            card=your_card(SUBJECT, r), n=run
        )
    if run == k:
        # Translators: a hint; {cards} is "your four 7s" (the subject, plural).
        return _("Swoop: {cards} clear the pile").format(cards=cards_in(SUBJECT, r, k))
    # Translators: a hint; {cards} is "your two 7s" (the subject, plural).
    return _("Swoop: {cards} make four and clear the pile").format(cards=cards_in(SUBJECT, r, k))


def _pickup_words(obs: Observation, ctx: Context, r: int, k: int) -> str:
    """A pick-up, and the new pile it starts."""
    start = cards_in(WITH, r, k)
    pile = len(obs.pile)
    if not ctx.non_pickup_exists:
        # Translators: {n} the pile's cards; {on} "on the 8" (preposition included);
        # {play} "with two 7s" (preposition included).
        return ngettext(
            "Pick up the pile of {n} card: nothing you hold goes {on}; start afresh {play}",
            "Pick up the pile of {n} cards: nothing you hold goes {on}; start afresh {play}",
            pile,
        ).format(n=pile, on=on_the(obs.top), play=start)
    # Translators: {n} the pile's cards; {play} "with two 7s" (preposition included).
    return ngettext(
        "Pick up the pile of {n} card and start afresh {play}",
        "Pick up the pile of {n} cards and start afresh {play}",
        pile,
    ).format(n=pile, play=start)


def _shed_words(obs: Observation, f: dict[str, float], r: int, k: int) -> str:
    """A set that goes on the pile (or starts it): what it sheds, or keeps for later."""
    play = cards_in(OBJECT, r, k)
    if not obs.pile:
        start = cards_in(WITH, r, k)
        if r <= 5:
            # Translators: {cards} is "with a 5" (the preposition included).
            return _("Start the pile low {cards}: the next player must go lower").format(
                cards=start
            )
        # Translators: {cards} is "with a king" (the preposition included).
        return _("Start the pile {cards}: high cards are best shed on an empty pile").format(
            cards=start
        )
    if f.get("pressure", 0) > 0.3:
        # Translators: a hint; {cards} is "your 3" or "two 3s" (the object).
        return _(
            "Play {cards}: a low card makes it hard for the next player, who is nearly out"
        ).format(cards=play)
    on = on_the(obs.top)
    shed = obs.rules.card_points(r) * k
    if shed >= 15:
        # Translators: {cards} "two kings" (the object); {on} "on the king"; {n} points.
        return ngettext(
            "Play {cards} {on}: keeps {n} point out of your hand",
            "Play {cards} {on}: keeps {n} points out of your hand",
            shed,
        ).format(cards=play, on=on, n=shed)
    if r >= 8:
        # Translators: a hint; {cards} "two 9s" (the object); {on} "on the 9".
        return _("Play {cards} {on}: shed high cards while the pile allows it").format(
            cards=play, on=on
        )
    if r == 1:  # the lowest rank (R2): only another ace goes on it
        # Translators: a hint; {cards} "your ace" (the object); {on} "on the 3" (with its
        # preposition).
        return _("Play {cards} {on}: only another ace can follow").format(cards=play, on=on)
    if not any(RANK_OF[c] < r for c in obs.hand):
        # Translators: a hint; {cards} "a 5" or "two 5s" (the object); {on} "on the 6".
        return ngettext(
            "Play {cards} {on}: your lowest card, while it fits",
            "Play {cards} {on}: your lowest cards, while they fit",
            k,
        ).format(cards=play, on=on)
    # Translators: a hint; {cards} "two 5s" (the object); {on} "on the 6".
    return _("Play {cards} {on}: keep your lower cards for later").format(cards=play, on=on)
