"""Work done on a thread of its own whose answer a screen picks up when it is there: the
frames never wait for it (reading a long history, counting games)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Reading(Generic[T]):
    """Work done on a thread of its own, whose answer the frame loop picks up when it is
    there (:attr:`done`); the frames never wait for it. What it raises is kept in
    :attr:`error`."""

    def __init__(self, work: Callable[[], T], name: str = "progress-read") -> None:
        self.answer: T | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()

        def run() -> None:
            try:
                self.answer = work()
            except BaseException as exc:  # noqa: BLE001 - kept for the frame loop to say
                self.error = exc
            finally:
                self._done.set()

        threading.Thread(target=run, name=name, daemon=True).start()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, seconds: float) -> bool:
        return self._done.wait(seconds)
