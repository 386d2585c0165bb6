"""Stored hand and game reviews, so that opening a review again is instant.

Reviews live in their own document, ``reviews.json`` in the progress database beside
the history (:mod:`swoop_desktop.storage.documents`), keyed by
the game they describe (its rules, seed and recorded actions) and the hand. A
review therefore never touches the saved game, the history or the statistics
of play; losing this document loses nothing but time (a review is worked out
again). At most :data:`KEEP` reviews are kept; the oldest go first.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from swoop_desktop.engine import Action, EngineError, Flip, action_from_json
from swoop_desktop.engine.rules import SLOTS
from swoop_desktop.i18n import _, ngettext
from swoop_desktop.names import label as label_of
from swoop_desktop.names import shown
from swoop_desktop.safeio import parse_json
from swoop_desktop.storage.actioncodec import encode_hands
from swoop_desktop.storage.documents import change_stored, load_stored
from swoop_desktop.storage.jsonfile import DocKind, DocumentError, Notes, check_type, drop, get
from swoop_desktop.storage.paths import Dirs

KEEP = 100


#: The labels a stored verdict may carry (extend here when the review learns a new one).
REVIEW_LABELS: tuple[str, ...] = ("good", "unclear", "inaccuracy", "mistake", "blunder")
#: The longest words or reason a stored verdict may hold: a reason of several sentences
#: runs past 600 characters in German or French; 5,000 is no reason the review writes.
MAX_TEXT = 3000
MAX_POINTS = 10_000.0  # more points than any game can cost
#: The size stored reviews are kept under (the oldest go first): well inside the cap at which
#: the file is no longer read at all.
BUDGET = 24 << 20


def _number(value: Any, name: str, low: float, high: float) -> float:
    check_type(value, float, name)
    if not low <= value <= high:
        # Translators: {name} is where the value is in the file; {low} and {high} the numbers it may be between; {value} what it held.
        told = _("{name} should be from {low} to {high}, not {value}")
        raise DocumentError(
            told.format(name=name, low=f"{low:g}", high=f"{high:g}", value=shown(value))
        )
    return float(value)


def _whole(value: Any, name: str, low: int, high: int) -> int:
    check_type(value, int, name)
    if not low <= value <= high:
        # Translators: {name} is where the value is in the file; {low} and {high} the numbers it may be between; {value} what it held.
        told = _("{name} should be from {low} to {high}, not {value}")
        raise DocumentError(told.format(name=name, low=low, high=high, value=shown(value)))
    return int(value)


def _text(value: Any, name: str) -> str:
    check_type(value, str, name)
    if len(value) > MAX_TEXT:
        # Translators: {name} is where the value is in the file; {n} its length.
        told = ngettext(
            "{name} is too long ({n} character)", "{name} is too long ({n} characters)", len(value)
        )
        raise DocumentError(told.format(name=name, n=f"{len(value):,}"))
    return str(value)


def _option(o: Any, name: str) -> None:
    check_type(o, dict, name)
    action = _text(get(o, "action", str, name + "."), f"{name}.action")
    try:
        parsed = action_from_json(parse_json(action))
    except (ValueError, EngineError, TypeError, KeyError, RecursionError):
        # Translators: {name} is where the value is in the file; {value} what it held.
        told = _("{name} is not an action ({value})")
        raise DocumentError(told.format(name=f"{name}.action", value=shown(action))) from None
    slots = getattr(parsed, "up", ()) if not isinstance(parsed, Flip) else (parsed.slot,)
    if any(not 0 <= s < SLOTS for s in slots):
        # Translators: {name} is where the value is in the file; {value} what it held.
        told = _("{name} names a face-up slot that does not exist ({value})")
        raise DocumentError(told.format(name=f"{name}.action", value=shown(action)))
    _text(get(o, "words", str, name + "."), f"{name}.words")
    for key in ("points", "margin"):
        _number(get(o, key, float, name + "."), f"{name}.{key}", -MAX_POINTS, MAX_POINTS)
    for key in ("win", "pickup"):
        _number(get(o, key, float, name + "."), f"{name}.{key}", 0.0, 1.0)
    # What happened next in the play-outs (shares of worlds), which the reasons are made of.
    for key in ("pickups", "swoops", "out", "opponent_out"):
        if key in o:
            _number(o[key], f"{name}.{key}", 0.0, 1.0)


def _verdict(v: Any, name: str) -> None:
    """One stored verdict, every value checked (the Review screen draws each of them)."""
    check_type(v, dict, name)
    w = name + "."
    _whole(get(v, "hand_no", int, w), w + "hand_no", 0, 10_000)
    _whole(get(v, "step", int, w), w + "step", 0, 1_000_000)
    _whole(get(v, "number", int, w), w + "number", 0, 1_000_000)
    for key in ("chosen", "best", "reason"):
        _text(get(v, key, str, w), w + key)
    _number(get(v, "cost", float, w), w + "cost", 0.0, MAX_POINTS)
    label = get(v, "label", str, w)
    if label not in REVIEW_LABELS:
        # Translators: {name} is where the value is in the file; {choices} the words it may be (as written in the file); {value} what it held.
        told = _("{name} should be one of {choices}, not {value}")
        raise DocumentError(
            told.format(name=f"{w}label", choices=", ".join(REVIEW_LABELS), value=shown(label))
        )
    options = get(v, "options", list, w)
    if len(options) > 100:
        # Translators: {name} is where the value is in the file; {n} how many it held.
        told = _("{name}: too many ({n})")
        raise DocumentError(told.format(name=f"{w}options", n=len(options)))
    for i, o in enumerate(options):
        _option(o, f"{w}options[{i}]")
    _whole(get(v, "worlds", int, w), w + "worlds", 1, 100_000)
    get(v, "hindsight", bool, w, False)
    # The range the cost very likely lies in (an "unclear" verdict shows it).
    for key in ("low", "high"):
        if key in v:
            _number(v[key], w + key, -MAX_POINTS, MAX_POINTS)
    # The hint's play there, its words and what the review made of it (absent in reviews
    # stored before, and null for a hindsight verdict).
    hint = v.get("hint")
    if hint is not None:
        h = w + "hint."
        check_type(hint, dict, w + "hint")
        for key in ("action", "play", "words"):
            _text(get(hint, key, str, h, ""), h + key)
        get(hint, "shown", bool, h, False)
        for key in ("cost", "low", "high"):
            _number(get(hint, key, float, h, 0.0), h + key, 0.0, MAX_POINTS)
        extra = sorted(set(hint) - _HINT_KEYS)
        if extra:
            # Translators: {name} is where the value is in the file.
            told = _("{name} is not part of a verdict")
            raise DocumentError(told.format(name=f"{h}{label_of(extra[0])}"))
    unknown = sorted(set(v) - _VERDICT_KEYS)
    if unknown:
        # Translators: {name} is where the value is in the file.
        told = _("{name} is not part of a verdict")
        raise DocumentError(told.format(name=f"{w}{label_of(unknown[0])}"))


def check_verdict(v: Any, name: str) -> None:
    """One stored verdict, every value checked (a puzzle keeps the verdict it came from)."""
    _verdict(v, name)


_VERDICT_KEYS = {
    "hand_no",
    "step",
    "number",
    "chosen",
    "best",
    "cost",
    "label",
    "reason",
    "options",
    "worlds",
    "hindsight",
    "low",
    "high",
    "hint",
}
_HINT_KEYS = {"action", "play", "words", "shown", "cost", "low", "high"}


def _review(key: str, body: Any) -> None:
    name = f"reviews[{label_of(key)}]"
    check_type(body, dict, name)
    for part in ("verdicts", "hindsight"):
        verdicts = get(body, part, list, name + ".", [])
        for i, v in enumerate(verdicts):
            _verdict(v, f"{name}.{part}[{i}]")
    if "verdicts" not in body:
        # Translators: {name} is the name of a value in the file (as written there).
        told = _("{name} is missing")
        raise DocumentError(told.format(name=f"{name}.verdicts"))
    if "accuracy" in body:
        _number(body["accuracy"], f"{name}.accuracy", 0.0, 100.0)


def _reviews_from_json(data: dict[str, Any], notes: Notes = None) -> dict[str, dict[str, Any]]:
    """The stored reviews, every value checked; a bad entry is dropped (with one note; it
    is worked out again when asked for)."""
    entries = get(data, "reviews", dict, "")
    out: dict[str, dict[str, Any]] = {}
    for key, body in entries.items():
        try:
            if not isinstance(key, str) or len(key) > 200:
                # Translators: {name} is where the value is in the file; {value} what it held.
                told = _("{name}: {value} is not the key of a review")
                raise DocumentError(told.format(name="reviews", value=shown(key)))
            _review(key, body)
        except DocumentError as exc:
            drop(notes, str(exc))
            continue
        out[key] = body
    if entries and not out:
        raise DocumentError(_("none of its reviews could be read"))
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
    return review_key_of_text(
        rules, players, seed, encode_hands([list(h) for h in upto]), None, worlds, hand
    )


def review_key_of_text(
    rules: dict[str, Any],
    players: int,
    seed: int,
    deals: Sequence[str],
    hand: int | None,
    worlds: int,
    named: int | None = None,
) -> str:
    """:func:`review_key` from the plays as a record keeps them (each deal's text, as
    :func:`~.actioncodec.encode_hands` writes it), with no decoding: Scores and Puzzles
    work out a key for every game of a long history. ``named`` is the hand the key names
    when ``deals`` are already cut to it."""
    upto = list(deals) if hand is None else list(deals[: hand + 1])
    which = hand if named is None else named
    digest = plays_digest(rules, players, seed, upto)
    return f"{digest}/{'game' if which is None else f'hand{which + 1}'}/{worlds}"


def plays_digest(rules: dict[str, Any], players: int, seed: int, deals: Sequence[str]) -> str:
    """The first part of a review's key: the game (its rules, table, seed and the plays
    of ``deals``). A game's summary keeps it, so Scores finds its review by key."""
    text = repr((sorted(rules.items()), players, seed, list(deals)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def game_review_key(digest: str, worlds: int) -> str:
    """The key a whole game's review is kept under, from its :func:`plays_digest`."""
    return f"{digest}/game/{worlds}"


def _dump(entries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"reviews": entries}


def reviews_file(dirs: Dirs) -> Path:
    """Where an older Swoop kept your stored reviews (brought into the database)."""
    return dirs.data / "reviews.json"


def load_review(dirs: Dirs, key: str) -> tuple[dict[str, Any] | None, list[str]]:
    """A stored review's JSON body, or None; and messages about a damaged file."""
    loaded = load_stored(dirs, reviews_file(dirs), REVIEWS_KIND, _dump)
    return (loaded.value or {}).get(key), list(loaded.messages)


def stored_accuracies(dirs: Dirs, keys: Sequence[str]) -> list[float | None]:
    """The accuracy (0-100) of the stored review under each key, None where there is none."""
    loaded = load_stored(dirs, reviews_file(dirs), REVIEWS_KIND, _dump)
    for text in loaded.messages:  # the screen that reads it first must not swallow these
        dirs.notices.post("reviews", text)
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


def game_accuracies(dirs: Dirs, worlds: int) -> dict[str, float]:
    """The accuracy (0-100) of every stored review of a whole game at ``worlds``, by the
    game's :func:`plays_digest`."""
    loaded = load_stored(dirs, reviews_file(dirs), REVIEWS_KIND, _dump)
    for text in loaded.messages:  # the screen that reads it first must not swallow these
        dirs.notices.post("reviews", text)
    tail = f"/game/{worlds}"
    out: dict[str, float] = {}
    for key, entry in (loaded.value or {}).items():
        value = entry.get("accuracy") if isinstance(entry, dict) else None
        if (
            key.endswith(tail)
            and isinstance(value, (int, float))
            and not isinstance(value, bool)
            and 0 <= value <= 100
        ):
            out[key[: -len(tail)]] = float(value)
    return out


def stored_reviews(dirs: Dirs) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Every stored review's JSON body by key, and messages about a damaged file."""
    loaded = load_stored(dirs, reviews_file(dirs), REVIEWS_KIND, _dump)
    return dict(loaded.value or {}), list(loaded.messages)


def store_review(dirs: Dirs, key: str, body: dict[str, Any]) -> list[str]:
    """Keep a review (replacing one with the same key), under the file's lock so that two
    windows storing reviews at once lose neither. Returns messages for the player."""

    def change(value: dict[str, dict[str, Any]] | None, told: list[str]) -> dict[str, Any] | None:
        entries = dict(value or {})
        entries.pop(key, None)
        entries[key] = body
        while len(entries) > KEEP:
            entries.pop(next(iter(entries)))
        # Keep the file under its size budget, the oldest reviews going first, so that it is
        # never too large to be read back (it would then be moved aside as damaged).
        sizes = {
            k: len(json.dumps(v, ensure_ascii=False).encode("utf-8")) for k, v in entries.items()
        }
        total = sum(sizes.values())
        while total > BUDGET and len(entries) > 1:
            oldest = next(iter(entries))
            total -= sizes.pop(oldest)
            del entries[oldest]
        if total > BUDGET:
            told.append(
                _("The review is too large to be stored; it will be worked out again next time.")
            )
            return None
        return {"reviews": entries}

    return change_stored(
        dirs,
        reviews_file(dirs),
        REVIEWS_KIND,
        _dump,
        change,
        kept=_("The review was not stored, so that the existing reviews file is not overwritten."),
        # Translators: {reason} says why, e.g. "the disk is full".
        failed=lambda why: _(
            "The review could not be stored ({reason}); it will be worked out again next time."
        ).format(reason=why),
    )[1]
