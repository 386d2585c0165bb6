"""The expert level: the hard bot's search with the expert's knobs, more work a decision,
legal answers, the same settings from opponents.yaml, its own worlds in the tournament;
and the sharp level between normal and hard, the same search with less work."""

from __future__ import annotations

import pickle

import pytest

from swoop_desktop.ai import (
    SEARCH_LEVELS,
    ExpertBot,
    HardBot,
    SharpBot,
    dump_opponents,
    load_opponents,
    make_bot,
)
from swoop_desktop.ai.search import (
    CAP_MS,
    DEFAULT_WORLDS,
    EXPERT_KNOBS,
    HALVE_FROM,
    SHARP_KNOBS,
)
from swoop_desktop.choices import PLAYER_LEVELS
from swoop_desktop.engine.observation import observe
from swoop_desktop.referee.matches import parse_bot
from swoop_desktop.storage.seats import Seat
from swoop_desktop.ui.table.thinking import Thinker
from tests.sizes import quick_and_full

from .helpers import played_position


def test_expert_is_the_hard_search_with_its_own_knobs():
    bot = make_bot("expert", "cautious", seed=3)
    assert isinstance(bot, ExpertBot) and isinstance(bot, HardBot) and bot.level == "expert"
    for knob, value in EXPERT_KNOBS.items():
        assert getattr(bot, knob) == value
    assert bot.max_worlds > DEFAULT_WORLDS and bot.halve_from >= HALVE_FROM
    assert bot.budget_ms == CAP_MS  # the clock only a safety cap, the widest
    assert "expert" in SEARCH_LEVELS
    # Told otherwise, it takes the option; None keeps the level's own.
    assert make_bot("expert", max_worlds=9).max_worlds == 9
    assert make_bot("expert", max_worlds=None).max_worlds == EXPERT_KNOBS["max_worlds"]


def _positions():
    """(seed, observation, legal actions) of positions a little way into app-rules deals."""
    for seed in range(12):
        state, history = played_position("app", seed, plays=8 + 5 * seed)
        if not state.is_over:
            yield seed, observe(state, state.to_move, history), state.legal_actions()


# Each searched decision costs the expert's whole work (160 worlds, the hard bot's 72):
# quick, the first of them; full, three.
@quick_and_full(1, 3, "searches")
def test_expert_searches_more_worlds_than_hard_and_answers_legally(searches):
    searched = 0
    for seed, obs, legal in _positions():
        hard = make_bot("hard", seed=seed, use_clock=False)
        expert = make_bot("expert", seed=seed, use_clock=False)
        assert hard.choose(obs, legal) in legal
        assert expert.choose(obs, legal) in legal
        assert isinstance(hard, HardBot) and isinstance(expert, ExpertBot)
        if hard.last_worlds:  # a decision that was searched
            # (hard plays more than its 72 where the play-outs are short: its step budget)
            assert DEFAULT_WORLDS <= hard.last_worlds
            assert expert.last_worlds >= EXPERT_KNOBS["max_worlds"]
            assert expert.last_worlds > hard.last_worlds
            searched += 1
            if searched == searches:  # enough: each searched decision costs the expert's work
                break
    assert searched >= searches


def test_the_expert_never_searches_fewer_worlds_than_hard_late_in_a_hand():
    """Late in a hand the hard bot's step budget deals it more worlds than its 72; at a
    fixed 160 the expert then searched fewer than the level below it (251 against 160
    here), where a mistake costs the most points. Its budget is now the hard level's in
    proportion to its worlds."""
    from swoop_desktop.ai.bots import NormalBot
    from swoop_desktop.engine import Rules, new_deal
    from swoop_desktop.engine.observation import PublicHistory

    state, events = new_deal(Rules.from_preset("app"), 4, seed=0)
    history = PublicHistory(4)
    history.feed(events)
    normal = [NormalBot(seed=s) for s in range(4)]
    while True:  # four normal bots play on to your first choice 40 plays into the hand
        obs, legal = observe(state, state.to_move, history), state.legal_actions()
        if state.to_move == 0 and len(legal) > 1 and state.plays >= 40:
            break
        history.feed(state.apply(normal[state.to_move].choose(obs, legal)))
    hard = make_bot("hard", seed=1, use_clock=False)
    expert = make_bot("expert", seed=1, use_clock=False)
    assert hard.choose(obs, legal) in legal and expert.choose(obs, legal) in legal
    assert hard.last_worlds > EXPERT_KNOBS["max_worlds"]  # the hard bot's budget at work
    assert expert.last_worlds >= hard.last_worlds


def test_expert_settings_round_trip_through_opponents_yaml(tmp_path):
    (tmp_path / "opponents.yaml").write_text(
        "seats:\n  right:\n    name: Ace\n    level: expert\n    personality: pyro\n"
    )
    seats, messages = load_opponents(tmp_path)
    assert messages == [] and seats[2].level == "expert" and seats[2].name == "Ace"
    bot = seats[2].make_bot(seed=4)
    assert isinstance(bot, ExpertBot) and bot.max_worlds == EXPERT_KNOBS["max_worlds"]
    again = tmp_path / "again"
    again.mkdir()
    (again / "opponents.yaml").write_text(dump_opponents(seats))
    reloaded, messages = load_opponents(again)
    assert messages == [] and reloaded == seats


def test_the_tournament_keeps_the_experts_worlds_unless_told():
    expert = parse_bot("expert", 1, None, 72)  # --worlds 72 is the hard bot's
    hard = parse_bot("hard", 1, None, 72)
    assert isinstance(expert, ExpertBot) and isinstance(hard, HardBot)
    assert expert.max_worlds == EXPERT_KNOBS["max_worlds"] and hard.max_worlds == 72
    assert not expert.use_clock and not hard.use_clock  # fixed work on any machine
    told = parse_bot("expert@20:pyro", 1, None, 72)
    assert isinstance(told, ExpertBot) and told.max_worlds == 20 and not told.use_clock
    assert parse_bot("expert", 1, None, None).use_clock  # the safety cap, as at the table
    for bad in ("normal@3", "expert@0", "expert@many"):
        with pytest.raises(ValueError, match="@N"):
            parse_bot(bad, 1, None)


def test_an_expert_at_the_table_plays_its_fixed_work():
    thinker = Thinker(Seat(2, "Ace", "expert", "balanced"), seed=5)
    assert isinstance(thinker.bot, ExpertBot) and not thinker.bot.use_clock


def test_an_expert_sent_to_a_worker_keeps_its_level_and_knobs():
    bot = make_bot("expert", seed=7, use_clock=False)
    again = pickle.loads(pickle.dumps(bot))
    assert isinstance(again, ExpertBot) and again.level == "expert"
    assert (again.max_worlds, again.halve_from, again.use_clock) == (
        bot.max_worlds,
        bot.halve_from,
        False,
    )


def test_sharp_is_the_hard_search_with_less_work_between_normal_and_hard():
    from swoop_desktop.progress.rating import LEVEL_RATINGS

    levels = list(PLAYER_LEVELS)
    assert levels.index("normal") < levels.index("sharp") < levels.index("hard")
    assert LEVEL_RATINGS["normal"][0] < LEVEL_RATINGS["sharp"][0] < LEVEL_RATINGS["hard"][0]
    assert "sharp" in SEARCH_LEVELS
    searched = 0
    for seed, obs, legal in _positions():
        sharp = make_bot("sharp", "balanced", seed=seed, use_clock=False)
        assert isinstance(sharp, SharpBot) and sharp.level == "sharp"
        assert sharp.choose(obs, legal) in legal
        if sharp.last_worlds:
            assert sharp.last_worlds == SHARP_KNOBS["max_worlds"] < DEFAULT_WORLDS
            searched += 1
            if searched == 3:
                break
    assert searched >= 3
    # The tournament keeps its own work under --worlds (the hard bot's); @N sets it.
    assert parse_bot("sharp", 1, None, 72).max_worlds == SHARP_KNOBS["max_worlds"]
    assert parse_bot("sharp@4", 1, None, 72).max_worlds == 4
    assert isinstance(Thinker(Seat(1, "Sam", "sharp", "balanced"), seed=5).bot, SharpBot)
