"""The storage's messages speak the player's language: in the pseudo-language a damaged
progress file and a settings file with bad values are told in stretched, accented words
(a plain English word left in them is a message that never went through gettext), with
every placeholder filled in."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from swoop_desktop import i18n
from swoop_desktop.progress import load_history, record_finished_game
from swoop_desktop.storage import db, load_settings, resolve_dirs
from swoop_desktop.storage.settings import ANIMATION_SPEEDS, SETTINGS_KIND

from .helpers import finished_match

SEATS = [{"name": "You", "level": "human"}] + [
    {"name": n, "level": "normal"} for n in ("Lefty", "Topper", "Righty")
]
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
#: The time of day a backup's date ends with ("14:05"); its month is a word to translate.
WHEN = re.compile(r"\d{2}:\d{2}")


@pytest.fixture
def pseudo():
    """The whole test in the pseudo-language; English again after it."""
    i18n.set_language(i18n.PSEUDO)
    yield
    i18n.set_language(i18n.SOURCE)


def _fresh(folder: Path):
    """What the next start of Swoop sees."""
    dirs = resolve_dirs(folder)
    db.forget(dirs)
    return dirs


def _words(english: str) -> str:
    """``english`` in the pseudo-language without its brackets and padding."""
    return i18n.pseudo(english)[1:].rsplit(" ", 1)[0]


def english_left(message: str, filled: list[str]) -> list[str]:
    """The plain English words of ``message`` once the values filled into its placeholders
    (paths, the names of settings, a time of day) are taken out."""
    for value in sorted(filled, key=len, reverse=True):
        message = message.replace(value, " ")
    message = WHEN.sub(" ", message)
    message = re.sub(r"\S*[/\\]\S*", " ", message)  # a path, shortened or not
    return [w for w in ENGLISH_WORD.findall(message) if w != "Swoop"]


def test_a_damaged_progress_file_is_told_in_the_players_language(pseudo, tmp_path):
    dirs = _fresh(tmp_path)
    for seed in (1, 2):
        assert record_finished_game(dirs, finished_match(seed), SEATS) == []
    assert db.make_backup(_fresh(tmp_path), force=True) is not None
    path = tmp_path / db.DB_NAME
    path.unlink()
    path.write_bytes(b"")  # a file that lost everything, with a backup beside it
    dirs = _fresh(tmp_path)
    games, messages = load_history(dirs)
    told = messages + dirs.notices.told
    assert sorted(g.seed for g in games) == [1, 2]
    damage = [t for t in told if _words("Your progress file could not be used") in t]
    assert damage, told
    for text in told:
        assert "{" not in text and "}" not in text, text  # every placeholder filled
        assert text.startswith("["), text
        assert not english_left(text, [str(tmp_path)]), text
    # What was wrong with the file is its own message, filled in.
    assert _words("it is empty: it holds none of your progress") in damage[0]


def test_a_bad_settings_value_is_told_in_the_players_language(pseudo, tmp_path):
    dirs = resolve_dirs(tmp_path)
    dirs.settings_file.parent.mkdir(parents=True, exist_ok=True)
    body = {"volume": 5, "animation_speed": "warp"}
    body.update(format=SETTINGS_KIND.format, version=SETTINGS_KIND.version)
    dirs.settings_file.write_text(json.dumps(body))
    _settings, messages = load_settings(dirs)
    assert len(messages) == 1, messages
    text = messages[0]
    assert "{" not in text and "}" not in text, text
    assert text.startswith("["), text
    # The setting's name and its values are the file's own words, kept as they are.
    assert "animation_speed" in text and "'warp'" in text, text
    filled = ["volume", "animation_speed", "warp", *ANIMATION_SPEEDS, str(tmp_path)]
    assert not english_left(text, filled), text
