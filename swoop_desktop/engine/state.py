"""The state of one deal and the rules that move it (R4-R17).

This module holds hidden cards (hands, face-down cards, the set-aside cards).
AI code never imports it: it sees an ``Observation`` instead.

``GameState.apply`` checks an action and returns the ordered list of events;
``apply_fast`` skips the checks and the events, for search. Both share
one implementation of the rules, so they can never disagree.

Why one long module: the legal moves (``legal_actions``, ``candidate_actions``), the check
(``check``) and the moves themselves (``apply``, ``apply_fast``) are one implementation of
the rules, kept side by side so a rule changes in one place; split, they would drift.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from .actions import END, Action, Add, End, Flip, Play
from .cards import (
    RANK_OF,
    RANK_SYMBOLS,
    count_phrase,
    deck_ids,
)
from .errors import IllegalActionError, RulesError, TerminationError
from .events import (
    Dealt,
    DrawSkipped,
    Drew,
    Event,
    Flipped,
    GameOver,
    HandScored,
    Out,
    PickedUp,
    Played,
    Swooped,
    Turn,
)
from .playout import CHAIN, FOLLOW, OVER, PLAY
from .rules import SLOTS, Rules

PHASE_NAMES = {PLAY: "play", FOLLOW: "follow", CHAIN: "chain", OVER: "over"}
MAX_PLAYS = 5000  # R17
SLOT_RANGE = range(SLOTS)

#: The events of one action, in order.
Events = list[Event]

_SUBSETS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}


def _subsets(slots: tuple[int, ...]) -> list[tuple[int, ...]]:
    """All subsets of face-up slots, smallest first (cached)."""
    found = _SUBSETS.get(slots)
    if found is None:
        found = [c for k in range(len(slots) + 1) for c in combinations(slots, k)]
        _SUBSETS[slots] = found
    return found


def _zone(kind: str, slot: int) -> str:
    return f"{kind}{slot}"


class GameState:
    """One deal of Swoop: every card's zone, whose move, the phase, running totals."""

    __slots__ = (
        "rules",
        "n",
        "decks",
        "hands",
        "hand_count",
        "up",
        "down",
        "pile",
        "top",
        "run",
        "swept",
        "set_aside",
        "to_move",
        "phase",
        "follow_rank",
        "picked_up",
        "dealer",
        "scores",
        "seed",
        "plays",
        "out_player",
        "_swoop_rank",
        "_max_four",
        "_new_pile",
        "_match_after",
        "_chain",
    )

    def __init__(self, rules: Rules, players: int) -> None:
        rules.validate_players(players)
        self.rules = rules
        self.n = players
        self.decks = rules.deck_count(players)
        self.hands: list[list[list[int]]] = [[[] for _ in range(15)] for _ in range(players)]
        self.hand_count = [0] * players
        self.up: list[list[int | None]] = [[None] * SLOTS for _ in range(players)]
        self.down: list[list[int | None]] = [[None] * SLOTS for _ in range(players)]
        self.pile: list[int] = []
        self.top = 0  # rank on top of the pile, 0 when empty
        self.run = 0  # how many equal cards are on top
        self.swept: list[int] = []
        self.set_aside: list[int] = []
        self.to_move = 0
        self.phase = PLAY
        self.follow_rank = 0
        self.picked_up = False  # this turn already took the pile (R13)
        self.dealer: int | None = None
        self.scores: list[int] | None = None
        self.seed: int | None = None
        self.plays = 0
        self.out_player: int | None = None
        self._cache_rules()

    def _cache_rules(self) -> None:
        rules = self.rules
        self._swoop_rank = tuple(rules.is_swoop_rank(r) for r in range(15))
        self._max_four = rules.max_four
        self._new_pile = rules.pickup == "new_pile"
        self._match_after = rules.match_after_pickup
        self._chain = rules.mystery_chain

    # ------------------------------------------------------------------ basics
    def clone(self) -> GameState:
        """A cheap independent copy (for search)."""
        other = GameState.__new__(GameState)
        other.rules = self.rules
        other.n = self.n
        other.decks = self.decks
        other.hands = [[lst[:] for lst in h] for h in self.hands]
        other.hand_count = self.hand_count[:]
        other.up = [u[:] for u in self.up]
        other.down = [d[:] for d in self.down]
        other.pile = self.pile[:]
        other.top = self.top
        other.run = self.run
        other.swept = self.swept[:]
        other.set_aside = self.set_aside[:]
        other.to_move = self.to_move
        other.phase = self.phase
        other.follow_rank = self.follow_rank
        other.picked_up = self.picked_up
        other.dealer = self.dealer
        other.scores = None if self.scores is None else self.scores[:]
        other.seed = self.seed
        other.plays = self.plays
        other.out_player = self.out_player
        other._swoop_rank = self._swoop_rank
        other._max_four = self._max_four
        other._new_pile = self._new_pile
        other._match_after = self._match_after
        other._chain = self._chain
        return other

    def _rank_key(self) -> tuple[Any, ...]:
        """What the position notation shows: ranks in every zone, phase, seats and totals.

        Two states are equal when they print the same position (suits and card ids
        do not matter, R2).
        """

        def ranks(ids: list[int]) -> tuple[int, ...]:
            return tuple(RANK_OF[c] for c in ids)

        def slots(cards: list[int | None]) -> tuple[int | None, ...]:
            return tuple(None if c is None else RANK_OF[c] for c in cards)

        follow = self.phase == FOLLOW
        return (
            self.rules,
            self.n,
            self.to_move,
            self.phase,
            self.follow_rank if follow else 0,
            follow and self.rules.mystery_chain and self.picked_up,
            tuple(ranks(self.hand_ids(p)) for p in range(self.n)),
            tuple(slots(u) for u in self.up),
            tuple(slots(d) for d in self.down),
            ranks(self.pile),
            ranks(self.swept),
            ranks(self.set_aside),
            self.dealer,
            None if self.scores is None else tuple(self.scores),
            self.seed,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._rank_key() == other._rank_key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"GameState(players={self.n}, to_move={self.to_move}, "
            f"phase={PHASE_NAMES[self.phase]}, pile={len(self.pile)})"
        )

    @property
    def swoop_rank(self) -> tuple[bool, ...]:
        """For each rank 0-14, whether it is a Swoop card under these rules (R2, R10)."""
        return self._swoop_rank

    @property
    def max_four(self) -> bool:
        return self._max_four

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_swoop_card(self, card_id: int) -> bool:
        return self._swoop_rank[RANK_OF[card_id]]

    def hand_ids(self, player: int) -> list[int]:
        """The player's hand, sorted by rank then id."""
        return [c for lst in self.hands[player] for c in sorted(lst)]

    def cards_left(self, player: int) -> int:
        return (
            self.hand_count[player]
            + sum(c is not None for c in self.up[player])
            + sum(c is not None for c in self.down[player])
        )

    def uncovered_slots(self, player: int) -> list[int]:
        up, down = self.up[player], self.down[player]
        return [s for s in SLOT_RANGE if up[s] is None and down[s] is not None]

    def all_card_ids(self) -> list[int]:
        """Every card in every zone (for the no-card-lost invariant)."""
        ids = list(self.pile) + list(self.swept) + list(self.set_aside)
        for p in range(self.n):
            ids.extend(c for lst in self.hands[p] for c in lst)
            ids.extend(c for c in self.up[p] if c is not None)
            ids.extend(c for c in self.down[p] if c is not None)
        return ids

    def points(self, player: int) -> int:
        """R15: what the player's remaining cards are worth."""
        value = self.rules.card_points
        total = sum(value(r) * len(lst) for r, lst in enumerate(self.hands[player]) if lst)
        for c in self.up[player] + self.down[player]:
            if c is not None:
                total += value(RANK_OF[c])
        return total

    def room_for(self, rank: int) -> int:
        """How many cards of ``rank`` the player to move may put on the pile now, as a
        play or a follow-up (R6, R9, R10): a Swoop card goes alone, and with ``max_four``
        an equal set only fills the run on the pile up to four (:meth:`Rules.room`)."""
        return self.rules.room(rank, self.top if self.pile else 0, self.run)

    # ----------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """Every distinct legal action (equal-rank hand cards are interchangeable)."""
        phase = self.phase
        if phase == OVER:
            return []
        p = self.to_move
        up = self.up[p]
        if phase == CHAIN:
            acts: list[Action] = [Flip(s) for s in self.uncovered_slots(p)]
            acts.append(END)
            return acts
        hand = self.hands[p]
        room = self.rules.room
        if phase == FOLLOW:
            r = self.follow_rank
            slots = tuple(s for s in SLOT_RANGE if (c := up[s]) is not None and RANK_OF[c] == r)
            acts = []
            self._sets(Add, r, len(hand[r]), slots, room(r, self.top, self.run), acts)
            acts.append(END)
            return acts
        acts = []
        up_slots: dict[int, list[int]] = {}
        for s in SLOT_RANGE:
            c = up[s]
            if c is not None:
                up_slots.setdefault(RANK_OF[c], []).append(s)
        swoop_rank = self._swoop_rank
        top, run = self.top, self.run
        for r in range(1, 15):
            h = len(hand[r])
            found = up_slots.get(r)
            slots = tuple(found) if found else ()
            if not h and not slots:
                continue
            if swoop_rank[r]:
                if h:
                    acts.append(Play((r,), ()))
                if slots:
                    acts.extend(Play((), (s,)) for s in slots)
                continue
            self._sets(Play, r, h, slots, room(r, top, run), acts)
        down = self.down[p]
        for s in SLOT_RANGE:
            if up[s] is None and down[s] is not None:
                acts.append(Flip(s))
        return acts

    def candidate_actions(self) -> list[Action]:
        """A few legal actions that stand for all of :meth:`legal_actions`, for play-outs.

        Kept beside :meth:`legal_actions` and sized by the same :meth:`Rules.room`, so a
        rule that changes what is legal changes both: for each rank held, its largest
        allowed set (face-up cards first; one card of a Swoop card, from the hand if it
        holds one); one flip if a slot is uncovered (face-down cards are unknown, so any
        slot will do); in a follow-up the largest addition and the end; in a chain the
        first flip and the end. Every one is in :meth:`legal_actions` (a test walks every
        rule option to hold it so).
        """
        phase = self.phase
        if phase == OVER:
            return []
        p = self.to_move
        up = self.up[p]
        down = self.down[p]
        if phase == CHAIN:
            for s in SLOT_RANGE:
                if up[s] is None and down[s] is not None:
                    return [Flip(s), END]
            return [END]
        hand = self.hands[p]
        room = self.rules.room
        if phase == FOLLOW:
            r = self.follow_rank
            slots = tuple(s for s in SLOT_RANGE if (c := up[s]) is not None and RANK_OF[c] == r)
            left = room(r, self.top, self.run)
            k_up = min(len(slots), left)
            k_hand = min(len(hand[r]), left - k_up)
            if k_up + k_hand:
                return [Add((r,) * k_hand, slots[:k_up]), END]
            return [END]
        by_rank: dict[int, list[int]] = {}
        for s in SLOT_RANGE:
            c = up[s]
            if c is not None:
                by_rank.setdefault(RANK_OF[c], []).append(s)
        swoop_rank = self._swoop_rank
        top, run = self.top, self.run
        acts: list[Action] = []
        for r in range(1, 15):
            h = len(hand[r])
            places = by_rank.get(r, [])
            if not h and not places:
                continue
            if swoop_rank[r]:
                acts.append(Play((r,), ()) if h else Play((), (places[0],)))
                continue
            left = room(r, top, run)
            k_up = min(len(places), left)
            k_hand = min(h, left - k_up)
            if k_up + k_hand:
                acts.append(Play((r,) * k_hand, tuple(places[:k_up])))
        for s in SLOT_RANGE:
            if up[s] is None and down[s] is not None:
                acts.append(Flip(s))
                break
        return acts

    @staticmethod
    def _sets(
        kind: type[Play] | type[Add],
        r: int,
        h: int,
        slots: tuple[int, ...],
        limit: int,
        acts: list[Action],
    ) -> None:
        subsets = _subsets(slots)
        for k in range(min(h, limit) + 1):
            hand = (r,) * k
            room = limit - k
            for sub in subsets:
                size = len(sub)
                if size > room:
                    break
                if k or size:
                    acts.append(kind(hand, sub))

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> Events:
        """Check ``action`` against the rules, play it, return the events in order.

        Raises :class:`IllegalActionError` (message starting with the rule id)
        and leaves the state unchanged when the action is not legal.
        """
        self.check(action)
        events: Events = []
        self._apply(action, events)
        return events

    def apply_fast(self, action: Action) -> None:
        """Play a legal action without checks or events (for search and benchmarks)."""
        self._apply(action, None)

    def _apply(self, action: Action, ev: Events | None) -> None:
        self.plays += 1
        if self.plays > MAX_PLAYS:
            raise TerminationError(
                f"R17: {MAX_PLAYS} plays in one deal without anyone going out "
                f"(seed {self.seed}); this is a bug"
            )
        p = self.to_move
        kind = type(action)
        if kind is Play or kind is Add:
            self._play_set(p, action, kind is Add, ev)  # type: ignore[arg-type]
        elif kind is Flip:
            self._flip(p, action.slot, ev)  # type: ignore[union-attr]
        else:
            self._pass(p, ev)

    # -- moving cards ----------------------------------------------------------
    def _take(self, p: int, action: Play | Add) -> tuple[int, list[int], list[str]]:
        hand = self.hands[p]
        ids: list[int] = []
        zones: list[str] = []
        if action.hand:
            r = action.hand[0]
            lst = hand[r]
            k = len(action.hand)
            if action.hand_ids:
                for c in action.hand_ids:
                    lst.remove(c)
                ids.extend(action.hand_ids)
            else:
                ids.extend(lst[-k:])
                del lst[-k:]
            self.hand_count[p] -= k
            zones.extend(["hand"] * k)
        else:
            r = RANK_OF[self.up[p][action.up[0]]]  # type: ignore[index]
        up = self.up[p]
        for s in action.up:
            ids.append(up[s])  # type: ignore[arg-type]
            up[s] = None
            zones.append(_zone("up", s))
        return r, ids, zones

    def _to_hand(self, p: int, ids: list[int]) -> None:
        hand = self.hands[p]
        for c in ids:
            hand[RANK_OF[c]].append(c)
        self.hand_count[p] += len(ids)

    def _play_set(self, p: int, action: Play | Add, is_add: bool, ev: Events | None) -> None:
        r, ids, zones = self._take(p, action)
        k = len(ids)
        pile = self.pile
        # A set higher than the top starts a new pile (R8 new_pile): its Played event
        # follows the pick-up, so it is made there.
        swoop = self._swoop_rank[r]
        if ev is not None and (swoop or not pile or r <= self.top or not self._new_pile):
            ev.append(Played(p, tuple(ids), tuple(zones), r))
        if swoop:
            pile.extend(ids)
            self._swoop(p, "swoop_card", ev)
            if not self._out(p, ev):
                self._bonus(p, ev)
            return
        if not pile or r <= self.top:
            self.run = self.run + k if (pile and r == self.top) else k
            self.top = r
            pile.extend(ids)
            if self.run >= 4:
                self._swoop(p, "four", ev)
                if not self._out(p, ev):
                    self._bonus(p, ev)
                return
            if self._out(p, ev):
                return
            if self._chain and action.up and not self.picked_up and self._has_uncovered(p):
                self._enter(p, CHAIN, 0, ev)
                return
            self._pass(p, ev)
            return
        # R8: higher than the top card.
        if self._new_pile:
            self._pick_up(p, ev)
            self.pile = ids
            self.top = r
            self.run = k
            if ev is not None:
                ev.append(Played(p, tuple(ids), tuple(zones), r, True))
            self._after_new_pile(p, r, ev)
        else:
            pile.extend(ids)
            self._pick_up(p, ev)
            self._pass(p, ev)

    def _after_new_pile(self, p: int, r: int, ev: Events | None) -> None:
        self.picked_up = True
        if self.run >= 4:
            self._swoop(p, "four", ev)
            self._bonus(p, ev)
        elif self._match_after and self._can_add(p, r):
            self._enter(p, FOLLOW, r, ev)
        else:
            self._pass(p, ev)

    def _flip(self, p: int, slot: int, ev: Events | None) -> None:
        c: int = self.down[p][slot]  # type: ignore[assignment]
        self.down[p][slot] = None
        r = RANK_OF[c]
        in_chain = self.phase == CHAIN
        if ev is not None:
            ev.append(Flipped(p, slot, c))
        zones = (_zone("down", slot),) if ev is not None else ()
        pile = self.pile
        if self._swoop_rank[r]:
            pile.append(c)
            if ev is not None:
                ev.append(Played(p, (c,), zones, r))
            self._swoop(p, "swoop_card", ev)
            if not self._out(p, ev):
                self._bonus(p, ev)
            return
        if not pile or r <= self.top:
            self.run = self.run + 1 if (pile and r == self.top) else 1
            self.top = r
            pile.append(c)
            if ev is not None:
                ev.append(Played(p, (c,), zones, r))
            if self.run >= 4:
                self._swoop(p, "four", ev)
                if not self._out(p, ev):
                    self._bonus(p, ev)
                return
            if self._out(p, ev):
                return
            if in_chain:
                if self._has_uncovered(p):
                    self._enter(p, CHAIN, 0, ev)
                else:
                    self._pass(p, ev)
            elif self._can_add(p, r):
                self._enter(p, FOLLOW, r, ev)
            else:
                self._pass(p, ev)
            return
        # Higher than the top: pick up (R11 with R8).
        if self._new_pile:
            self._pick_up(p, ev)
            self.pile = [c]
            self.top = r
            self.run = 1
            if ev is not None:
                ev.append(Played(p, (c,), zones, r, True))
            self._after_new_pile(p, r, ev)
        else:
            pile.append(c)
            if ev is not None:
                ev.append(Played(p, (c,), zones, r))
            self._pick_up(p, ev)
            self._pass(p, ev)

    def _pick_up(self, p: int, ev: Events | None) -> None:
        pile = self.pile
        self._to_hand(p, pile)
        if ev is not None:
            ev.append(PickedUp(p, tuple(pile)))
        self.pile = []
        self.top = 0
        self.run = 0

    def _swoop(self, p: int, how: str, ev: Events | None) -> None:
        pile = self.pile
        if ev is not None:
            ev.append(Swooped(p, how, tuple(pile)))
        self.swept.extend(pile)
        self.pile = []
        self.top = 0
        self.run = 0

    def _can_add(self, p: int, r: int) -> bool:
        if self._max_four and self.run >= 4:
            return False
        if self.hands[p][r]:
            return True
        return any(c is not None and RANK_OF[c] == r for c in self.up[p])

    def _has_uncovered(self, p: int) -> bool:
        up, down = self.up[p], self.down[p]
        return any(up[s] is None and down[s] is not None for s in SLOT_RANGE)

    # -- turns -----------------------------------------------------------------
    def _pass(self, p: int, ev: Events | None) -> None:
        nxt = (p + 1) % self.n
        self.to_move = nxt
        self.phase = PLAY
        self.follow_rank = 0
        self.picked_up = False
        if ev is not None:
            ev.append(Turn(nxt, "play"))

    def _bonus(self, p: int, ev: Events | None) -> None:
        self.phase = PLAY
        self.follow_rank = 0
        self.picked_up = False
        if ev is not None:
            ev.append(Turn(p, "play", bonus=True))

    def _enter(self, p: int, phase: int, rank: int, ev: Events | None) -> None:
        self.phase = phase
        self.follow_rank = rank
        if ev is not None:
            ev.append(Turn(p, PHASE_NAMES[phase], rank if phase == FOLLOW else None))

    def _out(self, p: int, ev: Events | None) -> bool:
        """R14: the hand ends at once when a play leaves its player with no cards."""
        if self.hand_count[p]:
            return False
        if any(c is not None for c in self.up[p]) or any(c is not None for c in self.down[p]):
            return False
        self.phase = OVER
        self.out_player = p
        self.follow_rank = 0
        if ev is not None:
            ev.append(Out(p))
            points = [self.points(i) for i in range(self.n)]
            before = self.scores or [0] * self.n
            totals = [b + pts for b, pts in zip(before, points, strict=True)]
            ev.append(HandScored(p, tuple(points), tuple(totals)))
            result = game_result(totals, self.rules.target)
            if result is not None:
                ev.append(GameOver(result[0], tuple(totals)))
        return True

    def totals_after(self) -> list[int]:
        """Running totals once this hand is scored (R15)."""
        before = self.scores or [0] * self.n
        return [b + self.points(i) for i, b in enumerate(before)]

    # ------------------------------------------------------------------ checks
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the rule if ``action`` is illegal here."""
        phase = self.phase
        p = self.to_move
        if phase == OVER:
            raise IllegalActionError("hand_over", "the hand is over; nobody may play")
        kind = type(action)
        if kind is Play:
            if phase == FOLLOW:
                raise IllegalActionError(
                    "follow_offered",
                    f"a follow-up of {RANK_SYMBOLS[self.follow_rank]}s is offered: "
                    f"add {RANK_SYMBOLS[self.follow_rank]}s or end",
                    rank=self.follow_rank,
                )
            if phase == CHAIN:
                raise IllegalActionError(
                    "chain_under_way", "a chain of mystery cards is under way: flip another or end"
                )
            r = self._check_cards(p, action, "R6")  # type: ignore[arg-type]
            self._check_shape(action, r)  # type: ignore[arg-type]
        elif kind is Add:
            if phase != FOLLOW:
                raise IllegalActionError("no_follow_up", "no follow-up is offered now")
            r = self._check_cards(p, action, "R12")  # type: ignore[arg-type]
            if r != self.follow_rank:
                raise IllegalActionError(
                    "wrong_follow_rank",
                    f"the follow-up is for {RANK_SYMBOLS[self.follow_rank]}s, "
                    f"not {RANK_SYMBOLS[r]}s",
                    rank=self.follow_rank,
                    played=r,
                )
            self._check_shape(action, r)  # type: ignore[arg-type]
        elif kind is Flip:
            if phase == FOLLOW:
                raise IllegalActionError(
                    "flip_in_follow_up", "a mystery card is flipped as a play, never as a follow-up"
                )
            slot = action.slot  # type: ignore[union-attr]
            if type(slot) is not int or not 0 <= slot < SLOTS:
                raise IllegalActionError(
                    "no_such_down_slot", f"there is no slot {slot!r} (slots are 0-3)"
                )
            if self.down[p][slot] is None:
                raise IllegalActionError(
                    "no_down_card", f"slot {slot} has no face-down card", slot=slot
                )
            if self.up[p][slot] is not None:
                raise IllegalActionError(
                    "down_covered", f"slot {slot} is still covered by its face-up card", slot=slot
                )
        elif kind is End:
            if phase == PLAY:
                raise IllegalActionError(
                    "nothing_to_end",
                    "there is nothing to end; there is no passing: play cards or flip",
                )
        else:
            raise IllegalActionError("not_an_action", f"{action!r} is not an action")

    @staticmethod
    def _check_shape(action: Play | Add, r: int) -> None:
        """After the rule checks, the form of the action: it must equal one that
        ``legal_actions`` lists (hand ranks and face-up slots as tuples, the slots in
        order, each once), without listing them all."""
        hand, up = action.hand, action.up
        if hand != (r,) * len(hand) or (up != () and up != tuple(sorted(set(up)))):
            raise IllegalActionError("not_legal", f"{action.to_json()} is not legal here")

    def _check_cards(self, p: int, action: Play | Add, rule: str) -> int:
        if action.size == 0:
            raise IllegalActionError("no_cards", "a play needs at least one card", rule)
        ranks = set(action.hand)
        up = self.up[p]
        for s in action.up:
            if type(s) is not int or not 0 <= s < SLOTS:
                raise IllegalActionError(
                    "no_such_up_slot", f"there is no face-up slot {s!r} (slots are 0-3)"
                )
            card = up[s]
            if card is None:
                raise IllegalActionError("empty_up_slot", f"face-up slot {s} is empty", slot=s)
            ranks.add(RANK_OF[card])
        if len(ranks) != 1:
            raise IllegalActionError("mixed_ranks", "a set is cards of one rank")
        (r,) = ranks
        if type(r) is not int or not 1 <= r <= 14:
            raise IllegalActionError(
                "no_such_rank", f"there is no rank {r!r} (ranks are 1 to 14, A to X)"
            )
        if self._swoop_rank[r] and action.size > 1:
            raise IllegalActionError(
                "swoop_card_alone",
                "a Swoop card is played on its own, never in a set or follow-up",
                rank=r,
            )
        held = len(self.hands[p][r])
        need = len(action.hand)
        if need > held:
            have = "no" if held == 0 else count_phrase(r, held).split(" ", 1)[0]
            raise IllegalActionError(
                "not_held",
                f"player {p} holds {have} {RANK_SYMBOLS[r]}{'s' if held != 1 else ''} in hand,"
                f" not {need}",
                rank=r,
                held=held,
                count=need,
            )
        if action.hand_ids is not None:
            if len(action.hand_ids) != need or len(set(action.hand_ids)) != need:
                raise IllegalActionError("hand_ids", "hand_ids must name each hand card once")
            for c in action.hand_ids:
                if c not in self.hands[p][r]:
                    raise IllegalActionError(
                        "hand_ids", f"card {c} is not a {RANK_SYMBOLS[r]} in hand"
                    )
        if self._max_four and not self._swoop_rank[r]:
            if action.size > 4:
                raise IllegalActionError(
                    "more_than_four",
                    "no set is larger than four cards (max_four)",
                    count=action.size,
                )
            if self.pile and r == self.top and self.run + action.size > 4:
                room = 4 - self.run
                raise IllegalActionError(
                    "no_room",
                    f"{count_phrase(r, self.run)} on top: at most {room} more "
                    f"{RANK_SYMBOLS[r]} may be added (max_four)",
                    rank=r,
                    run=self.run,
                    room=room,
                )
        return r


# ---------------------------------------------------------------------- dealing
def game_result(totals: list[int], target: int) -> tuple[int | None] | None:
    """R16: None while nobody has reached the target; else (winner,) with None for a tie."""
    if max(totals) < target:
        return None
    low = min(totals)
    leaders = [i for i, t in enumerate(totals) if t == low]
    return (leaders[0] if len(leaders) == 1 else None,)


def new_deal(
    rules: Rules,
    players: int = 4,
    seed: int = 0,
    dealer: int | None = None,
    scores: list[int] | None = None,
    hand_no: int | None = None,
    order: Sequence[int] | None = None,
) -> tuple[GameState, Events]:
    """Shuffle with ``seed`` and deal one hand (R4, R5). Returns the state and its events.

    ``hand_no`` (0-based, in a match) is carried by the ``Dealt`` event. ``order`` is a
    stacked deck (a lesson's fixed deal): every card id of the decks once, dealt in that
    order instead of shuffled; anything else is refused.
    """
    state = GameState(rules, players)
    rng = random.Random(seed)
    if dealer is None:
        dealer = rng.randrange(players)
    elif not 0 <= dealer < players:
        raise RulesError(f"dealer: must be a seat 0-{players - 1}, got {dealer!r}")
    cards = deck_ids(state.decks)
    if order is None:
        rng.shuffle(cards)
    elif sorted(order) != cards:
        raise RulesError(
            f"R1: a stacked deck must hold each of the {len(cards)} cards once, "
            f"got {len(order)} ids"
        )
    else:
        cards = list(order)
    state.dealer = dealer
    state.seed = seed
    state.scores = list(scores) if scores is not None else [0] * players
    pos = 0
    hands: list[tuple[int, ...]] = []
    for p in range(players):
        if rules.table_cards:
            state.down[p] = list(cards[pos : pos + SLOTS])
            state.up[p] = list(cards[pos + SLOTS : pos + 2 * SLOTS])
            pos += 2 * SLOTS
        hand = cards[pos : pos + rules.hand_size]
        pos += rules.hand_size
        state._to_hand(p, hand)
        hands.append(tuple(hand))
    state.set_aside = cards[pos:]
    events: Events = [
        Dealt(
            dealer,
            seed,
            players,
            tuple(hands),
            tuple(tuple(u) for u in state.up),
            tuple(tuple(d) for d in state.down),
            tuple(state.set_aside),
            hand_no,
        )
    ]
    leader = (dealer + 1) % players
    if rules.first_player == "high_card":
        leader = _high_card(state, rng, events, leader)
    state.to_move = leader
    events.append(Turn(leader, "play", first=True))
    return state, events


def _high_card(state: GameState, rng: random.Random, events: Events, fallback: int) -> int:
    """R5 option high_card: each player draws from the set-aside cards; highest rank leads.

    A drawn Swoop card is put back and that player draws again; players tied for
    the highest card put theirs back and draw again among themselves.
    """
    pool = state.set_aside
    if not any(not state.is_swoop_card(c) for c in pool):
        events.append(DrawSkipped("no_cards"))
        return fallback
    contenders = list(range(state.n))
    need = list(contenders)
    current: dict[int, int] = {}
    for round_no in range(1, 200):
        if len(pool) >= len(need):
            drawn = rng.sample(pool, len(need))
        else:
            drawn = [rng.choice(pool) for _ in need]
        again = []
        for p, c in zip(need, drawn, strict=True):
            events.append(Drew(p, c, round_no))
            if state.is_swoop_card(c):
                again.append(p)
            else:
                current[p] = RANK_OF[c]
        if again:
            need = again
            continue
        best = max(current[p] for p in contenders)
        contenders = [p for p in contenders if current[p] == best]
        if len(contenders) == 1:
            return contenders[0]
        need = list(contenders)
    events.append(DrawSkipped("no_winner"))
    return fallback
