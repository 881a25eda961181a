"""The expert-over-strong rung of the ladder, played deal by deal with each deal's outcome saved as it comes.

The rung is what ``zipai ladder --only expert`` plays (the same jobs, :func:`zipai_desktop.tools.ladder.play_deal`,
the same seed and deal numbers), the two games' deals interleaved (two of Guilin to one of Bohu), so that a run
stopped early on a shared machine still holds both games' first deals. ``--summarize`` turns a saved file into a
``zipai ladder --json`` run of the deals played in both games so far (a prefix of the deal numbers per game: the
figures are those the ladder would give for that many deals), which ``zipai ladder --render`` puts into docs/bots.md.

Run: python bench/bot_expert_rung.py OUT.jsonl [deals per game] [seed] [workers]
     python bench/bot_expert_rung.py --summarize OUT.jsonl > run.json
"""

from __future__ import annotations

import json
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict

from zipai_desktop.tools.ladder import EXPERT_WORLDS, FULL_WORLDS, GAMES, DealOutcome, play_deal, summarize


def play(out: str, deals: int, seed: str, workers: int) -> None:
    # Two Guilin deals to one Bohu deal: Guilin's edge is the one asked at 0.5 舵, its interval the one to narrow first.
    guilin = [("guilin", 3, seed, i, "expert", "strong", FULL_WORLDS, EXPERT_WORLDS) for i in range(deals)]
    bohu = [("bohu", 3, seed, i, "expert", "strong", FULL_WORLDS, EXPERT_WORLDS) for i in range(deals)]
    jobs = []
    for i in range(deals):
        jobs += guilin[2 * i : 2 * i + 2]
        if i < len(bohu):
            jobs.append(bohu[i])
    start = time.perf_counter()
    with (
        ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool,
        open(out, "a", encoding="utf-8") as f,
    ):
        for job, outcome in zip(jobs, pool.map(play_deal, jobs, chunksize=1), strict=True):
            line = {"rules": job[0], "deal": job[3], "seed": seed, "seconds": round(time.perf_counter() - start, 1)}
            f.write(json.dumps({**line, "outcome": asdict(outcome)}) + "\n")
            f.flush()


def summary(path: str) -> None:
    by_game: dict[str, dict[int, DealOutcome]] = {}
    seconds = 0.0
    with open(path, encoding="utf-8") as f:
        for text in f:
            row = json.loads(text)
            by_game.setdefault(row["rules"], {})[row["deal"]] = DealOutcome(**row["outcome"])
            seconds = max(seconds, row["seconds"])
    rungs = []
    for rules_name, _players in GAMES:
        got = by_game.get(rules_name, {})
        n = 0
        while n in got:
            n += 1
        if n:
            rungs.append(summarize(rules_name, "expert", "strong", [got[i] for i in range(n)], seconds))
    print(json.dumps({"seconds": round(seconds, 1), "rungs": rungs}, ensure_ascii=False))


def main() -> None:
    if sys.argv[1] == "--summarize":
        summary(sys.argv[2])
        return
    deals = int(sys.argv[2]) if len(sys.argv) > 2 else 320
    seed = sys.argv[3] if len(sys.argv) > 3 else "ladder-1"
    workers = int(sys.argv[4]) if len(sys.argv) > 4 else 2
    play(sys.argv[1], deals, seed, workers)


if __name__ == "__main__":
    main()
