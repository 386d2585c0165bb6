"""Watching a finished game again: the one table, configured to play a record back.

:func:`start_replay` rebuilds the game from its rules, seed and recorded
actions (checked first, so a damaged record gives a :class:`ReplayError`
naming the problem) and pushes the ordinary table with the replay
configuration (:func:`swoop_desktop.ui.table.drivers.replay`): every seat is
driven by its recorded actions, nothing is saved or recorded, and the table
speaks of a replay ("Replay" on screen, no "Your turn", a pause menu that
saves nothing). :class:`ReplayControls` are the replay's own controls:
pause/resume (P), one play at a time (N or →, while paused) and the speed
(S: slow, normal, fast).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import EngineError, Match
from swoop_desktop.i18n import Np_, _, pgettext
from swoop_desktop.plural import counted
from swoop_desktop.storage.seats import Seat

from ..controls import Button
from ..scene import Scene
from ..table import drivers
from ..table.drivers import REPLAY_PACE, REPLAY_SPEEDS, Playback
from .sheet import seat_names

if TYPE_CHECKING:
    from swoop_desktop.progress.game_record import GameRecord

    from ..scene import AppAPI
    from ..table.drivers import ControlledTable


class ReplayError(ValueError):
    """A past game cannot be watched again; the message says why, in plain words."""


#: The speeds a game is watched again at, as the speed button says them.
SPEED_WORDS = {
    "slow": Np_("replay speed", "slow"),
    "normal": Np_("replay speed", "normal"),
    "fast": Np_("replay speed", "fast"),
}


def speed_word(speed: str) -> str:
    """A replay speed in the player's language ("slow")."""
    word = SPEED_WORDS.get(speed)
    return pgettext("replay speed", word) if word else speed


def start_replay(app: AppAPI, record: GameRecord, speed: str = "normal") -> Scene:
    """Watch ``record`` again on the table at ``speed`` ("slow", "normal" or "fast")."""
    try:
        deals = record.deals()
        record.replayed()
    except (ValueError, EngineError) as exc:
        raise ReplayError(f"This game cannot be watched again: {exc}") from None
    if record.players != 4:
        raise ReplayError(f"This game had {counted(record.players, 'player')}; the table seats 4.")
    names = seat_names(record.seats, record.players)
    levels = [str(s.get("level") or "") if isinstance(s, dict) else "" for s in record.seats] + [
        ""
    ] * record.players
    seats = [
        Seat(p, names[p], "human" if p == HUMAN_SEAT else levels[p] or "bot")
        for p in range(record.players)
    ]
    playback = Playback(deals, speed if speed in REPLAY_PACE else "normal")
    controls = ReplayControls(playback)
    config = drivers.replay(playback, seats, controls)
    # The table takes its animation speed from the controls (``anim_speed``).
    return app.open("table", config, match=Match(record.rules_obj(), record.players, record.seed))


class ReplayControls:
    """A replay's buttons, keys and status line (the table's ``config.controls``)."""

    #: Seconds the status line answers a click on the cards.
    TELL_FOR = 4.0

    def __init__(self, playback: Playback) -> None:
        self.playback = playback
        self.told_at: float | None = None  # the table's clock when a card was clicked

    @property
    def speed(self) -> str:
        return self.playback.speed

    @property
    def paused(self) -> bool:
        return self.playback.paused

    def anim_speed(self) -> str:
        return REPLAY_PACE[self.playback.speed][1]

    def set_speed(self, table: ControlledTable, speed: str) -> None:
        pb = self.playback
        pb.speed = speed if speed in REPLAY_PACE else "normal"
        table.anim.set_speed(self.anim_speed())
        pb.wait = min(pb.wait, pb.gap())
        if table.buttons:
            table.build_buttons()

    def next_speed(self, table: ControlledTable) -> None:
        i = REPLAY_SPEEDS.index(self.playback.speed)
        self.set_speed(table, REPLAY_SPEEDS[(i + 1) % len(REPLAY_SPEEDS)])

    def toggle_pause(self, table: ControlledTable) -> None:
        self.playback.paused = not self.playback.paused
        self.playback.steps = 0
        table.build_buttons()

    def step_once(self, table: ControlledTable) -> None:
        """One recorded play (pausing first if the replay was running)."""
        if not self.playback.paused:
            self.playback.paused = True
            table.build_buttons()
        table.anim.skip()
        self.playback.steps += 1

    # -- what the table asks of its controls ---------------------------------------------
    def buttons(self, table: ControlledTable, keep: list[Button]) -> list[Button]:
        lay = table.lay
        u = lay.u
        bx, by = lay.buttons_origin
        bw, bh = int(150 * u), int(40 * u)
        size = max(12, int(17 * u))
        gap = lay.px(10)
        paused = self.playback.paused
        x2 = int(bx) + bw + gap
        return [
            Button(
                (int(bx), int(by), bw, bh),
                # Translators: buttons of a game watched again: go on / stop (key P).
                _("Resume (P)")
                if paused
                # Translators: a button of a game watched again: stop it for now (key P).
                else _("Pause (P)"),
                lambda: self.toggle_pause(table),
                primary=paused,
                size=size,
            ),
            Button(
                (x2, int(by), bw, bh),
                # Translators: a button of a game watched again: show one more play (key N).
                _("Next play (N)"),
                lambda: self.step_once(table),
                size=size,
            ),
            Button(
                (int(bx), int(by + bh + gap), 2 * bw + gap, bh),
                # Translators: a button of a game watched again; {speed} is "slow",
                # "normal" or "fast" (key S changes it).
                _("Speed (S): {speed}").format(speed=speed_word(self.playback.speed)),
                lambda: self.next_speed(table),
                size=size,
            ),
            *keep,
        ]

    def handle(self, table: ControlledTable, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                table.pause()
            elif key == pygame.K_p:
                self.toggle_pause(table)
            elif key in (pygame.K_n, pygame.K_RIGHT):
                self.step_once(table)
            elif key == pygame.K_s:
                self.next_speed(table)
            elif key in (pygame.K_SPACE, pygame.K_RETURN):
                table.anim.skip()
                self.playback.wait = 0.0
            return True
        if event.type == pygame.MOUSEWHEEL:
            table.log_scroll = max(0, min(len(table.log) - 1, table.log_scroll + event.y))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            for b in table.buttons:
                if b.handle(event) and event.type != pygame.MOUSEMOTION:
                    return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.told_at = table.clock  # the status line says why nothing happens
            return event.type != pygame.MOUSEMOTION
        return False

    def status(self, words: str, clock: float) -> str:
        if self.told_at is not None and clock - self.told_at < self.TELL_FOR:
            return "A replay is only watched: P pauses, N shows the next play, Esc for the menu"
        state = "paused" if self.playback.paused else self.playback.speed
        # Without "— then <next seat>" (the plates show it): the line keeps its full size.
        return f"Replay ({state}) · {words.split(' — ')[0]}" if words else "Replay"
