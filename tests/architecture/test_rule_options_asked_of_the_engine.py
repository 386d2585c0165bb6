"""The screens and the AI ask the engine about the rules; they read no rule option.

What an option changes is the engine's (``Rules.follow_up``, ``Rules.room``,
``GameState.room_for``, ``Rules.applies``, ``Rules.is_swoop_rank``,
``Rules.pickup_starts_new_pile``...), so a rule is decided in one place. Two readers are
allowed, by name: ``ui/rules_text.py``, which is the options' words (it describes each
option's value to the player), and ``target``, the total at which the game ends, which
screens show and the AI weighs as a number.
"""

from __future__ import annotations

import re
from pathlib import Path

from swoop_desktop.engine import OPTION_NAMES

PACKAGE = Path(__file__).resolve().parents[2] / "swoop_desktop"
WORDS = PACKAGE / "ui" / "rules_text.py"
SHOWN_AS_A_NUMBER = {"target"}


def _reads(names: set[str]) -> list[str]:
    pattern = re.compile(r"\brules(?:_obj\(\))?\.(" + "|".join(sorted(names)) + r")\b")
    found = []
    for folder in ("ui", "ai"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            if path == WORDS:
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line.split("#")[0]):
                    found.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    return found


def test_no_screen_or_bot_reads_a_rule_option_itself():
    found = _reads(set(OPTION_NAMES) - SHOWN_AS_A_NUMBER)
    assert not found, "ask the engine instead:\n" + "\n".join(found)


def test_the_check_finds_a_read_where_there_is_one():
    assert _reads({"target"}), "the pattern no longer matches how the rules are read"
