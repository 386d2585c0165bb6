"""R6-R13: the AI learns what is legal from the engine alone, under every rule option.

The play-outs choose among ``candidate_actions`` (the engine's few representatives of
``legal_actions``) and the opponent model sizes the sets it imagines by
``Rules.room``, the same rule the engine's move generator uses. This walk covers every
preset and every value of every option (``OPTION_VALUES``, read from each option's
declaration in ``Rules``), so a rule option that changes what is legal is checked here
the day it is added, with no list of combinations to remember; the follow-ups the engine
says it offers are walked the same way in ``test_follow_up_offers.py``.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from swoop_desktop.ai.features import weights_for
from swoop_desktop.ai.opponent_model import OpponentModel, Pile
from swoop_desktop.ai.search import RolloutPolicy
from swoop_desktop.engine import (
    END,
    OPTION_NAMES,
    OPTION_VALUES,
    RANK_OF,
    Add,
    Flip,
    Play,
    Rules,
    RulesError,
    new_deal,
)
from swoop_desktop.engine.observation import observe
from swoop_desktop.engine.playout import CHAIN, FOLLOW
from tests.sizes import quick_and_full

from .helpers import RULE_SET_IDS, RULE_SETS


def test_every_option_has_its_values_listed_and_each_is_valid():
    assert set(OPTION_VALUES) == set(OPTION_NAMES), "OPTION_VALUES is read from the declarations"
    for option, values in OPTION_VALUES.items():
        for value in values:
            Rules.from_preset("app", **{option: value}).validate_players(4)
        with pytest.raises(RulesError):
            Rules.from_preset("app", **{option: "not a value"})


def _rank(state, action) -> int:
    if action.hand:
        return action.hand[0]
    return RANK_OF[state.up[state.to_move][action.up[0]]]


def _check_position(state) -> tuple[list, list]:
    """Checks one position; its legal actions and candidates (for the walk's next step)."""
    legal = state.legal_actions()
    cands = state.candidate_actions()
    assert cands, "a player to move always has something to do"
    assert all(a in legal for a in cands), (cands, legal)
    assert len(set(cands)) == len(cands)
    # Every kind of choice the rules allow is stood for: each rank's largest set, a flip,
    # the end of a follow-up or chain.
    largest: dict[tuple[type, int], int] = defaultdict(int)
    for a in legal:
        if isinstance(a, Play | Add):
            key = (type(a), _rank(state, a))
            largest[key] = max(largest[key], a.size)
    offered = {(type(a), _rank(state, a)): a.size for a in cands if isinstance(a, Play | Add)}
    assert offered == dict(largest), (cands, legal)
    assert any(isinstance(a, Flip) for a in cands) == any(isinstance(a, Flip) for a in legal)
    assert (END in cands) == (END in legal)
    # The set sizes the opponent model imagines are the ones the engine allows.
    p = state.to_move
    rules = state.rules
    model = OpponentModel(weights_for("balanced"), observe(state, p), 0.1)
    pile = Pile()
    pile.ranks, pile.top, pile.run = [RANK_OF[c] for c in state.pile], state.top, state.run
    for (_kind, r), size in largest.items():
        held = len(state.hands[p][r]) + sum(
            1 for c in state.up[p] if c is not None and RANK_OF[c] == r
        )
        room = rules.room(r, state.top if state.pile else 0, state.run)
        assert size == min(room, held), (r, size, room, held)
        assert model.room(r, pile) == room
    # The play-out policy answers from the candidates, so legally.
    assert (
        RolloutPolicy(weights_for("balanced"), [4] * 15, rules).act(state, random.Random(0))
        in legal
    )
    return legal, cands


# Deals walked, and the positions they must reach at least: a deal is 30 to 170 positions
# (the fewest without table cards), so one deal still reaches the follow-ups and chains.
@quick_and_full((1, 25), (3, 100), "walk")
@pytest.mark.parametrize(("preset", "option", "value"), RULE_SETS, ids=RULE_SET_IDS)
def test_r6_the_ais_moves_are_the_engines_legal_actions_under_every_option(
    preset, option, value, walk
):
    deals, least = walk
    rules = Rules.from_preset(preset, **({option: value} if option else {}))
    seen: set[int] = set()
    positions = 0
    for seed in range(deals):
        state, _ = new_deal(rules, 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and positions < 600:
            legal, cands = _check_position(state)
            seen.add(state.phase)
            positions += 1
            state.apply(rng.choice(cands) if rng.random() < 0.5 else rng.choice(legal))
    assert positions > least
    if rules.match_after_pickup and rules.pickup == "new_pile":
        assert FOLLOW in seen, "the walk reached follow-ups"
    if rules.mystery_chain and rules.table_cards:
        assert CHAIN in seen or positions >= 600


#: The play-outs' candidates made to ignore one option: a set of any size capped at four,
#: as if ``max_four`` were always on.
IGNORES_AN_OPTION = (
    "            left = room(r, top, run)\n",
    "            left = 4 - run if r == top else 4\n",
)


@pytest.mark.slow
def test_the_walk_fails_on_a_copy_whose_candidates_ignore_an_option(tmp_path):
    """The walk above is a real guard: on a scratch copy of the game whose candidates
    ignore ``max_four``, it fails for the rule sets where the option is off, and only
    there."""
    root = Path(__file__).resolve().parents[2]
    shutil.copytree(
        root / "swoop_desktop",
        tmp_path / "swoop_desktop",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    (tmp_path / "tests").mkdir()
    for name in ("__init__.py", "conftest.py", "sizes.py"):
        shutil.copy(root / "tests" / name, tmp_path / "tests" / name)
    shutil.copytree(
        root / "tests" / "ai",
        tmp_path / "tests" / "ai",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    state = tmp_path / "swoop_desktop" / "engine" / "state.py"
    text = state.read_text(encoding="utf-8")
    old, new = IGNORES_AN_OPTION
    assert text.count(old) == 1, "the candidates' sizing line moved: update this test"
    state.write_text(text.replace(old, new), encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-k",
            "test_r6",
            "tests/ai/test_one_legality.py",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert result.returncode == 1, result.stdout[-2000:]
    failed = re.findall(r"FAILED \S+\[([^\]]+)\]", result.stdout)
    assert failed and all("max_four=False" in f for f in failed), result.stdout[-2000:]
