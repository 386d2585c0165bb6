"""Practice from your mistakes: a decision the review called a mistake or a blunder
becomes a puzzle (from the stored review of a game in the history), its answer is
checked by the review's own search, and two solves in a row take it off the list."""

from __future__ import annotations

import functools
import json
import time

import pytest

from swoop_desktop.ai import make_bot
from swoop_desktop.ai.bots import action_rank
from swoop_desktop.ai.review import Verdict
from swoop_desktop.ai.review_words.plays import describe
from swoop_desktop.engine import RANK_OF, Flip, Match, Play, Rules, action_from_json
from swoop_desktop.progress import record_finished_game
from swoop_desktop.progress.puzzle_book import load_puzzles, record_answer
from swoop_desktop.progress.stored_reviews import review_key, store_review
from swoop_desktop.referee.puzzles import check, collect, position
from swoop_desktop.referee.review import review
from swoop_desktop.storage import resolve_dirs

from ..ai.helpers import play_hands

# A light review (the screens use 8, the shipped 48): the scripted blunder's cost is the
# pile's points, so 4 re-deals find the same puzzle, options, words and answers as 8 (the
# review's precision is tests/ai/test_review.py's); the same worlds find the puzzle.
WORLDS = 4


class Blunderer:
    """Once a game, picks up a pile of six or more cards on purpose with its highest card
    when a lower one would have gone on (the play-test's "41-point blunder"); else plays
    like normal. The cost is in the pile's points, whatever the hidden cards are."""

    def __init__(self) -> None:
        self.bot = make_bot("normal", seed=7)
        self.done = False

    def choose(self, obs, legal):
        if not self.done and len(obs.pile) >= 6:
            top = RANK_OF[obs.pile[-1]]
            plays = [a for a in legal if type(a) is Play]
            rank = {a: action_rank(obs, a) for a in plays}
            swoop = obs.rules.is_swoop_rank
            high = [a for a in plays if rank[a] > top and not swoop(rank[a])]
            safe = [a for a in plays if rank[a] <= top and not swoop(rank[a])]
            if high and safe:
                self.done = True
                return max(high, key=lambda a: rank[a])
        return self.bot.choose(obs, legal)


def scripted_game(seed: int = 8) -> Match:
    bots = [Blunderer()] + [make_bot("normal", seed=seed + p) for p in (1, 2, 3)]
    return play_hands(Match(Rules.from_preset("app"), 4, seed), bots)


@functools.cache
def _game_and_review(seed: int):
    """The scripted game and its review, worked out once for all the tests here (both
    are fixed by the seed; each test stores them in a folder of its own)."""
    match = scripted_game(seed)
    return match, review(match.rules, 4, match.seed, match.actions, worlds=WORLDS)


def reviewed(tmp_path, seed: int = 8):
    """The scripted game in the history, and its review stored as the Review screen stores it."""
    dirs = resolve_dirs(str(tmp_path))
    match, result = _game_and_review(seed)
    seats = [{"seat": p, "name": f"P{p}", "level": "normal"} for p in range(4)]
    record_finished_game(dirs, match, seats, abandoned=True)
    key = review_key(match.rules.to_json(), 4, match.seed, match.actions, None, WORLDS)
    assert store_review(dirs, key, result.to_json()) == []
    return dirs, result


def test_a_scripted_blunder_becomes_a_puzzle_from_the_stored_review(tmp_path):
    dirs, result = reviewed(tmp_path)
    costly = [v for v in result.verdicts if v.label in ("mistake", "blunder")]
    assert [(v.chosen, v.label) for v in costly] == [("played a king", "blunder")]
    assert collect(dirs, WORLDS) == []
    book, messages = load_puzzles(dirs)
    assert messages == [] and len(book.puzzles) == 1
    puzzle = book.puzzles[0]
    assert Verdict.from_json(puzzle.verdict) == costly[0]
    # The table as it was, from your seat: the same decision the review weighed.
    decision = position(puzzle)
    assert decision.obs.seat == 0 and describe(decision.obs, decision.chosen) == "played a king"
    assert decision.number == costly[0].number
    # Collecting again adds nothing (the puzzle is there already).
    collect(dirs, WORLDS)
    assert len(load_puzzles(dirs)[0].puzzles) == 1


def test_the_better_play_is_accepted_and_the_blunder_refused_in_the_reviews_words(tmp_path):
    dirs, _ = reviewed(tmp_path)
    collect(dirs, WORLDS)
    puzzle = load_puzzles(dirs)[0].puzzles[0]
    verdict = Verdict.from_json(puzzle.verdict)
    decision = position(puzzle)
    best = action_from_json(json.loads(verdict.options[0].action))
    right = check(puzzle, decision, best, WORLDS)
    assert right.right and right.cost == 0
    assert right.words.startswith("Right: playing an ace is the better")
    # The reason follows, the play named once: "Why: ..." after "Playing an ace was better: ".
    assert verdict.reason.partition(" was better: ")[2] in right.words
    assert "Playing an ace was better" not in right.words
    wrong = check(puzzle, decision, decision.chosen, WORLDS)
    assert not wrong.right
    assert "the review called it a blunder" in wrong.words
    assert "ace" not in wrong.words and verdict.reason not in wrong.words  # nothing given away


def test_an_answer_the_review_did_not_weigh_is_weighed_by_the_same_search(tmp_path):
    dirs, _ = reviewed(tmp_path)
    collect(dirs, WORLDS)
    puzzle = load_puzzles(dirs)[0].puzzles[0]
    verdict = Verdict.from_json(puzzle.verdict)
    decision = position(puzzle)
    weighed = {o.words for o in verdict.options}
    others = [
        a
        for a in decision.legal
        if type(a) is not Flip and describe(decision.obs, a) not in weighed
    ]
    assert others
    answer = check(puzzle, decision, others[0], WORLDS)
    assert answer.words.startswith(("Right: ", "Not the best: "))
    assert answer.right == (answer.cost < 3.0)


def test_two_solves_in_a_row_take_a_puzzle_off_the_list_for_good(tmp_path):
    dirs, _ = reviewed(tmp_path)
    collect(dirs, WORLDS)
    pid = load_puzzles(dirs)[0].puzzles[0].id
    assert record_answer(dirs, pid, True) == (False, [])
    assert record_answer(dirs, pid, False) == (False, [])  # a wrong answer starts again
    assert load_puzzles(dirs)[0].puzzles[0].solved == 0
    assert record_answer(dirs, pid, True) == (False, [])
    assert record_answer(dirs, pid, True) == (True, [])
    book, _ = load_puzzles(dirs)
    assert book.puzzles == [] and book.retired == [pid]
    collect(dirs, WORLDS)  # the stored review does not bring it back
    assert load_puzzles(dirs)[0].puzzles == []


def test_an_answer_weighed_in_a_worker_process_is_the_same_answer(tmp_path, monkeypatch):
    """Puzzles weigh an answer in a worker process (the frames go on): the same answer,
    for the search is seeded by the game, not by where it runs."""
    import multiprocessing

    from swoop_desktop.ai import workers

    dirs, _ = reviewed(tmp_path)
    collect(dirs, WORLDS)
    puzzle = load_puzzles(dirs)[0].puzzles[0]
    decision = position(puzzle)
    weighed = {o.words for o in Verdict.from_json(puzzle.verdict).options}
    other = next(
        a
        for a in decision.legal
        if type(a) is not Flip and describe(decision.obs, a) not in weighed
    )
    here = check(puzzle, decision, other, WORLDS)
    monkeypatch.setenv(workers.MODE_VARIABLE, "processes")
    workers.shutdown()
    if not workers.processes_wanted():
        pytest.skip("one core: the game thinks on threads here")
    try:
        job = workers.Job(workers.shared(), check, puzzle, decision, other, WORLDS)
        while not job.ready:
            time.sleep(0.02)
        pids = workers.shared().pids()
        assert job.error is None and pids
        assert job.value == here
    finally:
        workers.shutdown()
    # Its workers ended with it (other tests' processes are theirs to end).
    alive = {p.pid for p in multiprocessing.active_children() if p.is_alive()}
    assert not alive & set(pids)


def _counting_reads(monkeypatch) -> list[str]:
    """The games :func:`collect` reads (each a record built from its stored row)."""
    from swoop_desktop.progress import history

    read: list[str] = []
    real = history.record_from_row

    def counted(body, checked, counted, notes=None):
        record = real(body, checked, counted, notes)
        read.append(record.seed)
        return record

    monkeypatch.setattr(history, "record_from_row", counted)
    return read


def _review_hand(dirs, seed: int, hand: int):
    """The review of one hand of a finished game (as the Review screen stores it)."""
    from tests.storage.helpers import finished_match

    match = finished_match(seed)
    record_finished_game(dirs, match, [])
    hands = match.actions
    key = review_key(match.rules.to_json(), 4, match.seed, hands, hand, WORLDS)
    assert store_review(dirs, key, {"verdicts": [], "accuracy": 80.0}) == []


def test_gathering_reads_no_game_again_until_a_review_or_a_game_is_new(tmp_path, monkeypatch):
    from tests.storage.helpers import finished_match

    dirs, _ = reviewed(tmp_path)
    read = _counting_reads(monkeypatch)
    collect(dirs, WORLDS)
    assert read == [8]  # the reviewed game (found by its summary's key), the only one
    read.clear()
    collect(dirs, WORLDS)
    assert read == []  # nothing new: no game read at all
    for seed in (3, 4):  # newer games, no review of a hand: none is read
        record_finished_game(dirs, finished_match(seed), [])
    collect(dirs, WORLDS)
    assert read == []
    _review_hand(dirs, 5, 0)  # a hand's review: looked for newest first, found at once
    collect(dirs, WORLDS)
    assert read == [5]
    read.clear()
    record_finished_game(dirs, finished_match(6), [])
    collect(dirs, WORLDS)
    assert read == [6]  # only the game stored since (it could hold a reviewed hand)
    assert len(load_puzzles(dirs)[0].puzzles) == 1


def test_a_review_of_an_older_game_is_found_by_looking_back_only_as_far_as_it(tmp_path):
    from tests.storage.helpers import finished_match

    dirs, _ = reviewed(tmp_path)  # game 1: reviewed, not yet gathered
    for seed in (3, 4, 5):
        record_finished_game(dirs, finished_match(seed), [])
    assert collect(dirs, WORLDS) == []
    assert len(load_puzzles(dirs)[0].puzzles) == 1


def test_puzzles_waiting_for_room_on_a_full_list_are_gathered_later(tmp_path, monkeypatch):
    from swoop_desktop.progress import puzzle_book as stored

    dirs, _ = reviewed(tmp_path)
    monkeypatch.setattr(stored, "KEEP", 0)  # a full list: no room
    collect(dirs, WORLDS)
    assert load_puzzles(dirs)[0].puzzles == []
    monkeypatch.setattr(stored, "KEEP", 200)  # room again (a puzzle solved off the list)
    collect(dirs, WORLDS)
    assert len(load_puzzles(dirs)[0].puzzles) == 1
