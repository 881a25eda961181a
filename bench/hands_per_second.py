"""Full hands with three ``random`` bots on one core: prints hands per second.

Each decision builds the seat's observation and asks the bot, as ``zipai sim`` does; invariants are not checked
here (``zipai sim`` checks them and is slower). The machine is shared, so both the wall-clock rate and the rate per
second of this process's CPU time (steadier when other processes take the core) are printed, with the load.
Target (issue 13): >= 1,500 hands per second for Guilin and Bohu.
Run: python bench/hands_per_second.py [N] [guilin|bohu] [players]
"""

from __future__ import annotations

import os
import sys
import time

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rules = get_rules(sys.argv[2] if len(sys.argv) > 2 else "guilin")
    players = int(sys.argv[3]) if len(sys.argv) > 3 else rules.default_players
    actions = wins = 0
    load = os.getloadavg()[0]
    start = time.perf_counter()
    cpu_start = time.process_time()
    for i in range(n):
        game = Game(rules, seed=i, dealer=i % players, players=players)
        bots = [make_bot("random", f"{i}:{s}") for s in range(players)]
        while game.to_act is not None:
            seat = game.to_act
            action = bots[seat].choose(observe(game, seat), game.legal_actions(seat))
            game.apply(seat, action)
            actions += 1
        wins += game.result is not None and game.result.winner is not None
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    print(
        f"{rules.name}: {n} hands, {players} seated, random bots: {n / seconds:.0f} hands/s wall, "
        f"{n / cpu:.0f} hands per CPU second ({seconds:.2f} s wall, {cpu:.2f} s CPU, {actions / n:.1f} actions per "
        f"hand, {wins} wins; load {load:.2f} -> {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
