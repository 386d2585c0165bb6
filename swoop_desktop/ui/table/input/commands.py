"""What input asks of the rest of the table, and the keys it reads the same way
everywhere (Undo)."""

from __future__ import annotations

from typing import Protocol

import pygame

from swoop_desktop.engine import Action
from swoop_desktop.engine.events import Event


class InputCommands(Protocol):
    """What input asks of the rest of the table (the scene wires these)."""

    def play(self, action: Action) -> list[Event]:
        """Play ``action`` for seat 0 and show it; raises ``IllegalActionError`` (nothing
        changed) when the rules say no."""
        ...

    def skip(self) -> None:
        """Show everything queued at once and let the next AI play."""
        ...

    def pause(self) -> None:
        """Open the pause menu."""
        ...

    def scores(self) -> None:
        """Open the Scores screen."""
        ...

    def sound(self, name: str) -> None: ...

    def take_back(self) -> None:
        """Undo: take back your last play and the plays since (where the table allows;
        elsewhere say why)."""
        ...

    def can_take_back(self) -> bool:
        """Undo would take a play back now."""
        ...

    def hint_shown(self, place: tuple[int, int], words: str) -> None:
        """A hint was shown at ``place`` (hand, play of the hand): keep its words with the
        game, so its review quotes exactly them."""
        ...


#: The keys of Undo: U, and Ctrl+Z (Cmd+Z on a Mac) as in most programs.
def is_undo_key(event: pygame.event.Event) -> bool:
    key = getattr(event, "key", None)
    mod = getattr(event, "mod", 0) or 0
    if key == pygame.K_u:
        return not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
    return key == pygame.K_z and bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
