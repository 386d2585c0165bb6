"""A seat at a networked table, over one websocket: join, follow your own observation, play
your turns.

    async with Client("ws://127.0.0.1:8765", "Ann") as client:
        await client.join()                       # seated: client.seat, client.token
        async for message in client.messages():   # every message, checked (protocol.py)
            if message["type"] == "your_turn":
                await client.play(message["turn"], choose(client.obs, message["legal"]))

:func:`play_seat` is that loop with a chooser (a bot choosing from the seat's own
observation: how the tests play whole games, and what the headless command does):

    python -m swoop_desktop.net.client ws://127.0.0.1:8765 --name Ann --bot normal

Everything the host sends is read with :func:`~.protocol.parse_host` (bounded, of known
types and fields). A host that stops answering is noticed by the keepalive pings within
about twenty seconds, so a client never hangs.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from swoop_desktop.ai.config import LEVELS
from swoop_desktop.ai.make import choose_safely, make_bot, safe_action
from swoop_desktop.engine import Action
from swoop_desktop.engine.errors import short
from swoop_desktop.engine.jsontext import OneLineParser
from swoop_desktop.engine.observation import Observation
from swoop_desktop.names import check_name, printable

from . import protocol as wire
from .signals import cancel_on_signals

#: Keepalive, as the host's.
PING_SECONDS = 10.0

Chooser = Callable[[Observation, list[Action]], Action]


class ClientError(Exception):
    """The table could not be joined or was lost; the message says why in plain words."""


@dataclass
class Outcome:
    """The match's end as this seat saw it."""

    seat: int
    token: str
    names: list[str]
    totals: list[int]
    winner: int | None
    record: list[list[Action]]
    refused: list[str] = field(default_factory=list)


class Client:
    """One connection to a host. ``log`` gets every message received, as received."""

    def __init__(
        self,
        url: str,
        name: str,
        token: str | None = None,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.url = url
        self.name = name
        self.token = token
        self.log = log
        self.ws: ClientConnection | None = None
        self.seat: int | None = None
        self.players = 0
        self.names: list[str] = []
        self.obs: Observation | None = None
        self.hand = 0

    async def __aenter__(self) -> Client:
        try:
            self.ws = await connect(
                self.url,
                max_size=wire.MAX_HOST_MESSAGE,
                compression=None,
                open_timeout=10,
                ping_interval=PING_SECONDS,
                ping_timeout=PING_SECONDS,
                close_timeout=2,
                proxy=None,
            )
        except InvalidURI:
            raise ClientError(f"{short(self.url, 80)} is not a ws:// address") from None
        except (TimeoutError, OSError, InvalidHandshake) as exc:
            raise ClientError(f"cannot reach the host at {short(self.url, 80)} ({exc})") from None
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed, OSError):
                await self.ws.close()

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None, "use the client in `async with`"
        try:
            await self.ws.send(wire.dump(message))
        except ConnectionClosed:
            raise ClientError("the host closed the connection") from None

    async def join(self) -> None:
        """Say hello and wait for a seat; ClientError with the host's words if refused."""
        hello: dict[str, Any] = {"type": "hello", "version": wire.VERSION, "name": self.name}
        if self.token is not None:
            hello["token"] = self.token
        await self.send(hello)
        async for message in self.messages():
            if message["type"] == "seated":
                return
            if message["type"] == "refused":
                raise ClientError(f"the host refused: {printable(str(message['words']))[:300]}")
        raise ClientError("the host closed the connection before giving a seat")

    async def play(self, turn: int, action: Action) -> None:
        await self.send({"type": "play", "turn": turn, "action": action.to_json()})

    async def leave(self) -> None:
        with contextlib.suppress(ClientError):
            await self.send({"type": "bye"})
        await self.close()

    async def messages(self) -> AsyncIterator[dict[str, Any]]:
        """Every message from the host, checked, until the connection ends."""
        assert self.ws is not None, "use the client in `async with`"
        while True:
            try:
                data = await self.ws.recv()
            except ConnectionClosed:
                return
            if self.log is not None:
                self.log(data if isinstance(data, str) else repr(data[:80]))
            try:
                message = wire.parse_host(data)
            except wire.Refusal as exc:
                await self.close()
                raise ClientError(f"the host sent something that is not Swoop: {exc}") from None
            self._note(message)
            yield message

    def _note(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "seated":
            self.seat = message["seat"]
            self.players = message["players"]
            self.token = message["token"]
        elif kind == "table":
            self.names = [str(s.get("name", "")) for s in message["seats"]]
        elif kind == "observation":
            self.obs = message["obs"]
            self.hand = message["hand"]


async def play_seat(
    url: str,
    name: str,
    choose: Chooser,
    token: str | None = None,
    log: Callable[[str], None] | None = None,
    on_seated: Callable[[Client], None] | None = None,
) -> Outcome:
    """Join and play this seat with ``choose`` (run off the event loop, so the keepalive
    goes on while it thinks) to the match's end; ClientError if it cannot."""
    refused: list[str] = []
    async with Client(url, name, token, log) as client:
        await client.join()
        if on_seated is not None:
            on_seated(client)
        async for message in client.messages():
            kind = message["type"]
            if kind == "your_turn":
                legal: list[Action] = message["legal"]
                obs = client.obs
                if obs is None or not obs.my_turn:
                    action = legal[0]
                else:
                    action = await asyncio.to_thread(_choice, choose, obs, legal)
                await client.play(message["turn"], action)
            elif kind == "refused":
                refused.append(str(message["words"]))
            elif kind == "game_over":
                assert client.seat is not None and client.token is not None
                return Outcome(
                    client.seat,
                    client.token,
                    client.names,
                    list(message["totals"]),
                    message["winner"],
                    message["record"],
                    refused,
                )
            elif kind == "bye":
                raise ClientError(f"the host said goodbye: {printable(str(message['words']))}")
    raise ClientError("the connection to the host was lost before the game ended")


def _choice(choose: Chooser, obs: Observation, legal: list[Action]) -> Action:
    try:
        action = choose(obs, legal)
    except Exception:  # noqa: BLE001 - a chooser that fails plays safe, never stalls the seat
        return safe_action(obs, legal)
    return action if action in legal else safe_action(obs, legal)


def bot_chooser(level: str, seed: int = 0) -> Chooser:
    """A bot of ``level`` choosing from the seat's own observation."""
    bot = make_bot(level, seed=seed)
    return lambda obs, legal: choose_safely(bot, obs, legal)


# ------------------------------------------------------------------ the command line
def _parser() -> OneLineParser:
    parser = OneLineParser(
        prog="python -m swoop_desktop.net.client",
        description="Join a Swoop table over the network and play the seat with a bot.",
    )
    parser.add_argument("url", help="the host's address, e.g. ws://127.0.0.1:8765")
    parser.add_argument("--name", required=True, help="your name at the table")
    parser.add_argument("--bot", default="normal", help=f"the level ({', '.join(LEVELS)})")
    parser.add_argument("--seed", type=int, default=0, help="the bot's seed")
    parser.add_argument("--token", help="the seat token printed when you joined (to rejoin)")
    parser.add_argument("--log", help="a file to write every message received to, one a line")
    return parser


def _summary(outcome: Outcome) -> str:
    names = outcome.names or [f"seat {i + 1}" for i in range(len(outcome.totals))]
    scores = ", ".join(f"{printable(n)} {t}" for n, t in zip(names, outcome.totals, strict=False))
    if outcome.winner is None:
        return f"game over: {scores}; a tie"
    return f"game over: {scores}; {printable(names[outcome.winner])} wins"


async def _run(url: str, name: str, choose: Chooser, token: str | None, out: IO[str] | None) -> int:
    def seated(client: Client) -> None:
        assert client.seat is not None
        print(
            f"seated at seat {client.seat + 1} of {client.players} (token {client.token})",
            flush=True,
        )

    log = None if out is None else (lambda line: print(line, file=out, flush=True))
    cancel_on_signals()
    try:
        outcome = await play_seat(url, name, choose, token, log, seated)
    except ClientError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except asyncio.CancelledError:
        print("stopped: left the table before the game ended", file=sys.stderr)
        return 130
    print(_summary(outcome), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not args.url.startswith(("ws://", "wss://")) or len(args.url) > 300:
        print(
            f"error: the address should start with ws://, not {short(args.url, 60)}",
            file=sys.stderr,
        )
        return 2
    name, why = check_name(args.name)
    if name is None:
        print(f"error: --name: {why}", file=sys.stderr)
        return 2
    if args.bot not in LEVELS:
        print(
            f"error: --bot: unknown level {short(args.bot)} (choose from {', '.join(LEVELS)})",
            file=sys.stderr,
        )
        return 2
    if args.token is not None and not wire.TOKEN.fullmatch(args.token):
        print("error: --token: not a seat token a host gives", file=sys.stderr)
        return 2
    if not 0 <= args.seed < 2**63:
        print("error: --seed: must be from 0 to 2**63 - 1", file=sys.stderr)
        return 2
    choose = bot_chooser(args.bot, args.seed)
    out: IO[str] | None = None
    try:
        if args.log is not None:
            out = Path(args.log).open("w", encoding="utf-8")  # noqa: SIM115 - closed below
    except OSError as exc:
        print(f"error: --log: cannot write {short(args.log, 80)} ({exc.strerror})", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_run(args.url, name, choose, args.token, out))
    except KeyboardInterrupt:
        print("stopped: left the table before the game ended", file=sys.stderr)
        return 130
    finally:
        if out is not None:
            out.close()


if __name__ == "__main__":
    sys.exit(main())
