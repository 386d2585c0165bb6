"""A language comes from a plain code ("de", "de_DE", "pt_BR", "fi_FI.UTF-8@euro"): a
variable or a setting that names a folder or a path is passed over with one line in the
log, and the next candidate (or English) is used; no catalogue is read from there."""

from __future__ import annotations

import json
import locale
import logging
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from swoop_desktop import i18n
from swoop_desktop.storage import Settings, load_settings, save_settings
from swoop_desktop.storage.paths import resolve_dirs

ROOT = Path(__file__).resolve().parent.parent
VARIABLES = ("SWOOP_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def system(compiled, monkeypatch) -> Iterator[None]:
    """The compiled catalogues, no language variable set, no language from the C library,
    and nothing told yet; the tests' language again afterwards."""
    monkeypatch.setattr(i18n, "locale_dir", lambda: compiled)
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda *args: (None, None))
    monkeypatch.setattr(i18n, "_told", set(), raising=False)
    yield
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    i18n.set_language(i18n.SOURCE)


@pytest.fixture
def elsewhere(compiled) -> Iterator[Path]:
    """A folder outside the game holding a German catalogue as ``LC_MESSAGES/swoop.mo``,
    its name plain letters and digits (nothing a language code would cut off)."""
    folder = Path(tempfile.gettempdir()) / f"swoopelsewhere{secrets.token_hex(6)}"
    (folder / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(compiled / "de" / "LC_MESSAGES" / "swoop.mo", folder / "LC_MESSAGES")
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def told(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name.startswith("swoop_desktop")]


@pytest.mark.parametrize(
    ("variable", "after", "then"),
    [
        ("SWOOP_LANGUAGE", {"LANG": "fr_FR.UTF-8"}, "fr"),
        ("LANGUAGE", {"LC_ALL": "fi_FI.UTF-8@euro"}, "fi"),
        ("LC_ALL", {"LANG": "es_ES.UTF-8"}, "es"),
        ("LANG", {}, "en"),
    ],
)
def test_a_variable_naming_a_folder_is_passed_over_in_one_line(
    system, elsewhere, monkeypatch, caplog, variable, after, then
):
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    monkeypatch.setenv(variable, str(elsewhere))
    for name, value in after.items():
        monkeypatch.setenv(name, value)
    assert i18n.system_language() == then
    assert i18n.set_language(None) == then
    assert i18n._("New game") != "Neues Spiel"  # nothing read from the folder
    i18n.set_language(None)
    lines = told(caplog)
    assert len(lines) == 1 and variable in lines[0] and "\n" not in lines[0], lines


@pytest.mark.parametrize(
    "name", ["de/../..", "../de", "de/LC_MESSAGES", "de\\..", "/de", "..", "~/de", "de de"]
)
def test_a_language_with_a_path_in_it_is_passed_over(system, monkeypatch, caplog, name):
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    monkeypatch.setenv("SWOOP_LANGUAGE", name)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.system_language() == "fr"
    assert i18n.set_language(name) == "fr"  # a language asked for by name: the system's
    assert len(told(caplog)) == 2, told(caplog)  # one for the variable, one for the name


def test_a_language_asked_for_by_a_folders_name_reads_nothing_from_there(system, elsewhere, caplog):
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    assert i18n.set_language(str(elsewhere)) == "en"
    assert i18n._("New game") == "New game"
    assert i18n.set_language(str(elsewhere)) == "en"
    assert len(told(caplog)) == 1, told(caplog)


def test_a_settings_file_naming_a_folder_for_the_language_uses_the_systems(
    system, elsewhere, tmp_path
):
    dirs = resolve_dirs(tmp_path / "data")
    save_settings(dirs, Settings(language="de"))
    saved = json.loads(dirs.settings_file.read_text(encoding="utf-8"))
    saved["language"] = str(elsewhere)
    dirs.settings_file.write_text(json.dumps(saved), encoding="utf-8")
    settings, messages = load_settings(dirs)
    assert settings.language == ""
    assert any("system's language" in m for m in messages), messages


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("de", "de"),
        ("de_DE", "de"),
        ("pt_BR", "pt"),
        ("fi_FI.UTF-8@euro", "fi"),
        ("sr_RS@latin", "sr"),
        ("de-DE", "de"),
        ("FR_fr.utf8", "fr"),
        ("es_ES:de", "es"),
        ("en@pseudo", "xx"),
    ],
)
def test_plain_language_codes_are_read_as_before(system, monkeypatch, caplog, name, code):
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    monkeypatch.setenv("LANGUAGE", name)
    assert i18n.system_language() == code
    assert told(caplog) == []


@pytest.mark.parametrize("name", ["C", "C.UTF-8", "POSIX", ""])
def test_the_c_locale_asks_for_no_language_and_is_not_told(system, monkeypatch, caplog, name):
    caplog.set_level(logging.WARNING, logger="swoop_desktop")
    monkeypatch.setenv("LANG", name)
    assert i18n.system_language() == "en"
    assert told(caplog) == []
