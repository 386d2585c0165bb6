"""Scenes and the scene stack: push/pop is the only navigation.

A scene is one screen (title, table, settings, scores, how to play) or an
overlay (pause, hand over, game over, a confirmation). Input goes to the top
scene first; ``handle`` returns True when it took the event. Overlays set
``opaque = False`` so the scenes below are drawn first. A scene that pushed a
modal gets the modal's value in ``on_result`` when it pops: a member of
:class:`~swoop_desktop.ui.results.Result` (or an ``Exported`` note), never a loose string.

Scenes are written against :class:`AppAPI`, the typed contract of what they may
ask of the App, and know a running table only as a :class:`RunningTable` (its
match, seats, configuration, a seat's name, save now). Both are declared here,
below every scene, with the scene stack they name: nothing here imports a
scene, so no scene (and not the App) forms an import cycle with another, even
counting imports made only for the type checker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from .results import ModalResult, check_result

if TYPE_CHECKING:
    import pygame

    from swoop_desktop.engine import Match, Rules
    from swoop_desktop.progress.game_record import GameRecord
    from swoop_desktop.storage import Dirs, Known, Settings
    from swoop_desktop.storage.seats import Seat

    from .cards import CardArt
    from .keys import KeyPresses
    from .sound import Sound
    from .theme import Theme


class Scene:
    """Base class of every screen. Subclasses override what they need."""

    opaque = True  # False: an overlay; the scene below is drawn first
    name = "scene"  # short id used by tests and the pilot ("title", "table", ...)

    @property
    def animating(self) -> bool:
        """Whether anything on the screen moves. While it does the App draws every frame;
        while it does not the loop rests, drawing only on input or when :meth:`picture`
        changes. A still screen says so with ``animating = False`` (a moving one with a
        property); every screen says which it is (``tests/ui/test_screens.py``), because
        one that forgot would keep the loop drawing forever."""
        return True

    def __init__(self, app: AppAPI) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene is pushed."""

    def exit(self) -> None:
        """Called when the scene is popped."""

    def on_result(self, value: ModalResult) -> None:
        """A scene this one pushed has popped with ``value``."""

    def covered(self) -> None:
        """An opaque scene was pushed over this one: it is neither drawn nor updated until
        that scene pops (a scene may let go of what it only needs on screen)."""

    def settings_changed(self) -> None:
        """The player's settings were changed and saved (the App tells every scene)."""

    def language_changed(self, size: tuple[int, int]) -> None:
        """The player's language changed: build the words again (by default as for a new
        window size, which builds every screen's words afresh)."""
        self.resize(size)

    def persist(self) -> None:
        """The window is closing: write what this scene keeps and wait until it is written."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Take an input event; True if it was used (lower scenes never see it)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (or, for an overlay, what lies over the scene below)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; re-make cached surfaces and layout."""

    def picture(self) -> object:
        """What a still scene shows, as a value that changes whenever its picture does
        (work finishing on another thread, a progress step). While the screen rests the
        App draws only on input, and again whenever this value changes."""
        return None


class SceneStack:
    """The stack of scenes. The last one is on top and gets input first."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scenes and scene.opaque:
            self.scenes[-1].covered()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self, value: ModalResult = None) -> Scene | None:
        """Close the top scene; the one under it is handed ``value`` (checked: a loose
        string is refused with a TypeError before anything closes)."""
        check_result(value)
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].on_result(value)
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Pop the top scene (without a result) and push ``scene``."""
        if self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def clear_to(self, scene: Scene) -> Scene:
        """Pop everything and push ``scene`` (e.g. back to the title)."""
        while self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def find(self, name: str) -> Scene | None:
        for scene in reversed(self.scenes):
            if scene.name == name:
                return scene
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        top = self.top
        return bool(top and top.handle(event))

    def update(self, dt: float) -> None:
        # Only the top scene advances; an overlay pauses what is below it.
        if self.scenes:
            self.scenes[-1].update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        for scene in self.scenes[max(first, 0) :]:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)

    def language_changed(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.language_changed(size)


class TableKind(Protocol):
    """What other screens read of a running table's configuration (a ``TableConfig``)."""

    @property
    def title(self) -> str:
        """The word for this table in its pause menu ("Replay"), or ""."""
        ...

    @property
    def caption(self) -> str:
        """A line about the table ("Demo: an AI in every seat"), or ""."""
        ...

    @property
    def saves(self) -> bool:
        """The game is saved after every play and recorded when it ends."""
        ...

    @property
    def review(self) -> bool:
        """The hand review is offered when a hand ends."""
        ...

    @property
    def goes_on(self) -> bool:
        """Each hand's breakdown moves on to the next hand by itself."""
        ...

    @property
    def practice(self) -> bool:
        """An unrated practice game (take-backs allowed; never rated nor counted)."""
        ...


class RunningTable(Protocol):
    """What other screens (the overlays, Scores, the App) may know of a running table."""

    art: CardArt  # the table's card faces (the hand-over panel draws the hands with them)

    @property
    def match(self) -> Match:
        """The game being played (the overlays read its scores; only the table plays it)."""
        ...

    @property
    def seats(self) -> list[Seat]:
        """Who sits where."""
        ...

    @property
    def config(self) -> TableKind:
        """What kind of table it is (a game, the demo, a replay)."""
        ...

    def seat_name(self, seat: int) -> str:
        """The name on a seat's plate."""
        ...

    @property
    def hints(self) -> dict[tuple[int, int], str]:
        """The hints you were shown at this table, by (hand, play of the hand): their words
        (a review quotes only these)."""
        ...

    def save_now(self) -> None:
        """Queue a save of the game in progress (a table that does not save ignores it)."""
        ...


class AppAPI(Protocol):
    """The running game, as the scenes see it."""

    stack: SceneStack
    theme: Theme
    sound: Sound
    settings: Settings
    dirs: Dirs
    keeps_files: bool  # False in the demo: settings, window place and games stay as they were
    seed: int | None
    rules_override: Rules | None  # the rules given on the command line for new games
    players_override: int | None  # the table size given on the command line for new games
    fullscreen: bool
    tip_shown: bool  # the how-to-play tip was shown this session
    keys: KeyPresses  # which key presses a panel that just opened may answer
    frames: int
    running: bool

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def anim_speed(self) -> str: ...

    @property
    def ai_pace(self) -> str: ...

    @property
    def table(self) -> RunningTable | None: ...

    def known(self) -> Known: ...

    def push(self, scene: Scene) -> Scene: ...

    def build_screen(self, name: str, *args: Any, **options: Any) -> Scene:
        """The screen called ``name`` (``ui/screens.py`` lists them), built, not shown."""
        ...

    def open(self, name: str, *args: Any, **options: Any) -> Scene:
        """Build the screen called ``name`` and show it on top."""
        ...

    def pop(self, value: ModalResult = None) -> Scene | None: ...

    def notify(self, text: str, seconds: float = 5.0) -> None: ...

    def update_settings(self, **changes: Any) -> None: ...

    def save_settings(self) -> None: ...

    def toggle_fullscreen(self) -> None: ...

    def new_game(self, seed: int | None = None, practice: bool = False) -> Scene: ...

    def continue_game(self) -> Scene | None: ...

    def to_title(self) -> None: ...

    def quit(self) -> None: ...

    def watch_replay(self, record: GameRecord, speed: str = "normal") -> Scene: ...
