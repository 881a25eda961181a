"""An action's round trip in a 包厢 on loopback. Issue 30's target: p95 <= 20 ms.

The host runs in its own process (as a real one would); this process is the friend, at seat 0 of a Guilin table with
two bots, playing N decisions over as many hands as that takes.

- ``--bot random`` (the default): the round trip of an action until the friend's next turn arrives (the host checks
  and applies it, the bots answer, the host sends the new observation).
- ``--bot strong`` (a few tenths of a second a decision): the friend's next turn waits for the bots' thinking, so the
  figure is the host's answer to the action itself (the ``events`` that show it applied), and the round trip of a
  WebSocket ping sent while the bots think: both stay short only if the bots think off the host's event loop.

- ``--tables T``: T tables in one host process (one event loop, the bots of every table in one shared worker
  process), a friend at seat 0 of each (T threads here); besides the friends' figures, the host process measures its
  loop's lag (how late a 10 ms timer fires): what a window drawing on that loop would lose per frame.

Prints the median and p95, the Python version and the machine's load before and after.
Run: python bench/room_latency.py [N] [--bot LEVEL] [--save] [--tables T]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from zipai_desktop.bots import make_bot
from zipai_desktop.net.protocol import VERSION, encode
from zipai_desktop.net.wire import observation_from_json

ROOT = Path(__file__).resolve().parent.parent


def _summary(what: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    verdict = "met" if p95 <= 20 else "NOT met"
    return (f"{what}, {len(times)}: median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms "
            f"(target p95 <= 20 ms: {verdict})")  # fmt: skip


def _ping(ws: ClientConnection, pings: list[float]) -> None:
    sent = time.perf_counter()
    if ws.ping().wait(timeout=30):
        pings.append((time.perf_counter() - sent) * 1000)


def _play(ws: ClientConnection, n: int, strong: bool) -> tuple[list[float], list[float]]:
    """(the round trips of the actions, the pings' round trips)."""
    bot = make_bot("random", 0)
    times: list[float] = []
    pings: list[float] = []
    sent: float | None = None
    next_id = 0
    while len(times) < n:
        try:
            message: dict[str, Any] = json.loads(ws.recv(timeout=0.05 if strong else 30))
        except TimeoutError:  # the bots think: how long does the host take to answer a ping meanwhile?
            _ping(ws, pings)
            continue
        except ConnectionClosed:  # (--tables: the host's time is up)
            break
        if strong and sent is not None and message["kind"] == "events":
            times.append((time.perf_counter() - sent) * 1000)
            sent = None
        if message["kind"] != "turn":
            continue
        if not strong and sent is not None:
            times.append((time.perf_counter() - sent) * 1000)
        obs = observation_from_json(message["observation"])
        next_id += 1
        act = {"kind": "act", "id": next_id, "hand": message["hand"], "step": message["step"],
               "action": bot.choose(obs, obs.legal).to_json()}  # fmt: skip
        sent = time.perf_counter()
        ws.send(encode(act))
    return times, pings


def _serve_tables(tables: int, bot: str, seconds: float) -> None:
    """(The host process of ``--tables``.) Serve the tables for ``seconds``, printing each one's address first and
    the loop's lag at the end, as JSON lines."""
    import asyncio

    from zipai_desktop.engine.match import Match
    from zipai_desktop.engine.rules import get_rules
    from zipai_desktop.net.botpool import bot_process
    from zipai_desktop.net.host import Host
    from zipai_desktop.net.room import Room

    async def run() -> None:
        bots = bot_process()
        rules = get_rules("guilin")
        hosts = [Host(Room(Match(rules, rules.parse_options({}), f"bench-{i}", hands=1000), bot=bot), {0}, bots=bots)
                 for i in range(tables)]  # fmt: skip
        for host in hosts:
            ready = asyncio.Event()

            def up(port: int, host: Host = host, ready: asyncio.Event = ready) -> None:
                print(json.dumps({"url": f"ws://127.0.0.1:{port}", "code": host.room.code}), flush=True)
                ready.set()

            asyncio.create_task(host.serve("127.0.0.1", 0, up))
            await ready.wait()
        lags: list[float] = []
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            start = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append((time.perf_counter() - start - 0.01) * 1000)
        print(json.dumps({"lags": lags}), flush=True)
        bots.shutdown(wait=False, cancel_futures=True)
        os._exit(0)  # (the hosts serve on; the bench is over)

    asyncio.run(run())


def _tables(args: argparse.Namespace, n: int, env: dict[str, str]) -> None:
    import threading

    seconds = 60.0
    host = subprocess.Popen([sys.executable, __file__, "--serve-tables", str(args.tables), "--bot", args.bot,
                             "--seconds", str(seconds)], env=env, stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert host.stdout is not None
    rooms = [json.loads(host.stdout.readline()) for _ in range(args.tables)]
    load = os.getloadavg()[0]
    results: list[list[float]] = [[] for _ in rooms]
    strong = args.bot == "strong"

    def friend(i: int) -> None:
        with connect(rooms[i]["url"]) as ws:
            ws.send(encode({"kind": "join", "version": VERSION, "code": rooms[i]["code"], "seat": 0}))
            results[i] = _play(ws, n, strong)[0]

    threads = [threading.Thread(target=friend, args=(i,), daemon=True) for i in range(args.tables)]
    for t in threads:
        t.start()
    lags = json.loads(host.stdout.readline())["lags"]
    host.wait()
    for t in threads:
        t.join(30)
    times = [t for r in results for t in r]
    what = "the friends' actions until the host's events" if strong else "the friends' action round trips"
    print(f"{args.tables} tables in one host process, bots {args.bot} (one shared worker), {seconds:g} s")
    print(_summary(what, times))
    lags.sort()
    print(f"the host loop's lag, {len(lags)} timers: median {statistics.median(lags):.2f} ms, "
          f"p95 {lags[int(0.95 * (len(lags) - 1))]:.2f} ms, max {lags[-1]:.2f} ms, over 16 ms (a frame): "
          f"{sum(lag > 16 for lag in lags)}")  # fmt: skip
    print(f"Python {sys.version.split()[0]}, load {load:.2f} -> {os.getloadavg()[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", type=int, nargs="?", default=None, help="friend's actions to time (500; strong: 60)")
    parser.add_argument("--bot", default="random", help="the bots' level (random)")
    parser.add_argument("--save", action="store_true", help="the host keeps its autosave (written after every change)")
    parser.add_argument("--tables", type=int, default=0, help="tables in one host process, a friend at each")
    parser.add_argument("--serve-tables", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=60.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_tables:
        _serve_tables(args.serve_tables, args.bot, args.seconds)
        return
    strong = args.bot == "strong"
    n = args.n or (60 if strong else 500)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if args.tables:
        _tables(args, 10**9, env)
        return
    folder = tempfile.TemporaryDirectory()
    save = ["--save", str(Path(folder.name) / "room.json")] if args.save else []
    host = subprocess.Popen(
        [sys.executable, "-m", "zipai_desktop.cli", "host", "--hands", "1000", "--seed", "bench", "--bot", args.bot,
         *save],
        env=env, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert host.stdout is not None
    room = json.loads(host.stdout.readline())
    load = os.getloadavg()[0]
    try:
        with connect(room["url"]) as ws:
            ws.send(encode({"kind": "join", "version": VERSION, "code": room["code"], "seat": 0}))
            times, pings = _play(ws, n, strong)
    finally:
        host.kill()
        host.wait()
        folder.cleanup()
    what = "the friend's action until the host's events" if strong else "room action round trip on loopback"
    print(f"{_summary(what, times)}; bots {args.bot}{', autosave on' if args.save else ''}")
    if pings:
        print(_summary("a ping's round trip while the bots think", pings))
    print(f"Python {sys.version.split()[0]}, load {load:.2f} -> {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
