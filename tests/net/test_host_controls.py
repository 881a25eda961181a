"""The host's controls over WebSockets on loopback, in one process: start with a friend's seat still empty, pause and
go on, replace a missing friend, end the match; the status callback and the friends' ``status`` messages."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from zipai_desktop.net.host import Host
from zipai_desktop.net.protocol import VERSION, encode
from zipai_desktop.net.room import PAUSED, RoomStatus
from zipai_desktop.net.room_save import restore, room_state

from .helpers import make_room

GUARD_S = 30  # a failure guard: a wait longer than this is a hang


async def _next(ws: ClientConnection, kind: str, got: list[dict[str, Any]]) -> dict[str, Any]:
    """The next message of ``kind`` (every message read on the way is kept in ``got``)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), GUARD_S))
        got.append(message)
        if message["kind"] == kind:
            return message


async def _scenario() -> tuple[list[RoomStatus], list[dict[str, Any]], Host]:
    statuses: list[RoomStatus] = []
    room = make_room(hands=3, seed="controls")
    with ThreadPoolExecutor(1) as bots:
        host = Host(room, {0, 1}, autostart=False, on_status=statuses.append, bots=bots)
        ports: list[int] = []
        serving = asyncio.create_task(host.serve("127.0.0.1", 0, ports.append))
        while not ports:
            await asyncio.sleep(0.01)
        got: list[dict[str, Any]] = []
        async with connect(f"ws://127.0.0.1:{ports[0]}") as ws:
            await ws.send(encode({"kind": "join", "version": VERSION, "code": room.code, "seat": 0}))
            await _next(ws, "welcome", got)
            assert not host.status.started  # seat 1 is a friend's seat nobody took: no autostart
            await host.start()  # the bot plays seat 1 meanwhile
            turn = await _next(ws, "turn", got)
            await host.pause(True)
            assert (await _next(ws, "status", got))["paused"]
            act = {"kind": "act", "id": 1, "hand": turn["hand"], "step": turn["step"],
                   "action": turn["observation"]["legal"][0]}  # fmt: skip
            await ws.send(encode(act))
            assert (await _next(ws, "refused", got))["reason"] == PAUSED
            await host.pause(False)
            again = await _next(ws, "turn", got)
            assert (again["hand"], again["step"]) == (turn["hand"], turn["step"])
            await ws.send(encode(act))
            await _next(ws, "events", got)
            await host.replace(1)  # never came: the bot plays it from now on (it did already)
            await host.end()
            final = await _next(ws, "match_end", got)
            assert final["ended_by_host"] is True
        await asyncio.wait_for(serving, GUARD_S)
    return statuses, got, host


def test_the_host_starts_pauses_replaces_and_ends_and_everyone_is_told() -> None:
    statuses, got, host = asyncio.run(_scenario())
    assert host.room.over and host.room.ended_by_host
    assert [s.started for s in statuses].index(True) > 0  # told before and after the start
    assert any(s.paused for s in statuses) and not statuses[-1].paused
    assert statuses[-1].over and statuses[-1].ended_by_host
    seat1 = statuses[-1].seats[1]
    assert seat1.played_by_bot and not seat1.joined
    pauses = [m["paused"] for m in got if m["kind"] == "status"]
    assert True in pauses and pauses[-1] is False
    assert [m["seq"] for m in got if "seq" in m] == list(range(1, sum("seq" in m for m in got) + 1))


async def _closed_mid_match() -> tuple[Host, list[dict[str, Any]]]:
    room = make_room(hands=3, seed="close")
    saved: list[dict[str, Any]] = []
    host = Host(room, {0}, inline_bots=True, on_change=lambda r: saved.append(room_state(r, [0])))
    ports: list[int] = []
    serving = asyncio.create_task(host.serve("127.0.0.1", 0, ports.append))
    while not ports:
        await asyncio.sleep(0.01)
    got: list[dict[str, Any]] = []
    async with connect(f"ws://127.0.0.1:{ports[0]}") as ws:
        await ws.send(encode({"kind": "join", "version": VERSION, "code": room.code, "seat": 0}))
        await _next(ws, "turn", got)
        await host.close()
        await asyncio.wait_for(serving, GUARD_S)
    return host, saved


def test_closing_the_host_keeps_the_match_for_a_restart() -> None:
    host, saved = asyncio.run(_closed_mid_match())
    assert not host.room.over and host.room.game is not None
    reopened, friends = restore(saved[-1])
    assert friends == [0] and reopened.game is not None and reopened.game.history == host.room.game.history
