"""The AI's play for fixed seeds, as one fingerprint per preset: to show that a change
to the AI's code (a refactoring) plays exactly as before.

    python benchmarks/ai_same_play.py [ROOT]

Two deals per preset (app, classic, traditional), four players: hard bots (24 and 12
worlds, no clock; one on floors and gaps outside the app preset), normal and easy
bots; every decision is hashed. Run it on two checkouts and compare the lines. Prints
figures; never passes or fails.
"""

import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(
    0, sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).resolve().parent.parent)
)
from swoop_desktop.ai import make_bot
from swoop_desktop.ai.search import HardBot
from swoop_desktop.engine import Rules, new_deal
from swoop_desktop.engine.observation import PublicHistory, observe

out = []
t0 = time.process_time()
for preset in ("app", "classic", "traditional"):
    rules = Rules.from_preset(preset)
    for seed in range(2):
        state, events = new_deal(rules, 4, seed=seed)
        h = PublicHistory(4)
        h.feed(events)
        bots = [
            HardBot(seed=seed, max_worlds=24, use_clock=False),
            make_bot("normal", seed=1),
            HardBot(seed=seed + 5, max_worlds=12, use_clock=False, inference="floors")
            if preset != "app"
            else make_bot("easy", seed=2),
            make_bot("normal", seed=3),
        ]
        n = 0
        while not state.is_over and n < 400:
            p = state.to_move
            legal = state.legal_actions()
            a = bots[p].choose(observe(state, p, h), legal)
            out.append(f"{preset}{seed}:{p}:{a}")
            h.feed(state.apply(a))
            n += 1
for pre in ("app", "classic", "traditional"):
    part = [x for x in out if x.startswith(pre)]
    print(pre, hashlib.sha256("\n".join(part).encode()).hexdigest()[:16], len(part))
print(f"{time.process_time() - t0:.1f}s")
