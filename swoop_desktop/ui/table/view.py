"""What the table shows, as a mirror of the engine that moves one event at a time.

The engine jumps straight to the state after an action; the table plays the
events in order. :class:`TableView` is where each card is *on screen*
(a hand, a face-up or face-down slot, the pile, the swooped or set-aside
stacks). It extends the engine's own fold of events
(:class:`~swoop_desktop.engine.board.EventBoard`) and is advanced by
:meth:`TableView.apply`. When the show
catches up, :meth:`TableView.matches` checks the picture against the
engine's state. :func:`describe` turns one action's events into the plain
words of the play log.
"""

from __future__ import annotations

from swoop_desktop.engine import RANK_OF, GameState, count_phrase
from swoop_desktop.engine.board import EventBoard
from swoop_desktop.engine.cards import RANK_NAMES, RANK_SYMBOLS
from swoop_desktop.engine.events import (
    Dealt,
    Event,
    Flipped,
    Out,
    PickedUp,
    Played,
    Swooped,
    Turn,
)
from swoop_desktop.plural import counted as counted  # one helper for every count

SLOTS = 4


class TableView(EventBoard):
    """Card ids per zone, as currently shown: the engine's fold of events, plus what only a
    picture needs. A flipped mystery card stays in its slot, face up (``revealed``), until
    its ``Played`` event moves it; a pick-up sorts the hand; ``aside`` holds the set-aside
    cards (the caller fills it, knowing the deck); ``follow_rank`` is the rank symbol a
    follow-up asks for."""

    def __init__(self, n: int = 4) -> None:
        super().__init__()
        self.n = n
        self.revealed: set[int] = set()
        self.aside: list[int] = []
        self.to_move: int | None = 0
        self.follow_rank = ""

    @classmethod
    def from_state(cls, state: GameState) -> TableView:
        view = cls(n=state.n)
        view.hands = [state.hand_ids(p) for p in range(state.n)]
        view.up = [list(u) for u in state.up]
        view.down = [list(d) for d in state.down]
        view.pile = list(state.pile)
        view.swept = list(state.swept)
        view.aside = list(state.set_aside)
        view.to_move = state.to_move
        view.phase = state.phase_name
        # A follow-up under way (after Continue) keeps its rank, so the words match it.
        view.follow_rank = (
            RANK_SYMBOLS[state.follow_rank]
            if state.phase_name == "follow" and state.follow_rank
            else ""
        )
        return view

    def all_ids(self) -> list[int]:
        ids = list(self.pile) + list(self.swept) + list(self.aside)
        for p in range(self.n):
            ids.extend(self.hands[p])
            ids.extend(c for c in self.up[p] if c is not None)
            ids.extend(c for c in self.down[p] if c is not None)
        return ids

    def apply(self, event: Event) -> None:
        """Move the cards ``event`` moved (engine event order)."""
        if isinstance(event, Flipped):
            self.revealed.add(event.id)  # shown in its slot until it is played
            return
        super().apply(event)
        match event:
            case Dealt():
                self.n = event.players
                self.aside = []  # filled by the caller, who knows the deck
                self.revealed = set()
            case Played(zones=zones):
                for card, zone in zip(event.ids, zones, strict=True):
                    if zone.startswith("down"):
                        self.revealed.discard(card)
            case PickedUp(player=p):
                self.hands[p].sort(key=lambda c: (RANK_OF[c], c))
            case Turn(rank=rank):
                self.follow_rank = RANK_SYMBOLS[rank] if rank is not None else ""

    def matches(self, state: GameState) -> bool:
        """True when the picture shows exactly the engine's zones."""
        if self.pile != list(state.pile) or sorted(self.swept) != sorted(state.swept):
            return False
        for p in range(state.n):
            if sorted(self.hands[p]) != sorted(state.hand_ids(p)):
                return False
            if self.up[p] != list(state.up[p]) or self.down[p] != list(state.down[p]):
                return False
        return True

    def seat_cards(self, seat: int) -> list[int]:
        """A seat's cards in keyboard order: hand (by rank), face-up, then the mystery cards
        no face-up card covers (what your input walks through and your drawing marks)."""
        hand = sorted(self.hands[seat], key=lambda c: (RANK_OF[c], c)) if self.hands else []
        if not self.up:
            return hand
        ups = [c for c in self.up[seat] if c is not None]
        downs = [
            c
            for s in range(len(self.up[seat]))
            if self.up[seat][s] is None and (c := self.down[seat][s]) is not None
        ]
        return hand + ups + downs

    def run_words(self) -> str:
        """The run on top of the pile in words ("three 8s"), or "" when empty."""
        if not self.pile:
            return ""
        top = RANK_OF[self.pile[-1]]
        k = 0
        for c in reversed(self.pile):
            if RANK_OF[c] != top:
                break
            k += 1
        return count_phrase(top, k)


def plural(rank: int) -> str:
    """The plural name of a rank: "7s", "jacks"."""
    return RANK_NAMES[rank][1]


def seat_news(events: list[Event], action_kind: str = "") -> str:
    """A seat's play in a few words for its name plate: "played two 7s", "picked up 9",
    "flipped a king · picked up 3", "played a 10 · Swoop!"."""
    parts: list[str] = []
    for ev in events:
        match ev:
            case Flipped():
                parts.append(f"flipped {count_phrase(ev.rank, 1)}")
            case Played():
                if ev.zones and ev.zones[0].startswith("down"):
                    if ev.new_pile:
                        parts.append("new pile")
                    continue
                verb = "added" if action_kind == "add" else "played"
                words = count_phrase(ev.rank, ev.count)
                parts.append(f"new pile with {words}" if ev.new_pile else f"{verb} {words}")
            case PickedUp():
                parts.append(f"picked up {ev.count}")
            case Swooped():
                parts.append("Swoop!")
            case Out():
                parts.append("out!")
    if not parts and action_kind == "end":
        return "stopped"
    return " · ".join(parts)


def _be(name: str) -> str:
    return "are" if name == "You" else "is"


def describe(name: str, events: list[Event], action_kind: str = "") -> str:
    """One log line for one play: "Lefty played three 7s — Swoop!", "Top picked up 14 cards"."""
    parts: list[str] = []
    swoop = False
    out = False
    for ev in events:
        match ev:
            case Flipped():
                parts.append(f"flipped {count_phrase(ev.rank, 1)}")
            case Played():
                words = count_phrase(ev.rank, ev.count)
                if ev.zones and ev.zones[0].startswith("down"):
                    if ev.new_pile:
                        parts.append("started a new pile with it")
                    continue
                verb = "added" if action_kind == "add" else "played"
                if ev.new_pile:
                    parts.append(f"started a new pile with {words}")
                else:
                    parts.append(f"{verb} {words}")
            case PickedUp(count=n):
                parts.append(f"picked up {counted(n, 'card')}")
            case Swooped():
                swoop = True
            case Out():
                out = True
    if not parts:
        if action_kind == "end":
            return f"{name} {'stop' if name == 'You' else 'stops'} there"
        return ""
    if len(parts) > 1:
        text = ", ".join(parts[:-1]) + " and " + parts[-1]
    else:
        text = parts[0]
    line = f"{name} {text}"
    if swoop:
        line += " — Swoop!"
    if out:
        line += f"{'' if line.endswith('!') else '.'} {name} {_be(name)} out!"
    return line


def mystery_ids(state: GameState | None, seat: int) -> set[int]:
    """The ids of a seat's face-down (mystery) cards in the engine's deal."""
    return {c for c in state.down[seat] if c is not None} if state is not None else set()
