"""The Review screen's panels: words longer than a panel scroll (the wheel over it, its
bar, the keys), and the plays weighed at a decision are listed best first by the figure
the review ranks them by, the expected points against the table."""

from __future__ import annotations

import dataclasses

import pygame

from swoop_desktop import i18n
from swoop_desktop.ai import make_bot, workers
from swoop_desktop.ai.review import Option, Review
from swoop_desktop.engine import Match, Rules
from swoop_desktop.ui import controls as W
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes.review import ReviewScene, ranked, ranked_lines
from tests.ai.helpers import play_hands

_WORKED_OUT: dict[str, list] = {}


def _one_hand(seed: int = 21) -> Match:
    bots = [make_bot("easy" if p == 0 else "normal", seed=p) for p in range(4)]
    return play_hands(Match(Rules.from_preset("app"), 4, seed), bots)


def _open_reviewed(pilot: Pilot, match: Match) -> ReviewScene:
    """The hand's review worked out (once for these tests) and handed to the screen as it
    opens: the panels are tested, not where the review is kept."""
    scene = ReviewScene(
        pilot.app, match.rules, match.n, match.seed, match.actions, hand=0, worlds=4
    )
    if scene.key not in _WORKED_OUT:
        _WORKED_OUT[scene.key] = workers.weigh_all(scene.decisions, scene.worlds, scene.seed)
    pilot.app.push(scene)
    scene.cancel.set()  # the screen's own work, begun as it opened, is not needed
    if scene.worker is not None:
        scene.worker.join(30)
    scene.result = Review(list(_WORKED_OUT[scene.key]), [])
    return scene


def _pixel(pilot: Pilot, pos: tuple[int, int]) -> tuple[int, int, int]:
    return tuple(pilot.app.screen.get_at(pos))[:3]


def _bar_drawn(pilot: Pilot, view: W.ScrollView) -> bool:
    """The thumb's colour at the middle of where the bar's thumb goes."""
    thumb = W.colour(pilot.app.theme, "panel_edge"), W.colour(pilot.app.theme, "focus")
    return _pixel(pilot, view.thumb_rect.center) in thumb


def _longest(scene: ReviewScene, pilot: Pilot) -> int:
    """The decision whose panel runs furthest past its bottom."""
    over = {}
    for index in range(len(scene.decisions)):
        scene.go(index)
        pilot.step()
        over[index] = scene.verdict_view.max_offset
    return max(over, key=lambda i: over[i])


def test_a_decision_longer_than_its_panel_scrolls_to_its_last_line(tmp_path, catalogues):
    """At 800x600 in German a decision's words run past the bottom of its panel: the
    wheel over the panel, PageDown and Down, and the scroll bar (dragged, or clicked
    beside its thumb) each bring its last line into view, and the bar shows. The same
    decision in a window where it fits shows no bar."""
    assert i18n.set_language("de") == "de"
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        pilot.resize((800, 600))  # below the window's minimum, as a window manager may
        pilot.step()
        scene = _open_reviewed(pilot, _one_hand())
        index = _longest(scene, pilot)
        scene.go(index)
        pilot.step()
        view = scene.verdict_view
        assert view.overflows and view.max_offset > 0 and view.offset == 0
        assert _bar_drawn(pilot, view), "a panel longer than the window shows no scroll bar"
        # The wheel over the panel: its picture moves, down to the last line.
        shown = pilot.app.screen.subsurface(view.rect).copy()
        pilot.scroll(view.rect.center, -1)
        pilot.step()
        assert view.offset > 0
        assert pygame.image.tobytes(pilot.app.screen.subsurface(view.rect), "RGB") != (
            pygame.image.tobytes(shown, "RGB")
        ), "the wheel over the panel did not move its words"
        for _ in range(40):
            pilot.scroll(view.rect.center, -1)
        pilot.step()
        assert view.offset == view.max_offset, "the wheel stops short of the last line"
        # The wheel over the board leaves the panel alone.
        pilot.scroll(scene.board.center, 3)
        pilot.step()
        assert view.offset == view.max_offset
        # The keys: PageUp to the top, PageDown to the bottom, Up and Down a line; none
        # of them steps to another decision.
        for _ in range(40):
            pilot.press(pygame.K_PAGEUP)
        pilot.step()
        assert view.offset == 0
        for _ in range(40):
            pilot.press(pygame.K_PAGEDOWN)
        pilot.step()
        assert view.offset == view.max_offset
        pilot.press(pygame.K_UP)
        pilot.step()
        assert 0 <= view.offset < view.max_offset
        for _ in range(200):
            pilot.press(pygame.K_DOWN)
        pilot.step()
        assert view.offset == view.max_offset and scene.index == index
        assert scene.view == "decision"
        # The bar: a click on the track above the thumb goes a page up; the thumb dragged
        # to the track's foot shows the last line.
        pilot.click((view.track_rect.centerx, view.track_rect.top + 2))
        pilot.step()
        assert view.offset < view.max_offset
        for _ in range(40):
            pilot.press(pygame.K_PAGEUP)
        pilot.step()
        assert view.offset == 0
        thumb = view.thumb_rect
        pilot.drag(thumb.center, (thumb.centerx, view.track_rect.bottom + 40))
        pilot.step()
        assert view.offset == view.max_offset, "dragging the thumb down stops short"
        assert scene.index == index, "a press on the bar stepped to another decision"
        # Another decision starts at its top.
        scene.go(index - 1 if index else index + 1)
        pilot.step()
        assert view.offset == 0
        # A decision that fits its panel (in a larger window): no bar, nothing to scroll.
        pilot.resize((1920, 1080))
        pilot.step()
        fits = []
        for other in range(len(scene.decisions)):
            scene.go(other)
            pilot.step()
            if not view.overflows:
                fits.append(other)
                break
        assert fits, "no decision's words fit the panel even at 1920x1080"
        assert view.content_height > 0
        assert not _bar_drawn(pilot, view), "a panel that fits shows a scroll bar"
        pilot.scroll(view.rect.center, -3)
        pilot.press(pygame.K_PAGEDOWN)
        pilot.step()
        assert view.offset == 0


def test_the_summary_scrolls_to_its_last_line_and_follows_the_chosen_line(tmp_path):
    """A summary with more costly decisions than its page holds (a whole game at
    800x600) scrolls with the wheel and PageDown, and Up/Down keep the chosen line in
    view; a line out of view cannot be chosen by a click through the hint below."""
    bots = [make_bot("easy", seed=p) for p in range(4)]
    match = play_hands(Match(Rules.from_preset("app", target=100), 4, 3), bots, hands=3)
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        pilot.resize((800, 600))
        pilot.step()
        scene = ReviewScene(pilot.app, match.rules, match.n, match.seed, match.actions, worlds=2)
        pilot.app.push(scene)
        scene.cancel.set()  # the screen's own work is not needed: its verdicts are made up
        if scene.worker is not None:
            scene.worker.join(30)
        # Every decision costly: the summary a long list.
        scene.decisions = scene.decisions[:24]
        made = [
            dataclasses.replace(v, cost=9.0, label="mistake")
            for v in workers.weigh_all(scene.decisions, 2, scene.seed)
        ]
        scene.result = Review(made, [])
        pilot.step(2)
        view = scene.summary_view
        assert view.overflows, "the made-up summary fits its page: no test"
        assert _bar_drawn(pilot, view)
        for _ in range(40):
            pilot.scroll(view.rect.center, -1)
        pilot.step()
        assert view.offset == view.max_offset
        last = scene.summary_rects[-1][0]
        assert view.rect.contains(last), "the last line is not in view at the bottom"
        for _ in range(40):
            pilot.press(pygame.K_PAGEUP)
        pilot.step()
        assert view.offset == 0
        for _ in range(len(scene.summary_rects) - 1):
            pilot.press(pygame.K_DOWN)
            pilot.step()
            chosen = scene.summary_rects[scene.selected][0]
            assert view.rect.contains(chosen), "the chosen line ran out of view"
        pilot.press(pygame.K_DOWN)  # round to the first again
        pilot.step()
        assert scene.selected == 0 and view.rect.contains(scene.summary_rects[0][0])
        # A line below the window, under the hint: a click there chooses nothing.
        strip = pygame.Rect(view.rect.x, view.rect.bottom + 2, view.rect.width, 8)
        hidden = [r.clip(strip) for r, _i in scene.summary_rects if r.colliderect(strip)]
        assert hidden, "no line runs on under the summary's window"
        pilot.click(hidden[0].center)
        pilot.step()
        assert scene.view == "summary", "a line out of view was chosen through the page"


def _option(words: str, margin: float, win: float, points: float = 20.0) -> Option:
    return Option(
        action=f'"{words}"', words=words, points=points, margin=margin, win=win, pickup=0.0
    )


def test_the_plays_are_ranked_by_points_against_the_table_that_figure_first():
    """The best first, then the others by margin (lower is better), each line opening
    with that figure; the whole numbers shown never rank a line below the best above it."""
    best = _option("played a king", -10.4, 0.30)
    options = [
        best,
        _option("played a 5", 3.0, 0.25),
        _option("played two 7s", -10.6, 0.30),  # a lower margin than the named best
        _option("flipped a mystery card", -9.5, 0.29),
    ]
    rows = ranked(options)
    assert [o.words for o, _m, _w in rows] == [
        "played a king",
        "played two 7s",
        "flipped a mystery card",
        "played a 5",
    ]
    shown = [margin for _o, margin, _w in rows]
    assert shown == sorted(shown) and shown[0] == -10
    # Rounding keeps the order: the best's -10.5 and the next -10.49 both show -10.
    rows = ranked([_option("a", -10.5, 0.3), _option("b", -9.5, 0.3), _option("c", -10.49, 0.3)])
    assert [m for _o, m, _w in rows] == [-10, -10, -10]
    # A named best that is not the lowest margin is never shown worse than a line below.
    rows = ranked([_option("a", -10.4, 0.3), _option("b", -10.6, 0.3)])
    assert [m for _o, m, _w in rows] == [-10, -10]
    lines = [line for line, _note in ranked_lines(options)]
    assert lines[0] == "\u221210 vs table: played a king (20 pts, wins the game 30%)"
    assert lines[-1].startswith("+3 vs table: played a 5")


def test_a_play_below_the_best_that_wins_the_game_more_often_says_why_it_is_below():
    options = [
        _option("played a king", -4.0, 0.30),
        _option("played a 5", -3.0, 0.33),  # 3 points more: within what play-outs tell
        _option("played two 7s", 6.0, 0.41),  # 11 points more: a real difference
        _option("played a queen", 8.0, 0.30),  # the same chance: nothing to say
    ]
    notes = [note for _line, note in ranked_lines(options)]
    assert notes[0] is None and notes[3] is None
    assert notes[1] is not None and "less than the play-outs can tell" in notes[1]
    assert notes[2] is not None and "41% against 30%" in notes[2]


def test_the_decision_panel_lists_the_plays_by_points_against_the_table(tmp_path):
    """On screen: the plays weighed at a decision, the best first and the others by
    margin, each line opening with the margin, a note under one that wins more often."""
    with Pilot(size=(1280, 720), data_dir=tmp_path, start="title") as pilot:
        scene = _open_reviewed(pilot, _one_hand())
        v = scene.result.verdicts[0]
        action = v.options[0].action  # the board outlines the best: a play of this decision
        made = dataclasses.replace(
            v,
            options=tuple(
                dataclasses.replace(o, action=action)
                for o in (
                    _option("played a king", -4.2, 0.30),
                    _option("played a 5", 12.0, 0.20),
                    _option("played two 7s", -3.6, 0.52),
                )
            ),
        )
        scene.result = Review([made, *scene.result.verdicts[1:]], [])
        scene.go(0)
        pilot.step()
        words = scene.words.splitlines()
        listed = [line for line in words if " vs table: " in line]
        assert listed == [
            "\u22124 vs table: played a king (20 pts, wins the game 30%)",
            "\u22124 vs table: played two 7s (20 pts, wins the game 52%)",
            "+12 vs table: played a 5 (20 pts, wins the game 20%)",
        ]
        note = words[words.index(listed[1]) + 1]
        assert note.startswith("Ranked by points against the table") and "52%" in note
