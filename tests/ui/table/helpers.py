"""A table model set up without an App: a real match, its picture and its sprites."""

from __future__ import annotations

from swoop_desktop.engine import Match, Rules
from swoop_desktop.engine.observation import PublicHistory
from swoop_desktop.storage.seats import Seat
from swoop_desktop.ui.table import layout as L
from swoop_desktop.ui.table import places
from swoop_desktop.ui.table.model import TableModel
from swoop_desktop.ui.table.view import TableView

SEATS = [
    Seat(0, "You"),
    Seat(1, "Lefty", "normal", "balanced"),
    Seat(2, "Top", "normal", "balanced"),
    Seat(3, "Righty", "normal", "balanced"),
]


def model_at_your_turn(seed: int = 7, size: tuple[int, int] = (1280, 720)) -> TableModel:
    """A deal played on (every other seat plays its first legal action) until it is
    seat 0's turn to lead, the picture settled where the cards belong."""
    match = Match(Rules.from_preset("app"), 4, seed)
    history = PublicHistory(4)
    history.feed(match.start_hand())
    st = match.state
    assert st is not None
    while st.to_move != 0 or st.phase_name != "play":
        history.feed(match.apply(st.legal_actions()[0]))
    model = TableModel(
        match=match,
        seats=list(SEATS),
        history=history,
        you_play=True,
        lay=L.make_layout(size, False),
    )
    model.view = TableView.from_state(st)
    places.settle(model)
    return model


def seat_to_move(model: TableModel, seat: int) -> None:
    """Play on (first legal actions) until ``seat`` is to move; the picture follows."""
    st = model.state
    while st.to_move != seat:
        model.history.feed(model.match.apply(st.legal_actions()[0]))
    model.view = TableView.from_state(st)
    places.settle(model)
