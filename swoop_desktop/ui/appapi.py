"""What a scene may ask of the App: the typed contract scenes are written against.

:class:`~swoop_desktop.ui.app.App` implements it. Scenes type their ``app``
as :class:`AppAPI` (the App module imports the scenes, so they cannot import
it back); a type checker then holds both sides to this list. Everything here
is always there: no scene needs a ``getattr`` default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from swoop_desktop.storage import Dirs, Known, Settings

    from .scene import Scene, SceneStack
    from .scenes.table import TableScene
    from .sound import Sound
    from .theme import Theme


class AppAPI(Protocol):
    """The running game, as the scenes see it."""

    stack: SceneStack
    theme: Theme
    sound: Sound
    settings: Settings
    dirs: Dirs
    keeps_files: bool  # False in the demo: settings, window place and games stay as they were
    seed: int | None
    rules_override: Any  # Rules given on the command line for new games, or None
    fullscreen: bool
    tip_shown: bool  # the how-to-play tip was shown this session
    frames: int
    running: bool

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def anim_speed(self) -> str: ...

    @property
    def ai_pace(self) -> str: ...

    @property
    def table(self) -> TableScene | None: ...

    def known(self) -> Known: ...

    def push(self, scene: Scene) -> Scene: ...

    def pop(self, value: Any = None) -> Scene | None: ...

    def notify(self, text: str, seconds: float = 5.0) -> None: ...

    def update_settings(self, **changes: Any) -> None: ...

    def save_settings(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def new_game(self, seed: int | None = None) -> Scene: ...

    def continue_game(self) -> Scene | None: ...

    def to_title(self) -> None: ...

    def quit(self) -> None: ...

    def watch_replay(self, record: Any, speed: str = "normal") -> Scene: ...
