"""Every bot answers every position with a legal action (R6-R13), in every preset."""

from __future__ import annotations

import pytest

from swoop_desktop.ai import LEVELS, PERSONALITIES, SEARCH_LEVELS, make_bot
from swoop_desktop.ai.search import HardBot
from swoop_desktop.engine import Rules, new_deal
from swoop_desktop.engine.observation import PublicHistory, observe
from tests.sizes import quick_and_full

from .helpers import PRESET_NAMES, RULE_SET_IDS, RULE_SETS


def _play(rules: Rules, bots: list, seed: int, cap: int = 1500) -> int:
    """One deal; asserts every answer is legal; returns the number of decisions."""
    n = len(bots)
    state, events = new_deal(rules, n, seed=seed)
    history = PublicHistory(n)
    history.feed(events)
    decisions = 0
    while not state.is_over and decisions < cap:
        p = state.to_move
        legal = state.legal_actions()
        action = bots[p].choose(observe(state, p, history), legal)
        assert action in legal, (bots[p], action, legal)
        history.feed(state.apply(action))  # the checked path: raises on an illegal action
        decisions += 1
    return decisions


@quick_and_full(2000, 5000, "decisions")  # about 30 deals, or 80, a preset
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_r6_bots_never_answer_illegally_over_thousands_of_decisions(preset, decisions):
    rules = Rules.from_preset(preset)
    fast = [level for level in LEVELS if level not in SEARCH_LEVELS]
    total = 0
    deal = 0
    while total < decisions:
        bots = [
            make_bot(fast[(deal + i) % len(fast)], PERSONALITIES[(deal + i) % 4], seed=deal)
            for i in range(4)
        ]
        total += _play(rules, bots, seed=100 + deal)
        deal += 1
    assert total >= decisions


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_r6_hard_bot_never_answers_illegally(preset):
    rules = Rules.from_preset(preset)
    # One world each: every step of a search decision runs (its candidates, the guesses
    # at the hidden hands, a re-deal, the play-outs). Under four worlds the search never
    # overrules the normal choice, so more of them would play this same deal, only slower;
    # so would more guesses at the hidden hands (8 candidate hands with 4 swap moves each a
    # decision, not 24 with 12: the guessing goes through the same steps, on fewer hands).
    work = {"max_worlds": 1, "use_clock": False, "particles": 8, "moves": 4}
    bots = [
        HardBot(seed=1, **work),
        make_bot("expert", seed=4, **work),
        make_bot("sharp", seed=4, **work),
        make_bot("easy", seed=2),
        make_bot("random", seed=3),
    ]
    assert _play(rules, bots, seed=7) > 10


@pytest.mark.parametrize("players", [3, 5, 8])
def test_r3_bots_play_legally_at_other_table_sizes(players):
    rules = Rules.from_preset("app")
    bots = [
        make_bot(("easy", "normal", "lowest", "highest")[i % 4], seed=i) for i in range(players)
    ]
    assert _play(rules, bots, seed=players) > 10


@pytest.mark.parametrize(("preset", "option", "value"), RULE_SETS, ids=RULE_SET_IDS)
def test_bots_play_legally_under_every_rule_option(preset, option, value):
    rules = Rules.from_preset(preset, **({option: value} if option else {}))
    bots = [make_bot(level, seed=9) for level in ("normal", "easy", "random", "highest")]
    assert _play(rules, bots, seed=len(option)) > 5
