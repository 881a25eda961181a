"""Run as a program by tests/bots/test_worker.py: start a spawned worker, print its process id, then wait to be killed.

``bots``: the window's bot worker (BotRunner in process mode); ``tables``: a competition's bot-table worker.
"""

from __future__ import annotations

import sys
import time


def main(which: str) -> None:
    """Start the chosen worker, print its pid and sleep (the test kills this process with SIGKILL)."""
    if which == "bots":
        from zipai_desktop.bots.worker import BotRunner

        runner = BotRunner("process")
        assert runner.started is not None
        pid = runner.started.result(timeout=120)
    else:
        import os

        from zipai_desktop.competition.play import BotTables, make_field
        from zipai_desktop.engine.tournament import Tournament

        t = Tournament("bohu", 2, make_field(6, ("random", "beginner")), rounds=1, hands=1, seed=3)
        t.start_round()
        tables = BotTables()
        tables.submit(t)
        assert tables._executor is not None
        pid = tables._executor.submit(os.getpid).result(timeout=120)
    print(pid, flush=True)
    time.sleep(600)


if __name__ == "__main__":
    main(sys.argv[1])
