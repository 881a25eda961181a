"""What the spawned bot worker costs a player: start-up, and the wait for the first and later bot decisions.

The app spawns its bot worker when the table is set up (zipai_desktop/bots/worker.py): a new interpreter that imports
the bots. This prints, for a few runs: the start-up (runner created -> worker up), the first strong decision asked at
once (cold: it waits for the start-up, whose time does not count against the decision's deadline), the first decision
asked after the worker is up (as in the app, where dealing and animating the deal take longer than the start-up), and
the median of later decisions. Timing is measured here, never asserted in a test.
Run: python bench/bot_worker.py [runs]
"""

from __future__ import annotations

import statistics
import sys
import time

from zipai_desktop.bots.worker import BotRunner
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules


def one_run(i: int) -> tuple[float, float, float, float]:
    game = Game(get_rules("guilin"), seed=f"bench-worker:{i}", dealer=0)
    seat = game.to_act
    assert seat is not None
    obs, legal = observe(game, seat), game.legal_actions(seat)

    t0 = time.perf_counter()
    cold = BotRunner("process", deadline_s=1.0)
    cold.decide("strong", i, obs, legal).wait()
    cold_ms = (time.perf_counter() - t0) * 1000
    cold.close()

    t0 = time.perf_counter()
    runner = BotRunner("process", deadline_s=1.0)
    assert runner.started is not None
    runner.started.result()
    startup_ms = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    runner.decide("strong", i, obs, legal).wait()
    warm_ms = (time.perf_counter() - t0) * 1000
    later = []
    for j in range(5):
        t0 = time.perf_counter()
        runner.decide("strong", i + j + 1, obs, legal).wait()
        later.append((time.perf_counter() - t0) * 1000)
    runner.close()
    return startup_ms, cold_ms, warm_ms, statistics.median(later)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    rows = [one_run(i) for i in range(runs)]
    for name, k in (("worker start-up", 0), ("first decision, cold", 1), ("first decision, pre-started", 2)):
        xs = sorted(r[k] for r in rows)
        print(f"{name:30} median {statistics.median(xs):7.0f} ms  max {xs[-1]:7.0f} ms")
    print(f"{'later decisions':30} median {statistics.median(r[3] for r in rows):7.0f} ms")


if __name__ == "__main__":
    main()
