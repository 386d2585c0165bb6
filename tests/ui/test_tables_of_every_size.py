"""A table of three and a table of seven from Settings, as a person plays them: the
Players row chosen, a new game dealt with that many seats, plays by mouse and by keys to
the hand's end, its review, and the game resumed exactly after the window closes."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.engine import Play
from swoop_desktop.storage import has_saved_game, resolve_dirs
from swoop_desktop.ui.pilot import Pilot


def _choose_players(pilot: Pilot, players: int) -> None:
    """Settings > Players: the segment for ``players`` clicked, as a person would."""
    from swoop_desktop.ui.scenes.settings import SettingsScene

    scene = pilot.app.push(SettingsScene(pilot.app))
    pilot.step(2)
    row = scene.rows["players"]
    at = next(i for i, o in enumerate(row.options) if o.value == players)
    pilot.step()
    pilot.click(row.segment_rects()[at].center)
    assert pilot.app.settings.players == players
    pilot.press(pygame.K_ESCAPE)


def _your_turn_or_the_hands_end(pilot: Pilot) -> bool:
    """Frames until it is your play at a quiet table, or the hand is over (its panel is
    left up, unlike ``Pilot.wait_for_turn``, which deals the next hand)."""
    table = pilot.table

    def ready() -> bool:
        if table.match.hand_over:
            return True
        st = table.state
        return pilot.top is table and table.idle and st.to_move == 0 and not st.is_over

    return pilot.until(ready, 60)


def _play_by_hand(pilot: Pilot, by_keys: bool) -> None:
    """One play of yours: a single card dragged to the pile, or chosen with the arrow
    keys and Up and played with Enter; Done (D) at a follow-up or a chain."""
    table = pilot.table
    st = table.state
    before = table.model.plays
    if st.phase_name in ("follow", "chain"):
        pilot.press(pygame.K_d)
    else:
        mine = table.model.view.seat_cards(0)
        singles = [
            a for a in st.legal_actions() if isinstance(a, Play) and len(a.hand) == 1 and not a.up
        ]
        if singles:
            card = next(c for c in mine if table.input.action_for([c]) in singles)
        else:  # no single hand card: whatever the rules allow, by the table's own hand
            table.input.try_play(table.input.moves.ids_for(st.legal_actions()[0]))
            assert pilot.until(lambda: table.model.plays > before, 10)
            return
        if by_keys:
            pilot.press(pygame.K_HOME)
            for _ in range(mine.index(card)):
                pilot.press(pygame.K_RIGHT)
            pilot.press(pygame.K_UP)
            pilot.press(pygame.K_RETURN)
        else:
            pilot.drag(card, "pile")
    assert pilot.until(lambda: table.model.plays > before, 10)


@pytest.mark.parametrize("players", [3, 7])
def test_a_table_chosen_in_settings_plays_to_the_hands_end_reviews_and_resumes(tmp_path, players):
    data = tmp_path / "data"
    with Pilot(data_dir=data, seed=8, start="title") as pilot:
        pilot.app.pace_override = "instant"  # the opponents play at once (as in figures)
        _choose_players(pilot, players)
        pilot.press(pygame.K_n)  # New game
        assert pilot.until(lambda: pilot.table is not None, 10)
        table = pilot.table
        assert table.match.n == players and len(table.seats) == players
        assert len(table.model.lay.seats) == players
        for plays in range(3):  # a few plays in, the window closes mid-hand
            assert _your_turn_or_the_hands_end(pilot) and not table.match.hand_over
            _play_by_hand(pilot, by_keys=plays % 2 == 1)
        assert _your_turn_or_the_hands_end(pilot)
        played = [[a.to_json() for a in hand] for hand in table.match.actions]
    assert has_saved_game(resolve_dirs(data))
    with Pilot(data_dir=data, seed=99, start="title") as pilot:
        pilot.app.pace_override = "instant"
        pilot.press(pygame.K_c)  # Continue
        assert pilot.until(lambda: pilot.table is not None and pilot.table.idle, 10)
        table = pilot.table
        assert table.match.n == players and len(table.model.lay.seats) == players
        assert [[a.to_json() for a in hand] for hand in table.match.actions] == played
        while True:
            assert _your_turn_or_the_hands_end(pilot)
            if table.match.hand_over:
                break
            _play_by_hand(pilot, by_keys=False)
        assert pilot.until(lambda: pilot.top.name in ("hand_over", "game_over"), 20)
        sheet = pilot.top
        review = next(b for b in sheet.buttons if b.label.startswith("Review"))
        pilot.click(review.rect.center)
        assert pilot.until(lambda: pilot.top.name == "review", 60)
        review = pilot.top
        assert review.players == players and len(review.names) == players


def test_the_title_names_the_next_tables_opponents_and_its_size_after_settings(tmp_path):
    # Back from Settings with a table of seven, the title's line under "Swoop" names the
    # six opponents and its "Next game" line the table size (they had kept the four).
    with Pilot(data_dir=tmp_path, start="title") as pilot:
        assert pilot.top.opponents_words() == "Lefty, Topper and Righty"
        _choose_players(pilot, 7)
        pilot.step(2)
        title = pilot.top
        assert title.name == "title"
        assert title.opponents_words() == "Lefty, Mags, Topper, Bodhi, Nell and Righty"
        assert title.footer == "Next game: 7 players · App rules, game to 300"
