"""The ladder's measurement (``benchmarks/level_ratings.py``): the sums the shipped ratings
come from, checked on figures small enough to work out by hand."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "level_ratings", ROOT / "benchmarks" / "level_ratings.py"
)
assert _spec is not None and _spec.loader is not None
lr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lr)


def test_a_fair_share_of_games_of_four_is_no_step_and_more_is_a_step_up():
    assert lr.step_over_three(25, 100) == pytest.approx(0.0, abs=1e-9)
    # one in three against three equals: strength 1.5 times theirs
    assert lr.step_over_three(1, 3) == pytest.approx(lr.SCALE * math.log(1.5))
    assert lr.step_over_three(10, 100) < 0 < lr.step_over_three(40, 100)


def test_a_tournament_report_names_the_one_level_and_the_three_at_their_work(tmp_path):
    report = {
        "mode": "match",
        "worlds": 72,
        "entries": [
            {"bot": "expert", "wins": 3, "games": 8},
            {"bot": "hard", "wins": 2, "games": 8},
            {"bot": "hard", "wins": 2, "games": 8},
            {"bot": "hard", "wins": 1, "games": 8},
        ],
    }
    by_hand = {"level": "expert", "against": "hard@72", "wins": 1, "games": 8}
    (tmp_path / "a.json").write_text(json.dumps(report))
    (tmp_path / "b.json").write_text(json.dumps(by_hand))
    fours = lr.load_fours([str(tmp_path / "a.json"), str(tmp_path / "b.json")])
    assert fours == [("expert", "hard@72", 3.0, 8), ("expert", "hard@72", 1.0, 8)]
    rated = lr.add_fours({"hard@72": 1700.0}, fours)
    assert rated["expert"] == pytest.approx(1700.0)  # 4 of 16: a fair share


def test_the_ladder_marks_a_step_wider_than_the_ladder_allows_and_skips_other_work():
    ratings = {
        "normal": (1500.0, 10.0),
        "hard@72": (1700.0, 10.0),
        "keen": (1400.0, 10.0),
        "hard@5": (1550.0, 10.0),  # measured, but no level of the game searches 5 worlds
    }
    draws = [
        {"normal": 1500.0, "hard@72": 1690.0 + k, "keen": 1395.0 + k, "hard@5": 1550.0}
        for k in range(10)
    ]
    intervals, steps = lr.intervals_of(ratings, draws)
    assert steps["hard@72"] == (190.0, 198.0) and "hard@5" not in steps
    rows = lr.ladder(ratings, intervals, steps).splitlines()[1:]
    assert [r.split()[0] for r in rows] == ["keen", "normal", "hard@5", "hard"]
    assert "(over" not in rows[1] and "+100" in rows[1]
    assert "(not a level)" in rows[2]
    assert "+200" in rows[3] and f"(over {lr.WIDEST_STEP})" in rows[3]  # over normal
