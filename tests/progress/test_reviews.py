"""Stored reviews: kept beside the history, never touching the saved game or the history."""

from __future__ import annotations

from swoop_desktop.engine import Match, Rules
from swoop_desktop.progress.stored_reviews import (
    KEEP,
    load_review,
    review_key,
    reviews_file,
    store_review,
)
from swoop_desktop.storage import resolve_dirs


def test_a_stored_review_comes_back_by_its_key_and_the_oldest_go_first(tmp_path):
    dirs = resolve_dirs(tmp_path)
    assert load_review(dirs, "a/game/48") == (None, [])
    assert store_review(dirs, "a/game/48", {"verdicts": [], "accuracy": 100.0}) == []
    assert load_review(dirs, "a/game/48")[0] == {"verdicts": [], "accuracy": 100.0}
    for i in range(KEEP + 5):
        store_review(dirs, f"k{i}/game/48", {"verdicts": []})
    assert load_review(dirs, "a/game/48")[0] is None
    assert load_review(dirs, f"k{KEEP + 4}/game/48")[0] == {"verdicts": []}
    assert load_review(dirs, "k4/game/48")[0] is None


def test_a_damaged_reviews_file_is_moved_aside_and_reported_once(tmp_path):
    dirs = resolve_dirs(tmp_path)
    reviews_file(dirs).write_text("{not json")
    value, messages = load_review(dirs, "x")
    assert value is None and len(messages) == 1 and "game reviews" in messages[0]
    assert load_review(dirs, "x") == (None, [])
    assert any(p.name.startswith("reviews.damaged-") for p in tmp_path.iterdir())


def test_the_key_names_the_game_the_hand_and_the_work():
    match = Match(Rules.from_preset("app"), 4, 7)
    match.start_hand()
    match.apply(match.legal_actions()[0])
    rules = match.rules.to_json()
    whole = review_key(rules, 4, 7, match.actions, None, 48)
    assert whole.endswith("/game/48")
    assert review_key(rules, 4, 7, match.actions, 0, 48).endswith("/hand1/48")
    assert review_key(rules, 4, 8, match.actions, None, 48) != whole
    assert review_key(rules, 4, 7, match.actions, None, 96) != whole


def test_the_key_from_a_records_deal_texts_is_the_key_from_its_plays():
    """Scores and Puzzles key a game's review from the plays as the record keeps them
    (no decoding, for every game of a long history): the same key as from the plays."""
    from swoop_desktop.progress.stored_games import record_from_match
    from swoop_desktop.progress.stored_reviews import review_key, review_key_of_text
    from tests.storage.helpers import finished_match

    for seed in (1, 2, 3):
        record = record_from_match(finished_match(seed), [{"name": "You"}])
        hands = record.deals()
        for hand in (None, 0, len(hands) - 1):
            assert review_key_of_text(
                record.rules, record.players, record.seed, record.actions, hand, 48
            ) == review_key(record.rules, record.players, record.seed, hands, hand, 48)
