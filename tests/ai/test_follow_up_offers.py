"""R8, R11-R13: the follow-ups the engine says it offers are the ones its play offers.

``Rules.follow_up`` is what the AI's opponent model (and anything else outside the
engine) asks instead of reading ``match_after_pickup``, ``mystery_chain`` or ``pickup``
itself. This walk plays random legal games under every preset and every value of every
option (the same walk as the legality tests) and checks, after each play, that the
answer agrees with what the engine then did: a follow-up of the rank (ADD), another
mystery card (CHAIN), or the turn passing only when nothing was offered or the player
had nothing to offer it to. The answer from the public history alone (``in_chain``
unknown) is checked too: where it says ADD, the engine did offer it.
"""

from __future__ import annotations

import random

import pytest

from swoop_desktop.engine import RANK_OF, Add, Flip, FollowUp, Play, Rules, RulesError, new_deal
from swoop_desktop.engine.events import Out, PickedUp, Played, Swooped
from swoop_desktop.engine.playout import CHAIN, FOLLOW

from .helpers import RULE_SET_IDS, RULE_SETS


def _holds(state, p: int, rank: int) -> bool:
    return bool(state.hands[p][rank]) or any(
        c is not None and RANK_OF[c] == rank for c in state.up[p]
    )


def _seen_offers(rules: Rules, seeds: range) -> set[FollowUp]:
    """Play random legal games under ``rules``; check each answer; the answers seen."""
    seen: set[FollowUp] = set()
    for seed in seeds:
        state, _ = new_deal(rules, 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            p = state.to_move
            in_chain = state.phase == CHAIN
            after_pickup = state.picked_up
            events = state.apply(action)
            if not isinstance(action, Play | Add | Flip):
                continue  # the end of a follow-up or a chain offers nothing more
            if any(isinstance(e, Swooped | Out) for e in events):
                continue  # a Swoop plays again, going out ends the hand
            played = [e for e in events if isinstance(e, Played) and e.player == p]
            assert played, (action, events)
            rank = RANK_OF[played[-1].ids[0]]
            new_pile = any(e.new_pile for e in played)
            taken = any(isinstance(e, PickedUp) and e.player == p for e in events)
            facts = dict(
                flipped=isinstance(action, Flip),
                new_pile=new_pile,
                into_hand=taken and not new_pile,
                from_face_up=bool(getattr(action, "up", ())),
                after_pickup=after_pickup,
            )
            answer = rules.follow_up(**facts, in_chain=in_chain)
            seen.add(answer)
            offered = state.to_move == p and state.phase in (FOLLOW, CHAIN)
            if answer is FollowUp.ADD:
                assert (state.phase == FOLLOW) == _holds(state, p, rank), (action, facts)
                if offered:
                    assert state.follow_rank == rank
            elif answer is FollowUp.CHAIN:
                assert (state.phase == CHAIN) == bool(state.uncovered_slots(p)), (action, facts)
            else:
                assert not offered, (action, facts, state.phase_name)
            public = rules.follow_up(**facts, in_chain=None)
            if public is not FollowUp.UNKNOWN:
                assert public is answer, (action, facts)
    return seen


@pytest.mark.parametrize("preset,option,value", RULE_SETS, ids=RULE_SET_IDS)
def test_the_engine_offers_the_follow_ups_it_says_it_offers(preset, option, value):
    rules = Rules.from_preset(preset, **({option: value} if option else {}))
    try:
        rules.validate_players(4)
    except RulesError:
        pytest.skip("not playable by four")
    _seen_offers(rules, range(3))


def test_the_walk_meets_every_kind_of_follow_up():
    seen = _seen_offers(Rules.from_preset("traditional"), range(4))
    seen |= _seen_offers(Rules.from_preset("app"), range(4))
    assert {FollowUp.ADD, FollowUp.CHAIN, FollowUp.NONE} <= seen
