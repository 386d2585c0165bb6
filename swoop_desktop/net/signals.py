"""Ctrl-C and a stop from the system end the host's or the client's command cleanly: the
running task is cancelled, so it says goodbye and exits in one line."""

from __future__ import annotations

import asyncio
import contextlib
import signal


def cancel_on_signals() -> None:
    """SIGINT and SIGTERM cancel the task running now (where the loop can listen for
    them; elsewhere Python's own KeyboardInterrupt stands)."""
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    if task is None:
        return
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, task.cancel)
