"""A hostile client at a real host on loopback: every bad message is refused in plain
words or its connection closed, nothing refused changes the game, and the host keeps
running the other seat's game to its end."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from swoop_desktop.engine import RANK_OF, RANK_SYMBOLS, Play, Rules
from swoop_desktop.net import host as host_module
from swoop_desktop.net.client import Outcome, bot_chooser, play_seat
from swoop_desktop.net.host import MAX_CONNECTIONS, Options
from swoop_desktop.net.protocol import MAX_MESSAGE, VERSION, dump
from tests.net.helpers import start_host

TIMEOUT = 5.0


async def _recv(ws: ClientConnection, *kinds: str) -> dict[str, Any]:
    """The next message of one of ``kinds`` (others skipped), waited for a bounded time."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if message["type"] in kinds:
            return message


async def _closed(ws: ClientConnection) -> int | None:
    """Read until the host closes the connection; its close code."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), TIMEOUT)
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else None


def _hello(name: str) -> str:
    return dump({"type": "hello", "version": VERSION, "name": name})


async def _refused(ws: ClientConnection, text: str) -> dict[str, Any]:
    await ws.send(text)
    return await _recv(ws, "refused")


GARBAGE = [
    ("[" * 3000 + "]" * 3000, "bad_message"),  # nested far too deep
    ('{"type": "shout", "words": "hi"}', "unknown_type"),
    ('{"type": "play", "turn": 1, "action": {"flip": 0}, "extra": 1}', "bad_message"),
    ('{"type": "play", "turn": -1, "action": {"flip": 0}}', "bad_message"),
    ('{"type": "play", "turn": 1, "action": {"play": {"hand": "7", "up": "all"}}}', "bad_action"),
    ("not json at all", "bad_message"),
    (_hello("Mallory"), "already_seated"),
]


def _bad_plays(host: Any, turn: dict[str, Any]) -> list[tuple[str, str]]:
    """Plays refused at the seat's own turn: illegal, naming cards it does not hold, for
    another turn."""
    state = host.match.state
    held = {RANK_OF[c] for c in state.hand_ids(state.to_move)}
    absent = RANK_SYMBOLS[next(r for r in range(2, 10) if r not in held)]
    others = [c for c in state.all_card_ids() if c not in state.hand_ids(state.to_move)]
    plays = [
        ({"end": True}, "nothing_to_end"),  # there is no passing
        ({"play": {"hand": f"{absent} {absent}", "up": []}}, "not_held"),  # not in its hand
        ({"play": {"hand": "", "up": [7]}}, "no_such_up_slot"),
        ({"flip": 9}, "no_such_down_slot"),
    ]
    out = [(dump({"type": "play", "turn": turn["turn"], "action": a}), r) for a, r in plays]
    if held:  # its own rank, but naming a card id of someone else's
        rank = RANK_SYMBOLS[min(held)]
        other = next(c for c in others if RANK_OF[c] == min(held))
        forged = {"play": {"hand": rank, "up": [], "ids": [other]}}
        out.append((dump({"type": "play", "turn": turn["turn"], "action": forged}), "hand_ids"))
    stale = {"type": "play", "turn": turn["turn"] + 7, "action": turn["legal"][0]}
    out.append((dump(stale), "stale"))
    return out


async def _at_its_own_turn(ws: ClientConnection, host: Any, batch: list[tuple[str, str]]) -> None:
    """At the hostile seat's turn, while the host waits for it: each message of ``batch``
    refused for its reason, in words, and the game unchanged."""
    before = (host.turn, [list(a) for a in host.match.actions])
    for text, reason in batch:
        refused = await _refused(ws, text)
        assert refused["reason"] == reason, (text[:80], refused)
        assert refused["words"]
    assert (host.turn, host.match.actions) == before, "a refused message changed the game"


async def _play_along(
    ws: ClientConnection, host: Any, holding: threading.Event, release: threading.Event
) -> None:
    """Play the hostile seat's turns, the first two after the refused messages above, and,
    while Bea holds her turn, send a play out of turn: refused, and the game unchanged."""
    batches = 2
    out_of_turn = False
    while batches or not out_of_turn:
        if holding.is_set() and not out_of_turn:
            before = host.turn
            play = {"type": "play", "turn": before, "action": Play((3,)).to_json()}
            assert (await _refused(ws, dump(play)))["reason"] == "not_your_turn"
            assert host.turn == before
            out_of_turn = True
            release.set()
            continue
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), 0.05))
        except TimeoutError:
            continue
        if message["type"] == "your_turn":
            if batches:
                batch = _bad_plays(host, message) if batches == 2 else GARBAGE
                await _at_its_own_turn(ws, host, batch)
                batches -= 1
            legal = message["legal"][0]
            await ws.send(dump({"type": "play", "turn": message["turn"], "action": legal}))


async def _bad_names(url: str) -> None:
    async with connect(url, proxy=None) as ws:
        for name in ("Ann\x07", "\u202eevil", "x" * 300, "   ", ""):
            assert (await _refused(ws, _hello(name)))["reason"] == "name"


async def _oversize(url: str) -> int | None:
    async with connect(url, proxy=None, max_size=None) as ws:
        await ws.send(dump({"type": "hello", "version": VERSION, "name": "x" * (MAX_MESSAGE + 10)}))
        return await _closed(ws)


async def _flood(url: str) -> int | None:
    async with connect(url, proxy=None) as ws:
        try:
            for _ in range(500):
                await ws.send('{"type": "bye", "junk": 1}')
        except ConnectionClosed:
            pass
        return await _closed(ws)


async def _garbage(url: str) -> int | None:
    async with connect(url, proxy=None) as ws:
        for _ in range(12):
            try:
                await ws.send("garbage")
            except ConnectionClosed:
                break
            await asyncio.sleep(0.06)  # under the rate: closed for the garbage itself
        return await _closed(ws)


async def _scenario() -> tuple[Outcome, Any, dict[str, int | None]]:
    host, task, url = await start_host(
        Options(
            players=3,
            seats=2,
            seed=11,
            wait=10,
            grace=0.2,
            turn_seconds=10,
            rules=Rules.from_preset("app", target=50),  # a short match: the same doors
        )
    )
    holding, release = threading.Event(), threading.Event()
    bot = bot_chooser("normal", 1)

    def bea(obs: Any, legal: Any) -> Any:  # Bea holds her first turn for the check below
        if not release.is_set():
            holding.set()
            release.wait(TIMEOUT)
        return bot(obs, legal)

    async with connect(url, proxy=None) as ws:
        await ws.send(_hello("Mal"))
        seated = await _recv(ws, "seated")
        assert seated["seat"] == 0
        early = await _refused(ws, dump({"type": "play", "turn": 0, "action": {"flip": 0}}))
        assert early["reason"] == "not_your_turn"  # the game has not started
        bea_task = asyncio.create_task(play_seat(url, "Bea", bea))
        try:
            await _play_along(ws, host, holding, release)
        finally:
            release.set()
        await _bad_names(url)
        codes = {"oversize": await _oversize(url), "flood": await _flood(url)}
        codes["garbage"] = await _garbage(url)
    # Mal has gone: a bot plays seat 0 and Bea's game goes on to its end
    outcome = await asyncio.wait_for(bea_task, 30)
    await asyncio.wait_for(task, 10)
    return outcome, host, codes


def test_a_hostile_client_is_refused_or_closed_and_the_other_seat_plays_to_the_end() -> None:
    outcome, host, codes = asyncio.run(asyncio.wait_for(_scenario(), 40))
    assert codes == {"oversize": 1009, "flood": 1008, "garbage": 1008}
    assert host.over and host.match.over
    assert outcome.totals == host.match.totals
    assert outcome.seat == 1 and outcome.refused == []
    assert (0, "person") in host.deciders and (0, "bot") in host.deciders
    assert (1, "person") in host.deciders
    assert all(who == "bot" for seat, who in host.deciders if seat == 2)


async def _crowd(url: str, count: int) -> list[int | None]:
    """``count`` connections that never say hello: each one's close code."""
    sockets = [await connect(url, proxy=None, open_timeout=TIMEOUT) for _ in range(count)]
    try:
        return list(await asyncio.gather(*(_closed(ws) for ws in sockets)))
    finally:
        await asyncio.gather(*(ws.close() for ws in sockets))


async def _crowd_then_join() -> tuple[list[int | None], Outcome]:
    host, task, url = await start_host(Options(players=3, seats=1, seed=4, wait=10))
    codes = await _crowd(url, MAX_CONNECTIONS + 6)
    outcome = await asyncio.wait_for(play_seat(url, "Ann", bot_chooser("normal")), 20)
    await asyncio.wait_for(task, 10)
    return codes, outcome


def test_silent_connections_are_closed_and_too_many_turned_away(monkeypatch) -> None:
    monkeypatch.setattr(host_module, "HELLO_SECONDS", 0.5)
    codes, outcome = asyncio.run(asyncio.wait_for(_crowd_then_join(), 40))
    assert codes.count(1013) == 6  # the table has too many connections
    assert codes.count(1008) == MAX_CONNECTIONS  # nothing said in time
    assert outcome.seat == 0 and len(outcome.totals) == 3
