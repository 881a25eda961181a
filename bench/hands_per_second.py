"""Full hands with three ``random`` bots on one core: prints hands per second.

Each decision builds the seat's observation and asks the bot, as ``zipai sim`` does; invariants are not checked
here (``zipai sim`` checks them and is slower). The machine is shared, so the rate is given per second of this
process's CPU time (steadier when other processes take the core) as well as per wall-clock second, with the load.
The same N hands are played in several passes and the best pass is reported, as ``timeit`` reports its best repeat
(and as bench/win_check.py does): a slower pass measures a neighbour's load, not the engine. Every pass is printed.
Target (issue 13): >= 1,500 hands per second for Guilin and Bohu.
Run: python bench/hands_per_second.py [N] [guilin|bohu] [players] [passes]
"""

from __future__ import annotations

import os
import sys
import time

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import RuleSet, get_rules


def play(rules: RuleSet, n: int, players: int) -> tuple[float, float, int, int]:
    """Play hands 0..n-1; (wall seconds, CPU seconds, actions, wins)."""
    actions = wins = 0
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
    return time.perf_counter() - start, time.process_time() - cpu_start, actions, wins


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rules = get_rules(sys.argv[2] if len(sys.argv) > 2 else "guilin")
    players = int(sys.argv[3]) if len(sys.argv) > 3 else rules.default_players
    passes = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    load = os.getloadavg()[0]
    runs = [play(rules, n, players) for _ in range(passes)]
    seconds, cpu, actions, wins = min(runs, key=lambda run: run[1])
    rates = ", ".join(f"{n / run[1]:.0f}" for run in runs)
    print(
        f"{rules.name}: {n} hands, {players} seated, random bots, best of {passes} passes: {n / seconds:.0f} hands/s "
        f"wall, {n / cpu:.0f} hands per CPU second (passes: {rates}; {seconds:.2f} s wall, {cpu:.2f} s CPU, "
        f"{actions / n:.1f} actions per hand, {wins} wins; load {load:.2f} -> {os.getloadavg()[0]:.2f}; "
        f"target 1500: {'met' if n / cpu >= 1500 else 'not met'})"
    )


if __name__ == "__main__":
    main()
