"""Compile the translators' ``.po`` catalogues into the ``.mo`` files the game reads.

    python tools/catalogues.py [--root DIR] [--check]

Each ``swoop_desktop/locale/<language>/LC_MESSAGES/swoop.po`` becomes the ``swoop.mo``
beside it. With GNU gettext's ``msgfmt`` on the path it compiles with ``msgfmt --check``
(placeholders of C-format strings, headers, plural forms checked: its exit status decides,
its warnings are passed on to stderr); otherwise Babel compiles and checks it. Either way
one line per language says how many messages are translated, counted here from Babel's
reading of the ``.po`` (in msgfmt's words, never read from msgfmt). Untranslated and fuzzy
messages are left out of the ``.mo``: the game says them in English.

``make catalogues`` runs this; so do the wheel's build (``setup.py``) and the app's
(``installer.spec``), so the packages carry the compiled catalogues. ``--check``
(``make test``) compiles into a temporary folder and fails unless every language is whole:
a language ships complete, nothing untranslated and no fuzzy entry (one a translator or
another tool marked to be checked; ``make messages`` itself never guesses), its header
included.
Exit status 1 when one fails to compile or, with ``--check``, is not whole.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = "swoop"


def sources(root: Path) -> list[Path]:
    """Every ``.po`` catalogue under ``root``'s ``swoop_desktop/locale``, sorted."""
    return sorted((root / "swoop_desktop" / "locale").glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


class Counts(NamedTuple):
    """How much of one language's catalogue is translated. (A NamedTuple, not a dataclass:
    setup.py, installer.spec and the tests load this file without importing it as a module.)"""

    language: str
    translated: int
    fuzzy: int
    untranslated: int
    fuzzy_header: bool
    # the first few messages left to do, for the check's message
    to_do: tuple[str, ...] = ()

    @property
    def whole(self) -> bool:
        return not (self.fuzzy or self.untranslated or self.fuzzy_header)

    def line(self) -> str:
        return (
            f"{self.language}: {self.translated} translated messages, {self.fuzzy} fuzzy "
            f"translations, {self.untranslated} untranslated messages."
        )


def _read(po: Path) -> Any:
    from babel.messages.pofile import read_po

    with open(po, "rb") as fh:
        return read_po(fh, locale=po.parent.parent.name, domain=DOMAIN)


def _forms(string: str | tuple[str, ...] | None) -> tuple[str, ...]:
    if isinstance(string, tuple):
        return string
    return (string or "",)


def count(po: Path) -> Counts:
    """The statistics of one catalogue, as Babel reads it."""
    catalogue = _read(po)
    messages = [m for m in catalogue if m.id]
    fuzzy = [m for m in messages if m.fuzzy]
    empty = [m for m in messages if not m.fuzzy and not all(_forms(m.string))]
    to_do = [m.id if isinstance(m.id, str) else m.id[0] for m in fuzzy + empty]
    return Counts(
        language=po.parent.parent.name,
        translated=len(messages) - len(fuzzy) - len(empty),
        fuzzy=len(fuzzy),
        untranslated=len(empty),
        fuzzy_header=bool(catalogue.fuzzy),
        to_do=tuple(to_do[:3]),
    )


def _babel_compile(po: Path, mo: Path) -> None:
    """Compile with Babel (never its fuzzy entries), after Babel's own checks."""
    from babel.messages.mofile import write_mo

    catalogue = _read(po)
    problems = [
        f"{po}: {message.id!r}: {error}"
        for message, errors in catalogue.check()
        for error in errors
    ]
    if problems:
        raise ValueError("\n".join(problems))
    with open(mo, "wb") as fh:
        write_mo(fh, catalogue, use_fuzzy=False)


def _msgfmt_compile(msgfmt: str, po: Path, mo: Path) -> None:
    """Compile with GNU msgfmt (never its fuzzy entries: no --use-fuzzy). Only its exit
    status is read; what it says goes on to stderr, warnings included."""
    done = subprocess.run(
        [msgfmt, "--check", "-o", str(mo), str(po)], capture_output=True, text=True
    )
    said = "\n".join(part.strip() for part in (done.stdout, done.stderr) if part.strip())
    if done.returncode != 0:
        raise ValueError(said or f"msgfmt failed on {po} (exit status {done.returncode})")
    if said:
        print(said, file=sys.stderr)


def compile_counted(root: Path = ROOT, out: Path | None = None) -> list[Counts]:
    """Compile every catalogue under ``root`` (into ``out``'s same folders when given, else
    beside each ``.po``); how much of each is translated. Raises ValueError when one does
    not compile."""
    counted: list[Counts] = []
    msgfmt = shutil.which("msgfmt")
    for po in sources(root):
        language = po.parent.parent.name
        base = out if out is not None else root / "swoop_desktop" / "locale"
        mo = base / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        if msgfmt:
            _msgfmt_compile(msgfmt, po, mo)
        else:
            _babel_compile(po, mo)
        counted.append(count(po))
    return counted


def compile_all(root: Path = ROOT, out: Path | None = None) -> list[str]:
    """:func:`compile_counted`, one line of statistics per language."""
    return [counts.line() for counts in compile_counted(root, out)]


def not_whole(counted: list[Counts]) -> str:
    """The check's one message for the languages that are not whole, or ""."""
    lines = []
    for counts in counted:
        if counts.whole:
            continue
        missing = [
            f"{n} {what}"
            for n, what in (
                (counts.untranslated, "untranslated"),
                (counts.fuzzy, "fuzzy"),
            )
            if n
        ]
        if counts.fuzzy_header:
            missing.append("its header marked fuzzy")
        first = ", ".join(repr(m if len(m) <= 50 else m[:47] + "...") for m in counts.to_do)
        if counts.fuzzy + counts.untranslated > len(counts.to_do):
            first += ", ..."
        lines.append(
            f"  {counts.language}: {', '.join(missing)}" + (f" ({first})" if counts.to_do else "")
        )
    if not lines:
        return ""
    return (
        "catalogues: a language ships whole, and these are not:\n"
        + "\n".join(lines)
        + "\nTranslate what is empty; check each fuzzy entry (an old translation kept from a "
        "changed message) and remove its fuzzy mark."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument(
        "--check", action="store_true", help="compile aside; fail unless every language is whole"
    )
    args = parser.parse_args(argv)
    try:
        if args.check:
            with tempfile.TemporaryDirectory() as tmp:
                counted = compile_counted(args.root, Path(tmp))
        else:
            counted = compile_counted(args.root)
    except ValueError as exc:
        print(f"catalogues: {exc}", file=sys.stderr)
        return 1
    print("\n".join(c.line() for c in counted) if counted else "catalogues: none found")
    if args.check and (told := not_whole(counted)):
        print(told, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
