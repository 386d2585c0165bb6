"""A whole game: deals in a row, dealer rotation, running totals, the end (R5, R15, R16).

Each hand is dealt from a seed derived from the match seed and the hand
number, so a match is fully described by (rules, players, seed, actions).
"""

from __future__ import annotations

import random

from .actions import Action
from .errors import EngineError
from .events import Event, GameOver, HandScored
from .rules import Rules
from .state import GameState, new_deal


def hand_seed(match_seed: int, hand_no: int) -> int:
    """The deal seed of hand ``hand_no`` (0-based) of a match; stable across runs."""
    return random.Random(f"swoop/{match_seed}/{hand_no}").getrandbits(48)


class Match:
    """Deals, applies actions, keeps the score sheet, and ends the game at the target."""

    def __init__(
        self,
        rules: Rules | None = None,
        players: int = 4,
        seed: int = 0,
        stacked: tuple[int, ...] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        """``stacked`` deals the first hand from that deck order instead of a shuffle, and
        ``first_dealer`` names its dealer (a lesson's fixed deal; later hands are shuffled)."""
        self.rules = rules or Rules.from_preset("app")
        self.rules.validate_players(players)
        self.n = players
        self.seed = seed
        self.stacked = stacked
        if first_dealer is None:
            first_dealer = random.Random(f"swoop/{seed}/dealer").randrange(players)
        elif not 0 <= first_dealer < players:
            raise EngineError(f"R5: the dealer must be a seat 0-{players - 1}, got {first_dealer}")
        self.first_dealer = first_dealer
        self.totals = [0] * players
        self.sheet: list[list[int]] = []  # points per finished hand
        self.went_out: list[int] = []  # who went out in each finished hand
        self.actions: list[list[Action]] = []  # actions of every hand, in order
        self.state: GameState | None = None
        self.over = False
        self.winner: int | None = None

    @property
    def hand_no(self) -> int:
        """0-based number of the current (or last) hand."""
        return len(self.actions) - 1

    @property
    def dealer(self) -> int:
        return (self.first_dealer + max(self.hand_no, 0)) % self.n

    @property
    def hand_over(self) -> bool:
        return self.state is not None and self.state.is_over

    def start_hand(self) -> list[Event]:
        """Deal the next hand; the deal passes to the left after each hand (R5)."""
        if self.over:
            raise EngineError("R16: the game is over; start a new match")
        if self.state is not None and not self.state.is_over:
            raise EngineError("R14: the current hand is still being played")
        k = len(self.actions)
        dealer = (self.first_dealer + k) % self.n
        self.state, events = new_deal(
            self.rules,
            self.n,
            hand_seed(self.seed, k),
            dealer,
            self.totals,
            hand_no=k,
            order=self.stacked if k == 0 else None,
        )
        self.actions.append([])
        return events

    def legal_actions(self) -> list[Action]:
        return [] if self.state is None else self.state.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Checked play of ``action`` in the current hand; records scores at the hand's end."""
        if self.state is None:
            raise EngineError("R5: no hand has been dealt yet")
        events = self.state.apply(action)
        self.actions[-1].append(action)
        self._absorb(events)
        return events

    def _absorb(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, HandScored):
                self.sheet.append(list(event.points))
                self.went_out.append(event.out)
                self.totals = list(event.totals)
            elif isinstance(event, GameOver):
                self.over = True
                self.winner = event.winner

    def copy(self) -> Match:
        """An independent copy: one thread (a saver) may read it while this match plays on."""
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.totals = list(self.totals)
        other.sheet = [list(row) for row in self.sheet]
        other.went_out = list(self.went_out)
        other.actions = [list(hand) for hand in self.actions]
        other.state = None if self.state is None else self.state.clone()
        return other

    def current_hand_events(self) -> list[list[Event]]:
        """The events of the current hand so far, replayed from its deal: the deal's events,
        then each action's, in order (what a table shows again after a Continue)."""
        if not self.actions:
            return []
        replay = Match(self.rules, self.n, self.seed, self.stacked, self.first_dealer)
        for actions in self.actions[:-1]:
            replay.start_hand()
            for action in actions:
                replay.apply(action)
        out = [replay.start_hand()]
        out.extend(replay.apply(action) for action in self.actions[-1])
        return out

    def replay(self, hands: list[list[Action]]) -> list[Event]:
        """Re-apply recorded actions (a saved or finished game); returns all events."""
        events: list[Event] = []
        for i, actions in enumerate(hands):
            if i == 0 or self.hand_over:
                events.extend(self.start_hand())
            for action in actions:
                events.extend(self.apply(action))
        return events
