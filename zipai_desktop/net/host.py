"""The host: a WebSocket server around one :class:`~zipai_desktop.net.room.Room` (asyncio, one thread).

Every message goes through the room on the event loop, one at a time, so the room needs no lock. A connection's first
message must be a ``join`` within :data:`JOIN_TIMEOUT_S`; a refused message gets a ``refused`` reply, and a connection
that is refused :data:`MAX_REFUSALS` times is closed (a flood ends there). After the join, keepalive pings
(:data:`PING_INTERVAL_S`, :data:`PING_TIMEOUT_S`) close a dead peer, or one stuck sending a frame a byte at a time
(its pong cannot come before the frame it is in the middle of), within their sum and :data:`CLOSE_TIMEOUT_S`; the
others play on.

Messages to a connection go through its own queue and writer task: a friend slow to read delays only their own
messages. The bots decide off the loop (``net.botpool``: a worker process); the room applies a decision only if it
still answers the pending step.

The host's controls (:meth:`Host.start`, :meth:`Host.pause`, :meth:`Host.replace`, :meth:`Host.end`) are coroutines
run on the host's loop (from another thread: ``asyncio.run_coroutine_threadsafe``); ``on_status`` is called on the
loop with a :class:`~zipai_desktop.net.room.RoomStatus` after every change of the room's status.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable
from concurrent.futures import BrokenExecutor, Executor
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..bots.heuristic import rollout_choice
from ..engine.actions import Action
from .botpool import bot_process, decide
from .protocol import CLIENT_KINDS, MAX_MESSAGE_BYTES, ProtocolError, decode, encode
from .room import BotTurn, Outbox, Room, RoomStatus

#: Seconds a new connection has to send its ``join``.
JOIN_TIMEOUT_S = 10.0
#: Refused messages after which a connection is closed.
MAX_REFUSALS = 20
#: Frames the WebSocket layer buffers for one connection before it stops reading from it.
MAX_QUEUE = 16
#: The close code for a client that broke the protocol (RFC 6455: policy violation).
POLICY_VIOLATION = 1008
#: Keepalive: a ping every PING_INTERVAL_S seconds; a peer whose pong has not come PING_TIMEOUT_S seconds later is
#: closed (a dead peer, or one sending a frame a byte at a time).
PING_INTERVAL_S = 10.0
PING_TIMEOUT_S = 10.0
#: Seconds the host waits for a peer's answer to its close frame before it drops the connection (a dead peer never
#: answers: its seat goes to the bot once this is over).
CLOSE_TIMEOUT_S = 2.0
#: Seconds the host waits at the end for the last messages to go out before it closes the connections.
FLUSH_S = 5.0


@dataclass
class _Connection:
    """A friend's connection: its socket, the messages waiting to go out, and the task that sends them in order."""

    ws: ServerConnection
    queue: asyncio.Queue[str]
    writer: asyncio.Task[None]


async def _write(ws: ServerConnection, queue: asyncio.Queue[str]) -> None:
    """Send the queued messages of one connection, in order, until it closes."""
    while True:
        text = await queue.get()
        try:
            await ws.send(text)
        except ConnectionClosed:
            queue.task_done()
            while not queue.empty():  # nobody is there to read them: let a flush at the end see an empty queue
                queue.get_nowait()
                queue.task_done()
            return
        queue.task_done()


class Host:
    """Serve ``room`` until the match is over (played out or ended by the host).

    ``friends``: the seats friends are expected at; with ``autostart`` the match is dealt once each is taken (else
    at :meth:`start`). ``bots``: the executor the bots decide in (a spawned worker process by default; ``None`` with
    ``inline_bots`` lets the room's bots play on the loop, for tests). ``on_status`` gets the room's status after
    every change; ``on_change`` is called after every change of the room's state (the autosave).
    """

    def __init__(
        self,
        room: Room,
        friends: Iterable[int],
        *,
        log: Callable[[str], None] | None = None,
        autostart: bool = True,
        on_status: Callable[[RoomStatus], None] | None = None,
        on_change: Callable[[Room], None] | None = None,
        inline_bots: bool = False,
        bots: Executor | None = None,
        ping_interval: float | None = PING_INTERVAL_S,
        ping_timeout: float | None = PING_TIMEOUT_S,
        close_timeout: float = CLOSE_TIMEOUT_S,
    ) -> None:
        self.room = room
        self.friends = frozenset(friends)
        self.autostart = autostart
        self.connections: dict[int, _Connection] = {}
        self.done = asyncio.Event()
        self.log = log or (lambda line: None)
        self.on_status = on_status or (lambda status: None)
        self.on_change = on_change or (lambda room: None)
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self.close_timeout = close_timeout
        self.room.inline_bots = inline_bots
        self._bots = bots
        self._own_bots = bots is None and not inline_bots
        self._wake = asyncio.Event()
        self._status: RoomStatus | None = None

    # -- the room's changes ------------------------------------------------------------------------------------------

    def _deliver(self, out: Outbox) -> None:
        """Queue the messages for their connections (in order), then tell the status, save, and wake the bots."""
        for seat, message in out:
            conn = self.connections.get(seat)
            if conn is not None:
                conn.queue.put_nowait(encode(message))
        self._changed()

    def _changed(self) -> None:
        status = self.room.status()
        if status != self._status:
            self._status = status
            self.on_status(status)
        self.on_change(self.room)
        if self.room.over:  # (also when no friend is left to tell: the bots finished)
            self.done.set()
        self._wake.set()

    @property
    def status(self) -> RoomStatus:
        """The room's status now."""
        return self.room.status()

    # -- the host's controls (coroutines on the host's loop) ---------------------------------------------------------

    async def start(self) -> None:
        """Deal now, even with friends' seats still empty: bots play them until a friend sits down (a friend may take
        a free or bot-played seat at any time, from its next decision). Nothing if the match has started."""
        self._deliver(self.room.start())

    async def pause(self, on: bool) -> None:
        """Pause the game (no bot moves; a friend's action is refused with "the host paused the game"; the friends
        get a ``status`` with ``paused``), or go on."""
        self._deliver(self.room.pause(on))

    async def replace(self, seat: int) -> None:
        """Let the bot play the seat of a friend who is away or never came, from now on (托管); the friend gets it
        back by rejoining with its token. ``ValueError`` if the friend is connected."""
        self._deliver(self.room.take_over(seat))

    async def end(self) -> None:
        """End the match now: the hand being played is abandoned (not scored), every friend gets the finished hands'
        records and ``match_end`` with the totals so far and ``"ended_by_host": true``; :meth:`serve` returns."""
        self._deliver(self.room.end())

    async def close(self) -> None:
        """Stop serving without ending the match (the app quits): :meth:`serve` returns, the friends' connections
        close, and the autosave keeps the match for a restart (``zipai host --resume``)."""
        self.done.set()

    # -- the bots ----------------------------------------------------------------------------------------------------

    async def _decide(self, turn: BotTurn) -> Action:
        loop = asyncio.get_running_loop()
        if self._bots is None:  # the room plays its bots inline: it never asks
            raise RuntimeError("no executor for the bots")
        for _ in range(2):
            try:
                return await loop.run_in_executor(self._bots, decide, turn)
            except BrokenExecutor:  # the worker died (killed, out of memory): a new one, asked again
                self.log("the bots' worker died: starting another")
                self._bots.shutdown(wait=False, cancel_futures=True)
                self._bots = bot_process()
            except Exception as exc:  # noqa: BLE001 - a failing bot is replaced by the fallback, the game goes on
                self.log(f"a bot failed ({type(exc).__name__}: {str(exc)[:80]}): the greedy policy answers")
                break
        # The fallback is the strong bot's greedy rollout policy, as in bots/worker.py: cheap, legal, on the loop.
        return rollout_choice(turn.observation.hand, turn.legal)

    async def _play_bots(self) -> None:
        """Make every bot decision the room asks for, one at a time, off the loop; the room checks each answer."""
        while not self.done.is_set():
            await self._wake.wait()
            self._wake.clear()
            turn = self.room.bot_turn()
            while turn is not None and not self.done.is_set():
                action = await self._decide(turn)
                self._deliver(self.room.apply_bot(turn, action))  # (nothing if the decision went stale meanwhile)
                turn = self.room.bot_turn()

    # -- connections -------------------------------------------------------------------------------------------------

    async def _refuse(self, ws: ServerConnection, reason: str, message: dict[str, Any] | None) -> None:
        reply: dict[str, Any] = {"kind": "refused", "reason": reason}
        if message is not None and "id" in message:
            reply["id"] = message["id"]
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(reply))

    async def _join(self, ws: ServerConnection) -> _Connection | None:
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
        queue: asyncio.Queue[str] = asyncio.Queue()
        conn = _Connection(ws, queue, asyncio.create_task(_write(ws, queue)))
        old = self.connections.get(seat)
        self.connections[seat] = conn
        if old is not None:  # the seat's friend came back on a new connection: the old one is dropped
            old.writer.cancel()
            await old.ws.close(POLICY_VIOLATION, "the seat rejoined on another connection")
        self.log(f"seat {seat} joined")
        self._deliver(out)
        # With autostart the match starts once every friend's seat has been taken (a friend who left since is played
        # by the bot).
        if self.autostart and not self.room.started and all(self.room.seats[s].token for s in self.friends):
            self._deliver(self.room.start())
        return conn

    def _seat_of(self, conn: _Connection) -> int | None:
        return next((s for s, c in self.connections.items() if c is conn), None)

    async def handler(self, ws: ServerConnection) -> None:
        """One client's connection: its join, then its actions until it goes away."""
        conn = await self._join(ws)
        if conn is None:
            return
        refusals = 0
        try:
            async for raw in ws:
                seat = self._seat_of(conn)
                if seat is None:
                    break
                message: dict[str, Any] | None = None
                try:
                    message = decode(raw, CLIENT_KINDS)
                    if message["kind"] != "act":
                        raise ProtocolError("already joined")
                    self._deliver(self.room.act(seat, message))
                except ProtocolError as exc:
                    refusals += 1
                    await self._refuse(ws, str(exc), message)
                    if refusals >= MAX_REFUSALS:
                        await ws.close(POLICY_VIOLATION, "too many refused messages")
                        break
        except ConnectionClosed:
            pass
        finally:
            seat = self._seat_of(conn)
            if seat is not None:
                del self.connections[seat]
                conn.writer.cancel()
                self.log(f"seat {seat} left")
                if not self.done.is_set():  # (closing: the room stays as it stood, for a restart)
                    self._deliver(self.room.leave(seat))

    async def _flush(self) -> None:
        """Let the queued messages go out (the records, match_end) before the connections close."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(c.queue.join() for c in list(self.connections.values()))), FLUSH_S)

    async def serve(self, bind: str, port: int, ready: Callable[[int], None]) -> None:
        """Listen on ``bind:port`` (0: any free port, passed to ``ready``) until the match is over."""
        if self._own_bots:
            self._bots = bot_process()
        bots = asyncio.create_task(self._play_bots())
        server: Server
        try:
            async with serve(self.handler, bind, port, max_size=MAX_MESSAGE_BYTES, max_queue=MAX_QUEUE,
                             ping_interval=self.ping_interval, ping_timeout=self.ping_timeout,
                             close_timeout=self.close_timeout) as server:  # fmt: skip
                sockets = list(server.sockets)
                ready(sockets[0].getsockname()[1])
                self._changed()  # the first status, and a reopened room's bots go on
                await self.done.wait()
                await self._flush()
        finally:
            bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await bots
            if self._own_bots and self._bots is not None:
                self._bots.shutdown(wait=False, cancel_futures=True)
