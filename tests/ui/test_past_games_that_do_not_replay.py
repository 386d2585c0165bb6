"""A past game that loads but does not replay is never offered for Review or Watch again;
the Scores screen says why in plain words (it used to crash the app on Review)."""

from __future__ import annotations

import json

import pytest

from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.storage import resolve_dirs
from swoop_desktop.ui.scenes.scores import ScoresScene
from tests.storage.helpers import as_older_swoop_left_it, finished_match
from tests.ui.test_scores import TableApp


def _variant(game: dict, kind: str) -> None:
    deals = game["actions"]
    if kind == "changed seed":
        game["seed"] += 1
    elif kind == "changed rule set":
        game["rules"] = {"preset": "classic"}
    elif kind == "changed target":
        game["rules"] = {**game["rules"], "target": 1000}
    elif kind == "illegal play":
        deals[0], deals[1] = deals[1], deals[0]
    elif kind == "a hand after the end":
        deals.append(deals[0])
    elif kind == "card id of 5,000 digits":
        deals[0] = "p4i" + "9" * 5000 + deals[0][deals[0].index(" ") :]
    elif kind == "plays cut short":
        deals[-1] = " ".join(deals[-1].split(" ")[:3])
    elif kind == "totals changed":
        game["totals"] = [t + 1 for t in game["totals"]]


VARIANTS = [
    "changed seed",
    "changed rule set",
    "changed target",
    "illegal play",
    "a hand after the end",
    "card id of 5,000 digits",
    "plays cut short",
    "totals changed",
]


def _history_with(kind: str):
    dirs = resolve_dirs()
    record_finished_game(dirs, finished_match(3), [{"name": "You"}])
    record_finished_game(dirs, finished_match(4), [{"name": "You"}])
    as_older_swoop_left_it(dirs)  # an older Swoop's file, brought in when Scores opens
    data = json.loads(dirs.history_file.read_text())
    _variant(data["games"][1], kind)  # the newest game
    dirs.history_file.write_text(json.dumps(data))
    return dirs


@pytest.mark.parametrize("kind", VARIANTS)
def test_review_is_not_offered_for_a_past_game_that_does_not_replay(kind):
    dirs = _history_with(kind)
    records, _ = load_history(dirs)
    assert len(records) == 2  # it loads: the file is sound, the game is not
    app = TableApp()
    scene = app.push(ScoresScene(app, tab="history"))
    app.frame()
    assert scene.selected_record().id == records[1].id  # the newest first, selected
    assert not scene.review_button.enabled and not scene.watch_button.enabled
    assert "cannot be watched again or reviewed" in scene.notice
    scene.review()  # even asked directly: no review screen, the reason instead
    assert app.stack.top is scene and "cannot be reviewed" in scene.notice
    for _ in range(3):
        app.frame()
    # The good game still is offered.
    scene.selected = 1
    scene._offer_selected()
    assert scene.review_button.enabled and scene.watch_button.enabled
    assert records[0].replay_problem() is None
    assert records[1].replay_problem() is not None
