"""Sound effects synthesized by the program (no files, no numpy): place, swoop, pick-up, flip.

Samples are built with :mod:`array` at start-up (a few milliseconds) and
played through ``pygame.mixer``. With no sound device the game stays silent
rather than failing. Volume is 0-100; mute silences everything.
"""

from __future__ import annotations

import math
import random
from array import array

import pygame

RATE = 22050


def _noise_burst(rng: random.Random, ms: float, decay: float, smooth: float, gain: float
                 ) -> list[float]:
    n = int(RATE * ms / 1000)
    out, y = [], 0.0
    for i in range(n):
        y += smooth * (rng.uniform(-1, 1) - y)
        out.append(y * gain * math.exp(-decay * i / n))
    return out


def _tone(freq: float, ms: float, gain: float, decay: float = 4.0, sweep: float = 0.0
          ) -> list[float]:
    n = int(RATE * ms / 1000)
    out, phase = [], 0.0
    for i in range(n):
        f = freq * (1 + sweep * i / n)
        phase += 2 * math.pi * f / RATE
        attack = min(1.0, i / (RATE * 0.004))
        out.append(math.sin(phase) * gain * attack * math.exp(-decay * i / n))
    return out


def _mix(*parts: tuple[int, list[float]]) -> list[float]:
    """Mix (offset_ms, samples) parts into one buffer."""
    length = max(int(RATE * off / 1000) + len(s) for off, s in parts)
    buf = [0.0] * length
    for off, samples in parts:
        start = int(RATE * off / 1000)
        for i, v in enumerate(samples):
            buf[start + i] += v
    return buf


def synthesize() -> dict[str, list[float]]:
    """Every effect as float samples in -1..1 (deterministic)."""
    rng = random.Random(7)
    place = _mix((0, _noise_burst(rng, 70, 7, 0.35, 0.8)), (0, _tone(180, 60, 0.35, 8)))
    flip = _mix((0, _noise_burst(rng, 45, 5, 0.6, 0.6)), (15, _noise_burst(rng, 40, 6, 0.5, 0.4)))
    pickup = _mix(*[(i * 28, _noise_burst(rng, 50, 6, 0.4, 0.45)) for i in range(10)])
    whoosh_n = int(RATE * 0.45)
    whoosh, y = [], 0.0
    for i in range(whoosh_n):
        t = i / whoosh_n
        smooth = 0.05 + 0.5 * t
        y += smooth * (rng.uniform(-1, 1) - y)
        whoosh.append(y * 0.9 * math.sin(math.pi * t))
    swoop = _mix((0, whoosh), (250, _tone(660, 260, 0.3, 3)), (330, _tone(990, 300, 0.25, 3)))
    illegal = _mix((0, _tone(150, 160, 0.35, 2)), (60, _tone(120, 160, 0.3, 2)))
    turn = _tone(880, 90, 0.12, 6)
    over = _mix((0, _tone(523, 300, 0.3, 2)), (150, _tone(659, 300, 0.3, 2)),
                (300, _tone(784, 500, 0.3, 2)))
    return {"place": place, "flip": flip, "pickup": pickup, "swoop": swoop,
            "illegal": illegal, "turn": turn, "over": over}


class Sound:
    """``sound.play("place")``; ``volume`` 0-100 and ``muted`` are read on every play."""

    def __init__(self, volume: int = 70, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # the last few names played (tests read it)
        self.available = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            init = pygame.mixer.get_init()
            if init is None:
                return
            channels = init[2]
            for name, samples in synthesize().items():
                ints = array("h", (max(-32767, min(32767, int(v * 32767))) for v in samples))
                if channels > 1:
                    wide = array("h", bytes(len(ints) * 2 * channels))
                    for c in range(channels):
                        wide[c::channels] = ints
                    ints = wide
                self.sounds[name] = pygame.mixer.Sound(buffer=ints.tobytes())
            self.available = True
        except (pygame.error, OSError):
            self.sounds = {}

    def play(self, name: str) -> None:
        self.played.append(name)
        del self.played[:-20]
        if self.muted or self.volume <= 0:
            return
        snd = self.sounds.get(name)
        if snd is not None:
            snd.set_volume(max(0, min(100, self.volume)) / 100)
            snd.play()
