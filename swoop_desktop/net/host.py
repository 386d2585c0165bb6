"""The host of a networked table: its referee owns the match and the deal, people join
over websockets, bots fill the seats left and stand in for anyone who drops.

    python -m swoop_desktop.net.host --port 8765 --players 4 --seats 2 --bind 127.0.0.1

The first ``--seats`` seats wait for people, who take them in the order they join; the
others are bots. The game starts when every open seat is taken, or after ``--wait``
seconds with bots in the seats still open. Each person is sent only their own seat's
observation (``swoop_desktop.engine.observation.observe``) after every play, and asked
for a play on their turn; what they send is checked where it enters
(:mod:`.protocol`, :mod:`.peer`) and by the engine (``GameState.check``) before it is
played. A person who drops is played for by a bot (after at most ``--grace`` seconds on
their turn), and gets their seat back by joining again with their seat token: the bot
steps out at the next turn. docs/network.md says what is sent to whom.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import math
import os
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from swoop_desktop.ai.bots import Bot
from swoop_desktop.ai.config import BUILT_IN, LEVELS
from swoop_desktop.ai.make import choose_safely, make_bot
from swoop_desktop.engine import Action, IllegalActionError, Match, Rules
from swoop_desktop.engine.errors import EngineError, short
from swoop_desktop.engine.jsontext import OneLineParser, Refused, parse_json
from swoop_desktop.engine.observation import PublicHistory, observe
from swoop_desktop.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from swoop_desktop.names import printable

from . import protocol as wire
from .peer import GOING_AWAY, POLICY, Peer
from .protocol import Bye, Hello, PlayMessage
from .signals import cancel_on_signals

#: Seconds a new connection has to say hello.
HELLO_SECONDS = 10.0
#: Connections at once (people seated or not); more are turned away at the door.
MAX_CONNECTIONS = 64
#: Keepalive: a ping every PING seconds, a connection without a pong in PING seconds is gone.
PING_SECONDS = 10.0


@dataclass
class Seat:
    """One seat: a person's (``person``) or a bot's from the start."""

    index: int
    name: str
    person: bool
    token: str = ""
    peer: Peer | None = None
    bot: Bot | None = None
    away_since: float | None = None
    back: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def kind(self) -> str:
        if not self.person:
            return "bot"
        return "person" if self.peer is not None else "away"


@dataclass
class Waiting:
    """The host waits for ``seat``'s play on turn ``turn``."""

    seat: int
    turn: int
    future: asyncio.Future[Action | None]


@dataclass
class Outcome:
    """How the match ended: the totals, the winner (None: a tie), each seat's name, and
    who decided each turn (seat, "person" or "bot")."""

    totals: list[int]
    winner: int | None
    names: list[str]
    deciders: list[tuple[int, str]]


@dataclass
class Options:
    players: int = 4
    seats: int = 2
    rules: Rules = field(default_factory=lambda: Rules.from_preset("app"))
    seed: int = 0
    level: str = "normal"
    wait: float = 120.0
    grace: float = 3.0
    turn_seconds: float = 120.0
    pace: float = 0.0


class Host:
    """The table. :meth:`serve` listens and plays the match to its end."""

    def __init__(self, options: Options, note: Callable[[str], None] | None = None) -> None:
        options.rules.validate_players(options.players)
        if not 0 <= options.seats <= options.players:
            raise ValueError(f"seats: the seats for people, from 0 to {options.players}")
        self.options = options
        self.n = options.players
        self.note = note or (lambda line: None)
        self.match = Match(options.rules, self.n, options.seed)
        self.history = PublicHistory(self.n)
        self.seats: list[Seat | None] = [None] * self.n
        self.peers: set[Peer] = set()
        self.started = False
        self.over = False
        self.turn = 0
        self.waiting: Waiting | None = None
        self.deciders: list[tuple[int, str]] = []
        self.full = asyncio.Event()
        self.port = 0

    # ------------------------------------------------------------------ the door
    async def handler(self, ws: ServerConnection) -> None:
        if len(self.peers) >= MAX_CONNECTIONS:
            await ws.close(1013, "the table has too many connections; try again later")
            return
        peer = Peer(ws)
        self.peers.add(peer)
        try:
            seat = await self._greet(peer)
            if seat is not None:
                await self._listen(peer, seat)
        finally:
            self.peers.discard(peer)
            self._left(peer)
            await peer.finish()

    async def _greet(self, peer: Peer) -> Seat | None:
        """The hello: a seat taken (or taken back with a token), or None (turned away)."""
        while True:
            message = await peer.next(HELLO_SECONDS)
            if message is None:
                return None
            if not isinstance(message, Hello):
                peer.refuse("hello_first", "say hello first")
                continue
            if self.over:
                peer.post(wire.refused_message("over", "the game is over"))
                peer.close()
                return None
            seat = self._seat_for(peer, message)
            if seat is None:
                return None
            peer.accepted()
            self._seat_peer(seat, peer)
            return seat

    def _seat_for(self, peer: Peer, hello: Hello) -> Seat | None:
        if hello.token is not None:
            for seat in self.seats:
                if (
                    seat is not None
                    and seat.person
                    and hmac.compare_digest(seat.token, hello.token)
                ):
                    return seat
            peer.post(wire.refused_message("token", "that seat token is not one of this table's"))
            peer.close(POLICY, "unknown seat token")
            return None
        free = [i for i in range(self.options.seats) if self.seats[i] is None]
        if self.started or not free:
            words = "the game has started" if self.started else "the table is full"
            peer.post(wire.refused_message("full", f"{words}: no seat is open"))
            peer.close()
            return None
        seat = Seat(free[0], hello.name, True, secrets.token_urlsafe(24))
        self.seats[seat.index] = seat
        self.note(f"{printable(seat.name)} joined from {peer.address} (seat {seat.index + 1})")
        if all(self.seats[i] is not None for i in range(self.options.seats)):
            self.full.set()
        return seat

    def _seat_peer(self, seat: Seat, peer: Peer) -> None:
        old = seat.peer
        if old is not None and old is not peer:
            old.post(wire.bye_message("you joined this table again from elsewhere"))
            old.close(GOING_AWAY, "joined again")
        if seat.away_since is not None:
            self.note(f"{printable(seat.name)} is back (seat {seat.index + 1})")
        seat.peer = peer
        seat.away_since = None
        peer.seat = seat.index
        peer.post(wire.seated_message(seat.index, self.n, self.options.rules, seat.token))
        self._post_table()
        if self.started and self.match.state is not None:
            peer.post(self._observation(seat.index))
        seat.back.set()
        w = self.waiting
        if w is not None and w.seat == seat.index and not w.future.done():
            w.future.set_result(None)  # ask again, on the new connection

    def _left(self, peer: Peer) -> None:
        if peer.seat is None:
            return
        seat = self.seats[peer.seat]
        if seat is None or seat.peer is not peer:
            return  # joined again from elsewhere
        seat.peer = None
        if not self.started:
            self.seats[seat.index] = None
            self.full.clear()
            self.note(f"{printable(seat.name)} left before the game (seat {seat.index + 1})")
        else:
            seat.away_since = asyncio.get_running_loop().time()
            seat.back.clear()
            if not self.over:
                self.note(f"{printable(seat.name)} dropped: a bot plays seat {seat.index + 1}")
            w = self.waiting
            if w is not None and w.seat == seat.index and not w.future.done():
                w.future.set_result(None)
        self._post_table()

    async def _listen(self, peer: Peer, seat: Seat) -> None:
        while True:
            message = await peer.next()
            if message is None:
                return
            if isinstance(message, Bye):
                peer.close()
                return
            if isinstance(message, Hello):
                peer.refuse("already_seated", "you already have a seat at this table")
                continue
            self._take_play(peer, seat, message)

    def _take_play(self, peer: Peer, seat: Seat, message: PlayMessage) -> None:
        """A play, checked: it is this seat's turn, the turn it is for, and legal here."""
        w = self.waiting
        state = self.match.state
        if w is None or w.seat != seat.index or seat.peer is not peer or state is None:
            peer.refuse("not_your_turn", "it is not your turn")
            return
        if message.turn != w.turn:
            peer.refuse("stale", f"that play is for turn {message.turn}; this is turn {w.turn}")
            return
        try:
            state.check(message.action)
        except IllegalActionError as exc:
            peer.refuse(exc.reason, printable(str(exc))[:300])
            return
        if message.action not in state.legal_actions():
            peer.refuse("not_legal", f"{short(message.action.to_json(), 80)} is not legal here")
            return
        peer.accepted()
        if not w.future.done():
            w.future.set_result(message.action)

    # -------------------------------------------------------------- what is sent
    def _observation(self, seat: int) -> dict[str, Any]:
        assert self.match.state is not None
        obs = observe(self.match.state, seat, self.history)
        return wire.observation_message(self.match.hand_no, obs)

    def _post_table(self) -> None:
        seats = [("", "open") if s is None else (s.name, s.kind) for s in self.seats]
        message = wire.table_message(self.started, seats)
        for peer in list(self.peers):
            if peer.seat is not None:
                peer.post(message)

    def _post_observations(self) -> None:
        for seat in self.seats:
            if seat is not None and seat.peer is not None:
                seat.peer.post(self._observation(seat.index))

    def _post_all(self, message: dict[str, Any]) -> None:
        for seat in self.seats:
            if seat is not None and seat.peer is not None:
                seat.peer.post(message)

    # ------------------------------------------------------------------ the game
    async def _lobby(self) -> None:
        """Wait for the open seats (at most ``wait`` seconds), then seat the bots."""
        if self.options.seats:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.full.wait(), self.options.wait)
        names = iter(cfg.name for cfg in BUILT_IN)
        for i in range(self.n):
            if self.seats[i] is None:
                self.seats[i] = Seat(i, next(names, f"Bot {i + 1}"), False)
        for seat in self.seats:
            assert seat is not None  # each seat's bot (a person's stands in when they drop)
            seat.bot = make_bot(self.options.level, seed=self.options.seed + seat.index)
        self.started = True
        self._post_table()

    async def play(self) -> Outcome:
        """The match, hand after hand, to its end."""
        match = self.match
        while not match.over:
            self.history.feed(match.start_hand())
            self._post_observations()
            state = match.state
            assert state is not None
            while not state.is_over:
                action = await self._decide(state.to_move)
                self.history.feed(match.apply(action))
                self.turn += 1
                self._post_observations()
            self._post_all(
                wire.hand_over_message(
                    match.hand_no, match.sheet[-1], list(match.totals), match.went_out[-1]
                )
            )
        self.over = True
        self._post_all(
            wire.game_over_message(list(match.totals), match.sheet, match.winner, match.actions)
        )
        return Outcome(list(match.totals), match.winner, self.names(), self.deciders)

    def names(self) -> list[str]:
        return [s.name if s is not None else "" for s in self.seats]

    async def _decide(self, p: int) -> Action:
        seat = self.seats[p]
        assert seat is not None and self.match.state is not None
        if seat.person:
            action = await self._ask_person(seat)
            if action is not None:
                self.deciders.append((p, "person"))
                return action
        if self.options.pace:
            await asyncio.sleep(self.options.pace)
        state = self.match.state
        obs = observe(state, p, self.history)
        legal = state.legal_actions()
        assert seat.bot is not None
        action = await asyncio.to_thread(choose_safely, seat.bot, obs, legal, self.note)
        self.deciders.append((p, "bot"))
        return action

    async def _ask_person(self, seat: Seat) -> Action | None:
        """The person's play; None when the bot plays this turn (they are away past the
        grace, or their time for the turn ran out)."""
        loop = asyncio.get_running_loop()
        assert self.match.state is not None
        deadline = loop.time() + self.options.turn_seconds
        while True:
            peer = seat.peer
            if peer is None:
                since = seat.away_since if seat.away_since is not None else loop.time()
                left = since + self.options.grace - loop.time()
                if left <= 0:
                    return None
                seat.back.clear()
                try:
                    await asyncio.wait_for(seat.back.wait(), left)
                except TimeoutError:
                    return None
                continue
            future: asyncio.Future[Action | None] = loop.create_future()
            self.waiting = Waiting(seat.index, self.turn, future)
            legal = self.match.state.legal_actions()
            peer.post(wire.your_turn_message(self.match.hand_no, self.turn, legal))
            try:
                action = await asyncio.wait_for(future, max(0.0, deadline - loop.time()))
            except TimeoutError:
                self.note(f"{printable(seat.name)} took too long: a bot plays this turn")
                return None
            finally:
                self.waiting = None
            if action is not None:
                return action

    async def serve(self, bind: str, port: int, ready: Callable[[int], None]) -> Outcome:
        """Listen on ``bind``:``port`` (0: any free port), call ``ready(port)``, play the
        match, say goodbye to everyone and stop listening."""
        async with serve(
            self.handler,
            bind,
            port,
            max_size=wire.MAX_MESSAGE,
            max_queue=16,
            compression=None,
            open_timeout=HELLO_SECONDS,
            ping_interval=PING_SECONDS,
            ping_timeout=PING_SECONDS,
            close_timeout=2.0,
        ) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            ready(self.port)
            await self._lobby()
            outcome = await self.play()
            await self.farewell("the game is over")
            return outcome

    async def farewell(self, words: str) -> None:
        """``bye`` to every connection, each closed within a few seconds."""
        self.over = True
        for peer in list(self.peers):
            peer.post(wire.bye_message(words))
        await asyncio.gather(*(peer.finish() for peer in list(self.peers)))


# ------------------------------------------------------------------ the command line
def _parser() -> OneLineParser:
    parser = OneLineParser(
        prog="python -m swoop_desktop.net.host",
        description="Host a Swoop table that people join over the network (no window).",
    )
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (0: any free)")
    parser.add_argument(
        "--bind",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for a LAN)",
    )
    parser.add_argument("--players", type=int, default=4, help="table size, 3 to 8")
    parser.add_argument("--seats", type=int, default=1, help="seats open to people")
    parser.add_argument(
        "--wait", type=float, default=120.0, help="seconds to wait for people before bots sit"
    )
    parser.add_argument("--rules", help='rules as JSON, e.g. \'{"preset": "classic"}\'')
    parser.add_argument("--seed", type=int, help="the match seed (default: a random one)")
    parser.add_argument("--bots", default="normal", help=f"the bots' level ({', '.join(LEVELS)})")
    parser.add_argument(
        "--grace", type=float, default=3.0, help="seconds a dropped person's turn waits for them"
    )
    parser.add_argument(
        "--turn-seconds", type=float, default=120.0, help="seconds a person has for a turn"
    )
    parser.add_argument("--pace", type=float, default=0.0, help="seconds before each bot play")
    return parser


def _bounded(name: str, value: float, low: float, high: float) -> None:
    if not (math.isfinite(value) and low <= value <= high):
        raise ValueError(f"{name}: must be from {low:g} to {high:g}, got {short(value, 40)}")


def options_from(argv: list[str] | None) -> tuple[Options, str, int]:
    """The options, or ValueError / EngineError in plain words (and exit 2 from argparse)."""
    args = _parser().parse_args(argv)
    _bounded("--port", args.port, 0, 65535)
    _bounded("--players", args.players, MIN_PLAYERS, MAX_PLAYERS)
    _bounded("--seats", args.seats, 0, args.players)
    _bounded("--wait", args.wait, 0, 86400)
    _bounded("--grace", args.grace, 0, 600)
    _bounded("--turn-seconds", args.turn_seconds, 1, 3600)
    _bounded("--pace", args.pace, 0, 10)
    if args.seed is not None:
        _bounded("--seed", args.seed, 0, 2**63 - 1)
    if args.bots not in LEVELS:
        raise ValueError(
            f"--bots: unknown level {short(args.bots)} (choose from {', '.join(LEVELS)})"
        )
    _check_bind(args.bind)
    try:
        rules = Rules.from_json(parse_json(args.rules)) if args.rules else Rules.from_preset("app")
    except json.JSONDecodeError as exc:
        raise ValueError(f"--rules: not valid JSON ({exc.msg} at column {exc.colno})") from None
    except (Refused, EngineError) as exc:
        raise ValueError(f"--rules: {exc}") from None
    try:
        rules.validate_players(args.players)
    except EngineError as exc:
        raise ValueError(f"--players: {exc}") from None
    seed = args.seed if args.seed is not None else secrets.randbits(48)
    options = Options(
        players=args.players,
        seats=args.seats,
        rules=rules,
        seed=seed,
        level=args.bots,
        wait=args.wait,
        grace=args.grace,
        turn_seconds=args.turn_seconds,
        pace=args.pace,
    )
    return options, args.bind, args.port


def _check_bind(bind: str) -> None:
    try:
        ipaddress.ip_address(bind)
        return
    except ValueError:
        pass
    ok = 0 < len(bind) <= 253 and all(ch.isalnum() or ch in "-." for ch in bind)
    if not ok:
        raise ValueError(f"--bind: not an address or host name: {short(bind, 60)}")


def _summary(outcome: Outcome) -> str:
    scores = ", ".join(
        f"{printable(name)} {total}"
        for name, total in zip(outcome.names, outcome.totals, strict=True)
    )
    if outcome.winner is None:
        return f"game over: {scores}; a tie"
    return f"game over: {scores}; {printable(outcome.names[outcome.winner])} wins"


async def _run(options: Options, bind: str, port: int) -> int:
    host = Host(options, note=lambda line: print(line, file=sys.stderr, flush=True))

    def ready(actual: int) -> None:
        people = (
            f"waiting for {options.seats} to join (bots fill the seats left after"
            f" {options.wait:g} s)"
            if options.seats
            else "bots only"
        )
        print(
            f"listening on ws://{bind}:{actual}: a table of {options.players}, {people}", flush=True
        )

    cancel_on_signals()
    try:
        outcome = await host.serve(bind, port, ready)
    except OSError as exc:
        reason = os.strerror(exc.errno) if exc.errno else str(exc)
        print(f"error: cannot listen on {bind}:{port} ({reason.lower()})", file=sys.stderr)
        return 2
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(host.farewell("the host stopped"), 5)
        print("stopped: the host was stopped before the game ended", file=sys.stderr)
        return 130
    except EngineError as exc:  # a bug in the engine's game: said, never a hang
        with contextlib.suppress(Exception):
            await asyncio.wait_for(host.farewell("the host stopped on an error"), 5)
        print(f"error: the game stopped: {printable(str(exc))[:300]}", file=sys.stderr)
        return 1
    print(_summary(outcome), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        options, bind, port = options_from(argv)
    except (ValueError, EngineError) as exc:
        print(f"error: {printable(str(exc))[:300]}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(_run(options, bind, port))
    except KeyboardInterrupt:
        print("stopped: the host was stopped before the game ended", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
