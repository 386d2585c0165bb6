"""The hand review's words: labels, plays named, reasons and the summary, in English.

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
from typing import Protocol

from swoop_desktop.choices import seat_name
from swoop_desktop.engine import RANK_OF, Action, Add, End, Flip, Play, Rules, action_from_json
from swoop_desktop.engine.cards import RANK_NAMES, count_phrase
from swoop_desktop.engine.observation import FOLLOW, Observation
from swoop_desktop.plural import about, counted, noun

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


_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four"}


def _stacks(slots: Sequence[int]) -> str:
    """ "face-up stack 2", "face-up stacks 1 and 3" (numbered from the left, from 1)."""
    names = [str(s + 1) for s in slots]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"face-up {noun(len(names), 'stack')} {joined}"


def _where(obs: Observation, action: Play | Add, rank: int) -> str:
    """Where a play's cards come from, when that tells it apart from another play of the
    same cards: your hand (when a face-up card of that rank could have gone too), which
    face-up stacks, or how many of each."""
    if not action.up:
        ups = obs.up[obs.seat] if obs.up else ()
        same = any(c is not None and RANK_OF[c] == rank for c in ups)
        return " from your hand" if same else ""
    if not action.hand:
        return f" from your {_stacks(action.up)}"
    n = len(action.hand)
    return f" ({_COUNTS.get(n, str(n))} from your hand, the rest from your {_stacks(action.up)})"


def describe(obs: Observation, action: Action) -> str:
    """Past-tense plain words for an action: "played two 7s", "flipped a mystery card".
    Two different plays never share words: cards from your hand and from your face-up
    stacks are named apart ("played an ace from your face-up stack 2")."""
    kind = type(action)
    if kind is Flip:
        return "flipped a mystery card"
    if kind is End:
        return "stopped flipping" if obs.phase != FOLLOW else "kept your cards (Done)"
    r = action_rank(obs, action)
    k = action.size  # type: ignore[union-attr]
    words = count_phrase(r, k)
    where = _where(obs, action, r)  # type: ignore[arg-type]
    if kind is Add:
        return f"added {words}{where}"
    return f"played {words}{where}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _imperative(words: str) -> str:
    """ "played two 7s" -> "playing two 7s" (for "... was better")."""
    verbs = {
        "played": "playing",
        "flipped": "flipping",
        "added": "adding",
        "stopped": "stopping",
        "kept": "keeping",
    }
    head, _sep, rest = words.partition(" ")
    return f"{verbs.get(head, head)} {rest}".strip()


def _pile_points(obs: Observation) -> int:
    return sum(obs.rules.card_points(RANK_OF[c]) for c in obs.pile)


def _pile_words(obs: Observation, rules: Rules) -> str:
    """ "the 6-card pile (30 points)", "the 1-card pile (1 point)"."""
    return f"the {len(obs.pile)}-card pile ({counted(_pile_points(obs), 'point')})"


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
    again = "and you play again"
    clears = f"it clears {_pile_words(obs, obs.rules)} {again}" if obs.pile else again
    if obs.rules.is_swoop_rank(r):
        return f"your {RANK_NAMES[r][0]} swoops at once: {clears}"
    k = action.size  # type: ignore[union-attr]
    on_top = obs.run if obs.pile and r == obs.top else 0
    if on_top:
        theirs = RANK_NAMES[r][0] if on_top == 1 else count_phrase(r, on_top)
        return (
            f"{count_phrase(r, k)} {noun(k, 'makes', 'make')} four with the pile's "
            f"{theirs}: a Swoop at once; {clears}"
        )
    return f"{count_phrase(r, k)} make four of a kind: a Swoop at once; {clears}"


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
        return "in almost none of the play-outs"
    if n >= 10:
        return "in nearly every play-out"
    return f"in about {n} of 10 play-outs"


def _short(share: float) -> str:
    """The same share, short, for the second half of a comparison: "in about 3 of 10"."""
    n = round(share * 10)
    if n <= 0:
        return "in almost none"
    if n >= 10:
        return "in nearly all"
    return f"in about {n} of 10"


def _next(mine: Figures, best: Figures, better: str) -> str | None:
    """What happens next in the play-outs that makes the difference between the two, in
    words: the biggest gap among the pick-ups, the Swoops and who goes out."""
    gaps = [
        (mine.pickups - best.pickups, "pickups"),
        (best.swoops - mine.swoops, "swoops"),
        (best.out - mine.out, "out"),
        (mine.opponent_out - best.opponent_out, "opponent_out"),
    ]
    gap, what = max(gaps)
    if gap < 0.15:
        return None
    if what == "pickups":
        return (
            f"after your play you picked up the pile {_tenths(mine.pickups)}; after "
            f"{better.lower()}, {_short(best.pickups)}"
        )
    if what == "swoops":
        return (
            f"it leads to a Swoop of yours {_tenths(best.swoops)} "
            f"(your play: {_short(mine.swoops)})"
        )
    if what == "out":
        return (
            f"after it you go out first {_tenths(best.out)} (after your play: {_short(mine.out)})"
        )
    return (
        f"after your play another player goes out while you still hold cards "
        f"{_tenths(mine.opponent_out)} (after {better.lower()}: {_short(best.opponent_out)})"
    )


def _own(obs: Observation, rank: int) -> int:
    """Cards of ``rank`` the seat holds in hand and face up."""
    ups = obs.up[obs.seat] if obs.up else ()
    return sum(RANK_OF[c] == rank for c in obs.hand) + sum(
        c is not None and RANK_OF[c] == rank for c in ups
    )


def _yours(rank: int, n: int) -> str:
    return f"your {RANK_NAMES[rank][0]}" if n == 1 else f"your {count_phrase(rank, n)}"


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
    theirs = RANK_NAMES[rank][0] if pile == 1 else count_phrase(rank, pile)
    return (
        f"picking up the pile gives you {count_phrase(rank, pile + own)} (the pile's "
        f"{theirs} and {_yours(rank, own)}): a Swoop to come"
    )


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
    deal = "still cheaper than picking it up now" if cheaper else "picking it up now was cheaper"
    return (
        f"your play went on the pile but only delayed the pick-up: you picked up the pile "
        f"later anyway {_tenths(later)}; {deal}"
    )


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
    return (
        f"the safe play only delays the pick-up: after {_imperative(o.words)} you picked "
        f"up the pile later anyway {_tenths(o.pickups - o.pickup)}"
    )


def going_out(obs: Observation) -> str | None:
    """The opponent about to go out: one or two cards left, in words."""
    near = [
        (obs.cards_left(p), p) for p in range(obs.n) if p != obs.seat and 0 < obs.cards_left(p) <= 2
    ]
    if not near:
        return None
    n, p = min(near)
    return f"{seat_name(p)} has {'one card' if n == 1 else 'two cards'} left and may go out soon"


def mystery(obs: Observation, action: Action, figures: Figures, chosen: bool) -> str | None:
    """The mystery card that might play: the share of the play-outs in which a flip went
    on the pile (or Swooped) instead of picking it up."""
    if type(action) is not Flip or not obs.pile:
        return None
    plays = 1.0 - figures.pickup
    if chosen:
        if figures.pickup < 0.05:
            return f"the mystery card went on the pile or swooped {_tenths(plays)}"
        return (
            f"the mystery card picked up the pile {_tenths(figures.pickup)} (it played "
            f"{_short(plays)})"
        )
    return f"the mystery card might play: it goes on the pile {_tenths(plays)}"


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
) -> str:
    """One sentence (without its full stop) of why the best play beat the choice: the
    mechanism of each, never only the figures of the play-outs. It follows "<the best
    play> was better: "."""
    rules = obs.rules
    near = going_out(obs)
    pile = _pile_words(obs, rules)
    best_swoops = swoops_at_once(obs, best_action)
    chosen_swoops = swoops_at_once(obs, chosen)
    if mine.pickup >= 0.99 and best.pickup < 0.5:
        if best_action is not None and best_swoops:
            return f"your play picked up {pile}, and {_swoop_how(obs, best_action)}"
        if type(best_action) is Flip:
            return (
                f"your play picked up {pile}; the mystery card goes on the pile "
                f"{_tenths(1.0 - best.pickup)}"
            )
        if type(best_action) in (Play, Add):
            k = best_action.size  # type: ignore[union-attr]
            cards = count_phrase(action_rank(obs, best_action), k)  # type: ignore[arg-type]
            return f"your play picked up {pile}; {cards} {noun(k, 'goes', 'go')} on it instead"
        return f"your play picked up {pile}; it goes on the pile instead"
    if best_action is not None and best_swoops and not chosen_swoops:
        r = action_rank(obs, best_action)
        if near is not None and rules.is_swoop_rank(r):
            held = counted(rules.card_points(r), "point")
            return (
                f"{near}, and your {RANK_NAMES[r][0]} ({held}) would be caught in your "
                f"hand; played now it swoops at once and you play again"
            )
        return _swoop_how(obs, best_action)
    if type(chosen) is Flip and obs.pile and mine.pickup >= 0.2 and best.pickup < mine.pickup:
        return f"the flip picked up {pile} {_tenths(mine.pickup)}"
    r = action_rank(obs, chosen) if type(chosen) in (Play, Add) else 0
    if type(chosen) is Play and rules.is_swoop_rank(r) and not best_swoops:
        name = RANK_NAMES[r][0]
        what = f"swooped {pile}" if obs.pile else "swooped an empty pile"
        return f"your {name} {what}; kept, it could clear a bigger pile or save you a pick-up later"
    if best_action is not None:
        set_up = swoop_set_up(obs, best_action, best.pickup)
        if set_up is not None:
            return set_up
    put_off = delayed(mine, [best], cheaper=False, obs=obs)
    if put_off is not None:
        return put_off
    if type(best_action) is Flip:
        odds = mystery(obs, best_action, best, chosen=False) or (
            "a mystery card on an empty pile cannot pick anything up"
        )
        return f"{odds}, and the cards you hold stay for later"
    if (
        type(best_action) in (Play, Add)
        and rules.is_swoop_rank(r)
        and rules.is_swoop_rank(action_rank(obs, best_action))  # type: ignore[arg-type]
    ):
        kept = RANK_NAMES[r][0]
        return (
            f"both swoop at once, so it comes down to the card kept: it keeps your {kept} "
            "for a bigger pile or a worse moment"
        )
    if best_action is not None and _on_pile(obs, best_action) and _on_pile(obs, chosen):
        kb, pb = _set_points(obs, best_action)
        kc, pc = _set_points(obs, chosen)
        rb = action_rank(obs, best_action)
        if near is not None and pb > pc:
            return (
                f"{near}: it sheds {counted(pb, 'point')} of cards before the hand may "
                f"end, your play {counted(pc, 'point')}"
            )
        if rb > r and kb >= kc:
            return (
                f"{count_phrase(rb, kb)} can go only on {_the(rb)} or higher, so "
                f"{noun(kb, 'it is', 'they are')} harder to shed later than "
                f"{_yours(r, kc)}: it sheds {counted(pb, 'point')} of cards, your play "
                f"{counted(pc, 'point')}"
            )
        if kb > kc:
            return (
                f"it sheds {counted(kb, 'card')} ({counted(pb, 'point')}) where your play "
                f"sheds {counted(kc, 'card')} ({counted(pc, 'point')}): fewer to hold "
                "when the hand ends"
            )
        if pb > pc:
            return (
                f"it sheds {counted(pb, 'point')} of cards where your play sheds "
                f"{counted(pc, 'point')}: the higher cards go while the pile lets them"
            )
        if obs.pile and rb < r:
            return (
                f"it puts a lower card on the pile, so fewer cards fit on it for the "
                f"next player, and keeps your {RANK_NAMES[r][1]} for a later pile"
            )
    if type(chosen) is End and type(best_action) is Add:
        k, p = _set_points(obs, best_action)
        return f"adding sheds {counted(k, 'card')} ({counted(p, 'point')}) with no pick-up"
    if type(best_action) is End and type(chosen) is Add:
        return (
            f"your {RANK_NAMES[r][1]} were worth keeping for a later pile: the pile you "
            "added to is one the others can build on"
        )
    if best_action is not None:
        return f"as the hint puts it, \u201c{explain(obs, list(legal), best_action)}\u201d"
    return "it keeps your hand better placed for the rest of the hand in the play-outs"


def _the(rank: int) -> str:
    """ "a queen", "an ace", "an 8": one card of a rank."""
    return count_phrase(rank, 1)


def _held(mine: Figures, best: Figures) -> str | None:
    """The points you ended the hand holding after each play, when they differ."""
    if mine.points - best.points < 1:
        return None
    return (
        f"in the play-outs you ended the hand holding {about(best.points)} after it, "
        f"{round(mine.points)} after your play"
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
) -> str:
    """Plain words: why the choice was as good as the best, or why the best was better
    (one sentence naming the mechanism of each: a Swoop at once, the pile picked up, the
    Swoop a pick-up sets up, the pick-up a play only delays, the opponent about to go
    out, the mystery card's odds, the cards and points shed), then what happened next in
    the play-outs and what it cost."""
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
            return f"The best choice here. {why}.{how}"
        close = "As good as" if mine.margin - best.margin < 1 else "Close to"
        within = counted(GOOD_WITHIN, "point")
        return f"{close} the best ({best.words}): within {within}. {why}.{how}"
    better = _capital(_imperative(best.words))
    action = _action_of(best)
    because = why_better(obs, legal, chosen, mine, action, best)
    _flip = "mystery card" in because or "flip" in because  # its odds said once
    then = _next(mine, best, better) or _held(mine, best)
    how = _sentences(
        [
            p
            for p in (
                swoop_set_up(obs, action, best.pickup) if action is not None else None,
                swoop_set_up(obs, chosen, mine.pickup) if mine is not best else None,
                delayed(mine, [best], cheaper=False, obs=obs),
                mystery(obs, chosen, mine, chosen=True),
                mystery(obs, action, best, chosen=False) if action is not None else None,
                (
                    ("" if near in because else f"{near}: ")
                    + "after your play another player went out while you still held "
                    f"cards {_tenths(mine.opponent_out)}"
                    if near and mine.opponent_out >= 0.2
                    else None
                ),
            )
            if p is None or (p not in because and not (p.startswith("the mystery") and _flip))
        ]
    )
    evidence = f" {_capital(then)}." if then else ""
    if label == UNCLEAR:
        low, high = (round(x) for x in span)
        return (
            f"{better} may have been better, by {about(spent)}, but the play-outs cannot "
            f"tell for sure: somewhere between {low} and {counted(high, 'point')}. "
            f"{_capital(because)}.{evidence}{how}"
        )
    return f"{better} was better: {because}.{evidence}{how} It cost {about(spent)}."


def _plural(name: str, n: int) -> str:
    if n == 1:
        return f"a {name}" if name != "inaccuracy" else "an inaccuracy"
    return noun(n, name)


def summary_lines(vs: Sequence[Judged]) -> list[str]:
    """The summary of a review's verdicts, one line each: the counts first, then each
    costly decision."""
    if not vs:
        return ["No decisions to review: every play was forced."]
    good = [v for v in vs if v.good]
    close = [v for v in good if v.cost >= 0.5]
    parts = [f"{counted(len(vs), 'decision')}: {len(good) - len(close)} as good as the best"]
    if close:
        parts.append(f"{len(close)} close to it (within {counted(GOOD_WITHIN, 'point')})")
    unclear = [v for v in vs if v.label == UNCLEAR]
    if unclear:
        total = round(sum(v.cost for v in unclear))
        low = round(sum(v.low for v in unclear))
        high = round(sum(v.high for v in unclear))
        parts.append(
            f"{len(unclear)} unclear ({about(total)} in all, somewhere between {low} and {high})"
        )
    for name in ("inaccuracy", "mistake", "blunder"):
        group = [v for v in vs if v.label == name]
        if group:
            total = round(sum(v.cost for v in group))
            each = noun(len(group), "costs", "cost")
            parts.append(f"{len(group)} {each} {about(total)} ({_plural(name, len(group))})")
    lines = [", ".join(parts) + "."]
    for v in sorted((v for v in vs if not v.good), key=lambda v: -v.cost):
        if v.label == UNCLEAR:
            lines.append(
                f"Hand {v.hand_no + 1}, decision {v.number}: you {v.chosen}; "
                f"{_imperative(v.best)} may have been better ({about(v.cost)}, "
                f"between {round(v.low)} and {round(v.high)}, unclear)."
            )
            continue
        lines.append(
            f"Hand {v.hand_no + 1}, decision {v.number}: you {v.chosen} when "
            f"{_imperative(v.best)} was better ({about(v.cost)}, "
            f"{v.label})."
        )
    return lines


_AGAIN = "Try another play, or ask for the answer."


def called(label: str) -> str:
    """ "a mistake", "an inaccuracy", "unclear", "good": a label after "called it"."""
    return label if label in (UNCLEAR, LABELS[0][0]) else _plural(label, 1)


def answer_is_the_choice(verdict: Judged) -> str:
    """A puzzle's answer that repeats the play the player made."""
    return (
        f"Not the best: that is what you played, and the review called it "
        f"{called(label_of(verdict))} ({about(verdict.cost)} lost). {_AGAIN}"
    )


def wrong_answer(words: str, cost: float) -> str:
    """A puzzle's answer that is not the best: it never names the best play."""
    return (
        f"Not the best: {_imperative(words)} costs {about(cost)} more than "
        f"the best play found. {_AGAIN}"
    )


def right_answer(words: str, verdict: Judged, best: Figures | None, is_best: bool) -> str:
    """A puzzle's answer accepted: the best itself (with the verdict's reason), or an
    alternative as good (its own words; the reason, which names the best as "better",
    is left out so that nothing contradicts it)."""
    had = f"you had {verdict.chosen}, {about(verdict.cost)} worse"
    if is_best:
        return f"Right: {_imperative(words)} is the better play ({had}). {_why(verdict)}"
    found = f" ({_imperative(best.words)})" if best is not None else ""
    return (
        f"Right: {_imperative(words)} is as good a play: within "
        f"{counted(GOOD_WITHIN, 'point')} of the best the review found{found}; {had}."
    )


def _why(verdict: Judged) -> str:
    """The verdict's reason without its opening words when they name the best play again
    ("Playing a 10 was better: ..." becomes "Why: ..."), so that an answer that has just
    named the play does not name it twice."""
    head = f"{_capital(_imperative(verdict.best))} "
    text = verdict.reason
    if text.startswith(head):
        rest = text[len(head) :]
        for opening in ("was better: ", "was safer: "):
            if rest.startswith(opening):
                return f"Why: {rest[len(opening) :]}"
        if rest.startswith("may have been better"):
            return f"It {rest}"
    return text


def solution(verdict: Judged) -> str:
    """The answer to a puzzle, for a player who asks for it: the best play and why (the
    play named once)."""
    return f"The answer: {_imperative(verdict.best)}. {_why(verdict)}"


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
    """

    def __init__(
        self,
        found: Sequence[Met],
        theirs: Sequence[Action],
        parted: int | None,
        who: str = "the hard opponent",
        work: int | None = None,
    ) -> None:
        self.lines: list[str] = []
        self.at: int | None = None
        self.who = who
        self.work = work  # the other player's play-outs per decision, when known
        # What the other player played at each of your decisions (None once the games differ).
        self.played: list[str | None] = []
        head = _capital(who)
        since = ""
        for i, d in enumerate(found):
            if parted is None or d.step < parted:
                self.lines.append(f"{head} played the same here.")
                self.played.append(describe(d.obs, d.chosen) if d.obs is not None else None)
            elif d.step == parted and d.step < len(theirs):
                self.played.append(describe(d.obs, theirs[d.step]))
                self.at = i
                self.lines.append(
                    f"Here {who} {describe(d.obs, theirs[d.step])} instead; "
                    "from here the games differ."
                )
                since = f"after decision {d.number}"
            else:
                self.played.append(None)
                since = since or f"before decision {d.number}, at another player's turn"
                self.lines.append(
                    f"The games differ from here: {who}'s hand went its own way {since}."
                )
        if self.at is not None:
            d = found[self.at]
            self.summary = (
                f"Decision {d.number} is where you and {who} parted ways: you "
                f"{describe(d.obs, d.chosen)}, {who} {describe(d.obs, theirs[d.step])}; "
                "from there the games differ."
            )
        elif parted is not None and any(d.step > parted for d in found):
            self.summary = (
                f"{head}'s game went another way {since}; up to there it was yours, play for play."
            )
        else:
            self.summary = f"{head} in your seat made every decision as you did."

    def against(self, index: int, verdict: Weighed) -> str | None:
        """What the review says of the other player's play at decision ``index``: that
        they agree, or why they name different plays (the review's figures for theirs,
        and the work and luck of the play-outs behind each). None once the games differ."""
        if not 0 <= index < len(self.played):
            return None
        theirs = self.played[index]
        if theirs is None:
            return None
        best = verdict.best
        if theirs == best:
            if theirs == verdict.chosen:
                return f"The review agrees with you both: {_imperative(best)} was its best too."
            return f"The review agrees with {self.who}: {_imperative(best)} was its best play."
        work = (
            f"{self.who} weighs {counted(self.work, 'play-out')} a decision in its own game"
            if self.work
            else f"{self.who} weighs its own play-outs in its own game"
        )
        review = f"the review weighed {counted(verdict.worlds, 'play-out')} from your seat"
        options = list(verdict.options)
        top = options[0] if options else None
        other = next((o for o in options if o.words == theirs), None)
        if theirs == verdict.chosen:  # the review weighed it as your play, with a range
            gap, low = verdict.cost, verdict.low
            span = f" (somewhere between {round(low)} and {counted(round(verdict.high), 'point')})"
        elif other is not None and top is not None:
            gap, low, span = max(0.0, other.margin - top.margin), 0.0, ""
        else:
            return (
                f"The review named {_imperative(best)} as best and did not weigh "
                f"{_imperative(theirs)} among its best few: {work}; {review}."
            )
        named = (
            f"The review named {_imperative(best)} as best, {about(gap)}{span} better than "
            f"{_imperative(theirs)} in its play-outs"
        )
        if round(low) < LABELS[0][1]:
            return (
                f"{named}. They differ because {work} and {review}: plays this close can "
                "come out either way with the luck of the play-outs."
            )
        return (
            f"{named}. They differ because {work} and {review}: a gap this sure is the "
            "review's closer look, not luck."
        )
