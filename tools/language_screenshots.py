"""Pictures of the game in other languages, made by the game itself (headless).

    python tools/language_screenshots.py [--out docs/languages] [--languages de fi]

For each language (its catalogue compiled first: ``make catalogues``) saves
``<language>-table.png`` (the table mid-hand, 1280x720), ``<language>-review.png``
(a review's costliest decision, 1920x1080), ``<language>-daily-result.png`` (the daily
deal's result beside the hard opponent's, 1920x1080) and ``<language>-settings.png``
(Settings in the smallest window, 960x600).
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from docs_screenshots import mid_hand, played_hand  # noqa: E402

from swoop_desktop import i18n  # noqa: E402
from swoop_desktop.ui.pilot import Pilot  # noqa: E402


def table(out: Path) -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        Pilot(
            size=(1280, 720), data_dir=tmp, seed=11, start="table", speed="normal", pace="fast"
        ) as p,
    ):
        mid_hand(p)
        p.screenshot(out)


def review(out: Path) -> None:
    from swoop_desktop.ui.scenes.review import ReviewScene

    match = played_hand(21)
    with (
        tempfile.TemporaryDirectory() as tmp,
        Pilot(size=(1280, 720), data_dir=tmp, start="title") as p,
    ):
        p.resize((1920, 1080))
        scene = ReviewScene(p.app, match.rules, 4, match.seed, match.actions, hand=0)
        p.app.push(scene)
        p.until(lambda: scene.ready, 600)
        verdicts = scene.result.verdicts
        scene.go(max(range(len(verdicts)), key=lambda i: verdicts[i].cost))
        p.step(3)
        p.screenshot(out)


def daily_result(out: Path) -> None:
    from swoop_desktop.ui.scenes.daily import DailyResultScene, DailyScene

    with (
        tempfile.TemporaryDirectory() as tmp,
        Pilot(size=(1280, 720), data_dir=tmp, seed=1, start="title") as p,
    ):
        p.resize((1920, 1080))
        p.app.open("daily")
        daily = p.top
        assert isinstance(daily, DailyScene)
        daily.play()
        for _ in range(2000):
            if isinstance(p.top, DailyResultScene):
                break
            t = p.app.table
            if t is not None and p.top is t and t.human_turn:
                t.apply(t.state.legal_actions()[0])
            p.step(2)
        result = p.top
        assert isinstance(result, DailyResultScene), "the daily hand did not end"
        p.until(lambda: daily.hard_points() is not None, 240)
        p.step(3)
        p.screenshot(out)


def settings(out: Path) -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        Pilot(size=(960, 600), data_dir=tmp, start="title") as p,
    ):
        p.app.open("settings")
        p.step(3)
        p.screenshot(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("docs/languages"))
    ap.add_argument("--languages", nargs="+", default=["de", "fi"])
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for language in args.languages:
        if i18n.set_language(language) != language:
            print(f"{language}: no compiled catalogue (run make catalogues)", file=sys.stderr)
            return 2
        for what, make in (
            ("table", table),
            ("review", review),
            ("daily-result", daily_result),
            ("settings", settings),
        ):
            path = args.out / f"{language}-{what}.png"
            make(path)
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
