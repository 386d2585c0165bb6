"""The game's words in the player's language: gettext catalogues, chosen and switched at run time.

Every word the player sees is looked up when it is drawn or built, never at import::

    from swoop_desktop.i18n import _, ngettext, pgettext

    _("New game")
    ngettext("{n} card", "{n} cards", n).format(n=n)
    pgettext("button", "Done")

The catalogues are the standard library's :mod:`gettext` ``.mo`` files under
``swoop_desktop/locale/<language>/LC_MESSAGES/swoop.mo`` (compiled from the ``.po``
sources beside them by ``make catalogues``, and when the wheel or the app is built). A
message a catalogue lacks is said in English, message by message.

The language is the system's on first start (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, then :func:`locale.getlocale`); ``SWOOP_LANGUAGE`` overrides it, and
:func:`set_language` switches it at once: the next frame's words are the new language's.
A language is a plain code ("de", "de_DE", "fi_FI.UTF-8@euro" are German and Finnish);
anything else (a folder, a path) is passed over with one line in the log.

A catalogue is read like a player's file: one that is not an ordinary file (a folder, a
pipe), too big, or damaged (cut short, zeroed, an unknown charset, plural rules that do
not work) counts as missing, with one line in the log, and the game speaks English. A
translation that names other placeholders than its English is left out, so that message
alone is said in English (one line in the log for the catalogue).

:data:`PSEUDO` ("xx") is a made-up language for testing layouts: every message about 40%
longer, in accented letters and brackets ("[Ŝŵööþ ŵîñš ťĥé ĥåñð ~~~~]"), its placeholders
kept. It needs no catalogue. Standard library only.
"""

from __future__ import annotations

import gettext as _gettext
import io
import locale
import logging
import math
import os
import re
import stat
import struct
import sys
import threading
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from string import Formatter
from typing import Any

DOMAIN = "swoop"
#: The made-up language that stretches and accents every message (for layout tests).
PSEUDO = "xx"
#: The language every message is written in; needs no catalogue.
SOURCE = "en"
#: The environment variable that picks the language over the system's locale.
VARIABLE = "SWOOP_LANGUAGE"
#: The languages the game knows, each named in its own language (for a menu of them).
NAMES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "fi": "Suomi",
    "it": "Italiano",
    "pl": "Polski",
}

#: Marks a message for extraction without translating it (for module-level tables whose
#: entries are passed to :func:`_` when drawn).
N_ = str


def Np_(context: str, message: str) -> str:  # noqa: N802 (gettext's marker style)
    """Marks a message with its context for extraction (looked up later with
    :func:`pgettext` and the same context); returns the message unchanged."""
    return message


_active: _gettext.NullTranslations | None = None
_language = SOURCE
_generation = 0

_log = logging.getLogger("swoop_desktop.i18n")
#: The largest catalogue read (the shipped ones are about 150 KB each).
MAX_CATALOGUE_BYTES = 8 * 1024 * 1024
#: Each catalogue file read, by its path and what ``stat`` says of it: read again only when
#: it changes, so a damaged one is told once.
_loaded: dict[tuple[object, ...], _gettext.GNUTranslations | None] = {}
_reading = threading.Lock()  # one thread reads (and tells) a catalogue at a time
#: The odd language names already told in the log (each once).
_told: set[str] = set()


def locale_dir() -> Path:
    """The folder of compiled catalogues: ``swoop_desktop/locale`` wherever the package is."""
    root = resources.files("swoop_desktop")
    if isinstance(root, Path):
        return root / "locale"
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "swoop_desktop" / "locale"
    return Path(str(root)) / "locale"


#: A plain locale name: a language of 2 or 3 letters, then perhaps a territory or script,
#: a charset and a variant ("de", "pt_BR", "sr_RS@latin", "fi_FI.UTF-8@euro", "zh-Hant-TW").
_LOCALE_NAME = re.compile(
    r"([A-Za-z]{2,3})(?:[_-][A-Za-z0-9]{1,8})*(?:\.[A-Za-z0-9_-]{1,40})?(?:@[A-Za-z0-9_-]{1,40})?"
)


def _code(name: str | None) -> str | None:
    """``"de_DE.UTF-8"`` -> ``"de"``; None for an empty name, the C/POSIX locale or a name
    that is not a plain locale name (a folder, a path: see :func:`_odd`)."""
    if not name:
        return None
    name = name.strip()
    if name.startswith("en@pseudo"):
        return PSEUDO
    found = _LOCALE_NAME.fullmatch(name)
    return found.group(1).lower() if found else None


def _odd(name: str | None) -> bool:
    """True for a name that is neither a plain locale name nor empty nor C/POSIX (the
    locale that asks for no language): a folder, a path, anything else."""
    if not name or not name.strip():
        return False
    if name.strip().split(".")[0].split("@")[0] in ("C", "POSIX"):
        return False
    return _code(name) is None


def _tell_odd(name: str, where: str) -> None:
    """One line in the log for a language name passed over (each name once)."""
    key = f"{where}={name}"
    if key in _told:
        return
    _told.add(key)
    _log.warning(
        "%s %s is not a plain language code such as de or pt_BR; passed over",
        where,
        ascii(name[:80]),
    )


def system_language() -> str:
    """The language the player's system asks for ("de", "fr", ...), English if none. A
    variable that names no plain language (a folder, a path) is passed over, told once."""
    for variable in (VARIABLE, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for name in (os.environ.get(variable) or "").split(":"):  # LANGUAGE is a list
            code = _code(name)
            if code:
                return code
            if _odd(name):
                _tell_odd(name, variable)
    try:
        code = _code(locale.getlocale(locale.LC_MESSAGES)[0])
    except (AttributeError, ValueError):  # no LC_MESSAGES on Windows
        code = None
    if not code:
        try:
            code = _code(locale.getlocale()[0])
        except ValueError:
            code = None
    return code or SOURCE


def available_languages() -> list[str]:
    """The languages that can be shown: English and each with a compiled catalogue, sorted."""
    found = {SOURCE}
    folder = locale_dir()
    if folder.is_dir():
        for entry in folder.iterdir():
            if (
                _code(entry.name) == entry.name
                and (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
            ):
                found.add(entry.name)
    return sorted(found)


# ------------------------------------------------------------------ the pseudo-language
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķĺɱñöþǫŕšťüṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŤÜṼŴẊÝŽ",
)
#: Placeholders a translation must keep as they are: {name}, {n:,}, %(n)d, %s, %%.
_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|%[a-zA-Z%])")


def pseudo(message: str) -> str:
    """``"Swoop wins the hand"`` -> ``"[Ŝŵööþ ŵîñš ťĥé ĥåñð ~~~~~~~]"``: accented, bracketed and
    about 40% longer, placeholders untouched (an empty message stays empty)."""
    if not message:
        return message
    parts = _PLACEHOLDER.split(message)
    body = "".join(p if i % 2 else p.translate(_ACCENTED) for i, p in enumerate(parts))
    padding = max(1, math.ceil(len(message) * 0.4) - 3)  # the brackets and a space count too
    return f"[{body} {'~' * padding}]"


class PseudoTranslations(_gettext.NullTranslations):
    """Every message in the pseudo-language, built at run time from the English."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


# ------------------------------------------------------------------ choosing the language
def translations_for(code: str) -> _gettext.NullTranslations:
    """The catalogue of ``code`` with English behind it (message by message); English alone
    when there is none, when ``code`` is not a plain language code, or when the catalogue
    is damaged (told once in the log)."""
    plain = _code(code)
    if plain is None or plain == SOURCE:
        return _gettext.NullTranslations()
    if plain == PSEUDO:
        return PseudoTranslations()
    with _reading:
        found = _catalogue(locale_dir() / plain / "LC_MESSAGES" / f"{DOMAIN}.mo", plain)
    return found if found is not None else _gettext.NullTranslations()


def set_language(code: str | None = None) -> str:
    """Switch every later lookup to ``code`` (the system's language when None, or when
    ``code`` is not a plain language code: told once in the log); returns the language now
    in use ("en" when ``code`` has no catalogue, or a damaged one)."""
    global _active, _language, _generation
    wanted = _code(code) if code else None
    if code and wanted is None and _odd(code):
        _tell_odd(code, "the language")
    wanted = wanted or system_language()
    active = translations_for(wanted)
    if wanted not in (SOURCE, PSEUDO) and type(active) is _gettext.NullTranslations:
        wanted = SOURCE  # no catalogue for it: English
    _active, _language = active, wanted
    _generation += 1
    return wanted


# ------------------------------------------------------------------ reading a catalogue
class _Damaged(Exception):
    """A catalogue that cannot be used; the message says why, in a few words."""


def _catalogue(path: Path, code: str) -> _gettext.GNUTranslations | None:
    """The catalogue at ``path``, or None when there is none or it is damaged (told once)."""
    try:
        facts = os.stat(path)
    except FileNotFoundError:
        return None  # no catalogue for this language: English, nothing to tell
    except OSError as exc:
        key: tuple[object, ...] = (str(path), "stat", exc.errno)
        facts = None
    if facts is not None:
        key = (str(path), facts.st_dev, facts.st_ino, facts.st_mode, facts.st_size)
        key += (facts.st_mtime_ns,)
    if key in _loaded:
        return _loaded[key]
    try:
        if facts is None:
            raise _Damaged("it cannot be looked at")
        data = _read(path, facts)
        catalogue = _parse(data)
    except _Damaged as exc:
        _log.warning(
            "the %s catalogue %s is not usable (%s); the game speaks English",
            code,
            _printable(str(path)),
            exc,
        )
        _loaded[key] = None
        return None
    dropped = _keep_placeholders(catalogue, data)
    if dropped:
        _log.warning(
            "the %s catalogue %s: translations naming other placeholders than their "
            "English, said in English instead (%d; %s)",
            code,
            _printable(str(path)),
            len(dropped),
            ascii(dropped[0][:60]),
        )
    _loaded[key] = catalogue
    return catalogue


def _read(path: Path, facts: os.stat_result) -> bytes:
    """The bytes of an ordinary file of at most :data:`MAX_CATALOGUE_BYTES`, read without
    waiting on a pipe or a device (neither is opened for reading)."""
    if stat.S_ISDIR(facts.st_mode):
        raise _Damaged("it is a folder, not a file")
    if not stat.S_ISREG(facts.st_mode):
        raise _Damaged("it is not an ordinary file")
    if facts.st_size > MAX_CATALOGUE_BYTES:
        raise _Damaged(f"{facts.st_size:,} bytes, more than a catalogue can be")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _Damaged(f"it cannot be opened: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # changed since it was looked at
            raise _Damaged("it is not an ordinary file")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(MAX_CATALOGUE_BYTES + 1)
    except OSError as exc:
        raise _Damaged(f"it cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_CATALOGUE_BYTES:
        raise _Damaged("more bytes than a catalogue can be")
    return data


def _parse(data: bytes) -> _gettext.GNUTranslations:
    """The catalogue in ``data``; :class:`_Damaged` when it does not read as one (cut short,
    zeroed, random bytes, an unknown charset, plural rules that are not a working rule)."""
    try:
        catalogue = _gettext.GNUTranslations(io.BytesIO(data))
    except Exception as exc:  # struct.error, OSError, LookupError, UnicodeError, ...: damaged
        raise _Damaged(_one_line(exc)) from None
    rule: Callable[[int], int] = getattr(catalogue, "plural")  # noqa: B009 (not in the stubs)
    try:
        for n in (*range(1001), 10_000, 100_001, 1_000_000, 10**9):
            if not isinstance(rule(n), int):
                raise TypeError("the plural rule does not give a number")
    except Exception as exc:  # ZeroDivisionError, TypeError, RecursionError, ...
        raise _Damaged(f"its plural rule does not work: {_one_line(exc)}") from None

    def plural(n: int) -> int:
        try:
            return int(rule(n))
        except Exception:  # a number the rule does not take: the English form
            return -1  # no such form: GNUTranslations says the English one

    setattr(catalogue, "plural", plural)  # noqa: B010 (not in the stubs)
    return catalogue


def _printable(text: str) -> str:
    """``text`` on one line: a character that would break the log's line shown as "?"."""
    return "".join(c if c.isprintable() else "?" for c in text)


def _one_line(exc: BaseException) -> str:
    kind = type(exc)
    name = kind.__name__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__name__}"
    text = " ".join(str(exc).split())[:120]
    return f"{name}: {text}" if text else name


_NAMED_PERCENT = re.compile(r"%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]")


def _fields(text: str) -> frozenset[str] | None:
    """The placeholders of ``text`` (``{name}``, ``{n:,}``, ``%(n)d``), or None when it is
    not a format string (a lone brace)."""
    try:
        named = {
            f"{{{name}!{conversion or ''}:{spec or ''}}}"
            for _text, name, spec, conversion in Formatter().parse(text)
            if name is not None
        }
    except ValueError:
        return None
    return frozenset(named | set(_NAMED_PERCENT.findall(text)))


def _keep_placeholders(catalogue: _gettext.GNUTranslations, data: bytes) -> list[str]:
    """Leave out every translation whose placeholders differ from its English message's
    (a counted message's forms may leave some out but never name another), so that
    message is said in English; returns the English of those left out."""
    table: dict[Any, str] | None = getattr(catalogue, "_catalog", None)
    if not isinstance(table, dict):
        return []
    plurals = _plural_messages(data, getattr(catalogue, "_charset", None) or "ascii")
    bad: set[object] = set()
    for key, text in table.items():
        if isinstance(key, tuple):
            msgid = str(key[0])
            english = _fields(msgid.rpartition(_CONTEXT)[2])
            other = _fields(plurals.get(msgid, msgid).rpartition(_CONTEXT)[2])
            if english is None or other is None:
                continue  # not a format string in English: never formatted
            found = _fields(text)
            if found is None or not found <= english | other:
                bad.add(msgid)
        elif key:  # "" is the header
            english = _fields(str(key).rpartition(_CONTEXT)[2])
            if english is not None and _fields(text) != english:
                bad.add(key)
    for key in [k for k in table if k in bad or (isinstance(k, tuple) and k[0] in bad)]:
        del table[key]
    return sorted(str(b).rpartition(_CONTEXT)[2] for b in bad)


_CONTEXT = "\x04"  # between a message's context and its English in a catalogue's keys


def _plural_messages(data: bytes, charset: str) -> dict[str, str]:
    """Each counted message's singular English -> its plural English, from the catalogue's
    bytes (the standard library keeps only the singular)."""
    found: dict[str, str] = {}
    try:
        order = (
            "<" if struct.unpack("<I", data[:4])[0] == _gettext.GNUTranslations.LE_MAGIC else ">"
        )
        count, table = struct.unpack(order + "4I", data[4:20])[1:3]
        for i in range(count):
            length, offset = struct.unpack(order + "II", data[table + 8 * i : table + 8 * i + 8])
            msg = data[offset : offset + length]
            if b"\x00" in msg:
                one, many = msg.split(b"\x00", 1)
                found[str(one, charset)] = str(many, charset)
    except (struct.error, ValueError, LookupError):
        pass  # read once already: cannot happen
    return found


def generation() -> int:
    """A number that changes each time the language is set: a screen that built its words
    under another number builds them again (the App tells every screen)."""
    _translations()
    return _generation


def language() -> str:
    """The language in use now ("en", "de", ... or "xx")."""
    _translations()
    return _language


def _translations() -> _gettext.NullTranslations:
    if _active is None:
        set_language(None)
    assert _active is not None
    return _active


def gettext(message: str) -> str:
    """``message`` in the player's language (English when the catalogue lacks it)."""
    return _translations().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that goes with ``n`` in the player's language (its own
    plural rules); the caller fills in the number: ``ngettext("{n} card", "{n} cards", n)``."""
    return _translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A short message whose sense depends on where it stands (``pgettext("button", "Done")``)."""
    return _translations().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, for counted short words that could be read two ways."""
    return _translations().npgettext(context, singular, plural, n)


_ = gettext

__all__ = [
    "N_",
    "Np_",
    "NAMES",
    "PSEUDO",
    "SOURCE",
    "_",
    "available_languages",
    "generation",
    "gettext",
    "language",
    "locale_dir",
    "ngettext",
    "npgettext",
    "pgettext",
    "pseudo",
    "set_language",
    "system_language",
    "translations_for",
]
