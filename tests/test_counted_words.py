"""Numbers and nouns agree in every message with a count: "1 point", "2 points", "1 day".

One helper (:mod:`swoop_desktop.plural`) says every count. The first test reads the
package's source: no f-string writes a number straight before a counted noun, and no
message makes a plural by hand. The others walk the messages with a count of 0, 1 and 2.
"""

from __future__ import annotations

import ast
import re
from datetime import date
from pathlib import Path
from types import SimpleNamespace

import pytest

import swoop_desktop
from swoop_desktop.ai.review import Review, Verdict
from swoop_desktop.ai.review_words.answers import (
    answer_is_the_choice,
    right_answer,
    wrong_answer,
)
from swoop_desktop.ai.review_words.reasons import reason
from swoop_desktop.plural import about, counted, noun

PACKAGE = Path(swoop_desktop.__file__).parent
NOUN = r"(point|day|game|card|hand|puzzle|decision|play-out|pt|deal|frame|seat|player|deck)"
NOUNS = NOUN + "s?"
#: A number's value written before a noun in an f-string, where the value is a count.
RIGHT_BEFORE = re.compile(rf"^ (more )?{NOUNS}\b")
#: Values that are words, not counts ("{name} wins", "{SEAT_PLACES[seat]} seat").
NOT_COUNTS = {"name", "SEAT_PLACES[seat]", "'one to four' if rules.max_four else 'one or more'"}
#: A plural made by hand.
BY_HAND = re.compile(r"[a-z]\(s\)")
WRONG = re.compile(rf"\b1 {NOUN}s\b|\b(0|2) (point|day|game|card|decision|pt|play-out)\b(?!s|-)")


def _sources() -> list[Path]:
    # The engine imports only the standard library (tools/check_walls.py); its messages are
    # the rules' own checks for developers, never a player's.
    return [
        p for p in sorted(PACKAGE.rglob("*.py")) if "engine" not in p.relative_to(PACKAGE).parts
    ]


def test_no_message_writes_a_count_before_its_noun_or_a_plural_by_hand():
    found = []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            pairs = (
                zip(node.values, node.values[1:], strict=False)
                if isinstance(node, ast.JoinedStr)
                else ()
            )
            for a, b in pairs:
                if (
                    isinstance(a, ast.FormattedValue)
                    and isinstance(b, ast.Constant)
                    and isinstance(b.value, str)
                    and RIGHT_BEFORE.match(b.value)
                    and ast.unparse(a.value) not in NOT_COUNTS
                ):
                    found.append(f"{path.name}:{node.lineno}: {{{ast.unparse(a.value)}}}{b.value}")
            if isinstance(node, ast.IfExp) and any(
                isinstance(v, ast.Constant) and v.value == "s" for v in (node.body, node.orelse)
            ):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and BY_HAND.search(node.value)
            ):
                found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    assert not found, "say these counts with swoop_desktop.plural:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("n", "words"),
    [(0, "0 points"), (1, "1 point"), (2, "2 points"), (1234, "1234 points")],
)
def test_the_one_helper_agrees_number_and_noun(n, words):
    assert counted(n, "point") == words
    assert counted(1, "inaccuracy") == "1 inaccuracy" and noun(2, "inaccuracy") == "inaccuracies"
    assert counted(1, "day") == "1 day" and counted(2, "day") == "2 days"
    assert counted(1234, "game", grouped=True) == "1,234 games"
    assert about(0.6) == "about 1 point" and about(1.6) == "about 2 points"


def _verdict(cost: float, label: str, low: float = 0.0, high: float = 0.0) -> Verdict:
    return Verdict(
        0,
        3,
        1,
        "played a 9",
        "played a 6",
        cost,
        label,
        "Playing a 6 was better: x.",
        (),
        8,
        False,
        low,
        high,
    )


def _check(text: str) -> None:
    assert not WRONG.search(text), text


@pytest.mark.parametrize("n", [0, 1, 2])
def test_review_messages_with_a_count_of_0_1_and_2(n):
    vs = [_verdict(n + 0.1, "mistake" if n else "good")] * max(1, n)
    vs += [_verdict(n, "unclear", 0, n + 0.2)] * max(1, n)
    for line in Review(vs).summary_lines():
        _check(line)
    v = _verdict(n, "mistake", n, n)
    _check(answer_is_the_choice(v))
    _check(wrong_answer("played a 7", n))
    _check(right_answer("played a 6", v, None, is_best=True))
    _check(right_answer("played a 7", v, None, is_best=False))


@pytest.mark.parametrize("n", [0, 1, 2])
def test_table_daily_and_scores_messages_with_a_count_of_0_1_and_2(n):
    from swoop_desktop.engine.events import PickedUp
    from swoop_desktop.ui.scenes.daily import share_line
    from swoop_desktop.ui.scenes.progress import margin_words, record_lines
    from swoop_desktop.ui.table.view import describe

    line = share_line(date(2026, 3, 1), [n, 5, 6, 7], [n, 4, 6, 8], n)
    _check(line)
    assert f"{counted(n, 'day')} in a row" in line
    _check(margin_words(float(n)))
    records = SimpleNamespace(
        best_margin=None,
        best_margin_date="",
        hand_swoops=n,
        hand_swoops_date="",
        daily_streak=n,
        daily_beaten_streak=n,
        clean_wins=n,
    )
    for label, value in record_lines(records, waiting=n):  # type: ignore[arg-type]
        _check(f"{label} {value}")
    _check(describe("Lefty", [PickedUp(1, tuple(range(n)))]))


def test_a_one_point_pile_and_a_one_card_pile_are_said_in_the_singular():
    import json

    from swoop_desktop.ai import observe
    from swoop_desktop.ai.review import Option
    from swoop_desktop.engine import Play
    from tests.ai.helpers import player, position

    state = position(
        players=[player("K 5 9"), player("3 4"), player("5 7 9"), player("A 3 6")],
        pile="A",
        scores=[0, 0, 0, 0],
    )
    obs = observe(state, 0)
    king = Option(json.dumps(Play((13,), ()).to_json()), "played a king", 20, 5, 0.3, 1.0)
    five = Option(json.dumps(Play((5,), ()).to_json()), "played a 5", 9, -5, 0.3, 0.0)
    words = reason(obs, state.legal_actions(), Play((13,), ()), king, five, "mistake", 1.0)
    assert "the pile of 1 card (1 point)" in words, words
    assert "about 1 point." in words, words
    _check(words)
