"""Every short message (three words or fewer) tells its translator where it shows and what
it means: a context (``pgettext``/``Np_``) or a ``# Translators:`` comment on the line just
above its call, which ``make messages`` carries into the template. "Back", "Total" or
"Won" alone can be a button, a column or a verb; the translator sees only the words.

A comment reaches only the first message of a line, so a second message on a line needs
its own line (or a context) before a comment can reach it. :data:`PENDING` listed such
messages while they waited; it is empty now, and the test fails when a listed one has got
its words, so that the list only shrinks."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("babel")
ROOT = Path(__file__).resolve().parent.parent
MOST_WORDS = 3

#: Short messages a comment cannot reach yet (none now): a second message of its line, or one
#: in a call whose arguments share one line.
PENDING: frozenset[str] = frozenset()


def _extract():
    spec = importlib.util.spec_from_file_location("messages", ROOT / "tools" / "messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.extract(ROOT)


def _unexplained() -> dict[str, list[str]]:
    """Each short message with neither a context nor a translator's comment, with its
    places ("file:line")."""
    found: dict[str, list[str]] = {}
    for message in _extract():
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        if len(english.split()) > MOST_WORDS or message.context or message.auto_comments:
            continue
        found[english] = [f"{path}:{line}" for path, line in message.locations]
    return found


def test_every_short_message_says_where_it_shows_and_what_it_means():
    bare = {english: places for english, places in _unexplained().items() if english not in PENDING}
    assert not bare, (
        "short messages with neither a context nor a '# Translators:' comment on the line "
        "just above their call:\n"
        + "\n".join(f"  {english!r}: {', '.join(places)}" for english, places in bare.items())
    )


def test_the_messages_left_without_words_are_only_those_no_comment_can_reach():
    explained = sorted(PENDING - set(_unexplained()))
    assert not explained, f"now explained (or gone): drop {explained} from PENDING"
