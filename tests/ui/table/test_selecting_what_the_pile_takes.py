"""Selecting "all" of a rank picks only as many cards as the engine lets go on the pile.

A right-click, a number key or the "All 7s" button selects cards of one rank; the table
asks the engine how many may go (a Swoop card goes alone, R10; with three 7s on the pile
only one more 7 fits, R9), so it never hands the player a selection the engine refuses.
"""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF, Match, Rules
from swoop_desktop.engine.observation import PublicHistory
from swoop_desktop.ui.table import layout as L
from swoop_desktop.ui.table import places
from swoop_desktop.ui.table.drivers import GAME
from swoop_desktop.ui.table.input import TableInput
from swoop_desktop.ui.table.model import TableModel
from swoop_desktop.ui.table.view import TableView
from swoop_desktop.ui.theme import Theme

from .helpers import SEATS, model_at_your_turn
from .test_input import Commands, centre, press


@pytest.fixture()
def theme() -> Theme:
    pygame.init()
    return Theme()


def _table(model: TableModel, theme: Theme) -> TableInput:
    return TableInput(model, theme, GAME, lambda: True, Commands(model))


def _model_with_a_run_you_can_top_up(seed: int) -> TableModel:
    """Every seat plays its first legal action until it is your turn to lead on a pile
    whose run leaves room for fewer of its rank than you hold."""
    match = Match(Rules.from_preset("app"), 4, seed)
    history = PublicHistory(4)
    history.feed(match.start_hand())
    st = match.state
    assert st is not None
    for _ in range(400):
        if st.to_move == HUMAN_SEAT and st.phase_name == "play" and st.pile:
            held = [RANK_OF[c] for c in st.hand_ids(HUMAN_SEAT)].count(st.top)
            if held > 4 - st.run:
                break
        history.feed(match.apply(st.legal_actions()[0]))
    else:
        pytest.fail("no such turn in this deal")
    model = TableModel(
        match=match,
        seats=list(SEATS),
        history=history,
        you_play=True,
        lay=L.make_layout((1280, 720), False),
    )
    model.view = TableView.from_state(st)
    places.settle(model)
    return model


def _all_button_labels(model: TableModel) -> list[str]:
    return [b.label for b in model.buttons if b.label.startswith("All ")]


def test_right_click_on_a_swoop_card_selects_it_alone(theme):
    model = model_at_your_turn(2)
    inp = _table(model, theme)
    st = model.state
    hand = st.hand_ids(HUMAN_SEAT)
    joker = next(
        c
        for c in hand
        if st.rules.is_swoop_rank(RANK_OF[c]) and [RANK_OF[h] for h in hand].count(RANK_OF[c]) > 1
    )
    press(inp, centre(model, joker), button=3)
    assert model.selected == [joker]
    assert inp.action_for(model.selected) in st.legal_actions()
    inp.build_buttons()
    assert _all_button_labels(model) == []  # no "All 10s" that the engine would refuse
    assert any(b.label.startswith("Play ") and b.enabled for b in model.buttons)


def test_selecting_all_of_the_top_rank_fills_the_run_to_four_and_no_more(theme):
    model = _model_with_a_run_you_can_top_up(15)
    inp = _table(model, theme)
    st = model.state
    room = 4 - st.run
    mine = [c for c in st.hand_ids(HUMAN_SEAT) if RANK_OF[c] == st.top]
    assert len(mine) > room
    press(inp, centre(model, mine[0]), button=3)
    assert len(model.selected) == room
    assert inp.action_for(model.selected) in st.legal_actions()
    # One card clicked: "All" offers the rest the pile takes, and that is playable.
    model.selected = []
    inp.toggle_select(mine[0])
    offer = next(b for b in model.buttons if b.label.startswith("All "))
    offer.click()
    assert len(model.selected) == room
    assert not any(b.label == "Not playable now" for b in model.buttons)
    assert inp.action_for(model.selected) in st.legal_actions()
