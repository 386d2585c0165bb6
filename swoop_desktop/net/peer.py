"""One connection to the host, as the host sees it: messages in, checked and rate-limited,
and messages out through a bounded queue, so a client that stops reading never holds up
the table.

:meth:`Peer.next` gives the next well-formed client message. A malformed one gets one
``refused`` line and is dropped; so many refusals in a row (:data:`MAX_REFUSALS`) or more
messages than the rate (:data:`RATE` a second, bursts of :data:`BURST`; a play the host
asked for is not counted) close the
connection, and so does a client that falls :data:`MAX_QUEUED` messages behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from .protocol import ClientMessage, Refusal, dump, parse_client, refused_message

#: Messages a second a client may send, and the burst it may send at once.
RATE = 20.0
BURST = 20.0
#: Refused messages in a row that close the connection (garbage, or a client gone wrong).
MAX_REFUSALS = 10
#: Messages waiting to be sent to one client before it counts as gone (it stopped reading).
MAX_QUEUED = 256

# close codes (RFC 6455)
POLICY = 1008
GOING_AWAY = 1001
NORMAL = 1000


class _Close:
    def __init__(self, code: int, reason: str) -> None:
        self.code = code
        self.reason = reason


class Peer:
    """A client's connection; ``name`` and ``seat`` are set once it has a seat."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.closing = False
        self.refusals = 0
        self._tokens = BURST
        self._last = time.monotonic()
        self._queue: asyncio.Queue[str | _Close] = asyncio.Queue(MAX_QUEUED)
        self._writer = asyncio.create_task(self._write())

    @property
    def address(self) -> str:
        try:
            host, port = self.ws.remote_address[:2]
        except (TypeError, ValueError):
            return "?"
        return f"{host}:{port}"

    # ------------------------------------------------------------------ sending
    def post(self, message: dict[str, Any]) -> None:
        """Queue a message; a client too far behind is closed, never waited for."""
        if self.closing:
            return
        try:
            self._queue.put_nowait(dump(message))
        except asyncio.QueueFull:
            self.abort(POLICY, "the client stopped reading")

    def refuse(self, reason: str, words: str) -> None:
        """One ``refused`` line; too many in a row close the connection."""
        self.post(refused_message(reason, words))
        self.refusals += 1
        if self.refusals >= MAX_REFUSALS:
            self.close(POLICY, "too many refused messages")

    def accepted(self) -> None:
        """A message the table asked for (a hello, a play on your turn): it resets the
        refusals and does not count towards the rate, which only the host's own pace
        bounds (at full speed a seat may be asked for many plays a second)."""
        self.refusals = 0
        self._tokens = min(BURST, self._tokens + 1.0)

    def close(self, code: int = NORMAL, reason: str = "") -> None:
        """Close after what is queued has been sent."""
        if self.closing:
            return
        self.closing = True
        try:
            self._queue.put_nowait(_Close(code, reason))
        except asyncio.QueueFull:
            self.closing = False
            self.abort(code, reason)

    def abort(self, code: int, reason: str) -> None:
        """Close now, dropping what is queued."""
        self.closing = True
        self._writer.cancel()
        asyncio.get_running_loop().create_task(self._close_ws(code, reason))

    async def _close_ws(self, code: int, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):
            await self.ws.close(code, reason)

    async def _write(self) -> None:
        try:
            while True:
                item = await self._queue.get()
                if isinstance(item, _Close):
                    await self._close_ws(item.code, item.reason)
                    return
                await self.ws.send(item)
        except (ConnectionClosed, OSError):
            self.closing = True

    async def finish(self, timeout: float = 3.0) -> None:
        """Wait (a bounded time) for what is queued to be sent and the connection closed."""
        self.close(GOING_AWAY, "")
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self._writer), timeout)
        if not self._writer.done():
            self.abort(GOING_AWAY, "")

    # ---------------------------------------------------------------- receiving
    def _take_token(self) -> bool:
        now = time.monotonic()
        self._tokens = min(BURST, self._tokens + (now - self._last) * RATE)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True

    async def next(self, timeout: float | None = None) -> ClientMessage | None:
        """The next well-formed message, or None when the connection is over (closed by
        either side, a flood, too much garbage, or nothing said within ``timeout``)."""
        while not self.closing:
            try:
                data = await asyncio.wait_for(self.ws.recv(), timeout)
            except TimeoutError:
                self.close(POLICY, "nothing was said in time")
                return None
            except ConnectionClosed:
                self.closing = True
                return None
            if self.closing:
                return None
            if not self._take_token():
                self.post(refused_message("flood", f"more than {RATE:g} messages a second"))
                self.close(POLICY, "too many messages")
                return None
            try:
                return parse_client(data)
            except Refusal as exc:
                self.refuse(exc.reason, exc.words)
        return None
