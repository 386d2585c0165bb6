"""Saving and resuming the game in progress: save -> load gives the same game, exactly."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swoop_desktop.engine import Match, Rules, format_position
from swoop_desktop.storage import clear_game, has_saved_game, load_game, resolve_dirs, save_game
from swoop_desktop.storage.savegame import fingerprint
from swoop_desktop.storage.seats import seats_to_json

from .helpers import choose, play, step

RULES = {
    "app": Rules.from_preset("app"),
    "classic": Rules.from_preset("classic"),
    "traditional": Rules.from_preset("traditional"),
    "chain_take_all": Rules.from_preset(
        "app", mystery_chain=True, pickup="take_all", max_four=False
    ),
}


def _same_position(a: Match, b: Match) -> None:
    assert b.rules == a.rules and b.n == a.n and b.seed == a.seed
    assert b.totals == a.totals and b.sheet == a.sheet and b.went_out == a.went_out
    assert b.dealer == a.dealer and b.hand_no == a.hand_no and b.over == a.over
    if a.state is None:
        assert b.state is None
        return
    assert format_position(b.state) == format_position(a.state)
    assert fingerprint(b.state) == fingerprint(a.state)
    for p in range(a.n):  # the same physical cards, where they were
        assert b.state.hand_ids(p) == a.state.hand_ids(p)
        assert b.state.up[p] == a.state.up[p] and b.state.down[p] == a.state.down[p]
    assert b.state.pile == a.state.pile and b.state.swept == a.state.swept
    assert b.legal_actions() == a.legal_actions()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(RULES)),
    seed=st.integers(0, 2**40),
    steps=st.integers(0, 400),
    players=st.just(4),  # the table seats four
    future=st.integers(0, 2**32),
)
def test_round_trip_same_position_legal_actions_and_future(preset, seed, steps, players, future):
    dirs = resolve_dirs()
    original = play(Match(RULES[preset], players, seed), steps, random.Random(seed))
    seats = [
        {
            "seat": i,
            "name": name,
            "level": level,
            "personality": None,
            "think_ms": [400, 900],
            "weights": None,
        }
        for i, (name, level) in enumerate(
            [("You", "human"), ("Left", "easy"), ("Top", "normal"), ("Right", "hard")]
        )
    ]
    save_game(dirs, original, ["You played two 7s."], {"seats": seats, "note": "kept"})
    saved, messages = load_game(dirs)
    assert messages == [] and saved is not None
    assert saved.log == ["You played two 7s."]
    assert saved.extra == {"note": "kept"}
    assert seats_to_json(saved.seats) == seats
    restored = saved.match
    _same_position(original, restored)
    # the same future: the same choices give the same events, play by play
    ra, rb = random.Random(future), random.Random(future)
    for _ in range(120):
        if original.over:
            assert restored.over
            break
        assert step(original, ra) == step(restored, rb)
    _same_position(original, restored)


def test_mid_turn_follow_up_is_restored():
    """R12: a save made while a follow-up is offered resumes with the follow-up offered."""
    rng = random.Random(3)
    for seed in range(200):
        match = Match(Rules.from_preset("app"), 4, seed)
        match.start_hand()
        for _ in range(300):
            if match.hand_over or match.state.phase_name == "follow":
                break
            match.apply(choose(match, rng))
        if match.state.phase_name == "follow":
            break
    assert match.state.phase_name == "follow"
    dirs = resolve_dirs()
    save_game(dirs, match, [])
    restored = load_game(dirs)[0].match
    assert restored.state.phase_name == "follow"
    assert restored.state.follow_rank == match.state.follow_rank
    assert restored.legal_actions() == match.legal_actions()


def test_saving_between_hands_and_before_the_first_deal():
    dirs = resolve_dirs()
    fresh = Match(Rules.from_preset("classic"), 4, 77)
    save_game(dirs, fresh, [])
    restored = load_game(dirs)[0].match
    assert restored.state is None and restored.first_dealer == fresh.first_dealer
    rng = random.Random(1)
    match = Match(Rules.from_preset("app"), 4, 9)
    while not match.sheet:
        step(match, rng)
    assert match.hand_over
    save_game(dirs, match, [])
    restored = load_game(dirs)[0].match
    assert restored.hand_over and restored.sheet == match.sheet
    assert restored.start_hand() == match.start_hand()  # the next deal is the same deal


def test_file_names_rules_seed_and_actions_in_json():
    dirs = resolve_dirs()
    match = play(Match(Rules.from_preset("classic", target=200), 4, 12), 30, random.Random(2))
    save_game(dirs, match, ["line"])
    data = json.loads(dirs.game_file.read_text())
    assert data["format"] == "swoop-game" and data["version"] == 1
    assert data["rules"] == {"preset": "classic", "target": 200}
    assert data["seed"] == 12 and data["players"] == 4
    assert data["totals"] == match.totals and data["position"] == format_position(match.state)
    assert len(" ".join(data["actions"]).split()) == sum(len(h) for h in match.actions)


def test_clear_game_forgets_it():
    dirs = resolve_dirs()
    assert not has_saved_game(dirs) and load_game(dirs) == (None, [])
    match = play(Match(seed=4), 10, random.Random(4))
    save_game(dirs, match, [])
    save_game(dirs, match, [])
    assert has_saved_game(dirs)
    clear_game(dirs)
    assert not has_saved_game(dirs) and load_game(dirs) == (None, [])
    assert list(dirs.data.glob("game*")) == []


def test_tampered_plays_are_caught_as_damage():
    """A file whose totals disagree with its recorded plays is not trusted."""
    dirs = resolve_dirs()
    rng = random.Random(5)
    match = Match(seed=5)
    while not match.sheet:
        step(match, rng)
    save_game(dirs, match, [])
    data = json.loads(dirs.game_file.read_text())
    data["totals"][0] -= 1
    dirs.game_file.write_text(json.dumps(data))
    dirs.game_file.with_name("game.json.bak").unlink(missing_ok=True)
    saved, messages = load_game(dirs)
    assert saved is None
    assert len(messages) == 1 and "totals does not match the recorded plays" in messages[0]
    assert list(dirs.data.glob("game.damaged-*.json"))
