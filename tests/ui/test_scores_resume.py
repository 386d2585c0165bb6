"""Resume through the UI pilot: play, quit, start again, Continue — the table is the same.

(It lives beside the Scores tests: the saved game it resumes is storage's.)
"""

from __future__ import annotations

import pygame

from swoop_desktop.engine import Play
from swoop_desktop.storage import has_saved_game, resolve_dirs
from swoop_desktop.storage.savegame import fingerprint
from swoop_desktop.ui.pilot import Pilot


def _play_one_card(pilot: Pilot) -> None:
    """Drag one hand card whose single play is legal onto the pile, as a person would.

    When the turn is a follow-up or a chain (the AIs' time-budgeted search can lead the
    game there on a busy machine), press D for Done instead: that is a play too.
    """
    table = pilot.table
    st = table.state
    if st.phase_name in ("follow", "chain"):
        before = table.model.plays
        pilot.press(pygame.K_d)
        assert pilot.until(lambda: table.model.plays > before, 5)
        return
    singles = [
        a for a in st.legal_actions() if isinstance(a, Play) and len(a.hand) == 1 and not a.up
    ]
    assert singles, "no single-card play from hand"
    card = st.hands[0][singles[0].hand[0]][0]
    before = table.model.plays
    pilot.drag(card, "pile")
    assert pilot.until(lambda: table.model.plays > before, 5)


def _table_picture(table) -> dict:
    view = table.model.view
    mine = {c: tuple(int(v) for v in table.model.sprites[c].rect) for c in view.hands[0]}
    return {
        "fingerprint": fingerprint(table.match.state),
        "hands": [sorted(h) for h in view.hands],
        "my_cards_on_screen": mine,
        "up": view.up,
        "down": view.down,
        "pile": view.pile,
        "swept": view.swept,
        "to_move": view.to_move,
        "totals": table.match.totals,
        "sheet": table.match.sheet,
        "legal": [a.to_json() for a in table.match.legal_actions()],
        "log": table.model.log[-200:],
    }


def test_resume_through_the_pilot_restores_the_table(tmp_path):
    data = tmp_path / "portable"
    with Pilot(data_dir=data, seed=11, start="table") as pilot:
        for _ in range(3):
            assert pilot.wait_for_turn(60)
            _play_one_card(pilot)
        assert pilot.wait_for_turn(60)
        table = pilot.table
        assert table.model.view.matches(table.state)
        before = _table_picture(table)
        seats = [s.name for s in table.seats]
    # the pilot's close() is the app shutting down: the game is saved
    assert has_saved_game(resolve_dirs(data))
    with Pilot(data_dir=data, seed=99, start="title") as pilot:
        assert pilot.top.name == "title"
        pilot.press(pygame.K_c)  # Continue
        assert pilot.until(lambda: pilot.table is not None and pilot.table.idle, 10)
        table = pilot.table
        assert [s.name for s in table.seats] == seats
        after = _table_picture(table)
        assert after == before
        assert table.model.view.matches(table.state)
        # and the game goes on as if never interrupted
        assert table.state.to_move == 0
        _play_one_card(pilot)
        assert table.presenter.mismatches == 0


def test_scores_button_on_the_table_shows_this_game(tmp_path):
    with Pilot(data_dir=tmp_path / "d", seed=5, start="table") as pilot:
        assert pilot.wait_for_turn(60)
        table = pilot.table
        button = next(b for b in table.model.buttons if b.label == "Scores")
        pilot.click(button.rect.center)
        scores = pilot.top
        assert scores.name == "scores" and scores.tab == "game"
        assert scores.match is table.match
        pilot.step(2)
        assert len(scores.last_chart) == 4  # one line per player
        pilot.press(pygame.K_ESCAPE)
        assert pilot.top is table
