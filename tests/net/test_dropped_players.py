"""A player whose connection drops mid-game: a bot takes the seat at once and the game
goes on; joining again with the seat token gives the seat back, and the game ends with
the player playing it."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from swoop_desktop.engine import Rules
from swoop_desktop.net.client import Client, ClientError, Outcome, bot_chooser, play_seat
from swoop_desktop.net.host import Options
from tests.net.helpers import check_seen, record_of, start_host

TIMEOUT = 5.0


async def _play_then_drop(url: str, turns: int, lines: list[str]) -> tuple[int, str]:
    """Join as Ann, play ``turns`` turns with a bot, then lose the connection mid-game
    (the socket cut, no goodbye). Returns (seat, token)."""
    choose = bot_chooser("normal", 3)
    async with Client(url, "Ann", log=lines.append) as client:
        await client.join()
        played = 0
        async for message in client.messages():
            if message["type"] == "your_turn":
                assert client.obs is not None
                await client.play(message["turn"], choose(client.obs, message["legal"]))
                played += 1
                if played == turns:
                    break
        assert client.seat is not None and client.token is not None
        assert client.ws is not None
        client.ws.transport.abort()  # a dropped connection: no close, no bye
        return client.seat, client.token


async def _until(condition: Any, seconds: float) -> None:
    async def wait() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(wait(), seconds)


async def _scenario() -> tuple[Any, Outcome, Outcome, list[str], int]:
    # A game to 50 (the least target): a drop and a return within a match, on less work.
    options = Options(
        players=3,
        seats=2,
        seed=21,
        wait=10,
        grace=0.3,
        turn_seconds=10,
        pace=0.005,
        rules=Rules.from_preset("app", target=50),
    )
    host, task, url = await start_host(options)
    first: list[str] = []
    ann = asyncio.create_task(_play_then_drop(url, 3, first))
    await _until(lambda: host.seats[0] is not None, TIMEOUT)  # Ann first, in seat 1
    bea = asyncio.create_task(play_seat(url, "Bea", bot_chooser("normal", 4)))
    seat, token = await asyncio.wait_for(ann, 10)
    dropped_at = len(host.deciders)
    # a bot plays Ann's seat at once (within the grace), and the game goes on
    await _until(lambda: (seat, "bot") in host.deciders[dropped_at:], TIMEOUT)
    assert host.seats[seat].kind == "away"
    try:
        await play_seat(url, "Mallory", bot_chooser("normal"), token="x" * 32)
    except ClientError as exc:
        assert "seat token" in str(exc)
    else:
        raise AssertionError("a forged seat token was given a seat")
    back_at = len(host.deciders)
    again: list[str] = []
    seated: list[int | None] = []
    returned = await asyncio.wait_for(
        play_seat(
            url,
            "Ann",
            bot_chooser("normal", 3),
            token,
            again.append,
            lambda c: seated.append(c.seat),
        ),
        30,
    )
    outcome = await asyncio.wait_for(bea, 30)
    await asyncio.wait_for(task, 10)
    assert seated == [seat]
    assert (seat, "person") in host.deciders[back_at:], "Ann never played again after rejoining"
    assert host.seats[seat].kind == "person" or host.over
    return host, returned, outcome, first + again, seat


def test_a_dropped_player_is_played_by_a_bot_and_gets_the_seat_back_with_the_token() -> None:
    host, returned, outcome, lines, seat = asyncio.run(asyncio.wait_for(_scenario(), 40))
    assert returned.totals == outcome.totals == host.match.totals
    assert returned.seat == seat
    record = record_of(json.loads(next(line for line in lines if '"game_over"' in line)))
    assert record == host.match.actions
    checked = check_seen(lines, seat, host.match.rules, 3, 21, record, whole=False)
    assert checked > 10
