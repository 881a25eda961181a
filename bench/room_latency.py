"""An action's round trip in a 包厢 on loopback. Issue 30's target: p95 <= 20 ms.

The host runs in its own process (as a real one would); this process is the friend, at seat 0 of a Guilin table with
two bots, playing N decisions over as many hands as that takes.

- ``--bot random`` (the default): the round trip of an action until the friend's next turn arrives (the host checks
  and applies it, the bots answer, the host sends the new observation).
- ``--bot strong`` (a few tenths of a second a decision): the friend's next turn waits for the bots' thinking, so the
  figure is the host's answer to the action itself (the ``events`` that show it applied), and the round trip of a
  WebSocket ping sent while the bots think: both stay short only if the bots think off the host's event loop.

Prints the median and p95, the Python version and the machine's load before and after.
Run: python bench/room_latency.py [N] [--bot LEVEL] [--save]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", type=int, nargs="?", default=None, help="friend's actions to time (500; strong: 60)")
    parser.add_argument("--bot", default="random", help="the bots' level (random)")
    parser.add_argument("--save", action="store_true", help="the host keeps its autosave (written after every change)")
    args = parser.parse_args()
    strong = args.bot == "strong"
    n = args.n or (60 if strong else 500)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
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
