"""The hand review's words: labels, plays named, reasons and the summary, in the player's
language (each a whole message of the catalogues, looked up as it is said).

:mod:`swoop_desktop.ai.review` weighs decisions (its search holds no English); this
module turns its figures into what a player reads: the label a cost's range earns
(:func:`verdict_label`), a play named so that two different plays never share words
(:func:`describe`), the reason for a verdict (:func:`reason`), a puzzle's answer
(:func:`wrong_answer`, :func:`right_answer`, :func:`solution`) and the summary
(:func:`summary_lines`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from swoop_desktop.card_words import (
    OBJECT,
    SUBJECT,
    cards_in,
    count_phrase,
    on_the,
    your_card,
    your_cards,
)
from swoop_desktop.choices import seat_name
from swoop_desktop.engine import RANK_OF, Action, Add, End, Flip, Play, Rules, action_from_json
from swoop_desktop.engine.observation import CHAIN, FOLLOW, Observation
from swoop_desktop.i18n import N_, Np_, _, ngettext, npgettext, pgettext
from swoop_desktop.plural import about, counted

from .bots import action_rank
from .hint import explain


class Figures(Protocol):
    """What the words read of one action's figures (the review's ``Option``)."""

    @property
    def action(self) -> str: ...
    @property
    def words(self) -> str: ...
    @property
    def points(self) -> float: ...
    @property
    def margin(self) -> float: ...
    @property
    def pickup(self) -> float: ...
    @property
    def pickups(self) -> float: ...
    @property
    def swoops(self) -> float: ...
    @property
    def out(self) -> float: ...
    @property
    def opponent_out(self) -> float: ...


class Judged(Protocol):
    """What the words read of one decision's verdict (the review's ``Verdict``)."""

    @property
    def hand_no(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def chosen(self) -> str: ...
    @property
    def best(self) -> str: ...
    @property
    def cost(self) -> float: ...
    @property
    def label(self) -> str: ...
    @property
    def reason(self) -> str: ...
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...
    @property
    def good(self) -> bool: ...


@dataclass(frozen=True)
class HintSeen:
    """What the review knows of the hint at one decision: the play its first look
    suggests (None for a hindsight verdict), whether that is the choice, its cost against
    the review's best and the range, the words the player was shown (None: no hint was
    asked), and how many re-deals each look played."""

    play: Figures | None
    chosen: bool
    cost: float
    span: tuple[float, float]
    shown: str | None
    first: int
    looked: int


#: Label thresholds in points of margin lost against the best action, upper bounds.
LABELS: tuple[tuple[str, float], ...] = (
    ("good", 3.0),
    ("inaccuracy", 8.0),
    ("mistake", 20.0),
    ("blunder", float("inf")),
)
#: The label of a cost beyond the "good" line that the play-outs cannot separate from it.
UNCLEAR = "unclear"


#: The most whole points a "good" decision is shown to cost (under the "good" line).
GOOD_WITHIN = round(LABELS[0][1]) - 1


def label_for(cost: float) -> str:
    """The label of a cost, read as it is shown: rounded to whole points ("about 8
    points" is one label wherever it is written, never an inaccuracy here and a mistake
    there)."""
    shown = round(cost)
    for name, upper in LABELS:
        if shown < upper:
            return name
    return LABELS[-1][0]


def verdict_label(cost: float, low: float, high: float) -> str:
    """The word for a cost and the range it very likely lies in, both read as they are
    shown (whole points): "good" only when the whole range lies within the "good" line;
    a range that reaches past it from within is "unclear" (the play-outs cannot separate
    it from good); a range wholly beyond it gets the cost's own label. The one scale of
    every screen: the review, its summary, Puzzles and the daily deal's review."""
    line = LABELS[0][1]
    if round(high) < line:
        return LABELS[0][0]
    if round(low) < line:
        return UNCLEAR
    return label_for(cost)


def label_of(verdict: Judged) -> str:
    """A verdict's label on today's scale, worked out again from its cost and range (a
    puzzle keeps the verdict of the review it came from, which may be older)."""
    return verdict_label(verdict.cost, verdict.low, verdict.high)


#: The words of a play, by kind (played or added), form (what was done, or the doing of it,
#: for "... was better") and where its cards came from. {cards} is "two 7s", {stacks}
#: "face-up stack 2", {count} how many came from the hand ("one", "two").
_PLAY_WORDS: dict[tuple[bool, bool, str], str] = {
    # Translators: a play as the review names it, in the past: "played two 7s".
    (False, False, ""): N_("played {cards}"),
    (False, False, "hand"): N_("played {cards} from your hand"),
    (False, False, "up"): N_("played {cards} from your {stacks}"),
    (False, False, "both"): N_(
        "played {cards} ({count} from your hand, the rest from your {stacks})"
    ),
    # Translators: a play named as a doing, for "... was better": "playing two 7s".
    (False, True, ""): N_("playing {cards}"),
    (False, True, "hand"): N_("playing {cards} from your hand"),
    (False, True, "up"): N_("playing {cards} from your {stacks}"),
    (False, True, "both"): N_(
        "playing {cards} ({count} from your hand, the rest from your {stacks})"
    ),
    # Translators: cards added to the pile after a play (the follow-up), in the past.
    (True, False, ""): N_("added {cards}"),
    (True, False, "hand"): N_("added {cards} from your hand"),
    (True, False, "up"): N_("added {cards} from your {stacks}"),
    (True, False, "both"): N_(
        "added {cards} ({count} from your hand, the rest from your {stacks})"
    ),
    # Translators: cards added to the pile, named as a doing: "adding two 7s".
    (True, True, ""): N_("adding {cards}"),
    (True, True, "hand"): N_("adding {cards} from your hand"),
    (True, True, "up"): N_("adding {cards} from your {stacks}"),
    (True, True, "both"): N_(
        "adding {cards} ({count} from your hand, the rest from your {stacks})"
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
            return _("stopping flipping") if doing else _("stopped flipping")
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


def doing(obs: Observation, action: Action) -> str:
    """The same play named as a doing, for "... was better": "playing two 7s"."""
    return _words(obs, action, doing=True)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _imperative(words: str) -> str:
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


def _doing_of(figures: Figures) -> str:
    """A weighed play named as a doing ("playing two 7s")."""
    return getattr(figures, "doing", "") or _imperative(figures.words)


def _doing_named(verdict: Judged, words: str) -> str:
    """The doing of a play a verdict names by its words (its weighed option's, when kept)."""
    for option in getattr(verdict, "options", ()):
        if option.words == words and getattr(option, "doing", ""):
            return str(option.doing)
    return _imperative(words)


def _pile_points(obs: Observation) -> int:
    return sum(obs.rules.card_points(RANK_OF[c]) for c in obs.pile)


def _pile_words(obs: Observation, rules: Rules) -> str:
    """ "the pile of 6 cards (30 points)", "the pile of 1 card (1 point)": the object of
    "picked up" or "clears", counted in its own words."""
    n = len(obs.pile)
    # Translators: the pile as the object of a verb ("picked up {pile}"); {n} its cards;
    # {points} "30 points" in brackets.
    return npgettext(
        "the pile, object", "the pile of {n} card ({points})", "the pile of {n} cards ({points})", n
    ).format(n=n, points=counted(_pile_points(obs), "point"))


def swoops_at_once(obs: Observation, action: Action | None) -> bool:
    """Whether ``action`` swoops the pile as it is played: a Swoop card (a 10 or a Joker,
    as the rules say), or a set that makes four of a rank with the pile's top cards."""
    if action is None or type(action) not in (Play, Add):
        return False
    r = action_rank(obs, action)
    if obs.rules.is_swoop_rank(r):
        return True
    k = action.size  # type: ignore[union-attr]
    if type(action) is Add:
        return obs.run + k >= 4
    if obs.pile and r > obs.top:
        return False  # a pick-up first, whatever follows
    run = obs.run + k if (obs.pile and r == obs.top) else k
    return run >= 4


def _swoop_how(obs: Observation, action: Action) -> str:
    """How a play swoops at once, in words: "your 10 swoops at once: it clears the 6-card
    pile (30 points) and you play again", "two 7s make four with the pile's two 7s: ..."."""
    r = action_rank(obs, action)
    if obs.pile:
        clears = _("it clears {pile} and you play again").format(pile=_pile_words(obs, obs.rules))
    else:
        # Translators: after "your 10 swoops at once: " when there is no pile to clear.
        clears = _("and you play again")
    if obs.rules.is_swoop_rank(r):
        # Translators: {card} is "your 10" (the subject); {clears} what follows.
        return _("{card} swoops at once: {clears}").format(
            card=your_card(SUBJECT, r), clears=clears
        )
    k = action.size  # type: ignore[union-attr]
    on_top = obs.run if obs.pile and r == obs.top else 0
    if on_top:
        # Translators: {cards} is "two 7s" (the subject); {clears} what follows.
        return ngettext(
            "{cards} makes four of a kind with the top of the pile: a Swoop at once; {clears}",
            "{cards} make four of a kind with the top of the pile: a Swoop at once; {clears}",
            k,
        ).format(cards=cards_in(SUBJECT, r, k), clears=clears)
    return _("{cards} make four of a kind: a Swoop at once; {clears}").format(
        cards=cards_in(SUBJECT, r, k), clears=clears
    )


def _action_of(figures: Figures) -> Action | None:
    """The action figures were worked out for (None when they name none)."""
    if not figures.action:
        return None
    try:
        return action_from_json(json.loads(figures.action))
    except (ValueError, TypeError, KeyError):
        return None


def _tenths(share: float) -> str:
    """A share of the play-outs in words: "in about 7 in 10 play-outs", "in nearly all"."""
    n = round(share * 10)
    if n <= 0:
        return _("in almost none of the play-outs")
    if n >= 10:
        return _("in nearly every play-out")
    return _("in about {n} of 10 play-outs").format(n=n)


def _short(share: float) -> str:
    """The same share, short, for the second half of a comparison: "in about 3 of 10"."""
    n = round(share * 10)
    if n <= 0:
        return _("in almost none")
    if n >= 10:
        return _("in nearly all")
    return _("in about {n} of 10").format(n=n)


def _next(mine: Figures, best: Figures, better: str) -> str | None:
    """What happens next in the play-outs that makes the difference between the two, in
    words: the biggest gap among the pick-ups, the Swoops and who goes out. ``better`` is
    the best play named as a doing ("playing two 7s")."""
    gaps = [
        (mine.pickups - best.pickups, "pickups"),
        (best.swoops - mine.swoops, "swoops"),
        (best.out - mine.out, "out"),
        (mine.opponent_out - best.opponent_out, "opponent_out"),
    ]
    gap, what = max(gaps)
    if gap < 0.15:
        return None
    better = better[:1].lower() + better[1:]  # it follows "after": "after playing a 4"
    if what == "pickups":
        # Translators: {play} is the better play as a doing ("playing two 7s"); {share} and
        # {other} say how often ("in about 7 of 10 play-outs", "in about 3 of 10").
        return _("after your play you picked up the pile {share}; after {play}, {other}").format(
            share=_tenths(mine.pickups), play=better, other=_short(best.pickups)
        )
    if what == "swoops":
        return _("it leads to a Swoop of yours {share} (your play: {other})").format(
            share=_tenths(best.swoops), other=_short(mine.swoops)
        )
    if what == "out":
        return _("after it you go out first {share} (after your play: {other})").format(
            share=_tenths(best.out), other=_short(mine.out)
        )
    return _(
        "after your play another player goes out while you still hold cards {share} "
        "(after {play}: {other})"
    ).format(share=_tenths(mine.opponent_out), play=better, other=_short(best.opponent_out))


def _own(obs: Observation, rank: int) -> int:
    """Cards of ``rank`` the seat holds in hand and face up."""
    ups = obs.up[obs.seat] if obs.up else ()
    return sum(RANK_OF[c] == rank for c in obs.hand) + sum(
        c is not None and RANK_OF[c] == rank for c in ups
    )


def swoop_set_up(obs: Observation, action: Action, took: float) -> str | None:
    """A pick-up that sets up a Swoop, in words: the pile's cards of a rank and the
    player's own (hand and face-up) make four, e.g. "picking up the pile gives you four 7s
    (the pile's three 7s and your 7): a Swoop to come". ``took`` is the share of the
    play-outs in which the action picked up the pile (a play does always or never)."""
    if type(action) is not Play or took < 0.99 or not obs.pile:
        return None
    found: tuple[tuple[int, int, int], int, int, int] | None = None
    for rank in range(1, 14):
        if obs.rules.is_swoop_rank(rank):
            continue
        pile = sum(RANK_OF[c] == rank for c in obs.pile)
        own = _own(obs, rank)
        if pile and own and pile + own >= 4 and own < 4:
            key = (pile + own, pile, obs.rules.card_points(rank))
            if found is None or key > found[0]:
                found = (key, rank, pile, own)
    if found is None:
        return None
    _whole, rank, pile, own = found
    # Translators: {cards} is "four 7s" (the object); {pile} and {own} figures: how many
    # come from the pile and how many you hold.
    return _(
        "picking up the pile gives you {cards} ({pile} from the pile, {own} of your own): "
        "a Swoop to come"
    ).format(cards=cards_in(OBJECT, rank, pile + own), pile=pile, own=own)


def delayed(
    mine: Figures, now: Sequence[Figures], cheaper: bool, obs: Observation | None = None
) -> str | None:
    """A play that went on the pile but only put off a pick-up, when another play (one of
    ``now``) picked up at once: ``cheaper`` when delaying it was still the better deal.
    A play that swoops (a 10 or a Joker, four of a rank) clears the pile at once and
    delays nothing: a later pick-up is of another pile."""
    later = mine.pickups - mine.pickup
    if mine.pickup >= 0.5 or later < 0.5 or not any(o.pickup >= 0.99 for o in now):
        return None
    if obs is not None and swoops_at_once(obs, _action_of(mine)):
        return None
    if cheaper:
        deal = _("still cheaper than picking it up now")
    else:
        deal = _("picking it up now was cheaper")
    return _(
        "your play went on the pile but only delayed the pick-up: you picked up the pile "
        "later anyway {share}; {deal}"
    ).format(share=_tenths(later), deal=deal)


def delays_avoided(
    mine: Figures, others: Sequence[Figures], obs: Observation | None = None
) -> str | None:
    """A pick-up now, where the plays that go on the pile only delay one (a play that
    swoops is never one of them: it clears the pile)."""
    if mine.pickup < 0.99:
        return None
    safe = [
        o
        for o in others
        if o.pickup < 0.5
        and o.pickups - o.pickup >= 0.5
        and not (obs is not None and swoops_at_once(obs, _action_of(o)))
    ]
    if not safe:
        return None
    o = max(safe, key=lambda o: o.pickups - o.pickup)
    # Translators: {play} is a play named as a doing ("playing two 7s").
    return _(
        "the safe play only delays the pick-up: after {play} you picked up the pile later "
        "anyway {share}"
    ).format(play=_doing_of(o), share=_tenths(o.pickups - o.pickup))


def going_out(obs: Observation) -> str | None:
    """The opponent about to go out: one or two cards left, in words."""
    near = [
        (obs.cards_left(p), p) for p in range(obs.n) if p != obs.seat and 0 < obs.cards_left(p) <= 2
    ]
    if not near:
        return None
    n, p = min(near)
    if n == 1:
        return _("{player} has one card left and may go out soon").format(player=seat_name(p))
    return _("{player} has two cards left and may go out soon").format(player=seat_name(p))


def mystery(obs: Observation, action: Action, figures: Figures, chosen: bool) -> str | None:
    """The mystery card that might play: the share of the play-outs in which a flip went
    on the pile (or Swooped) instead of picking it up."""
    if type(action) is not Flip or not obs.pile:
        return None
    plays = 1.0 - figures.pickup
    if chosen:
        if figures.pickup < 0.05:
            return _("the mystery card went on the pile or swooped {share}").format(
                share=_tenths(plays)
            )
        return _("the mystery card picked up the pile {share} (it played {other})").format(
            share=_tenths(figures.pickup), other=_short(plays)
        )
    return _("the mystery card might play: it goes on the pile {share}").format(
        share=_tenths(plays)
    )


def _sentences(parts: Sequence[str | None]) -> str:
    """The mechanisms found, each once, as sentences after the reason's first."""
    return "".join(f" {_capital(p)}." for p in dict.fromkeys(p for p in parts if p))


def _set_points(obs: Observation, action: Action) -> tuple[int, int]:
    """Cards and points a set takes out of your hand and face-up stacks."""
    r = action_rank(obs, action)
    k = action.size  # type: ignore[union-attr]
    return k, k * obs.rules.card_points(r)


def _on_pile(obs: Observation, action: Action) -> bool:
    """A set that goes on the pile as it is (no pick-up, no Swoop)."""
    if type(action) is Add:
        return not swoops_at_once(obs, action)
    if type(action) is not Play or swoops_at_once(obs, action):
        return False
    return not obs.pile or action_rank(obs, action) <= obs.top


def why_better(
    obs: Observation,
    legal: Sequence[Action],
    chosen: Action,
    mine: Figures,
    best_action: Action | None,
    best: Figures,
    quote: str | None = None,
) -> str:
    """One sentence (without its full stop) of why the best play beat the choice: the
    mechanism of each, never only the figures of the play-outs. It follows "<the best
    play> was better: ". ``quote`` is the hint's words as the player was shown them, when
    that hint suggested the best play (only shown words are ever quoted)."""
    return _why_better(obs, legal, chosen, mine, best_action, best, quote)[0]


def _why_better(
    obs: Observation,
    legal: Sequence[Action],
    chosen: Action,
    mine: Figures,
    best_action: Action | None,
    best: Figures,
    quote: str | None = None,
) -> tuple[str, bool]:
    """:func:`why_better`'s sentence, and whether it speaks of a flip (the mystery card's
    odds are then said once)."""
    rules = obs.rules
    near = going_out(obs)
    pile = _pile_words(obs, rules)
    best_swoops = swoops_at_once(obs, best_action)
    chosen_swoops = swoops_at_once(obs, chosen)
    if mine.pickup >= 0.99 and best.pickup < 0.5:
        if best_action is not None and best_swoops:
            return _("your play picked up {pile}, and {how}").format(
                pile=pile, how=_swoop_how(obs, best_action)
            ), False
        if type(best_action) is Flip:
            return _(
                "your play picked up {pile}; the mystery card goes on the pile {share}"
            ).format(pile=pile, share=_tenths(1.0 - best.pickup)), True
        if type(best_action) in (Play, Add):
            k = best_action.size  # type: ignore[union-attr]
            cards = cards_in(SUBJECT, action_rank(obs, best_action), k)  # type: ignore[arg-type]
            return ngettext(
                "your play picked up {pile}; {cards} goes on it instead",
                "your play picked up {pile}; {cards} go on it instead",
                k,
            ).format(pile=pile, cards=cards), False
        return _("your play picked up {pile}; it goes on the pile instead").format(pile=pile), False
    if best_action is not None and best_swoops and not chosen_swoops:
        r = action_rank(obs, best_action)
        if near is not None and rules.is_swoop_rank(r):
            held = counted(rules.card_points(r), "point")
            # Translators: {near} is "Lefty has one card left and may go out soon"; {card}
            # "your 10" (the subject); {points} "10 points" in brackets.
            return _(
                "{near}, and {card} ({points}) would be caught in your hand; a Swoop card "
                "played now clears the pile at once and you play again"
            ).format(near=near, card=your_card(SUBJECT, r), points=held), False
        return _swoop_how(obs, best_action), False
    if type(chosen) is Flip and obs.pile and mine.pickup >= 0.2 and best.pickup < mine.pickup:
        return _("the flip picked up {pile} {share}").format(
            pile=pile, share=_tenths(mine.pickup)
        ), True
    r = action_rank(obs, chosen) if type(chosen) in (Play, Add) else 0
    if type(chosen) is Play and rules.is_swoop_rank(r) and not best_swoops:
        name = your_card(SUBJECT, r)
        if obs.pile:
            # Translators: {card} is "your 10" (the subject); {pile} "the pile of 6 cards
            # (30 points)" (the object).
            return _(
                "{card} swooped {pile}; a Swoop card kept could clear a bigger pile or save "
                "you a pick-up later"
            ).format(card=name, pile=pile), False
        return _(
            "{card} swooped an empty pile; a Swoop card kept could clear a bigger pile or "
            "save you a pick-up later"
        ).format(card=name), False
    if best_action is not None:
        set_up = swoop_set_up(obs, best_action, best.pickup)
        if set_up is not None:
            return set_up, False
    put_off = delayed(mine, [best], cheaper=False, obs=obs)
    if put_off is not None:
        return put_off, False
    if type(best_action) is Flip:
        odds = mystery(obs, best_action, best, chosen=False) or (
            _("a mystery card on an empty pile cannot pick anything up")
        )
        return _("{odds}, and the cards you hold stay for later").format(odds=odds), True
    if (
        type(best_action) in (Play, Add)
        and rules.is_swoop_rank(r)
        and rules.is_swoop_rank(action_rank(obs, best_action))  # type: ignore[arg-type]
    ):
        return _(
            "both swoop at once, so it comes down to the card kept: it keeps {card} "
            "for a bigger pile or a worse moment"
        ).format(card=your_card(OBJECT, r)), False
    if best_action is not None and _on_pile(obs, best_action) and _on_pile(obs, chosen):
        kb, pb = _set_points(obs, best_action)
        kc, pc = _set_points(obs, chosen)
        rb = action_rank(obs, best_action)
        if near is not None and pb > pc:
            return _(
                "{near}: it sheds {points} of cards before the hand may end, your play {yours}"
            ).format(near=near, points=counted(pb, "point"), yours=counted(pc, "point")), False
        if rb > r and kb >= kc:
            # Translators: {cards} is "two 9s" (the subject); {on} "on the 9" (preposition
            # included); {points} and {your_points} "18 points".
            return ngettext(
                "{cards} can go only {on} or higher, so it is harder to shed later than the "
                "lower cards of your play: it sheds {points} of cards, your play {your_points}",
                "{cards} can go only {on} or higher, so they are harder to shed later than the "
                "lower cards of your play: it sheds {points} of cards, your play {your_points}",
                kb,
            ).format(
                cards=cards_in(SUBJECT, rb, kb),
                on=on_the(rb),
                points=counted(pb, "point"),
                your_points=counted(pc, "point"),
            ), False
        if kb > kc:
            return _(
                "it sheds {cards} ({points}) where your play sheds {your_cards} "
                "({your_points}): fewer to hold when the hand ends"
            ).format(
                cards=counted(kb, "card"),
                points=counted(pb, "point"),
                your_cards=counted(kc, "card"),
                your_points=counted(pc, "point"),
            ), False
        if pb > pc:
            return _(
                "it sheds {points} of cards where your play sheds {your_points}: the higher "
                "cards go while the pile lets them"
            ).format(points=counted(pb, "point"), your_points=counted(pc, "point")), False
        if obs.pile and rb < r:
            return _(
                "it puts a lower card on the pile, so fewer cards fit on it for the next "
                "player, and keeps {cards} for a later pile"
            ).format(cards=your_cards(r)), False
    if type(chosen) is End and type(best_action) is Add:
        k, p = _set_points(obs, best_action)
        return _("adding sheds {cards} ({points}) with no pick-up").format(
            cards=counted(k, "card"), points=counted(p, "point")
        ), False
    if type(best_action) is End and type(chosen) is Add:
        return _(
            "{cards} were worth keeping for a later pile: the pile you added to is one "
            "the others can build on"
        ).format(cards=your_cards(r)), False
    if best_action is not None and quote:
        # The hint speaks of the mystery card for a flip, and for stopping a chain of them.
        flips = type(best_action) is Flip or (
            type(best_action) not in (Play, Add) and obs.phase == CHAIN
        )
        # Translators: {hint} is the hint's sentence exactly as the player was shown it.
        return _("as the hint you asked for put it, \u201c{hint}\u201d").format(hint=quote), flips
    return _("it keeps your hand better placed for the rest of the hand in the play-outs"), False


def _the(rank: int) -> str:
    """ "a queen", "an ace", "an 8": one card of a rank."""
    return count_phrase(rank, 1)


def _held(mine: Figures, best: Figures) -> str | None:
    """The points you ended the hand holding after each play, when they differ."""
    if mine.points - best.points < 1:
        return None
    return _(
        "in the play-outs you ended the hand holding {points} after it, {mine} after your play"
    ).format(points=about(best.points), mine=round(mine.points))


def reason(
    obs: Observation,
    legal: Sequence[Action],
    chosen: Action,
    mine: Figures,
    best: Figures,
    label: str,
    spent: float,
    span: tuple[float, float] = (0.0, 0.0),
    others: Sequence[Figures] = (),
    said: HintSeen | None = None,
) -> str:
    """Plain words: why the choice was as good as the best, or why the best was better
    (one sentence naming the mechanism of each: a Swoop at once, the pile picked up, the
    Swoop a pick-up sets up, the pick-up a play only delays, the opponent about to go
    out, the mystery card's odds, the cards and points shed), then what happened next in
    the play-outs and what it cost; last, where the hint parts from the best (``said``),
    in a sentence of its own (:func:`hint_words`)."""
    return _reason(obs, legal, chosen, mine, best, label, spent, span, others, said) + (
        hint_words(said, best)
    )


def hint_words(said: HintSeen | None, best: Figures) -> str:
    """The sentence (with its space before it) that says where the hint parts from the
    review's best: what the hint's first look suggested (quoting the words the player
    was shown, when a hint was asked), what the closer look prefers, by how much and how
    sure. Nothing when the hint suggested the best, or a play within the "good" line of
    it; the words the player was shown are also named when they suggested the best."""
    if said is None or said.play is None:
        return ""
    label = verdict_label(said.cost, *said.span)
    same = said.play.action == best.action
    if same or label == LABELS[0][0]:
        if said.shown and same:
            # Translators: {hint} is the hint's sentence exactly as the player was shown it.
            return " " + _(
                "The hint you asked for suggested this best play: \u201c{hint}\u201d."
            ).format(hint=said.shown)
        return ""
    n = round(said.cost)
    low, high = (round(x) for x in said.span)
    hint_play = _doing_of(said.play)
    best_play = _doing_of(best)
    if said.shown:
        if label == UNCLEAR:
            message = ngettext(
                "The hint you asked for said \u201c{hint}\u201d; the review's closer look may "
                "prefer {best}, by about {n} point, but cannot tell for sure (between {low} "
                "and {high}).",
                "The hint you asked for said \u201c{hint}\u201d; the review's closer look may "
                "prefer {best}, by about {n} points, but cannot tell for sure (between {low} "
                "and {high}).",
                n,
            )
        else:
            message = ngettext(
                "The hint you asked for said \u201c{hint}\u201d; the review's closer look "
                "prefers {best}, by about {n} point (between {low} and {high}).",
                "The hint you asked for said \u201c{hint}\u201d; the review's closer look "
                "prefers {best}, by about {n} points (between {low} and {high}).",
                n,
            )
        # Translators: {hint} is the hint's sentence as shown; {best} the review's best
        # play as a doing ("playing two 7s"); {n}, {low} and {high} whole points.
        return " " + message.format(hint=said.shown, best=best_play, n=n, low=low, high=high)
    if label == UNCLEAR:
        message = ngettext(
            "The hint's quicker look suggests {hint}; the review's closer look may prefer "
            "{best}, by about {n} point, but cannot tell for sure (between {low} and "
            "{high}).",
            "The hint's quicker look suggests {hint}; the review's closer look may prefer "
            "{best}, by about {n} points, but cannot tell for sure (between {low} and "
            "{high}).",
            n,
        )
    else:
        message = ngettext(
            "The hint's quicker look suggests {hint}; the review's closer look prefers "
            "{best}, by about {n} point (between {low} and {high}).",
            "The hint's quicker look suggests {hint}; the review's closer look prefers "
            "{best}, by about {n} points (between {low} and {high}).",
            n,
        )
    # Translators: {hint} and {best} are plays as doings ("playing two 7s", "flipping a
    # mystery card"); {n}, {low} and {high} whole points. No hint was asked here.
    return " " + message.format(hint=hint_play, best=best_play, n=n, low=low, high=high)


def _reason(
    obs: Observation,
    legal: Sequence[Action],
    chosen: Action,
    mine: Figures,
    best: Figures,
    label: str,
    spent: float,
    span: tuple[float, float],
    others: Sequence[Figures],
    said: HintSeen | None,
) -> str:
    near = going_out(obs)
    if label == "good":
        why = explain(obs, list(legal), chosen)
        how = _sentences(
            [
                swoop_set_up(obs, chosen, mine.pickup),
                delays_avoided(mine, others, obs),
                delayed(mine, others, cheaper=True, obs=obs),
                near if mine.opponent_out >= 0.2 else None,
            ]
        )
        if mine is best or mine.action == best.action:
            # Translators: {why} is the hint's sentence; {how} more sentences (or nothing).
            return _("The best choice here. {why}.{how}").format(why=why, how=how)
        within = counted(GOOD_WITHIN, "point")
        # Translators: {play} is the best play in the past ("played two 7s"); {points}
        # "2 points"; {why} the hint's sentence; {how} more sentences (or nothing).
        if mine.margin - best.margin < 1:
            message = _("As good as the best ({play}): within {points}. {why}.{how}")
        else:
            message = _("Close to the best ({play}): within {points}. {why}.{how}")
        return message.format(play=best.words, points=within, why=why, how=how)
    better = _doing_of(best)
    action = _action_of(best)
    quote = None
    if said is not None and said.shown and said.play is not None:
        quote = said.shown if said.play.action == best.action else None
    because, _flip = _why_better(obs, legal, chosen, mine, action, best, quote)
    then = _next(mine, best, better) or _held(mine, best)
    if near and mine.opponent_out >= 0.2:
        went = _tenths(mine.opponent_out)
        if near in because:
            went_out: str | None = _(
                "after your play another player went out while you still held cards {share}"
            ).format(share=went)
        else:
            went_out = _(
                "{near}: after your play another player went out while you still held cards {share}"
            ).format(near=near, share=went)
    else:
        went_out = None
    mysteries = [
        mystery(obs, chosen, mine, chosen=True),
        mystery(obs, action, best, chosen=False) if action is not None else None,
    ]
    how = _sentences(
        [
            p
            for p, odds in (
                (swoop_set_up(obs, action, best.pickup) if action is not None else None, False),
                (swoop_set_up(obs, chosen, mine.pickup) if mine is not best else None, False),
                (delayed(mine, [best], cheaper=False, obs=obs), False),
                (mysteries[0], True),
                (mysteries[1], True),
                (went_out, False),
            )
            if p is None or (p not in because and not (odds and _flip))
        ]
    )
    evidence = f" {_capital(then)}." if then else ""
    if label == UNCLEAR:
        low, high = (round(x) for x in span)
        return _unclear_message_counted(high).format(
            play=_capital(better),
            points=about(spent),
            low=low,
            high=high,
            because=_capital(because),
            evidence=evidence,
            how=how,
        )
    return _better_message().format(
        play=_capital(better),
        because=because,
        evidence=evidence,
        how=how,
        points=about(spent),
    )


def _unclear_message() -> str:
    # Translators: {play} is the better play as a doing, with a capital ("Playing two
    # 7s"); {points} "about 8 points"; {high} "9 points"; {because} a sentence (capital,
    # no full stop); {evidence} and {how} more sentences, each with its space before it.
    return _(
        "{play} may have been better, by {points}, but the play-outs cannot tell for "
        "sure: somewhere between {low} and {high}. {because}.{evidence}{how}"
    )


def _unclear_message_counted(high: int) -> str:
    # Translators: {play} is the better play as a doing, with a capital ("Playing two
    # 7s"); {points} "about 8 points"; {low} and {high} whole points; {because} a
    # sentence (capital, no full stop); {evidence} and {how} more sentences, each with its
    # space before it.
    return ngettext(
        "{play} may have been better, by {points}, but the play-outs cannot tell for "
        "sure: somewhere between {low} and {high} point. {because}.{evidence}{how}",
        "{play} may have been better, by {points}, but the play-outs cannot tell for "
        "sure: somewhere between {low} and {high} points. {because}.{evidence}{how}",
        high,
    )


def _better_message() -> str:
    # Translators: {play} is the better play as a doing, with a capital ("Playing two 7s");
    # {because} why (no full stop); {evidence} and {how} more sentences, each with its
    # space before it (or nothing); {points} "about 8 points".
    return _("{play} was better: {because}.{evidence}{how} It cost {points}.")


def _label_count(name: str, n: int, points: str) -> str:
    """ "2 cost about 14 points (mistakes)", "1 costs about 5 points (an inaccuracy)"."""
    if name == "inaccuracy":
        message = ngettext(
            "{n} costs {points} (an inaccuracy)", "{n} cost {points} (inaccuracies)", n
        )
    elif name == "mistake":
        message = ngettext("{n} costs {points} (a mistake)", "{n} cost {points} (mistakes)", n)
    else:
        message = ngettext("{n} costs {points} (a blunder)", "{n} cost {points} (blunders)", n)
    return message.format(n=n, points=points)


def label_word(label: str) -> str:
    """A verdict's label as the summary's lines end: "mistake", "blunder"."""
    words = {
        "good": Np_("review label", "good"),
        "unclear": Np_("review label", "unclear"),
        "inaccuracy": Np_("review label", "inaccuracy"),
        "mistake": Np_("review label", "mistake"),
        "blunder": Np_("review label", "blunder"),
    }
    return pgettext("review label", words[label]) if label in words else label


def summary_lines(vs: Sequence[Judged]) -> list[str]:
    """The summary of a review's verdicts, one line each: the counts first, then each
    costly decision."""
    if not vs:
        return [_("No decisions to review: every play was forced.")]
    good = [v for v in vs if v.good]
    close = [v for v in good if v.cost >= 0.5]
    parts = [
        _("{decisions}: {n} as good as the best").format(
            decisions=counted(len(vs), "decision"), n=len(good) - len(close)
        )
    ]
    if close:
        parts.append(
            _("{n} close to it (within {points})").format(
                n=len(close), points=counted(GOOD_WITHIN, "point")
            )
        )
    unclear = [v for v in vs if v.label == UNCLEAR]
    if unclear:
        total = round(sum(v.cost for v in unclear))
        low = round(sum(v.low for v in unclear))
        high = round(sum(v.high for v in unclear))
        parts.append(
            _("{n} unclear ({points} in all, somewhere between {low} and {high})").format(
                n=len(unclear), points=about(total), low=low, high=high
            )
        )
    for name in ("inaccuracy", "mistake", "blunder"):
        group = [v for v in vs if v.label == name]
        if group:
            total = round(sum(v.cost for v in group))
            parts.append(_label_count(name, len(group), about(total)))
    # Translators: the mark between the parts of the summary's first line.
    lines = [pgettext("list", ", ").join(parts) + pgettext("end of a sentence", ".")]
    for v in sorted((v for v in vs if not v.good), key=lambda v: -v.cost):
        if v.label == UNCLEAR:
            lines.append(
                # Translators: {played} is what you did ("played two 7s"); {play} the other
                # play as a doing ("playing a 10"); {points} "about 8 points".
                _(
                    "Hand {hand}, decision {number}: you {played}; {play} may have been "
                    "better ({points}, between {low} and {high}, unclear)."
                ).format(
                    hand=v.hand_no + 1,
                    number=v.number,
                    played=v.chosen,
                    play=_doing_named(v, v.best),
                    points=about(v.cost),
                    low=round(v.low),
                    high=round(v.high),
                )
            )
            continue
        lines.append(
            # Translators: {label} is "inaccuracy", "mistake" or "blunder".
            _(
                "Hand {hand}, decision {number}: you {played} when {play} was better "
                "({points}, {label})."
            ).format(
                hand=v.hand_no + 1,
                number=v.number,
                played=v.chosen,
                play=_doing_named(v, v.best),
                points=about(v.cost),
                label=label_word(v.label),
            )
        )
    return lines


def _again() -> str:
    return _("Try another play, or ask for the answer.")


def called(label: str) -> str:
    """ "a mistake", "an inaccuracy", "unclear", "good": a label after "called it"."""
    words = {
        "good": Np_("called it", "good"),
        "unclear": Np_("called it", "unclear"),
        "inaccuracy": Np_("called it", "an inaccuracy"),
        "mistake": Np_("called it", "a mistake"),
        "blunder": Np_("called it", "a blunder"),
    }
    return pgettext("called it", words[label]) if label in words else label


def answer_is_the_choice(verdict: Judged) -> str:
    """A puzzle's answer that repeats the play the player made."""
    # Translators: {called} is "a mistake", "an inaccuracy", "unclear" or "good".
    return _(
        "Not the best: that is what you played, and the review called it {called} "
        "({points} lost). {again}"
    ).format(called=called(label_of(verdict)), points=about(verdict.cost), again=_again())


def wrong_answer(words: str, cost: float, play: str | None = None) -> str:
    """A puzzle's answer that is not the best: it never names the best play. ``play`` is
    the answer named as a doing ("playing two 7s"; from ``words`` when not given)."""
    return _("Not the best: {play} costs {points} more than the best play found. {again}").format(
        play=play or _imperative(words), points=about(cost), again=_again()
    )


def right_answer(
    words: str, verdict: Judged, best: Figures | None, is_best: bool, play: str | None = None
) -> str:
    """A puzzle's answer accepted: the best itself (with the verdict's reason), or an
    alternative as good (its own words; the reason, which names the best as "better",
    is left out so that nothing contradicts it). ``play`` is the answer named as a doing
    (from ``words`` when not given)."""
    doing_ = play or _imperative(words)
    # Translators: {played} is what you had done ("played two 7s"); {points} "about 8 points".
    had = _("you had {played}, {points} worse").format(
        played=verdict.chosen, points=about(verdict.cost)
    )
    if is_best:
        return _("Right: {play} is the better play ({had}). {why}").format(
            play=doing_, had=had, why=_why(verdict)
        )
    if best is not None:
        return _(
            "Right: {play} is as good a play: within {points} of the best the review found "
            "({best}); {had}."
        ).format(play=doing_, points=counted(GOOD_WITHIN, "point"), best=_doing_of(best), had=had)
    return _(
        "Right: {play} is as good a play: within {points} of the best the review found; {had}."
    ).format(play=doing_, points=counted(GOOD_WITHIN, "point"), had=had)


def _why(verdict: Judged) -> str:
    """The verdict's reason without its opening words when they name the best play again
    ("Playing a 10 was better: ..." becomes "Why: ..."), so that an answer that has just
    named the play does not name it twice."""
    play = _capital(_doing_named(verdict, verdict.best))
    text = verdict.reason
    better = _better_message()
    head = better.split("{because}")[0]
    if head.startswith("{play}") and "{" not in head[len("{play}") :]:
        opening = head.replace("{play}", play, 1)
        if text.startswith(opening):
            # Translators: the reason of a puzzle's answer, its play already named.
            return _("Why: {reason}").format(reason=text[len(opening) :])
    if text.startswith(f"{play} was safer: "):  # the words of an older review
        return f"Why: {text[len(play) + len(' was safer: ') :]}"
    unclear = _unclear_message().split("{points}")[0]
    if unclear.startswith("{play} ") and "{" not in unclear[len("{play}") :]:
        if text.startswith(unclear.replace("{play}", play, 1)):
            # Translators: "It" stands for the play just named: "It may have been better, ...".
            return _("It {reason}").format(reason=text[len(play) + 1 :])
    return text


def solution(verdict: Judged) -> str:
    """The answer to a puzzle, for a player who asks for it: the best play and why (the
    play named once)."""
    return _("The answer: {play}. {why}").format(
        play=_doing_named(verdict, verdict.best), why=_why(verdict)
    )


class Met(Protocol):
    """A decision as the words for another play of the same deal read it."""

    @property
    def number(self) -> int: ...
    @property
    def step(self) -> int: ...
    @property
    def obs(self) -> Observation: ...
    @property
    def chosen(self) -> Action: ...


class Weighed(Judged, Protocol):
    """A verdict with the plays it weighed (the review's ``Verdict``)."""

    @property
    def options(self) -> Sequence[Figures]: ...
    @property
    def worlds(self) -> int: ...


class Beside:
    """Another player's game on the same deal (the daily deal's hard opponent in your
    seat) laid beside yours, decision by decision: :attr:`lines` has one line for each
    decision, :attr:`summary` one for the summary, :attr:`at` the decision where the
    games parted (an index into the decisions; None when they parted at no decision of
    yours).

    ``theirs`` is that game's actions, every seat's, in order; ``parted`` the index of
    the first action where the two games differ (None when they never do). Before it,
    both games are the same card for card, so at each of your decisions they played what
    you played; at it, they played something else (when it was your decision); after it,
    the games differ and nothing of theirs is said of yours.

    ``who`` names the other player ("the hard opponent"), in the player's language.
    """

    def __init__(
        self,
        found: Sequence[Met],
        theirs: Sequence[Action],
        parted: int | None,
        who: str | None = None,
        work: int | None = None,
    ) -> None:
        who = who if who is not None else _("the hard opponent")
        self.lines: list[str] = []
        self.at: int | None = None
        self.who = who
        self.work = work  # the other player's play-outs per decision, when known
        # What the other player played at each of your decisions (None once the games differ).
        self.played: list[str | None] = []
        # ... and the same named as a doing, for what the review says of it.
        self.doings: list[str | None] = []
        head = _capital(who)
        since = ""
        for i, d in enumerate(found):
            if parted is None or d.step < parted:
                # Translators: {who} is "The hard opponent" (with its capital).
                self.lines.append(_("{who} played the same here.").format(who=head))
                self.played.append(describe(d.obs, d.chosen) if d.obs is not None else None)
                self.doings.append(doing(d.obs, d.chosen) if d.obs is not None else None)
            elif d.step == parted and d.step < len(theirs):
                self.played.append(describe(d.obs, theirs[d.step]))
                self.doings.append(doing(d.obs, theirs[d.step]))
                self.at = i
                # Translators: {who} is "the hard opponent"; {played} "played two 7s".
                self.lines.append(
                    _("Here {who} {played} instead; from here the games differ.").format(
                        who=who, played=describe(d.obs, theirs[d.step])
                    )
                )
                since = _("after decision {number}").format(number=d.number)
            else:
                self.played.append(None)
                self.doings.append(None)
                since = since or _("before decision {number}, at another player's turn").format(
                    number=d.number
                )
                # Translators: {since} is "after decision 4" or "before decision 4, at
                # another player's turn".
                self.lines.append(
                    _("The games differ from here: {who}'s hand went its own way {since}.").format(
                        who=who, since=since
                    )
                )
        if self.at is not None:
            d = found[self.at]
            self.summary = _(
                "Decision {number} is where you and {who} parted ways: you {yours}, {who} "
                "{theirs}; from there the games differ."
            ).format(
                number=d.number,
                who=who,
                yours=describe(d.obs, d.chosen),
                theirs=describe(d.obs, theirs[d.step]),
            )
        elif parted is not None and any(d.step > parted for d in found):
            self.summary = _(
                "{who}'s game went another way {since}; up to there it was yours, play for play."
            ).format(who=head, since=since)
        else:
            self.summary = _("{who} in your seat made every decision as you did.").format(who=head)

    def against(self, index: int, verdict: Weighed) -> str | None:
        """What the review says of the other player's play at decision ``index``: that
        they agree, or why they name different plays (the review's figures for theirs,
        and the work and luck of the play-outs behind each). None once the games differ."""
        if not 0 <= index < len(self.played):
            return None
        theirs = self.played[index]
        if theirs is None:
            return None
        their_doing = self.doings[index] or _imperative(theirs)
        best = verdict.best
        best_doing = _doing_named(verdict, best)
        if theirs == best:
            if theirs == verdict.chosen:
                return _("The review agrees with you both: {play} was its best too.").format(
                    play=best_doing
                )
            return _("The review agrees with {who}: {play} was its best play.").format(
                who=self.who, play=best_doing
            )
        if self.work:
            work = _("{who} weighs {playouts} a decision in its own game").format(
                who=self.who, playouts=counted(self.work, "play-out")
            )
        else:
            work = _("{who} weighs its own play-outs in its own game").format(who=self.who)
        review = _("the review weighed {playouts} from your seat").format(
            playouts=counted(verdict.worlds, "play-out")
        )
        options = list(verdict.options)
        top = options[0] if options else None
        other = next((o for o in options if o.words == theirs), None)
        if theirs == verdict.chosen:  # the review weighed it as your play, with a range
            gap, low = verdict.cost, verdict.low
            high = round(verdict.high)
            # Translators: {low} and {high} whole points.
            span = ngettext(
                " (somewhere between {low} and {high} point)",
                " (somewhere between {low} and {high} points)",
                high,
            ).format(low=round(low), high=high)
        elif other is not None and top is not None:
            gap, low, span = max(0.0, other.margin - top.margin), 0.0, ""
        else:
            return _(
                "The review named {best} as best and did not weigh {theirs} among its best "
                "few: {work}; {review}."
            ).format(best=best_doing, theirs=their_doing, work=work, review=review)
        # Translators: {span} is " (somewhere between 2 and 9 points)" or nothing.
        named = _(
            "The review named {best} as best, {points}{span} better than {theirs} in its play-outs"
        ).format(best=best_doing, points=about(gap), span=span, theirs=their_doing)
        if round(low) < LABELS[0][1]:
            return _(
                "{named}. They differ because {work} and {review}: plays this close can come "
                "out either way with the luck of the play-outs."
            ).format(named=named, work=work, review=review)
        return _(
            "{named}. They differ because {work} and {review}: a gap this sure is the "
            "review's closer look, not luck."
        ).format(named=named, work=work, review=review)
