"""The application: one window, a scene stack and the frame loop.

``App`` owns the display, the theme, the sound, the player's settings and
folders, and the stack of scenes. ``app.step(dt)`` runs exactly one frame
(events -> handle -> update -> draw -> flip), which is what the headless
pilot and the demo mode drive. The ``swoop`` command line is :mod:`swoop_desktop.cli`.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
import warnings
from array import array
from typing import Any

import pygame

from swoop_desktop import i18n
from swoop_desktop.ai import FEATURES, LEVELS, PERSONALITIES, workers
from swoop_desktop.choices import AIPace, AnimationSpeed
from swoop_desktop.engine import Rules
from swoop_desktop.i18n import _
from swoop_desktop.progress import UI_WAIT, opening, retire_game
from swoop_desktop.progress.game_record import GameRecord
from swoop_desktop.progress.history import keep_unsaved
from swoop_desktop.storage import (
    Dirs,
    Known,
    Settings,
    claim_data_folder,
    clear_game,
    has_saved_game,
    load_game,
    load_settings,
    open_dirs,
    release_data_folder,
    save_settings,
)
from swoop_desktop.storage.paths import holds_data_folder
from swoop_desktop.storage.seats import seats_to_json

from .cards import give_back_memory, keep_large_pictures_apart
from .controls import page, wrap_text
from .icon import window_icon
from .keys import KeyPresses
from .results import ModalResult
from .scene import Scene, SceneStack
from .screens import TableScene, make_screen, start_replay
from .sound import Sound
from .table.drivers import DEMO, GAME, PRACTICE
from .theme import Theme

MIN_SIZE = (960, 600)
WINDOW_CLASS = "Swoop"  # the window's title and (on X11) its class
#: While the screen rests, the longest the loop sleeps before the scenes' timers run,
#: and how often it looks for input meanwhile.
REST_WAKE_S = 0.25
REST_POLL_S = 0.02
#: The frames whose times are kept (``App.frame_ms``): ten minutes of moving frames.
FRAME_TIMES_KEPT = 36_000
DEFAULT_SIZE = (1280, 720)
#: The environment variable for the seconds the first frame waits for the progress
#: database to open (progress.opening.QUICK by default: a short history is ready by then,
#: a long one goes on beside the frames; the tests wait for it, to read as before).
OPENING_WAIT = "SWOOP_OPENING_WAIT"
SPEEDS: tuple[str, ...] = tuple(s.value for s in AnimationSpeed)
PACES: tuple[str, ...] = tuple(p.value for p in AIPace)


def _seconds(text: str | None, default: float) -> float:
    try:
        return max(0.0, float(text)) if text else default
    except ValueError:
        return default


#: Room kept free at the display's edges for what the desktop puts there: a window's
#: title bar above it (its place is its inside's), a panel or taskbar below. pygame tells
#: the display's size, not the part of it windows may use.
TITLE_BAR = 40
TASKBAR = 56


def _desktop_sizes() -> list[tuple[int, int]]:
    try:
        return [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
    except (pygame.error, AttributeError, TypeError, ValueError):
        return []


def window_place(
    size: tuple[int, int],
    pos: tuple[int, int] | list[int] | None,
    desktops: list[tuple[int, int]],
) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The window's size and place for a saved ``size`` and ``pos`` on displays of
    ``desktops`` sizes (side by side, as most are): no larger than the usable part of
    the display (less :data:`TITLE_BAR` and :data:`TASKBAR`) and placed so that all of it
    is on screen, its buttons at the foot too. No saved place, or no display known:
    the size as it is and no place (the desktop chooses)."""
    if not desktops:
        return size, None if pos is None else (int(pos[0]), int(pos[1]))
    width = sum(w for w, _h in desktops)
    height = max(h for _w, h in desktops)
    room_w, room_h = desktops[0][0], height - TITLE_BAR - TASKBAR
    w, h = min(int(size[0]), room_w), min(int(size[1]), room_h)
    w, h = max(w, min(MIN_SIZE[0], int(size[0]))), max(h, min(MIN_SIZE[1], int(size[1])))
    if pos is None:
        return (w, h), None
    x = max(0, min(int(pos[0]), width - w))
    y = max(TITLE_BAR, min(int(pos[1]), height - TASKBAR - h))
    return (w, h), (x, y)


def process_start_time() -> float:
    """Seconds on the ``time.time()`` clock when this process started (best effort)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])
        hz = os.sysconf("SC_CLK_TCK")
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return time.time() - uptime + start_ticks / hz
    except (OSError, ValueError, IndexError, AttributeError):
        # No /proc (Windows, macOS): the entry point noted when it started.
        for name in ("swoop_desktop.__main__", "__main__"):
            started = getattr(sys.modules.get(name), "STARTED_AT", None)
            if isinstance(started, float):
                return started
        return _IMPORTED_AT


_IMPORTED_AT = time.time()


def frame_time(dt: float, rate: int) -> float:
    """The seconds a frame hands the scenes: a stall counts as a tenth of a second at most,
    and a scene drawn on purpose more slowly (the title's softened game, 8 frames a second)
    gets its frames' whole time (capped at a tenth, the game behind the title played at
    0.8 of the wall's pace and rested seconds late, drawing all the while)."""
    return min(dt, max(0.1, 1.5 / max(1, rate)))


class App:
    """The running game. Scenes reach everything through it (see notes in scene.py)."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        data_dir: str | None = None,
        demo: bool = False,
        seed: int | None = None,
        speed: str | None = None,
        pace: str | None = None,
        rules: Rules | None = None,
        start: str = "auto",
        players: int | None = None,
        fullscreen: bool | None = None,
    ) -> None:
        self.started_at = time.perf_counter()
        # AI players think on worker threads: hand the interpreter back to the frame
        # loop often, so no frame waits long on a thinking AI.
        sys.setswitchinterval(0.0002)
        # The window's class on X11, which a Linux dock shows as the program's name
        # (pygame otherwise names it after the script: "__main__.py").
        os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
        keep_large_pictures_apart()  # before the first picture is made
        pygame.display.init()
        pygame.font.init()
        # The demo is a session that keeps nothing: settings, the window's place and
        # games are left as they were, and its table is the demo configuration.
        self.keeps_files = not demo
        self._table_config = DEMO if demo else GAME
        self.seed = seed
        self.rules_override = rules
        self.players_override = players
        self.notices: list[str] = []
        self.toast: tuple[str, float] | None = None
        self.settings = Settings()
        self._settings_known = self.settings
        self._storage_ok = False
        self._pending_notices: list[str] = []
        self._told_unsaved = False  # told at a close that a finished game is not saved
        self._data_dir = data_dir
        self._load_settings()
        self._language = ""  # the language chosen in Settings that is in use ("" the system's)
        self._apply_language()
        self.speed_override = speed
        self.pace_override = pace
        want = size or tuple(self.settings.window_size or DEFAULT_SIZE)
        want = (
            (max(MIN_SIZE[0], int(want[0])), max(MIN_SIZE[1], int(want[1])))
            if size is None
            else (int(want[0]), int(want[1]))
        )
        if size is None and not demo:
            # The saved size and place, kept within the display as it is now (a smaller
            # screen, or a place that would put the window's foot below its edge).
            want, pos = window_place(want, self.settings.window_pos, _desktop_sizes())
            if pos is not None:
                os.environ.setdefault("SDL_VIDEO_WINDOW_POS", f"{pos[0]},{pos[1]}")
        pygame.display.set_caption(WINDOW_CLASS)
        self.screen = pygame.display.set_mode(want, pygame.RESIZABLE)
        self._window = None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                self._window = pygame.Window.from_display_module()
            self._window.minimum_size = MIN_SIZE
        except (pygame.error, AttributeError, TypeError):
            self._window = None
        try:
            pygame.display.set_icon(window_icon())
        except Exception:  # noqa: BLE001 - an icon is a nicety, never a reason to fail
            pass
        self.theme = Theme()
        volume = self.settings.volume
        self.sound = Sound(
            int(round(volume * 100)) if volume <= 1 else int(volume),
            bool(self.settings.muted) or demo,
        )
        self.stack = SceneStack()
        self._words_in = i18n.generation()  # the language the screens' words were built in
        self.running = True
        self.frames = 0
        # The last frames' times (8 bytes each, at most FRAME_TIMES_KEPT of them):
        self.frame_ms = array("d")  # wall time of each frame's work
        self.frame_cpu_ms = array("d")  # CPU time of the frame loop's thread
        self.first_frame_at: float | None = None
        self.last_input = 0.0  # perf_counter of the last input event
        self.keys = KeyPresses()  # which presses a panel that just opened may answer
        self._drawn_at: Scene | None = None  # the top scene when a frame was last drawn
        self._rested = False  # the last frame drawn was a still one
        self._memory_due = False  # a screen changed since the memory was last given back
        self._drawn_picture: object = None  # the top scene's picture() when last drawn
        # A frame stepped without its picture (Pilot): (draw, its start, its CPU start).
        self._unshown: tuple[bool, float, float] | None = None
        self.tip_shown = demo  # the how-to-play tip on the first turn of a session
        self.fullscreen = False
        if (fullscreen if fullscreen is not None else self.settings.fullscreen) and not demo:
            self.toggle_fullscreen()
        self._start(start)

    # ------------------------------------------------------------ settings
    def _load_settings(self) -> None:
        # open_dirs never fails: an unusable folder gives Dirs on which nothing is kept.
        self.dirs: Dirs
        self.dirs, messages = open_dirs(self._data_dir)
        self.notices.extend(messages)
        if not self.dirs.usable:
            return
        self.settings, messages = load_settings(self.dirs, self.known())
        self._settings_known = self.settings  # what this window last read or wrote
        self.notices.extend(messages)
        if self.keeps_files:
            self.notices.extend(claim_data_folder(self.dirs))
            # The database is looked over, games an earlier session kept aside stored and
            # the rating worked out beside the first frames (a long history takes seconds).
            opening.begin(self.dirs, self.settings.count_abandoned)
            opening.wait(self.dirs, _seconds(os.environ.get(OPENING_WAIT), opening.QUICK))
        self._storage_ok = True

    @staticmethod
    def known() -> Known:
        """The AI names the storage checks saved settings and games against."""
        return Known(
            levels=tuple(LEVELS), personalities=tuple(PERSONALITIES), features=tuple(FEATURES)
        )

    def _storage_notices(self) -> None:
        """Storage problems (saves, the history, a second window) reach the player one at a
        time over whatever screen is up, Game Over included."""
        self._pending_notices.extend(self.dirs.notices.take())
        if self._pending_notices and self.toast is None:
            self.notify(self._pending_notices.pop(0), 8.0)

    def save_settings(self) -> None:
        """Write ``app.settings`` (a frozen Settings: replace it, then call this), and tell
        every scene. The demo writes nothing, but its scenes still follow the change."""
        if self._storage_ok and self.keeps_files:
            try:
                # Only what changed here, merged over the file as it is now (another window
                # may have changed other settings meanwhile).
                save_settings(self.dirs, self.settings, since=self._settings_known)
                self._settings_known = self.settings
            except (OSError, ValueError) as exc:
                # ValueError: a setting the file could not hold; the old file stays as it was.
                self.notify(_("Settings could not be saved: {reason}").format(reason=exc))
        self.sound.volume = int(round(self.settings.volume * 100))
        self.sound.muted = bool(self.settings.muted)
        self._apply_language()
        for scene in self.stack.scenes:
            scene.settings_changed()

    def _apply_language(self) -> None:
        """Speak the language chosen in Settings from the next frame on (every screen builds
        its words again: see :meth:`step`). Left as it is while the choice is the system's
        and unchanged, so a language set before the window opened (a test's) stays."""
        chosen = self.settings.language
        if chosen == self._language:
            return
        self._language = chosen
        i18n.set_language(chosen or None)  # English when its catalogue is missing

    def update_settings(self, **changes: Any) -> None:
        """Change some settings and save them."""
        self.settings = dataclasses.replace(self.settings, **changes)
        self.save_settings()

    @property
    def anim_speed(self) -> str:
        speed = self.speed_override or self.settings.animation_speed
        return speed if speed in SPEEDS else "normal"

    @property
    def ai_pace(self) -> str:
        pace = self.pace_override or self.settings.ai_pace
        return pace if pace in PACES else "normal"

    # -------------------------------------------------------------- scenes
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def table(self) -> TableScene | None:
        """The table in the stack (a game, a replay or the demo), if there is one."""
        for scene in reversed(self.stack.scenes):
            if isinstance(scene, TableScene):
                return scene
        return None

    def push(self, scene: Scene) -> Scene:
        return self.stack.push(scene)

    def build_screen(self, name: str, *args: Any, **options: Any) -> Scene:
        """The screen called ``name`` (``ui/screens.py`` lists them), built, not shown."""
        return make_screen(self, name, *args, **options)

    def open(self, name: str, *args: Any, **options: Any) -> Scene:
        """Build the screen called ``name`` and show it on top."""
        return self.stack.push(make_screen(self, name, *args, **options))

    def pop(self, value: ModalResult = None) -> Scene | None:
        return self.stack.pop(value)

    def notify(self, text: str, seconds: float = 5.0) -> None:
        """A message for the player, shown over whatever scene is up."""
        self.toast = (text, seconds)

    def _start(self, start: str) -> None:
        if self._table_config is DEMO:
            self.stack.clear_to(make_screen(self, "table", DEMO, seed=self.seed))
        elif start == "table":
            self.new_game()
        elif start == "none":
            return
        else:
            self.stack.clear_to(make_screen(self, "title"))
        # Start-up messages are shown one after another (each for 8 s), not over each other.
        self._pending_notices[:0] = self.notices
        self._storage_notices()

    def to_title(self) -> None:
        """Back to the title screen (the game in progress stays saved)."""
        while self.stack.scenes:
            self.stack.pop()  # each scene keeps what it must as it leaves (Scene.exit)
        self.stack.push(make_screen(self, "title"))

    def new_game(self, seed: int | None = None, practice: bool = False) -> Scene:
        """Start a fresh game on the table (the title stays below it); ``practice``: an
        unrated practice game, with take-backs.

        A game in progress that is left for the new one (at the table, or saved for
        Continue) goes into the history as abandoned, so no game is lost without a trace.
        """
        forget = self._record_abandoned()
        while self.stack.scenes and self.stack.top is not None and self.stack.top.name != "title":
            self.stack.pop()  # the old game is saved as its table leaves
        if forget and self._storage_ok and self.keeps_files:  # the demo never touches it
            try:
                clear_game(self.dirs)
            except OSError:
                pass
        if not self.stack.scenes:
            self.stack.push(make_screen(self, "title"))
        config = self._table_config  # the demo's "New game" is another demo game
        if practice and config is GAME:
            config = PRACTICE
        return self.open("table", config, seed=self.seed if seed is None else seed)

    def _record_abandoned(self) -> bool:
        """Record the game left for a new one; False when the saved game must be kept
        (the history could not take it, nor a record beside it: nothing is deleted
        until its new home has it)."""
        if not self._storage_ok or not self.keeps_files:
            return False
        table = self.table
        if table is not None and table.config.saves:
            match, seats = table.match, seats_to_json(table.seats, brief=True)
            practice = table.config.practice
            hints = dict(table.model.hints)
        elif has_saved_game(self.dirs) and holds_data_folder(self.dirs):
            # No table, or one that saves nothing (a replay, the daily deal, the lesson):
            # the saved game is the one the new game replaces. Only the window holding the
            # data folder owns it: another window's game in progress is never recorded.
            saved, _ = load_game(self.dirs, self.known())
            if saved is None:
                return True
            match = saved.match
            seats = seats_to_json(saved.seats or [], brief=True)
            practice = saved.extra.get("practice") is True
            from swoop_desktop.progress.game_record import hints_from_json

            hints = hints_from_json(saved.extra.get("hints"))
        else:
            return True
        if match.over or not any(match.actions):
            return True  # finished games are recorded when they end; an untouched deal is nothing
        # Its messages reach the player through dirs.notices (once); the wait is short,
        # because a game the history cannot take at once is kept beside it.
        return retire_game(
            self.dirs, match, seats, abandoned=True, wait=UI_WAIT, practice=practice, hints=hints
        )

    def continue_game(self) -> Scene | None:
        """Restore the saved game exactly; None (and a message) if there is none."""
        if not self._storage_ok:
            self.notify(_("There is no saved game"))
            return None
        if not self.keeps_files:
            self.notify(_("The demo leaves your saved game alone: start Swoop without --demo"))
            return None
        if has_saved_game(self.dirs) and not holds_data_folder(self.dirs):
            self.notify(
                _(
                    "The saved game belongs to the other Swoop window open on this data folder: "
                    "continue it there."
                ),
                8.0,
            )
            return None
        saved, messages = load_game(self.dirs, self.known())
        for text in messages:
            self.notify(text, 8.0)
        if saved is None:
            if not messages:
                self.notify(_("There is no saved game"))
            return None
        while self.stack.top is not None and self.stack.top.name != "title":
            self.stack.pop()
        config = PRACTICE if saved.extra.get("practice") is True else GAME
        from swoop_desktop.progress.game_record import hints_from_json

        return self.open(
            "table",
            config,
            match=saved.match,
            log=saved.log,
            saved_seats=saved.seats,
            hints=hints_from_json(saved.extra.get("hints")),
        )

    def watch_replay(self, record: GameRecord, speed: str = "normal") -> Scene:
        """Watch a finished game again on the table (a ValueError says why it cannot be).

        Scenes reach the replay through here, so the score sheet and the game-over
        sheet never import the table (the table imports them)."""
        return start_replay(self, record, speed)

    def quit(self) -> None:
        """Leave the game (it is saved; the window size and place are remembered).

        A finished game that could be written nowhere (a full disk) is tried once more;
        if it still is not saved, the player is told so and where room is needed, and the
        window stays open until they close it again."""
        if self._storage_ok and self.keeps_files:
            told = keep_unsaved(self.dirs)
            if told and not self._told_unsaved:
                self._told_unsaved = True
                self.notify(told[0], 20.0)
                return
        self.running = False

    def shutdown(self) -> None:
        """Save what must be saved and close the window.

        The screens then close as they do when popped (top first), so the work they began
        off the frame loop (a review's weighing, a puzzle's, a table's thinking) stops
        with the window: the game's process ends here anyway, and a process that goes on
        (the tests, the selftest) keeps no thread busy for a window that is gone."""
        for scene in self.stack.scenes:
            scene.persist()
        for scene in reversed(self.stack.scenes):
            scene.exit()
        if self._storage_ok and self.keeps_files:
            changes: dict[str, Any] = {"fullscreen": self.fullscreen}
            if not self.fullscreen:
                changes["window_size"] = tuple(self.size)
                if self._window is not None:
                    try:
                        changes["window_pos"] = tuple(self._window.position)
                    except (pygame.error, AttributeError):
                        pass
            try:
                self.update_settings(**changes)
            except (TypeError, ValueError):
                pass
        release_data_folder(self.dirs)
        # The thinking workers end with the window: work in flight is abandoned.
        workers.shutdown()
        pygame.display.quit()

    # --------------------------------------------------------------- window
    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        try:
            if self._window is not None:
                if self.fullscreen:
                    self._window.set_fullscreen(desktop=True)
                else:
                    self._window.set_windowed()
                self.screen = pygame.display.get_surface() or self.screen
            else:
                pygame.display.toggle_fullscreen()
        except pygame.error:
            pass
        self.stack.resize(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = max(MIN_SIZE[0] // 2, int(size[0])), max(MIN_SIZE[1] // 2, int(size[1]))
        if self.screen.get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.stack.resize(self.size)

    # ----------------------------------------------------------------- loop
    def dispatch(self, event: pygame.event.Event) -> None:
        et = event.type
        if et == pygame.QUIT:
            self.quit()
            return
        if et == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if et in (pygame.WINDOWSIZECHANGED,):
            surf = pygame.display.get_surface()
            if surf is not None and surf.get_size() != self.stack_size:
                self.screen = surf
                self.stack.resize(self.size)
            return
        if et in (pygame.KEYDOWN, pygame.KEYUP):
            self.keys.note(event)
        if et == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            if self._storage_ok and self.keeps_files:
                self.update_settings(fullscreen=self.fullscreen)
            return
        self.stack.handle(event)

    @property
    def stack_size(self) -> tuple[int, int]:
        return getattr(self, "_stack_size", (0, 0))

    def step(self, dt: float, draw: bool = True, shown: bool = True) -> None:
        """Exactly one frame: events, handle, update, draw, flip.

        ``draw=False`` (only the interactive loop, resting) updates without drawing; any
        event that arrives draws the frame after all. ``shown=False`` (only the headless
        pilot, between the frames a test looks at) runs the frame without its picture:
        the game goes on exactly as when it is drawn (drawing reads the scenes, never
        changes them), and :meth:`show` draws the frame the last step left undrawn.
        """
        t0 = time.perf_counter()
        c0 = time.thread_time()
        self.keys.tick(dt)
        for event in pygame.event.get():
            self.dispatch(event)
            self.last_input = t0
            draw = True
        self._stack_size = self.size
        if i18n.generation() != self._words_in:  # the language changed: every screen's words
            self._words_in = i18n.generation()
            self.stack.language_changed(self.size)
            draw = True
        self._storage_notices()
        self.stack.update(dt)
        if self.first_frame_at is not None and not self.sound.ready:
            self.sound.warm(0.0008)  # effects are synthesized a slice per frame
        if self.toast:
            text, left = self.toast
            self.toast = (text, left - dt) if left - dt > 0 else None
        if not self.stack.scenes:
            self.running = False
            return
        if not shown and self._drawn_at is self.stack.top and (draw or not self.resting):
            # A moving frame of a screen already drawn: its picture waits for show(). A
            # new screen's first frame is drawn (a panel notes when it was first shown),
            # and a still one's goes on as ever (at rest it draws only what changed).
            self._unshown = (draw, t0, c0)
            return
        self._picture(draw, t0, c0)

    @property
    def unshown(self) -> bool:
        """The last frame was stepped without its picture (``step(shown=False)``)."""
        return self._unshown is not None

    def show(self) -> None:
        """Draw the frame the last :meth:`step` ran unshown (``shown=False``), as that step
        would have drawn it; nothing if it was drawn."""
        unshown, self._unshown = self._unshown, None
        if unshown is not None and self.stack.scenes:
            self._picture(*unshown)

    def _picture(self, draw: bool, t0: float, c0: float) -> None:
        """The drawing half of a frame: the top scenes drawn and flipped, unless the
        screen rests (``draw=False``) and nothing on it changed."""
        self._unshown = None
        if not draw and self._drawn_at is self.stack.top and self.resting:
            if not self.picture_changed:
                self.sound.warm_at_rest()
                if self._memory_due or not self._rested:
                    # Come to rest without a new picture: what the moving frames let go
                    # is handed back now (once), not at some later drawn frame.
                    self.theme.let_fonts_go()
                    page.let_go_unused()
                    give_back_memory()
                    self._memory_due = False
                    self._rested = True
                return
        resting = self.resting
        if self._drawn_at is not None and self._drawn_at is not self.stack.top:
            self._memory_due = True  # a new screen (not the first) let its caches go
            page.new_screen()
        # The first still frame hands back what the caches let go: a full collection
        # costs a frame's time, so a burst of screen changes (or input) waits for it.
        memory_due = resting and (self._memory_due or not self._rested)
        if memory_due:
            self.theme.let_fonts_go()
            self._memory_due = False
        self._rested = resting
        top = self.stack.top
        self._drawn_picture = top.picture() if top is not None else None
        self.stack.draw(self.screen)
        self._drawn_at = top
        if memory_due:  # once this frame has drawn what it shows: the cloths, panels
            page.let_go_unused()  # and words of the screens before go
        self._draw_toast()
        pygame.display.flip()
        if memory_due:
            # Last, so that what this frame's drawing and the pages let go is handed
            # back too (freed after the collection, it would stay resident all rest).
            give_back_memory()
        self.frames += 1
        self.frame_ms.append((time.perf_counter() - t0) * 1000)
        self.frame_cpu_ms.append((time.thread_time() - c0) * 1000)
        if len(self.frame_ms) > FRAME_TIMES_KEPT:
            del self.frame_ms[: FRAME_TIMES_KEPT // 2]
            del self.frame_cpu_ms[: FRAME_TIMES_KEPT // 2]
        if self.first_frame_at is None:
            self.first_frame_at = time.time()

    @property
    def picture_changed(self) -> bool:
        """The top scene's picture changed since it was last drawn (work finished on
        another thread, a step of progress): a resting screen is drawn again."""
        top = self.stack.top
        return top is not None and top.picture() != self._drawn_picture

    def _draw_toast(self) -> None:
        if not self.toast:
            return
        text, left = self.toast
        t = self.theme
        u = min(self.size[0] / 1280, self.size[1] / 720)
        fnt = t.font(max(12, int(16 * u)), True)
        # A long message wraps onto more lines, well inside the window's edges.
        lines = wrap_text(fnt, text, min(int(self.size[0] * 0.7), int(1000 * u)))
        images = [fnt.render(line, True, t.text) for line in lines]
        step = fnt.get_linesize()
        height = step * (len(images) - 1) + images[-1].get_height()
        rect = pygame.Rect(0, 0, max(i.get_width() for i in images), height)
        rect.midbottom = (self.size[0] // 2, self.size[1] - int(20 * u))
        back = rect.inflate(int(24 * u), int(12 * u))
        panel = pygame.Surface(back.size, pygame.SRCALPHA)
        alpha = int(230 * min(1.0, left / 0.5))
        pygame.draw.rect(panel, (*t.panel, alpha), panel.get_rect(), border_radius=8)
        pygame.draw.rect(panel, (*t.panel_edge, alpha), panel.get_rect(), width=2, border_radius=8)
        self.screen.blit(panel, back)
        for k, img in enumerate(images):
            img.set_alpha(alpha)
            self.screen.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + k * step)))

    @property
    def frame_rate(self) -> int:
        """60 frames a second while anything moves (or a scene's own ``frames_per_second``
        when its picture changes more slowly); while the screen rests (:attr:`resting`)
        the loop draws only on input (see :meth:`run`), and 15 is the pilot's pace.

        A scene says it is still with ``animating = False`` (the table does when
        nothing moves, nobody thinks and no message fades); any input brings
        the full rate back at once.
        """
        if self.resting:
            return 15
        if time.perf_counter() - self.last_input < 1.0 or self.toast is not None:
            return 60
        # A scene whose picture changes more slowly says so (the title's softened game).
        return int(getattr(self.stack.top, "frames_per_second", 60))

    @property
    def resting(self) -> bool:
        """Nothing on screen moves: no input for a second, no message showing, and the top
        scene still (``animating`` False; a scene without it always counts as moving)."""
        if time.perf_counter() - self.last_input < 1.0 or self.toast is not None:
            return False
        top = self.stack.top
        return top is not None and not top.animating

    def run(self) -> int:
        """The interactive loop, until the player quits.

        While the screen rests (:attr:`resting`) the loop sleeps until input arrives,
        the top scene's picture changes (:attr:`picture_changed`), or
        :data:`REST_WAKE_S` passes (for the scenes' own timers), and draws only when
        something came in or changed: a still screen costs next to nothing.
        """
        clock = pygame.time.Clock()
        try:
            while self.running:
                if self.resting and self._drawn_at is self.stack.top:
                    # A short sleep and a look at the queue: SDL's own timed wait polls,
                    # and costs more than this does.
                    waited = 0.0
                    while (
                        waited < REST_WAKE_S
                        and not pygame.event.peek()
                        and not self.picture_changed
                    ):
                        time.sleep(REST_POLL_S)
                        waited += REST_POLL_S
                    dt = clock.tick() / 1000
                    self.step(min(dt, 0.1), draw=False)  # any input draws after all
                    continue
                rate = self.frame_rate
                self.step(frame_time(clock.tick(rate) / 1000, rate))
        finally:
            self.shutdown()
        return 0
