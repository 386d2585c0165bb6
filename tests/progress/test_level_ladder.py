"""The ladder of levels: every rated level is one the game can seat, read from settings and
from opponents.yaml; neighbours are close; an old settings file's levels still load."""

from __future__ import annotations

import json

import pytest

from swoop_desktop.ai import LEVELS as AI_LEVELS
from swoop_desktop.ai import SOFT_LEVELS, EasyBot, NormalBot, load_opponents, make_bot
from swoop_desktop.ai.opponent_words import LEVEL_WORDS
from swoop_desktop.choices import PLAYER_LEVELS
from swoop_desktop.progress.rating import LEVEL_RATINGS, LEVELS_VERSION, ladder, table_for
from swoop_desktop.referee.matches import parse_bot
from swoop_desktop.storage import LEVELS as SAVED_LEVELS
from swoop_desktop.storage import Settings, load_settings, resolve_dirs, save_settings
from swoop_desktop.ui.scenes.settings import LEVEL_CHOICES, level_text

#: The most two neighbouring levels' stored ratings may differ (the goal is about 150).
MOST_STEP = 160.0


def by_rating() -> list[str]:
    return sorted(LEVEL_RATINGS, key=lambda lv: LEVEL_RATINGS[lv][0])


def test_the_rated_levels_are_the_levels_a_player_can_choose_weakest_first():
    assert [lv.value for lv in PLAYER_LEVELS] == by_rating()
    assert set(LEVEL_RATINGS) == set(SAVED_LEVELS) == set(LEVEL_CHOICES)
    assert {"easy", "normal", "hard"} <= set(LEVEL_RATINGS)  # saved settings keep meaning
    assert LEVELS_VERSION >= 3  # the ladder's figures: stored ratings worked out again


@pytest.mark.parametrize("level", sorted(LEVEL_RATINGS))
def test_every_rated_level_can_be_seated_parsed_and_named(tmp_path, level):
    bot = make_bot(level, "cautious", seed=3)
    assert bot.level == level
    assert parse_bot(f"{level}:pyro", 1, None, 8).level == level
    assert level in AI_LEVELS
    (tmp_path / "opponents.yaml").write_text(f"seats:\n  top: {{level: {level}}}\n")
    seats, messages = load_opponents(tmp_path)
    assert messages == [] and seats[1].level == level
    assert seats[1].make_bot(seed=1).level == level
    name, help_text = level_text(level)
    assert level in LEVEL_WORDS and name.endswith(f"{LEVEL_RATINGS[level][0]:.0f}") and help_text


def test_a_settings_file_naming_each_level_loads():
    dirs = resolve_dirs()
    for level in LEVEL_RATINGS:
        save_settings(dirs, Settings(opponents={2: {"level": level}}))
        settings, messages = load_settings(dirs)
        assert messages == [] and settings.opponent(2)["level"] == level


def test_an_old_settings_file_naming_easy_normal_and_hard_still_loads():
    dirs = resolve_dirs()
    save_settings(dirs, Settings())
    data = json.loads(dirs.settings_file.read_text())
    data["opponents"] = {
        "1": {"level": "easy"},
        "2": {"level": "normal", "personality": "cautious"},
        "3": {"level": "hard", "personality": "pyro"},
    }
    dirs.settings_file.write_text(json.dumps(data))
    settings, messages = load_settings(dirs)
    assert messages == []
    assert [settings.opponent(s)["level"] for s in (1, 2, 3)] == ["easy", "normal", "hard"]


def test_neighbours_on_the_ladder_are_close_by_the_stored_figures():
    ratings = [LEVEL_RATINGS[lv][0] for lv in by_rating()]
    steps = [b - a for a, b in zip(ratings, ratings[1:], strict=False)]
    named = dict(zip(by_rating()[1:], steps, strict=True))
    assert all(0 < step <= MOST_STEP for step in steps), named
    assert LEVEL_RATINGS["normal"][0] == 1500.0  # the anchor


def test_the_levels_below_normal_are_one_bot_set_by_its_knobs():
    below = [lv for lv in by_rating() if LEVEL_RATINGS[lv][0] < LEVEL_RATINGS["normal"][0]]
    assert below == list(SOFT_LEVELS)  # weakest first, each a set of knobs
    bots = [make_bot(lv) for lv in below]
    assert all(type(b) is EasyBot for b in bots)
    temperatures = [b.temperature for b in bots]
    assert temperatures == sorted(temperatures, reverse=True)  # sharper up the ladder
    assert type(make_bot("normal")) is NormalBot
    with pytest.raises(ValueError):
        EasyBot(level="normal")


def test_a_first_game_sits_at_the_level_just_below_normal():
    below = by_rating()[by_rating().index("normal") - 1]
    assert table_for(None) == (below,) * 3
    assert table_for(None) in ladder()
