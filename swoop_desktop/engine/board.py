"""Fold an event stream back into card zones.

Events carry their own data: from the ``dealt`` event and the events after
it, :class:`EventBoard` knows where every card id is, without ever reading
the engine's state. The UI uses the same idea to move sprites; the tests use
it to prove that the events tell the whole story.
"""

from __future__ import annotations

from typing import Any


class EventBoard:
    """Card zones rebuilt from events alone."""

    def __init__(self) -> None:
        self.hands: list[set[int]] = []
        self.up: list[list[int | None]] = []
        self.down: list[list[int | None]] = []
        self.pile: list[int] = []
        self.swept: list[int] = []
        self.set_aside: list[int] = []
        self.to_move: int | None = None
        self.phase = "play"
        self.over = False

    def feed(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            getattr(self, "_on_" + event["type"], self._ignore)(event)

    def _ignore(self, event: dict[str, Any]) -> None:
        """Events that move no card (drew, hand_scored, game_over...)."""

    def _on_dealt(self, e: dict[str, Any]) -> None:
        self.hands = [set(h) for h in e["hand"]]
        self.up = [list(u) for u in e["up"]]
        self.down = [list(d) for d in e["down"]]
        self.pile, self.swept = [], []
        self.set_aside = list(e["set_aside"])
        self.over = False

    def _on_flipped(self, e: dict[str, Any]) -> None:
        self.down[e["player"]][e["slot"]] = None

    def _on_played(self, e: dict[str, Any]) -> None:
        p = e["player"]
        for card, zone in zip(e["ids"], e["from"], strict=True):
            if zone == "hand":
                self.hands[p].remove(card)
            elif zone.startswith("up"):
                self.up[p][int(zone[2:])] = None
            else:
                self.down[p][int(zone[4:])] = None
        self.pile.extend(e["ids"])

    def _on_picked_up(self, e: dict[str, Any]) -> None:
        self.hands[e["player"]].update(e["ids"])
        self.pile = []

    def _on_swooped(self, e: dict[str, Any]) -> None:
        self.swept.extend(self.pile)
        self.pile = []

    def _on_turn(self, e: dict[str, Any]) -> None:
        self.to_move = e["player"]
        self.phase = e["phase"]

    def _on_out(self, e: dict[str, Any]) -> None:
        self.over = True
