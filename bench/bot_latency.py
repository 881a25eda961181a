"""Decision times of each bot level as in play, and the worlds the search levels play per decision, for both games.

Each level sits at seat 0 against two casual bots in seeded hands; only seat 0's decisions with more than one legal
action are timed. The search levels play as in the window: the budget the bot worker gives them (the runner's share
of its 1 s deadline, never more than the bot's own 0.3 s), so their worlds per decision are what the clock allows on
this machine now. Each search decision is then replayed without a clock (``budget_s=None``, the ladder's form, with
the ladder's world counts) in the same process: the ladder's figures hold for the game when the clocked search
reaches the ladder's worlds, and the "cut" column says how often the clock stopped a search before it had decided
(more than one candidate left). The ladder's form is timed in CPU seconds of this process as well: on an idle
machine a decision's wall time is its CPU time, so that is the wait the ladder's world counts cost there.

The issue's targets for a search level: p50 <= 300 ms, p95 <= 600 ms, max <= 1 s on the 2-core reference machine.
The machine is shared: the load is printed, compare figures taken together.
Run: python bench/bot_latency.py [hands per level] [levels, comma-separated] [the expert's settings as JSON]
     (e.g. '{"own_policy": "casual", "rollouts": 400}': an expert variant, in play and in the ladder's form)
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from typing import Any

from zipai_desktop.bots import make_bot
from zipai_desktop.bots.heuristic import bot_seed
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.tools.ladder import EXPERT_WORLDS, FULL_WORLDS

SEARCH = {"strong": FULL_WORLDS, "expert": EXPERT_WORLDS}


def in_game_budget(bot: Any) -> float | None:
    """The budget the window's bot worker gives ``bot`` (see ``worker._decide``)."""
    runner_budget = max(0.05, 1.0 * 0.6)  # BotRunner("process", deadline_s=1.0).request(...).budget_s
    own = getattr(bot, "budget_s", None)
    return runner_budget if own is None else min(own, runner_budget)


def measure(rules_name: str, level: str, hands: int, expert: dict[str, Any] | None = None) -> dict[str, list[float]]:
    rules = get_rules(rules_name)
    out: dict[str, list[float]] = {"ms": [], "worlds": [], "cut": [], "ladder_worlds": [], "same": [], "cpu": []}
    for i in range(hands):
        game = Game(rules, seed=f"latency:{i}", dealer=i % 3)
        own = (expert or {}) if level == "expert" else {}
        bots = [make_bot(level if s == 0 else "casual", bot_seed(i, s), **(own if s == 0 else {})) for s in range(3)]
        if level in SEARCH:
            bots[0].budget_s = in_game_budget(bots[0])  # type: ignore[attr-defined]
        while game.to_act is not None:
            seat = game.to_act
            legal = game.legal_actions(seat)
            obs = observe(game, seat)
            start = time.perf_counter()
            action = bots[seat].choose(obs, legal)
            if seat == 0 and len(legal) > 1:
                out["ms"].append((time.perf_counter() - start) * 1000)
                if level in SEARCH:
                    bot = bots[0]
                    ladder = make_bot(level, bot_seed(i, 0), **{"worlds": SEARCH[level], **own, "budget_s": None})
                    cpu = time.process_time()
                    out["same"].append(float(ladder.choose(obs, legal) == action))
                    out["cpu"].append((time.process_time() - cpu) * 1000)
                    played, full = getattr(bot, "last_worlds", 0), getattr(ladder, "last_worlds", 0)
                    out["worlds"].append(float(played))
                    out["ladder_worlds"].append(float(full))
                    out["cut"].append(float(getattr(bot, "last_cut", played < full)))
            game.apply(seat, action)
    return out


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * q))]


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    levels = sys.argv[2].split(",") if len(sys.argv) > 2 else ["beginner", "casual", "strong", "expert"]
    expert = json.loads(sys.argv[3]) if len(sys.argv) > 3 else None
    print(f"load {os.getloadavg()[0]:.2f}; {hands} hands per search level, 5x as many for the others", end="")
    print(f"; the expert's settings {json.dumps(expert)}" if expert else "")
    for rules_name in ("guilin", "bohu"):
        for level in levels:
            n = hands if level in SEARCH else hands * 5
            r = measure(rules_name, level, n, expert)
            t = r["ms"]
            line = (
                f"{rules_name:6} {level:8} {len(t):5} decisions: p50 {pct(t, 0.5):7.1f} ms  "
                f"p95 {pct(t, 0.95):7.1f} ms  max {max(t):7.1f} ms"
            )
            if level in SEARCH:
                searched = [w for w in r["worlds"] if w > 0]
                ladder = [w for w in r["ladder_worlds"] if w > 0]
                line += (
                    f"  | worlds per searched decision in play: p50 {pct(searched, 0.5):.0f}, mean "
                    f"{statistics.fmean(searched):.0f}; ladder (no clock, cap {SEARCH[level]}): p50 "
                    f"{pct(ladder, 0.5):.0f}, mean {statistics.fmean(ladder):.0f}; cut by the clock "
                    f"{statistics.fmean(r['cut']):.1%}; same choice as the ladder's {statistics.fmean(r['same']):.1%}; "
                    f"the ladder's form in CPU ms (what an idle machine waits): p50 {pct(r['cpu'], 0.5):.0f}, p95 "
                    f"{pct(r['cpu'], 0.95):.0f}, max {max(r['cpu']):.0f}"
                )
            print(line, flush=True)
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
