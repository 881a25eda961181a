"""The host in a thread of this process, a friend's client in another: a connection the host drops is rejoined by the
client with its token (the match goes on and ends with the host's totals), and a bots' worker killed mid-match is
replaced (the game goes on). Timeouts are failure guards only."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

from zipai_desktop.engine.record import verify
from zipai_desktop.net.client import Client, play
from zipai_desktop.net.host import Host

from .helpers import leaks, make_room

GUARD_S = 60  # a failure guard: a thread still running after this is a hang


def _run(host: Host) -> tuple[threading.Thread, int, asyncio.AbstractEventLoop]:
    """Serve ``host`` in a thread; its port and loop."""
    up: list[Any] = []
    ready = threading.Event()

    def serve() -> None:
        def on_ready(port: int) -> None:
            up.extend([port, asyncio.get_running_loop()])
            ready.set()

        asyncio.run(host.serve("127.0.0.1", 0, on_ready))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(GUARD_S)
    return thread, up[0], up[1]


def _friend(port: int, code: str, at_turn: Callable[[int], None]) -> tuple[threading.Thread, list[Any]]:
    """Seat 0's client in a thread; ``at_turn(n)`` is called at its n-th turn; the list gets every message, then the
    totals."""
    got: list[Any] = []
    turns = [0]

    def on_message(message: dict[str, Any]) -> None:
        got.append(message)
        if message["kind"] == "turn":
            turns[0] += 1
            at_turn(turns[0])

    client = Client(f"ws://127.0.0.1:{port}", code, 0, bot="random", on_message=on_message)
    thread = threading.Thread(target=lambda: got.append(play(client)), daemon=True)
    thread.start()
    return thread, got


def test_a_connection_the_host_drops_is_rejoined_by_the_client_and_the_match_ends() -> None:
    room = make_room(hands=2, seed="blink", wait_for_away=True)  # (else the bots finish the match at once)
    host = Host(room, {0}, inline_bots=True)
    server, port, loop = _run(host)

    def blink(turn: int) -> None:  # the host drops the friend's connection at its third turn (a network blink)
        if turn == 3:
            asyncio.run_coroutine_threadsafe(host.connections[0].ws.close(1001, "blink"), loop)

    friend, got = _friend(port, room.code, blink)
    friend.join(GUARD_S)
    server.join(GUARD_S)
    assert not friend.is_alive() and not server.is_alive() and room.match.over
    messages, totals = got[:-1], got[-1]
    assert totals == room.match.totals and all(verify(r) for r in room.records)
    assert [m["kind"] for m in messages].count("welcome") == 2 and not any(m["kind"] == "refused" for m in messages)
    assert leaks(0, messages, room.records) == []


def test_a_bots_worker_killed_mid_match_is_replaced_and_the_game_goes_on() -> None:
    room = make_room(hands=2, seed="worker")
    logged: list[str] = []
    host = Host(room, {0}, log=logged.append)  # bots in a spawned worker process
    server, port, _ = _run(host)
    killed: list[int] = []

    def kill_worker(turn: int) -> None:  # at the friend's second turn, the worker is killed (SIGKILL)
        if turn == 2:
            for child in multiprocessing.active_children():
                assert child.pid is not None
                os.kill(child.pid, signal.SIGKILL)
                killed.append(child.pid)

    friend, got = _friend(port, room.code, kill_worker)
    friend.join(GUARD_S)
    server.join(GUARD_S)
    assert killed and not friend.is_alive() and not server.is_alive()
    assert room.match.over and got[-1] == room.match.totals and all(verify(r) for r in room.records)
    assert "the bots' worker died: starting another" in logged
