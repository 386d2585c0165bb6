"""A damaged catalogue of the player's language counts as a missing one: the game, its
self-test, ``--export`` and the review command start in English, with one line in the log
for the catalogue, never a traceback or a hang. A translation that names other
placeholders than its English is said in English alone; the catalogue's other words stay."""

from __future__ import annotations

import logging
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from swoop_desktop import cli, i18n, review, selftest
from swoop_desktop.storage import Settings, save_settings
from swoop_desktop.storage.paths import resolve_dirs
from swoop_desktop.ui.pilot import Pilot

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def german(compiled, tmp_path, monkeypatch) -> Iterator[Path]:
    """A copy of the compiled catalogues, not read yet, in place of the game's own; the
    player's language German, loaded at the first message (as at a start); yields the
    German catalogue's path. The tests' language again afterwards."""
    before = os.environ.get(i18n.VARIABLE)
    monkeypatch.setenv(i18n.VARIABLE, "de")
    monkeypatch.setattr(i18n, "locale_dir", lambda: compiled)
    assert i18n.set_language(None) == "de"
    assert i18n._("error: {problem}") == "Fehler: {problem}"  # as compiled
    assert i18n.ngettext("{n} card", "{n} cards", 1) == "{n} Karte"
    folder = tmp_path / "locale"
    shutil.copytree(compiled, folder)
    mo = folder / "de" / "LC_MESSAGES" / "swoop.mo"
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    i18n._active = None  # the first message loads the language, as at a start
    yield mo
    if before is None:
        monkeypatch.delenv(i18n.VARIABLE)
    else:
        monkeypatch.setenv(i18n.VARIABLE, before)
    i18n.set_language(None)


def _replace(old: bytes, new: bytes) -> Callable[[Path], None]:
    assert len(old) == len(new)  # the catalogue's tables stay right

    def damage(mo: Path) -> None:
        data = mo.read_bytes()
        assert data.count(old) == 1, old
        mo.write_bytes(data.replace(old, new))

    return damage


def _folder(mo: Path) -> None:
    mo.unlink()
    mo.mkdir()


def _pipe(mo: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes (os.mkfifo)")
    mo.unlink()
    os.mkfifo(mo)


DAMAGES: dict[str, Callable[[Path], object]] = {
    "cut short": lambda mo: mo.write_bytes(mo.read_bytes()[:100]),
    "zeroed": lambda mo: mo.write_bytes(bytes(mo.stat().st_size)),
    "random bytes": lambda mo: mo.write_bytes(random.Random(48).randbytes(mo.stat().st_size)),
    "an unknown charset": _replace(b"charset=utf-8", b"charset=rot13"),
    "plural forms that do not parse": _replace(b"plural=(n != 1);", b"plural=(n !! 1);"),
    "plural forms that divide by zero": _replace(b"plural=(n != 1);", b"plural=(n %  0);"),
    "a folder": _folder,
    "a named pipe": _pipe,
}
#: The translations of "error: {problem}" and of "{n} card"/"{n} cards" made to name a
#: placeholder the code does not pass.
OTHER_PLACEHOLDERS = [
    _replace(b"Fehler: {problem}", b"Fehler: {problxm}"),
    _replace(b"{n} Karte\x00{n} Karten", b"{n} Karte\x00{m} Karten"),
]


def told(caplog, mo: Path) -> list[str]:
    """The lines logged about the catalogue ``mo``."""
    return [r.getMessage() for r in caplog.records if str(mo) in r.getMessage()]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_catalogue_is_english_told_in_one_line(german, damage, caplog):
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    DAMAGES[damage](german)
    assert i18n.set_language("de") == "en"
    assert i18n._("New game") == "New game"
    assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
    assert i18n.set_language("fr") == "fr"  # the other languages are as they were
    assert i18n._("New game") != "New game"
    assert i18n.set_language("de") == "en"  # told once, not at each switch
    assert i18n.set_language(None) == "en"
    lines = told(caplog, german)
    assert len(lines) == 1, lines
    assert "\n" not in lines[0] and "English" in lines[0]


@pytest.mark.timeout(60)
def test_a_translation_naming_other_placeholders_is_said_in_english_alone(german, caplog):
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    for damage in OTHER_PLACEHOLDERS:
        damage(german)
    assert i18n.language() == "de"
    assert i18n._("error: {problem}").format(problem="x") == "error: x"
    for n in (1, 2):  # every form of a counted message, so the forms never mix
        assert i18n.ngettext("{n} card", "{n} cards", n).format(n=n) in ("1 card", "2 cards")
    assert i18n._("New game") != "New game"  # the other words stay German
    i18n.set_language("fr")
    i18n.set_language("de")
    lines = told(caplog, german)
    assert len(lines) == 1, lines
    assert "said in English instead (2;" in lines[0] and "\n" not in lines[0]


def test_the_shipped_catalogues_lose_no_translation_to_the_placeholder_check(german, caplog):
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    for code in i18n.available_languages():
        assert i18n.set_language(code) == code
    assert not caplog.records, [r.getMessage() for r in caplog.records]


# ---- each command that speaks, with the player's catalogue damaged ---------------------------


def _review(tmp_path: Path, capsys) -> str:
    assert review.main([str(tmp_path / "no such game.json")]) == 2
    said = capsys.readouterr().err
    assert said.startswith("error: ") and "cannot be read" in said
    return said


def _export(tmp_path: Path, capsys) -> str:
    target = tmp_path / "history.json"
    assert cli.run(["--export", str(target), "--data-dir", str(tmp_path / "data")]) == 0
    said = capsys.readouterr().out
    assert "0 games written to" in said and target.is_file()
    return said


def _selftest(tmp_path: Path, capsys) -> str:
    # The demo (the App, tested below) and the worker's round trip are left out: quick.
    cli.run(["--selftest", "--data-dir", str(tmp_path / "data")])
    said = capsys.readouterr().out
    assert said.startswith("selftest: ") and "languages en" in said
    assert "ok" in said or "problem" in said  # the summary in English
    return said


def _app(tmp_path: Path, capsys) -> str:
    data = tmp_path / "data"
    save_settings(resolve_dirs(data), Settings(language="de"))  # chosen in Settings
    with Pilot(data_dir=data, start="title") as p:
        p.step(2)
        assert p.app.settings.language == "de"
        assert i18n.language() == "en"
        return i18n._("New game")


COMMANDS: dict[str, Callable[[Path, object], str]] = {
    "review": _review,
    "export": _export,
    "selftest": _selftest,
    "app": _app,
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("damage", ["cut short", "a named pipe"])
@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_starts_in_english_beside_a_damaged_catalogue(
    german, tmp_path, monkeypatch, capsys, caplog, command, damage
):
    monkeypatch.setattr(selftest, "check_demo", lambda data_dir, seed, frames: [])
    monkeypatch.setattr(selftest, "check_thinking", lambda: [])
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    DAMAGES[damage](german)
    said = COMMANDS[command](tmp_path, capsys)
    assert "Fehler" not in said and "Spiel" not in said
    lines = told(caplog, german)
    assert len(lines) == 1, lines


@pytest.mark.timeout(120)
def test_the_review_command_beside_a_pipe_for_a_catalogue_says_one_line_and_ends(german, tmp_path):
    """The real thing, in a process of its own: no hang, no traceback, one line."""
    DAMAGES["a named pipe"](german)
    start = (
        "import sys; from pathlib import Path; from swoop_desktop import i18n; "
        "folder = Path(sys.argv.pop(1)); i18n.locale_dir = lambda: folder; "
        "from swoop_desktop.review import main; sys.exit(main(sys.argv[1:]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", start, str(german.parents[2]), str(tmp_path / "gone.json")],
        cwd=ROOT,
        env=dict(os.environ, SWOOP_LANGUAGE="de"),
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert "Traceback" not in done.stderr
    assert [line for line in lines if str(german) in line] == [lines[0]], lines
    assert lines[1].startswith("error: ") and len(lines) == 2, lines
