"""What several benchmarks share: resident memory, and a whole game played to its end.

The scripts run from ``benchmarks/`` (``python benchmarks/NAME.py``), so they import
this module as ``common``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from swoop_desktop.engine import Match, Rules  # noqa: E402


def rss_mb() -> float:
    """This process's resident memory (VmRSS), in MB; 0 where /proc has none."""
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def random_game(seed: int) -> Match:
    """A whole game (app rules, four players) played to its end by random players."""
    match = Match(Rules.from_preset("app"), 4, seed)
    rng = random.Random(seed)
    while not match.over:
        if match.state is None or match.hand_over:
            match.start_hand()
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


def knob_options(text: str) -> dict[str, object]:
    """``max_worlds=160,confidence=0.5`` -> the hard bot's keyword arguments (numbers as
    numbers, the rest as text)."""
    out: dict[str, object] = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        try:
            out[key.strip()] = int(value) if value.strip().isdigit() else float(value)
        except ValueError:
            out[key.strip()] = value.strip()
    return out
