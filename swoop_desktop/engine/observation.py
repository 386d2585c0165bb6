"""What one seat may know (docs/rules.md, "What each player may know"), and nothing more.

Facts only: what guesses a player might draw from them (that a hand holds
nothing low, say) are the AI's business, in ``swoop_desktop.ai.floors`` and
``swoop_desktop.ai.inference``.

:class:`PublicHistory` is fed the engine's events and keeps only their public
part: who played, flipped, picked up and swooped which cards, and so which
known cards went into whose hand (minus the ones that player later played).
The ``dealt`` event carries every hidden card; only its face-up cards are
read from it.

:func:`observe` builds a frozen :class:`Observation` for one seat: its own
hand, the pile, the swept cards, everyone's face-up cards, the counts of
hands and face-down cards, the number of set-aside cards, the public history,
the phase, the rules and the scores. AI players receive only this.

:meth:`Observation.world` builds a whole deal from the observation and a
placing of every card the seat cannot see (other hands' unknown cards, every
face-down card, the set-aside cards) chosen by the caller, checked to fit;
:meth:`Observation.random_world` places them uniformly at random. Search
plays such worlds out through :class:`~swoop_desktop.engine.playout.PlayoutState`.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .cards import RANK_OF, RANK_SYMBOLS, deck_ids
from .errors import WorldError, short
from .events import Dealt, Drew, Event, Flipped, Out, PickedUp, Played, Swooped, Turn
from .playout import CHAIN, FOLLOW, OVER, PLAY, PlayoutState
from .rules import SLOTS, Rules
from .state import PHASE_NAMES, GameState

#: What a public event records.
PublicKind = Literal["played", "flipped", "picked_up", "swooped", "out"]


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One public fact of the hand: ``player`` did ``kind`` with cards of ``ranks``.

    ``ranks`` are the shown cards' ranks (bottom to top for a pick-up). For a
    play, ``zones`` says where each card came from (``"hand"``, ``"up0"``-``"up3"``,
    ``"down0"``-``"down3"``), ``new_pile`` that it started a new pile after a
    pick-up (R8 ``new_pile``) and ``follow`` that it was a follow-up the player
    had just been offered (R12).
    """

    kind: PublicKind
    player: int
    ranks: tuple[int, ...] = ()
    zones: tuple[str, ...] = ()
    new_pile: bool = False
    follow: bool = False

    def __str__(self) -> str:
        cards = " ".join(RANK_SYMBOLS[r] for r in self.ranks)
        return f"{self.kind} p{self.player} {cards}".rstrip()


class PublicHistory:
    """The public record of a deal, built from engine events (hidden parts are ignored).

    ``events`` is the hand's public events in order. ``known[p]`` maps a card
    id to the history step (an index into ``events``) at which it was seen
    going into player ``p``'s hand by a public pick-up; it is dropped when that
    card is played. ``drawn`` holds set-aside cards shown in a high-card draw.
    ``offers`` holds the index into ``events`` of each play after which its
    player was offered a follow-up (R12: the table sees the offer, and so
    whether it was taken or declined; no offer after a fitting flip means the
    player held nothing to add).
    """

    def __init__(self, n_players: int) -> None:
        self.n = n_players
        self.events: list[PublicEvent] = []
        self.known: list[dict[int, int]] = [{} for _ in range(n_players)]
        self.drawn: set[int] = set()
        self.offers: list[int] = []
        self._follow: int | None = None  # the player offered a follow-up just now

    def reset(self) -> None:
        self.events.clear()
        self.offers.clear()
        for k in self.known:
            k.clear()
        self.drawn.clear()
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
                    follow = self._follow == p
                    self._follow = None
                    self.events.append(
                        PublicEvent(
                            "played",
                            p,
                            tuple(RANK_OF[c] for c in ids),
                            ev.zones,
                            ev.new_pile,
                            follow,
                        )
                    )
                case Flipped(player=p, id=c):
                    self.events.append(PublicEvent("flipped", p, (RANK_OF[c],)))
                case Turn(player=p, phase=phase):
                    self._follow = p if phase == "follow" else None
                    if phase == "follow" and self.events:
                        self.offers.append(len(self.events) - 1)
                case PickedUp(player=p, ids=ids):
                    step = len(self.events)
                    for c in ids:
                        self.known[p][c] = step
                    self.events.append(PublicEvent("picked_up", p, tuple(RANK_OF[c] for c in ids)))
                case Swooped(player=p, ids=ids):
                    self.events.append(PublicEvent("swooped", p, tuple(RANK_OF[c] for c in ids)))
                case Out(player=p):
                    self.events.append(PublicEvent("out", p))

    def copy(self) -> PublicHistory:
        other = PublicHistory(self.n)
        other.events = list(self.events)
        other.known = [dict(k) for k in self.known]
        other.drawn = set(self.drawn)
        other.offers = list(self.offers)
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
    history: tuple[PublicEvent, ...]
    phase: int
    follow_rank: int
    to_move: int
    picked_up: bool  # this turn already took the pile (R13)
    dealer: int | None
    scores: tuple[int, ...]
    plays: int
    out_player: int | None
    # History indices of the plays after which a follow-up was offered (R12).
    offers: tuple[int, ...] = ()
    # The unseen cards, worked out on first use (a search asks for them per world).
    _unseen: tuple[int, ...] | None = field(default=None, init=False, repr=False, compare=False)

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
        return list(self._unseen_cards())

    def _unseen_cards(self) -> tuple[int, ...]:
        """The unseen card ids in deck order (worked out once)."""
        cards = self._unseen
        if cards is None:
            seen = set(self.hand)
            seen.update(self.pile)
            seen.update(self.swept)
            seen.update(self.drawn)
            for p in range(self.n):
                seen.update(c for c in self.up[p] if c is not None)
                seen.update(self.known[p])
            cards = tuple(c for c in deck_ids(self.decks) if c not in seen)
            object.__setattr__(self, "_unseen", cards)  # frozen: a cache of facts, not a change
        return cards

    def unseen_rank_counts(self) -> list[int]:
        counts = [0] * 15
        for c in self._unseen_cards():
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

    # ----------------------------------------------------------------- worlds
    def unseen_hand_counts(self) -> tuple[int, ...]:
        """Per player, how many hand cards this seat cannot place (0 for its own hand)."""
        return tuple(
            0 if p == self.seat else self.hand_counts[p] - len(self.known[p]) for p in range(self.n)
        )

    def world(
        self,
        hands: Sequence[Sequence[int]],
        down: Sequence[Sequence[int | None]],
        set_aside: Sequence[int],
    ) -> PlayoutState:
        """The whole deal this observation allows, with the unseen cards placed as given.

        ``hands[p]``: the cards of player ``p``'s hand that this seat has not
        seen, :meth:`unseen_hand_counts` of them (none for its own hand; cards
        known from public pick-ups stay with their holder and come first).
        ``down[p][s]``: the card in face-down slot ``s``, None where the slot is
        empty. ``set_aside``: the set-aside cards not shown in a draw (the shown
        ones follow them). Every unseen card must be placed exactly once; a
        placing that does not fit raises :class:`WorldError` saying where.
        Everything else (own hand, pile, swept and face-up cards, whose turn,
        scores) is as observed.
        """
        self._check_world(hands, down, set_aside)
        state = GameState(self.rules, self.n)
        for p in range(self.n):
            ids = self.hand if p == self.seat else (*self.known[p], *hands[p])
            hand = state.hands[p]
            for c in ids:
                hand[RANK_OF[c]].append(c)
            state.hand_count[p] = len(ids)
            state.up[p] = list(self.up[p])
            state.down[p] = list(down[p])
        state.set_aside = [*set_aside, *sorted(self.drawn)]
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

    def random_world(self, rng: random.Random) -> PlayoutState:
        """A whole deal this observation allows, the unseen cards placed uniformly at random.

        The unseen cards are shuffled, then dealt to the other hands in seat
        order, the face-down slots (player by player, slot by slot) and the
        set-aside cards.
        """
        pool = self.unseen_ids()
        rng.shuffle(pool)
        hands: list[list[int]] = []
        pos = 0
        for need in self.unseen_hand_counts():
            hands.append(pool[pos : pos + max(0, need)])
            pos += max(0, need)
        down: list[list[int | None]] = []
        for p in range(self.n):
            slots: list[int | None] = [None] * SLOTS
            for s in range(SLOTS):
                if self.down[p][s]:
                    # (too few unseen cards for the slots: world() says so)
                    slots[s] = pool[pos] if pos < len(pool) else None
                    pos += 1
            down.append(slots)
        return self.world(hands, down, pool[pos:])

    def _check_world(
        self,
        hands: Sequence[Sequence[int]],
        down: Sequence[Sequence[int | None]],
        set_aside: Sequence[int],
    ) -> None:
        """Raise :class:`WorldError` unless the placing fits this observation exactly."""
        n = self.n
        if len(hands) != n:
            raise WorldError(f"world: hands must list {n} players, got {len(hands)}")
        if len(down) != n:
            raise WorldError(f"world: down must list {n} players, got {len(down)}")
        placed: list[int] = []
        for p, need in enumerate(self.unseen_hand_counts()):
            if need < 0:
                raise WorldError(
                    f"observation: player {p} holds {self.hand_counts[p]} cards, "
                    f"fewer than the {len(self.known[p])} known ones"
                )
            got = len(hands[p])
            if got != need:
                if p == self.seat:
                    raise WorldError(
                        f"world: player {p} is this seat, whose hand is known;"
                        f" place no cards there, got {got}"
                    )
                raise WorldError(
                    f"world: player {p}'s hand needs {need} unseen cards "
                    f"({self.hand_counts[p]} held, {len(self.known[p])} known), got {got}"
                )
            placed.extend(hands[p])
            slots = down[p]
            if len(slots) != SLOTS:
                raise WorldError(f"world: player {p} has {SLOTS} face-down slots, got {len(slots)}")
            for s, held in enumerate(self.down[p]):
                c = slots[s]
                if c is None:
                    if held:
                        raise WorldError(f"world: player {p}'s face-down slot {s} needs a card")
                elif held:
                    placed.append(c)
                else:
                    raise WorldError(
                        f"world: player {p}'s face-down slot {s} is empty, got {short(c)}"
                    )
        want = self.set_aside_count - len(self.drawn)
        if len(set_aside) != want:
            raise WorldError(f"world: {want} set-aside cards are unseen, got {len(set_aside)}")
        placed.extend(set_aside)
        unseen = set(self._unseen_cards())
        if len(placed) == len(unseen) and unseen == set(placed):
            return  # every unseen card, each exactly once
        once: set[int] = set()
        for c in placed:
            if c not in unseen:
                raise WorldError(f"world: card {short(c)} is not one this seat cannot see")
            if c in once:
                raise WorldError(f"world: card {c} is placed twice")
            once.add(c)
        raise WorldError(f"world: card {min(unseen - once)} is unseen but placed nowhere")


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
        history=() if history is None else tuple(history.events),
        phase=state.phase,
        follow_rank=state.follow_rank,
        to_move=state.to_move,
        picked_up=state.picked_up,
        dealer=state.dealer,
        scores=tuple(state.scores) if state.scores is not None else (0,) * n,
        plays=state.plays,
        out_player=state.out_player,
        offers=() if history is None else tuple(history.offers),
    )


__all__ = [
    "CHAIN",
    "FOLLOW",
    "OVER",
    "PLAY",
    "Observation",
    "PublicEvent",
    "PublicHistory",
    "PublicKind",
    "observe",
]
