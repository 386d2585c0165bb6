"""The table's input on its own: pygame events in, actions and selections out (no App)."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF, Action
from swoop_desktop.engine.events import Event
from swoop_desktop.ui.table.drivers import GAME
from swoop_desktop.ui.table.input import NOTHING_SELECTED, TableInput
from swoop_desktop.ui.table.model import TableModel
from swoop_desktop.ui.table.show import Step, Tween
from swoop_desktop.ui.theme import Theme

from .helpers import model_at_your_turn, seat_to_move


class Commands:
    """Input's commands, played straight into the model's match and noted."""

    def __init__(self, model: TableModel) -> None:
        self.model = model
        self.played: list[Action] = []
        self.sounds: list[str] = []
        self.pauses = 0
        self.skips = 0

    def play(self, action: Action) -> list[Event]:
        events = self.model.match.apply(action)  # the engine judges: may raise
        self.played.append(action)
        return events

    def skip(self) -> None:
        self.skips += 1

    def pause(self) -> None:
        self.pauses += 1

    def scores(self) -> None:
        pass

    def sound(self, name: str) -> None:
        self.sounds.append(name)


@pytest.fixture()
def theme() -> Theme:
    pygame.init()
    return Theme()


def make(theme: Theme, seed: int = 7) -> tuple[TableModel, TableInput, Commands]:
    model = model_at_your_turn(seed)
    commands = Commands(model)
    return model, TableInput(model, theme, GAME, lambda: True, commands), commands


def centre(model: TableModel, card: int) -> tuple[int, int]:
    s = model.sprites[card]
    return int(s.x), int(s.y)


def press(inp: TableInput, pos: tuple[int, int], button: int = 1) -> None:
    inp.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))


def release(inp: TableInput, pos: tuple[int, int], button: int = 1) -> None:
    inp.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))


def key(inp: TableInput, k: int) -> bool:
    return inp.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def legal_hand_card(model: TableModel, inp: TableInput) -> int:
    st = model.state
    legal = st.legal_actions()
    return next(c for c in st.hand_ids(HUMAN_SEAT) if inp.action_for([c]) in legal)


def test_a_click_selects_a_card_and_enter_plays_it(theme):
    model, inp, commands = make(theme)
    card = legal_hand_card(model, inp)
    expected = inp.action_for([card])
    press(inp, centre(model, card))
    release(inp, centre(model, card))
    assert model.selected == [card]
    assert commands.played == []
    assert key(inp, pygame.K_RETURN)
    assert commands.played == [expected]
    assert model.selected == []  # played cards leave the selection


def test_dragging_a_card_onto_the_pile_plays_it(theme):
    model, inp, commands = make(theme)
    card = legal_hand_card(model, inp)
    expected = inp.action_for([card])
    start = centre(model, card)
    pile = model.lay.pile_drop_rect.center
    press(inp, start)
    inp.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pile, rel=(0, 0), buttons=(1, 0, 0)))
    assert model.drag is not None and model.drag.ids[0] == card and model.drag.legal
    assert (model.sprites[card].x, model.sprites[card].y) != start  # the card follows
    release(inp, pile)
    assert commands.played == [expected]
    assert model.drag is None


def test_a_right_click_selects_every_card_of_the_rank(theme):
    model, inp, _ = make(theme)
    hand = model.state.hand_ids(HUMAN_SEAT)
    rank = max({RANK_OF[c] for c in hand}, key=lambda r: sum(RANK_OF[c] == r for c in hand))
    card = next(c for c in hand if RANK_OF[c] == rank)
    press(inp, centre(model, card), button=3)
    same = [c for c in model.view.seat_cards(HUMAN_SEAT) if RANK_OF[c] == rank]
    assert model.selected[0] == card
    assert sorted(model.selected) == sorted(same[:4])


def test_enter_with_nothing_selected_plays_nothing_and_says_so(theme):
    model, inp, commands = make(theme)
    key(inp, pygame.K_RETURN)
    assert commands.played == []
    assert model.toast is not None and model.toast[0] == NOTHING_SELECTED


def test_playing_out_of_turn_is_refused_in_plain_words(theme):
    model, inp, commands = make(theme)
    seat_to_move(model, 1)
    card = model.state.hand_ids(HUMAN_SEAT)[0]
    assert not inp.try_play([card])
    assert commands.played == [] and commands.sounds == ["illegal"]
    assert model.toast is not None
    assert model.toast[0] == "Wait for Lefty: it is their turn"
    assert model.toast[2] == theme.illegal


def test_arrow_keys_move_the_focus_and_up_selects_the_focused_card(theme):
    model, inp, _ = make(theme)
    mine = model.view.seat_cards(HUMAN_SEAT)
    key(inp, pygame.K_END)
    assert model.focus == len(mine) - 1
    key(inp, pygame.K_LEFT)
    assert model.focus == len(mine) - 2
    key(inp, pygame.K_HOME)
    key(inp, pygame.K_RIGHT)
    assert model.focus == 1
    key(inp, pygame.K_UP)
    assert model.selected == [mine[1]]
    key(inp, pygame.K_DOWN)
    assert model.selected == []


def test_keys_pressed_while_cards_move_wait_for_the_table(theme):
    model, inp, commands = make(theme)
    s = model.sprites[model.state.hand_ids(HUMAN_SEAT)[0]]
    model.anim.add(Step(lambda: [Tween(s, (s.x + 50, s.y, s.w, s.h), 1.0)]))
    model.anim.update(0.01)
    assert model.anim.busy
    key(inp, pygame.K_END)
    assert model.focus == 0 and len(model.key_queue) == 1
    key(inp, pygame.K_SPACE)  # Space while cards move: the show is skipped
    assert commands.skips == 1
    model.anim.skip()
    inp.take_queued_keys()
    assert model.focus == len(model.view.seat_cards(HUMAN_SEAT)) - 1


def test_escape_lets_go_of_a_dragged_card_and_asks_for_the_pause_menu(theme):
    model, inp, commands = make(theme)
    card = legal_hand_card(model, inp)
    start = centre(model, card)
    press(inp, start)
    inp.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, 0)))
    assert model.drag is not None
    key(inp, pygame.K_ESCAPE)
    assert model.drag is None and commands.pauses == 1
    s = model.sprites[card]
    assert (int(s.x), int(s.y)) == start  # back in its place in the hand
