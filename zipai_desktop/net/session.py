"""The 包厢 for a frame loop: a host and a client, each running its asyncio loop in a daemon thread.

A screen (pygame) must never wait on the network. :class:`HostSession` serves a :class:`~.room.Room` from its own
thread; its controls (start, pause, replace, end) are posted to that loop and return at once, and :meth:`status`
is a snapshot the loop refreshes. :class:`ClientSession` holds one seat's connection: the host's messages land in
``inbox`` (a :class:`queue.Queue` the screen polls with ``get_nowait`` each frame), :meth:`act` posts an action, and
a dropped connection is taken up again with the seat's token. Besides the contract's messages (docs/contracts/
room-protocol.md) the inbox gets the session's own: ``{"kind": "reconnecting"}`` while it rejoins and
``{"kind": "lost", "problem", "reason"}`` once it gives up (the host refused the join, or is gone). The room's
controls and status are the host's (``net.host.Host``: start, pause, replace, end, ``on_status``).

Every human seat, the host player's included, plays through a ClientSession: the host's own seat connects to
127.0.0.1, so the host's Game stays the only truth and there is one code path for every person at the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import re
import threading
from collections.abc import Callable, Coroutine, Iterable
from concurrent.futures import Future
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine.actions import Action
from ..engine.cards import HIDDEN, HIDDEN_GLYPH, parse_card
from ..engine.events import EVENT_TYPES, Event
from ..engine.melds import Meld, MeldKind
from ..engine.win import Group
from .discovery import Announcement, announce, lan_addresses, room_name
from .host import Host
from .protocol import HOST_KINDS, MAX_MESSAGE_BYTES, VERSION, ProtocolError, decode, encode
from .room import Room, RoomStatus

#: Seconds :meth:`HostSession.open` waits for the server to listen.
OPEN_TIMEOUT_S = 10.0
#: Seconds :meth:`HostSession.close` waits for the host's thread (the last messages go out first).
FLUSH_WAIT_S = 8.0
#: The close code of a host that ends the room (RFC 6455: going away).
GOING_AWAY = 1001
#: The pauses between a dropped client's attempts to rejoin (then it gives up: the host is gone).
REJOIN_DELAYS_S = (0.2, 0.5, 1.0, 2.0, 3.0, 3.0, 5.0, 5.0, 5.0, 5.0)  # about 30 s: a host restarting reopens in time


def free_seats(status: RoomStatus) -> int:
    """The chairs a friend may still take: never taken by a friend (the host's own is taken)."""
    return sum(1 for seat in status.seats if not seat.joined and not seat.connected)


# --- the host --------------------------------------------------------------------------------------------------------


class HostSession:
    """A room served from a daemon thread; every method may be called from the frame loop and returns at once."""

    def __init__(
        self,
        room: Room,
        friends: Iterable[int],
        *,
        bind: str = "0.0.0.0",
        port: int = 0,
        inline_bots: bool = False,
        on_change: Callable[[Room], None] | None = None,
        announce_as: str | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        """Serve ``room`` on ``bind:port`` (0: any free port) once :meth:`open` is called; the match deals when
        every seat of ``friends`` is taken, or at :meth:`start`. The bots decide in a worker process (on the host's
        loop with ``inline_bots``: tests); ``on_change`` is called on the host's thread after every change (the
        room's autosave). With ``announce_as`` the room is announced on the network under that name (LAN discovery,
        net/discovery.py) while it is open, its free seats kept up to date. ``on_close`` is called on the host's
        thread once it stops serving (the match over, :meth:`close`, or a room that could not open), after the last
        ``on_change``: the autosave's writer is closed there."""
        self.room = room
        self.announce_as = announce_as
        self.announcement: Announcement | None = None
        self.announce_error: str | None = None
        self.friends = frozenset(friends)
        self.bind = bind
        self.port = port
        self.inline_bots = inline_bots
        self.on_change = on_change
        self.on_close = on_close
        self.error: str | None = None
        self.host: Host | None = None
        self._status = room.status()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None

    # -- running -----------------------------------------------------------------------------------------------------

    def open(self) -> None:
        """Start the server's thread and wait (briefly, on this computer only) until it listens; ``error`` says
        why when it cannot (the port is in use, ...)."""
        self._thread = threading.Thread(target=self._run, name=f"zipai-host-{self.room.code}", daemon=True)
        self._thread.start()
        if not self._ready.wait(OPEN_TIMEOUT_S) and self.error is None:
            self.error = "the room did not open in time"

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except OSError as exc:
            self.error = f"cannot open the room on port {self.port}: {exc.strerror or exc}"
        finally:
            if self.on_close is not None:
                self.on_close()
            self._ready.set()

    def _status_changed(self, status: RoomStatus) -> None:
        self._status = status  # a frozen value: the frame loop reads it without a lock
        ad = self.announcement
        if ad is not None and not status.over:  # zeroconf blocks: its update runs in a worker thread
            asyncio.get_running_loop().create_task(self._update_ad(ad, free_seats(status)))

    async def _update_ad(self, ad: Announcement, free: int) -> None:
        with contextlib.suppress(OSError, ValueError, RuntimeError):
            await asyncio.to_thread(ad.update, free_seats=free)

    async def _announce(self, port: int) -> None:
        """Announce the room (zeroconf probes its name for a moment: in a worker thread); a network that will not
        carry it leaves the room open all the same (friends type the address), ``announce_error`` says why."""
        if self.announce_as is None:
            return
        status = self.room.status()
        addresses = None if self.bind in ("0.0.0.0", "") else [self.bind]
        interfaces = None if addresses is None else addresses
        try:
            self.announcement = await asyncio.to_thread(
                announce, room_name(self.announce_as), port, game=self.room.match.rules.name,
                players=status.players, free_seats=free_seats(status), addresses=addresses, interfaces=interfaces,
            )  # fmt: skip
        except (OSError, ValueError, RuntimeError) as exc:
            self.announce_error = str(exc)[:200]

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.host = Host(
            self.room,
            self.friends,
            on_status=self._status_changed,
            on_change=self.on_change,
            inline_bots=self.inline_bots,
        )

        announcing: list[asyncio.Task[None]] = []

        def ready(port: int) -> None:
            self.port = port
            self._ready.set()
            announcing.append(asyncio.get_running_loop().create_task(self._announce(port)))

        try:
            await self.host.serve(self.bind, self.port, ready)
        finally:
            self._status = self.room.status()
            for task in announcing:
                with contextlib.suppress(asyncio.CancelledError, OSError, ValueError, RuntimeError):
                    await task
            if self.announcement is not None:  # goodbye: the browsers drop the room at once
                with contextlib.suppress(OSError, RuntimeError):
                    await asyncio.to_thread(self.announcement.close)

    @property
    def running(self) -> bool:
        """The server's thread is alive (the room is open)."""
        return self._thread is not None and self._thread.is_alive()

    def _post(self, work: Callable[[Host], Coroutine[Any, Any, None]]) -> Future[None] | None:
        """Run ``work(host)`` on the host's loop; None (nothing done) when the room is closed."""
        loop, host = self._loop, self.host
        if loop is None or host is None or loop.is_closed() or not self.running:
            return None
        return asyncio.run_coroutine_threadsafe(work(host), loop)

    # -- what the screen shows -----------------------------------------------------------------------------------------

    @property
    def code(self) -> str:
        """The room code friends type."""
        return self.room.code

    def urls(self) -> list[str]:
        """The addresses to give friends (``ws://IP:PORT``): this computer's LAN addresses when the room is open to
        the network, else the one it listens on."""
        hosts = lan_addresses() if self.bind in ("0.0.0.0", "") else [self.bind]
        return [f"ws://{h}:{self.port}" for h in hosts]

    @property
    def local_url(self) -> str:
        """The address this computer's own client uses (the host player's seat)."""
        return f"ws://127.0.0.1:{self.port}"

    def status(self) -> RoomStatus:
        """The room as last told by its thread."""
        return self._status

    # -- the host's controls ---------------------------------------------------------------------------------------

    def start(self) -> Future[None] | None:
        """Deal now, even with friends' chairs empty: bots play them (a friend who joins later takes the seat)."""
        return self._post(lambda host: host.start())

    def pause(self, on: bool) -> Future[None] | None:
        """Pause the match (no bot moves, friends' actions refused) or go on."""
        return self._post(lambda host: host.pause(on))

    def replace(self, seat: int) -> Future[None] | None:
        """A bot plays ``seat`` for its missing friend from now on (the friend takes it back by rejoining)."""

        async def work(host: Host) -> None:
            with contextlib.suppress(ValueError):  # the friend came back meanwhile: nothing to replace
                await host.replace(seat)

        return self._post(work)

    def end(self) -> Future[None] | None:
        """End the match now: every seat gets the totals so far (``match_end`` with ``ended_by_host``)."""
        return self._post(lambda host: host.end())

    def close(self) -> None:
        """End the match if it still runs, and let the thread finish."""
        if not self.room.over:
            self.end()
        if self._thread is not None:
            self._thread.join(timeout=FLUSH_WAIT_S)


# --- the events' JSON ---------------------------------------------------------------------------------------------

_EVENT_CLASSES: dict[str, type[Event]] = {cls.__name__: cls for cls in EVENT_TYPES}


def _kinds(text: str) -> tuple[int, ...]:
    return tuple(HIDDEN if ch == HIDDEN_GLYPH else parse_card(ch) for ch in text)


def _field(name: str, value: Any) -> Any:
    """One field of an event back from its JSON form (``Event.to_json``: cards as glyphs, ``?`` a hidden one)."""
    if value is None:
        return None
    if name == "meld":
        return Meld(MeldKind(value["kind"]), _kinds(value["cards"]))
    if name == "groups":
        return tuple(Group(g["kind"], _kinds(g["cards"]), int(g["hu"]), bool(g["exposed"])) for g in value)
    if name == "card":
        return HIDDEN if value == HIDDEN_GLYPH else parse_card(value)
    if name in ("cards", "from_hand"):
        return _kinds(value)
    if isinstance(value, list):
        return tuple(value)
    return value


def event_from_json(data: dict[str, Any]) -> Event:
    """An event as an ``events`` message carries it (``Event.to_json``); ``ValueError`` / ``KeyError`` /
    ``TypeError`` for one this engine does not know."""
    cls = _EVENT_CLASSES.get(str(data.get("event")))
    if cls is None:
        raise ValueError(f"unknown event {str(data.get('event'))[:40]!r}")
    fields = {name: _field(name, data[name]) for name in cls.__dataclass_fields__ if name in data}
    return cls(**fields)


# --- a seat's connection ---------------------------------------------------------------------------------------------


def problem_of(reason: str) -> str:
    """Which refusal a host's reason is: ``code``, ``taken``, ``version`` or ``refused`` (another reason)."""
    if reason.startswith("wrong room code"):
        return "code"
    if "is taken" in reason or "belongs to" in reason:
        return "taken"
    if reason.startswith("protocol version"):
        return "version"
    return "refused"


def room_size_of(reason: str) -> int | None:
    """The room's number of chairs told by a refusal of a seat beyond them (``the seat must be a whole number from 0
    to N``: N + 1 chairs), else None."""
    found = re.match(r"the seat must be a whole number from 0 to (\d+)", reason)
    return int(found.group(1)) + 1 if found else None


class ClientSession:
    """One seat at a room, its connection in a daemon thread; the frame loop reads ``inbox`` and calls :meth:`act`."""

    def __init__(self, url: str, code: str, seat: int, name: str, token: str | None = None) -> None:
        """Join ``url``'s room ``code`` at ``seat`` as ``name`` (with ``token``: take the seat back) once
        :meth:`open` is called."""
        self.url = url
        self.code = code.strip().upper()
        self.seat = seat
        self.name = name
        self.token = token
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.joined = False
        self.finished = False  # the match ended (match_end received)
        self.problem: str | None = None  # code | taken | version | refused | unreachable | gone
        self.reason = ""
        self._next_id = 0
        self._id_lock = threading.Lock()
        self._out: asyncio.Queue[dict[str, Any]] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def open(self) -> ClientSession:
        """Start the connection's thread (it joins, then keeps the seat until the match ends or :meth:`close`)."""
        self._thread = threading.Thread(target=self._run, name=f"zipai-seat-{self.seat}", daemon=True)
        self._thread.start()
        return self

    @property
    def alive(self) -> bool:
        """The connection's thread is running (joining, playing or rejoining)."""
        return self._thread is not None and self._thread.is_alive()

    def act(self, action: Action | dict[str, Any], hand: int, step: int) -> int:
        """Send ``action`` answering the turn (``hand``, ``step``); returns its id (increasing over the match)."""
        with self._id_lock:
            self._next_id += 1
            action_id = self._next_id
        payload = action.to_json() if isinstance(action, Action) else action
        message = {"kind": "act", "id": action_id, "hand": hand, "step": step, "action": payload}
        loop, out = self._loop, self._out
        if loop is not None and out is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the seat is being rejoined or over
                loop.call_soon_threadsafe(out.put_nowait, message)
        return action_id

    def close(self) -> None:
        """Leave the room (the host's bot plays the seat) and stop the thread."""
        self._stop.set()
        loop, out = self._loop, self._out
        if loop is not None and out is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(out.put_nowait, {"kind": "_close"})
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)

    # -- the thread ------------------------------------------------------------------------------------------------

    def _lost(self, problem: str, reason: str) -> None:
        self.problem = problem
        self.reason = reason
        self.inbox.put({"kind": "lost", "problem": problem, "reason": reason})

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        attempt = 0
        while not self._stop.is_set():
            self._out = asyncio.Queue()
            try:
                async with connect(self.url, max_size=MAX_MESSAGE_BYTES, open_timeout=5) as ws:
                    attempt = 0
                    if await self._serve(ws):
                        return
            except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed):
                pass  # refused at the door or cut: rejoined below while the seat is ours
            except InvalidURI:
                self._lost("unreachable", f"{self.url[:80]!r} is not a ws:// address")
                return
            if self.problem is not None or self.finished or self._stop.is_set():
                return
            if not self.joined:
                self._lost("unreachable", f"no room answers at {self.url[:80]}")
                return
            if attempt >= len(REJOIN_DELAYS_S):
                self._lost("gone", "the host is gone")
                return
            self.inbox.put({"kind": "reconnecting"})
            await asyncio.sleep(REJOIN_DELAYS_S[attempt])
            attempt += 1

    async def _serve(self, ws: ClientConnection) -> bool:
        """Join and relay until the connection ends; True when the session is over (refused, finished, closed)."""
        join: dict[str, Any] = {"kind": "join", "version": VERSION, "code": self.code, "seat": self.seat}
        join["name"] = self.name
        if self.token is not None:
            join["token"] = self.token
        await ws.send(encode(join))
        sender = asyncio.create_task(self._send_loop(ws))
        try:
            async for raw in ws:
                try:
                    message = decode(raw, HOST_KINDS)
                except ProtocolError:
                    continue  # not a message of this protocol: nothing of it reaches the screen
                kind = message["kind"]
                if kind == "refused" and not self.joined:
                    reason = str(message.get("reason", ""))[:200]
                    self._lost(problem_of(reason), reason)
                    return True
                if kind == "welcome":
                    self.joined = True
                    self.token = str(message["token"])
                    with self._id_lock:
                        self._next_id = max(self._next_id, int(message["last_action_id"]))
                self.inbox.put(message)
                if kind == "match_end":
                    self.finished = True
                    return True
        finally:
            sender.cancel()
        if ws.close_code == GOING_AWAY and self.joined and not self._stop.is_set():
            self._lost("gone", "the host closed the room")  # the host ended the match or quit: no one to rejoin
            return True
        return self._stop.is_set()

    async def _send_loop(self, ws: ClientConnection) -> None:
        out = self._out
        assert out is not None
        while True:
            message = await out.get()
            if message["kind"] == "_close":
                await ws.close()
                return
            with contextlib.suppress(ConnectionClosed):
                await ws.send(encode(message))
