"""The table's other parts on their own (no App): the flow and the presenter, and how
the parts are put together."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pygame

import swoop_desktop
from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine.events import Turn
from swoop_desktop.ui.cards import CardArt
from swoop_desktop.ui.scene import Scene
from swoop_desktop.ui.scenes.table import TableScene
from swoop_desktop.ui.table.draw import TableDrawing
from swoop_desktop.ui.table.drivers import BotDriver, PersonDriver, TableConfig
from swoop_desktop.ui.table.flow import TableFlow
from swoop_desktop.ui.table.input import TableInput
from swoop_desktop.ui.table.model import TableModel
from swoop_desktop.ui.table.presenter import TablePresenter
from swoop_desktop.ui.theme import Theme

from .helpers import SEATS, model_at_your_turn


def test_the_scene_and_the_parts_inherit_from_nothing_of_the_table():
    assert TableScene.__mro__ == (TableScene, Scene, object)
    for part in (TableModel, TableFlow, TablePresenter, TableInput, TableDrawing):
        assert part.__mro__ == (part, object), part


def presenter_for(model: TableModel) -> tuple[TablePresenter, dict[str, list]]:
    pygame.init()
    theme = Theme()
    told: dict[str, list] = {"sounds": [], "turns": [], "ends": []}
    presenter = TablePresenter(
        model,
        CardArt(theme),
        told["sounds"].append,
        theme.text,
        lambda ev, yours: told["turns"].append((ev.player, yours)),
        lambda: told["ends"].append(model.match.hand_no),
    )
    return presenter, told


def test_the_presenter_shows_a_play_step_by_step_and_logs_it_when_it_lands():
    model = model_at_your_turn()
    presenter, told = presenter_for(model)
    st = model.state
    action = st.legal_actions()[0]
    events = model.match.apply(action)
    presenter.show_play(HUMAN_SEAT, action, events)
    assert model.anim.busy and not model.view.matches(st)  # queued, not yet shown
    log_before = list(model.log)
    model.anim.skip()
    assert model.view.matches(st)  # the picture caught up with the engine
    assert len(model.log) == len(log_before) + 1 and model.log[-1].startswith("You ")
    assert "place" in told["sounds"]
    nxt = next(ev for ev in events if isinstance(ev, Turn))
    assert told["turns"] == [(nxt.player, nxt.player == HUMAN_SEAT)]
    assert model.last_play  # the play's cards are outlined on the pile


def test_the_presenter_reports_a_hands_end_by_callback_once_its_cards_have_landed():
    model = model_at_your_turn(seed=3)
    presenter, told = presenter_for(model)
    match = model.match
    rng = random.Random(1)  # random plays end a hand (always the first can go round)
    while not match.hand_over:
        st = model.state
        seat = st.to_move
        action = rng.choice(st.legal_actions())
        presenter.show_play(seat, action, match.apply(action))
        if not match.hand_over:
            model.anim.skip()
    assert model.overlay_pending and not model.idle
    assert told["ends"] == []  # the last play's cards are still to land
    model.anim.skip()
    assert told["ends"] == [0] and told["sounds"][-1] == "over"
    presenter.hand_closed()
    assert not model.overlay_pending


def flow_for(model: TableModel, pace: str = "normal") -> TableFlow:
    drivers = [PersonDriver()] + [BotDriver(s, seed=1) for s in SEATS[1:]]
    return TableFlow(model, TableConfig(saves=False), drivers, None, lambda: pace)


def test_the_flow_applies_an_action_and_returns_the_engines_events():
    model = model_at_your_turn()
    flow = flow_for(model)
    action = model.state.legal_actions()[0]
    seen = len(model.history.events)
    events = flow.apply(action)
    assert events and model.plays == 1 and model.last_actor == HUMAN_SEAT
    assert model.match.actions[-1][-1] == action
    assert len(model.history.events) > seen  # what the bots may know grew
    assert not model.wait_click  # your own play never waits for a click


def test_at_the_click_pace_the_flow_waits_for_a_click_after_an_ai_plays():
    model = model_at_your_turn()
    flow = flow_for(model, pace="click")
    flow.apply(model.state.legal_actions()[0])  # yours: no waiting
    assert not model.wait_click
    while True:  # on to an AI's play after which another AI is to move
        st = model.state
        mover = st.to_move
        flow.apply(st.legal_actions()[0])
        if mover != HUMAN_SEAT and model.state.to_move != HUMAN_SEAT:
            break
        model.wait_click = False
    assert not model.state.is_over
    assert model.wait_click and flow.poll(1.0) is None  # nobody plays on
    flow.go_on()
    assert not model.wait_click


# Which fields of the model each module writes (docs: swoop_desktop/ui/table/model.py).
WRITERS = {
    "ui/table/flow.py": {"match", "history", "plays", "last_actor", "wait_click", "thinking"},
    "ui/table/presenter.py": {
        "view",
        "sprites",
        "buried",
        "banner",
        "news",
        "last_play",
        "turn_since",
        "overlay_pending",
        "unshown_log",
    },
    "ui/table/places.py": {"sprites", "buried"},  # the cards' places, for whoever lays out
    "ui/table/input.py": {
        "selected",
        "focus",
        "hover",
        "pointer",
        "drag",
        "press",
        "last_click",
        "key_queue",
        "buttons",
        "log_scroll",
    },
    "ui/table/draw.py": set(),
    "ui/scenes/table.py": {"lay", "clock"},
}
MUTATORS = {"append", "extend", "insert", "clear", "remove", "pop", "discard", "update", "add"}
SHARED = {"anim"}  # the animator: the presenter queues steps, input its small tweens


def _model_field(node: ast.AST) -> str | None:
    """``model.x`` or ``<anything>.model.x`` (also under a subscript): the field ``x``."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if not isinstance(node, ast.Attribute):
        return None
    owner = node.value
    if (isinstance(owner, ast.Name) and owner.id == "model") or (
        isinstance(owner, ast.Attribute) and owner.attr == "model"
    ):
        return node.attr
    return None


def _written(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in MUTATORS
        ):
            targets = [node.func.value]
        for target in targets:
            for leaf in ast.walk(target) if isinstance(target, ast.Tuple) else [target]:
                name = _model_field(leaf)
                if name is not None:
                    found.add(name)
    return found


def test_each_field_of_the_model_is_written_only_by_its_named_parts():
    package = Path(swoop_desktop.__file__).parent
    fields = {f.name for f in dataclasses.fields(TableModel)}
    for module, allowed in WRITERS.items():
        written = _written(ast.parse((package / module).read_text(encoding="utf-8"))) - SHARED
        assert written <= fields, (module, written - fields)
        assert written <= allowed, f"{module} writes {sorted(written - allowed)}"
    # log and toast: only through the model's own methods
    for module in WRITERS:
        written = _written(ast.parse((package / module).read_text(encoding="utf-8")))
        assert not written & {"log", "toast"}, module
