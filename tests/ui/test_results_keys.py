"""Nothing skips the results: a results panel (the hand's breakdown, the game-over sheet)
answers only a key pressed for it, after it opened. Space, which hurries the opponents'
plays, never presses its buttons at all; a key held down as it opened, or a run of Enter
taps begun at the table, never does either: the player lets go, looks, and presses
Enter (or clicks)."""

from __future__ import annotations

import random

import pygame
import pytest

from swoop_desktop.engine import Rules
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes import overlays
from swoop_desktop.ui.scenes.overlays import GameOverScene, HandOverScene
from swoop_desktop.ui.scenes.panels import SETTLE_S

#: Every action a result's buttons call (the hand's breakdown, the game-over sheet).
ACTIONS = ("next_hand", "review_hand", "new_game", "watch_again", "review_game", "to_title")


class ReadAtOnce:
    """The game-over sheet's rating and records read before its first frame, so that they
    never come on a later frame at a moment the machine's speed decides (they lay the sheet
    out again as they come)."""

    done = True

    def __init__(self, work, name: str = "") -> None:
        self.answer, self.error = None, None
        try:
            self.answer = work()
        except BaseException as exc:  # noqa: BLE001 - kept, as Reading keeps it
            self.error = exc

    def wait(self, seconds: float) -> bool:
        return True


@pytest.fixture
def records_at_once(monkeypatch):
    monkeypatch.setattr(overlays, "Reading", ReadAtOnce)


def _counted(p: Pilot, kind, clicked: list[str]):
    """A result over the table whose every button, however often its buttons are made
    again, only counts its presses in ``clicked``."""
    panel = kind(p.app, p.app.table)
    counters = []
    for name in ACTIONS:
        if hasattr(panel, name):
            counter = lambda n=name: clicked.append(n)  # noqa: E731
            counters.append(counter)
            setattr(panel, name, counter)
    p.app.push(panel)
    assert panel.buttons and all(b.on_click in counters for b in panel.buttons)
    return panel


def _tap(p: Pilot, key: int, then: float = 0.25) -> None:
    p.press(key)
    p.advance(then)


@pytest.mark.parametrize("kind", [HandOverScene, GameOverScene])
def test_a_run_of_taps_begun_at_the_table_never_presses_the_panel(tmp_path, kind):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        for _ in range(3):
            _tap(p, pygame.K_SPACE)  # hurrying the opponents' plays
        panel = p.app.push(kind(p.app, p.app.table))
        for _ in range(12):  # three seconds more of the same taps
            _tap(p, pygame.K_SPACE)
            assert p.top is panel, "a tap meant for the table pressed the panel's button"
        p.advance(1.0)  # the player stops and reads the panel
        focused = panel.buttons[panel.focus]
        clicked = []
        focused.on_click = lambda: clicked.append(focused.label)
        p.press(pygame.K_SPACE)  # Space never goes on from the results
        assert clicked == []
        p.press(pygame.K_RETURN)  # Enter, made for it, does
        assert clicked == [focused.label]


def test_a_key_held_down_as_the_breakdown_opened_never_reaches_it(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        p.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        p.step()
        panel = p.app.push(HandOverScene(p.app, p.app.table))
        p.advance(1.5)
        # The key is still down: the system repeats it.
        p.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        p.step()
        assert p.top is panel, "a key held since the table pressed the breakdown's button"
        p.post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        p.advance(0.6)
        p.press(pygame.K_RETURN)  # let go, then pressed again: meant for the panel
        assert p.top is not panel


def test_a_tap_before_the_panel_could_be_seen_never_reaches_it(tmp_path):
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        panel = p.app.push(HandOverScene(p.app, p.app.table))
        panel.key_guard = 0.0  # only the rule of the press, not the old timer
        p.press(pygame.K_RETURN)  # in the queue as the panel was first drawn
        assert p.top is panel


def test_space_tapped_as_people_tap_it_never_closes_the_results(tmp_path, records_at_once):
    """Space (which steps the opponents' plays) tapped about three a second with irregular gaps (0.25-0.8 s) and a slow frame in the
    middle, begun at the table and going on for ten seconds over the panel, never press
    its buttons, over twenty seeds; the deliberate press after a pause does."""
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        p.dt = 1 / 20  # a coarse clock: the taps' gaps are what matter
        for seed in range(20):
            rng = random.Random(seed)
            kind = (HandOverScene, GameOverScene)[seed % 2]
            for _ in range(rng.randint(1, 4)):  # the last plays of the hand, hurried
                p.press(pygame.K_SPACE)
                p.advance(rng.uniform(0.25, 0.8))
            clicked: list[str] = []
            panel = _counted(p, kind, clicked)
            slow_at = rng.randint(3, 15)
            for tap in range(20):  # ten seconds of taps
                p.press(pygame.K_SPACE)
                if tap == slow_at:
                    p.app.step(0.3)  # one slow frame
                p.advance(rng.uniform(0.25, 0.8))
                assert clicked == [], f"seed {seed}: tap {tap} pressed {clicked}"
            p.advance(1.5)  # the player stops and reads
            p.press(pygame.K_RETURN)
            assert len(clicked) == 1, f"seed {seed}: the deliberate press did nothing"
            assert p.top is panel
            p.app.pop()


RESULTS = ("hand_over", "game_over")


@pytest.mark.parametrize("seed", range(6))
def test_return_tapped_every_second_or_so_never_skips_a_result_unseen(
    tmp_path, records_at_once, seed
):
    """Return (or keypad Enter, or H) tapped every 0.6-1 s, begun at the table and going on
    over the result: the result stays on top for its settle time and only a press after it
    answers; then a press after a pause answers at once."""
    rng = random.Random(seed)
    keys = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_h)
    with Pilot(data_dir=tmp_path, seed=5, start="table") as p:
        assert p.wait_for_turn()
        for kind in (HandOverScene, GameOverScene):
            for _ in range(rng.randint(1, 4)):  # the taps at the table
                _tap(p, rng.choice(keys), rng.uniform(0.6, 1.0))
            clicked: list[str] = []
            panel = _counted(p, kind, clicked)
            p.step()  # its first frame: now it can be seen
            shown_at = panel.shown_at
            assert shown_at is not None
            while p.app.keys.now - shown_at < SETTLE_S + 6.0:
                key = rng.choice(keys)
                p.press(key)
                if clicked:
                    break
                p.advance(rng.uniform(0.6, 1.0))
            assert clicked, f"seed {seed}: {kind.__name__} never answered the taps"
            up = p.app.keys.now - shown_at
            assert up >= SETTLE_S, f"seed {seed}: {kind.__name__} answered after {up:.2f} s"
            p.app.pop()
            # The same result again: looked at, a pause, then one press answers at once.
            clicked.clear()
            panel = _counted(p, kind, clicked)
            p.advance(1.5)
            p.press(pygame.K_RETURN)
            assert clicked == [panel.buttons[panel.focus].on_click.__defaults__[0]]
            p.app.pop()


def test_keys_tapped_through_a_games_end_never_let_a_result_go_by_unseen(
    tmp_path, records_at_once, monkeypatch
):
    """The play-test: Return and H tapped every 0.6-1 s of the pilot's clock from the last
    hand's plays through the game's end. The deciding hand's breakdown and the game-over
    sheet each stay on top for at least their settle time, and each goes only on a press
    after it; the press that takes the sheet away does what its focused button says (the
    whole game's review)."""
    seen: list[HandOverScene] = []
    enter = HandOverScene.enter

    def noting(self) -> None:
        seen.append(self)
        enter(self)

    monkeypatch.setattr(HandOverScene, "enter", noting)
    rng = random.Random(7)
    rules = Rules.from_preset("app", target=50)
    gone: dict[int, tuple[float, bool]] = {}  # a result: when it went, and on a press?

    def note_gone(on_a_press: bool) -> None:
        for panel in seen:
            if id(panel) not in gone and p.top is not panel:  # gone, or covered by the review
                gone[id(panel)] = (p.app.keys.now, on_a_press)

    with Pilot(data_dir=tmp_path, seed=21, start="table", rules=rules) as p:
        table = p.table
        for _ in range(3000):  # at most about forty minutes of the pilot's clock
            if p.top.name == "review":
                break
            until = p.app.keys.now + rng.uniform(0.6, 1.0)
            while p.app.keys.now < until:  # the table plays on between the taps
                if p.top is table and table.idle and table.state.to_move == 0:
                    if not table.state.is_over:
                        table.apply(table.state.legal_actions()[0])
                p.advance(0.1)
                note_gone(False)
            p.press(rng.choice((pygame.K_RETURN, pygame.K_h)))
            note_gone(True)
        assert p.top.name == "review", "the taps never reached the review"
        names = [panel.name for panel in seen]
        assert names[-2:] == ["hand_over", "game_over"], names
        for panel in seen:
            assert panel.shown_at is not None, f"{panel.name} was never drawn"
            went, on_a_press = gone[id(panel)]
            assert on_a_press, f"{panel.name} went by itself"
            up = went - panel.shown_at
            assert up >= SETTLE_S, f"{panel.name} went after {up:.2f} s, unseen"
        assert p.top.hand is None  # the whole game's review: the sheet's focused button
