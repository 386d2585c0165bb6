"""A game left for a new one is kept in the history as abandoned (nothing
was recorded before); statistics count it only when the player chooses to, as a loss."""

from __future__ import annotations

import dataclasses

from swoop_desktop.engine import Play
from swoop_desktop.progress import compute_stats, load_history
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.confirm import ConfirmOverlay
from swoop_desktop.ui.scenes.scores import ScoresScene
from swoop_desktop.ui.scenes.sheet import result_words, seat_names


def _play_something(pilot: Pilot) -> None:
    table = pilot.table
    assert pilot.wait_for_turn()
    st = table.state
    action = next((a for a in st.legal_actions() if isinstance(a, Play)), st.legal_actions()[0])
    table.apply(action)
    pilot.step(3)


def test_a_game_left_for_a_new_one_is_listed_as_abandoned(tmp_path):
    with Pilot(data_dir=tmp_path, start="table", seed=5) as pilot:
        _play_something(pilot)
        left = pilot.table.match
        pilot.app.new_game()
        pilot.step(2)
        records, _ = load_history(pilot.app.dirs)
        assert len(records) == 1 and records[0].abandoned
        assert records[0].seed == left.seed and records[0].result() == "abandoned"
        names = seat_names(records[0].seats, records[0].players)
        assert result_words(records[0], names) == "Abandoned"
        # Statistics leave it out unless the player asks for it, then it is a loss.
        assert compute_stats(records).games == 0
        counted = compute_stats(records, abandoned=True)
        assert counted.games == 1 and counted.losses == 1
        pilot.app.settings = dataclasses.replace(pilot.app.settings, count_abandoned=True)
        scores = ScoresScene(pilot.app, tab="stats")
        pilot.app.push(scores)
        pilot.step(2)
        assert scores.stats.games == 1


def test_a_saved_game_replaced_from_the_title_is_abandoned_too(tmp_path):
    with Pilot(data_dir=tmp_path, start="table", seed=7) as pilot:
        _play_something(pilot)
        pilot.app.to_title()
        pilot.step(2)
    with Pilot(data_dir=tmp_path, start="title") as pilot:
        pilot.app.new_game()
        pilot.step(2)
        records, _ = load_history(pilot.app.dirs)
        assert [r.abandoned for r in records] == [True]


def test_an_untouched_deal_is_not_recorded(tmp_path):
    with Pilot(data_dir=tmp_path, start="title", seed=9) as pilot:
        pilot.app.new_game()  # dealt, nobody has played yet
        pilot.app.new_game()
        pilot.step(2)
        records, _ = load_history(pilot.app.dirs)
        assert all(not r.abandoned for r in records)


def test_start_a_new_game_says_the_old_one_is_kept_as_abandoned(tmp_path):
    with Pilot(data_dir=tmp_path, seed=4, start="table") as p:
        assert p.wait_for_turn()
        p.app.to_title()
        p.step(2)
        title = p.app.stack.top
        title.refresh()
        assert title.has_save
        title.new_game()
        confirm = p.app.stack.top
        assert isinstance(confirm, ConfirmOverlay)
        assert "will be lost" not in confirm.message
        assert "abandoned" in confirm.message
        assert confirm.title_colour == "text"  # not the accent's orange
