"""The one fold of events back into card zones.

Events carry their own data: from the ``Dealt`` event and the events after
it, :class:`EventBoard` knows where every card id is, without ever reading
the engine's state. The tests use it to prove that the events tell the whole
story; the table's view extends it (``apply`` then its own bookkeeping)
rather than keeping a second copy of these rules.
"""

from __future__ import annotations

from collections.abc import Iterable

from .events import Dealt, Event, Flipped, Out, PickedUp, Played, Swooped, Turn


class EventBoard:
    """Card zones rebuilt from events alone."""

    def __init__(self) -> None:
        self.hands: list[list[int]] = []  # in the order the cards arrived
        self.up: list[list[int | None]] = []
        self.down: list[list[int | None]] = []
        self.pile: list[int] = []
        self.swept: list[int] = []
        self.set_aside: list[int] = []
        self.to_move: int | None = None
        self.phase = "play"
        self.over = False

    def feed(self, events: Iterable[Event]) -> None:
        for event in events:
            self.apply(event)

    def apply(self, event: Event) -> None:
        """Move the cards one event moves (events that move none change nothing)."""
        match event:
            case Dealt():
                self.hands = [list(h) for h in event.hand]
                self.up = [list(u) for u in event.up]
                self.down = [list(d) for d in event.down]
                self.pile, self.swept = [], []
                self.set_aside = list(event.set_aside)
                self.over = False
            case Flipped(player=p, slot=slot):
                self.down[p][slot] = None
            case Played(player=p):
                for card, zone in zip(event.ids, event.zones, strict=True):
                    if zone == "hand":
                        if card in self.hands[p]:
                            self.hands[p].remove(card)
                    elif zone.startswith("up"):
                        self.up[p][int(zone[2:])] = None
                    else:
                        self.down[p][int(zone[4:])] = None
                self.pile.extend(event.ids)
            case PickedUp(player=p):
                self.hands[p].extend(event.ids)
                self.pile = []
            case Swooped():
                self.swept.extend(self.pile)
                self.pile = []
            case Turn(player=p, phase=phase):
                self.to_move = p
                self.phase = phase
            case Out():
                self.over = True
