"""Full hands with three ``random`` bots on one core: hands per CPU second, for Guilin and for Bohu.

Each decision builds the seat's observation and asks the bot, as ``zipai sim`` does; invariants are not checked
here (``zipai sim`` checks them and is slower). The same N seeded hands are played in several passes and the median
of all the passes is reported (not the best: a best pass flatters, since it keeps the one moment the machine was
quiet), per second of this process's CPU time (steadier when other processes take the core) beside the wall-clock
rate; every pass is printed, with the Python version and the machine's load before and after.
Floor (issue 27): >= 2,000 hands per CPU second in both games.

Run: python bench/hands_per_second.py [N] [guilin|bohu|both] [players] [passes]   (default 3000 both default 5)
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import RuleSet, get_rules

FLOOR = 2000


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


def measure(rules: RuleSet, n: int, players: int, passes: int) -> float:
    """Print the median of ``passes`` passes over the same hands; return its hands per CPU second."""
    load = os.getloadavg()[0]
    runs = [play(rules, n, players) for _ in range(passes)]
    wall = statistics.median(n / run[0] for run in runs)
    cpu = statistics.median(n / run[1] for run in runs)
    _, _, actions, wins = runs[0]
    rates = ", ".join(f"{n / run[1]:.0f}" for run in runs)
    print(
        f"  {rules.name}: {n} hands, {players} seated, median of {passes} passes: {cpu:.0f} hands per CPU second, "
        f"{wall:.0f} hands/s wall (per CPU second each pass: {rates}; {actions / n:.1f} actions a hand, {wins} wins; "
        f"load {load:.2f} -> {os.getloadavg()[0]:.2f}; floor {FLOOR}: {'met' if cpu >= FLOOR else 'NOT met'})"
    )
    return cpu


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    games = sys.argv[2] if len(sys.argv) > 2 else "both"
    names = ["guilin", "bohu"] if games == "both" else [games]
    passes = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    print(
        f"Python {platform.python_version()} ({sys.executable}); load {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores"
    )
    for name in names:
        rules = get_rules(name)
        players = int(sys.argv[3]) if len(sys.argv) > 3 else rules.default_players
        measure(rules, n, players, passes)


if __name__ == "__main__":
    main()
