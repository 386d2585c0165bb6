"""What a scene may ask of the App: the typed contract scenes are written against.

:class:`~swoop_desktop.ui.app.App` implements it. Scenes type their ``app``
as :class:`AppAPI` (the App module imports the scenes, so they cannot import
it back); a type checker then holds both sides to this list. Everything here
is always there: no scene needs a ``getattr`` default. A running table is
known to other screens only as a :class:`RunningTable`, never as the table
scene itself.

Both are declared in :mod:`swoop_desktop.ui.scene`, next to the scene stack
they name, so that the contract and the scenes never import each other in a
circle; this module is where scenes look them up.
"""

from __future__ import annotations

from .scene import AppAPI, RunningTable

__all__ = ["AppAPI", "RunningTable"]
