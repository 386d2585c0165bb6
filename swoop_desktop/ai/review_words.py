"""The hand review's words: labels, plays named, reasons and the summary, in English.

:mod:`swoop_desktop.ai.review` weighs decisions (its search holds no English); this
module turns its figures into what a player reads: the label a cost's range earns
(:func:`verdict_label`), a play named so that two different plays never share words
(:func:`describe`), the reason for a verdict (:func:`reason`), a puzzle's answer
(:func:`wrong_answer`, :func:`right_answer`, :func:`solution`) and the summary
(:func:`summary_lines`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from swoop_desktop.engine import RANK_OF, Action, Add, End, Flip, Play, Rules
from swoop_desktop.engine.cards import RANK_NAMES, count_phrase
from swoop_desktop.engine.observation import FOLLOW, Observation

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


def label_for(cost: float) -> str:
    for name, upper in LABELS:
        if cost < upper:
            return name
    return LABELS[-1][0]


def verdict_label(cost: float, low: float, high: float) -> str:
    """The word for a cost and the range it very likely lies in: "good" only when the
    whole range lies within the "good" line; a range that reaches past it from within
    is "unclear" (the play-outs cannot separate it from good); a range wholly beyond it
    gets the cost's own label."""
    line = LABELS[0][1]
    if high < line:
        return LABELS[0][0]
    if low < line:
        return UNCLEAR
    return label_for(cost)


_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four"}


def _stacks(slots: Sequence[int]) -> str:
    """ "face-up stack 2", "face-up stacks 1 and 3" (numbered from the left, from 1)."""
    names = [str(s + 1) for s in slots]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"face-up stack{'s' if len(names) > 1 else ''} {joined}"


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
    head, _, rest = words.partition(" ")
    return f"{verbs.get(head, head)} {rest}".strip()


def _pile_words(obs: Observation, rules: Rules) -> str:
    n = len(obs.pile)
    pts = sum(rules.card_points(RANK_OF[c]) for c in obs.pile)
    return f"the {n}-card pile ({pts} points)" if n != 1 else f"the 1-card pile ({pts} points)"


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


def reason(
    obs: Observation,
    legal: Sequence[Action],
    chosen: Action,
    mine: Figures,
    best: Figures,
    label: str,
    spent: float,
    span: tuple[float, float] = (0.0, 0.0),
) -> str:
    """Plain words: why the choice was as good as the best, or what happens next in the
    play-outs that made it cost what it did."""
    rules = obs.rules
    if label == "good":
        why = explain(obs, list(legal), chosen)
        if mine is best or mine.action == best.action:
            return f"The best choice here. {why}."
        close = "As good as" if mine.margin - best.margin < 1 else "Close to"
        return f"{close} the best ({best.words}): within {round(LABELS[0][1])} points. {why}."
    cost = round(spent)  # the same figure as the verdict's own cost
    better = _capital(_imperative(best.words))
    if label == UNCLEAR:
        low, high = (round(x) for x in span)
        then = _next(mine, best, better)
        then = f" {_capital(then)}." if then else ""
        return (
            f"{better} may have been better, by about {cost} points, but the play-outs "
            f"cannot tell for sure: somewhere between {low} and {high}.{then}"
        )
    tail = f" It cost about {cost} points."
    if type(chosen) is Flip and obs.pile and mine.pickup >= 0.2 and best.pickup < mine.pickup:
        return (
            f"{better} was safer: the flip picked up {_pile_words(obs, rules)} "
            f"{_tenths(mine.pickup)}.{tail}"
        )
    if mine.pickup >= 0.99 and best.pickup < 0.5:
        return f"{better} went on the pile; your play picked up {_pile_words(obs, rules)}.{tail}"
    then = _next(mine, best, better)
    if then is not None:
        return f"{better} was better: {then}.{tail}"
    r = action_rank(obs, chosen) if type(chosen) in (Play, Add) else 0
    if type(chosen) is Play and rules.is_swoop_rank(r):
        name = RANK_NAMES[r][0]
        return (
            f"{better} was better: your {name} was worth keeping for a bigger pile or "
            f"a worse moment.{tail}"
        )
    own = mine.points - best.points
    if own >= 1:
        return (
            f"{better} was better: you ended the hand holding about {round(best.points)} "
            f"points after it in the play-outs, {round(mine.points)} after your play.{tail}"
        )
    return (
        f"{better} was better: it left the others holding more when the hand ended in the "
        f"play-outs.{tail}"
    )


def _plural(name: str, n: int) -> str:
    if n == 1:
        return f"a {name}" if name != "inaccuracy" else "an inaccuracy"
    return {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}[name]


def summary_lines(vs: Sequence[Judged]) -> list[str]:
    """The summary of a review's verdicts, one line each: the counts first, then each
    costly decision."""
    if not vs:
        return ["No decisions to review: every play was forced."]
    good = [v for v in vs if v.good]
    close = [v for v in good if v.cost >= 0.5]
    parts = [
        f"{len(vs)} decision{'s' if len(vs) != 1 else ''}: "
        f"{len(good) - len(close)} as good as the best"
    ]
    if close:
        parts.append(f"{len(close)} close to it (within {round(LABELS[0][1])} points)")
    unclear = [v for v in vs if v.label == UNCLEAR]
    if unclear:
        total = round(sum(v.cost for v in unclear))
        low = round(sum(v.low for v in unclear))
        high = round(sum(v.high for v in unclear))
        parts.append(
            f"{len(unclear)} unclear (about {total} points in all, somewhere between "
            f"{low} and {high})"
        )
    for name in ("inaccuracy", "mistake", "blunder"):
        group = [v for v in vs if v.label == name]
        if group:
            total = round(sum(v.cost for v in group))
            each = "costs" if len(group) == 1 else "cost"
            parts.append(f"{len(group)} {each} about {total} points ({_plural(name, len(group))})")
    lines = [", ".join(parts) + "."]
    for v in sorted((v for v in vs if not v.good), key=lambda v: -v.cost):
        if v.label == UNCLEAR:
            lines.append(
                f"Hand {v.hand_no + 1}, decision {v.number}: you {v.chosen}; "
                f"{_imperative(v.best)} may have been better (about {round(v.cost)} points, "
                f"between {round(v.low)} and {round(v.high)}, unclear)."
            )
            continue
        lines.append(
            f"Hand {v.hand_no + 1}, decision {v.number}: you {v.chosen} when "
            f"{_imperative(v.best)} was better (about {round(v.cost)} points, "
            f"{v.label})."
        )
    return lines


_AGAIN = "Try another play, or ask for the answer."


def answer_is_the_choice(verdict: Judged) -> str:
    """A puzzle's answer that repeats the play the player made."""
    return (
        f"Not the best: that is what you played, and the review called it a "
        f"{verdict.label} (about {round(verdict.cost)} points lost). {_AGAIN}"
    )


def wrong_answer(words: str, cost: float) -> str:
    """A puzzle's answer that is not the best: it never names the best play."""
    return (
        f"Not the best: {_imperative(words)} costs about {round(cost)} points more than "
        f"the best play found. {_AGAIN}"
    )


def right_answer(words: str, verdict: Judged, best: Figures | None, is_best: bool) -> str:
    """A puzzle's answer accepted: the best itself (with the verdict's reason), or an
    alternative as good (its own words; the reason, which names the best as "better",
    is left out so that nothing contradicts it)."""
    had = f"you had {verdict.chosen}, about {round(verdict.cost)} points worse"
    if is_best:
        return f"Right: {_imperative(words)} is the better play ({had}). {verdict.reason}"
    found = f" ({_imperative(best.words)})" if best is not None else ""
    return (
        f"Right: {_imperative(words)} is as good a play: within {round(LABELS[0][1])} points "
        f"of the best the review found{found}; {had}."
    )


def solution(verdict: Judged) -> str:
    """The answer to a puzzle, for a player who asks for it: the best play and why."""
    return f"The answer: {_imperative(verdict.best)}. {verdict.reason}"
