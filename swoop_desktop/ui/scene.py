"""Scenes and the scene stack: push/pop is the only navigation.

A scene is one screen (title, table, settings, scores, how to play) or an
overlay (pause, hand over, game over, a confirmation). Input goes to the top
scene first; ``handle`` returns True when it took the event. Overlays set
``opaque = False`` so the scenes below are drawn first. A scene that pushed a
modal gets the modal's value in ``on_result`` when it pops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from .appapi import AppAPI


class Scene:
    """Base class of every screen. Subclasses override what they need."""

    opaque = True  # False: an overlay; the scene below is drawn first
    name = "scene"  # short id used by tests and the pilot ("title", "table", ...)

    def __init__(self, app: AppAPI) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene is pushed."""

    def exit(self) -> None:
        """Called when the scene is popped."""

    def on_result(self, value: Any) -> None:
        """A scene this one pushed has popped with ``value``."""

    def covered(self) -> None:
        """An opaque scene was pushed over this one: it is neither drawn nor updated until
        that scene pops (a scene may let go of what it only needs on screen)."""

    def settings_changed(self) -> None:
        """The player's settings were changed and saved (the App tells every scene)."""

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

    def pop(self, value: Any = None) -> Scene | None:
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
