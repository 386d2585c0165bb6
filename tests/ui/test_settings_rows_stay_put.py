"""Settings rows never move under the pointer when a value changes: a row whose own note
grows with its value (Lefty at Easy has a longer note than at Normal) keeps the lines its
longest note needs (a rule's row, the longer of its note and its "no effect" note), so the
row below stays where the player is about to click. Every opponent's level and style, the
rule set and every rule's switch or choice are clicked through all their values, at
960x600 and 1280x720 in English, and at 960x600 in every shipped language."""

from __future__ import annotations

from pathlib import Path

import pytest

from swoop_desktop import i18n
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.settings import SettingsScene

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(
    d.name for d in (ROOT / "swoop_desktop" / "locale").iterdir() if (d / "LC_MESSAGES").is_dir()
)


def places(scene: SettingsScene) -> dict[int, tuple[int, int, int, int]]:
    """Every widget of the page where it is on the screen now."""
    return {i: tuple(w.rect) for i, w in enumerate(scene.panel.widgets)}


def changed_rows(scene: SettingsScene) -> list[str]:
    """The rows whose value a click changes in place: each opponent's level and style, the
    rule set and every rule's switch or choice (a rule's note may change with another's)."""
    opponents = [name for name in scene.rows if name.startswith(("level", "style"))]
    rules = [
        name
        for name in ("preset", *scene.rule_rows)
        if isinstance(scene.rows[name], W.Choice | W.Toggle)
    ]
    return opponents + rules


def click_point(p: Pilot, row: W.Widget) -> tuple[int, int]:
    """Where a player clicks for the row's next value: its next segment, the cycler's ›,
    the switch."""
    if isinstance(row, W.Toggle):
        return row.switch_rect().center
    assert isinstance(row, W.Choice)
    if row._is_segmented(p.app.theme):
        return row.segment_rects()[(row.index + 1) % len(row.options)].center
    return row.arrow_rects()[1].center


def every_value_through_the_row(p: Pilot, scene: SettingsScene, name: str) -> list[str]:
    """Show ``name``'s row, then click it through every value and back to the first, where
    a player clicks; the rows that moved, as they moved."""
    row = scene.rows[name]
    scene.panel.scroll_to_widget(row)
    p.step()
    before = places(scene)
    moved: list[str] = []
    start = row.value  # type: ignore[attr-defined]
    count = len(row.options) if isinstance(row, W.Choice) else 2
    for _ in range(count):
        point = click_point(p, row)
        p.move(point)
        p.click(point)
        after = places(scene)
        moved += [
            f"{name}={row.value!r}: {label(scene.panel.widgets[i])} {before[i]} -> {after[i]}"  # type: ignore[attr-defined]
            for i in before
            if after[i] != before[i]
        ]
    assert row.value == start, name  # type: ignore[attr-defined]
    return moved


def label(widget: W.Widget) -> str:
    return repr(getattr(widget, "label", getattr(widget, "text", type(widget).__name__)))


def check_no_row_moves(p: Pilot) -> list[str]:
    p.app.open("settings")
    p.step()
    scene = p.top
    assert isinstance(scene, SettingsScene)
    names = changed_rows(scene)
    levels = [n for n in names if n.startswith("level")]
    assert len(levels) == p.app.settings.players - 1
    moved: list[str] = []
    for name in names:
        moved += every_value_through_the_row(p, scene, name)
    assert not scene.message  # nothing was refused on the way
    return moved


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_no_settings_row_moves_when_a_level_a_style_or_a_rule_changes(tmp_path, size):
    with Pilot(size=size, data_dir=tmp_path, start="title") as p:
        moved = check_no_row_moves(p)
    assert not moved, "\n".join(moved[:12])


@pytest.fixture
def speaking(compiled, monkeypatch):
    """Switch to a language for one test (English again after it)."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: compiled)

    def speak(language: str) -> None:
        assert i18n.set_language(language) == language

    yield speak
    i18n.set_language(i18n.SOURCE)


@pytest.mark.parametrize("language", SHIPPED)
def test_no_settings_row_moves_in_any_language(tmp_path, speaking, language):
    assert {"de", "fi"} <= set(SHIPPED)  # the longest words are among them
    speaking(language)
    with Pilot(size=(960, 600), data_dir=tmp_path, start="title") as p:
        moved = check_no_row_moves(p)
    assert not moved, "\n".join(moved[:12])


def test_a_row_keeps_the_lines_of_its_longest_note_whatever_it_shows():
    """The measure itself: a choice is as tall at its shortest note as at its longest."""
    short = W.Option("a", "A", "Short.")
    long = W.Option("b", "B", "A note long enough to need two or three lines in a row. " * 3)
    row = W.Choice((0, 0, 600, 60), "Label", [short, long], "a")
    theme = None
    low = row.height_for(600, theme)
    row.set_value("b")
    assert row.height_for(600, theme) == low
    alone = W.Choice((0, 0, 600, 60), "Label", [short], "a")
    assert alone.height_for(600, theme) < low
