"""The host: a WebSocket server around one :class:`~zipai_desktop.net.room.Room` (asyncio, one thread).

Every message goes through the room on the event loop, one at a time, so the room needs no lock. A connection's first
message must be a ``join`` within :data:`JOIN_TIMEOUT_S`; a refused message gets a ``refused`` reply, and a connection
that is refused :data:`MAX_REFUSALS` times is closed (a flood ends there).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .protocol import CLIENT_KINDS, MAX_MESSAGE_BYTES, ProtocolError, decode, encode
from .room import Outbox, Room

#: Seconds a new connection has to send its ``join``.
JOIN_TIMEOUT_S = 10.0
#: Refused messages after which a connection is closed.
MAX_REFUSALS = 20
#: Frames the WebSocket layer buffers for one connection before it stops reading from it.
MAX_QUEUE = 16
#: The close code for a client that broke the protocol (RFC 6455: policy violation).
POLICY_VIOLATION = 1008


class Host:
    """Serve ``room``; deal once every seat in ``friends`` has been taken; stop when the match is over."""

    def __init__(self, room: Room, friends: Iterable[int], *, log: Callable[[str], None] | None = None) -> None:
        self.room = room
        self.friends = frozenset(friends)
        self.connections: dict[int, ServerConnection] = {}
        self.done = asyncio.Event()
        self.log = log or (lambda line: None)

    async def _send(self, out: Outbox) -> None:
        for seat, message in out:
            ws = self.connections.get(seat)
            if ws is not None:
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(encode(message))
        if self.room.started and self.room.match.over:  # (also when no friend is left to tell: the bots finished)
            self.done.set()

    async def _refuse(self, ws: ServerConnection, reason: str, message: dict[str, Any] | None) -> None:
        reply: dict[str, Any] = {"kind": "refused", "reason": reason}
        if message is not None and "id" in message:
            reply["id"] = message["id"]
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(reply))

    async def _join(self, ws: ServerConnection) -> int | None:
        try:
            raw = await asyncio.wait_for(ws.recv(), JOIN_TIMEOUT_S)
            message = decode(raw, CLIENT_KINDS)
            if message["kind"] != "join":
                raise ProtocolError("the first message must be a join")
            seat, out = self.room.join(message)
        except ConnectionClosed:  # gone before its join (or its first frame was over the size cap: closed 1009)
            return None
        except (TimeoutError, ProtocolError) as exc:
            reason = str(exc) or "no join in time"
            self.log(f"join refused: {reason}")
            await self._refuse(ws, reason, None)
            await ws.close(POLICY_VIOLATION, "join refused")
            return None
        old = self.connections.get(seat)
        self.connections[seat] = ws
        if old is not None:  # the seat's friend came back on a new connection: the old one is dropped
            await old.close(POLICY_VIOLATION, "the seat rejoined on another connection")
        self.log(f"seat {seat} joined")
        await self._send(out)
        # The match starts once every friend's seat has been taken (a friend who left since is played by the bot).
        if not self.room.started and all(self.room.seats[s].token is not None for s in self.friends):
            await self._send(self.room.start())
        return seat

    async def handler(self, ws: ServerConnection) -> None:
        """One client's connection: its join, then its actions until it goes away."""
        seat = await self._join(ws)
        if seat is None:
            return
        refusals = 0
        try:
            async for raw in ws:
                message: dict[str, Any] | None = None
                try:
                    message = decode(raw, CLIENT_KINDS)
                    if message["kind"] != "act":
                        raise ProtocolError("already joined")
                    await self._send(self.room.act(seat, message))
                except ProtocolError as exc:
                    refusals += 1
                    await self._refuse(ws, str(exc), message)
                    if refusals >= MAX_REFUSALS:
                        await ws.close(POLICY_VIOLATION, "too many refused messages")
                        break
        except ConnectionClosed:
            pass
        finally:
            if self.connections.get(seat) is ws:
                del self.connections[seat]
                self.log(f"seat {seat} left")
                await self._send(self.room.leave(seat))

    async def serve(self, bind: str, port: int, ready: Callable[[int], None]) -> None:
        """Listen on ``bind:port`` (0: any free port, passed to ``ready``) until the match is over."""
        server: Server
        async with serve(self.handler, bind, port, max_size=MAX_MESSAGE_BYTES, max_queue=MAX_QUEUE) as server:
            sockets = list(server.sockets)
            ready(sockets[0].getsockname()[1])
            await self.done.wait()
            await asyncio.sleep(0)  # let the last sends go out before the server closes the connections
