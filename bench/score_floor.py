"""Where a ``zipai score --jsonl`` line's time goes, step by step, against the 50 µs a line that 20,000 lines a
second allows (issue 13).

The steps are measured as prefixes of the real line path, each in a fresh interpreter that has never seen the
corpus (so no memo of the win check, the melds or the groups helps the first pass):

* ``json``: the standard library's ``json.loads`` of the line, nothing else: the floor of reading JSON in Python.
* ``read``: what ``score_line`` runs to decode a line (``_with_known_options``, or ``_decoded``); for a line in the
  layout ``zipai sim`` writes, reading and checking are one step (``_layout_parts``), counted here.
* ``check``: read, then the quick check of every field (``_quick_guilin_parts`` / ``_quick_bohu_parts``; the
  careful check for the few it sends that way).
* ``win``: check, then the win check (``evaluate_win``, or ``evaluate_roles`` for Bohu), its value only.
* ``groups``: win, then the winning split's groups (what the result line shows, and what Bohu's 名堂 read).
* ``full``: ``score_line`` itself (check, win check, groups, 名堂, settlement, the result line).

Each step is timed on the corpus of ``bench/score_throughput.py`` (2,000 sim wins, Guilin and Bohu), in the writer's
key order and again with every object's keys in a random order (the layout reader then does not apply), once as it
comes (first sight: the headline) and then again in passes over the same lines (seen before; the median of all the
passes). The difference between two steps is what the later one adds. CPU time of the child, with the Python version
and the machine's load.

Run from the repository root: python bench/score_floor.py [passes]   (default 5)
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STEPS = ("json", "read", "check", "win", "groups", "full")
BUDGET_US = 1e6 / 20_000


def step_function(step: str) -> Callable[[str], Any]:
    """The line path cut after ``step``."""
    from zipai_desktop.tools import score as sc

    if step == "json":
        return json.loads
    if step == "full":
        return sc.score_line

    def read(line: str) -> Any:
        laid_out = sc._layout_parts(line)
        if laid_out is not None:
            return laid_out
        data = sc._with_known_options(line)
        return sc._decoded(line) if data is None else data

    if step == "read":
        return read

    def check(line: str) -> Any:
        data = read(line)
        if type(data) is tuple:  # read and checked in one step
            return data
        if data["rules"] == "guilin":
            return "guilin", sc._quick_guilin_parts(data) or sc._parts_of(sc._checked_guilin(data))
        return "bohu", sc._quick_bohu_parts(data) or sc._parts_of(sc._checked_bohu(data))

    if step == "check":
        return check

    def win(line: str) -> Any:
        # As score_line runs it: the checked request's table and melds' facts (h.known, from the quick check).
        rules, h = check(line)
        if type(h) is tuple:  # the layout path gives the _Parts' fields as a plain tuple (as score_line reads them)
            h = sc._new_parts(h)
        if rules == "guilin":
            split = sc.evaluate_win(h.hand, h.melds, h.win_card, h.source, h.table, h.known)
            return [] if split is None else [split]
        return sc.evaluate_roles(h.hand, h.melds, h.win_card, h.source, h.table, h.known)

    if step == "win":
        return win

    def groups(line: str) -> Any:
        return [split.groups for split in win(line)]

    return groups


def child(step: str, corpus: str, passes: int) -> None:
    """Time ``step`` over the corpus: first sight, then ``passes`` passes of lines seen before; print µs a line."""
    from zipai_desktop.tools import score as sc

    lines = Path(corpus).read_text(encoding="utf-8").splitlines()
    sc.score_line(lines[0])  # the first use builds the rule tables: not a line's cost (as score_throughput does)
    fn = step_function(step)
    runs = []
    for _ in range(passes + 1):
        start = time.process_time()
        for line in lines[1:]:
            fn(line)
        runs.append((time.process_time() - start) / (len(lines) - 1) * 1e6)
    print(json.dumps({"first": runs[0], "seen": statistics.median(runs[1:])}))


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    passes = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    start = time.perf_counter()
    # The corpus is made here and the steps run in children: none of them has played these hands.
    sims = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "score_throughput.py"), "--corpus"],
        capture_output=True,
        check=True,
        cwd=ROOT,
    ).stdout.decode("utf-8")
    sys.path.insert(0, str(ROOT / "bench"))
    from score_throughput import shuffled_keys

    shuffled = "".join(shuffled_keys(line, random.Random(i)) + "\n" for i, line in enumerate(sims.splitlines()))
    print(
        f"Python {platform.python_version()} ({sys.executable}); load {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores"
    )
    print(
        f"corpus: {sims.count(chr(10)):,} sim wins, made in {time.perf_counter() - start:.1f} s; budget at 20,000 "
        f"lines a second: {BUDGET_US:.0f} µs a line; seen before: median of {passes} passes"
    )
    for label, corpus in (("the writer's key order", sims), ("random key order", shuffled)):
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".jsonl", delete=False) as f:
            f.write(corpus)
        try:
            print(f"  lines in {label}:")
            steps(f.name, passes)
        finally:
            os.unlink(f.name)


def steps(corpus: str, passes: int) -> None:
    """Print each step's µs a line on ``corpus``, first sight and seen before, and what it adds to the one before."""
    previous = {"first": 0.0, "seen": 0.0}
    print(f"    {'step':8s} {'first sight':>12s} {'adds':>8s}   {'seen before':>12s} {'adds':>8s}   load")
    for step in STEPS:
        out = subprocess.run(
            [sys.executable, __file__, "--child", step, corpus, str(passes)],
            capture_output=True, check=True, cwd=ROOT,
        )  # fmt: skip
        got = json.loads(out.stdout)
        base = previous if step not in ("json", "read") else {"first": 0.0, "seen": 0.0}
        print(
            f"    {step:8s} {got['first']:9.1f} µs {got['first'] - base['first']:+6.1f} µs   "
            f"{got['seen']:9.1f} µs {got['seen'] - base['seen']:+6.1f} µs   {os.getloadavg()[0]:.2f}"
        )
        if step != "json":
            previous = got


if __name__ == "__main__":
    main()
