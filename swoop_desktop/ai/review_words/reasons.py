"""The reason for a verdict: why the choice was as good as the best, or why the best was
better (:func:`why_better`: one sentence naming the mechanism of each), then what
happened next in the play-outs and what it cost (:func:`reason`); last, where the hint
parts from the review's best (:func:`hint_words`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from swoop_desktop.card_words import OBJECT, SUBJECT, cards_in, on_the, your_card, your_cards
from swoop_desktop.engine import Action, Add, End, Flip, Play
from swoop_desktop.engine.observation import CHAIN, Observation
from swoop_desktop.i18n import _, ngettext
from swoop_desktop.plural import about, counted

from ..bots import action_rank
from ..hint import explain
from .figures import Figures
from .labels import GOOD_WITHIN, LABELS, UNCLEAR, verdict_label
from .mechanisms import (
    delayed,
    delays_avoided,
    going_out,
    held,
    mystery,
    next_difference,
    on_pile,
    sentences,
    set_points,
    swoop_how,
    swoop_set_up,
    swoops_at_once,
    tenths,
)
from .plays import action_of, capital, doing_of, pile_words


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
    odds are then said once): the first of the steps below that finds its mechanism."""
    case = _Case(
        obs=obs,
        chosen=chosen,
        mine=mine,
        best_action=best_action,
        best=best,
        quote=quote,
        near=going_out(obs),
        pile=pile_words(obs, obs.rules),
        best_swoops=swoops_at_once(obs, best_action),
        chosen_swoops=swoops_at_once(obs, chosen),
        rank=action_rank(obs, chosen) if type(chosen) in (Play, Add) else 0,
    )
    for step in _WHY_STEPS:
        found = step(case)
        if found is not None:
            return found
    return _("it keeps your hand better placed for the rest of the hand in the play-outs"), False


@dataclass(frozen=True)
class _Case:
    """One decision as the steps of :func:`_why_better` read it."""

    obs: Observation
    chosen: Action
    mine: Figures
    best_action: Action | None
    best: Figures
    quote: str | None  # the hint's words as shown, when it suggested the best play
    near: str | None  # the opponent about to go out, in words
    pile: str  # the pile as the object of a verb
    best_swoops: bool
    chosen_swoops: bool
    rank: int  # the rank of the chosen play's cards (0 for a flip or an end)


#: A step's sentence and whether it speaks of a flip; None when its mechanism is not it.
_Found = tuple[str, bool] | None


def _picked_up(case: _Case) -> _Found:
    """Your play picked up the pile, where the best went on it (or swooped it)."""
    mine, best, best_action, pile = case.mine, case.best, case.best_action, case.pile
    if not (mine.pickup >= 0.99 and best.pickup < 0.5):
        return None
    if best_action is not None and case.best_swoops:
        # Translators: {pile} is "the pile of 6 cards (30 points)"; {how} "your 10 swoops at
        # once: it clears the pile of 6 cards (30 points) and you play again".
        return _("your play picked up {pile}, and {how}").format(
            pile=pile, how=swoop_how(case.obs, best_action)
        ), False
    if type(best_action) is Flip:
        # Translators: {pile} is "the pile of 6 cards (30 points)"; {share} "in about 7 of
        # 10 play-outs".
        return _("your play picked up {pile}; the mystery card goes on the pile {share}").format(
            pile=pile, share=tenths(1.0 - best.pickup)
        ), True
    if type(best_action) in (Play, Add):
        k = best_action.size  # type: ignore[union-attr]
        cards = cards_in(SUBJECT, action_rank(case.obs, best_action), k)  # type: ignore[arg-type]
        # Translators: {pile} is "the pile of 6 cards (30 points)"; {cards} "your two 7s"
        # (the subject).
        return ngettext(
            "your play picked up {pile}; {cards} goes on it instead",
            "your play picked up {pile}; {cards} go on it instead",
            k,
        ).format(pile=pile, cards=cards), False
    # Translators: {pile} is "the pile of 6 cards (30 points)"; "it" is the better play.
    return _("your play picked up {pile}; it goes on the pile instead").format(pile=pile), False


def _best_swoops_now(case: _Case) -> _Found:
    """The best swoops the pile at once, where your play does not."""
    obs, best_action = case.obs, case.best_action
    if best_action is None or not case.best_swoops or case.chosen_swoops:
        return None
    r = action_rank(obs, best_action)
    if case.near is not None and obs.rules.is_swoop_rank(r):
        worth = counted(obs.rules.card_points(r), "point")
        # Translators: {near} is "Lefty has one card left and may go out soon"; {card}
        # "your 10" (the subject); {points} "10 points" in brackets.
        return _(
            "{near}, and {card} ({points}) would be caught in your hand; a Swoop card "
            "played now clears the pile at once and you play again"
        ).format(near=case.near, card=your_card(SUBJECT, r), points=worth), False
    return swoop_how(obs, best_action), False


def _flip_picked_up(case: _Case) -> _Found:
    """Your flip picked the pile up often, the best less often."""
    mine = case.mine
    if not (
        type(case.chosen) is Flip
        and case.obs.pile
        and mine.pickup >= 0.2
        and case.best.pickup < mine.pickup
    ):
        return None
    # Translators: {pile} is "the pile of 6 cards (30 points)"; {share} "in about 7 of 10
    # play-outs".
    return _("the flip picked up {pile} {share}").format(
        pile=case.pile, share=tenths(mine.pickup)
    ), True


def _swoop_card_spent(case: _Case) -> _Found:
    """Your Swoop card spent where the best kept it."""
    r = case.rank
    if not (type(case.chosen) is Play and case.obs.rules.is_swoop_rank(r) and not case.best_swoops):
        return None
    name = your_card(SUBJECT, r)
    if case.obs.pile:
        # Translators: {card} is "your 10" (the subject); {pile} "the pile of 6 cards
        # (30 points)" (the object).
        return _(
            "{card} swooped {pile}; a Swoop card kept could clear a bigger pile or save "
            "you a pick-up later"
        ).format(card=name, pile=case.pile), False
    # Translators: {card} is "your 10" (the subject).
    return _(
        "{card} swooped an empty pile; a Swoop card kept could clear a bigger pile or "
        "save you a pick-up later"
    ).format(card=name), False


def _set_up_or_delayed(case: _Case) -> _Found:
    """The Swoop the best's pick-up sets up, or the pick-up your play only delayed."""
    if case.best_action is not None:
        set_up = swoop_set_up(case.obs, case.best_action, case.best.pickup)
        if set_up is not None:
            return set_up, False
    put_off = delayed(case.mine, [case.best], cheaper=False, obs=case.obs)
    if put_off is not None:
        return put_off, False
    return None


def _mystery_odds(case: _Case) -> _Found:
    """The best is a flip: the mystery card's odds, and your cards kept."""
    best_action = case.best_action
    if type(best_action) is not Flip:
        return None
    odds = mystery(case.obs, best_action, case.best, chosen=False) or (
        _("a mystery card on an empty pile cannot pick anything up")
    )
    # Translators: {odds} is "the mystery card might play: it goes on the pile in about 7
    # of 10 play-outs" or "a mystery card on an empty pile cannot pick anything up".
    return _("{odds}, and the cards you hold stay for later").format(odds=odds), True


def _both_swoop(case: _Case) -> _Found:
    """Both plays swoop at once: the card kept makes the difference."""
    obs, best_action, r = case.obs, case.best_action, case.rank
    if not (
        type(best_action) in (Play, Add)
        and obs.rules.is_swoop_rank(r)
        and obs.rules.is_swoop_rank(action_rank(obs, best_action))  # type: ignore[arg-type]
    ):
        return None
    # Translators: {card} is "your 10" (the object).
    return _(
        "both swoop at once, so it comes down to the card kept: it keeps {card} "
        "for a bigger pile or a worse moment"
    ).format(card=your_card(OBJECT, r)), False


def _sheds(case: _Case) -> _Found:
    """Both go on the pile: the cards and points each sheds, and what it keeps."""
    obs, chosen, best_action, r = case.obs, case.chosen, case.best_action, case.rank
    if best_action is None or not on_pile(obs, best_action) or not on_pile(obs, chosen):
        return None
    kb, pb = set_points(obs, best_action)
    kc, pc = set_points(obs, chosen)
    rb = action_rank(obs, best_action)
    if case.near is not None and pb > pc:
        # Translators: {near} is "Lefty has one card left and may go out soon"; {points}
        # and {yours} "18 points".
        return _(
            "{near}: it sheds {points} of cards before the hand may end, your play {yours}"
        ).format(near=case.near, points=counted(pb, "point"), yours=counted(pc, "point")), False
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
        # Translators: {cards} and {your_cards} are "3 cards"; {points} and {your_points}
        # "18 points".
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
        # Translators: {points} and {your_points} are "18 points".
        return _(
            "it sheds {points} of cards where your play sheds {your_points}: the higher "
            "cards go while the pile lets them"
        ).format(points=counted(pb, "point"), your_points=counted(pc, "point")), False
    if obs.pile and rb < r:
        # Translators: {cards} is "your 9s" (your cards of a rank, the object).
        return _(
            "it puts a lower card on the pile, so fewer cards fit on it for the next "
            "player, and keeps {cards} for a later pile"
        ).format(cards=your_cards(r)), False
    return None


def _follow_up(case: _Case) -> _Found:
    """A follow-up offered: adding to the pile, or keeping the cards (Done)."""
    chosen, best_action = case.chosen, case.best_action
    if type(chosen) is End and type(best_action) is Add:
        k, p = set_points(case.obs, best_action)
        # Translators: {cards} is "2 cards"; {points} "14 points".
        return _("adding sheds {cards} ({points}) with no pick-up").format(
            cards=counted(k, "card"), points=counted(p, "point")
        ), False
    if type(best_action) is End and type(chosen) is Add:
        # Translators: {cards} is "your 7s" (your cards of a rank, the subject).
        return _(
            "{cards} were worth keeping for a later pile: the pile you added to is one "
            "the others can build on"
        ).format(cards=your_cards(case.rank)), False
    return None


def _as_the_hint(case: _Case) -> _Found:
    """The hint the player asked for suggested the best play: its words, quoted."""
    best_action = case.best_action
    if best_action is None or not case.quote:
        return None
    # The hint speaks of the mystery card for a flip, and for stopping a chain of them.
    flips = type(best_action) is Flip or (
        type(best_action) not in (Play, Add) and case.obs.phase == CHAIN
    )
    # Translators: {hint} is the hint's sentence exactly as the player was shown it.
    return _("as the hint you asked for put it, \u201c{hint}\u201d").format(hint=case.quote), flips


#: The mechanisms looked for, in order: the first that is the decision's says why.
_WHY_STEPS = (
    _picked_up,
    _best_swoops_now,
    _flip_picked_up,
    _swoop_card_spent,
    _set_up_or_delayed,
    _mystery_odds,
    _both_swoop,
    _sheds,
    _follow_up,
    _as_the_hint,
)


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
    hint_play = doing_of(said.play)
    best_play = doing_of(best)
    if label == UNCLEAR and n == 0:
        return " " + _hint_level(said.shown, high).format(
            hint=said.shown or hint_play, best=best_play, high=high
        )
    if said.shown:
        if label == UNCLEAR:
            # Translators: {hint} is the hint's sentence as shown; {best} the review's best
            # play as a doing ("playing two 7s"); {n}, {low} and {high} whole points.
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
            # Translators: {hint} is the hint's sentence as shown; {best} the review's best
            # play as a doing ("playing two 7s"); {n}, {low} and {high} whole points.
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
        # Translators: here no hint was asked: {hint} and {best} are plays as doings ("playing
        # two 7s", "flipping a mystery card"), not the hint's sentence; {n}, {low} and {high}
        # whole points.
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
        # Translators: {hint} and {best} are plays as doings ("playing two 7s", "flipping a
        # mystery card"); {n}, {low} and {high} whole points. No hint was asked here.
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


def _hint_level(shown: str | None, high: int) -> str:
    """Where the hint's play comes out level with the review's best on average (its cost
    rounds to no points) but its range reaches past the "good" line: never "by about 0
    points", but level, and how much it may cost."""
    if shown:
        # Translators: {hint} is the hint's sentence as shown; {best} the review's best play
        # as a doing ("playing two 7s"); {high} whole points. On average the two plays are
        # level; the hint's play may still cost up to {high} points.
        return ngettext(
            "The hint you asked for said \u201c{hint}\u201d; the review's closer look finds "
            "that play level on average with {best}, but cannot tell for sure (it may cost "
            "up to {high} point).",
            "The hint you asked for said \u201c{hint}\u201d; the review's closer look finds "
            "that play level on average with {best}, but cannot tell for sure (it may cost "
            "up to {high} points).",
            high,
        )
    # Translators: {hint} and {best} are plays as doings ("playing two 7s"); {high} whole
    # points. No hint was asked here. On average the two plays are level; the hint's play
    # may still cost up to {high} points.
    return ngettext(
        "The hint's quicker look suggests {hint}; the review's closer look finds it level on "
        "average with {best}, but cannot tell for sure (it may cost up to {high} point).",
        "The hint's quicker look suggests {hint}; the review's closer look finds it level on "
        "average with {best}, but cannot tell for sure (it may cost up to {high} points).",
        high,
    )


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
        return _as_good(obs, legal, chosen, mine, best, others, near)
    better = doing_of(best)
    action = action_of(best)
    quote = None
    if said is not None and said.shown and said.play is not None:
        quote = said.shown if said.play.action == best.action else None
    because, flip = _why_better(obs, legal, chosen, mine, action, best, quote)
    then = next_difference(mine, best, better) or held(mine, best)
    how = _more_found(
        obs, chosen, mine, action, best, because, flip, _went_out(near, because, mine)
    )
    evidence = f" {capital(then)}." if then else ""
    if label == UNCLEAR and round(spent) == 0:
        # Level on average, but the range reaches past the "good" line: never "by about 0
        # points".
        high = round(span[1])
        # Translators: {play} is the better play as a doing, with a capital ("Playing two
        # 7s"); {high} whole points; {because} a sentence (capital, no full stop); {evidence}
        # and {how} more sentences, each with its space before it. On average the two plays
        # came out level; yours may still have cost up to {high} points.
        return ngettext(
            "{play} may have been better, though on average the two came out level: the "
            "play-outs cannot tell for sure, and yours may have cost up to {high} point. "
            "{because}.{evidence}{how}",
            "{play} may have been better, though on average the two came out level: the "
            "play-outs cannot tell for sure, and yours may have cost up to {high} points. "
            "{because}.{evidence}{how}",
            high,
        ).format(
            play=capital(better), high=high, because=capital(because), evidence=evidence, how=how
        )
    if label == UNCLEAR:
        low, high = (round(x) for x in span)
        return _unclear_message_counted(high).format(
            play=capital(better),
            points=about(spent),
            low=low,
            high=high,
            because=capital(because),
            evidence=evidence,
            how=how,
        )
    return better_message().format(
        play=capital(better),
        because=because,
        evidence=evidence,
        how=how,
        points=about(spent),
    )


def _as_good(
    obs: Observation,
    legal: Sequence[Action],
    chosen: Action,
    mine: Figures,
    best: Figures,
    others: Sequence[Figures],
    near: str | None,
) -> str:
    """The reason of a good choice: the hint's sentence for it, and what it made happen."""
    why = explain(obs, list(legal), chosen)
    how = sentences(
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
        # Translators: the review's verdict on a play as good as the best one.
        message = _("As good as the best ({play}): within {points}. {why}.{how}")
    else:
        # Translators: as "As good as the best ({play}): …": {play} the best play in the
        # past; {points} "2 points"; {why} the hint's sentence; {how} more sentences.
        message = _("Close to the best ({play}): within {points}. {why}.{how}")
    return message.format(play=best.words, points=within, why=why, how=how)


def _went_out(near: str | None, because: str, mine: Figures) -> str | None:
    """Another player went out after your play while you held cards (the one about to go
    out named, unless the reason has named them already)."""
    if not (near and mine.opponent_out >= 0.2):
        return None
    went = tenths(mine.opponent_out)
    if near in because:
        # Translators: {share} is "in about 7 of 10 play-outs".
        return _(
            "after your play another player went out while you still held cards {share}"
        ).format(share=went)
    # Translators: {near} is "Lefty has one card left and may go out soon"; {share} "in
    # about 7 of 10 play-outs".
    return _(
        "{near}: after your play another player went out while you still held cards {share}"
    ).format(near=near, share=went)


def _more_found(
    obs: Observation,
    chosen: Action,
    mine: Figures,
    action: Action | None,
    best: Figures,
    because: str,
    flip: bool,
    went_out: str | None,
) -> str:
    """The other mechanisms found in the play-outs, as sentences after the reason's first:
    each once, none the reason has said, and no mystery card's odds when it spoke of a
    flip."""
    mysteries = [
        mystery(obs, chosen, mine, chosen=True),
        mystery(obs, action, best, chosen=False) if action is not None else None,
    ]
    return sentences(
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
            if p is None or (p not in because and not (odds and flip))
        ]
    )


def unclear_message() -> str:
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


def better_message() -> str:
    # Translators: {play} is the better play as a doing, with a capital ("Playing two 7s");
    # {because} why (no full stop); {evidence} and {how} more sentences, each with its
    # space before it (or nothing); {points} "about 8 points".
    return _("{play} was better: {because}.{evidence}{how} It cost {points}.")
