"""What the table shows, as a mirror of the engine that moves one event at a time.

The engine jumps straight to the state after an action; the table plays the
events in order. :class:`TableView` is where each card is *on screen*
(a hand, a face-up or face-down slot, the pile, the swooped or set-aside
stacks) and is advanced by :meth:`TableView.apply_event`. When the show
catches up, :meth:`TableView.matches` checks the picture against the
engine's state. :func:`describe` turns one action's events into the plain
words of the play log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from swoop_desktop.engine import RANK_OF, GameState, count_phrase
from swoop_desktop.engine.cards import RANK_NAMES, RANK_SYMBOLS

SLOTS = 4


@dataclass
class TableView:
    """Card ids per zone, as currently shown."""

    n: int = 4
    hands: list[list[int]] = field(default_factory=list)
    up: list[list[int | None]] = field(default_factory=list)
    down: list[list[int | None]] = field(default_factory=list)
    revealed: set[int] = field(default_factory=set)
    pile: list[int] = field(default_factory=list)
    swept: list[int] = field(default_factory=list)
    aside: list[int] = field(default_factory=list)
    to_move: int = 0
    phase: str = "play"
    follow_rank: str = ""

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
        view.follow_rank = (RANK_SYMBOLS[state.follow_rank]
                            if state.phase_name == "follow" and state.follow_rank else "")
        return view

    def all_ids(self) -> list[int]:
        ids = list(self.pile) + list(self.swept) + list(self.aside)
        for p in range(self.n):
            ids.extend(self.hands[p])
            ids.extend(c for c in self.up[p] if c is not None)
            ids.extend(c for c in self.down[p] if c is not None)
        return ids

    def _remove(self, player: int, card: int, zone: str) -> None:
        if zone == "hand":
            if card in self.hands[player]:
                self.hands[player].remove(card)
        elif zone.startswith("up"):
            self.up[player][int(zone[2:])] = None
        elif zone.startswith("down"):
            self.down[player][int(zone[4:])] = None
            self.revealed.discard(card)

    def apply_event(self, ev: dict[str, Any]) -> None:
        """Move the cards ``ev`` moved (engine event order)."""
        kind = ev["type"]
        if kind == "dealt":
            n = ev["players"]
            self.n = n
            self.hands = [list(h) for h in ev["hand"]]
            self.up = [list(u) for u in ev["up"]]
            self.down = [list(d) for d in ev["down"]]
            dealt = set(c for h in self.hands for c in h)
            dealt.update(c for row in self.up + self.down for c in row if c is not None)
            self.aside = []  # filled by the caller, who knows the deck
            self.pile, self.swept, self.revealed = [], [], set()
            self._dealt = dealt
        elif kind == "played":
            p = ev["player"]
            for card, zone in zip(ev["ids"], ev["from"], strict=True):
                self._remove(p, card, zone)
            if ev.get("new_pile"):
                self.pile = list(ev["ids"])
            else:
                self.pile.extend(ev["ids"])
        elif kind == "flipped":
            self.revealed.add(ev["id"])
        elif kind == "picked_up":
            p = ev["player"]
            taken = set(ev["ids"])
            self.pile = [c for c in self.pile if c not in taken]
            self.hands[p].extend(ev["ids"])
            self.hands[p].sort(key=lambda c: (RANK_OF[c], c))
        elif kind == "swooped":
            taken = set(ev["ids"])
            self.pile = [c for c in self.pile if c not in taken]
            self.swept.extend(ev["ids"])
        elif kind == "turn":
            self.to_move = ev["player"]
            self.phase = ev["phase"]
            self.follow_rank = ev.get("rank", "")

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


def counted(n: int, noun: str, nouns: str | None = None) -> str:
    """ "1 card", "3 cards", "0 cards": a number with its noun in the right number."""
    return f"{n} {noun if n == 1 else (nouns or noun + 's')}"


def plural(rank: int) -> str:
    """The plural name of a rank: "7s", "jacks"."""
    return RANK_NAMES[rank][1]


def seat_news(events: list[dict[str, Any]], action_kind: str = "") -> str:
    """A seat's play in a few words for its name plate: "played two 7s", "picked up 9",
    "flipped a king · picked up 3", "played a 10 · Swoop!"."""
    parts: list[str] = []
    for ev in events:
        kind = ev["type"]
        if kind == "flipped":
            parts.append(f"flipped {count_phrase(RANK_OF[ev['id']], 1)}")
        elif kind == "played":
            if ev["from"] and ev["from"][0].startswith("down"):
                if ev.get("new_pile"):
                    parts.append("new pile")
                continue
            verb = "added" if action_kind == "add" else "played"
            if ev.get("new_pile"):
                parts.append(f"new pile with {ev['words']}")
            else:
                parts.append(f"{verb} {ev['words']}")
        elif kind == "picked_up":
            parts.append(f"picked up {ev['count']}")
        elif kind == "swooped":
            parts.append("Swoop!")
        elif kind == "out":
            parts.append("out!")
    if not parts and action_kind == "end":
        return "stopped"
    return " · ".join(parts)


def _be(name: str) -> str:
    return "are" if name == "You" else "is"


def describe(name: str, events: list[dict[str, Any]], action_kind: str = "") -> str:
    """One log line for one play: "Lefty played three 7s — Swoop!", "Top picked up 14 cards"."""
    parts: list[str] = []
    swoop = False
    out = False
    for ev in events:
        kind = ev["type"]
        if kind == "flipped":
            parts.append(f"flipped {count_phrase(RANK_OF[ev['id']], 1)}")
        elif kind == "played":
            words = ev["words"]
            if ev["from"] and ev["from"][0].startswith("down"):
                if ev.get("new_pile"):
                    parts.append("started a new pile with it")
                continue
            verb = "added" if action_kind == "add" else "played"
            if ev.get("new_pile"):
                parts.append(f"started a new pile with {words}")
            else:
                parts.append(f"{verb} {words}")
        elif kind == "picked_up":
            n = ev["count"]
            parts.append(f"picked up {n} card{'s' if n != 1 else ''}")
        elif kind == "swooped":
            swoop = True
        elif kind == "out":
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
