"""A headless pilot: drive the real App the way a person does, without a screen.

    from swoop_desktop.ui.pilot import Pilot
    with Pilot(size=(1280, 720), seed=5, start="table") as pilot:
        pilot.wait_for_turn()
        card = pilot.table.match.state.hand_ids(0)[0]
        pilot.drag(card, "pile")
        pilot.press(pygame.K_h)
        pilot.screenshot("shot.png")

It sets ``SDL_VIDEODRIVER=dummy`` (and a dummy audio driver) before pygame
starts, posts real pygame events (mouse down / motion / up, key down / up,
window resizes) and steps frames with a virtual clock (``advance``), so a
test never waits on wall time. Posted mouse events carry ``pos`` and
``button``; the game reads those, never ``pygame.mouse``.

``draws="every"`` (the default) draws every frame, as the game does. With
``draws="seen"`` a stretch of frames (``step(n)``, ``advance``, ``until``,
``wait_for_turn``, a click or a drag) draws only its last frame, the one a test
can look at, besides each new screen's first frame and the frames of a still screen;
the frames between run everything but their drawing, so the game plays the same
(``tests/ui/test_pilot_drawing.py``) for a fraction of the time. The tests use
``seen`` unless marked ``every_frame`` (``tests/conftest.py``).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from swoop_desktop.choices import HUMAN_SEAT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from .app import DEFAULT_SIZE, App  # noqa: E402

FRAME = 1 / 60
Target = int | str | tuple[int, int]
#: Every frame drawn, or only those a test can see (see the module's words).
DRAWS = ("every", "seen")


class Pilot:
    """Starts an App headless and plays it through real input events."""

    #: How a pilot draws when not told (``draws``): "every" frame, or those "seen".
    draws = "every"
    #: The window a pilot opens when not told (``size``): the game's own first window.
    size = DEFAULT_SIZE
    _in_gesture = False

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        data_dir: str | Path | None = None,
        seed: int | None = 1,
        start: str = "table",
        speed: str | None = "instant",
        pace: str | None = "instant",
        rules: Any = None,
        demo: bool = False,
        draws: str | None = None,
        players: int | None = None,
    ) -> None:
        if draws is not None:
            self.draws = draws
        if self.draws not in DRAWS:
            raise ValueError(f"draws is one of {DRAWS}, not {self.draws!r}")
        self.app = App(
            size=self.size if size is None else size,
            data_dir=None if data_dir is None else str(data_dir),
            seed=seed,
            speed=speed,
            pace=pace,
            rules=rules,
            start=start,
            demo=demo,
            players=players,
        )
        self.dt = FRAME
        self.step()

    # ------------------------------------------------------------- context
    def __enter__(self) -> Pilot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.app.shutdown()

    # --------------------------------------------------------------- frames
    def _frame(self, draw: bool = True) -> None:
        """One frame, drawn unless only the frames a test can see are drawn (then the
        stretch's last frame is drawn by :meth:`_seen`)."""
        self.app.step(self.dt, draw=draw, shown=self.draws == "every")
        if self.app.unshown and draw:
            table = self.app.table
            if table is not None and table.thinking is not None:
                # An AI thinks on a thread: a frame not drawn would take the interpreter
                # from it at once; it waits about what drawing the frame took instead.
                time.sleep(0.002)

    def _seen(self) -> None:
        """The end of a stretch of frames: its last frame is drawn, for the test to see."""
        self.app.show()

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self._frame()
        if not self._in_gesture:
            self._seen()

    @contextlib.contextmanager
    def _gesture(self) -> Iterator[None]:
        """One gesture (a click, a drag) is one stretch of frames: with ``draws="seen"``
        only its last frame is drawn, for a test cannot look in the middle of it."""
        outer = self._in_gesture
        self._in_gesture = True
        try:
            yield
        finally:
            self._in_gesture = outer
            if not outer:
                self._seen()

    def advance(self, seconds: float) -> None:
        """Run frames for ``seconds`` of virtual time."""
        self.step(max(1, int(round(seconds / self.dt))))

    def until(self, condition: Callable[[], bool], seconds: float = 30.0) -> bool:
        """Step frames until ``condition()`` holds (True) or ``seconds`` pass (False).

        As in the real loop, a still screen at rest is not drawn again until something
        changes (``App.step(draw=False)``), so a wait for a worker (a review, a bot, the
        daily deal's hard game) leaves the interpreter to the worker: a frame not drawn
        waits 5 ms instead, so ``seconds`` of frames still take some time."""
        try:
            for _ in range(int(seconds / self.dt)):
                if condition():
                    return True
                drawn = self.app.frames
                self._frame(draw=False)
                if self.app.unshown:
                    # Waiting for something, a frame not drawn takes about the time a
                    # drawn one would: ``seconds`` of frames give the work as long.
                    time.sleep(0.002)
                elif self.app.frames == drawn:
                    time.sleep(0.005)
            return condition()
        finally:
            self._seen()

    # ---------------------------------------------------------------- scenes
    @property
    def top(self):
        return self.app.stack.top

    @property
    def table(self):
        return self.app.table

    def wait_for_turn(self, seconds: float = 60.0) -> bool:
        """Step until it is the player's play and the table is idle (overlays dismissed)."""

        def ready() -> bool:
            top = self.top
            if top is not None and top.name == "hand_over":
                top.next_hand()
                return False
            t = self.table
            return (
                t is not None
                and top is t
                and t.idle
                and t.state is not None
                and not t.state.is_over
                and t.state.to_move == HUMAN_SEAT
            )

        return self.until(ready, seconds)

    # ----------------------------------------------------------------- input
    def post(self, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def mouse_down(self, pos: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=button)
        self.step()

    def mouse_up(self, pos: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=tuple(pos), button=button)
        self.step()

    def move(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.post(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0), buttons=buttons)
        self.step()

    def click(self, target: Target, button: int = 1) -> None:
        pos = self.pos_of(target)
        with self._gesture():
            self.mouse_down(pos, button)
            self.mouse_up(pos, button)

    def double_click(self, target: Target) -> None:
        with self._gesture():
            self.click(target)
            self.click(target)

    def drag(self, source: Target, target: Target, steps: int = 8) -> None:
        """Press on ``source`` (a card id or a point), move in ``steps``, release on ``target``."""
        start = self.pos_of(source)
        end = self.pos_of(target)
        with self._gesture():
            self.mouse_down(start)
            for i in range(1, steps + 1):
                k = i / steps
                self.move(
                    (
                        int(start[0] + (end[0] - start[0]) * k),
                        int(start[1] + (end[1] - start[1]) * k),
                    ),
                    buttons=(1, 0, 0),
                )
            self.mouse_up(end)

    def press(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.step()

    def scroll(self, pos: tuple[int, int], y: int) -> None:
        self.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, pos=tuple(pos))
        self.step()

    def resize(self, size: tuple[int, int]) -> None:
        self.post(pygame.VIDEORESIZE, size=tuple(size), w=size[0], h=size[1])
        self.step()

    # ------------------------------------------------------------- looking
    def card_rect(self, card: int) -> pygame.Rect | None:
        """Where card ``card`` is drawn now (None if it is not on the table)."""
        table = self.table
        s = table.model.sprites.get(card) if table is not None else None
        if s is None:
            return None
        x, y, w, h = s.rect
        return pygame.Rect(int(x), int(y), int(w), int(h))

    def pile_rect(self) -> pygame.Rect:
        return self.table.model.lay.pile_drop_rect

    def pos_of(self, target: Target) -> tuple[int, int]:
        if isinstance(target, str):
            if target == "pile":
                return self.pile_rect().center
            raise ValueError(f"unknown target {target!r} (use a card id, 'pile' or (x, y))")
        if isinstance(target, int):
            rect = self.card_rect(target)
            if rect is None:
                raise ValueError(f"card {target} is not on the table")
            return self._visible_point(target, rect)
        return (int(target[0]), int(target[1]))

    def _visible_point(self, card: int, rect: pygame.Rect) -> tuple[int, int]:
        """A point of the card not covered by a card drawn above it (its visible strip)."""
        table = self.table
        for fx in (0.12, 0.3, 0.5, 0.75):
            for fy in (0.5, 0.25, 0.8):
                p = (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
                if table.input.card_at(p) == card or card not in table.model.view.seat_cards(
                    HUMAN_SEAT
                ):
                    return p
        return rect.center

    def screenshot(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.app.screen, str(path))
        return path
