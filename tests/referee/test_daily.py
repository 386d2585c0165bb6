"""The daily deal's comparison: the hard opponent's result comes from the same
deal and seat as yours, from its own observation only, and never from your cards or plays."""

from __future__ import annotations

from datetime import date

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import END, Match, Rules
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


def test_the_hard_score_keeps_the_search_it_began_with(monkeypatch):
    """The table's hard opponent may get stronger between versions; the daily deal's
    hard score is made with the work it began with (48 worlds, the first halving after
    4, no clock), so every day's score is made the same way."""
    import swoop_desktop.referee.daily as daily

    made: list[dict[str, object]] = []
    real = daily.make_bot

    def spy(level, personality=None, **options):
        if level != "hard":
            return real(level, personality, **options)
        made.append(dict(options))
        return real(level, personality, **{**options, "max_worlds": 2})  # quick, for a test

    monkeypatch.setattr(daily, "make_bot", spy)
    hard_in_seat(RULES, daily_seed(date(2026, 12, 1), RULES))
    assert len(made) == 1
    assert made[0]["max_worlds"] == 48
    assert made[0]["halve_from"] == 4
    assert made[0]["use_clock"] is False


def test_the_hard_result_carries_its_hand_and_the_games_part_at_the_first_difference():
    from swoop_desktop.referee.daily import parting

    seed = daily_seed(date(2026, 12, 1), RULES)
    result = hard_in_seat(RULES, seed, worlds=2)
    # Its actions are the hand it played: replayed on the same deal they give its points.
    match = Match(RULES, 4, seed)
    match.start_hand()
    for action in result.actions:
        match.apply(action)
    assert match.hand_over and list(match.sheet[-1]) == result.points
    theirs = list(result.actions)
    assert parting(theirs, theirs) is None  # the same play all through: never parted
    mine = [*theirs[:3], END, *theirs[4:]]  # another choice at the fourth action
    assert theirs[3] != END and parting(mine, theirs) == 3  # the first difference
    assert parting(theirs[:5], theirs) == 5  # a record cut short parts where it ends
