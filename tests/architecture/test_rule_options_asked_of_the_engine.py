"""The screens and the AI ask the engine about the rules; they read no rule option.

What an option changes is the engine's (``Rules.follow_up``, ``Rules.room``,
``GameState.room_for``, ``Rules.applies``, ``Rules.is_swoop_rank``,
``Rules.pickup_starts_new_pile``, ``Rules.card_points``...), so a rule is decided in one
place. The words of the rules (``ui/rules_text.py``) ask the engine too. Only an option
whose every value is a whole number (``target``, the total at which the game ends;
``hand_size``) may be read as the number it is, to be shown or weighed.
"""

from __future__ import annotations

import re
from pathlib import Path

from swoop_desktop.engine import OPTION_NAMES, OPTION_SPECS

PACKAGE = Path(__file__).resolve().parents[2] / "swoop_desktop"
#: The options that are numbers, read from their declarations.
SHOWN_AS_A_NUMBER = {
    name
    for name, spec in OPTION_SPECS.items()
    if spec.kind == "number" or all(type(v) is int for v in spec.values)
}


def _reads(names: set[str]) -> list[str]:
    pattern = re.compile(r"\brules(?:_obj\(\))?\.(" + "|".join(sorted(names)) + r")\b")
    found = []
    for folder in ("ui", "ai"):
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line.split("#")[0]):
                    found.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    return found


def test_no_screen_or_bot_reads_a_rule_option_itself():
    found = _reads(set(OPTION_NAMES) - SHOWN_AS_A_NUMBER)
    assert not found, "ask the engine instead:\n" + "\n".join(found)


def test_only_the_whole_number_options_are_read_as_numbers():
    assert SHOWN_AS_A_NUMBER == {"hand_size", "target"}


def test_the_check_finds_a_read_where_there_is_one():
    assert _reads({"target"}), "the pattern no longer matches how the rules are read"
