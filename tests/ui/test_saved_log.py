"""The log saved with a game in progress holds every play of the position saved with it.

The game is saved the moment a play is made, before its cards have moved on screen: a
window killed then (``kill -9``, a power cut) and taken up again with Continue shows the
position after that play, so its log must end with that play's line, not the play before.
Each test reads the saved game file itself, the file Continue reads.
"""

from __future__ import annotations

from swoop_desktop.engine import END, Add
from swoop_desktop.storage import load_game
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.table.view import describe


def _saved_log(p: Pilot) -> list[str]:
    """The log of the game as saved now (what Continue after a kill would show)."""
    table = p.table
    table.flow.saver.flush()
    saved, _messages = load_game(p.app.dirs)
    assert saved is not None
    assert saved.match.state is not None and table.match.state is not None
    assert saved.match.actions == table.match.actions  # the position is the table's
    return saved.log


def _line_of_the_last_play(table) -> str:
    match = table.match
    action = match.actions[-1][-1]
    hand_events = match.current_hand_events()
    seat = _mover_of_last_play(hand_events)
    kind = "add" if isinstance(action, Add) else "end" if action == END else ""
    return describe(table.seat_name(seat), hand_events[-1], kind)


def _mover_of_last_play(per_action) -> int:
    from swoop_desktop.engine.events import Turn

    to_move = 0
    for events in per_action[:-1]:
        for ev in events:
            if isinstance(ev, Turn):
                to_move = ev.player
    return to_move


def test_the_saved_log_ends_with_your_play_the_moment_it_is_made(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        table = p.table
        table.apply(table.state.legal_actions()[0])  # no frame since: killed right now
        line = _line_of_the_last_play(table)
        assert line.startswith("You")
        assert _saved_log(p)[-1] == line


def test_the_saved_log_ends_with_each_play_of_the_opponents_too(tmp_path):
    with Pilot(data_dir=tmp_path, seed=7, start="table", pace="fast") as p:
        table = p.table
        checked = 0
        for _ in range(3000):
            if checked >= 6:
                break
            top = p.top
            if top is not None and top.name == "hand_over":
                break
            plays = table.model.plays
            if table.human_turn:
                table.apply(table.state.legal_actions()[0])
            else:
                p.step()
            if table.model.plays == plays + 1:  # one play made in that frame
                assert _saved_log(p)[-1] == _line_of_the_last_play(table)
                checked += 1
        assert checked >= 6


def test_the_saved_log_holds_the_new_hands_first_line(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        table = p.table
        for _ in range(2000):
            top = p.top
            if top is not None and top.name == "hand_over":
                break
            if table.human_turn:
                table.apply(table.state.legal_actions()[0])
            p.step()
        else:
            raise AssertionError("the hand did not end")
        p.top.next_hand()  # the next deal, and no frame since
        assert table.match.hand_no == 1
        assert _saved_log(p)[-1] == table.model.log[-1]
        assert table.model.log[-1].startswith("Hand 2")


def test_the_saved_log_holds_the_take_backs_line(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="title") as p:
        p.app.new_game(seed=5, practice=True)
        assert p.wait_for_turn()
        table = p.table
        table.apply(table.state.legal_actions()[0])
        assert p.wait_for_turn()
        assert table.take_back()  # and no frame since
        assert _saved_log(p)[-1] == table.model.log[-1]
