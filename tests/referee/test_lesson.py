"""The first hand that teaches is a real deal, checked by the engine like any other: a
stacked two-deck deck, and every play of its script applied by ``Match.apply``."""

from __future__ import annotations

import pytest

from swoop_desktop.engine import Flip, Play, RulesError, new_deal
from swoop_desktop.engine.cards import deck_ids
from swoop_desktop.engine.events import Flipped, PickedUp, Played, Swooped
from swoop_desktop.referee.lesson import (
    LESSON_DEALER,
    STEPS,
    lesson_deck,
    lesson_match,
    lesson_rules,
    play_through,
)


def test_the_lessons_deck_holds_every_card_of_two_decks_once():
    deck = lesson_deck()
    assert sorted(deck) == deck_ids(2)


def test_r1_a_stacked_deck_that_is_not_the_decks_is_refused():
    deck = list(lesson_deck())
    deck[0] = deck[1]  # a card twice, another missing
    with pytest.raises(RulesError, match="R1"):
        new_deal(lesson_rules(), 4, 0, LESSON_DEALER, order=deck)


def test_r5_you_lead_the_lesson():
    match = lesson_match()
    match.start_hand()
    assert match.state.to_move == 0 and match.dealer == LESSON_DEALER


def test_every_step_of_the_lesson_is_legal_and_each_rule_comes_up():
    match = lesson_match()
    match.start_hand()
    seen: list[str] = []
    for step in STEPS:
        assert match.state.to_move == step.seat
        assert step.action in match.state.legal_actions(), step
        for ev in match.apply(step.action):
            if isinstance(ev, Swooped) and step.seat == 0:
                seen.append("swoop " + ("card" if step.action == Play((10,), ()) else "four"))
            elif isinstance(ev, Swooped):
                seen.append("joker")
            elif isinstance(ev, PickedUp) and ev.player == 0:
                seen.append("pick-up")
            elif isinstance(ev, Flipped) and ev.player == 0:
                seen.append("flip")
            elif isinstance(ev, Played) and ev.player == 0 and step.action == Play((), (0,)):
                seen.append("face-up")
    assert seen == ["swoop four", "face-up", "pick-up", "swoop card", "flip", "joker"]
    assert match.state.to_move == 0 and not match.state.is_over


def test_the_pick_up_starts_a_fresh_pile_with_the_card_played():
    match = lesson_match()
    match.start_hand()
    for step in STEPS:
        match.apply(step.action)
        if step.action == Play((12,), ()) and step.seat == 0:
            assert [c % 54 // 4 + 1 for c in match.state.pile] == [12]
            assert match.state.to_move == 1  # no follow-up offered: you hold no other queen
            break


def test_the_lesson_is_the_same_every_time():
    a, b = play_through(), play_through(lesson_match())
    assert a.state == b.state
    assert a.actions == b.actions


def test_a_resumed_lesson_replays_from_the_same_stacked_deal():
    match = lesson_match()
    match.start_hand()
    for step in STEPS[:5]:
        match.apply(step.action)
    deal = match.current_hand_events()[0][0]
    assert list(deal.up[0]) == list(lesson_deck()[4:8])
    assert isinstance(STEPS[-5].action, Flip)


def test_a_card_higher_than_the_top_is_refused_with_what_it_would_do():
    """At "Equal or lower" (the top is a 9) your queen is legal but not the lesson's: the
    refusal says that it would pick the pile up, then what the lesson wants."""
    match = lesson_match()
    match.start_hand()
    at = next(i for i, s in enumerate(STEPS) if s.title == "Equal or lower")
    for step in STEPS[:at]:
        match.apply(step.action)
    queen = Play((12,), ())
    assert queen in match.state.legal_actions()
    words = STEPS[at].refusal(match.state, queen)
    assert words.startswith("Your queen is higher than the 9 on top: it would pick the pile up.")
    assert words.endswith(STEPS[at].why)
    assert STEPS[at].refusal(match.state, STEPS[at].action) == STEPS[at].why
