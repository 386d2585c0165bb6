"""A monkey plays the table: random clicks, drags, keys and resizes (2,000 in the quick
tier, 20,000 in the slow tier that CI runs).

Nothing may raise, no card may ever be lost or doubled, and whenever the
table is idle its picture must match the engine exactly.
"""

from __future__ import annotations

import random

import pygame
import pytest

from swoop_desktop.storage import Settings, resolve_dirs, save_settings
from swoop_desktop.ui.pilot import Pilot

KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_f,
    pygame.K_d,
    pygame.K_h,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_ESCAPE,
    pygame.K_BACKSPACE,
]
SIZES = [(960, 600), (1280, 720), (1100, 680), (1600, 900)]
TABLE_SCENES = ("table", "pause", "hand_over", "game_over")


def check(pilot: Pilot) -> None:
    table = pilot.table
    if table is None or table.state is None:
        return
    ids = table.state.all_card_ids()
    assert len(ids) == len(set(ids)) == table.state.decks * 54
    if table.idle and not table.model.drag:
        assert table.model.view.matches(table.state)
        assert sorted(table.model.view.all_ids()) == sorted(ids)


@pytest.mark.parametrize(
    "inputs", [2_000, pytest.param(20_000, marks=pytest.mark.slow)], ids=["2000", "20000"]
)
def test_monkey_random_inputs(tmp_path, inputs):
    rng = random.Random(2024)
    events = 0
    # Easy opponents decide fastest: the monkey tests the table, not the AI.
    save_settings(
        resolve_dirs(tmp_path), Settings(opponents={s: {"level": "easy"} for s in (1, 2, 3)})
    )
    tables: dict[int, tuple[int, int]] = {}
    with Pilot(size=(960, 600), data_dir=tmp_path, seed=77, start="table") as pilot:
        app = pilot.app
        while events < inputs:
            top = pilot.top
            if top is None or top.name not in TABLE_SCENES:
                app.new_game()
            w, h = app.size
            table = pilot.table
            # A burst of input, then one frame; ten events per frame keep this fast.
            for _ in range(10):
                roll = rng.random()
                mine = table.model.view.seat_cards(0) if table is not None else []
                if roll < 0.30 and mine:
                    card = rng.choice(mine)
                    s = table.model.sprites.get(card)
                    if s is not None:
                        pos = (int(s.x), int(s.y))
                        pilot.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 3]))
                        pilot.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
                elif roll < 0.45 and mine:
                    card = rng.choice(mine)
                    s = table.model.sprites.get(card)
                    if s is not None:
                        start = (int(s.x), int(s.y))
                        end = (
                            table.model.lay.pile_drop_rect.center
                            if rng.random() < 0.7
                            else (rng.randrange(w), rng.randrange(h))
                        )
                        pilot.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
                        for k in (0.3, 0.7, 1.0):
                            pilot.post(
                                pygame.MOUSEMOTION,
                                buttons=(1, 0, 0),
                                rel=(0, 0),
                                pos=(
                                    int(start[0] + (end[0] - start[0]) * k),
                                    int(start[1] + (end[1] - start[1]) * k),
                                ),
                            )
                        pilot.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
                elif roll < 0.70:
                    pos = (rng.randrange(w), rng.randrange(h))
                    pilot.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
                    pilot.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
                elif roll < 0.97:
                    key = rng.choice(KEYS)
                    pilot.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
                elif roll < 0.985:
                    pilot.post(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
                else:
                    size = rng.choice(SIZES)
                    pilot.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
                events += 1
            pilot.step()
            check(pilot)
            t = pilot.table
            if t is not None:  # plays and picture repairs per table (tables come and go)
                tables[id(t.match)] = (sum(len(h) for h in t.match.actions), t.presenter.mismatches)
        # The games went on: many plays were made, by you and the AIs, and no table's
        # picture ever had to be put right.
        assert sum(plays for plays, _ in tables.values()) > inputs // 200
        assert all(repairs == 0 for _, repairs in tables.values())
