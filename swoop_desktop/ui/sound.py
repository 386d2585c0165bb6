"""Sound effects synthesized by the program (no files, no numpy): place, swoop, pick-up, flip,
and a won game's fanfare.

Each effect is a few noise bursts and tones mixed with :mod:`array`-ready
samples. Synthesis in pure Python takes a while (~0.1 s for all of them), so
it never blocks start-up or a frame: ``Sound.warm(budget)`` is called once a
frame and builds samples for at most ``budget`` seconds; an effect asked for
before it is ready is simply skipped. With no sound device the game stays
silent rather than failing. Volume is 0-100; mute silences everything.
"""

from __future__ import annotations

import math
import random
import time
from array import array
from collections.abc import Callable, Iterator

import pygame

RATE = 22050
Part = tuple[float, Callable[[], Iterator[float]]]  # (offset in ms, sample generator)


def _noise_burst(
    seed: int, ms: float, decay: float, smooth: float, gain: float
) -> Callable[[], Iterator[float]]:
    def gen() -> Iterator[float]:
        rng = random.Random(seed)
        n = int(RATE * ms / 1000)
        y = 0.0
        for i in range(n):
            y += smooth * (rng.uniform(-1, 1) - y)
            yield y * gain * math.exp(-decay * i / n)

    return gen


def _tone(freq: float, ms: float, gain: float, decay: float = 4.0) -> Callable[[], Iterator[float]]:
    def gen() -> Iterator[float]:
        n = int(RATE * ms / 1000)
        step = 2 * math.pi * freq / RATE
        attack = RATE * 0.004
        for i in range(n):
            yield math.sin(step * i) * gain * min(1.0, i / attack) * math.exp(-decay * i / n)

    return gen


def _whoosh(seed: int, ms: float) -> Callable[[], Iterator[float]]:
    def gen() -> Iterator[float]:
        rng = random.Random(seed)
        n = int(RATE * ms / 1000)
        y = 0.0
        for i in range(n):
            t = i / n
            y += (0.05 + 0.5 * t) * (rng.uniform(-1, 1) - y)
            yield y * 0.9 * math.sin(math.pi * t)

    return gen


EFFECTS: dict[str, list[Part]] = {
    "place": [(0, _noise_burst(1, 70, 7, 0.35, 0.8)), (0, _tone(180, 60, 0.35, 8))],
    "flip": [(0, _noise_burst(2, 45, 5, 0.6, 0.6)), (15, _noise_burst(3, 40, 6, 0.5, 0.4))],
    "pickup": [(i * 28, _noise_burst(10 + i, 50, 6, 0.4, 0.45)) for i in range(10)],
    "swoop": [
        (0, _whoosh(4, 450)),
        (250, _tone(660, 260, 0.3, 3)),
        (330, _tone(990, 300, 0.25, 3)),
    ],
    "illegal": [(0, _tone(150, 160, 0.35, 2)), (60, _tone(120, 160, 0.3, 2))],
    "turn": [(0, _tone(880, 90, 0.12, 6))],
    "over": [
        (0, _tone(523, 300, 0.3, 2)),
        (150, _tone(659, 300, 0.3, 2)),
        (300, _tone(784, 500, 0.3, 2)),
    ],
    # A won game: a rising fanfare over a shower of bright clicks, like cards let go.
    "cheer": [
        (0, _whoosh(5, 380)),
        (60, _tone(523, 220, 0.22, 3)),
        (180, _tone(659, 220, 0.22, 3)),
        (300, _tone(784, 220, 0.22, 3)),
        (420, _tone(1047, 700, 0.26, 2.5)),
        (420, _tone(784, 700, 0.14, 2.5)),
        *[(120 + i * 45, _noise_burst(30 + i, 30, 6, 0.7, 0.22)) for i in range(16)],
    ],
    # A new best as well: two high chimes after the fanfare.
    "best": [(650, _tone(1319, 380, 0.18, 3)), (820, _tone(1568, 520, 0.18, 3))],
}


class _Builder:
    """Mixes one effect's parts into a buffer, a slice of work at a time."""

    def __init__(self, parts: list[Part]) -> None:
        self.parts = list(parts)
        self.buf: list[float] = []
        self.current: tuple[int, Iterator[float]] | None = None

    def work(self, deadline: float) -> bool:
        """Build until ``deadline`` (perf_counter); True when the effect is complete."""
        while True:
            if self.current is None:
                if not self.parts:
                    return True
                offset, make = self.parts.pop(0)
                self.current = (int(RATE * offset / 1000), make())
            pos, gen = self.current
            buf = self.buf
            for _ in range(512):
                value = next(gen, None)
                if value is None:
                    self.current = None
                    break
                if pos < len(buf):
                    buf[pos] += value
                else:
                    buf.append(value)
                pos += 1
            else:
                self.current = (pos, gen)
            if time.perf_counter() > deadline:
                return self.current is None and not self.parts


def synthesize(names: list[str] | None = None) -> dict[str, list[float]]:
    """Every effect (or the named ones) as float samples in -1..1, all at once (deterministic)."""
    out = {}
    for name in names or list(EFFECTS):
        builder = _Builder(EFFECTS[name])
        builder.work(float("inf"))
        out[name] = builder.buf
    return out


#: Effects made only while the screen rests (see Sound.warm_at_rest).
LATER = ("cheer", "best")

#: Finished effects as mono 16-bit samples, kept for the process: the synthesis is
#: deterministic, so a second window (a new App in the same process) never makes one again.
_MADE: dict[str, array[int]] = {}


class Sound:
    """``sound.play("place")``; ``volume`` 0-100 and ``muted`` are read on every play."""

    def __init__(self, volume: int = 70, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # the last few names played (tests read it)
        self.available = False
        self.channels = 1
        self._todo = [n for n in EFFECTS if n not in LATER]
        # The celebration's sounds are made only while the screen rests (a player
        # thinking): built in moving frames they cost every frame of a first game.
        self._later = [n for n in EFFECTS if n in LATER]
        self._builder: _Builder | None = None
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
            if init is not None:
                self.channels = init[2]
                self.available = True
        except (pygame.error, OSError):
            self.available = False
        if not self.available:
            self._todo = []
            self._later = []

    @property
    def ready(self) -> bool:
        """The effects of play are made (the celebration's come later, at rest)."""
        return not self._todo

    def warm_at_rest(self, budget_s: float = 0.01) -> None:
        """Make the celebration's sounds for up to ``budget_s`` (the App calls this while
        the screen rests, once the effects of play are made)."""
        if self._todo or not self._later:
            return
        self._todo.append(self._later.pop(0))
        self.warm(budget_s)

    def warm(self, budget_s: float = 0.002) -> None:
        """Synthesize effects for at most ``budget_s`` seconds (call once a frame)."""
        deadline = time.perf_counter() + budget_s
        while self._todo:
            name = self._todo[0]
            if name in _MADE:  # made by another window: taken at once, whatever the budget
                self._sound(name, _MADE[name])
                self._todo.pop(0)
                continue
            if time.perf_counter() >= deadline:
                return
            if self._builder is None:
                self._builder = _Builder(EFFECTS[name])
            if not self._builder.work(deadline):
                return
            self._make(name, self._builder.buf)
            self._builder = None
            self._todo.pop(0)

    def _make(self, name: str, samples: list[float]) -> None:
        ints = array("h", (max(-32767, min(32767, int(v * 32767))) for v in samples))
        _MADE[name] = ints
        self._sound(name, ints)

    def _sound(self, name: str, ints: array[int]) -> None:
        """The mixer's sound for mono samples ``ints``, widened to the mixer's channels."""
        if self.channels > 1:
            wide = array("h", bytes(len(ints) * 2 * self.channels))
            for c in range(self.channels):
                wide[c :: self.channels] = ints
            ints = wide
        try:
            self.sounds[name] = pygame.mixer.Sound(buffer=ints.tobytes())
        except pygame.error:
            self.available = False
            self._todo = []

    def play(self, name: str) -> None:
        self.played.append(name)
        del self.played[:-20]
        if self.muted or self.volume <= 0:
            return
        snd = self.sounds.get(name)
        if snd is None and name in self._later:  # a win before any rest: made now, once
            self._later.remove(name)
            if name in _MADE:
                self._sound(name, _MADE[name])
            else:
                self._make(name, synthesize([name])[name])
            snd = self.sounds.get(name)
        if snd is not None:
            snd.set_volume(max(0, min(100, self.volume)) / 100)
            snd.play()
