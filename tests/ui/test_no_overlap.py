"""Small windows: at 800x600 and 960x600 nothing on a screen covers anything else.

Each screen is drawn once onto a surface that notes where every line of words lands
(``tests/ui/overlap.py``); no two lines, no line and a button it does not belong to, no
two buttons, and at the table no words and a card, may overlap.
"""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.engine import Rules
from swoop_desktop.progress import record_finished_game
from swoop_desktop.ui.pilot import Pilot
from tests.storage.helpers import finished_match
from tests.ui.overlap import layout, mark_words, overlaps

SIZES = [(800, 600), (960, 600)]
NAMES = [{"name": n} for n in ("You", "Lefty", "Topper", "Righty")]


def _pilot(tmp_path, size, **kw) -> Pilot:
    p = Pilot(size=(1280, 720), data_dir=tmp_path, **kw)
    p.resize(size)  # (a window opens at 960x600 at least)
    p.step(2)
    return p


def _table_cards(table) -> list[tuple[str, pygame.Rect]]:
    cards = []
    for s in table.model.sprites.values():
        if s.w < 2 or s.moving or (s.id in table.model.buried):
            continue
        rect = pygame.Rect(0, 0, int(s.w), int(s.h))
        rect.center = (int(s.x), int(s.y))
        cards.append((f"card {s.id}", rect))
    return cards


@pytest.mark.parametrize("size", SIZES)
def test_the_title_and_settings(tmp_path, monkeypatch, size):
    mark_words(monkeypatch)
    from swoop_desktop.ui.scenes.settings import SettingsScene

    with _pilot(tmp_path, size, start="title") as p:
        words, buttons = layout(p)
        assert buttons and not overlaps(words, buttons)
        p.app.push(SettingsScene(p.app))
        p.step(2)
        words, buttons = layout(p)
        assert words and not overlaps(words, buttons)


@pytest.mark.parametrize("size", SIZES)
def test_scores_on_every_tab(tmp_path, monkeypatch, size):
    mark_words(monkeypatch)
    from swoop_desktop.ui.scenes.scores import TABS, ScoresScene

    with _pilot(tmp_path, size, start="title") as p:
        for seed in range(5):
            record_finished_game(p.app.dirs, finished_match(seed), NAMES)
        scores = p.app.push(ScoresScene(p.app, tab="history"))
        for key, _label in TABS:
            scores.set_tab(key)
            p.step(2)
            words, buttons = layout(p)
            assert words, key
            found = overlaps(words, buttons)
            assert not found, (key, found)


# Every table size at the narrow window (the fullest tables have the least room), and the
# classic four at both.
TABLES = [((960, 600), n) for n in range(3, 9)] + [((800, 600), 4), ((800, 600), 8)]


@pytest.mark.parametrize(("size", "players"), TABLES)
def test_the_table_mid_hand_and_the_game_over_sheet(tmp_path, monkeypatch, size, players):
    mark_words(monkeypatch)
    from swoop_desktop.ui.scenes.overlays import GameOverScene

    with _pilot(tmp_path, size, seed=5, start="table", players=players) as p:
        t = p.table
        assert t.match.n == players and len(t.model.lay.seats) == players
        for _ in range(3):
            assert p.wait_for_turn()
            st = t.state
            card = next(c for c in st.hand_ids(0) if t.input.action_for([c]) in st.legal_actions())
            t.input.try_play([card])
        assert p.wait_for_turn()
        p.advance(1.0)
        words, buttons = layout(p)
        found = overlaps(words, buttons, _table_cards(t))
        assert words and not found, found
        # The longest last-play markers (a play, a Swoop and the bonus play) cover no card,
        # no plate and no other marker.
        for seat in range(1, players):
            t.model.news[seat] = ("flipped a joker · Swoop! Then played three 4s", t.model.clock)
        p.step()
        marks = [(f"marker {seat}", rect) for seat, rect, _l, _i in t.drawing.seating.news_marks()]
        plates = [(f"plate {seat}", box) for seat, box in enumerate(t.model.lay.seat_boxes)]
        assert not overlaps(marks, [], _table_cards(t) + plates)
        assert not overlaps([], marks)
        finished = finished_match(7, players=players)
        t.model.match = finished
        p.app.push(GameOverScene(p.app, t))
        p.step(2)
        words, buttons = layout(p)
        found = overlaps(words, buttons)
        assert words and not found, found


@pytest.mark.parametrize("size", SIZES)
def test_the_high_card_draw(tmp_path, monkeypatch, size):
    mark_words(monkeypatch)
    with _pilot(
        tmp_path, size, start="title", speed="fast", rules=Rules.from_preset("traditional")
    ) as p:
        p.app.new_game(seed=5)  # dealt in the small window, the draw seen as it happens
        t = p.table
        drawing = 0

        def look() -> bool:
            """Each frame of the draw for the first play drawn as it stands, and its words
            checked; done once the draw has been seen and the first play's turn is shown."""
            nonlocal drawing
            if not t.drawing.hud.status().startswith("Drawing"):
                return drawing > 0
            drawing += 1
            words, _buttons = layout(p)
            found = overlaps(words, [], _table_cards(t))
            assert not found, found
            return False

        p.step()
        p.until(look, 899.5 * p.dt)  # up to 900 frames, frame by frame
        assert drawing  # the draw was seen


@pytest.mark.parametrize("size", SIZES)
def test_the_review_summary_and_its_decisions(tmp_path, monkeypatch, size):
    mark_words(monkeypatch)
    from swoop_desktop.ai import make_bot
    from swoop_desktop.engine import Match
    from swoop_desktop.ui.scenes.review import ReviewScene
    from tests.ai.helpers import play_hands

    bots = [make_bot("easy" if p == 0 else "normal", seed=p) for p in range(4)]
    match = play_hands(Match(Rules.from_preset("app"), 4, 21), bots)
    with _pilot(tmp_path, size, start="title") as p:
        scene = ReviewScene(p.app, match.rules, 4, match.seed, match.actions, hand=0, worlds=4)
        p.app.push(scene)
        assert p.until(lambda: scene.ready, 120)
        p.step(2)
        words, buttons = layout(p)
        found = overlaps(words, buttons)
        assert words and not found, ("summary", found)
        for index in range(0, len(scene.decisions), 3):
            scene.go(index)
            p.step()
            words, buttons = layout(p)
            found = overlaps(words, buttons)
            assert not found, (index, found)


@pytest.mark.parametrize("players", [5, 6, 7, 8])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_hands_breakdown_and_the_final_sheet_hold_every_seat_of_a_full_table(
    tmp_path, monkeypatch, size, players
):
    # At a table of seven the breakdown's rows ran out of the panel under its buttons, and
    # the final places ran out of the sheet on both sides.
    mark_words(monkeypatch)
    from swoop_desktop.ui.scenes.overlays import GameOverScene, HandOverScene
    from tests.ui.overlap import layout_of_top

    with _pilot(tmp_path, size, seed=5, start="table", players=players) as p:
        t = p.table
        assert p.wait_for_turn()
        t.model.match = finished_match(7, players=players)
        for scene in (HandOverScene, GameOverScene):
            panel = p.app.push(scene(p.app, t))
            p.step(2)
            panel._frame = None  # drawn afresh, not from its cached picture
            words, buttons = layout_of_top(p)
            box = panel.panel_rect()
            names = [w for w, _r in words]
            for seat in range(players):  # every seat's name on the panel
                assert t.seat_name(seat) in " ".join(names), (scene.name, seat, names)
            outside = [(w, r) for w, r in words if not box.contains(r)]
            assert not outside, (scene.name, outside)
            found = overlaps(words, buttons)
            assert not found, (scene.name, found)
            p.app.pop()
