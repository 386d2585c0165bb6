"""The daily deal's comparison (issue 22): the hard opponent's result comes from the same
deal and seat as yours, from its own observation only, and never from your cards or plays."""

from __future__ import annotations

from datetime import date

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Match, Rules
from swoop_desktop.engine.observation import PublicHistory, observe
from swoop_desktop.referee.daily import DAILY_OPPONENTS, daily_seed, hard_in_seat

RULES = Rules.from_preset("app")


def test_the_seed_follows_the_date_and_the_rules_and_nothing_else():
    day = date(2026, 12, 1)
    assert daily_seed(day, RULES) == daily_seed(day, Rules.from_preset("app"))
    assert daily_seed(day, RULES) != daily_seed(date(2026, 12, 2), RULES)
    assert daily_seed(day, RULES) != daily_seed(day, Rules.from_preset("classic"))


def test_the_hard_result_comes_from_the_same_deal_and_seat_and_never_saw_your_cards():
    seed = daily_seed(date(2026, 12, 1), RULES)
    # Your table: the same Match as the UI's daily table deals.
    yours = Match(RULES, 4, seed)
    history = PublicHistory(4)
    history.feed(yours.start_hand())
    your_start = observe(yours.state, HUMAN_SEAT, history)

    seen: list[tuple[int, object]] = []
    result = hard_in_seat(RULES, seed, worlds=2, watch=lambda seat, obs: seen.append((seat, obs)))
    first_of_yours = next(obs for seat, obs in seen if seat == HUMAN_SEAT)
    # The same deal: the same table cards and dealer before the first play, and in your
    # seat the same hand when its first turn came (nobody else can change your hand).
    assert seen[0][1].up == your_start.up
    assert seen[0][1].dealer == your_start.dealer
    assert first_of_yours.hand == your_start.hand
    assert result.seat == HUMAN_SEAT and len(result.points) == 4
    # Every seat was handed only its own observation (the hard bot's seat never holds
    # another seat's hidden hand), and nothing of your game reaches it: it takes only the
    # rules and the seed, so it is the same however you play.
    for seat, obs in seen:
        assert obs.seat == seat
    again = hard_in_seat(RULES, seed, worlds=2)
    assert again == result


def test_the_opponents_are_fixed_for_everyone():
    assert [level for _, level, _ in DAILY_OPPONENTS] == ["normal"] * 3
