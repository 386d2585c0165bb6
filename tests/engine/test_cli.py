"""The engine command line (docs/architecture.md), run as a real subprocess, without pygame."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Block pygame so the test proves the engine CLI never needs it.
PRELUDE = (
    "import sys, runpy; sys.modules['pygame'] = None; sys.argv = ['engine'] + sys.argv[1:];"
    " runpy.run_module('swoop_desktop.engine', run_name='__main__')"
)


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-c", PRELUDE, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
    )


def test_deal_prints_a_position(tmp_path):
    out = run("deal", "--seed", "42")
    assert out.returncode == 0, out.stderr
    pos = json.loads(out.stdout)
    assert len(pos["players"]) == 4 and pos["seed"] == 42 and pos["phase"] == "play"
    assert run("deal", "--seed", "42").stdout == out.stdout  # seeded


def test_deal_with_players_and_rules():
    out = run("deal", "--seed", "1", "--players", "6", "--rules", '{"preset": "classic"}')
    pos = json.loads(out.stdout)
    assert len(pos["players"]) == 6 and pos["rules"] == {"preset": "classic"}


def test_legal_and_play(tmp_path):
    position = {
        "rules": {"preset": "app"},
        "players": [
            {"hand": "7 7 K", "up": ["3", None, "J", "5"], "down": ["4", "9", "Q", "2"]},
            {"hand": "A 2", "up": [None] * 4, "down": [None, "X", None, None]},
            {"hand": "5", "up": ["T", "T", "T", "T"], "down": ["6", "6", "6", "6"]},
        ],
        "pile": "9 8 8",
        "to_move": 0,
        "phase": "play",
    }
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position))
    out = run("legal", str(path))
    assert out.returncode == 0, out.stderr
    listed = out.stdout
    actions = json.loads(listed)
    # 7, 7 7, K, face-up 3 (slot 0), J (slot 2), 5 (slot 3); slot 1 is empty so down 1 flips.
    assert {"play": {"hand": "7 7", "up": []}} in actions
    assert {"flip": 1} in actions
    assert len(actions) == 7
    out = run("play", str(path), '{"play": {"hand": "7 7"}}')
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["position"]["pile"] == "9 8 8 7 7"
    assert [e["type"] for e in result["events"]] == ["played", "turn"]
    assert run("legal", "-", stdin=json.dumps(position)).stdout == listed


def test_illegal_action_exits_2_with_rule_id(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(
        json.dumps({"players": [{"hand": "8 8"}, {"hand": "A"}, {"hand": "2"}], "pile": "8 8 8"})
    )
    out = run("play", str(path), '{"play": {"hand": "8 8"}}')
    assert out.returncode == 2
    assert "R9:" in out.stderr and out.stdout == ""


def test_malformed_position_and_action_exit_2(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"players": [{"hand": "Z"}, {"hand": "A"}, {"hand": "2"}]}')
    out = run("legal", str(path))
    assert out.returncode == 2 and "players[0].hand" in out.stderr
    path.write_text('{"players": [{"hand": "5"}, {"hand": "A"}, {"hand": "2"}]}')
    out = run("play", str(path), '{"jump": 1}')
    assert out.returncode == 2 and "unknown verb" in out.stderr
    out = run("legal", str(tmp_path / "missing.json"))
    assert out.returncode == 2 and "cannot read" in out.stderr
    out = run("deal", "--seed", "1", "--players", "9")
    assert out.returncode == 2 and "players" in out.stderr
    out = run("deal", "--seed", "x")
    assert out.returncode == 2


# -- every bad input exits 2 with one short line -------------------------------------------
def _one_short_line(out) -> None:
    assert out.returncode == 2, (out.returncode, out.stderr[-500:])
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr[-500:]
    assert len(lines[0]) <= 220 and "Traceback" not in out.stderr


def test_bad_bytes_nesting_and_numbers_exit_2(tmp_path):
    path = tmp_path / "p.json"
    bad = {
        "invalid UTF-8": b'{"players": [{"hand": "\xff\xfe"}]}',
        "nesting 1,000": b"[" * 1000 + b"]" * 1000,
        "nesting 100,000": b"[" * 100_000,
        "a 5,000-digit number": b'{"to_move": ' + b"9" * 5000 + b"}",
        "a 20 KB value": b'{"pile": "' + b"Z" * 20_000 + b'"}',
        "a huge float": b'{"to_move": 1e999}',
        "NaN": b'{"to_move": NaN}',
    }
    for name, raw in bad.items():
        path.write_bytes(raw)
        out = run("legal", str(path))
        _one_short_line(out)
        out = subprocess.run(
            [sys.executable, "-c", PRELUDE, "legal", "-"],
            cwd=ROOT,
            capture_output=True,
            input=raw,
            timeout=60,
        )
        assert out.returncode == 2 and out.stderr.count(b"\n") == 1, name


def test_bad_rules_and_actions_exit_2(tmp_path):
    for rules in (
        '{"preset": []}',
        '{"preset": {}}',
        "[1]",
        '{"target": ' + "9" * 5000 + "}",
        "[" * 5000,
        '{"' + "k" * 20_000 + '": 1}',
    ):
        out = run("deal", "--seed", "1", "--rules", rules)
        _one_short_line(out)
        assert "rules.rules" not in out.stderr
    path = tmp_path / "p.json"
    path.write_text('{"players": [{"hand": "5"}, {"hand": "A"}, {"hand": "2"}]}')
    for action in (
        '{"flip": ' + "9" * 5000 + "}",
        "[" * 5000,
        '{"play": "' + "x" * 20000 + '"}',
        '{"play": {"hand": 5}}',
    ):
        _one_short_line(run("play", str(path), action))
    for args in (
        ["deal", "--seed", "9" * 5000],
        ["deal", "--seed", "1", "--players", "x" * 9000],
        ["deal"],
        ["dance"],
        ["deal", "--seed", "1", "--dealer", "7"],
    ):
        _one_short_line(run(*args))
