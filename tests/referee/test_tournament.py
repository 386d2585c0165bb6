"""The tournament harness: duplicate deals over seat rotations, a well-formed report."""

from __future__ import annotations

import copy
import functools
import json
import logging
import socket

import pytest

from swoop_desktop.ai import Bot, make_bot
from swoop_desktop.referee import cluster, tournament
from swoop_desktop.referee.tournament import main, run, run_matches, wilson
from tests.referee import dying_job
from tests.sizes import quick_and_full


def _json(capsys, *args: str) -> dict:
    assert main(list(args) + ["--json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


# At 10 deals (40 games) normal still wins 9 in 10 or more, on seeds 1-6 alike, and its
# interval stays well clear of the random bots' (about 0.8 against 0.2 at most).
@quick_and_full(10, 30, "deals")
def test_normal_beats_three_random_bots_clearly(capsys, deals):
    report = _json(
        capsys, "--bots", "normal,random,random,random", "--deals", str(deals), "--seed", "3"
    )
    assert report["deals"] == deals and report["games"] == 4 * deals
    assert isinstance(report["capped"], int) and report["capped"] >= 0
    entries = report["entries"]
    assert [e["bot"] for e in entries] == ["normal", "random", "random", "random"]
    for e in entries:
        assert set(e) >= {"bot", "win_rate", "ci95", "mean_points", "seat_win_rates", "decision_ms"}
        lo, hi = e["ci95"]
        assert 0 <= lo <= e["win_rate"] <= hi <= 1
        assert len(e["seat_win_rates"]) == 4
        assert all(0 <= w <= 1 for w in e["seat_win_rates"])
        ms = e["decision_ms"]
        assert 0 <= ms["p50"] <= ms["p95"] <= ms["max"]
        assert e["games"] == 4 * deals
    # Wins are shares of games: nobody wins a capped game, so they add up to at most 1.
    assert sum(e["win_rate"] for e in entries) <= 1.0 + 1e-9
    normal = entries[0]
    assert normal["win_rate"] >= 0.6
    assert normal["ci95"][0] > max(e["ci95"][1] for e in entries[1:])
    assert normal["mean_points"] < min(e["mean_points"] for e in entries[1:])


def test_duplicate_deals_make_copies_of_a_fixed_bot_equal():
    report = run(["highest"] * 4, deals=5, seed=2)
    rates = {e["win_rate"] for e in report["entries"]}
    assert len(rates) == 1, "each entry sat in every seat with the same cards"
    assert report["games"] == 20


def test_turn_cap_stops_games_and_reports_them():
    report = run(["random"] * 4, deals=2, seed=1, cap=6)
    assert report["capped"] == report["games"] == 8
    assert all(e["win_rate"] == 0 for e in report["entries"])


def test_text_report_lists_every_entry(capsys):
    assert (
        main(
            [
                "--bots",
                "lowest,highest,random",
                "--deals",
                "3",
                "--no-progress",
                "--rules",
                '{"preset": "classic"}',
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "9 games" in out and "capped games" in out
    for name in ("lowest", "highest", "random"):
        assert name in out


def test_progress_bar_goes_to_stderr(capsys):
    assert main(["--bots", "random,random,random", "--deals", "2", "--progress", "--json"]) == 0
    captured = capsys.readouterr()
    assert "6/6 games" in captured.err
    json.loads(captured.out)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bots", "normal,genius,random"], "unknown level 'genius'"),
        (["--bots", "normal:grumpy,random,random"], "unknown personality 'grumpy'"),
        (["--bots", "normal,random"], "players: must be 3-8"),
        (["--bots", "normal,random,random", "--deals", "0"], "--deals: must be 1 or more"),
        (["--bots", "normal,random,random", "--match", "0"], "--match: must be 1 or more"),
        (
            ["--bots", "hard,random,random", "--match", "2", "--worlds", "0"],
            "--worlds: must be 1 or more",
        ),
        (["--bots", "normal,random,random", "--rules", "{oops"], "--rules: not valid JSON"),
        (["--bots", "normal,random,random", "--rules", '{"preset": "house"}'], "unknown rule set"),
        (
            ["--bots", "hard,normal", "--players", "9", "--match", "1"],
            "--players: a table of 3 to 8",
        ),
        (
            ["--bots", "hard,normal,easy,easy", "--players", "3"],
            "--bots names 4 bots for a table of 3",
        ),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(capsys, args, words):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err
    assert err[0] not in "'\"", err  # plain words, not a quoted repr of them


def test_players_fills_the_table_with_the_last_bot_named(capsys):
    report = _json(capsys, "--bots", "normal,random", "--players", "6", "--deals", "1")
    labels = [entry["bot"] for entry in report["entries"]]
    assert len(labels) == 6 and labels[0] == "normal"
    assert all(label.startswith("random") for label in labels[1:])
    assert report["games"] == 6  # the deal once per seat rotation of a table of six


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 0) == (0.0, 0.0)


def _level_run(matches: int, worlds: int, hard: Bot | None = None) -> list[dict]:
    """The four levels' match figures; ``hard`` is the hard entry's bot when it is made
    here (by default the tournament makes it)."""
    bots = ["random", "easy", "normal", "hard" if hard is None else ("hard", hard)]
    report = run_matches(bots, matches, seed=2, worlds=worlds)
    games = 4 * matches
    assert report["mode"] == "match" and report["games"] == games and report["capped"] == 0
    entries = report["entries"]
    # Ties are shared, so the match wins add up to the matches played.
    assert sum(e["wins"] for e in entries) == pytest.approx(games)
    for e in entries:
        lo, hi = e["match_ci95"]
        assert 0 <= lo <= e["match_win_rate"] <= hi <= 1
        assert e["hands"] > games and e["games"] == games
    return entries


def test_r16_match_mode_on_one_match_seed_puts_random_play_last():
    """The quick copy of the level order below: one match seed (four games, duplicate
    seating, the hard bot at 1 world) is enough to see random play lose most points,
    never enough to order the rest. (Under four worlds the search never overrules the
    normal choice: 1 world plays the very games 2 did, with half the play-outs. Nor are
    its guesses at the hidden hands used then: with the quick floors-and-gaps guesses
    instead of the policy's, it plays these very games again.)"""
    # The hard entry as the tournament makes it (seed 2 * 1000 + its seat, 1 world, no
    # clock), with the floors-and-gaps guesses.
    hard = make_bot("hard", seed=2003, max_worlds=1, use_clock=False, inference="floors")
    entries = _level_run(1, worlds=1, hard=hard)
    margins = [e["points_margin"] for e in entries]
    assert margins[0] == max(margins), margins
    assert entries[0]["match_win_rate"] == min(e["match_win_rate"] for e in entries)


@pytest.mark.slow
def test_r16_match_mode_level_order_on_a_small_fixed_work_run():
    """random < easy < normal < hard, in whole games at one table (duplicate seating).

    The hard bot does a fixed 8 worlds per decision with no clock, so the
    result depends only on the seeds, never on how busy the machine is.
    """
    entries = _level_run(6, worlds=8)
    rates = [e["match_win_rate"] for e in entries]
    margins = [e["points_margin"] for e in entries]
    assert rates == sorted(rates) and len(set(rates)) == 4, rates
    assert margins == sorted(margins, reverse=True) and len(set(margins)) == 4, margins


def test_match_mode_json_keeps_the_deal_keys_and_adds_the_match_figures(capsys):
    # Quick bots: the report's figures are the point, not how well anyone plays.
    report = _json(capsys, "--bots", "highest,lowest,random,random", "--match", "2", "--seed", "5")
    for e in report["entries"]:
        assert set(e) >= {
            "bot",
            "win_rate",
            "ci95",
            "mean_points",
            "seat_win_rates",
            "decision_ms",
            "match_win_rate",
            "match_ci95",
            "points_margin",
        }
    # Duplicate seating: every entry played each match seed from every seat.
    assert all(e["games"] == 8 and sum(e["seat_win_rates"]) >= 0 for e in report["entries"])
    # The margins of a table add up to zero (each is own points minus the others' mean).
    hands = report["entries"][0]["hands"]
    assert all(e["hands"] == hands for e in report["entries"])
    assert sum(e["points_margin"] for e in report["entries"]) == pytest.approx(0, abs=0.05)
    deal = _json(capsys, "--bots", "normal,easy,easy", "--deals", "2")
    assert "points_margin" in deal["entries"][0] and deal["entries"][0]["match_win_rate"] is None


# ------------------------------------------------------------------ matches on Dask
# Quick bots (the random one seeded, as every bot is): where the matches are played is the
# point, not how well anyone plays. Whole reports are compared but for the clock.
SPREAD_BOTS = ["highest", "lowest", "random"]


def _figures(report: dict) -> dict:
    """A report without what the clock says (decision times, seconds) or where it ran."""
    report = copy.deepcopy(report)
    for key in ("seconds", "jobs", "cluster"):
        report.pop(key)
    for entry in report["entries"]:
        entry.pop("decision_ms")
    return report


@pytest.fixture(scope="module")
def scheduler():
    """A Dask scheduler with two single-thread worker processes on 127.0.0.1, no
    dashboard: its address is what ``--cluster`` takes."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        # (its health and metrics pages on a free port, not 8787: two runs at once)
        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
        silence_logs=logging.ERROR,
    ) as cluster:
        yield cluster.scheduler_address


def test_match_mode_on_a_two_worker_local_cluster_gives_the_serial_figures():
    serial = run_matches(SPREAD_BOTS, 4, seed=4)
    spread = run_matches(SPREAD_BOTS, 4, seed=4, jobs=2)
    assert spread["jobs"] == 2 and spread["cluster"] is None
    assert _figures(spread) == _figures(serial)
    # Every decision was made and timed on the workers too.
    assert [e["decisions"] for e in spread["entries"]] == [
        e["decisions"] for e in serial["entries"]
    ]


def test_the_command_line_plays_on_the_scheduler_it_is_given_with_progress(capsys, scheduler):
    args = ["--bots", ",".join(SPREAD_BOTS), "--match", "3", "--seed", "6", "--json"]
    assert main([*args, "--no-progress"]) == 0
    serial = json.loads(capsys.readouterr().out)
    assert main([*args, "--cluster", scheduler, "--progress"]) == 0
    out, err = capsys.readouterr()
    spread = json.loads(out)
    assert spread["cluster"] == scheduler
    assert _figures(spread) == _figures(serial)
    assert "9/9 matches" in err  # counted as they finish


@pytest.mark.parametrize("failure", ["kill_the_worker_once", "raise_once"])
def test_a_worker_lost_or_failing_mid_run_costs_a_second_try_not_other_figures(
    scheduler, tmp_path, monkeypatch, failure
):
    serial = run_matches(SPREAD_BOTS, 4, seed=8)
    marker = tmp_path / "failed-once"
    monkeypatch.setattr(
        cluster, "play_job", functools.partial(getattr(dying_job, failure), str(marker))
    )
    spread = run_matches(SPREAD_BOTS, 4, seed=8, cluster=scheduler)
    assert marker.exists(), "one job failed on its worker"
    assert _figures(spread) == _figures(serial)


def test_spreading_without_dask_installed_says_how_to_install_it_and_plays_nothing(
    capsys, monkeypatch
):
    monkeypatch.setattr(tournament, "cluster_installed", lambda: False)
    for where in (tournament, cluster):
        monkeypatch.setattr(where, "play_job", lambda job: pytest.fail("a match was played"))
    for spread in (["--jobs", "2"], ["--cluster", "tcp://127.0.0.1:8786"]):
        code = main(["--bots", ",".join(SPREAD_BOTS), "--match", "3", "--json", *spread])
        out, err = capsys.readouterr()
        assert code == 2 and out == ""
        assert len(err.strip().splitlines()) == 1, err
        assert 'pip install "swoop-desktop[cluster]"' in err
    # One job alone needs no Dask.
    monkeypatch.undo()
    monkeypatch.setattr(tournament, "cluster_installed", lambda: False)
    assert main(["--bots", ",".join(SPREAD_BOTS), "--match", "1", "--jobs", "1", "--json"]) == 0


def test_a_scheduler_that_does_not_answer_is_said_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    with socket.socket() as unused:  # a port on which nobody listens
        unused.bind(("127.0.0.1", 0))
        address = f"tcp://127.0.0.1:{unused.getsockname()[1]}"
    code = main(["--bots", ",".join(SPREAD_BOTS), "--match", "2", "--cluster", address])
    err = capsys.readouterr().err
    assert code == 2 and "no Dask scheduler answered at " + address in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def test_ready_made_bots_are_not_spread():
    with pytest.raises(ValueError, match="ready-made bots"):
        run_matches([("mine", make_bot("normal")), "random", "random"], 2, jobs=2)


def test_a_run_on_a_local_cluster_takes_a_free_port_beside_another_run(recwarn):
    """Two runs at once (or anything else on port 8787) made the second scheduler warn
    "Port 8787 is already in use. Perhaps you already have a cluster running?"."""
    with socket.socket() as held:
        try:
            held.bind(("127.0.0.1", 8787))
            held.listen()
        except OSError:
            pass  # something else holds it already: the case this test is about
        spread = run_matches(SPREAD_BOTS, 2, seed=3, jobs=2)
    assert spread["jobs"] == 2
    assert not [w for w in recwarn if "already in use" in str(w.message)]
