"""The table's drawing on its own: a model drawn onto a Surface (no App, no window)."""

from __future__ import annotations

import copy

import pygame
import pytest

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.ui.cards import CardArt
from swoop_desktop.ui.table.draw import TableDrawing
from swoop_desktop.ui.table.drivers import GAME
from swoop_desktop.ui.table.model import TableModel
from swoop_desktop.ui.theme import Theme

from .helpers import model_at_your_turn, seat_to_move


@pytest.fixture()
def theme() -> Theme:
    pygame.init()
    return Theme()


def drawn(model: TableModel, theme: Theme) -> tuple[pygame.Surface, TableDrawing]:
    drawing = TableDrawing(model, CardArt(theme), theme, GAME)
    surface = pygame.Surface((model.lay.width, model.lay.height))
    drawing.draw(surface)
    return surface, drawing


def close(a, b, tolerance: int = 12) -> bool:
    return sum(abs(x - y) for x, y in zip(a[:3], b[:3], strict=True)) <= tolerance


def test_your_cards_are_drawn_where_their_sprites_are(theme):
    model = model_at_your_turn()
    surface, _ = drawn(model, theme)
    for card in model.state.hand_ids(HUMAN_SEAT):
        s = model.sprites[card]
        # The middle of a face is the card's paper or its print, never the felt.
        assert not close(surface.get_at((int(s.x), int(s.y - s.h / 3))), theme.felt, 30)


def test_a_selected_card_wears_the_highlight(theme):
    model = model_at_your_turn()
    card = model.state.hand_ids(HUMAN_SEAT)[0]
    s = model.sprites[card]
    edge = (int(s.x), int(s.y - s.h / 2) - 1)  # just above the card's top edge
    plain, _ = drawn(model, theme)
    assert not close(plain.get_at(edge), theme.highlight)
    model.selected = [card]
    marked, _ = drawn(model, theme)
    assert close(marked.get_at(edge), theme.highlight)


def test_the_status_line_and_plates_follow_the_model(theme):
    model = model_at_your_turn()
    _, drawing = drawn(model, theme)
    assert drawing.hud.status() == "Your turn — then Lefty"
    assert drawing.plate_words(1).endswith("0 pts")
    seat_to_move(model, 2)
    _, drawing = drawn(model, theme)
    assert drawing.hud.status() == "Top's turn — then Righty"
    model.wait_click, model.last_actor = True, 1
    assert drawing.hud.status() == "Lefty played — click or press Space for Top's turn"


def test_the_toast_is_drawn_over_the_table(theme):
    model = model_at_your_turn()
    before, _ = drawn(model, theme)
    model.notify("Nothing is selected", theme.illegal, 3)
    after, _ = drawn(model, theme)
    lay = model.lay
    y = int(lay.table_y - lay.table_card[1] / 2 - lay.px(16)) - lay.px(12)
    row = [(x, y) for x in range(lay.width // 2 - 60, lay.width // 2 + 60, 4)]
    assert any(before.get_at(p) != after.get_at(p) for p in row)


def test_drawing_changes_nothing_in_the_model(theme):
    model = model_at_your_turn()
    model.selected = [model.state.hand_ids(HUMAN_SEAT)[0]]
    model.notify("Hint: play low", theme.highlight, 3)
    model.news[1] = ("played a 7", 0.0)
    fields = ("selected", "focus", "hover", "toast", "banner", "news", "log", "last_play", "plays")
    before = {f: copy.deepcopy(getattr(model, f)) for f in fields}
    places = {c: (s.x, s.y, s.z, s.face_up) for c, s in model.sprites.items()}
    drawn(model, theme)
    assert {f: getattr(model, f) for f in fields} == before
    assert {c: (s.x, s.y, s.z, s.face_up) for c, s in model.sprites.items()} == places
