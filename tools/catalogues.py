"""Compile the translators' ``.po`` catalogues into the ``.mo`` files the game reads.

    python tools/catalogues.py [--root DIR] [--check]

Each ``swoop_desktop/locale/<language>/LC_MESSAGES/swoop.po`` becomes the ``swoop.mo``
beside it. With GNU gettext's ``msgfmt`` on the path it compiles with
``msgfmt --check --statistics`` (placeholders of C-format strings, headers, plural
forms checked); otherwise Babel compiles it and the statistics are counted here.
Either way one line per language says how many messages are translated. Untranslated
messages are left out of the ``.mo``: the game says them in English.

``make catalogues`` runs this; so do the wheel's build (``setup.py``) and the app's
(``installer.spec``), so the packages carry the compiled catalogues. ``--check``
compiles into a temporary folder and only reports. Exit status 1 when one fails.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = "swoop"


def sources(root: Path) -> list[Path]:
    """Every ``.po`` catalogue under ``root``'s ``swoop_desktop/locale``, sorted."""
    return sorted((root / "swoop_desktop" / "locale").glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _babel_compile(po: Path, mo: Path) -> str:
    """Compile with Babel; the statistics line in msgfmt's words."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as fh:
        catalogue = read_po(fh, locale=po.parent.parent.name)
    problems = [
        f"{po}: {message.id!r}: {error}"
        for message, errors in catalogue.check()
        for error in errors
    ]
    if problems:
        raise ValueError("\n".join(problems))
    messages = [m for m in catalogue if m.id]
    done = sum(1 for m in messages if m.string and not m.fuzzy and _all(m.string))
    fuzzy = sum(1 for m in messages if m.fuzzy)
    with open(mo, "wb") as fh:
        write_mo(fh, catalogue)
    return (
        f"{done} translated messages, {fuzzy} fuzzy translations, "
        f"{len(messages) - done - fuzzy} untranslated messages."
    )


def _all(string: str | tuple[str, ...]) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


def compile_all(root: Path = ROOT, out: Path | None = None) -> list[str]:
    """Compile every catalogue under ``root`` (into ``out``'s same folders when given, else
    beside each ``.po``); one line per language. Raises ValueError when one does not compile."""
    lines: list[str] = []
    msgfmt = shutil.which("msgfmt")
    for po in sources(root):
        language = po.parent.parent.name
        base = out if out is not None else root / "swoop_desktop" / "locale"
        mo = base / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        if msgfmt:
            done = subprocess.run(
                [msgfmt, "--check", "--statistics", "-o", str(mo), str(po)],
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                raise ValueError(done.stderr.strip() or f"msgfmt failed on {po}")
            stats = done.stderr.strip()
        else:
            stats = _babel_compile(po, mo)
        lines.append(f"{language}: {stats}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--check", action="store_true", help="compile aside, only report")
    args = parser.parse_args(argv)
    try:
        if args.check:
            with tempfile.TemporaryDirectory() as tmp:
                lines = compile_all(args.root, Path(tmp))
        else:
            lines = compile_all(args.root)
    except ValueError as exc:
        print(f"catalogues: {exc}", file=sys.stderr)
        return 1
    print("\n".join(lines) if lines else "catalogues: none found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
