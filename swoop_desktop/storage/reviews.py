"""Stored hand and game reviews, so that opening a review again is instant.

Reviews live in their own file, ``reviews.json`` beside the history, keyed by
the game they describe (its rules, seed and recorded actions) and the hand. A
review therefore never touches the saved game, the history or the statistics
of play; losing this file loses nothing but time (a review is worked out
again). At most :data:`KEEP` reviews are kept; the oldest go first.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from swoop_desktop.engine import Action

from .actioncodec import encode_hands
from .jsonfile import DocKind, DocumentError, Notes, get, load_document, write_document
from .paths import Dirs

KEEP = 100


def _reviews_from_json(data: dict[str, Any], notes: Notes = None) -> dict[str, dict[str, Any]]:
    """The stored reviews; an entry of the wrong shape is dropped (it is worked out again)."""
    entries = get(data, "reviews", dict, "")
    out: dict[str, dict[str, Any]] = {}
    for key, body in entries.items():
        if (
            isinstance(key, str)
            and isinstance(body, dict)
            and isinstance(body.get("verdicts"), list)
        ):
            out[key] = body
    if entries and not out:
        raise DocumentError("none of its reviews could be read")
    return out


REVIEWS_KIND: DocKind[dict[str, dict[str, Any]]] = DocKind(
    format="swoop-reviews",
    version=1,
    label="game reviews",
    validate=_reviews_from_json,
    indent=None,
    cap=32 << 20,
)


def review_key(
    rules: dict[str, Any],
    players: int,
    seed: int,
    hands: Sequence[Sequence[Action]],
    hand: int | None,
    worlds: int,
) -> str:
    """The key of a review: which game (rules, seat count, seed, plays), which hand, how hard."""
    upto = hands if hand is None else hands[: hand + 1]
    text = repr((sorted(rules.items()), players, seed, encode_hands([list(h) for h in upto])))
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    return f"{digest}/{'game' if hand is None else f'hand{hand + 1}'}/{worlds}"


def reviews_file(dirs: Dirs) -> Path:
    return dirs.data / "reviews.json"


def load_review(dirs: Dirs, key: str) -> tuple[dict[str, Any] | None, list[str]]:
    """A stored review's JSON body, or None; and messages about a damaged file."""
    loaded = load_document(reviews_file(dirs), REVIEWS_KIND)
    return (loaded.value or {}).get(key), list(loaded.messages)


def stored_accuracies(dirs: Dirs, keys: Sequence[str]) -> list[float | None]:
    """The accuracy (0-100) of the stored review under each key, None where there is none."""
    loaded = load_document(reviews_file(dirs), REVIEWS_KIND)
    entries = loaded.value or {}
    out: list[float | None] = []
    for key in keys:
        value = entries.get(key, {}).get("accuracy")
        out.append(
            float(value)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 100
            else None
        )
    return out


def store_review(dirs: Dirs, key: str, body: dict[str, Any]) -> list[str]:
    """Keep a review (replacing one with the same key). Returns messages for the player."""
    loaded = load_document(reviews_file(dirs), REVIEWS_KIND)
    if loaded.blocked:
        return list(loaded.messages) + [
            "The review was not stored, so that the existing reviews file is not overwritten."
        ]
    entries = dict(loaded.value or {})
    entries.pop(key, None)
    entries[key] = body
    while len(entries) > KEEP:
        entries.pop(next(iter(entries)))
    try:
        write_document(reviews_file(dirs), REVIEWS_KIND, {"reviews": entries})
    except OSError as exc:
        return list(loaded.messages) + [
            f"The review could not be stored ({exc.strerror or exc}); it will be worked out "
            "again next time."
        ]
    return list(loaded.messages)
