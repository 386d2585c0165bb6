"""How fast the hard bot's play-out policy plays: microseconds a play-out move.

    python benchmarks/playout_speed.py [ROOT]

Fifteen play-outs of each of 20 app-rules deals, every seat played by the play-out
policy (``RolloutPolicy.act``, the engine's candidate actions, ``apply_fast``), CPU
time over the moves. ``ROOT`` is a checkout to measure (this one by default), so two
versions can be timed side by side. Prints figures; never passes or fails.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(
    0, sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parent.parent)
)
from swoop_desktop.ai.features import weights_for
from swoop_desktop.ai.search import RolloutPolicy
from swoop_desktop.engine import Rules, new_deal

rules = Rules.from_preset("app")
policy = RolloutPolicy(weights_for("balanced"), [8] * 15, rules)
starts = [new_deal(rules, 4, seed=s)[0] for s in range(20)]
t0 = time.process_time()
moves = 0
for rep in range(15):
    for start in starts:
        state = start.clone()
        rng = random.Random(rep)
        while not state.is_over:
            state.apply_fast(policy.act(state, rng))
            moves += 1
print(f"{(time.process_time() - t0) / moves * 1e6:.2f} us/move over {moves} moves")
