"""A bot whose worker process dies while it thinks, for the worker tests
(``test_workers.py``).

It lives in a module of its own that imports only the AI: a worker process that is sent
this bot imports its module to unpickle it, and the test modules would bring pygame and
the table with them into every such worker.
"""

from __future__ import annotations

import os
from pathlib import Path

from swoop_desktop.ai import NormalBot


class DyingBot(NormalBot):
    """A bot whose worker dies while it thinks, the first ``times`` times (counted in a
    file, which every worker sees)."""

    def __init__(self, marks: str, times: int) -> None:
        super().__init__(0)
        self.marks = marks
        self.times = times

    def choose(self, obs, legal):
        path = Path(self.marks)
        died = path.read_text().count("x") if path.exists() else 0
        if died < self.times:
            with path.open("a") as out:
                out.write("x")
            os._exit(9)  # the worker dies, as a crash or a kill would end it
        return super().choose(obs, legal)
