"""Learn to play, the way a newcomer meets it: offered on the very first start, played by
its prompts with real drags, clicks and keys, refusing other plays with the step's reason,
left at any time with Esc, and ending with the beginner's table. Nothing of it is kept."""

from __future__ import annotations

import pygame
import pytest

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import RANK_OF, Flip
from swoop_desktop.progress.history import load_history
from swoop_desktop.progress.rating import LEVEL_RATINGS
from swoop_desktop.referee.lesson import STEPS
from swoop_desktop.storage import has_saved_game, load_settings
from swoop_desktop.ui.pilot import Pilot
from swoop_desktop.ui.scenes import title as title_screen
from swoop_desktop.ui.scenes.lesson import TAUGHT, cards_of, step_index


def open_lesson(p: Pilot):
    title = p.top
    p.move(title.buttons["learn"].rect.center)
    p.click(title.buttons["learn"].rect.center)
    p.step(2)
    table = p.table
    assert table is not None and table.config.lesson is not None
    return table, table.config.lesson


def ready(p: Pilot, table, coach) -> bool:
    """The table is still and waits for you: your play, a prompt to read, or the end."""
    if not table.idle:
        return False
    i = step_index(table.match)
    if i >= len(STEPS):
        return True
    step = STEPS[i]
    return step.seat == HUMAN_SEAT or (bool(step.prompt) and i not in coach.read)


def your_cards(table, step) -> list[int]:
    return cards_of(table.model, step.action)


def test_the_very_first_start_offers_the_lesson_once(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        title = p.top
        assert title.offer and title.buttons["learn"].primary
        assert "Learn to play" in title.rating
        assert p.app.settings.lesson_offered  # remembered: the offer is made once
        p.press(pygame.K_l)  # Learn to play's key
        p.step(2)
        assert p.table is not None and p.table.config.lesson is not None
    with Pilot(data_dir=tmp_path, start="title") as p:
        assert not p.top.offer and not p.top.buttons["learn"].primary
        assert p.top.buttons["new"].primary


def test_a_first_hand_played_by_its_prompts_to_the_end(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        table, coach = open_lesson(p)
        prompts = []
        while True:
            assert p.until(lambda: ready(p, table, coach), 20)
            i = step_index(table.match)
            if i >= len(STEPS):
                break
            step = STEPS[i]
            title, words = coach.words(table.match)
            if step.prompt:
                assert words == step.prompt and title.startswith(f"Lesson {len(prompts) + 1} of")
                prompts.append(step.title)
            p.step()
            if step.seat != HUMAN_SEAT:  # an opponent's play to read about: a key goes on
                p.press(pygame.K_SPACE)
            elif isinstance(step.action, Flip):
                p.click(your_cards(table, step)[0])  # a mystery card is flipped by a click
            else:
                ids = your_cards(table, step)
                assert coach.pointed == ids, "the prompt outlines the cards it means"
                p.drag(ids[0], "pile")
            p.step()
            assert step_index(table.match) > i, table.model.toast
        assert len(prompts) == len(TAUGHT) == 8
        title, words = coach.words(table.match)
        assert "lowest total wins" in words
        # Nothing of the lesson is kept: no saved game, no history.
        assert not has_saved_game(p.app.dirs)
        assert load_history(p.app.dirs)[0] == []
        # The beginner's table is offered: three easy opponents.
        p.step()
        beginner = coach.buttons[0]
        assert "beginner" in beginner.label
        p.click(beginner.rect.center)
        p.step(2)
        game = p.table
        assert game is not table and game.config.lesson is None
        assert [s.level for s in game.seats[1:]] == ["easy", "easy", "easy"]
        assert load_settings(p.app.dirs)[0].opponents[1]["level"] == "easy"


def test_a_wrong_move_at_each_step_gets_the_prompts_reason(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        table, coach = open_lesson(p)
        tried = 0
        while True:
            assert p.until(lambda: ready(p, table, coach), 20)
            i = step_index(table.match)
            if i >= len(STEPS):
                break
            step = STEPS[i]
            p.step()
            if step.seat != HUMAN_SEAT:  # Righty waits until you have read why (a click)
                p.advance(2.0)
                assert step_index(table.match) == i
                p.click(table.model.lay.pile_drop_rect.center)
                p.step()
                assert step_index(table.match) > i
                continue
            # An ace is legal at every one of your steps, and never the lesson's play.
            ace = next(c for c in table.state.hand_ids(HUMAN_SEAT) if RANK_OF[c] == 1)
            p.drag(ace, "pile")
            p.step()
            assert step_index(table.match) == i, "the wrong play was not made"
            assert table.model.toast[0] == step.why
            tried += 1
            # Then the lesson's play goes through.
            target = your_cards(table, step)[0]
            if isinstance(step.action, Flip):
                p.click(target)
            else:
                p.drag(target, "pile")
            p.step()
            assert step_index(table.match) > i
        assert tried == sum(1 for s in STEPS if s.seat == HUMAN_SEAT)
        # After the last lesson no card is played: the lesson says what comes next.
        p.step()
        ace = next(c for c in table.state.hand_ids(HUMAN_SEAT) if RANK_OF[c] == 1)
        table.input.try_play([ace])
        assert "lesson is over" in table.model.toast[0]


def test_a_play_the_rules_refuse_gets_the_tables_own_words(tmp_path):
    with Pilot(data_dir=tmp_path, start="title") as p:
        table, coach = open_lesson(p)
        assert p.until(lambda: ready(p, table, coach), 20)
        hand = table.state.hand_ids(HUMAN_SEAT)
        ace, two = (next(c for c in hand if RANK_OF[c] == r) for r in (1, 2))
        table.input.try_play([ace, two])
        assert table.model.toast[0] == "Play cards of one rank together"


@pytest.mark.parametrize("at", [0, 3])
def test_esc_leaves_the_lesson_at_any_time_and_keeps_nothing(tmp_path, at):
    with Pilot(data_dir=tmp_path, start="title") as p:
        table, coach = open_lesson(p)
        for _ in range(at):
            assert p.until(lambda: ready(p, table, coach) and table.human_turn, 20)
            step = STEPS[step_index(table.match)]
            p.drag(your_cards(table, step)[0], "pile")
        p.press(pygame.K_ESCAPE)
        p.step()
        assert p.top.name == "title" and p.table is None
        assert not has_saved_game(p.app.dirs)
        assert load_history(p.app.dirs)[0] == []


@pytest.mark.parametrize(
    ("rating", "levels"),
    [
        (None, ("keen", "keen", "keen")),  # a first game: the level just below normal
        (1000.0, ("easy", "easy", "easy")),
        (1180.0, ("casual", "casual", "steady")),
        (1340.0, ("steady", "keen", "keen")),
        (LEVEL_RATINGS["normal"][0], ("normal", "normal", "normal")),
        (LEVEL_RATINGS["sharp"][0], ("sharp", "sharp", "sharp")),
        (LEVEL_RATINGS["hard"][0], ("hard", "hard", "hard")),
        (2100.0, ("expert", "expert", "expert")),
    ],
)
def test_the_titles_suggestion_follows_the_rating(tmp_path, monkeypatch, rating, levels):
    class Now:
        def __init__(self, value: float) -> None:
            self.rating = value

    monkeypatch.setattr(
        title_screen,
        "title_rating",
        lambda dirs, abandoned=False: (None if rating is None else Now(rating), []),
    )
    # The table's seats are read while its deal is still being shown, before the
    # opponents think: no hard or expert search left running after the test.
    with Pilot(data_dir=tmp_path, start="title", speed="slow") as p:
        title = p.top
        assert title.suggested == levels
        button = title.buttons["level"]
        assert button.tooltip is not None and f"Topper {levels[1]}" in button.tooltip
        p.move(button.rect.center)
        p.click(button.rect.center)
        p.step(2)
        game = p.table
        assert game is not None and game.config.lesson is None
        assert tuple(s.level for s in game.seats[1:]) == levels
        assert game.model.anim.busy and game.flow.thinking() is None


def test_settings_shows_each_levels_rating_beside_its_name(tmp_path):
    from swoop_desktop.progress.rating import LEVEL_RATINGS

    with Pilot(data_dir=tmp_path, start="title") as p:
        p.click(p.top.buttons["settings"].rect.center)
        p.step()
        row = p.top.rows["level1"]
        labels = {o.value: o.text for o in row.options}
        for level, (rating, _rd) in LEVEL_RATINGS.items():
            assert labels[level].endswith(f" {rating:.0f}"), labels


def test_the_game_over_sheet_says_when_you_have_outgrown_the_table(tmp_path, monkeypatch):
    from swoop_desktop.progress import rating as rating_store
    from swoop_desktop.progress.rating import Rating
    from swoop_desktop.storage.seats import Seat
    from swoop_desktop.ui.scenes.overlays import GameOverScene
    from swoop_desktop.ui.scenes.table import TableScene
    from tests.storage.helpers import finished_match

    monkeypatch.setattr(
        rating_store, "game_change", lambda *a, **k: (Rating(1300.0), Rating(1320.0))
    )
    with Pilot(data_dir=tmp_path, start="title") as p:
        for levels, says in ((("easy",) * 3, True), (("easy", "normal", "normal"), False)):
            seats = [Seat(0, "You")] + [Seat(i + 1, "x", lv) for i, lv in enumerate(levels)]
            table = p.app.push(TableScene(p.app, match=finished_match(3), saved_seats=seats))
            over = p.app.push(GameOverScene(p.app, table))
            assert p.until(lambda over=over: not over.records_pending, 10)
            assert ("outgrown this table" in over.outgrown_line) is says
            assert over.rating_line.startswith("Your rating: 1320")
            p.app.pop()
            p.app.pop()
