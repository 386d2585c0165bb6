"""Take-backs where they are fair: in a practice game and in the lesson, Undo (U, Ctrl+Z or
the Undo button) takes back your last play and the opponents' plays since, and the table
shows the position exactly as it stood; a rated game and the daily deal offer no Undo (the
keys change nothing and say why), because a play taken back would have shown hidden cards."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Play
from swoop_desktop.referee.lesson import STEPS
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.rules_text import how_to_play_text
from swoop_desktop.ui.scenes.daily import DailyScene
from swoop_desktop.ui.scenes.lesson import step_index
from swoop_desktop.ui.scenes.table import NO_TAKE_BACKS
from swoop_desktop.ui.table.drivers import BotDriver
from swoop_desktop.ui.table.view import TableView
from tests.ui.test_lesson import open_lesson, ready, your_cards


def position(table) -> dict:
    """Everything about the position, hidden cards included (every seat's hand, face-up
    and mystery cards, the pile, the swooped and set-aside cards, whose move, the plays
    made), and what the table shows of it."""
    st = table.match.state
    return {
        "hands": [sorted(st.hand_ids(p)) for p in range(st.n)],
        "up": [list(row) for row in st.up],
        "down": [list(row) for row in st.down],
        "pile": list(st.pile),
        "swept": list(st.swept),
        "aside": list(st.set_aside),
        "to_move": st.to_move,
        "phase": st.phase_name,
        "totals": list(table.match.totals),
        "plays": [list(hand) for hand in table.match.actions],
        "state": st.clone(),
    }


def shown(table) -> TableView:
    return table.model.view


def play_a_card(p: Pilot) -> None:
    """Your play, made as a person makes it: a card dragged onto the pile (a single hand
    card the rules allow), else the first legal play by its cards."""
    table = p.table
    st = table.state
    for action in st.legal_actions():
        if isinstance(action, Play) and len(action.hand) == 1 and not action.up:
            card = st.hands[HUMAN_SEAT][action.hand[0]][-1]
            p.drag(card, "pile")
            p.step()
            return
    table.apply(st.legal_actions()[0])
    p.step()


def start_practice(p: Pilot):
    p.press(pygame.K_t)  # Practice game's key on the title
    p.step(2)
    table = p.table
    assert table is not None and table.config.practice and table.config.take_backs
    assert p.wait_for_turn()
    return table


def until_your_play_again(p: Pilot, table, plays: int) -> None:
    """Opponents play until it is your fresh play again (a play of yours was made)."""
    assert p.wait_for_turn()
    while len(table.match.actions[-1]) <= plays + 1 or table.state.phase_name != "play":
        table.apply(table.state.legal_actions()[-1])  # End a follow-up, say
        assert p.wait_for_turn()


def assert_shown_cleanly(table, before: dict) -> None:
    """The picture is the engine's position: every card where the position has it, no
    animation left, nothing selected, no card in hand."""
    model = table.model
    assert model.view.matches(table.state)
    assert TableView.from_state(table.state).all_ids() == model.view.all_ids()
    assert not model.anim.busy and not model.unshown_log
    assert model.selected == [] and model.drag is None
    assert set(model.sprites) >= set(model.view.all_ids())


@pytest.mark.parametrize("seed", [11, 23])
def test_undo_in_a_practice_game_takes_back_your_play_and_the_opponents_plays_since(tmp_path, seed):
    with Pilot(data_dir=tmp_path, start="title", seed=seed) as p:
        table = start_practice(p)
        before = position(table)
        n = len(before["plays"][-1])
        play_a_card(p)
        until_your_play_again(p, table, n)
        assert len(table.match.actions[-1]) > n + 1, "the opponents played since"
        assert position(table)["hands"] != before["hands"]
        p.press(pygame.K_u)
        p.step()
        after = position(table)
        assert after["state"] == before["state"]
        for key in ("hands", "up", "down", "pile", "swept", "aside", "to_move", "phase"):
            assert after[key] == before[key], key
        assert after["totals"] == before["totals"] and after["plays"] == before["plays"]
        assert_shown_cleanly(table, before)
        assert table.model.log[-1].startswith("You took back your last play and the plays of")
        assert table.human_turn, "your play again, at once"
        # The game plays on from there: your play, then the opponents' again.
        play_a_card(p)
        assert p.wait_for_turn()
        assert table.presenter.mismatches == 0


def test_ctrl_z_and_the_undo_button_take_back_too(tmp_path):
    with Pilot(data_dir=tmp_path, start="title", seed=5) as p:
        table = start_practice(p)
        undo = next(b for b in table.model.buttons if b.label == "Undo (U)")
        assert not undo.enabled, "nothing to take back before your first play"
        first = position(table)
        play_a_card(p)
        until_your_play_again(p, table, len(first["plays"][-1]))
        second = position(table)
        play_a_card(p)
        until_your_play_again(p, table, len(second["plays"][-1]))
        p.press(pygame.K_z, mod=pygame.KMOD_CTRL)
        p.step()
        assert position(table)["state"] == second["state"]
        undo = next(b for b in table.model.buttons if b.label == "Undo (U)")
        assert undo.enabled
        p.click(undo.rect.center)
        p.step()
        assert position(table)["state"] == first["state"], "one play further back each time"
        assert position(table)["plays"] == first["plays"]
        assert_shown_cleanly(table, first)
        p.press(pygame.K_u)  # nothing more to take back: said, nothing changes
        p.step()
        assert position(table)["plays"] == first["plays"]
        assert "Nothing to take back" in table.model.toast[0]


def test_a_take_back_while_an_opponent_thinks_abandons_the_thinking(tmp_path):
    with Pilot(data_dir=tmp_path, start="title", seed=7, pace="normal", speed="fast") as p:
        table = start_practice(p)
        before = position(table)
        play_a_card(p)
        assert p.until(lambda: table.thinking is not None, 20)
        seat = table.thinking.seat
        driver = table.flow.drivers[seat]
        assert isinstance(driver, BotDriver)
        thinker = driver.thinker
        job = thinker.job
        p.press(pygame.K_u)
        p.step()
        assert position(table)["state"] == before["state"]
        assert table.thinking is None and table.human_turn
        assert job is not None and job.ready, "the decision in flight was dropped"
        assert driver.thinker is not thinker, "a fresh thinker for the positions to come"
        # The opponents think afresh for the new position and play legal plays from it.
        play_a_card(p)
        assert p.wait_for_turn(60)
        assert table.presenter.mismatches == 0


def test_a_practice_game_taken_up_again_with_continue_still_takes_back(tmp_path):
    with Pilot(data_dir=tmp_path, start="title", seed=3) as p:
        table = start_practice(p)
        before = position(table)
        play_a_card(p)
        until_your_play_again(p, table, len(before["plays"][-1]))
        p.app.to_title()
    with Pilot(data_dir=tmp_path, start="title", seed=3) as p:
        p.press(pygame.K_c)  # Continue
        p.step(2)
        table = p.table
        assert table is not None and table.config.practice
        assert p.wait_for_turn()
        p.press(pygame.K_u)
        p.step()
        assert position(table)["state"] == before["state"]
        assert_shown_cleanly(table, before)


def test_a_rated_game_offers_no_take_back(tmp_path):
    with Pilot(data_dir=tmp_path, start="title", seed=11) as p:
        p.press(pygame.K_n)  # New game: rated
        p.step(2)
        table = p.table
        assert not table.config.take_backs and not table.config.practice
        assert p.wait_for_turn()
        play_a_card(p)
        assert p.wait_for_turn()
        assert all("Undo" not in b.label for b in table.model.buttons)
        now = position(table)
        for key, mod in ((pygame.K_u, 0), (pygame.K_z, pygame.KMOD_CTRL)):
            p.press(key, mod=mod)
            p.step()
            assert position(table)["plays"] == now["plays"]
            assert position(table)["state"] == now["state"]
            assert table.model.toast is not None and table.model.toast[0] == NO_TAKE_BACKS
        assert "hidden cards" in NO_TAKE_BACKS


def test_the_daily_deal_offers_no_take_back(tmp_path, monkeypatch):
    monkeypatch.setattr(DailyScene, "start_hard", lambda *args: None)  # not needed here
    with Pilot(data_dir=tmp_path, seed=1, start="title") as p:
        p.press(pygame.K_d)
        daily = p.top
        assert isinstance(daily, DailyScene)
        daily.play()
        table = p.app.table
        assert not table.config.take_backs
        assert p.wait_for_turn()
        play_a_card(p)
        assert p.wait_for_turn()
        assert all("Undo" not in b.label for b in table.model.buttons)
        now = position(table)
        p.press(pygame.K_u)
        p.step()
        assert position(table)["plays"] == now["plays"]
        assert table.model.toast is not None and table.model.toast[0] == NO_TAKE_BACKS


def test_the_lesson_takes_back_a_play_and_its_prompt_comes_back(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        table, coach = open_lesson(p)
        assert any(b.label == "Undo (U)" for b in table.model.buttons)
        assert p.until(lambda: ready(p, table, coach), 20)
        before = position(table)
        first_words = coach.words(table.match)
        step = STEPS[0]
        p.drag(your_cards(table, step)[0], "pile")
        p.step()
        assert p.until(lambda: ready(p, table, coach), 20)
        assert step_index(table.match) == 4, "the opponents played their steps"
        p.press(pygame.K_u)
        p.step()
        assert step_index(table.match) == 0
        assert position(table)["state"] == before["state"]
        assert coach.words(table.match) == first_words
        assert_shown_cleanly(table, before)
        # And the lesson goes on as written.
        p.drag(your_cards(table, step)[0], "pile")
        p.step()
        assert p.until(lambda: ready(p, table, coach), 20)
        assert step_index(table.match) == 4


def test_the_help_says_where_take_backs_are_allowed_and_why_not_elsewhere():
    from swoop_desktop.engine import Rules

    text = how_to_play_text(Rules.from_preset("app"))
    assert "practice game" in text.lower() and "lesson" in text
    assert "Ctrl+Z" in text and "daily deal" in text and "hidden cards" in text
