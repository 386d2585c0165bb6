"""Tweens and the animation queue that plays engine events, one step after another.

A :class:`CardSprite` is where a card is drawn (its centre, size, face up or
down, a turn-over in progress). A :class:`Tween` moves a sprite to a new
place and size along an eased curve (pytweening), optionally lifted in an
arc. The :class:`Animator` runs a queue of :class:`Step` s: each step, when it
starts, changes the picture (moves cards in the view) and returns the
tweens that show the change; the next step starts when they are finished.
The speed setting scales every duration (``instant`` makes them zero) and
``skip()`` finishes everything queued at once. Time is virtual: the caller
passes ``dt``, so tests are exact and never wait.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pytweening

from swoop_desktop.choices import AnimationSpeed

SPEEDS: dict[str, float] = {
    AnimationSpeed.SLOW: 1.6,
    AnimationSpeed.NORMAL: 1.0,
    AnimationSpeed.FAST: 0.5,
    AnimationSpeed.INSTANT: 0.0,
}
Ease = Callable[[float], float]


@dataclass
class CardSprite:
    """One card on the table: centre (x, y), size (w, h), face up or down, drawing order."""

    id: int
    x: float = 0.0
    y: float = 0.0
    w: float = 10.0
    h: float = 14.0
    face_up: bool = False
    z: int = 0
    turn: float = 1.0  # 0..1 progress of a turn-over; 1 = settled
    moving: bool = False
    fade: float = 1.0  # 0..1 opacity while fading in (reduced motion)

    @property
    def rect(self) -> tuple[float, float, float, float]:
        return (self.x - self.w / 2, self.y - self.h / 2, self.w, self.h)

    def contains(self, pos: tuple[float, float]) -> bool:
        return abs(pos[0] - self.x) <= self.w / 2 and abs(pos[1] - self.y) <= self.h / 2

    def place(self, x: float, y: float, w: float, h: float) -> None:
        self.x, self.y, self.w, self.h = x, y, w, h


class Tween:
    """Move ``sprite`` to (x, y, w, h) in ``duration`` seconds after ``delay``.

    The start is taken when the delay ends, so a tween queued behind another
    starts from wherever the sprite really is. ``lift`` bows the path upward
    (pixels at the middle); ``turn_to`` turns the card over on the way.
    """

    def __init__(
        self,
        sprite: CardSprite,
        dest: tuple[float, float, float, float],
        duration: float,
        delay: float = 0.0,
        ease: Ease = pytweening.easeInOutCubic,
        lift: float = 0.0,
        turn_to: bool | None = None,
        on_top: bool = True,
    ) -> None:
        self.sprite = sprite
        self.on_top = on_top
        self.dest = dest
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.lift = lift
        self.turn_to = turn_to
        self.elapsed = 0.0
        self.start: tuple[float, float, float, float] | None = None
        self.done = False
        self.fade_only = False  # reduced motion: appear at the destination and fade in

    def _begin(self) -> None:
        s = self.sprite
        if self.fade_only:
            far = abs(s.x - self.dest[0]) + abs(s.y - self.dest[1]) > 2
            s.place(*self.dest)
            if self.turn_to is not None:
                s.face_up = self.turn_to
            s.turn = 1.0
            if far or self.turn_to is not None:
                s.fade = 0.0
        self.start = (s.x, s.y, s.w, s.h)
        s.moving = self.on_top
        if self.turn_to is not None and self.turn_to != s.face_up:
            s.turn = 0.0

    def update(self, dt: float) -> bool:
        """Advance; True when finished."""
        if self.done:
            return True
        self.elapsed += dt
        if self.start is None:
            if self.elapsed < self.delay:
                return False
            self._begin()
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        if t >= 1.0:
            self.finish()
            return True
        if self.fade_only:
            self.sprite.fade = max(self.sprite.fade, t)
            return False
        k = self.ease(t)
        assert self.start is not None
        x0, y0, w0, h0 = self.start
        x1, y1, w1, h1 = self.dest
        s = self.sprite
        s.x = x0 + (x1 - x0) * k
        s.y = y0 + (y1 - y0) * k - self.lift * math.sin(math.pi * t)
        s.w = w0 + (w1 - w0) * k
        s.h = h0 + (h1 - h0) * k
        if self.turn_to is not None and s.turn < 1.0:
            s.turn = t
            if t >= 0.5:
                s.face_up = self.turn_to
        return False

    def finish(self) -> None:
        if self.start is None:
            self._begin()
        s = self.sprite
        s.place(*self.dest)
        if self.turn_to is not None:
            s.face_up = self.turn_to
        s.turn = 1.0
        s.fade = 1.0
        s.moving = False
        self.done = True


class Step:
    """One beat of the show: ``begin()`` changes the view and returns tweens.

    ``hold`` keeps the step going a little after its tweens (e.g. to let a
    "Swoop!" banner be read); it is scaled by the speed like every duration.
    """

    def __init__(
        self, begin: Callable[[], list[Tween]], hold: float = 0.0, label: str = ""
    ) -> None:
        self.begin = begin
        self.hold = hold
        self.label = label
        self.tweens: list[Tween] = []
        self.left = 0.0
        self.started = False

    def start(self, scale: float, reduced: bool = False) -> None:
        self.started = True
        self.tweens = self.begin() or []
        if reduced:
            for tw in self.tweens:
                tw.fade_only, tw.lift = True, 0.0
                tw.duration = min(tw.duration, 0.25)
                tw.delay = 0.0
        if scale != 1.0:
            for tw in self.tweens:
                tw.duration *= scale
                tw.delay *= scale
        self.left = self.hold * scale

    def update(self, dt: float) -> bool:
        alive = False
        for tw in self.tweens:
            if not tw.update(dt):
                alive = True
        self.left -= dt
        return not alive and self.left <= 0

    def finish(self) -> None:
        for tw in self.tweens:
            tw.finish()
        self.left = 0.0


class Animator:
    """A queue of steps played in order, with a speed and a skip."""

    def __init__(self, speed: str = "normal") -> None:
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.scale = SPEEDS.get(speed, 1.0)
        self.loose: list[Tween] = []  # tweens outside the queue (snap-backs, hand re-layout)
        self.reduced = False  # reduced motion: cards fade in where they land, never fly

    def set_speed(self, speed: str) -> None:
        self.scale = SPEEDS.get(speed, 1.0)

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def add(self, step: Step) -> None:
        self.queue.append(step)

    def tween(self, tween: Tween) -> None:
        """Run a tween now, beside the queue (it never delays the queue)."""
        tween.duration *= self.scale
        tween.delay *= self.scale
        if self.reduced:
            tween.duration, tween.delay, tween.lift = 0.0, 0.0, 0.0
        self.loose = [t for t in self.loose if t.sprite is not tween.sprite]
        self.loose.append(tween)

    def finish_loose(self) -> None:
        """Land the tweens outside the queue (the queue goes on as before)."""
        for tw in self.loose:
            tw.finish()
        self.loose = []

    def cancel_loose(self, sprite: CardSprite) -> None:
        self.loose = [t for t in self.loose if t.sprite is not sprite]

    def update(self, dt: float) -> None:
        if self.loose:
            self.loose = [t for t in self.loose if not t.update(dt)]
        guard = 0
        while guard < 10_000:
            guard += 1
            if self.current is None:
                if not self.queue:
                    return
                self.current = self.queue.popleft()
                self.current.start(self.scale, self.reduced)
            if self.current.update(dt):
                self.current = None
                dt = 0.0  # the next step starts this frame; instant steps all run now
                continue
            return

    def drop(self) -> None:
        """Forget the current step and every queued one without showing them (the
        position they showed was taken back: the picture is laid out anew)."""
        self.queue.clear()
        self.current = None
        self.loose = []

    def skip(self) -> None:
        """Finish the current step and every queued one, at once."""
        for tw in self.loose:
            tw.finish()
        self.loose = []
        guard = 0
        while (self.current is not None or self.queue) and guard < 100_000:
            guard += 1
            if self.current is None:
                self.current = self.queue.popleft()
                self.current.start(0.0)
            self.current.finish()
            self.current = None
