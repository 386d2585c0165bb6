"""Card faces and backs, drawn by the program and cached per size.

Nothing is downloaded or shipped as art: every face is drawn at three times
its size (suits as shapes, large bold indices) and smooth-scaled down, so it
is crisp at every window size. Swoop cards (10s and Jokers, or only Jokers
when 10s are ordinary) get a thick accent frame and a "SWOOP" tag so they
stand out anywhere. Surfaces are cached per (card face, size); ``clear``
drops them when the window is resized.
"""

from __future__ import annotations

import ctypes
import gc
import math
import sys
from typing import TYPE_CHECKING

import pygame

from swoop_desktop.engine import card_rank, card_suit

from .theme import Theme

if TYPE_CHECKING:
    from swoop_desktop.engine import Rules
    from swoop_desktop.storage import Settings

SUPERSAMPLE = 3  # small cards are drawn 3x larger and scaled down; big ones 2x


def supersample(size: tuple[int, int]) -> int:
    return SUPERSAMPLE if size[1] < 110 else 2


RANK_TEXT = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "★"}
RANK_TEXT.update({r: str(r) for r in range(2, 10)})
COURT_NAMES = {11: "JACK", 12: "QUEEN", 13: "KING"}
CARD_RATIO = 1.4  # height / width


def card_size(height: float) -> tuple[int, int]:
    """Width and height of a card of the given height (cards are 5:7)."""
    h = max(14, int(height))
    return max(10, int(round(h / CARD_RATIO))), h


# ------------------------------------------------------------------ suit shapes
def draw_suit(
    surface: pygame.Surface,
    suit: int,
    centre: tuple[float, float],
    size: float,
    colour: tuple[int, int, int],
) -> None:
    """Draw a suit (0 clubs, 1 diamonds, 2 hearts, 3 spades, 4/5 joker star) as shapes."""
    cx, cy = centre
    s = size

    def circle(x: float, y: float, r: float) -> None:
        pygame.draw.circle(surface, colour, (round(x), round(y)), max(1, round(r)))

    def poly(points: list[tuple[float, float]]) -> None:
        pygame.draw.polygon(surface, colour, [(round(x), round(y)) for x, y in points])

    if suit == 1:  # diamond
        poly([(cx, cy - 0.5 * s), (cx + 0.38 * s, cy), (cx, cy + 0.5 * s), (cx - 0.38 * s, cy)])
    elif suit == 2:  # heart
        r = 0.25 * s
        circle(cx - 0.22 * s, cy - 0.2 * s, r)
        circle(cx + 0.22 * s, cy - 0.2 * s, r)
        poly(
            [(cx - 0.465 * s, cy - 0.12 * s), (cx + 0.465 * s, cy - 0.12 * s), (cx, cy + 0.45 * s)]
        )
    elif suit == 3:  # spade
        r = 0.24 * s
        circle(cx - 0.22 * s, cy + 0.1 * s, r)
        circle(cx + 0.22 * s, cy + 0.1 * s, r)
        poly(
            [(cx - 0.455 * s, cy + 0.04 * s), (cx + 0.455 * s, cy + 0.04 * s), (cx, cy - 0.48 * s)]
        )
        poly([(cx, cy + 0.05 * s), (cx - 0.17 * s, cy + 0.5 * s), (cx + 0.17 * s, cy + 0.5 * s)])
    elif suit == 0:  # club
        r = 0.21 * s
        circle(cx, cy - 0.24 * s, r)
        circle(cx - 0.25 * s, cy + 0.07 * s, r)
        circle(cx + 0.25 * s, cy + 0.07 * s, r)
        circle(cx, cy + 0.02 * s, r * 0.6)
        poly([(cx, cy - 0.02 * s), (cx - 0.17 * s, cy + 0.5 * s), (cx + 0.17 * s, cy + 0.5 * s)])
    else:  # a five-pointed star for the jokers
        pts = []
        for i in range(10):
            angle = -math.pi / 2 + i * math.pi / 5
            rad = 0.5 * s if i % 2 == 0 else 0.21 * s
            pts.append((cx + rad * math.cos(angle), cy + rad * math.sin(angle)))
        poly(pts)


#: Blocks of this many bytes or more (a window-sized picture, a page's panel, a big
#: card being drawn) are mapped on their own and go back to the system when freed.
OWN_PAGES_BYTES = 256 * 1024
_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter


def keep_large_pictures_apart() -> None:
    """Give every block of :data:`OWN_PAGES_BYTES` or more pages of its own, for good.

    glibc starts so, but raises that threshold to the size of each large block freed (up
    to 32 MB): once a window-sized picture has gone, every later picture up to its size
    is carved from the heap, where freed pictures stay resident among live ones that
    ``malloc_trim`` cannot move (15-20 MB more at rest after an evening at 1920x1080).
    Setting the threshold once turns that raising off. Called once, before the window
    opens; glibc only (elsewhere nothing)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL("libc.so.6").mallopt(_M_MMAP_THRESHOLD, OWN_PAGES_BYTES)
    except (OSError, AttributeError):
        pass


def give_back_memory() -> None:
    """Collect what was just let go and hand the freed memory back to the system.

    Card and text pictures are many small allocations, made and dropped as caches
    turn over; once freed, the C library keeps their pages for reuse unless asked
    (``malloc_trim``, glibc only; elsewhere nothing). Called when a screen comes to
    rest or changes, never in a moving frame.
    """
    gc.collect()
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


class CardArt:
    """Makes and caches card surfaces. ``face(card_id, (w, h))``, ``back((w, h))``."""

    def __init__(self, theme: Theme, swoop_tens: bool = True, four_colour: bool = False) -> None:
        self.theme = theme
        self.swoop_tens = swoop_tens
        self.four_colour = four_colour
        self._faces: dict[tuple[int, int, int, int], pygame.Surface] = {}
        self._backs: dict[tuple[int, int], pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}

    def set_swoop_tens(self, swoop_tens: bool) -> None:
        if swoop_tens != self.swoop_tens:
            self.swoop_tens = swoop_tens
            self._faces.clear()

    def set_four_colour(self, four_colour: bool) -> None:
        """Clubs green and diamonds blue (or the usual red and black)."""
        if bool(four_colour) != self.four_colour:
            self.four_colour = bool(four_colour)
            self._faces.clear()

    def ink(self, suit: int) -> tuple[int, int, int]:
        """The colour a suit is printed in."""
        t = self.theme
        if self.four_colour and suit == 0:
            return t.clubs
        if self.four_colour and suit == 1:
            return t.diamonds
        return t.red if suit in (1, 2, 5) else t.black

    def clear(self) -> None:
        """Forget every cached surface (after a resize)."""
        self._faces.clear()
        self._backs.clear()
        self._shadows.clear()

    def warm(self, sizes: list[tuple[int, int]], budget_s: float) -> bool:
        """Render missing faces and backs of ``sizes`` for up to ``budget_s`` seconds.

        Called once a frame so that cards turning over never wait for their art.
        Returns True when everything is ready.
        """
        import time

        end = time.perf_counter() + budget_s
        for size in sizes:
            if size not in self._backs:
                self.back(size)
            for index in range(54):
                rank = 14 if index >= 52 else index // 4 + 1
                suit = 4 + index - 52 if index >= 52 else index % 4
                if (rank, suit, size[0], size[1]) not in self._faces:
                    self.face(index, size)
                    if time.perf_counter() > end:
                        return False
        return True

    def is_swoop(self, card_id: int) -> bool:
        rank = card_rank(card_id)
        return rank == 14 or (rank == 10 and self.swoop_tens)

    # ---------------------------------------------------------------- faces
    def face(self, card_id: int, size: tuple[int, int]) -> pygame.Surface:
        rank, suit = card_rank(card_id), int(card_suit(card_id))
        key = (rank, suit, size[0], size[1])
        found = self._faces.get(key)
        if found is None:
            found = self._render_face(rank, suit, size)
            self._faces[key] = found
        return found

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        found = self._backs.get(size)
        if found is None:
            found = self._render_back(size)
            self._backs[size] = found
        return found

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        found = self._shadows.get(size)
        if found is None:
            w, h = size
            found = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(found, (0, 0, 0, 60), found.get_rect(), border_radius=max(2, w // 10))
            self._shadows[size] = found
        return found

    def _canvas(self, size: tuple[int, int]) -> tuple[pygame.Surface, int, int, int]:
        k = supersample(size)
        w, h = size[0] * k, size[1] * k
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(3, int(w * 0.09))
        return surf, w, h, radius

    def _finish(self, surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        return (
            pygame.transform.smoothscale(surf, size).convert_alpha()
            if pygame.display.get_surface() is not None
            else pygame.transform.smoothscale(surf, size)
        )

    def _render_face(self, rank: int, suit: int, size: tuple[int, int]) -> pygame.Surface:
        t = self.theme
        surf, w, h, radius = self._canvas(size)
        swoop = rank == 14 or (rank == 10 and self.swoop_tens)
        ink = self.ink(suit)
        edge = max(2, w // 40)
        if swoop:
            pygame.draw.rect(surf, t.accent, surf.get_rect(), border_radius=radius)
            band = max(edge * 2, int(w * 0.07))
            inner = surf.get_rect().inflate(-2 * band, -2 * band)
            pygame.draw.rect(surf, t.face, inner, border_radius=max(2, radius - band))
        else:
            pygame.draw.rect(surf, t.face, surf.get_rect(), border_radius=radius)
            pygame.draw.rect(surf, t.face_edge, surf.get_rect(), width=edge, border_radius=radius)
        # Corner index: big bold rank with a suit shape below it, and the same
        # index upside down in the opposite corner.
        index = pygame.Surface((int(w * 0.34), int(h * 0.42)), pygame.SRCALPHA)
        text = RANK_TEXT[rank]
        ix = int(w * 0.15)
        if rank == 14:
            star_size = w * 0.24
            draw_suit(index, 4, (ix, h * 0.14), star_size, ink)
        else:
            font = t.font(int(h * (0.27 if len(text) == 1 else 0.235)), bold=True)
            label = font.render(text, True, ink)
            max_w = int(w * 0.3)  # squeeze "10" so it never runs into the centre
            if label.get_width() > max_w:
                label = pygame.transform.smoothscale(label, (max_w, label.get_height()))
            ix = int(w * 0.04 + max(label.get_width(), w * 0.2) / 2)
            index.blit(label, label.get_rect(midtop=(ix, int(h * 0.03))))
            pip_y = h * 0.03 + label.get_height() * 0.9 + w * 0.08
            draw_suit(index, suit, (ix, pip_y), w * 0.16, ink)
        surf.blit(index, (0, 0))
        surf.blit(
            pygame.transform.rotate(index, 180), (w - index.get_width(), h - index.get_height())
        )
        # The centre: a large suit, a bold court letter, or the joker's star.
        cx, cy = w * 0.5, h * 0.5
        if rank in COURT_NAMES:
            frame = pygame.Rect(0, 0, int(w * 0.42), int(h * 0.44))
            frame.center = (int(cx), int(cy))
            pygame.draw.rect(surf, _tint(ink, t.face, 0.85), frame, border_radius=max(2, w // 20))
            pygame.draw.rect(surf, ink, frame, width=max(2, w // 45), border_radius=max(2, w // 20))
            big = t.font(int(h * 0.24), bold=True).render(RANK_TEXT[rank], True, ink)
            surf.blit(big, big.get_rect(center=(frame.centerx, frame.centery - h * 0.04)))
            draw_suit(surf, suit, (frame.centerx, frame.bottom - h * 0.07), w * 0.12, ink)
        elif rank == 14:
            draw_suit(surf, 4, (cx, cy - h * 0.03), w * 0.42, t.accent)
            word = t.font(int(h * 0.09), bold=True).render("JOKER", True, ink)
            surf.blit(word, word.get_rect(center=(cx, cy + h * 0.17)))
        else:
            draw_suit(surf, suit, (cx, cy), w * (0.4 if rank != 1 else 0.5), ink)
            if rank == 10 and swoop:
                tag = t.font(int(h * 0.075), bold=True).render("SWOOP", True, t.accent_dark)
                surf.blit(tag, tag.get_rect(center=(cx, cy + h * 0.2)))
        return self._finish(surf, size)

    def _render_back(self, size: tuple[int, int]) -> pygame.Surface:
        t = self.theme
        surf, w, h, radius = self._canvas(size)
        pygame.draw.rect(surf, (245, 245, 240), surf.get_rect(), border_radius=radius)
        inner = surf.get_rect().inflate(-int(w * 0.12), -int(w * 0.12))
        pygame.draw.rect(surf, t.back, inner, border_radius=max(2, radius - w // 20))
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        step = max(6, int(w * 0.16))
        line = max(1, w // 60)
        for k in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(pattern, (*t.back_light, 150), (k, 0), (k + inner.h, inner.h), line)
            pygame.draw.line(pattern, (*t.back_light, 150), (k, inner.h), (k + inner.h, 0), line)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(
            mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, radius - w // 20)
        )
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(pattern, inner)
        pygame.draw.rect(
            surf, t.back_light, inner, width=max(2, w // 40), border_radius=max(2, radius - w // 20)
        )
        # A small accent medallion in the middle.
        pygame.draw.circle(surf, (245, 245, 240), inner.center, int(w * 0.16))
        draw_suit(surf, 4, inner.center, w * 0.26, t.accent)
        return self._finish(surf, size)


def _tint(
    colour: tuple[int, int, int], base: tuple[int, int, int], amount: float
) -> tuple[int, int, int]:
    """``colour`` mixed into ``base``: amount 1.0 gives base, 0.0 gives colour."""
    r, g, b = (int(c * (1 - amount) + k * amount) for c, k in zip(colour, base, strict=True))
    return (r, g, b)


def card_art(theme: Theme, settings: Settings, rules: Rules | None = None) -> CardArt:
    """The card faces as the player chose them in Settings, for a game under ``rules``
    (whether 10s are drawn as Swoop cards; they are when no rules are given). The one
    place a screen makes its card art."""
    swoop_tens = rules.is_swoop_rank(10) if rules is not None else True
    return CardArt(theme, swoop_tens, settings.four_colour)
