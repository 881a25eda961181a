"""An action's round trip in a 包厢 on loopback: a friend's action sent to the host until the friend's next turn arrives
(the host checks and applies it, the bots answer, the host sends the new observation). Issue 30's target: p95 <= 20 ms.

The host runs in its own process (as a real one would); this process is the friend, at seat 0 of a Guilin table with
two random bots, playing N decisions over as many hands as that takes. Prints the median and p95, the Python version
and the machine's load before and after.
Run: python bench/room_latency.py [N]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from websockets.sync.client import connect

from zipai_desktop.bots import make_bot
from zipai_desktop.net.protocol import VERSION, encode
from zipai_desktop.net.wire import observation_from_json

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = subprocess.Popen(
        [sys.executable, "-m", "zipai_desktop.cli", "host", "--hands", "1000", "--seed", "bench", "--bot", "random"],
        env=env, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert host.stdout is not None
    room = json.loads(host.stdout.readline())
    load = os.getloadavg()[0]
    bot = make_bot("random", 0)
    times: list[float] = []
    try:
        with connect(room["url"]) as ws:
            ws.send(encode({"kind": "join", "version": VERSION, "code": room["code"], "seat": 0}))
            sent: float | None = None
            next_id = 0
            while len(times) < n:
                message = json.loads(ws.recv(timeout=30))
                if message["kind"] != "turn":
                    continue
                if sent is not None:
                    times.append((time.perf_counter() - sent) * 1000)
                obs = observation_from_json(message["observation"])
                next_id += 1
                act = {"kind": "act", "id": next_id, "hand": message["hand"], "step": message["step"],
                       "action": bot.choose(obs, obs.legal).to_json()}  # fmt: skip
                sent = time.perf_counter()
                ws.send(encode(act))
    finally:
        host.kill()
        host.wait()
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"room action round trip on loopback, {len(times)} actions: median {statistics.median(times):.2f} ms, "
        f"p95 {p95:.2f} ms, max {times[-1]:.2f} ms (Python {sys.version.split()[0]}, "
        f"load {load:.2f} -> {os.getloadavg()[0]:.2f}; target p95 <= 20 ms: {'met' if p95 <= 20 else 'NOT met'})"
    )


if __name__ == "__main__":
    main()
