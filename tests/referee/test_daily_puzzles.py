"""The daily deal's review turns its mistakes and blunders into puzzles, as a reviewed
game's do: the daily deal is not in the history, where Puzzles finds a reviewed game."""

from __future__ import annotations

from datetime import date

from swoop_desktop.ai import make_bot
from swoop_desktop.ai.review import Verdict
from swoop_desktop.engine import Match, Rules
from swoop_desktop.progress.puzzle_book import load_puzzles
from swoop_desktop.referee.daily import PLAYERS, daily_seed
from swoop_desktop.referee.puzzles import check, keep_from_review, of_review, position
from swoop_desktop.referee.review import decisions
from swoop_desktop.storage import resolve_dirs
from tests.ai.helpers import play_hands


def _daily_hand() -> tuple[Rules, int, list[list]]:
    rules = Rules.from_preset("app")
    seed = daily_seed(date(2026, 3, 1), rules)
    match = Match(rules, PLAYERS, seed)
    play_hands(match, [make_bot("easy" if p == 0 else "normal", seed=p) for p in range(4)], 1)
    return rules, seed, [list(h) for h in match.actions]


def _verdicts(rules, seed, hands) -> list[Verdict]:
    """A review's verdicts, the first two decisions called a mistake and a blunder."""
    found = decisions(rules, PLAYERS, seed, hands, 0, 0)
    out = []
    for i, d in enumerate(found[:4]):
        label = ("mistake", "blunder", "good", "inaccuracy")[i]
        cost = (12.0, 25.0, 0.0, 5.0)[i]
        out.append(
            Verdict(
                0,
                d.step,
                d.number,
                "played x",
                "played y",
                cost,
                label,
                "Why.",
                (),
                8,
                low=cost,
                high=cost,
            )
        )
    return out


def test_the_daily_reviews_mistakes_and_blunders_reach_your_puzzles(tmp_path):
    dirs = resolve_dirs(tmp_path)
    rules, seed, hands = _daily_hand()
    verdicts = _verdicts(rules, seed, hands)
    assert keep_from_review(dirs, rules, PLAYERS, seed, hands, verdicts, 8) == []
    book, messages = load_puzzles(dirs)
    assert not messages
    assert sorted(p.label for p in book.puzzles) == ["blunder", "mistake"]
    for puzzle in book.puzzles:
        assert puzzle.seed == seed and puzzle.players == PLAYERS
        decision = position(puzzle)  # the table as it was, replayed from the puzzle alone
        assert decision.step == puzzle.step
        answer = check(puzzle, decision, decision.legal[0], worlds=4)
        assert isinstance(answer.right, bool)
    # Opening the same review again adds nothing twice.
    assert keep_from_review(dirs, rules, PLAYERS, seed, hands, verdicts, 8) == []
    assert len(load_puzzles(dirs)[0].puzzles) == 2


def test_a_daily_puzzle_has_the_id_a_reviewed_game_of_the_same_plays_would_have():
    from swoop_desktop.progress.stored_reviews import review_key_of_text
    from swoop_desktop.storage.actioncodec import encode_hands

    rules, seed, hands = _daily_hand()
    puzzles = of_review(rules, PLAYERS, seed, hands, _verdicts(rules, seed, hands), 8)
    texts = encode_hands(hands)
    digest = review_key_of_text(rules.to_json(), PLAYERS, seed, texts, None, 8).split("/")[0]
    assert [p.id for p in puzzles] == [f"{digest}/0/{p.step}" for p in puzzles]
