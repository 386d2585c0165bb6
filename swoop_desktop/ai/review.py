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
is than the best action's. Labels, with the thresholds in :data:`LABELS` (the words,
with the reasons and the summary, are :mod:`.review_words`'s):

- **good**: the whole range of the cost within 2 points of the best (about the
  noise of the estimate);
- **inaccuracy**: 3 to 7 points;
- **mistake**: 8 to 19 points;
- **blunder**: 20 points or more (a pick-up of a big pile, a Swoop card wasted);
- **unclear**: a range that reaches past the "good" line from within it.

Every figure is read as it is shown, in whole points (:func:`~.review_words.labels.label_for`):
"about 8 points" is a mistake wherever it is written (the review, its summary,
Puzzles, the daily deal's review).

The words follow the range (three standard errors of the paired estimate either
side), never the point estimate alone: "good" only when the whole range lies within
the "good" line, a label beyond it only when the whole range lies beyond, and a
range across the line is **unclear**, shown with that range. So the same range
always gets the same words. The accuracy counts the good decisions; every other one
is listed with its cost.

The work grows where it is needed: ``worlds`` re-deals first (every candidate
played out in the same worlds), and while the choice and the best cannot be told
apart, ``worlds`` more, up to :data:`REVIEW_MORE` times as many. The re-deals come
from the hard opponent's own guesses about the hidden hands
(:class:`~.inference.PolicyInference`: candidate hands weighed by how likely each
other player's public plays were with them, built from the public history only) and
are seeded by the game and the decision, so a review gives the same answer on any
machine, and a decision gets the same verdict whether the whole game is reviewed or
it alone (a puzzle's answer is checked in the same worlds). Each decision's guesses
are made afresh from its history, with more candidate hands than the table's hard
opponent keeps. "Best" is the
action with the lowest expected margin among those that beat the choice on the
figures shown (the margin, and a chance of winning the game no lower), and each
reason says what happened next in the play-outs (the pick-up avoided, the Swoop
that follows, who went out) and the mechanism the position shows: the Swoop a
pick-up sets up (four of a rank, counting the player's own cards), the pick-up a
safe play only delays, the opponent about to go out, the mystery card that might
play.

``hindsight=True`` plays out the real deal instead (``Decision.truth``, a
play-out state the referee hands over): the same decision judged "with all
cards shown", which a player can look at after the hand and which is marked
as hindsight wherever it is shown.
"""

from __future__ import annotations

import json
import logging
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from swoop_desktop.engine import (
    END,
    RANK_OF,
    Action,
    Add,
    End,
    Flip,
    Play,
    action_from_json,
)
from swoop_desktop.engine.observation import Observation
from swoop_desktop.engine.playout import PlayoutState

from .bots import Cancelled
from .features import weights_for
from .hint import explain
from .inference import PARTICLES, PolicyInference, PolicySampler
from .review_words import answers, reasons, summary
from .review_words.labels import LABELS, UNCLEAR, label_for, verdict_label
from .review_words.plays import describe, doing
from .search import HardBot, RolloutPolicy, expected_points, match_value

#: Re-deals per decision at review strength, played again and again while the choice and
#: the best cannot be told apart ...
REVIEW_WORLDS = 48
#: ... and the hint's work: the review's first look. The Hint button asks :func:`assess`
#: for the best play in the first this many re-deals of the very worlds the review deals
#: (seeded by the game and the decision), so the hint is what the review would say at
#: its first look, and a review that looks closer says so where it parts from it.
HINT_WORLDS = REVIEW_WORLDS
#: ... up to this many times in all.
REVIEW_MORE = 8
#: Standard errors either side of an estimated cost that make its range (three: the best
#: of several noisy estimates looks better than it is).
SURE = 3.0
#: One play-out of one action: points, margin, chance of winning the game, and (0 or 1)
#: picked up now, picked up now or later, made a Swoop, went out, another player went out.
Run = tuple[float, float, float, float, float, float, float, float]
#: The way verdicts are worked out; a stored review made another way is worked out again
#: (3: re-deals from the policy-based inference instead of floors and gaps; 4: labels
#: from the cost's range, and plays named by where their cards come from; 5: reasons that
#: name the mechanism: the Swoop a pick-up sets up, the pick-up a safe play only delays,
#: the opponent about to go out, the mystery card that might play; 6: labels read from
#: the cost as it is shown, in whole points, and a why for every costly decision; 7: the
#: best is the lowest margin, the figure the review ranks by, and every verdict carries the
#: hint's play at its first look; 8: a hint kept with a game is quoted only when its words
#: are the hint's own at that decision).
METHOD = 8
#: Re-deals dealt from one set of candidate hands; the next ones come from a fresh set.
#: (The worlds of one set are not independent draws, and the cost's range assumes they
#: are: small sets keep it honest.)
REVIEW_SET = 16
#: Actions weighed per decision besides the player's own: the normal bot's best few.
REVIEW_CANDIDATES = 5
#: Plays a play-out may run before it is cut off and scored as it stands.
PLAYOUT_DEPTH = 400

_log = logging.getLogger("swoop_desktop.ai")


def new_inference() -> PolicyInference:
    """The review's guesses about hidden hands: the hard opponent's, with its model, and
    two candidate hands for each re-deal of a set (at least as many as the table keeps)."""
    return PolicyInference(weights_for(), particles=max(PARTICLES, 2 * REVIEW_SET))


def _inference_rng(seed: int, decision: Decision, batch: int) -> random.Random:
    return random.Random(f"review-inference/{seed}/{decision.hand_no}/{decision.step}/{batch}")


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
    # The words of the hint the player was shown at this decision (asked at the table and
    # kept with the game), or None when no hint was asked: only these are ever quoted.
    shown_hint: str | None = field(default=None, compare=False)
    # True when ``shown_hint`` comes from outside the review (a file, the database): the
    # words are quoted only when they are the very words the Hint button gives at this
    # decision, worked out again; other words are dropped, with a line in the log.
    hint_to_check: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class Option:
    """One action weighed at a decision: its expected hand points and margin."""

    action: str  # JSON text of the action
    words: str
    points: float  # expected points the player is caught holding this hand
    margin: float  # points minus the mean of the others' (lower is better)
    win: float  # chance of winning the whole game, 0..1
    pickup: float  # share of worlds in which the action itself picked up the pile
    # What happened next in the play-outs, shares of worlds 0..1: you picked up the pile
    # (now or later in the hand), you made a Swoop, you went out, someone else went out.
    pickups: float = 0.0
    swoops: float = 0.0
    out: float = 0.0
    opponent_out: float = 0.0
    # The play named as a doing ("playing two 7s", for "... was better"), in the language
    # of the review; empty in a review read back from a file (its words are turned then),
    # which is the same verdict.
    doing: str = field(default="", compare=False)


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
    low: float = 0.0  # the range the cost very likely lies in
    high: float = 0.0
    # The hint's play here (the best of the review's first look, :data:`HINT_WORLDS`
    # re-deals; JSON text, empty for a hindsight verdict), named in words, and what the
    # review makes of it: its cost against the best and the range, as for the choice.
    hint: str = ""
    hint_play: str = ""
    hint_cost: float = 0.0
    hint_low: float = 0.0
    hint_high: float = 0.0
    # The hint's words: as the player was shown them when a hint was asked here
    # (``hint_shown``), else as the Hint button would have said them.
    hint_words: str = ""
    hint_shown: bool = False

    @property
    def good(self) -> bool:
        return self.label == "good"

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        # The doing of each play is said again from its words when read back (the stored
        # files keep the words the review showed).
        out["options"] = [
            {k: v for k, v in asdict(o).items() if k != "doing"} for o in self.options
        ]
        # The hint at this decision, as one object: its play (JSON and words), its words
        # (as shown when asked), and what the review makes of it.
        hint = {
            "action": out.pop("hint"),
            "play": out.pop("hint_play"),
            "words": out.pop("hint_words"),
            "shown": out.pop("hint_shown"),
            "cost": out.pop("hint_cost"),
            "low": out.pop("hint_low"),
            "high": out.pop("hint_high"),
        }
        out["hint"] = hint if hint["action"] else None
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        options = tuple(
            Option(**{k: v for k, v in o.items() if k != "doing" or isinstance(v, str)})
            for o in data["options"]
        )
        body = {k: v for k, v in data.items() if k != "hint"}
        hint = data.get("hint")
        if isinstance(hint, dict):
            body.update(
                hint=hint.get("action", ""),
                hint_play=hint.get("play", ""),
                hint_words=hint.get("words", ""),
                hint_shown=bool(hint.get("shown", False)),
                hint_cost=hint.get("cost", 0.0),
                hint_low=hint.get("low", 0.0),
                hint_high=hint.get("high", 0.0),
            )
        return cls(**{**body, "options": options})


def _plain(action: Action) -> Action:
    """The action without the physical card ids (a re-dealt world has other ids)."""
    if type(action) is Play:
        return Play(action.hand, action.up)
    if type(action) is Add:
        return Add(action.hand, action.up)
    return action


def _candidates(
    bot: HardBot, obs: Observation, legal: Sequence[Action], chosen: Action
) -> tuple[list[Action], int, Action]:
    """The bot's best few distinct actions, then the player's own choice when it is not
    among them; how many of the list are the bot's (the hint chooses among those alone,
    so it is the same whatever the player chose); and the action weighed for the choice.
    Unseen cards make every uncovered slot the same gamble: a flip is weighed as the
    bot's flip when it has one."""
    ranked = bot.scored(obs, list(legal))
    cands = [_plain(a) for a in bot.distinct(obs, ranked)]
    own = len(cands)
    mine = _plain(chosen)
    if type(mine) is Flip:
        mine = next((a for a in cands if type(a) is Flip), mine)
    if mine not in cands:
        cands.append(mine)
    return cands, own, mine


def plain_json(action: Action) -> str:
    """An action as the review names it in its verdicts (JSON, without card ids)."""
    return _json(_plain(action))


def _hint_words(
    obs: Observation,
    legal: Sequence[Action],
    runs: dict[Action, list[Run]],
    plain: Action,
    hinted: Action,
    n: int,
) -> str:
    """The hint's one line for ``hinted`` (:func:`~.hint.explain`), with what its first
    look found against the plain choice (the normal bot's, ``plain``) when it prefers
    another play: the very words the Hint button shows at this decision."""
    action = next((a for a in legal if _plain(a) == hinted), hinted)
    if plain == hinted:
        return explain(obs, list(legal), action)

    def margin(a: Action) -> float:
        first = runs[a][:n]
        return sum(r[1] for r in first) / max(1, len(first))

    saved = margin(plain) - margin(hinted)
    return explain(obs, list(legal), action, saved, doing(obs, plain))


def _first_look(runs: dict[Action, list[Run]], cands: Sequence[Action], n: int) -> Action:
    """The hint's play: the lowest mean margin over the first ``n`` re-deals among
    ``cands`` (the first of them on a tie)."""
    return min(cands, key=lambda a: sum(r[1] for r in runs[a][:n]) / max(1, len(runs[a][:n])))


def best_action(
    obs: Observation, legal: Sequence[Action], worlds: int = REVIEW_WORLDS, seed: int = 0
) -> Action:
    """The action the review rates best here: the review's search, used as a player."""
    if len(legal) == 1:
        return legal[0]
    # A fixed amount of work: the choice weighed here is only a stand-in for the player's.
    verdict = assess(
        Decision(0, obs.plays, obs, tuple(legal), legal[0], None), worlds, seed, most=worlds
    )
    # The lowest expected margin of all (the options shown always include it).
    best = min(verdict.options, key=lambda o: o.margin).action
    return next(_plain(a) for a in legal if _json(_plain(a)) == best)


def first_look(
    obs: Observation,
    legal: Sequence[Action],
    seed: int,
    hand_no: int,
    step: int,
    worlds: int = HINT_WORLDS,
    stop: Callable[[], bool] | None = None,
) -> Verdict:
    """The hint's evaluation of a position: :func:`assess` at the hint's fixed work, in
    the worlds the review of this game deals at this decision (``seed`` is the game's,
    ``hand_no`` and ``step`` the decision's place in it). Its ``hint`` is the play the
    Hint button suggests; its options hold the figures the hint's words may quote."""
    bot = HardBot(seed=seed, use_clock=False)
    stand_in = bot.distinct(obs, bot.scored(obs, list(legal)))[0]
    decision = Decision(hand_no, step, obs, tuple(legal), stand_in, None)
    return assess(decision, worlds, seed, most=worlds, hint_worlds=worlds, stop=stop)


def _checked_hint(
    decision: Decision,
    own: str,
    played: int,
    seed: int,
    hint_worlds: int,
    stop: Callable[[], bool] | None,
) -> str | None:
    """The stored hint words of ``decision`` when they are the words the Hint button gives
    there, else None (told in the log, without the words). Those words are worked out
    again as the hint made them: the review's own first look at the hint's re-deals
    (``own``, free) when it played them all, else the hint's first look on its own (the
    work of one hint, for a review asked to do less than a hint does)."""
    words = decision.shown_hint
    if played < hint_worlds:
        look = first_look(
            decision.obs, decision.legal, seed, decision.hand_no, decision.step, hint_worlds, stop
        )
        own = look.hint_words
    if words == own:
        return words
    _log.warning(
        "review: the hint kept with the game at hand %d, play %d of the hand, is not what "
        "the hint says at that decision (in this language); it is not quoted",
        decision.hand_no + 1,
        decision.step + 1,
    )
    return None


def _hint_text(
    decision: Decision,
    runs: dict[Action, list[Run]],
    plain: Action,
    hinted: Action | None,
    played: int,
    seed: int,
    hint_worlds: int,
    stop: Callable[[], bool] | None,
) -> tuple[str, str | None]:
    """The hint's words at ``decision`` (as shown when a hint was asked there, else as the
    Hint button would say them; none for a hindsight verdict, ``hinted`` None), and the
    words shown that the review may quote (None: none, or stored words that are not the
    hint's own, :func:`_checked_hint`)."""
    shown = decision.shown_hint
    if hinted is None:  # a hindsight verdict quotes no hint: its words are not checked
        return "", None if decision.hint_to_check else shown
    words = ""
    if not shown or decision.hint_to_check:
        words = _hint_words(decision.obs, decision.legal, runs, plain, hinted, hint_worlds)
    if shown and decision.hint_to_check:
        shown = _checked_hint(decision, words, played, seed, hint_worlds, stop)
    return shown or words, shown


def assess(
    decision: Decision,
    worlds: int = REVIEW_WORLDS,
    seed: int = 0,
    hindsight: bool = False,
    candidates: int = REVIEW_CANDIDATES,
    most: int | None = None,
    inference: PolicyInference | None = None,
    stop: Callable[[], bool] | None = None,
    hint_worlds: int = HINT_WORLDS,
) -> Verdict:
    """Weigh the decision's choice against the best alternatives, in expected points.

    ``worlds`` re-deals are played first; while the choice and the best cannot yet be
    told apart (see :func:`_settled`), ``worlds`` more are played, up to ``most``
    (by default :data:`REVIEW_MORE` times ``worlds``, never more than that many times
    :data:`REVIEW_WORLDS` unless ``worlds`` itself is more).

    ``inference`` deals the first :data:`REVIEW_SET` re-deals (by default a fresh one);
    each further set is dealt by its own, every one brought up to this decision's
    observation with a generator seeded by the game, the decision and the set.

    ``stop()`` is asked before each re-deal: once it is true the work ends with
    :class:`Cancelled` (a review closed in the middle of a long decision frees the
    processor at once instead of finishing a verdict nobody will read).

    A fair verdict also names the hint's play (:func:`first_look`): the best of the bot's
    candidates in the first ``hint_worlds`` re-deals, which are the hint's own, and
    weighs it against the best like the choice.
    """
    obs = decision.obs
    bot = HardBot(seed=seed, max_worlds=worlds, use_clock=False, candidates=candidates)
    cands, own, chosen = _candidates(bot, obs, decision.legal, decision.chosen)
    if most is None:
        most = min(worlds * REVIEW_MORE, max(worlds, REVIEW_WORLDS * REVIEW_MORE))
    runs = _played_out(
        decision, bot, cands, chosen, worlds, max(worlds, most), seed, hindsight, inference, stop
    )
    played = len(runs[chosen])
    by_action = {a: _option(obs, a, r) for a, r in runs.items()}
    mine = by_action[chosen]
    best_action = _shown_best(by_action, chosen)
    best = by_action[best_action]
    cost, low, high = _cost(runs, chosen, best_action)
    label = verdict_label(cost, low, high)
    rivals = [o for a, o in by_action.items() if a != chosen]
    hinted = None if hindsight else _first_look(runs, cands[:own], hint_worlds)
    hint_cost, hint_low, hint_high = (
        _cost(runs, hinted, best_action) if hinted is not None else (0.0, 0.0, 0.0)
    )
    hint_text, shown = _hint_text(decision, runs, cands[0], hinted, played, seed, hint_worlds, stop)
    said = reasons.HintSeen(
        play=by_action[hinted] if hinted is not None else None,
        chosen=hinted == chosen,
        cost=round(hint_cost, 1),
        span=(hint_low, hint_high),
        shown=shown,
        first=min(hint_worlds, played),
        looked=played,
    )
    reason = reasons.reason(
        obs,
        decision.legal,
        chosen,
        mine,
        best,
        label,
        round(cost, 1),
        (low, high),
        rivals,
        said,
    )
    return Verdict(
        hand_no=decision.hand_no,
        step=decision.step,
        number=decision.number,
        chosen=mine.words,
        best=best.words,
        cost=round(cost, 1),
        label=label,
        reason=reason,
        options=_shown_options(by_action, best, mine),
        worlds=played,
        hindsight=hindsight,
        low=round(low, 1),
        high=round(high, 1),
        hint=_json(hinted) if hinted is not None else "",
        hint_play=by_action[hinted].words if hinted is not None else "",
        hint_cost=round(hint_cost, 1),
        hint_low=round(hint_low, 1),
        hint_high=round(hint_high, 1),
        hint_words=hint_text,
        hint_shown=bool(shown) and hinted is not None,
    )


def _played_out(
    decision: Decision,
    bot: HardBot,
    cands: Sequence[Action],
    chosen: Action,
    worlds: int,
    limit: int,
    seed: int,
    hindsight: bool,
    inference: PolicyInference | None,
    stop: Callable[[], bool] | None,
) -> dict[Action, list[Run]]:
    """Every candidate played out in the same re-deals (or, in hindsight, the real deal),
    ``worlds`` at a time up to ``limit``, until the choice and the best can be told apart:
    per action, per world, the points, the margin, the win and what happened."""
    obs = decision.obs
    me = obs.seat
    rules = obs.rules
    points = [rules.card_points(r) if r else 0 for r in range(15)]
    policy = RolloutPolicy(bot.weights, obs.unseen_rank_counts(), rules, bot.noise)
    rng = random.Random(f"review/{seed}/{decision.hand_no}/{decision.step}/{hindsight}")
    before = list(obs.scores) if obs.scores else [0] * obs.n
    truth = decision.truth
    if hindsight and truth is None:
        raise ValueError("a hindsight verdict needs the real deal, which this decision lacks")
    sampler: PolicySampler | None = None
    runs: dict[Action, list[Run]] = {a: [] for a in cands}
    played = 0
    dealt = 0
    while played < limit:
        for _ in range(min(worlds, limit - played)):
            if stop is not None and stop():
                raise Cancelled
            world = truth.clone() if truth is not None and hindsight else None
            if world is None:
                if dealt % REVIEW_SET == 0:  # a fresh set of candidate hands
                    if inference is None or dealt:
                        inference = new_inference()
                    batch = dealt // REVIEW_SET
                    sampler = PolicySampler(obs, inference, _inference_rng(seed, decision, batch))
                assert sampler is not None
                world = sampler.sample(rng)
                dealt += 1
            play_seed = rng.getrandbits(32)
            for a in cands:
                stats = _playout_stats(world, a, me, policy, play_seed, points)
                runs[a].append(_run(stats, me, before, rules.target))
        played = len(runs[chosen])
        if _settled(runs, chosen, obs):
            break
    return runs


def _run(
    stats: tuple[list[float], bool, bool, bool], me: int, before: list[int], target: int
) -> Run:
    """One play-out as the review keeps it: your points, your margin against the others'
    mean, the chance of winning the game it gives, and whether you picked up at once,
    at all in the hand, swooped, went out, and saw another player go out (0/1 each)."""
    hand_points, took, later, swooped = stats
    others = [h for p, h in enumerate(hand_points) if p != me]
    totals = [b + h for b, h in zip(before, hand_points, strict=True)]
    out = hand_points[me] == 0.0  # exactly 0 only for the player who went out
    opp_out = any(h == 0.0 for h in others)
    return (
        hand_points[me],
        hand_points[me] - sum(others) / len(others),
        match_value(totals, me, target),
        float(took),
        float(later or took),
        float(swooped),
        float(out),
        float(opp_out),
    )


def _shown_options(
    by_action: dict[Action, Option], best: Option, mine: Option
) -> tuple[Option, ...]:
    """The plays a verdict shows: the best first, then the others by the figure the review
    ranks by (the margin), three of them, or two and your own when it is not among them."""
    rest = sorted((o for o in by_action.values() if o is not best), key=lambda o: o.margin)
    shown = [best] + rest[:2]
    if mine not in shown:
        shown.append(mine)
        shown.sort(key=lambda o: (o is not best, o.margin))
    else:
        shown = [best] + rest[:3]
    return tuple(shown)


@dataclass(frozen=True)
class Answer:
    """A puzzle's answer judged: accepted or not, its cost against the best, and why."""

    right: bool
    cost: float  # points of margin lost against the review's best (0 for the best itself)
    words: str


def _same_play(a: Action, b: Action) -> bool:
    """The same play as far as the review weighs it: every uncovered slot is one gamble."""
    if type(a) is Flip and type(b) is Flip:
        return True
    return _plain(a) == _plain(b)


def judge_answer(
    decision: Decision, verdict: Verdict, answer: Action, worlds: int = REVIEW_WORLDS, seed: int = 0
) -> Answer:
    """A puzzle's answer, checked by the review's own search from the seat's observation.

    ``verdict`` is the review's judgement of ``decision`` (a mistake or a blunder). An
    answer the review weighed already is judged by those figures; any other is weighed
    afresh with :func:`assess`, in the same re-dealt worlds (the same seed). An answer is
    accepted when it is "good": within the "good" line of the best play found. A wrong
    answer says it is not the best and never names the best play (the player tries again,
    or asks for it: :func:`~.review_words.answers.solution`); an accepted alternative is
    never told that another play "was better".
    """
    best = verdict.options[0] if verdict.options else None
    if _same_play(answer, decision.chosen):
        return Answer(False, verdict.cost, answers.answer_is_the_choice(verdict))
    known = None
    for option in verdict.options:
        action = action_from_json(json.loads(option.action))
        if _same_play(answer, action):
            known = option
            break
    if known is not None and best is not None:
        cost = max(0.0, known.margin - best.margin)
        named = known.words
        play = known.doing or doing(decision.obs, _plain(answer))
    else:
        weighed = assess(replace(decision, chosen=answer), worlds, seed)
        cost, named = weighed.cost, weighed.chosen
        play = doing(decision.obs, _plain(answer))
        if weighed.label != LABELS[0][0]:
            return Answer(False, cost, answers.wrong_answer(named, cost, play))
    if label_for(cost) != LABELS[0][0]:  # the review's own scale: "about 3 points" is not good
        return Answer(False, cost, answers.wrong_answer(named, cost, play))
    is_best = best is not None and known is best
    return Answer(True, cost, answers.right_answer(named, verdict, best, is_best, play))


def _option(obs: Observation, action: Action, runs: Sequence[Run]) -> Option:
    n = len(runs)

    def mean(k: int) -> float:
        return sum(r[k] for r in runs) / n

    return Option(
        action=_json(action),
        words=describe(obs, action),
        doing=doing(obs, action),
        points=mean(0),
        margin=mean(1),
        win=mean(2),
        pickup=mean(3),
        pickups=mean(4),
        swoops=mean(5),
        out=mean(6),
        opponent_out=mean(7),
    )


def _shown_best(by_action: dict[Action, Option], chosen: Action) -> Action:
    """The best action: the lowest expected margin, the one figure the review ranks by,
    so no play listed below it shows a lower one (the choice on a tie)."""
    low = min(o.margin for o in by_action.values())
    if by_action[chosen].margin <= low:
        return chosen
    return min(by_action, key=lambda a: by_action[a].margin)


def _cost(
    runs: dict[Action, list[Run]], chosen: Action, best: Action
) -> tuple[float, float, float]:
    """The paired cost of ``chosen`` against ``best`` in the same worlds, with the range
    it very likely lies in (two standard errors either side, never below 0)."""
    if chosen == best:
        return 0.0, 0.0, 0.0
    diffs = [x[1] - y[1] for x, y in zip(runs[chosen], runs[best], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n) ** 0.5
    cost = max(0.0, mean)
    return cost, max(0.0, mean - SURE * spread), max(0.0, mean + SURE * spread)


def _settled(runs: dict[Action, list[Run]], chosen: Action, obs: Observation) -> bool:
    """Whether the play-outs so far tell the choice apart from the best shown: the range
    of its cost lies wholly on one side of the "good" line."""
    options = {a: _option(obs, a, r) for a, r in runs.items()}
    best = _shown_best(options, chosen)
    cost, low, high = _cost(runs, chosen, best)
    return verdict_label(cost, low, high) != UNCLEAR


def _playout_stats(
    world: PlayoutState,
    action: Action,
    me: int,
    policy: RolloutPolicy,
    seed: int,
    points: list[int],
) -> tuple[list[float], bool, bool, bool]:
    """Play ``action`` in ``world`` and the hand out: each player's points, and whether the
    action picked up the pile, whether you picked up later, whether you made a Swoop (four
    of a kind, or a Swoop card after this play: playing one now is no news)."""
    state = world.clone()
    card = None  # the rank of a single card played
    if type(action) is Play and len(action.hand) + len(action.up) == 1:
        card = action.hand[0] if action.hand else RANK_OF[state.up[me][action.up[0]] or 0]
    took = _move(state, action, me)
    later = False
    swooped = took is None and not (card is not None and state.rules.is_swoop_rank(card))
    play = random.Random(seed)
    for _ in range(PLAYOUT_DEPTH):
        if state.is_over:
            break
        mover = state.to_move
        outcome = _move(state, policy.act(state, play), mover)
        if mover == me:
            later = later or outcome is True
            swooped = swooped or outcome is None
    return expected_points(state, points), took is True, later, swooped


def _move(state: PlayoutState, action: Action, p: int) -> bool | None:
    """Apply ``action`` for player ``p``: True if it picked up the pile, None if it made a
    Swoop, False otherwise."""
    hand_before = state.hand_count[p]
    state.apply_fast(action)
    # A pick-up is the one way a hand grows beyond the cards it played; a play that is
    # not a pick-up and leaves the pile empty was a Swoop.
    if state.hand_count[p] > hand_before - len(getattr(action, "hand", ())):
        return True
    if not state.pile and type(action) is not End:
        return None
    return False


def _json(action: Action) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


@dataclass
class Review:
    """Every verdict of a game (or a hand) and the summary a player reads first."""

    verdicts: list[Verdict]
    hindsight: list[Verdict] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        """Share of decisions labelled good (within
        :data:`~.review_words.labels.GOOD_WITHIN` points of the best, the one "good" line
        of every screen and text), 0..100 (100 when there were none). An unclear one is not counted good: its cost is listed."""
        if not self.verdicts:
            return 100.0
        return 100.0 * sum(v.good for v in self.verdicts) / len(self.verdicts)

    def summary_lines(self) -> list[str]:
        """The summary, one line each: the counts first, then each costly decision."""
        return summary.summary_lines(self.verdicts)

    @property
    def points_lost(self) -> float:
        """The points of every decision not labelled good, the sum the summary lists."""
        return sum(v.cost for v in self.verdicts if not v.good)

    def to_json(self) -> dict[str, Any]:
        return {
            "verdicts": [v.to_json() for v in self.verdicts],
            "hindsight": [v.to_json() for v in self.hindsight],
            "accuracy": round(self.accuracy, 1),
            "method": METHOD,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        return cls(
            [Verdict.from_json(v) for v in data.get("verdicts", [])],
            [Verdict.from_json(v) for v in data.get("hindsight", [])],
        )


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
    stops the work at the next re-deal with :class:`Cancelled`. (The referee's
    ``review`` replays a recorded game to its decisions and calls this.)
    """
    total = len(found) * (2 if hindsight else 1)
    fair: list[Verdict] = []
    seen: list[Verdict] = []
    done = 0
    stop = cancel.is_set if cancel is not None else None
    for d in found:
        if stop is not None and stop():
            raise Cancelled
        fair.append(assess(d, worlds, seed, stop=stop))
        done += 1
        if progress is not None:
            progress(done, total)
        if hindsight:
            if stop is not None and stop():
                raise Cancelled
            seen.append(assess(d, worlds, seed, hindsight=True, stop=stop))
            done += 1
            if progress is not None:
                progress(done, total)
    return Review(fair, seen)


__all__ = [
    "END",
    "HINT_WORLDS",
    "METHOD",
    "REVIEW_WORLDS",
    "Answer",
    "Cancelled",
    "Decision",
    "Option",
    "Review",
    "Verdict",
    "assess",
    "first_look",
    "plain_json",
    "judge_answer",
    "review_decisions",
]
