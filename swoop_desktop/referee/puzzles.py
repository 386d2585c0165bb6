"""Puzzles from your stored reviews: the referee's side.

A stored review (``reviews.json``) is keyed by the game it describes, so the
puzzles are found by walking the finished games of the history, working out
each game's review keys (the whole game, and each hand) and taking every fair
verdict (never a hindsight one) labelled mistake or blunder. Each puzzle keeps
the game's record up to its hand, and :func:`position` replays it with
:func:`~swoop_desktop.referee.review.decisions` to the decision: the table as
it was, from your seat. :func:`check` weighs an answer with the review's own
search, from that observation only (:func:`~swoop_desktop.ai.review.judge_answer`).
"""

from __future__ import annotations

from swoop_desktop.ai.review import REVIEW_WORLDS, Answer, Decision, Verdict, judge_answer
from swoop_desktop.engine import Action, EngineError, Rules, RulesError
from swoop_desktop.storage.actioncodec import decode_hands
from swoop_desktop.storage.history import load_history
from swoop_desktop.storage.jsonfile import DocumentError
from swoop_desktop.storage.paths import Dirs
from swoop_desktop.storage.puzzles import PUZZLE_LABELS, Puzzle, add_puzzles, load_puzzles
from swoop_desktop.storage.reviews import review_key_of_text, stored_reviews

from .review import decisions


def collect(dirs: Dirs, worlds: int = REVIEW_WORLDS) -> list[str]:
    """Add a puzzle for every mistake or blunder of a stored review of a finished game.
    Returns messages for the player (a damaged file); never raises."""
    if not dirs.usable:
        return []
    reviews, messages = stored_reviews(dirs)
    if not reviews:  # nothing reviewed, nothing to gather: the history is not read at all
        return messages
    games, more = load_history(dirs)
    messages += more
    found: list[Puzzle] = []
    for record in games:
        if not reviews:
            break
        texts = record.actions  # each deal's plays as the record keeps them: no decoding
        for hand in [None, *range(len(texts))]:
            key = review_key_of_text(record.rules, record.players, record.seed, texts, hand, worlds)
            body = reviews.get(key)
            if body is None:
                continue
            digest = key.split("/", 1)[0] if hand is None else None
            for v in body.get("verdicts", []):
                if v.get("label") not in PUZZLE_LABELS or v.get("hindsight"):
                    continue
                hand_no = int(v["hand_no"])
                if hand_no >= len(texts):
                    continue
                # One id per decision of one game, whichever review (game or hand) found it.
                whole = (
                    digest
                    or review_key_of_text(
                        record.rules, record.players, record.seed, texts, None, worlds
                    ).split("/", 1)[0]
                )
                found.append(
                    Puzzle(
                        id=f"{whole}/{hand_no}/{v['step']}",
                        rules=dict(record.rules),
                        players=record.players,
                        seed=record.seed,
                        deals=list(texts[: hand_no + 1]),
                        verdict=dict(v),
                    )
                )
    if found:
        messages += add_puzzles(dirs, found)
    return messages


def position(puzzle: Puzzle) -> Decision:
    """The puzzle's decision, replayed from its record: what you could see, what you could
    do, what you did. Raises ValueError when the record no longer replays to it."""
    try:
        rules = Rules.from_json(puzzle.rules)
        hands = decode_hands(puzzle.deals)
    except (RulesError, DocumentError) as exc:
        raise ValueError(f"the puzzle's game cannot be read ({exc})") from None
    try:
        found = decisions(rules, puzzle.players, puzzle.seed, hands, 0, puzzle.hand_no)
    except (EngineError, ValueError, IndexError) as exc:
        raise ValueError(f"the puzzle's game no longer replays ({exc})") from None
    for d in found:
        if d.step == puzzle.step:
            return d
    raise ValueError("the puzzle's game no longer leads to its decision")


def check(
    puzzle: Puzzle, decision: Decision, answer: Action, worlds: int = REVIEW_WORLDS
) -> Answer:
    """The answer weighed by the review's search (seeded by the game, like the review)."""
    return judge_answer(decision, Verdict.from_json(puzzle.verdict), answer, worlds, puzzle.seed)


__all__ = ["check", "collect", "load_puzzles", "position"]
