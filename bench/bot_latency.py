"""Decision times of each bot level as in play (the strong bot with its normal 0.3 s budget), for both games.

The ladder (docs/bots.md) plays the strong bot without its budget, so that its results do not depend on the machine;
this script measures what a player waits for. Targets (issue 4, p95): beginner <= 20 ms, casual <= 50 ms,
strong <= 400 ms; never over 1 s.
Run: python bench/bot_latency.py [hands per level]
"""

from __future__ import annotations

import sys
import time

from zipai_desktop.bots import make_bot
from zipai_desktop.bots.heuristic import bot_seed
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules


def measure(rules_name: str, level: str, hands: int) -> list[float]:
    rules = get_rules(rules_name)
    times: list[float] = []
    for i in range(hands):
        game = Game(rules, seed=f"latency:{i}", dealer=i % 3)
        bots = [make_bot(level if s == 0 else "casual", bot_seed(i, s)) for s in range(3)]
        while game.to_act is not None:
            seat = game.to_act
            legal = game.legal_actions(seat)
            obs = observe(game, seat)
            start = time.perf_counter()
            action = bots[seat].choose(obs, legal)
            if seat == 0 and len(legal) > 1:
                times.append((time.perf_counter() - start) * 1000)
            game.apply(seat, action)
    return sorted(times)


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    for rules_name in ("guilin", "bohu"):
        for level in ("beginner", "casual", "strong"):
            n = hands if level == "strong" else hands * 5
            t = measure(rules_name, level, n)
            p95 = t[min(len(t) - 1, int(len(t) * 0.95))]
            print(
                f"{rules_name:6} {level:8} {len(t):5} decisions: p50 {t[len(t) // 2]:7.1f} ms  "
                f"p95 {p95:7.1f} ms  max {t[-1]:7.1f} ms"
            )


if __name__ == "__main__":
    main()
