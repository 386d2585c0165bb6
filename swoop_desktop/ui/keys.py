"""Which key presses a panel that has just opened may answer.

A panel (the hand-over breakdown, the game-over sheet, the daily deal's result)
answers only a key pressed *for it*: a press that began after the panel was on
screen long enough to be seen (:data:`REACTION_S`). A key already held down as
it opened, or a run of taps that began before it opened (Space tapped to hurry
the opponents' plays, each tap closer than :data:`TAPS_APART_S` to the last),
never reaches its buttons, however long the run goes on: the player lets go,
looks, and presses again. Space never presses a results panel's buttons at all
(it hurries the play, and people tap it): Enter or a click goes on.

The App notes every key event here (:meth:`KeyPresses.note`) and advances the
clock with each frame's ``dt``, so the pilot's virtual clock rules it in tests.
"""

from __future__ import annotations

import pygame

#: Nobody answers a panel sooner than this after it appears: a press that came earlier
#: was meant for what was on screen before.
REACTION_S = 0.2
#: Presses of one key closer together than this are one run of taps. (Space, the key
#: people tap 0.25-0.8 s apart to hurry the opponents, never presses a results panel's
#: buttons at all; Enter plays only your own cards, so its runs are short.)
TAPS_APART_S = 0.45

_NEVER = float("-inf")


class KeyPresses:
    """When each key was last pressed, whether it is held, and when its run of taps began."""

    def __init__(self) -> None:
        self.now = 0.0  # seconds on the App's frame clock
        self._down: set[int] = set()
        self._last: dict[int, float] = {}
        self._run_began: dict[int, float] = {}

    def tick(self, dt: float) -> None:
        self.now += max(0.0, dt)

    def note(self, event: pygame.event.Event) -> None:
        """Follow a key event (the App calls this before any scene sees the event)."""
        if event.type == pygame.KEYDOWN:
            key = event.key
            held = key in self._down  # a repeat, or a key that was never let go
            if not held and self.now - self._last.get(key, _NEVER) >= TAPS_APART_S:
                self._run_began[key] = self.now
            self._last[key] = self.now
            self._down.add(key)
        elif event.type == pygame.KEYUP:
            self._down.discard(event.key)

    def fresh(self, event: pygame.event.Event, shown_at: float | None) -> bool:
        """Whether a KEYDOWN is a press for a panel first shown at ``shown_at`` (None: not
        yet shown): its run of presses began at least :data:`REACTION_S` after that."""
        if shown_at is None:
            return False
        began = self._run_began.get(event.key, _NEVER)
        return began >= shown_at + REACTION_S


__all__ = ["REACTION_S", "TAPS_APART_S", "KeyPresses"]
