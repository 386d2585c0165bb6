"""A won game's celebration over the final sheet: cards burst from the pile and fall.

The cards fly out of the middle of the table (where the pile is), tumble down under
gravity, bounce once off the bottom of the window and fade, in the spirit of the
card-game collections' winning cascades. It lasts a couple of seconds at most and is
drawn *over* the sheet, which stays readable beneath it the whole time; any click or
key ends it at once. With reduced motion nothing flies: a ring of cards fades in
around the sheet where they stand, and out again, in under a second. With the
animation speed at "instant" there is no animation (the sound and the sheet's words
still say it).

Plain data first (how long, where each card is at a moment: easy to test), then the
drawing.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from ..cards import CardArt, card_size

#: Seconds the celebration lasts, by animation speed (reduced motion: :data:`CALM_S`).
DURATION_S = {"slow": 2.4, "normal": 2.0, "fast": 1.4, "instant": 0.0}
#: Reduced motion: the ring of cards fades in and out where it stands, this long.
CALM_S = 0.9
#: Cards in the burst (and in the calm ring).
CARDS = 28
#: The last part of the celebration in which the cards fade away.
FADE_S = 0.45


def duration(speed: str, reduced_motion: bool) -> float:
    """How long a celebration lasts at this animation speed (0: none is drawn)."""
    full = DURATION_S.get(speed, DURATION_S["normal"])
    if full <= 0:
        return 0.0
    return min(full, CALM_S) if reduced_motion else full


@dataclass
class Flyer:
    """One card of the burst: where it starts, its speed (pixels a second) and face."""

    card: int
    x: float
    y: float
    vx: float
    vy: float
    delay: float  # seconds after the start it leaves the pile
    tilt: int  # degrees, fixed for the card's whole flight (turned once, not per frame)


class Celebration:
    """The burst of cards (or, with reduced motion, the calm ring) for a won game.

    ``update(dt)`` moves it on; ``done`` says it is over (or was skipped); ``draw``
    lays it over whatever is on the surface."""

    def __init__(
        self,
        size: tuple[int, int],
        art: CardArt,
        around: pygame.Rect,
        speed: str = "normal",
        reduced_motion: bool = False,
        seed: int = 0,
    ) -> None:
        self.size = size
        self.art = art
        self.around = pygame.Rect(around)
        self.reduced = reduced_motion
        self.length = duration(speed, reduced_motion)
        self.elapsed = 0.0
        self.skipped = False
        w, h = size
        u = min(w / 1280, h / 720)
        self.card = card_size(max(40, 96 * u))
        self.gravity = 1700 * u
        rng = random.Random(seed)
        cards = [rng.randrange(54) for _ in range(CARDS)]
        self.flyers: list[Flyer] = []
        for i, card in enumerate(cards):
            angle = math.radians(rng.uniform(-160, -20))  # upwards, fanned out
            power = rng.uniform(700, 1250) * u
            self.flyers.append(
                Flyer(
                    card,
                    w / 2,
                    h / 2,
                    math.cos(angle) * power,
                    math.sin(angle) * power,
                    delay=i * min(0.025, self.length / (3 * CARDS)) if self.length else 0.0,
                    tilt=rng.randrange(-30, 31),
                )
            )
        self._pictures: dict[int, pygame.Surface] = {}

    # ------------------------------------------------------------------ the clock
    @property
    def done(self) -> bool:
        return self.skipped or self.elapsed >= self.length

    def skip(self) -> None:
        """End it at once (any click or key)."""
        self.skipped = True
        self._pictures = {}

    def update(self, dt: float) -> None:
        self.elapsed += max(0.0, dt)
        if self.done:
            self._pictures = {}

    def alpha(self) -> int:
        """How opaque the cards are now: fading in (reduced motion) and out at the end."""
        t, length = self.elapsed, self.length
        if length <= 0 or self.done:
            return 0
        out = min(1.0, (length - t) / min(FADE_S, length / 2))
        into = min(1.0, t / (length / 3)) if self.reduced else 1.0
        return max(0, min(255, int(255 * min(out, into))))

    # -------------------------------------------------------------- where cards are
    def position(self, flyer: Flyer, t: float) -> tuple[float, float] | None:
        """Where ``flyer``'s top-left corner is ``t`` seconds into the burst (None: still
        in the pile). It falls under gravity and bounces once, softly, off the bottom."""
        t -= flyer.delay
        if t < 0:
            return None
        cw, ch = self.card
        floor = self.size[1] - ch
        x = flyer.x + flyer.vx * t
        y = flyer.y + flyer.vy * t + self.gravity * t * t / 2
        if y > floor:
            # The moment it reached the floor, and a bounce at half the speed from there.
            a, b, c = self.gravity / 2, flyer.vy, flyer.y - floor
            hit = (-b + math.sqrt(max(0.0, b * b - 4 * a * c))) / (2 * a)
            speed = (flyer.vy + self.gravity * hit) * 0.45
            s = t - hit
            y = min(floor, floor - speed * s + self.gravity * s * s / 2)
        return x - cw / 2, y - ch / 2

    def ring(self) -> list[tuple[int, int]]:
        """Reduced motion: where the still cards stand, astride the sheet's edge at its
        corners and down its sides (clear of the heading and the buttons)."""
        rect, (cw, ch) = self.around, self.card
        w, h = self.size
        spots = []
        for fx, fy in (
            (0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0),
            (0.0, 0.35), (1.0, 0.35), (0.0, 0.65), (1.0, 0.65),
            (0.12, 0.0), (0.88, 0.0),
        ):  # fmt: skip
            x = rect.left + fx * rect.width - cw / 2
            y = rect.top + fy * rect.height - ch / 2
            spots.append((int(max(0, min(w - cw, x))), int(max(0, min(h - ch, y)))))
        return spots

    # ------------------------------------------------------------------- drawing
    def _picture(self, flyer: Flyer) -> pygame.Surface:
        key = id(flyer)
        pic = self._pictures.get(key)
        if pic is None:
            face = self.art.face(flyer.card, self.card)
            pic = pygame.transform.rotate(face, 0 if self.reduced else flyer.tilt)
            self._pictures[key] = pic
        return pic

    def draw(self, surface: pygame.Surface) -> int:
        """Lay the cards over ``surface`` as they are now; returns how many were drawn."""
        alpha = self.alpha()
        if alpha <= 0:
            return 0
        drawn = 0
        if self.reduced:
            for flyer, (x, y) in zip(self.flyers, self.ring(), strict=False):
                pic = self._picture(flyer)
                pic.set_alpha(alpha)
                surface.blit(pic, (x, y))
                drawn += 1
            return drawn
        for flyer in self.flyers:
            where = self.position(flyer, self.elapsed)
            if where is None:
                continue
            pic = self._picture(flyer)
            pic.set_alpha(alpha)
            surface.blit(pic, (int(where[0]), int(where[1])))
            drawn += 1
        return drawn
