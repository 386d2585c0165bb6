"""A message never receives a card word without its grammatical frame.

Card words change with their place in a sentence (German "ein König" / "einen König" /
"mit einem König", Finnish "kuningas" / "kuninkaan" / "kuninkaalla", Polish "król" /
"króla" / "królem"), so a placeholder that receives one must get it from
:mod:`swoop_desktop.card_words`' frames (``cards_in``, ``ranks_in``, ``on_the``,
``the_card``, ``your_card``, ``your_cards``), never the bare name of a rank or a counted
phrase in one case only. docs/development.md, "Messages a grammar can carry", says why.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Card words with no frame: fine on their own (a label, the engine's English), never as a
#: placeholder's value in a sentence.
FRAMELESS = {"rank_name", "rank_plural", "count_phrase", "rank_words"}


def _frameless_placeholders(source: str) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
        ):
            continue
        for keyword in node.keywords:
            for inner in ast.walk(keyword.value):
                if isinstance(inner, ast.Call):
                    name = getattr(inner.func, "id", getattr(inner.func, "attr", ""))
                    if name in FRAMELESS:
                        lines.append(node.lineno)
    return lines


def test_no_message_receives_a_card_word_without_its_frame():
    found = []
    for path in sorted((ROOT / "swoop_desktop").rglob("*.py")):
        if path.name == "card_words.py" or "engine" in path.parts:
            continue  # the frames themselves, and the engine's own English
        for line in _frameless_placeholders(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(ROOT)}:{line}")
    assert found == [], "give these card words their frame (card_words.cards_in & co): " + (
        ", ".join(found)
    )


def test_the_check_finds_a_bare_card_word_in_a_placeholder():
    planted = 'x = _("Play {cards} on {top}").format(cards=count_phrase(r, k), top=rank_name(t))'
    assert _frameless_placeholders(planted) == [1, 1]
    framed = 'x = _("Play {cards} {on}").format(cards=cards_in(OBJECT, r, k), on=on_the(t))'
    assert _frameless_placeholders(framed) == []
