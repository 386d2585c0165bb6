"""The table's cache of rendered words, panels and button pictures, bounded by bytes.

A plain dict that was cleared at 600 entries let a few large pictures (window-wide
panels, banners) pile up to tens of megabytes between clears, and the churn of
clearing grew the process's memory over a long game. :class:`PictureCache` keeps the
most recently used pictures up to :data:`CACHE_BYTES` and lets the least recently used
go first, one at a time.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame

#: The most the table keeps in rendered pictures (a 1920x1080 table uses about 3 MB
#: of them in a frame).
CACHE_BYTES = 12 * 1024 * 1024


def picture_bytes(value: Any) -> int:
    """What a cached value holds: a picture's pixels, or a little for anything else."""
    if isinstance(value, pygame.Surface):
        w, h = value.get_size()
        return w * h * value.get_bytesize() + 64
    if isinstance(value, (list, tuple)):
        return 64 + sum(len(str(v)) for v in value)
    return 64


class PictureCache(OrderedDict[tuple[Any, ...], Any]):
    """A dict that forgets its least recently used entries beyond ``limit`` bytes."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self.limit = limit
        self.bytes = 0
        super().__init__()

    def get(self, key: tuple[Any, ...], default: Any = None) -> Any:
        found = super().get(key, default)
        if found is not default:
            self.move_to_end(key)
        return found

    def __setitem__(self, key: tuple[Any, ...], value: Any) -> None:
        old = super().get(key)
        if old is not None:
            self.bytes -= picture_bytes(old)
        super().__setitem__(key, value)
        self.move_to_end(key)
        self.bytes += picture_bytes(value)
        while self.bytes > self.limit and len(self) > 1:
            _key, dropped = self.popitem(last=False)
            self.bytes -= picture_bytes(dropped)

    def __delitem__(self, key: tuple[Any, ...]) -> None:
        self.bytes -= picture_bytes(super().__getitem__(key))
        super().__delitem__(key)

    def clear(self) -> None:
        super().clear()
        self.bytes = 0
