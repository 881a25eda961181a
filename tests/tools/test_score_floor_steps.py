"""bench/score_floor.py cuts the ``zipai score`` line path into steps: each step must still run on the lines the
scorer reads (a change to what a step hands the next broke the bench once: the layout path's plain tuple), and the
win step must find the win ``score_line`` scores. Timing is the bench's business, never asserted here."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType

from tests.tools.test_game_matches_score import bohu_game, guilin_game, score_request, take_everything
from zipai_desktop.engine.actions import Hu
from zipai_desktop.tools.score import score_line

BENCH = Path(__file__).resolve().parents[2] / "bench" / "score_floor.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("score_floor", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _sim_win_lines(count: int) -> list[str]:
    """Score requests of seeded winning hands of both games, written as the bench's corpus writes them."""
    out: list[str] = []
    for make in (guilin_game, bohu_game):
        i = 0
        while len(out) < count * (1 + (make is bohu_game)):
            game, rng = make(i), random.Random(i)
            i += 1
            while game.to_act is not None:
                seat = game.to_act
                legal = game.legal_actions(seat)
                game.apply(seat, Hu() if Hu() in legal else take_everything(legal, rng))
            if game.result is not None and game.result.winner is not None:
                out.append(json.dumps(score_request(game)[0], ensure_ascii=False))
    return out


def test_every_step_of_the_floor_bench_runs_and_the_win_step_finds_the_scored_win() -> None:
    bench = _bench()
    lines = _sim_win_lines(15)
    lines += [json.dumps(json.loads(line), ensure_ascii=False, sort_keys=True) for line in lines[:6]]  # JSON path
    for step in bench.STEPS:
        run = bench.step_function(step)
        for line in lines:
            got = run(line)
            if step == "win":
                assert got, f"the win step found no win in {line}"
                assert json.loads(score_line(line))["valid"] is True
            if step == "groups":
                assert got and all(groups for groups in got)
