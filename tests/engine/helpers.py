"""Small builders for engine tests: positions in docs/rules.md notation."""

from __future__ import annotations

from typing import Any

from swoop_desktop.engine import GameState, action_from_json, format_position, parse_position
from swoop_desktop.engine.events import events_json

EMPTY4 = [None, None, None, None]


def player(hand: str = "", up: list | None = None, down: list | None = None) -> dict[str, Any]:
    return {"hand": hand, "up": list(up or EMPTY4), "down": list(down or EMPTY4)}


def position(
    players: list[dict],
    pile: str = "",
    to_move: int = 0,
    phase: Any = "play",
    rules: dict | None = None,
    **extra: Any,
) -> GameState:
    data = {
        "rules": rules or {"preset": "app"},
        "players": players,
        "pile": pile,
        "to_move": to_move,
        "phase": phase,
        **extra,
    }
    return parse_position(data)


def act(state: GameState, action: Any) -> list[dict]:
    """Apply an action given as JSON (dict or text); return the events as the CLI prints them."""
    return events_json(state.apply(action_from_json(action)))


def types(events: list[Any]) -> list[str]:
    return [e["type"] if isinstance(e, dict) else e.kind for e in events]


def pos(state: GameState) -> dict[str, Any]:
    return format_position(state)


def legal_json(state: GameState) -> list[dict]:
    return [a.to_json() for a in state.legal_actions()]
