"""Worlds the strong bot plays per decision within its 0.3 s budget (more worlds: a better estimate).

Seeded hands with casual bots at every seat; at each decision where the strong bot searches (more than one candidate
after the casual prior), the strong bot of that seat decides as well and the distinct worlds it played are counted.
The budget is wall-clock time, so the load is printed: compare figures taken together. A steadier figure follows:
the same decisions with every one of the 96 worlds played (no clock), timed in CPU seconds of this process, giving
the worlds 0.3 s of CPU holds.
Run: python bench/strong_worlds.py [decisions] [guilin|bohu]
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from zipai_desktop.bots import make_bot
from zipai_desktop.bots.search import StrongBot
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules


def main() -> None:
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    rules = get_rules(sys.argv[2] if len(sys.argv) > 2 else "guilin")
    seeds: set[int] = set()
    original = StrongBot._rollout

    def counting(obs, action, world_seed):  # type: ignore[no-untyped-def]
        seeds.add(world_seed)
        return original(obs, action, world_seed)

    StrongBot._rollout = staticmethod(counting)  # type: ignore[method-assign]
    worlds: list[int] = []
    load = os.getloadavg()[0]
    positions = []
    hand_no = 0
    while len(worlds) < wanted:
        game = Game(rules, seed=1000 + hand_no, dealer=hand_no % 3)
        casual = [make_bot("casual", f"{hand_no}:{s}") for s in range(3)]
        while game.to_act is not None and len(worlds) < wanted:
            seat = game.to_act
            obs, legal = observe(game, seat), game.legal_actions(seat)
            if len(legal) > 1:
                seeds.clear()
                make_bot("strong", f"{hand_no}:{seat}").choose(obs, legal)
                if seeds:
                    worlds.append(len(seeds))
                    positions.append((obs, legal, f"{hand_no}:{seat}"))
            game.apply(seat, casual[seat].choose(obs, legal))
        hand_no += 1
    print(
        f"{rules.name}: strong bot, {len(worlds)} searched decisions: worlds per decision median "
        f"{statistics.median(worlds):.0f}, mean {statistics.mean(worlds):.1f} (of 96 at most; "
        f"load {load:.2f} -> {os.getloadavg()[0]:.2f})"
    )
    old_style = hasattr(StrongBot, "deterministic")  # the bot before issue 13's rebase: a class switch
    if old_style:
        StrongBot.deterministic = True
    StrongBot.ceiling_s = 1e9
    played = 0
    cpu = time.process_time()
    for obs, legal, seed in positions:
        seeds.clear()
        bot = make_bot("strong", seed)
        if not old_style:
            bot.budget_s = None  # type: ignore[attr-defined]  # no clock: every world is played
        bot.choose(obs, legal)
        played += len(seeds)
    cpu = time.process_time() - cpu
    print(
        f"  all worlds played: {played} worlds in {cpu:.2f} CPU s -> {0.3 * played / cpu:.0f} worlds per 0.3 s of CPU "
        f"(load {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
