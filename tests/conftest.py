"""Test set-up shared by every test: headless SDL, no sound card, isolated user folders."""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read the game's English words, whatever the machine's language (set
# SWOOP_LANGUAGE=de to run them in German on purpose).
os.environ.setdefault("SWOOP_LANGUAGE", "en")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    """Every test gets its own SWOOP_HOME so nothing touches the real user's saves."""
    home = tmp_path_factory.mktemp("swoop_home")
    monkeypatch.setenv("SWOOP_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg_data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg_config"))
    yield home


@pytest.fixture(autouse=True)
def _words_in_the_chosen_language():
    """A test that switches the language leaves the next one in the language chosen above."""
    yield
    from swoop_desktop import i18n

    if i18n.language() != i18n.system_language():
        i18n.set_language(None)


@pytest.fixture(autouse=True)
def _thinking_in_process(monkeypatch):
    """The game's thinking runs on threads here unless a test asks for worker processes
    (``tests/ai/test_workers.py``): no test leaves a worker behind for the next."""
    from swoop_desktop.ai import workers

    monkeypatch.setenv(workers.MODE_VARIABLE, "threads")
    workers.shutdown()
    yield
    workers.shutdown()


@pytest.fixture(autouse=True)
def _progress_opened_before_the_first_frame(monkeypatch):
    """A window waits for its progress database to open before its first frame here (a
    test reads the title's rating at once); tests/ui/test_opening.py times the real wait."""
    monkeypatch.setenv("SWOOP_OPENING_WAIT", "60")


@pytest.fixture(autouse=True)
def _pilots_draw_the_frames_a_test_sees(request, monkeypatch):
    """A headless pilot here draws only the frames a test can see (the last of each
    stretch, each new screen's first, a still screen's): the game plays the same
    (``tests/ui/test_pilot_drawing.py``) for a fraction of the drawing. A test that checks
    the drawing itself (frames counted, pictures cached over a game) is marked
    ``every_frame`` and its pilot draws every frame, as the game does."""
    if request.node.get_closest_marker("every_frame"):
        return
    from swoop_desktop.ui import pilot

    monkeypatch.setattr(pilot.Pilot, "draws", "seen")


@pytest.fixture(autouse=True)
def _pilots_open_the_smallest_window(monkeypatch):
    """A headless pilot here opens the smallest window the game supports (960x600), not
    the game's first 1280x720, unless a test says which: where the layouts are tightest,
    and 37% fewer pixels a frame (the UI tests' CPU 74.7 -> 65.1 s). The layout tests give
    their sizes (tests/ui/test_layouts_in_every_language.py and others)."""
    from swoop_desktop.ui import pilot
    from swoop_desktop.ui.app import MIN_SIZE

    monkeypatch.setattr(pilot.Pilot, "size", MIN_SIZE)


def pytest_collection_finish(session):
    """The collected tests live for the whole run: frozen out of the collector's sight, so
    the full collections the game makes as a screen comes to rest do not walk them again."""
    gc.collect()
    gc.freeze()


@pytest.fixture(scope="session")
def compiled(tmp_path_factory) -> Path:
    """The repository's catalogues compiled once for the run into a scratch folder
    (``tools/catalogues.py``: msgfmt --check, or Babel); skipped where neither is installed.
    Tests read it, never change it (a test that damages one copies it first)."""
    import importlib.util
    import shutil

    if not shutil.which("msgfmt") and importlib.util.find_spec("babel") is None:
        pytest.skip("neither GNU msgfmt nor Babel is installed to compile the catalogues")
    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("catalogues", root / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    folder = tmp_path_factory.mktemp("locale")
    tool.compile_all(root, folder)
    return folder
