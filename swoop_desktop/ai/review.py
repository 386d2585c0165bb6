"""Hand review: where a player's decisions cost points, as the hard bot sees it.

The referee (:mod:`swoop_desktop.referee.review`) replays a recorded game and
hands over every decision of one seat that had a real choice, as a
:class:`Decision`. This module only weighs the decisions it is given: at each
it asks the hard bot's search (the same play-outs and the same points-based
evaluation the opponents use) what each sensible action is worth, **from that
seat's own observation**: the hidden cards are re-dealt many times in ways
consistent with what the player could have known, so the verdict never uses
what they could not see.

A verdict is in expected points for the hand, counted as the table counts a
game (R15, R16): your points minus the mean of the others' (the *points
margin*; lower is better). The cost of a choice is how much worse its margin
is than the best action's. Labels, with the thresholds in :data:`LABELS`:

- **good**: within 3 points of the best (about the noise of the estimate);
- **inaccuracy**: 3 to 8 points;
- **mistake**: 8 to 20 points;
- **blunder**: 20 points or more (a pick-up of a big pile, a Swoop card wasted).

A choice is only called worse than good when its cost less three standard
errors of the paired estimate is still 3 points or more, so sampling noise
does not make a sound choice look like a mistake; how bad a clearly worse
choice is then goes by the estimate itself, which is the cost shown.

The work is fixed (``worlds`` re-deals per decision, every candidate played
out in the same worlds), so a review gives the same answer on any machine.
``hindsight=True`` plays out the real deal instead (``Decision.truth``, a
play-out state the referee hands over): the same decision judged "with all
cards shown", which a player can look at after the hand and which is marked
as hindsight wherever it is shown.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from swoop_desktop.engine import END, RANK_OF, Action, Add, End, Flip, Play, Rules
from swoop_desktop.engine.cards import RANK_NAMES, count_phrase
from swoop_desktop.engine.observation import FOLLOW, Observation
from swoop_desktop.engine.playout import PlayoutState

from .bots import action_rank
from .hint import explain
from .inference import determinize
from .search import HardBot, RolloutPolicy, expected_points, match_value

#: Label thresholds in points of margin lost against the best action, upper bounds.
LABELS: tuple[tuple[str, float], ...] = (
    ("good", 3.0),
    ("inaccuracy", 8.0),
    ("mistake", 20.0),
    ("blunder", float("inf")),
)
#: Re-deals per decision at review strength (the table's hard bot uses fewer).
REVIEW_WORLDS = 48
#: Actions weighed per decision besides the player's own: the normal bot's best few.
REVIEW_CANDIDATES = 5
#: Plays a play-out may run before it is cut off and scored as it stands.
PLAYOUT_DEPTH = 400


def label_for(cost: float) -> str:
    for name, upper in LABELS:
        if cost < upper:
            return name
    return LABELS[-1][0]


@dataclass(frozen=True)
class Decision:
    """One choice of the reviewed seat: what it could know, what it could do, what it did."""

    hand_no: int  # 0-based
    step: int  # index of the action within the hand's recorded actions
    obs: Observation
    legal: tuple[Action, ...]
    chosen: Action
    # The real deal then, a play-out state handed over by the referee (hindsight only).
    truth: PlayoutState | None = field(default=None, repr=False, compare=False)
    number: int = 0  # 1-based count of the seat's decisions in the game


@dataclass(frozen=True)
class Option:
    """One action weighed at a decision: its expected hand points and margin."""

    action: str  # JSON text of the action
    words: str
    points: float  # expected points the player is caught holding this hand
    margin: float  # points minus the mean of the others' (lower is better)
    win: float  # chance of winning the whole game, 0..1
    pickup: float  # share of worlds in which the action itself picked up the pile


@dataclass(frozen=True)
class Verdict:
    """The assessment of one decision."""

    hand_no: int
    step: int
    number: int
    chosen: str  # words, e.g. "flipped a mystery card"
    best: str  # words of the best action found
    cost: float  # points of margin lost against the best (0 when the choice was best)
    label: str
    reason: str
    options: tuple[Option, ...]
    worlds: int
    hindsight: bool = False

    @property
    def good(self) -> bool:
        return self.label == "good"

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["options"] = [asdict(o) for o in self.options]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        options = tuple(Option(**o) for o in data["options"])
        return cls(**{**data, "options": options})


def _plain(action: Action) -> Action:
    """The action without the physical card ids (a re-dealt world has other ids)."""
    if type(action) is Play:
        return Play(action.hand, action.up)
    if type(action) is Add:
        return Add(action.hand, action.up)
    return action


def describe(obs: Observation, action: Action) -> str:
    """Past-tense plain words for an action: "played two 7s", "flipped a mystery card"."""
    kind = type(action)
    if kind is Flip:
        return "flipped a mystery card"
    if kind is End:
        return "stopped flipping" if obs.phase != FOLLOW else "kept your cards (Done)"
    r = action_rank(obs, action)
    k = action.size  # type: ignore[union-attr]
    words = count_phrase(r, k)
    where = " from your face-up cards" if action.up and not action.hand else ""  # type: ignore[union-attr]
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


def _candidates(
    bot: HardBot, obs: Observation, legal: Sequence[Action], chosen: Action
) -> list[Action]:
    """The bot's best few distinct actions, and the player's own choice."""
    ranked = bot.scored(obs, list(legal))
    cands = [_plain(a) for a in bot.distinct(obs, ranked)]
    mine = _plain(chosen)
    if type(mine) is Flip:
        # Unseen cards make every uncovered slot the same gamble: weigh the one chosen.
        cands = [a for a in cands if type(a) is not Flip]
    if mine not in cands:
        cands.append(mine)
    return cands


def best_action(
    obs: Observation, legal: Sequence[Action], worlds: int = REVIEW_WORLDS, seed: int = 0
) -> Action:
    """The action the review rates best here: the review's search, used as a player."""
    if len(legal) == 1:
        return legal[0]
    verdict = assess(Decision(0, obs.plays, obs, tuple(legal), legal[0], None), worlds, seed)
    best = verdict.options[0].action
    return next(_plain(a) for a in legal if _json(_plain(a)) == best)


def assess(
    decision: Decision,
    worlds: int = REVIEW_WORLDS,
    seed: int = 0,
    hindsight: bool = False,
    candidates: int = REVIEW_CANDIDATES,
) -> Verdict:
    """Weigh the decision's choice against the best alternatives, in expected points."""
    obs = decision.obs
    me = obs.seat
    rules = obs.rules
    bot = HardBot(seed=seed, max_worlds=worlds, use_clock=False, candidates=candidates)
    cands = _candidates(bot, obs, decision.legal, decision.chosen)
    points = [rules.card_points(r) if r else 0 for r in range(15)]
    policy = RolloutPolicy(bot.weights, obs.unseen_rank_counts(), rules, bot.noise)
    rng = random.Random(f"review/{seed}/{decision.hand_no}/{decision.step}/{hindsight}")
    before = list(obs.scores) if obs.scores else [0] * obs.n
    sums = {a: [0.0, 0.0, 0.0, 0.0] for a in cands}  # points, margin, win, pick-ups
    margins: dict[Action, list[float]] = {a: [] for a in cands}  # per world, for pairing
    mine_before = obs.hand_counts[me]
    truth = decision.truth
    if hindsight and truth is None:
        raise ValueError("a hindsight verdict needs the real deal, which this decision lacks")
    for _ in range(worlds):
        world = (
            truth.clone()
            if truth is not None and hindsight
            else determinize(obs, rng, bot.gap_weight)
        )
        play_seed = rng.getrandbits(32)
        for a in cands:
            state = world.clone()
            state.apply_fast(a)
            # A pick-up is the one way a hand grows beyond the cards it played.
            took = state.hand_count[me] > mine_before - len(getattr(a, "hand", ()))
            play = random.Random(play_seed)
            for _ in range(PLAYOUT_DEPTH):
                if state.is_over:
                    break
                state.apply_fast(policy.act(state, play))
            hand_points = expected_points(state, points)
            others = [h for p, h in enumerate(hand_points) if p != me]
            totals = [b + h for b, h in zip(before, hand_points, strict=True)]
            margin = hand_points[me] - sum(others) / len(others)
            margins[a].append(margin)
            acc = sums[a]
            acc[0] += hand_points[me]
            acc[1] += margin
            acc[2] += match_value(totals, me, rules.target)
            acc[3] += 1.0 if took else 0.0
    by_action = {
        a: Option(
            action=_json(a),
            words=describe(obs, a),
            points=s[0] / worlds,
            margin=s[1] / worlds,
            win=s[2] / worlds,
            pickup=s[3] / worlds,
        )
        for a, s in sums.items()
    }
    options = sorted(by_action.values(), key=lambda o: o.margin)
    chosen = _plain(decision.chosen)
    mine = by_action[chosen]
    best_action = min(cands, key=lambda a: by_action[a].margin)
    best = by_action[best_action]
    # The same worlds for both: the cost is a paired difference. The best of several
    # noisy estimates looks better than it is, so a choice is called worse than good only
    # when the cost less three standard errors is still beyond the "good" line; how bad
    # it is then goes by the estimate itself.
    diffs = [x - y for x, y in zip(margins[chosen], margins[best_action], strict=True)]
    cost = max(0.0, sum(diffs) / worlds)
    spread = (sum((d - cost) ** 2 for d in diffs) / max(1, worlds - 1) / worlds) ** 0.5
    label = label_for(cost) if cost - 3 * spread >= LABELS[0][1] else LABELS[0][0]
    reason = _reason(obs, decision, mine, best, label, round(cost, 1))
    return Verdict(
        hand_no=decision.hand_no,
        step=decision.step,
        number=decision.number,
        chosen=mine.words,
        best=best.words,
        cost=round(cost, 1),
        label=label,
        reason=reason,
        options=tuple(options[:4] if mine in options[:4] else options[:3] + [mine]),
        worlds=worlds,
        hindsight=hindsight,
    )


def _json(action: Action) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


def _pile_words(obs: Observation, rules: Rules) -> str:
    n = len(obs.pile)
    pts = sum(rules.card_points(RANK_OF[c]) for c in obs.pile)
    return f"the {n}-card pile ({pts} points)" if n != 1 else f"the 1-card pile ({pts} points)"


def _reason(
    obs: Observation, decision: Decision, mine: Option, best: Option, label: str, spent: float
) -> str:
    """One line of plain words: why the choice was as good as the best, or what it cost."""
    rules = obs.rules
    legal = list(decision.legal)
    if label == "good":
        why = explain(obs, legal, _plain(decision.chosen))
        if mine is best or mine.action == best.action:
            return f"The best choice here. {why}."
        close = "As good as" if mine.margin - best.margin < LABELS[0][1] else "Close to"
        return f"{close} the best ({best.words}). {why}."
    cost = round(spent)  # the same figure as the verdict's own cost
    chosen = decision.chosen
    better = _capital(_imperative(best.words))
    if type(chosen) is Flip and obs.pile and mine.pickup >= 0.2 and best.pickup < mine.pickup:
        chance = round(mine.pickup * 10)
        return (
            f"{better} was safer: the flip picked up {_pile_words(obs, rules)} about "
            f"{chance} in 10 times. It cost about {cost} points."
        )
    if type(chosen) is Play and mine.pickup >= 0.99 and best.pickup < 0.5:
        return (
            f"{better} went on the pile; your play picked up {_pile_words(obs, rules)}. "
            f"It cost about {cost} points."
        )
    r = action_rank(obs, chosen)
    if type(chosen) is Play and rules.is_swoop_rank(r):
        name = RANK_NAMES[r][0]
        return (
            f"{better} was better: your {name} was worth keeping for a bigger pile or "
            f"a worse moment. It cost about {cost} points."
        )
    if type(chosen) is End and best.action != mine.action:
        return (
            f"{better} was better: shedding those cards now keeps them out of your "
            f"hand at the end. It cost about {cost} points."
        )
    own = mine.points - best.points
    if own >= cost * 0.5:
        return (
            f"{better} keeps about {round(own)} points out of your hand "
            f"(about {cost} points against the table)."
        )
    return (
        f"{better} was better: it leaves the others holding more when the hand ends. "
        f"It cost about {cost} points."
    )


@dataclass
class Review:
    """Every verdict of a game (or a hand) and the summary a player reads first."""

    verdicts: list[Verdict]
    hindsight: list[Verdict] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        """Share of decisions labelled good (as good as the best, or too close to call), 0..100
        (100 when there were none)."""
        if not self.verdicts:
            return 100.0
        return 100.0 * sum(v.good for v in self.verdicts) / len(self.verdicts)

    def summary_lines(self) -> list[str]:
        """The summary, one line each: the counts first, then each costly decision."""
        vs = self.verdicts
        if not vs:
            return ["No decisions to review: every play was forced."]
        good = [v for v in vs if v.good]
        close = [v for v in good if v.cost >= LABELS[0][1]]
        parts = [
            f"{len(vs)} decision{'s' if len(vs) != 1 else ''}: "
            f"{len(good) - len(close)} as good as the best"
        ]
        if close:
            # Worse on the play-outs' estimate, but by less than they can tell apart.
            total = round(sum(v.cost for v in close))
            parts.append(
                f"{len(close)} close to it (about {total} points in all, too close to call)"
            )
        for name in ("inaccuracy", "mistake", "blunder"):
            group = [v for v in vs if v.label == name]
            if group:
                total = round(sum(v.cost for v in group))
                each = "costs" if len(group) == 1 else "cost"
                parts.append(
                    f"{len(group)} {each} about {total} points ({_plural(name, len(group))})"
                )
        lines = [", ".join(parts) + "."]
        for v in sorted((v for v in vs if not v.good), key=lambda v: -v.cost):
            lines.append(
                f"Hand {v.hand_no + 1}, decision {v.number}: you {v.chosen} when "
                f"{_imperative(v.best)} was better (about {round(v.cost)} points, "
                f"{v.label})."
            )
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "verdicts": [v.to_json() for v in self.verdicts],
            "hindsight": [v.to_json() for v in self.hindsight],
            "accuracy": round(self.accuracy, 1),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        return cls(
            [Verdict.from_json(v) for v in data.get("verdicts", [])],
            [Verdict.from_json(v) for v in data.get("hindsight", [])],
        )


def _plural(name: str, n: int) -> str:
    if n == 1:
        return f"a {name}" if name != "inaccuracy" else "an inaccuracy"
    return {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}[name]


class Cancelled(Exception):
    """The review was cancelled before it finished."""


def review_decisions(
    found: Sequence[Decision],
    worlds: int = REVIEW_WORLDS,
    seed: int = 0,
    hindsight: bool = False,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
) -> Review:
    """Assess every decision given, in order: fair verdicts, and hindsight ones.

    ``progress(done, total)`` is called after each decision; setting ``cancel``
    stops the work at the next decision with :class:`Cancelled`. (The referee's
    ``review`` replays a recorded game to its decisions and calls this.)
    """
    total = len(found) * (2 if hindsight else 1)
    fair: list[Verdict] = []
    seen: list[Verdict] = []
    done = 0
    for d in found:
        if cancel is not None and cancel.is_set():
            raise Cancelled
        fair.append(assess(d, worlds, seed))
        done += 1
        if progress is not None:
            progress(done, total)
        if hindsight:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            seen.append(assess(d, worlds, seed, hindsight=True))
            done += 1
            if progress is not None:
                progress(done, total)
    return Review(fair, seen)


__all__ = [
    "END",
    "LABELS",
    "REVIEW_WORLDS",
    "Cancelled",
    "Decision",
    "Option",
    "Review",
    "Verdict",
    "assess",
    "describe",
    "label_for",
    "review_decisions",
]
