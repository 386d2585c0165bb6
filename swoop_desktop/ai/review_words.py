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
    _, rank, pile, own = found
    theirs = RANK_NAMES[rank][0] if pile == 1 else count_phrase(rank, pile)
    return (
        f"picking up the pile gives you {count_phrase(rank, pile + own)} (the pile's "
        f"{theirs} and {_yours(rank, own)}): a Swoop to come"
    )


def delayed(mine: Figures, now: Sequence[Figures], cheaper: bool) -> str | None:
    """A play that went on the pile but only put off a pick-up, when another play (one of
    ``now``) picked up at once: ``cheaper`` when delaying it was still the better deal."""
    later = mine.pickups - mine.pickup
    if mine.pickup >= 0.5 or later < 0.5 or not any(o.pickup >= 0.99 for o in now):
        return None
    deal = "still cheaper than picking it up now" if cheaper else "picking it up now was cheaper"
    return (
        f"your play went on the pile but only delayed the pick-up: you picked up the pile "
        f"later anyway {_tenths(later)}; {deal}"
    )


def delays_avoided(mine: Figures, others: Sequence[Figures]) -> str | None:
    """A pick-up now, where the plays that go on the pile only delay one."""
    if mine.pickup < 0.99:
        return None
    safe = [o for o in others if o.pickup < 0.5 and o.pickups - o.pickup >= 0.5]
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
        return f"the mystery card might have played, but it did only {_tenths(plays)}"
    return f"the mystery card might play: it goes on the pile {_tenths(plays)}"


def _sentences(parts: Sequence[str | None]) -> str:
    """The mechanisms found, each once, as sentences after the reason's first."""
    return "".join(f" {_capital(p)}." for p in dict.fromkeys(p for p in parts if p))


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
    """Plain words: why the choice was as good as the best, or what happens next in the
    play-outs that made it cost what it did, and the mechanism behind it where the
    position shows one: the Swoop a pick-up sets up, the pick-up a safe play only
    delays, the opponent about to go out, the mystery card that might play."""
    rules = obs.rules
    near = going_out(obs)
    if label == "good":
        why = explain(obs, list(legal), chosen)
        how = _sentences(
            [
                swoop_set_up(obs, chosen, mine.pickup),
                delays_avoided(mine, others),
                delayed(mine, others, cheaper=True),
                near if mine.opponent_out >= 0.2 else None,
            ]
        )
        if mine is best or mine.action == best.action:
            return f"The best choice here. {why}.{how}"
        close = "As good as" if mine.margin - best.margin < 1 else "Close to"
        return f"{close} the best ({best.words}): within {round(LABELS[0][1])} points. {why}.{how}"
    cost = round(spent)  # the same figure as the verdict's own cost
    better = _capital(_imperative(best.words))
    action = action_from_json(json.loads(best.action)) if best.action else None
    how = _sentences(
        [
            swoop_set_up(obs, action, best.pickup) if action is not None else None,
            swoop_set_up(obs, chosen, mine.pickup) if mine is not best else None,
            delayed(mine, [best], cheaper=False),
            mystery(obs, chosen, mine, chosen=True),
            mystery(obs, action, best, chosen=False) if action is not None else None,
            (
                f"{near}: after your play another player went out while you still held "
                f"cards {_tenths(mine.opponent_out)}"
                if near and mine.opponent_out >= 0.2
                else None
            ),
        ]
    )
    if label == UNCLEAR:
        low, high = (round(x) for x in span)
        then = _next(mine, best, better)
        then = f" {_capital(then)}." if then else ""
        return (
            f"{better} may have been better, by about {cost} points, but the play-outs "
            f"cannot tell for sure: somewhere between {low} and {high}.{then}{how}"
        )
    tail = f"{how} It cost about {cost} points."
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
    ) -> None:
        self.lines: list[str] = []
        self.at: int | None = None
        head = _capital(who)
        since = ""
        for i, d in enumerate(found):
            if parted is None or d.step < parted:
                self.lines.append(f"{head} played the same here.")
            elif d.step == parted and d.step < len(theirs):
                self.at = i
                self.lines.append(
                    f"Here {who} {describe(d.obs, theirs[d.step])} instead; "
                    "from here the games differ."
                )
                since = f"after decision {d.number}"
            else:
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
