"""An older Swoop's files, once what they held is in the progress database: moved
untouched into a folder of this start's own, ``imported-<date>/`` in the data folder,
with a README that says what they are (:func:`move_imported`). Nothing is deleted, and
nothing is ever moved out of the data folder.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from . import db
from .paths import Dirs

#: The folder (with the time of the import) an older Swoop's files move into.
IMPORTED = "imported-"


IMPORTED_README = """These are the files an older Swoop kept your progress in.

Swoop now keeps it in swoop.sqlite3, in the folder above, and brought everything it
could read from these files into it. Nothing here is needed any more; it is kept so
that nothing you had is lost. To get a history.json of all your games (for another
tool, or an older Swoop), run:  swoop --export history.json
"""


def _import_folder(dirs: Dirs) -> Path:
    """This start's ``imported-<date>/`` folder: one made by this process, right inside
    the data folder. Whatever is already at that name (a link to a folder elsewhere, a
    file, an earlier start's folder) is left alone and a fresh name taken
    (``imported-<date>-2``...), so nothing is ever moved out of the data folder."""
    folder = dirs.state.cache.get("import-folder")
    if isinstance(folder, Path) and db.own_folder(folder, dirs.data):
        return folder
    stamp = f"{IMPORTED}{datetime.now().strftime('%Y%m%d-%H%M%S')}"
    for n in range(1, 100):
        folder = dirs.data / (stamp if n == 1 else f"{stamp}-{n}")
        try:
            folder.mkdir()  # fails on anything there, a link included
        except FileExistsError:
            continue
        if db.own_folder(folder, dirs.data):
            dirs.state.cache["import-folder"] = folder
            return folder
    raise FileExistsError(f"no fresh folder for the imported files in {dirs.data}")


def move_imported(dirs: Dirs, files: list[Path]) -> None:
    """Move files an older Swoop kept, untouched, into this start's ``imported-<date>/``
    folder (best effort: a file left in place is brought in, or set aside, next time)."""
    if not files:
        return
    try:
        folder = _import_folder(dirs)
        readme = folder / "README.txt"
        if not (readme.exists() or readme.is_symlink()):
            readme.write_text(IMPORTED_README, encoding="utf-8")
        for path in files:
            target = folder / path.name
            n = 1
            while target.exists() or target.is_symlink():  # never over one kept before
                n += 1
                target = folder / f"{path.stem}-{n}{path.suffix}"
            os.replace(path, target)
    except OSError:
        pass
