"""Shared by the networked table's tests: a host in the test's own event loop, and the
check that what a client received is its seat's observation and nothing more."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from swoop_desktop.engine import Action, GameState, Match, Rules, action_from_json
from swoop_desktop.engine.observation import PublicHistory, observe
from swoop_desktop.net.host import Host, Options
from swoop_desktop.net.protocol import dump, observation_json

LOOPBACK = "127.0.0.1"


async def start_host(options: Options) -> tuple[Host, asyncio.Task[Any], str]:
    """A host listening on a free loopback port: (host, its task, its ws:// address)."""
    host = Host(options)
    ready = asyncio.Event()
    task = asyncio.create_task(host.serve(LOOPBACK, 0, lambda port: ready.set()))
    await asyncio.wait_for(ready.wait(), 5)
    return host, task, f"ws://{LOOPBACK}:{host.port}"


@dataclass
class View:
    """One position of the real match as a seat saw it: its observation (as JSON), the
    legal actions when it was that seat's turn, and the cards it must never see."""

    hand: int
    obs: dict[str, Any]
    legal: list[dict[str, Any]] | None
    hidden: set[int]


def _normal(value: Any) -> Any:
    return json.loads(dump(value))


def _view(hand: int, state: GameState, history: PublicHistory, seat: int) -> View:
    obs = observe(state, seat, history)
    hidden: set[int] = set()
    for p in range(state.n):
        if p != seat:
            hidden.update(c for c in state.hand_ids(p) if c not in history.known[p])
        hidden.update(c for c in state.down[p] if c is not None)
    hidden.update(c for c in state.set_aside if c not in history.drawn)
    legal = None
    if state.to_move == seat and not state.is_over:
        legal = [a.to_json() for a in state.legal_actions()]
    return View(hand, _normal(observation_json(obs)), legal, hidden)


def views(
    rules: Rules, players: int, seed: int, record: list[list[Action]], seat: int
) -> list[View]:
    """Every position of the match replayed from its seed and record, as ``seat`` may
    know it; ``hidden`` is what the real deal holds out of its sight there: the other
    hands' cards not seen going in, every face-down card, the set-aside cards not shown."""
    match = Match(rules, players, seed)
    out: list[View] = []
    for actions in record:
        history = PublicHistory(players)
        history.feed(match.start_hand())
        state = match.state
        assert state is not None
        out.append(_view(match.hand_no, state, history, seat))
        for action in actions:
            history.feed(match.apply(action))
            out.append(_view(match.hand_no, state, history, seat))
    return out


def card_ids(obs: dict[str, Any]) -> set[int]:
    """Every card id an observation names (its own hand, the pile, the swept cards, the
    face-up cards, the shown set-aside cards, the cards known in other hands)."""
    ids: set[int] = set(obs["hand"]) | set(obs["pile"]) | set(obs["swept"]) | set(obs["drawn"])
    for row in obs["up"]:
        ids.update(c for c in row if c is not None)
    for row in obs["known"]:
        ids.update(row)
    return ids


def check_seen(
    lines: Iterable[str],
    seat: int,
    rules: Rules,
    players: int,
    seed: int,
    record: list[list[Action]],
    whole: bool = True,
) -> int:
    """Assert that every observation a client received is exactly its seat's observation
    of a real position, in the match's order, naming none of the cards hidden from it,
    and every ``your_turn`` the legal actions there; ``whole``: it received every
    position. Returns how many observations were checked."""
    expected = views(rules, players, seed, record, seat)
    at = -1
    checked = 0
    for line in lines:
        message = json.loads(line)
        kind = message["type"]
        if kind == "observation":
            obs = message["obs"]
            assert obs["seat"] == seat
            start = at + 1
            while at + 1 < len(expected) and expected[at + 1].obs != obs:
                at += 1
                assert not whole, f"position {at} of the match was never sent to seat {seat}"
            at += 1
            assert at < len(expected), (
                f"seat {seat} received an observation that is no position of the real match "
                f"(after position {start - 1})"
            )
            view = expected[at]
            assert message["hand"] == view.hand
            leaked = card_ids(obs) & view.hidden
            assert not leaked, f"seat {seat} was sent hidden cards {sorted(leaked)}"
            checked += 1
        elif kind == "your_turn":
            assert at >= 0 and expected[at].legal is not None, "asked to play out of turn"
            assert message["legal"] == expected[at].legal
        for key in ("hands", "down", "deck", "set_aside", "seed"):
            assert key not in message, f"a message carries {key!r}"
    if whole:
        assert at == len(expected) - 1, "the client did not receive every position"
    return checked


def record_of(message: dict[str, Any]) -> list[list[Action]]:
    """The record a ``game_over`` message carries, as actions."""
    return [[action_from_json(a) for a in hand] for hand in message["record"]]
