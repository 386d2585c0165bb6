"""What one seat may know (docs/rules.md, "What each player may know"), and nothing more.

:class:`PublicHistory` is fed the engine's events and keeps only their public
part: who played, flipped, picked up and swooped which cards, and so which
known cards went into whose hand (minus the ones that player later played).
The ``dealt`` event carries every hidden card; only its face-up cards are
read from it.

:func:`observe` builds a frozen :class:`Observation` for one seat: its own
hand, the pile, the swept cards, everyone's face-up cards, the counts of
hands and face-down cards, the number of set-aside cards, the public history,
the phase, the rules and the scores. AI players receive only this.

:meth:`Observation.determinize` deals every card the seat cannot see
(other hands' unknown cards, every face-down card, the set-aside cards) at
random, consistently with the observation, into a fresh :class:`GameState`
that search may play out.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import RANK_OF, RANK_SYMBOLS, deck_ids
from .events import Dealt, Drew, Event, Flipped, Out, PickedUp, Played, Swooped, Turn
from .playout import CHAIN, FOLLOW, OVER, PLAY, PlayoutState
from .rules import SLOTS, Rules
from .state import PHASE_NAMES, GameState


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One public fact: ``kind`` is played/flipped/picked_up/swooped/out, with the cards."""

    kind: str
    player: int
    ranks: tuple[int, ...] = ()
    zones: tuple[str, ...] = ()

    def __str__(self) -> str:
        cards = " ".join(RANK_SYMBOLS[r] for r in self.ranks)
        return f"{self.kind} p{self.player} {cards}".rstrip()


class PublicHistory:
    """The public record of a deal, built from engine events (hidden parts are ignored).

    ``known[p]`` maps a card id to the history step at which it was seen going
    into player ``p``'s hand by a public pick-up; it is dropped when that card
    is played. ``drawn`` holds set-aside cards shown in a high-card draw.

    ``floor[p]`` is a public inference: when ``p`` picked up the pile by
    playing a higher set (not by a flip), the pile's top was ``t`` and ``p``
    had no card at or under ``t`` to play instead, nor a Swoop card (or chose
    not to use them). Cards only ever enter a hand by public pick-ups, so the
    cards of ``p``'s hand that nobody has seen are all higher than the
    largest such ``t``, as far as anyone can tell. Search uses it as a strong
    hint when dealing unseen cards, never as a certainty.
    """

    def __init__(self, n_players: int) -> None:
        self.n = n_players
        self.events: list[PublicEvent] = []
        self.known: list[dict[int, int]] = [{} for _ in range(n_players)]
        self.drawn: set[int] = set()
        self.floor: list[int] = [0] * n_players
        self.gaps: list[int] = [0] * n_players  # bitmask of ranks p probably lacks (see below)
        self.top = 0  # rank on top of the pile as the history saw it, 0 when empty
        self._follow: int | None = None  # the player offered a follow-up just now

    def reset(self) -> None:
        self.events.clear()
        for k in self.known:
            k.clear()
        self.drawn.clear()
        self.floor = [0] * self.n
        self.gaps = [0] * self.n
        self.top = 0
        self._follow = None

    def feed(self, events: Iterable[Event]) -> None:
        """Take the public part of each event, in order. A ``Dealt`` event starts afresh."""
        for ev in events:
            match ev:
                case Dealt():
                    self.reset()
                case Drew():
                    self.drawn.add(ev.id)
                case Played(player=p, ids=ids):
                    known = self.known[p]
                    for c in ids:
                        known.pop(c, None)
                    r = RANK_OF[ids[0]]
                    zones = ev.zones
                    top = self.top
                    if (
                        top
                        and r < top
                        and not ev.new_pile
                        and self._follow != p
                        and not any(z.startswith("down") for z in zones)
                    ):
                        # A set under the top when higher ones would also have gone on:
                        # the player probably held nothing between (most players shed high).
                        for q in range(r + 1, top + 1):
                            self.gaps[p] |= 1 << q
                    self._follow = None
                    self.top = r
                    self.events.append(
                        PublicEvent("played", p, tuple(RANK_OF[c] for c in ids), zones)
                    )
                case Flipped(player=p, id=c):
                    self.events.append(PublicEvent("flipped", p, (RANK_OF[c],)))
                case Turn(player=p, phase=phase):
                    self._follow = p if phase == "follow" else None
                case PickedUp(player=p, ids=ids):
                    self._note_floor(p, list(ids))
                    self.top = 0
                    step = len(self.events)
                    for c in ids:
                        self.known[p][c] = step
                    self.events.append(PublicEvent("picked_up", p, tuple(RANK_OF[c] for c in ids)))
                case Swooped(player=p, ids=ids):
                    self.top = 0
                    self.events.append(PublicEvent("swooped", p, tuple(RANK_OF[c] for c in ids)))
                case Out(player=p):
                    self.events.append(PublicEvent("out", p))

    def _note_floor(self, p: int, ids: list[int]) -> None:
        """Record what a pick-up of ``ids`` by ``p`` says about the cards ``p`` holds unseen."""
        last = self.events[-1] if self.events else None
        if last is not None and last.player == p and last.kind == "flipped":
            return  # new_pile order: a flipped card forced it, not the hand
        if last is not None and last.player == p and last.kind == "played":
            # take_all order: the set went on the pile first, then everything was taken.
            if any(z.startswith("down") for z in last.zones):
                return
            below = ids[: len(ids) - len(last.ranks)]
        else:
            below = ids  # new_pile order: the pile is taken before the new set is shown
        if below:
            top = RANK_OF[below[-1]]
            if top > self.floor[p]:
                self.floor[p] = top

    def copy(self) -> PublicHistory:
        other = PublicHistory(self.n)
        other.events = list(self.events)
        other.known = [dict(k) for k in self.known]
        other.drawn = set(self.drawn)
        other.floor = list(self.floor)
        other.gaps = list(self.gaps)
        other.top = self.top
        other._follow = self._follow
        return other


@dataclass(frozen=True, slots=True)
class Observation:
    """Exactly what seat ``seat`` may know. Card ids are public once the card was shown."""

    rules: Rules
    seat: int
    n: int
    decks: int
    hand: tuple[int, ...]  # own hand, sorted by rank then id
    hand_counts: tuple[int, ...]  # cards in each player's hand
    up: tuple[tuple[int | None, ...], ...]  # everyone's face-up cards per slot
    down: tuple[tuple[bool, ...], ...]  # which face-down slots still hold a card
    pile: tuple[int, ...]  # bottom -> top
    top: int
    run: int
    swept: tuple[int, ...]
    set_aside_count: int
    drawn: tuple[int, ...]  # set-aside cards shown in a high-card draw
    known: tuple[tuple[int, ...], ...]  # per player: hand cards known from public pick-ups
    known_step: tuple[tuple[int, ...], ...]  # the history step each known card was seen
    floors: tuple[int, ...]  # per player: unseen hand cards are probably above this rank
    gaps: tuple[int, ...]  # per player: bitmask of ranks their unseen cards probably lack
    history: tuple[PublicEvent, ...]
    phase: int
    follow_rank: int
    to_move: int
    picked_up: bool  # this turn already took the pile (R13)
    dealer: int | None
    scores: tuple[int, ...]
    plays: int
    out_player: int | None

    # ----------------------------------------------------------- plain facts
    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and self.phase != OVER

    def cards_left(self, p: int) -> int:
        return self.hand_counts[p] + sum(c is not None for c in self.up[p]) + sum(self.down[p])

    def uncovered_slots(self, p: int) -> list[int]:
        return [s for s in range(SLOTS) if self.up[p][s] is None and self.down[p][s]]

    def hand_ranks(self) -> list[int]:
        """Own hand as counts per rank (index 0-14)."""
        counts = [0] * 15
        for c in self.hand:
            counts[RANK_OF[c]] += 1
        return counts

    def unseen_ids(self) -> list[int]:
        """Every card id this seat cannot place: unknown hand cards, face-down, set-aside."""
        seen = set(self.hand)
        seen.update(self.pile)
        seen.update(self.swept)
        seen.update(self.drawn)
        for p in range(self.n):
            seen.update(c for c in self.up[p] if c is not None)
            seen.update(self.known[p])
        return [c for c in deck_ids(self.decks) if c not in seen]

    def unseen_rank_counts(self) -> list[int]:
        counts = [0] * 15
        for c in self.unseen_ids():
            counts[RANK_OF[c]] += 1
        return counts

    def key(self) -> int:
        """A stable number for this observation (same in every process), for seeding."""
        parts = (
            self.seat,
            self.n,
            self.hand,
            self.hand_counts,
            self.up,
            self.down,
            self.pile,
            self.swept,
            self.known,
            self.phase,
            self.follow_rank,
            self.to_move,
            self.plays,
            self.scores,
        )
        return zlib.crc32(repr(parts).encode())

    # -------------------------------------------------------- determinizing
    def determinize(self, rng: random.Random, gap_weight: float = 0.2) -> PlayoutState:
        """A full deal consistent with this observation; the unseen cards placed at random.

        Own hand, the pile, swept and face-up cards are as observed; cards known
        from public pick-ups stay with their holder; shown draw cards stay set
        aside; everything else unseen is shuffled into the other hands (up to
        their counts, above a player's ``floors`` entry where the unseen cards
        allow, and a card of a rank in the player's ``gaps`` only with chance
        ``gap_weight``), the face-down slots and the set-aside cards.
        """
        pool = self.unseen_ids()
        rng.shuffle(pool)
        state = GameState(self.rules, self.n)
        hands: list[list[int]] = [[] for _ in range(self.n)]
        hands[self.seat] = list(self.hand)
        # Players who showed by a pick-up that they hold nothing low get high cards
        # first (the highest floor first), as far as the unseen cards allow.
        swoop = [self.rules.is_swoop_rank(r) for r in range(15)]
        others = [p for p in range(self.n) if p != self.seat]
        for p in sorted(others, key=lambda q: (-self.floors[q], -self.gaps[q].bit_count())):
            need = self.hand_counts[p] - len(self.known[p])
            if need < 0:
                raise ValueError(f"observation: player {p} has fewer cards than known ones")
            floor = self.floors[p]
            gaps = self.gaps[p] if gap_weight < 1 else 0
            if floor or gaps:
                picked: list[int] = []
                rest: list[int] = []
                for c in pool:
                    r = RANK_OF[c]
                    if (
                        len(picked) < need
                        and (not floor or (r > floor and not swoop[r]))
                        and (not (gaps >> r) & 1 or rng.random() < gap_weight)
                    ):
                        picked.append(c)
                    else:
                        rest.append(c)
                pool = rest
            else:
                picked = []
            short = need - len(picked)
            if short:
                picked.extend(pool[:short])
                pool = pool[short:]
            hands[p] = list(self.known[p]) + picked
        pos = 0
        for p in range(self.n):
            ids = hands[p]
            hand = state.hands[p]
            for c in ids:
                hand[RANK_OF[c]].append(c)
            state.hand_count[p] = len(ids)
            state.up[p] = list(self.up[p])
            down = state.down[p]
            for s in range(SLOTS):
                if self.down[p][s]:
                    down[s] = pool[pos]
                    pos += 1
        state.set_aside = pool[pos:] + sorted(self.drawn)
        state.pile = list(self.pile)
        state.top = self.top
        state.run = self.run
        state.swept = list(self.swept)
        state.to_move = self.to_move
        state.phase = self.phase
        state.follow_rank = self.follow_rank
        state.picked_up = self.picked_up
        state.dealer = self.dealer
        state.scores = list(self.scores)
        state.plays = self.plays
        state.out_player = self.out_player
        return state


def observe(state: GameState, seat: int, history: PublicHistory | None = None) -> Observation:
    """The observation of ``seat`` in ``state``; ``history`` adds the public record.

    Without a history (e.g. a game resumed from a save) nothing is known about
    other hands beyond their counts.
    """
    n = state.n
    if not 0 <= seat < n:
        raise ValueError(f"seat: must be 0-{n - 1}, got {seat!r}")
    known: list[tuple[int, ...]] = []
    steps: list[tuple[int, ...]] = []
    for p in range(n):
        if history is None or p == seat:
            known.append(())
            steps.append(())
            continue
        hand = state.hands[p]
        # Honest histories only name cards the holder still has; the filter keeps
        # a history fed from a different starting point from contradicting the deal.
        pairs = sorted((c, s) for c, s in history.known[p].items() if c in hand[RANK_OF[c]])
        known.append(tuple(c for c, _ in pairs))
        steps.append(tuple(s for _, s in pairs))
    set_aside = set(state.set_aside)
    drawn = () if history is None else tuple(sorted(c for c in history.drawn if c in set_aside))
    return Observation(
        rules=state.rules,
        seat=seat,
        n=n,
        decks=state.decks,
        hand=tuple(state.hand_ids(seat)),
        hand_counts=tuple(state.hand_count),
        up=tuple(tuple(u) for u in state.up),
        down=tuple(tuple(c is not None for c in d) for d in state.down),
        pile=tuple(state.pile),
        top=state.top,
        run=state.run,
        swept=tuple(state.swept),
        set_aside_count=len(state.set_aside),
        drawn=drawn,
        known=tuple(known),
        known_step=tuple(steps),
        gaps=(0,) * n
        if history is None
        else tuple(0 if p == seat else history.gaps[p] for p in range(n)),
        floors=(0,) * n
        if history is None
        else tuple(0 if p == seat else history.floor[p] for p in range(n)),
        history=() if history is None else tuple(history.events),
        phase=state.phase,
        follow_rank=state.follow_rank,
        to_move=state.to_move,
        picked_up=state.picked_up,
        dealer=state.dealer,
        scores=tuple(state.scores) if state.scores is not None else (0,) * n,
        plays=state.plays,
        out_player=state.out_player,
    )


__all__ = [
    "CHAIN",
    "FOLLOW",
    "OVER",
    "PLAY",
    "Observation",
    "PublicEvent",
    "PublicHistory",
    "observe",
]
