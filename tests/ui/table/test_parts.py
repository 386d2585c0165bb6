"""The table's other parts on their own (no App): the flow and the presenter, and how
the parts are put together."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pygame
import pytest

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
from swoop_desktop.ui.table.model import PARTS, Drag, Press, TableModel, Thinking
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


# Who writes what: each field of the model names its writers once (its metadata), and
# ``model.PARTS`` says which modules each part is; the walk below reads every module of
# the ui. A write is an assignment (also augmented, annotated, in a tuple, or deleted) or
# an in-place change (``append``, ``clear``, ...) of ``model.<field>`` or anything under
# it (``model.drag.pos = ...``, ``model.sprites[c].z = ...``); a write through another
# name (``s = model.sprites[c]; s.x = ...``) is not seen.
MUTATORS = {
    "append",
    "extend",
    "insert",
    "clear",
    "remove",
    "pop",
    "popitem",
    "discard",
    "update",
    "add",
    "setdefault",
    "sort",
    "reverse",
}


def _model_field(node: ast.AST) -> str | None:
    """The field of the model under ``model.x...`` or ``<anything>.model.x...``
    (through attributes and subscripts): ``x``."""
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        owner = node.value
        if isinstance(node, ast.Attribute) and (
            (isinstance(owner, ast.Name) and owner.id == "model")
            or (isinstance(owner, ast.Attribute) and owner.attr == "model")
        ):
            return node.attr
        node = owner
    return None


def _written(tree: ast.AST) -> dict[str, int]:
    """Field -> the first line writing it."""
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
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
            for leaf in ast.walk(target) if isinstance(target, (ast.Tuple, ast.List)) else [target]:
                name = _model_field(leaf)
                if name is not None:
                    found.setdefault(name, node.lineno)
    return found


def _owners() -> dict[str, tuple[str, ...]]:
    """Field -> the parts that may write it, as the model declares."""
    return {f.name: f.metadata.get("writers", ()) for f in dataclasses.fields(TableModel)}


def _wrong_writes(module: str, source: str) -> list[str]:
    """The writes of ``module`` (a path under swoop_desktop/) to fields its part does
    not own, or to fields the model does not have."""
    parts = {
        p
        for p, modules in PARTS.items()
        if any(module == m or (m.endswith("/") and module.startswith(m)) for m in modules)
    }
    owners = _owners()
    wrong = []
    for name, line in sorted(_written(ast.parse(source)).items()):
        if name not in owners:
            wrong.append(f"{module}:{line} writes model.{name}, which the model does not have")
        elif not parts & set(owners[name]):
            wrong.append(f"{module}:{line} writes model.{name}, written only by {owners[name]}")
    return wrong


def test_every_field_of_the_model_names_the_parts_that_write_it():
    for name, writers in _owners().items():
        assert writers, f"model.{name} names no writer"
        assert set(writers) <= set(PARTS), (name, writers)
        if len(writers) > 1:
            assert name == "anim", f"model.{name} has more than one writer: {writers}"
    # the words are written only through the model's own methods; the drawing only reads
    assert PARTS["words"] == () and {n for n, w in _owners().items() if "words" in w} == {
        "log",
        "toast",
    }
    assert not {n for n, w in _owners().items() if "drawing" in w}


def test_each_field_of_the_model_is_written_only_by_its_named_parts():
    package = Path(swoop_desktop.__file__).parent
    wrong = []
    for path in sorted((package / "ui").rglob("*.py")):
        module = path.relative_to(package).as_posix()
        if module == "ui/table/model.py":
            continue  # the model's own methods (the words) write through ``self``
        wrong += _wrong_writes(module, path.read_text(encoding="utf-8"))
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("ui/table/flow.py", "self.model.selected = []"),
        ("ui/table/flow.py", "self.model.drag.pos = (0, 0)"),
        ("ui/table/presenter.py", "model.key_queue.clear()"),
        ("ui/table/input.py", "self.model.plays += 1"),
        ("ui/table/input.py", "self.model.log.append('x')"),
        ("ui/table/draw.py", "self.model.hover = None"),
        ("ui/scenes/table.py", "self.model.thinking = None"),
        ("ui/pilot.py", "table.model.sprites[3].z = 0"),
        ("ui/scenes/lesson.py", "table.model.selected, x = [], 1"),
        ("ui/table/flow.py", "self.model.no_such_field = 1"),
    ],
)
def test_a_write_by_a_part_that_does_not_own_the_field_is_caught(module, line):
    assert len(_wrong_writes(module, f"def f(self, model, table):\n    {line}\n")) == 1


def test_what_is_dragged_pressed_and_thought_about_are_typed_records():
    declared = {f.name: str(f.type) for f in dataclasses.fields(TableModel)}
    assert declared["drag"] == "Drag | None"
    assert declared["press"] == "Press | None"
    assert declared["thinking"] == "Thinking | None"
    assert not [n for n, t in declared.items() if "Any" in t]  # no field is left untyped
    drag = Drag([5, 6], {5: (0.0, 0.0), 6: (10.0, 4.0)}, (100, 200), legal=False, reason="Too high")
    assert drag.rule == "" and drag.ids == [5, 6]
    assert Press(5, (1, 2)).card == 5 and Thinking(seat=2, since=1.5).seat == 2
