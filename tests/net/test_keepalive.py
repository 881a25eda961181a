"""After the join: a client stuck sending one frame a byte at a time, and a dead peer (connected, silent, never
answering a ping), are closed by the host's keepalive, and a friend then plays the match to its end. Raw sockets, the
host in a thread of this process with short keepalive values; timeouts are failure guards only."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from zipai_desktop.net.client import Client
from zipai_desktop.net.host import Host
from zipai_desktop.net.protocol import VERSION, encode
from zipai_desktop.net.room import RoomStatus

from .helpers import make_room

GUARD_S = 30  # a failure guard: a socket still open after this many seconds (or bytes) is a hang


def _frame(payload: bytes, opcode: int = 1) -> bytes:
    """A masked client frame (RFC 6455 §5.2), payload under 126 bytes."""
    mask = os.urandom(4)
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def _open(port: int, code: str, seat: int) -> socket.socket:
    """A raw WebSocket connection that has joined ``seat``."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=GUARD_S)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    reply = b""
    while b"\r\n\r\n" not in reply:
        reply += sock.recv(1024)
    assert reply.startswith(b"HTTP/1.1 101"), reply[:80]
    sock.sendall(_frame(encode({"kind": "join", "version": VERSION, "code": code, "seat": seat}).encode()))
    return sock


def _close_code(data: bytes) -> int | None:
    """The code of the close frame among the server's frames in ``data`` (unmasked), if one came."""
    at = 0
    while at + 2 <= len(data):
        opcode, size = data[at] & 0x0F, data[at + 1] & 0x7F
        head = 2
        if size == 126:
            size, head = struct.unpack("!H", data[at + 2 : at + 4])[0], 4
        elif size == 127:
            size, head = struct.unpack("!Q", data[at + 2 : at + 10])[0], 10
        if opcode == 8 and size >= 2:
            return int(struct.unpack("!H", data[at + head : at + head + 2])[0])
        at += head + size
    return None


def _slow_sender(sock: socket.socket) -> bytes:
    """Send the header of a 100-byte frame, then one byte a second, reading what comes, until the host closes."""
    sock.settimeout(1.0)
    sock.sendall(bytes([0x81, 0x80 | 100]) + os.urandom(4))
    got = b""
    for _ in range(GUARD_S):
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            try:
                sock.sendall(b"x")
            except OSError:  # reset by the host
                return got
            continue
        except OSError:
            return got
        if not chunk or _close_code(got + chunk) is not None:
            return got + chunk
        got += chunk
    raise AssertionError("the slow sender was never cut")


def _dead_peer(sock: socket.socket) -> bytes:
    """Never answer; read (after the fact) whatever the host sent, until it closes."""
    got = b""
    sock.settimeout(GUARD_S)
    while _close_code(got) is None:
        chunk = sock.recv(4096)
        if not chunk:
            break
        got += chunk
    return got


def test_a_slow_sender_and_a_dead_peer_are_cut_and_a_friend_plays_on() -> None:
    room = make_room(hands=1, seed="keepalive")
    statuses: list[RoomStatus] = []
    ports: list[int] = []
    ready = threading.Event()
    with ThreadPoolExecutor(1) as bots:
        host = Host(room, {0}, on_status=statuses.append, bots=bots, ping_interval=0.2, ping_timeout=0.4,
                    close_timeout=0.5)  # fmt: skip

        def serve() -> None:
            asyncio.run(host.serve("127.0.0.1", 0, lambda port: (ports.append(port), ready.set())))

        server = threading.Thread(target=serve, daemon=True)
        server.start()
        assert ready.wait(GUARD_S)
        slow, dead = _open(ports[0], room.code, 1), _open(ports[0], room.code, 2)
        results: dict[str, bytes] = {}
        cut = [threading.Thread(target=lambda: results.update(slow=_slow_sender(slow))),
               threading.Thread(target=lambda: results.update(dead=_dead_peer(dead)))]  # fmt: skip
        for thread in cut:
            thread.start()
        for thread in cut:
            thread.join(GUARD_S * 2)
        for _ in range(GUARD_S * 10):  # the host drops them once its close is answered or timed out
            if not (statuses[-1].seats[1].connected or statuses[-1].seats[2].connected):
                break
            time.sleep(0.1)
        slow.close()
        dead.close()
        seats: Any = statuses[-1].seats
        assert not seats[1].connected and not seats[2].connected and not statuses[-1].started
        assert any(s.seats[1].connected and s.seats[2].connected for s in statuses)  # both had joined
        assert _close_code(results["dead"]) == 1011  # the keepalive's close: no pong in time
        assert _close_code(results["slow"]) in (1011, None)  # (None: the host reset it before the close was read)
        # A friend sits down: the match is dealt (autostart) and played to its end, bots at the cut seats (托管).
        totals = asyncio.run(Client(f"ws://127.0.0.1:{ports[0]}", room.code, 0, bot="random").run())
        server.join(GUARD_S)
    assert not server.is_alive() and room.match.over and totals == room.match.totals
