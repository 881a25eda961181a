"""The quick form of the bot ladder (CI): each rung it can prove at 95% holds, in both games, and it is reproducible.

The rungs: beginner over random, casual over beginner, strong (8 worlds) over beginner. Strong over casual is the
full ladder's (docs/bots.md): a CI-sized run cannot show it at 95%. No decision reads the clock (the strong bot plays
a world count), so a seeded ladder gives the same figures on every run; timing is reported by the ladder and measured
by bench/bot_latency.py, never asserted here.
"""

from __future__ import annotations

from typing import Any

import pytest

from zipai_desktop.bots import make_bot, search
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.tools.ladder import QUICK_RUNGS, quick_passed, run_ladder

# What may differ between two runs of the same seeded ladder: how long it took.
TIMING = ("decision_ms", "seconds")


def figures(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in TIMING} for r in results]


def test_quick_ladder_each_rung_holds_at_95_percent() -> None:
    results = run_ladder(quick=True, seed="ladder-ci", workers=2)
    assert [(r["rules"], r["challenger"], r["baseline"]) for r in results] == [
        (game, challenger, baseline) for game in ("guilin", "bohu") for challenger, baseline in QUICK_RUNGS
    ]
    for r in results:
        assert r["errors"] == 0, r
        assert r["net_ci95"][0] > 0, r  # the challenger's net per hand, lower end of the 95% interval
        assert quick_passed(r), r


def test_the_same_seed_gives_the_same_ladder_in_this_process_and_in_spawned_workers() -> None:
    """A reduced ladder (every quick rung, a few deals) twice: in this process and in two spawned worker processes
    (each with its own string-hash seed). Every figure but the timing is identical."""
    deals = {"beginner": 4, "casual": 4, "strong": 2}  # too few to judge a rung: only the figures are compared
    here = run_ladder(quick=True, seed="ladder-repeat", workers=1, deals=deals, verbose=False)
    spawned = run_ladder(quick=True, seed="ladder-repeat", workers=2, deals=deals, verbose=False)
    assert figures(here) == figures(spawned)
    assert any(r["net_per_hand"] != 0 for r in here)  # the figures compared are real results, not all zero


def test_the_strong_bot_with_a_world_count_reads_no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """budget_s=None: the decision is a function of (observation, legal actions, seed) only."""

    def no_clock() -> float:
        raise AssertionError("a decision with a world count read the clock")

    rules = get_rules("bohu")
    decisions: list[list[object]] = []
    for _ in range(2):
        monkeypatch.setattr(search.time, "perf_counter", no_clock)
        game = Game(rules, seed="no-clock", dealer=0)
        bots = [make_bot("strong", seat, worlds=4, budget_s=None) for seat in range(3)]
        made = []
        while game.to_act is not None:
            seat = game.to_act
            action = bots[seat].choose(observe(game, seat), game.legal_actions(seat))
            made.append(action)
            game.apply(seat, action)
        decisions.append(made)
        monkeypatch.undo()
    assert decisions[0] == decisions[1] and len(decisions[0]) > 10
