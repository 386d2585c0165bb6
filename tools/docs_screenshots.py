"""Make the screenshots in docs/ with the game itself (headless, through the pilot).

    python tools/docs_screenshots.py [--out docs]

Plays seeded games through the table's own input (your plays as the hint
advises) and saves:

- ``screenshot.png``: the table mid-hand at 1280x720, each opponent's last play
  beside its name plate (the README's picture);
- ``last-play-markers-1920x1080.png``: the same moment at 1920x1080;
- ``four-colour-deck.png``: the table with the four-colour deck and large cards;
- ``final-hand.png`` and ``game-over.png``: the deciding hand's breakdown, then
  the whole game on the game-over sheet;
- ``table-800x600.png``, ``scores-800x600.png`` and ``game-over-800x600.png``: a
  window made 800x600 (the window opens at 960x600 at least; a window manager
  may still shrink it, so the table is checked there too);
- ``review-decision.png`` and ``review-hindsight.png`` (1920x1080, the four-colour
  deck): the review of a hand played by an easy bot in your seat, at its costliest
  decision, then the same decision with every card shown; and
  ``review-summary-800x600.png``: that review's summary in an 800x600 window.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from swoop_desktop.ai import hint, observe  # noqa: E402
from swoop_desktop.engine import END, Rules  # noqa: E402
from swoop_desktop.ui.pilot import Pilot  # noqa: E402


def legal_single(table) -> int:
    st = table.state
    return next(c for c in st.hand_ids(0) if table.input.action_for([c]) in st.legal_actions())


def mid_hand(p: Pilot, plays: int = 3) -> None:
    """A few plays of yours, each followed by the opponents' (markers at their plates)."""
    t = p.table
    p.wait_for_turn()
    for _ in range(plays):
        t.input.try_play([legal_single(t)])
        p.wait_for_turn()
    p.advance(0.8)


def to_the_end(p: Pilot, out: Path, prefix: str) -> None:
    """Play to the end; save the deciding hand and the game-over sheet."""
    t = p.table
    for _ in range(60000):
        top = p.top
        if top.name == "hand_over":
            if t.match.over:
                p.step(2)
                p.screenshot(out / f"final-hand{prefix}.png")
            top.next_hand()
            continue
        if top.name == "game_over":
            break
        if not t.idle or t.state.to_move != 0:
            p.step()
            continue
        # You play as the hint would (so the game lasts a few hands).
        st = t.state
        advice = hint(
            observe(st, 0, t.model.history),
            st.legal_actions(),
            "normal",
            seed=t.match.seed + t.model.plays,
        )
        if advice.action == END:
            t.input.done()
        else:
            t.input.try_play(t.input.moves.ids_for(advice.action))
        p.step()
    p.step(2)
    p.screenshot(out / f"game-over{prefix}.png")


def played_hand(seed: int):
    """One hand with an easy bot in your seat (it makes mistakes to review) and normal
    bots in the others, each seeing only its observation."""
    from swoop_desktop.ai import make_bot
    from swoop_desktop.engine import Match
    from swoop_desktop.engine.observation import PublicHistory

    match = Match(Rules.from_preset("app"), 4, seed)
    bots = [make_bot("easy" if p == 0 else "normal", seed=seed + p) for p in range(4)]
    histories = [PublicHistory(4) for _ in range(4)]
    events = match.start_hand()
    for h in histories:
        h.feed(events)
    while not match.hand_over:
        state = match.state
        who = state.to_move
        action = bots[who].choose(observe(state, who, histories[who].copy()), state.legal_actions())
        events = match.apply(action)
        for h in histories:
            h.feed(events)
    return match


def review_shots(out: Path) -> None:
    from swoop_desktop.ui.scenes.review import ReviewScene

    match = played_hand(21)
    with tempfile.TemporaryDirectory() as tmp:
        for size in ((1920, 1080), (800, 600)):
            with Pilot(size=(1280, 720), data_dir=tmp, start="title") as p:
                p.resize(size)  # (a window opens at 960x600 at least)
                p.app.update_settings(four_colour=True)
                scene = ReviewScene(p.app, match.rules, 4, match.seed, match.actions, hand=0)
                p.app.push(scene)
                p.until(lambda s=scene: s.ready, 600)
                p.step(2)
                if size == (800, 600):
                    p.screenshot(out / "review-summary-800x600.png")
                    continue
                verdicts = scene.result.verdicts
                worst = max(range(len(verdicts)), key=lambda i: verdicts[i].cost)
                scene.go(worst)
                p.step(2)
                p.screenshot(out / "review-decision.png")
                scene.toggle_hindsight()
                p.step(2)
                p.screenshot(out / "review-hindsight.png")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("docs"))
    args = ap.parse_args()
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    seed = 11
    for size, name in (
        ((1280, 720), "screenshot.png"),
        ((1920, 1080), "last-play-markers-1920x1080.png"),
        ((800, 600), "table-800x600.png"),
    ):
        with (
            tempfile.TemporaryDirectory() as tmp,
            Pilot(
                size=(1280, 720),
                data_dir=tmp,
                seed=seed,
                start="table",
                speed="normal",
                pace="fast",
            ) as p,
        ):
            p.resize(size)
            mid_hand(p)
            p.screenshot(out / name)
            if size == (800, 600):
                from swoop_desktop.ui.scenes.scores import ScoresScene

                p.app.push(ScoresScene(p.app))
                p.step(3)
                p.screenshot(out / "scores-800x600.png")
    with (
        tempfile.TemporaryDirectory() as tmp,
        Pilot(
            size=(1280, 720), data_dir=tmp, seed=seed, start="table", speed="normal", pace="fast"
        ) as p,
    ):
        p.app.update_settings(four_colour=True, large_cards=True)
        p.step()
        mid_hand(p)
        p.screenshot(out / "four-colour-deck.png")
    rules = Rules.from_preset("app")
    for size, prefix in (((1280, 720), ""), ((800, 600), "-800x600")):
        with (
            tempfile.TemporaryDirectory() as tmp,
            Pilot(size=(1280, 720), data_dir=tmp, seed=12, start="table", rules=rules) as p,
        ):
            p.resize(size)
            to_the_end(p, out, prefix)
    review_shots(out)
    smallest = out / "final-hand-800x600.png"
    if smallest.exists():
        smallest.unlink()  # one picture of the deciding hand is enough
    for path in sorted(out.glob("*.png")):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
