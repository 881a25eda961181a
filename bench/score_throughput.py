"""``zipai score --jsonl`` throughput: hands scored per second, in process (parse + score + JSON out per line).

The input is the worked examples of the score tests (Guilin EX1-EX10, N1; Bohu E1-E11), repeated to N lines; every
line goes through the same path as ``zipai score --jsonl`` (``score_text`` then the JSON result line). CPU time of
this process is printed beside the wall time (the machine is shared). Target (issue 13): >= 20,000 hands per second.
Run from the repository root: python bench/score_throughput.py [N]
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.tools import test_score_bohu as bohu_examples  # noqa: E402
from tests.tools import test_score_cli as guilin_examples  # noqa: E402
from zipai_desktop.tools.score import _dumps, score_text  # noqa: E402


def corpus() -> list[str]:
    hands = [getattr(guilin_examples, f"EX{i}") for i in range(1, 11)] + [guilin_examples.N1]
    hands += [{**getattr(bohu_examples, f"E{i}"), "rules": "bohu"} for i in range(1, 12)]
    return [json.dumps(h, ensure_ascii=False) for h in hands]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    base = corpus()
    lines = [base[i % len(base)] for i in range(n)]
    for line in base:  # warm up (first use builds tables and caches)
        score_text(line)
    load = os.getloadavg()[0]
    start, cpu_start = time.perf_counter(), time.process_time()
    out = [_dumps(score_text(line)) for line in lines]
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    valid = sum('"valid": true' in o or '"valid":true' in o for o in out)
    print(
        f"score --jsonl in process: {n} hands ({valid} wins), {n / seconds:,.0f} hands/s wall, "
        f"{n / cpu:,.0f} per CPU second (load {load:.2f} -> {os.getloadavg()[0]:.2f})"
    )


if __name__ == "__main__":
    main()
