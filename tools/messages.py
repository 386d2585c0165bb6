"""Gather the messages the code marks for translation into the template, and bring every
language's catalogue up to date with it; or, with ``--check``, only say whether that would
change anything.

    python tools/messages.py [--root DIR] [--check]

``make messages`` runs it; ``make test`` runs it with ``--check``. The template is
``swoop_desktop/locale/swoop.pot`` (Babel's extraction of ``babel.cfg``'s files with the
keywords below); each ``swoop_desktop/locale/<language>/LC_MESSAGES/swoop.po`` is updated
from it: a new message comes in empty, never with a guess (Babel's fuzzy matching is off:
it took a translation from whichever message looked alike, "Hoarder" coming in as the
German of "hard"); a changed message is a new one, so it too comes in empty for its
translator; a removed one goes. An entry a translator marked fuzzy stays so; fuzzy entries
are never compiled into the game, and ``tools/catalogues.py --check`` fails while any is
left.

The output holds only what the code decides, so running it again changes nothing: the
places of a message are its files without line numbers (an edit that moves a message
moves nothing here), every line is wrapped at one width, and the template's creation date
(and its year in the header) stays the committed one unless a message, a comment or a
place changes. ``--check`` builds the same files in memory and compares them, byte for
byte, with the committed ones; exit status 1, with what would change, when any differs.
"""

from __future__ import annotations

import argparse
import datetime
import difflib
import io
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = "swoop"
PACKAGE = "swoop_desktop"
# Beside Babel's own keywords (_, gettext, ngettext, pgettext, npgettext, N_, ...): N_'s
# counted and context-bound twins of swoop_desktop/i18n.py.
KEYWORDS = ("Nn_:1,2", "Np_:1c,2")
COMMENT_TAGS = ("Translators:",)
WIDTH = 76
PROJECT = "Swoop"
COPYRIGHT_HOLDER = "the Swoop authors"


def _locale(root: Path) -> Path:
    return root / PACKAGE / "locale"


def template_path(root: Path) -> Path:
    return _locale(root) / f"{DOMAIN}.pot"


def catalogue_paths(root: Path) -> list[Path]:
    return sorted(_locale(root).glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _version(root: Path) -> str:
    text = (root / PACKAGE / "__init__.py").read_text("utf-8")
    found = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.MULTILINE)
    return found.group(1) if found else "VERSION"


def keywords() -> dict[str, Any]:
    from babel.messages.extract import DEFAULT_KEYWORDS
    from babel.messages.frontend import parse_keywords

    return {**DEFAULT_KEYWORDS, **parse_keywords(KEYWORDS)}


def extract(root: Path = ROOT) -> Any:
    """The template's messages as a Babel catalogue, each with its places (file, line)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(root / "babel.cfg", encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh, str(root / "babel.cfg"))
    top = root.resolve()

    def wanted(dirpath: str) -> bool:
        parts = Path(dirpath).relative_to(top).parts
        return parts[0] == PACKAGE and not any(p.startswith(".") for p in parts)

    catalogue = Catalog(project=PROJECT, version=_version(root), charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(top),
        method_map,
        options_map,
        keywords=keywords(),
        comment_tags=COMMENT_TAGS,
        directory_filter=wanted,
    ):
        place = filename.replace(os.sep, "/")
        catalogue.add(message, None, [(place, lineno)], auto_comments=comments, context=context)
    return catalogue


def _render_template(extracted: Any, created: datetime.datetime) -> bytes:
    from babel.messages.catalog import DEFAULT_HEADER, Catalog
    from babel.messages.pofile import write_po

    catalogue = Catalog(
        project=extracted.project,
        version=extracted.version,
        copyright_holder=COPYRIGHT_HOLDER,
        charset="utf-8",
        creation_date=created,
        # the year of the creation date, not of the day it is run on
        header_comment=DEFAULT_HEADER.replace("YEAR", created.strftime("%Y")),
    )
    for message in extracted:
        if message.id:
            catalogue[message.id] = message
    out = io.BytesIO()
    write_po(out, catalogue, width=WIDTH, sort_by_file=True, include_lineno=False)
    return out.getvalue()


def _read(data: bytes, locale: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    return read_po(io.BytesIO(data), locale=locale, domain=DOMAIN)


def template_bytes(root: Path, committed: bytes | None) -> bytes:
    """The template as ``make messages`` writes it: dated as the committed one when nothing
    else in it changes, else now (to the minute, UTC)."""
    extracted = extract(root)
    if committed is not None:
        created = _read(committed).creation_date
        if isinstance(created, datetime.datetime):
            same = _render_template(extracted, created)
            if same == committed:
                return committed
    now = datetime.datetime.now(datetime.UTC).replace(second=0, microsecond=0)
    return _render_template(extracted, now)


def catalogue_bytes(po: bytes, template: bytes, language: str) -> bytes:
    """A language's catalogue brought up to date with the template: a message it lacks
    comes in empty, never guessed from one that looks alike (no fuzzy matching)."""
    from babel.messages.pofile import write_po

    catalogue = _read(po, locale=language)
    for message in catalogue:
        # an old English left by another tool (#| msgid), which Babel reads as a comment
        message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
    catalogue.update(_read(template), no_fuzzy_matching=True)
    for message in catalogue:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        # the format flags the message's own English gives it, as Babel reads it back
        # (its update carries over the old message's, which the next reading drops)
        for flag, holds in (
            ("python-format", message.python_format),
            ("python-brace-format", message.python_brace_format),
        ):
            if holds:
                message.flags.add(flag)
            else:
                message.flags.discard(flag)
        if message.fuzzy and not any(forms):
            message.flags.discard("fuzzy")  # a guess of nothing: simply untranslated
    out = io.BytesIO()
    write_po(
        out,
        catalogue,
        width=WIDTH,
        ignore_obsolete=True,
        include_lineno=False,
    )
    return out.getvalue()


def generate(root: Path = ROOT) -> dict[Path, tuple[bytes | None, bytes]]:
    """Each file ``make messages`` writes: (what is there now or None, what it would write)."""
    pot = template_path(root)
    committed = pot.read_bytes() if pot.exists() else None
    template = template_bytes(root, committed)
    files: dict[Path, tuple[bytes | None, bytes]] = {pot: (committed, template)}
    for po in catalogue_paths(root):
        now = po.read_bytes()
        files[po] = (now, catalogue_bytes(now, template, po.parent.parent.name))
    return files


def _keys(data: bytes | None) -> dict[tuple[str, str | None], Any]:
    if data is None:
        return {}
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context): m for m in _read(data) if m.id}


def _quoted(keys: Iterable[tuple[str, str | None]], most: int = 2) -> str:
    ordered = sorted(keys, key=lambda key: (key[0], key[1] or ""))
    shown = ", ".join(repr(m if len(m) <= 50 else m[:47] + "...") for m, _ in ordered[:most])
    return shown + (f" and {len(ordered) - most} more" if len(ordered) > most else "")


def what_changed(old: bytes | None, new: bytes) -> str:
    """What ``make messages`` would change in a file, in a few words: the messages it gains
    and loses, else the first lines that differ."""
    if old is None:
        return "missing"
    before, after = _keys(old), _keys(new)
    said = []
    if added := after.keys() - before.keys():
        said.append(f"{len(added)} new ({_quoted(added)})")
    if gone := before.keys() - after.keys():
        said.append(f"{len(gone)} gone ({_quoted(gone)})")
    if said:
        return ", ".join(said)
    diff = [
        line
        for line in difflib.unified_diff(
            old.decode("utf-8", "replace").splitlines(),
            new.decode("utf-8", "replace").splitlines(),
            lineterm="",
            n=0,
        )
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]
    first = " / ".join(line[:70] for line in diff[:2])
    return f"{len(diff)} lines differ ({first})"


def report(root: Path, changed: dict[Path, tuple[bytes | None, bytes]]) -> str:
    """The one message of ``--check``: which files would change and how, the catalogues
    that change alike said once."""
    said: dict[str, list[str]] = {}
    for path, (old, new) in changed.items():
        name = path.parent.parent.name if path.suffix == ".po" else str(path.relative_to(root))
        said.setdefault(what_changed(old, new), []).append(name)
    lines = [f"  {', '.join(names)}: {change}" for change, names in said.items()]
    return (
        "messages: the template or a catalogue is not what `make messages` makes of the "
        "code now; it would change:\n" + "\n".join(lines) + "\n"
        "Run `make messages`, translate what it leaves empty, and commit "
        f"{_locale(root).relative_to(root)}."
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument(
        "--check", action="store_true", help="write nothing; fail if anything would change"
    )
    args = parser.parse_args(argv)
    root = args.root.resolve()
    files = generate(root)
    changed = {path: pair for path, pair in files.items() if pair[0] != pair[1]}
    if args.check:
        if changed:
            print(report(root, changed), file=sys.stderr)
            return 1
        print(f"messages: the template and {len(files) - 1} catalogues are up to date")
        return 0
    for path, (_old, new) in changed.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(new)
        print(f"messages: wrote {path.relative_to(root)}")
    if not changed:
        print("messages: nothing to change")
    return 0


if __name__ == "__main__":
    sys.exit(main())
