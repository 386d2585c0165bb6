"""Watching a finished game again: the table, configured to play a record back.

:func:`start_replay` rebuilds the game from its rules, seed and recorded
actions (checked first, so a damaged record gives a :class:`ReplayError`
naming the problem) and pushes a :class:`ReplayTable`: the ordinary table
with ``replay`` set, so it speaks of a replay ("Replay" on screen, no "Your
turn", a pause menu that saves nothing) and offers a replay's controls:
pause/resume (P), one play at a time (N or →, while paused) and the speed
(S, slow / normal / fast). Nobody thinks, nothing is saved or recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from swoop_desktop.choices import HUMAN_SEAT
from swoop_desktop.engine import Action, EngineError, Match

from ..controls import Button
from ..scene import Scene
from ..table.seats import Seat
from .scores import seat_names
from .table import TableScene

if TYPE_CHECKING:
    from swoop_desktop.ui.appapi import AppAPI


class ReplayError(ValueError):
    """A past game cannot be watched again; the message says why, in plain words."""


# seconds between recorded plays, and the animation speed, per replay speed
REPLAY_PACE = {"slow": (1.4, "slow"), "normal": (0.7, "normal"), "fast": (0.05, "fast")}
SPEED_ORDER = ("slow", "normal", "fast")


@dataclass
class Replay:
    """How the table plays a record back: the deals, the speed, paused or running."""

    record: Any
    deals: list[list[Action]]
    speed: str = "normal"
    paused: bool = False
    steps: int = 0  # plays asked for one at a time while paused


def start_replay(app: Any, record: Any, speed: str = "normal") -> Scene:
    """Watch ``record`` again on the table at ``speed`` ("slow", "normal" or "fast")."""
    try:
        deals = record.deals()
        record.replayed()
    except (ValueError, EngineError) as exc:
        raise ReplayError(f"This game cannot be watched again: {exc}") from None
    if record.players != 4:
        raise ReplayError(f"This game had {record.players} players; the table seats 4.")
    scene = ReplayTable(app, Replay(record, deals, speed if speed in REPLAY_PACE else "normal"))
    app.push(scene)
    return scene


class ReplayTable(TableScene):
    """The table, driven by a recorded game (see the module's notes)."""

    name = "table"

    def __init__(self, app: AppAPI, replay: Replay) -> None:
        record = replay.record
        super().__init__(app, match=Match(record.rules_obj(), record.players, record.seed))
        if self.saver is not None:  # a replay never saves or records anything
            self.saver.close()
            self.saver = None
        names = seat_names(record.seats, record.players)
        levels = [
            str(s.get("level") or "") if isinstance(s, dict) else "" for s in record.seats
        ] + [""] * record.players
        self.seats = [
            Seat(p, names[p], "human" if p == HUMAN_SEAT else levels[p] or "bot")
            for p in range(record.players)
        ]
        self.replay = replay
        self.replay_wait = 0.0
        self.replay_done = False
        self.set_speed(replay.speed)

    # -- what the table shows -------------------------------------------------------------
    @property
    def replay_speed(self) -> str:
        return self.replay.speed

    def set_speed(self, speed: str) -> None:
        self.replay.speed = speed if speed in REPLAY_PACE else "normal"
        gap, anim = REPLAY_PACE[self.replay.speed]
        self.replay_gap = gap
        self.anim.set_speed(anim)
        self.replay_wait = min(self.replay_wait, gap)
        if self.buttons:
            self._build_buttons()

    def next_speed(self) -> None:
        i = SPEED_ORDER.index(self.replay.speed)
        self.set_speed(SPEED_ORDER[(i + 1) % len(SPEED_ORDER)])

    def toggle_pause(self) -> None:
        self.replay.paused = not self.replay.paused
        self.replay.steps = 0
        self._build_buttons()

    def step_once(self) -> None:
        """One recorded play (pausing first if the replay was running)."""
        if not self.replay.paused:
            self.replay.paused = True
            self._build_buttons()
        self.anim.skip()
        self.replay.steps += 1

    def next_recorded(self) -> Action | None:
        m = self.match
        if m.state is None or m.hand_over or m.hand_no >= len(self.replay.deals):
            return None
        deal = self.replay.deals[m.hand_no]
        done = len(m.actions[-1])
        return deal[done] if done < len(deal) else None

    # -- the frame loop ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.anim.update(dt)
        self._follow_picture()
        if self.toast:
            text, left, ink = self.toast
            self.toast = (text, left - dt, ink) if left - dt > 0 else None
        if self.banner:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None
        if not self.idle:
            return
        action = self.next_recorded()
        if action is None:
            self.replay_done = self.match.over or self.replay_done
            return
        if self.replay.paused:
            if self.replay.steps > 0:
                self.replay.steps -= 1
                self.apply(action)
            return
        self.replay_wait -= dt
        if self.replay_wait <= 0:
            self.replay_wait = self.replay_gap
            self.apply(action)
            self.wait_click = False

    def _build_buttons(self) -> None:
        super()._build_buttons()
        keep = [b for b in self.buttons if b.label in ("Menu", "Scores")]
        lay = self.lay
        u = lay.u
        bx, by = lay.buttons_origin
        bw, bh = int(150 * u), int(40 * u)
        size = max(12, int(17 * u))
        gap = lay.px(10)
        paused = self.replay.paused
        x2 = int(bx) + bw + gap
        controls = [
            Button(
                (int(bx), int(by), bw, bh),
                "Resume (P)" if paused else "Pause (P)",
                self.toggle_pause,
                primary=paused,
                size=size,
            ),
            Button((x2, int(by), bw, bh), "Next play (N)", self.step_once, size=size),
            Button(
                (int(bx), int(by + bh + gap), 2 * bw + gap, bh),
                f"Speed (S): {self.replay.speed}",
                self.next_speed,
                size=size,
            ),
        ]
        self.buttons = controls + keep

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.pause()
            elif key == pygame.K_p:
                self.toggle_pause()
            elif key in (pygame.K_n, pygame.K_RIGHT):
                self.step_once()
            elif key == pygame.K_s:
                self.next_speed()
            elif key in (pygame.K_SPACE, pygame.K_RETURN):
                self.anim.skip()
                self.replay_wait = 0.0
            return True
        if event.type == pygame.MOUSEWHEEL:
            return super().handle(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            for b in self.buttons:
                if b.handle(event) and event.type != pygame.MOUSEMOTION:
                    return True
            return event.type != pygame.MOUSEMOTION
        return False

    # -- a replay's words ------------------------------------------------------------------
    def _phase_words(self) -> str:
        words = super()._phase_words()
        return "To play" if words == "Your turn" else words

    def _status(self) -> str:
        words = super()._status()
        first = self.seat_name(HUMAN_SEAT)
        turn = "You to play" if first == "You" else f"{first}'s turn"
        words = (
            words.replace("Your turn", turn)
            .replace("Follow-up: add more", f"{first}: add more")
            .replace("Chain: flip another", f"{first}: flip another")
        )
        state = "paused" if self.replay.paused else self.replay.speed
        return f"Replay ({state}) · {words}" if words else "Replay"
