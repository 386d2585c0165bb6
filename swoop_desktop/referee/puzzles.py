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

from collections.abc import Collection, Iterator, Sequence
from typing import Any

from swoop_desktop.ai.review import REVIEW_WORLDS, Answer, Decision, Verdict, judge_answer
from swoop_desktop.engine import Action, EngineError, Rules, RulesError
from swoop_desktop.progress.game_record import GameRecord
from swoop_desktop.progress.history import games_by_seq, newest_games
from swoop_desktop.progress.pending_games import waiting_games
from swoop_desktop.progress.puzzle_book import (
    PUZZLE_LABELS,
    Puzzle,
    add_puzzles,
    gathered,
    keep_gathered,
    load_puzzles,
)
from swoop_desktop.progress.stored_games import stored_top
from swoop_desktop.progress.stored_reviews import review_key_of_text, stored_reviews
from swoop_desktop.progress.summaries import summed_with
from swoop_desktop.storage import db
from swoop_desktop.storage.actioncodec import decode_hands, encode_hands
from swoop_desktop.storage.db import why_not
from swoop_desktop.storage.jsonfile import DocumentError
from swoop_desktop.storage.paths import Dirs

from .review import decisions


def collect(dirs: Dirs, worlds: int = REVIEW_WORLDS) -> list[str]:
    """Add a puzzle for every mistake or blunder of a stored review of a finished game.
    Returns messages for the player (a damaged file); never raises.

    The games are looked through newest first (a review is most often of a recent game),
    and only as far as a stored review not yet gathered is still unfound; what was
    gathered, and how far the history was looked through, is kept with your progress
    (:func:`~swoop_desktop.progress.puzzle_book.gathered`), so an opening with no new review
    and no new game reads no game at all, however long the history."""
    if not dirs.usable:
        return []
    reviews, messages = stored_reviews(dirs)
    if not reviews:  # nothing reviewed, nothing to gather: the history is not read at all
        return messages
    try:
        looked = gathered(dirs)
        upto = looked.upto
        found: list[tuple[str, Puzzle]] = []  # (the review's key, a puzzle of it)
        everything = set(reviews)
        hands = {k for k in everything if not _of_whole_game(k)}
        todo = everything - looked.keys  # not gathered yet: to find among every game
        # A whole game's review is found by the key its game's summary keeps, so only its
        # game is read: those not gathered yet, and any stored since the last look.
        whole = {k.split("/", 1)[0]: k for k in everything - hands}
        fresh = [d for d, k in whole.items() if k in todo]
        numbers = set(summed_with(dirs, fresh))
        numbers |= {n for n in summed_with(dirs, list(whole)) if n > upto}
        for record in games_by_seq(dirs, sorted(numbers)).values():
            found += _puzzles(record, everything, reviews, worlds, todo)
        # A hand's review is looked for game by game, newest first: in the games stored
        # since the last look, and back as far as one not gathered yet is unfound. The
        # games not stored yet are looked at for every review.
        hand_todo = todo & hands
        scan = newest_games(dirs, above=0 if hand_todo else upto) if hands else _not_stored(dirs)
        for number, record in scan:
            if number == 0:
                found += _puzzles(record, everything, reviews, worlds, todo)
                continue
            if number <= upto and not hand_todo:
                break
            keys = hands if number > upto else hand_todo
            found += _puzzles(record, keys, reviews, worlds, hand_todo)
            if not hand_todo and number - 1 <= upto:  # the rest were looked through before
                break
        top = stored_top(dirs)
        if found:
            messages += add_puzzles(dirs, [p for _, p in found])
        book, more = load_puzzles(dirs)
        messages += more
        kept = {p.id for p in book.puzzles} | set(book.retired)
        # A review whose puzzles all found room is gathered; one whose puzzles wait for
        # room on the list (it holds at most so many) is looked for again next time.
        waiting = {key for key, p in found if p.id not in kept}
        keep_gathered(dirs, max(top, upto), everything - waiting)
    except db.FAILURES as exc:
        messages.append(f"Puzzles could not be gathered from your reviews ({why_not(exc, dirs)}).")
    return messages


def _not_stored(dirs: Dirs) -> Iterator[tuple[int, GameRecord]]:
    """The games not stored yet, as :func:`newest_games` gives them (numbered 0)."""
    for record in reversed(waiting_games(dirs)):
        yield 0, record


def _of_whole_game(key: str) -> bool:
    """A key :func:`review_key_of_text` made for a whole game ("<digest>/game/<worlds>")."""
    return key.split("/")[1:2] == ["game"]


def _puzzles(
    record: GameRecord,
    keys: Collection[str],
    reviews: dict[str, dict[str, Any]],
    worlds: int,
    todo: set[str],
) -> list[tuple[str, Puzzle]]:
    """The puzzles of the reviews among ``keys`` that are of ``record`` (the whole game,
    or one of its hands); each review found is taken off ``todo``."""
    texts = record.actions  # each deal's plays as the record keeps them: no decoding
    whole = review_key_of_text(record.rules, record.players, record.seed, texts, None, worlds)
    digest = whole.split("/", 1)[0]
    out: list[tuple[str, Puzzle]] = []
    for hand in [None, *range(len(texts))]:
        key = (
            whole
            if hand is None
            else review_key_of_text(record.rules, record.players, record.seed, texts, hand, worlds)
        )
        if key not in keys:
            continue
        todo.discard(key)
        for v in reviews[key].get("verdicts", []):
            if v.get("label") not in PUZZLE_LABELS or v.get("hindsight"):
                continue
            hand_no = int(v["hand_no"])
            if hand_no >= len(texts):
                continue
            # One id per decision of one game, whichever review (game or hand) found it.
            puzzle = Puzzle(
                id=f"{digest}/{hand_no}/{v['step']}",
                rules=dict(record.rules),
                players=record.players,
                seed=record.seed,
                deals=list(texts[: hand_no + 1]),
                verdict=dict(v),
            )
            out.append((key, puzzle))
    return out


def of_review(
    rules: Rules,
    players: int,
    seed: int,
    hands: Sequence[Sequence[Action]],
    verdicts: Sequence[Verdict],
    worlds: int = REVIEW_WORLDS,
) -> list[Puzzle]:
    """The puzzles of a finished review of a game the history does not keep (the daily
    deal): one for each fair verdict labelled mistake or blunder, made as :func:`collect`
    makes a reviewed game's, with the same id for the same decision."""
    texts = encode_hands([list(h) for h in hands])
    rules_json = rules.to_json()
    digest = review_key_of_text(rules_json, players, seed, texts, None, worlds).split("/", 1)[0]
    out: list[Puzzle] = []
    for v in verdicts:
        if v.hindsight or v.label not in PUZZLE_LABELS or v.hand_no >= len(texts):
            continue
        out.append(
            Puzzle(
                id=f"{digest}/{v.hand_no}/{v.step}",
                rules=dict(rules_json),
                players=players,
                seed=seed,
                deals=list(texts[: v.hand_no + 1]),
                verdict=v.to_json(),
            )
        )
    return out


def keep_from_review(
    dirs: Dirs,
    rules: Rules,
    players: int,
    seed: int,
    hands: Sequence[Sequence[Action]],
    verdicts: Sequence[Verdict],
    worlds: int = REVIEW_WORLDS,
) -> list[str]:
    """Add the puzzles of a finished review of a game not kept in the history (the daily
    deal's hand) to your puzzles; a puzzle already there, or solved off the list, is not
    added again. Messages for the player; never raises."""
    if not dirs.usable:
        return []
    found = of_review(rules, players, seed, hands, verdicts, worlds)
    if not found:
        return []
    try:
        return add_puzzles(dirs, found)
    except db.FAILURES as exc:
        return [f"Puzzles could not be kept from this review ({why_not(exc, dirs)})."]


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


__all__ = ["check", "collect", "keep_from_review", "load_puzzles", "of_review", "position"]
