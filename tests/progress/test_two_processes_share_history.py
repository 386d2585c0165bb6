"""Two copies of the game on one data folder: no finished game is lost.

Two real processes finish games at the same moment, each reading and
rewriting the shared history; every game of both must be there afterwards.
A second window is told plainly and never overwrites the first one's saved game.
"""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from pathlib import Path

from swoop_desktop.engine import Match
from swoop_desktop.progress import load_history
from swoop_desktop.storage import (
    claim_data_folder,
    load_game,
    release_data_folder,
    resolve_dirs,
    save_game,
)
from tests.sizes import quick_and_full
from tests.storage.helpers import play

ROOT = Path(__file__).resolve().parents[2]

WINDOW = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {root!r})
    from tests.storage.helpers import finished_match
    from swoop_desktop.progress import record_finished_game
    from swoop_desktop.storage import resolve_dirs
    dirs = resolve_dirs({data!r})
    first = int(sys.argv[1])
    matches = [finished_match(seed) for seed in range(first, first + {games})]
    # ready: wait until the other window has dealt its games too, then both write at once
    ready = Path(sys.argv[2])
    (ready / str(first)).touch()
    give_up = time.monotonic() + 120
    while len(list(ready.iterdir())) < 2 and time.monotonic() < give_up:
        time.sleep(0.001)
    for match in matches:
        record_finished_game(dirs, match, [{{"name": "You"}}])
""")


@quick_and_full(8, 25, "games")  # per process: 8 already interleave their writes
def test_two_processes_lose_no_games(tmp_path, games):
    data = tmp_path / "shared"
    script = WINDOW.format(root=str(ROOT), data=str(data), games=games)
    ready = tmp_path / "ready"  # each window marks here that it has dealt its games
    ready.mkdir()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(first), str(ready)],
            cwd=ROOT,
            stderr=subprocess.PIPE,
            text=True,
        )
        for first in (1000, 2000)
    ]
    for proc in procs:
        _out, err = proc.communicate(timeout=240)
        assert proc.returncode == 0, err
    records, messages = load_history(resolve_dirs(data))
    assert messages == []
    seeds = sorted(r.seed for r in records)
    assert seeds == list(range(1000, 1000 + games)) + list(range(2000, 2000 + games))


def test_a_second_window_is_told_and_keeps_the_first_windows_saved_game(tmp_path):
    first, second = resolve_dirs(tmp_path), resolve_dirs(tmp_path)
    assert claim_data_folder(first) == []
    told = claim_data_folder(second)
    assert len(told) == 1 and "already open in another window" in told[0]
    game_one = play(Match(seed=5), 30, random.Random(5))
    game_two = play(Match(seed=6), 30, random.Random(6))
    save_game(first, game_one, ["first"])
    save_game(second, game_two, ["second"])  # not saved over the first window's game
    saved, _ = load_game(resolve_dirs(tmp_path))
    assert saved is not None and saved.log == ["first"]
    release_data_folder(first)
    third = resolve_dirs(tmp_path)
    assert claim_data_folder(third) == []  # the first window closed: a new one is first
    release_data_folder(third)
