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

:data:`PSEUDO` ("xx") is a made-up language for testing layouts: every message about 40%
longer, in accented letters and brackets ("[Ŝŵööþ ŵîñš ťĥé ĥåñð ~~~~]"), its placeholders
kept. It needs no catalogue. Standard library only.
"""

from __future__ import annotations

import gettext as _gettext
import locale
import math
import os
import re
import sys
from importlib import resources
from pathlib import Path

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


def locale_dir() -> Path:
    """The folder of compiled catalogues: ``swoop_desktop/locale`` wherever the package is."""
    root = resources.files("swoop_desktop")
    if isinstance(root, Path):
        return root / "locale"
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "swoop_desktop" / "locale"
    return Path(str(root)) / "locale"


def _code(name: str | None) -> str | None:
    """``"de_DE.UTF-8"`` -> ``"de"``; None for an empty name or the C/POSIX locale."""
    if not name:
        return None
    base = name.split(":")[0].split(".")[0].split("@")[0].strip()
    if not base or base in ("C", "POSIX"):
        return None
    if base == PSEUDO or name.startswith("en@pseudo"):
        return PSEUDO
    return base.split("_")[0].split("-")[0].lower() or None


def system_language() -> str:
    """The language the player's system asks for ("de", "fr", ...), English if none."""
    for variable in (VARIABLE, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        code = _code(os.environ.get(variable))
        if code:
            return code
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
            if (entry / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
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
    when there is none."""
    if code == PSEUDO:
        return PseudoTranslations()
    if code == SOURCE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, str(locale_dir()), languages=[code], fallback=True)


def set_language(code: str | None = None) -> str:
    """Switch every later lookup to ``code`` (the system's language when None); returns the
    language now in use ("en" when ``code`` has no catalogue)."""
    global _active, _language, _generation
    wanted = _code(code) if code else system_language()
    wanted = wanted or SOURCE
    active = translations_for(wanted)
    if wanted not in (SOURCE, PSEUDO) and type(active) is _gettext.NullTranslations:
        wanted = SOURCE  # no catalogue for it: English
    _active, _language = active, wanted
    _generation += 1
    return wanted


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
