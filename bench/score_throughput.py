"""``zipai score --jsonl`` throughput: hands scored per second, in process and through the real command.

Two inputs:

* **sim wins**: distinct winning positions of seeded sims (Guilin, and Bohu with 2, 3 and 4 seated), written as score
  requests the way ``tests/tools/test_game_matches_score.py`` writes them (full option sets, the rest of the wall as
  the 醒 cards). The sims are played in a child process, so each hand is new to the measuring process the first time
  it is scored: no cache of a hand (the win check's memos included) helps; this pass is the headline figure.
* **examples**: the worked examples of the score tests (Guilin EX1-EX10, N1; Bohu E1-E11), a few hands repeated.

In process, every line goes through what ``zipai score --jsonl`` runs per line (``score_line``: read, check, score,
write the result line). The command is then timed end to end on N lines (``zipai score --jsonl < file > /dev/null``)
and on one line: the difference is the streaming rate, the one-line run is mostly start-up. CPU time is printed beside
the wall time, with the machine's load (the machine may be shared). Target (issue 13): >= 20,000 hands per second.

With ``--long M`` the corpus is M distinct sim wins instead (e.g. 20,000: about a minute to play), and two more
figures are printed for a long stream of hands that are all new: in process, the second half of the lines, each seen
for the first time after the first half was scored (what a stream settles to once the kept options, melds and
settlement texts are warm, while every hand and its win check are new); and the command streaming all M lines.

Run from the repository root: python bench/score_throughput.py [N] [--long M] [--profile [--cumulative] | --breakdown]
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tools import test_score_bohu as bohu_examples  # noqa: E402
from tests.tools import test_score_cli as guilin_examples  # noqa: E402
from tests.tools.test_game_matches_score import (  # noqa: E402
    bohu_game,
    guilin_game,
    score_request,
    take_everything,
)
from zipai_desktop.engine.actions import Hu  # noqa: E402
from zipai_desktop.engine.game import Game  # noqa: E402
from zipai_desktop.tools.score import score_line  # noqa: E402


def examples() -> list[str]:
    hands = [getattr(guilin_examples, f"EX{i}") for i in range(1, 11)] + [guilin_examples.N1]
    hands += [{**getattr(bohu_examples, f"E{i}"), "rules": "bohu"} for i in range(1, 12)]
    return [json.dumps(h, ensure_ascii=False) for h in hands]


def sim_wins(make: Callable[[int], Game], count: int) -> list[str]:
    """``count`` score requests, one per seeded hand that ends in a win (players take whatever they may, 胡 first)."""
    out: list[str] = []
    i = 0
    while len(out) < count:
        game, rng = make(i), random.Random(i)
        i += 1
        while game.to_act is not None:
            seat = game.to_act
            legal = game.legal_actions(seat)
            game.apply(seat, Hu() if Hu() in legal else take_everything(legal, rng))
        if game.result is not None and game.result.winner is not None:
            out.append(json.dumps(score_request(game)[0], ensure_ascii=False))
    return out


def load() -> str:
    return f"{os.getloadavg()[0]:.2f}"


def in_process(label: str, lines: list[str]) -> None:
    before = load()
    start, cpu_start = time.perf_counter(), time.process_time()
    out = [score_line(line) for line in lines]
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    valid = sum(o.startswith('{"valid": true') for o in out)
    print(
        f"  in process, {label}: {len(lines):,} hands ({valid:,} wins): {len(lines) / seconds:,.0f} hands/s wall, "
        f"{len(lines) / cpu:,.0f} per CPU second (load {before} -> {load()})"
    )


def command(lines: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of ``zipai score --jsonl < lines > /dev/null`` in a fresh interpreter."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".jsonl", delete=False) as f:
        f.write("".join(line + "\n" for line in lines))
    try:
        cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        with open(f.name, "rb") as stdin:
            done = subprocess.run(
                [sys.executable, "-m", "zipai_desktop.cli", "score", "--jsonl"],
                stdin=stdin,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                cwd=ROOT,
                check=False,
            )
        seconds = time.perf_counter() - start
        cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    finally:
        os.unlink(f.name)
    if done.returncode != 0:
        raise SystemExit(f"zipai score failed ({done.returncode}): {done.stderr.decode()[:400]}")
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return seconds, cpu


def breakdown(lines: list[str]) -> None:
    """The first-sight pass again, with the time spent in the win check (``evaluate_win`` / ``evaluate_roles``) and in
    building a split's groups (``Split.groups``, read for the output and by Bohu's 名堂) measured apart from the rest
    (reading the JSON, checking the fields, settling, writing the line's groups and points, and the rest: choosing
    among the roles, putting the line together). Each
    moment is charged to the innermost step (Bohu's 名堂 read the groups: that build counts as groups, not settling);
    the timers themselves cost a few tenths of a µs a step."""
    from zipai_desktop.engine import win
    from zipai_desktop.tools import score

    spent = {"win check": 0.0, "groups": 0.0, "reading": 0.0, "checking": 0.0, "settling": 0.0, "writing": 0.0}

    running: list[list[Any]] = []  # [slot, since]: the innermost timed call is charged, not the ones around it

    def timed(fn: Callable[..., Any], slot: str) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            now = time.perf_counter()
            if running:
                outer = running[-1]
                spent[outer[0]] += now - outer[1]
            running.append([slot, now])
            try:
                return fn(*args, **kwargs)
            finally:
                end = time.perf_counter()
                spent[slot] += end - running.pop()[1]
                if running:
                    running[-1][1] = end

        return run

    groups = win.Split.groups
    assert isinstance(groups, property) and groups.fget is not None
    win.Split.groups = property(timed(groups.fget, "groups"))  # type: ignore[method-assign, assignment]
    # Each step by the name its callers use, in every module of the package that holds it (a module calls a function
    # of another package module through the name it imported).
    modules = [getattr(score, name) for name in ("bohu_answer", "cli", "guilin_answer", "known", "layout", "quick")]
    modules += [getattr(score, name) for name in ("request", "text")]

    def patch(name: str, slot: str) -> None:
        for module in modules:
            if hasattr(module, name):
                setattr(module, name, timed(getattr(module, name), slot))

    patch("evaluate_win", "win check")
    patch("evaluate_roles", "win check")
    patch("_with_known_options", "reading")
    patch("_decoded", "reading")
    # A line in one producer's layout is read and checked in one step: counted as reading.
    patch("_layout_parts", "reading")
    for name in ("_quick_guilin_parts", "_quick_bohu_parts", "_checked_guilin", "_checked_bohu"):
        patch(name, "checking")
    for name in ("xing_count", "_settle", "score_win"):
        patch(name, "settling")
    for name in ("_dumps", "_groups_text", "_points_text"):
        patch(name, "writing")
    start = time.perf_counter()
    for line in lines:
        score.score_line(line)
    total = time.perf_counter() - start
    rest = total - sum(spent.values())
    per = {**spent, "the rest": rest}
    print(f"first sight, {len(lines):,} hands, {total / len(lines) * 1e6:.1f} µs a hand (load {load()}):")
    for name, seconds in per.items():
        print(f"  {name:10s} {seconds / len(lines) * 1e6:6.1f} µs  {seconds / total:5.1%}")


def main() -> None:
    args = [a for a, before in zip(sys.argv[1:], sys.argv[:-1], strict=True) if a.isdigit() and before != "--long"]
    n = int(args[0]) if args else 20_000
    t0 = time.perf_counter()
    distinct = int(sys.argv[sys.argv.index("--long") + 1]) if "--long" in sys.argv else 2000
    if "--corpus" in sys.argv:  # the child below: write the sim wins, one request a line
        sims = sim_wins(guilin_game, distinct // 2) + sim_wins(bohu_game, distinct - distinct // 2)
        random.Random(13).shuffle(sims)
        sys.stdout.buffer.write("".join(line + "\n" for line in sims).encode("utf-8"))
        return
    # The sims run in another process: playing them would leave this one's caches (the win check's memos among
    # them) warm for exactly these hands, and its heap large.
    made = subprocess.run(
        [sys.executable, __file__, "--corpus", "--long", str(distinct)], capture_output=True, check=True, cwd=ROOT
    )
    sims = made.stdout.decode("utf-8").splitlines()
    base = examples()
    print(f"corpus: {len(sims):,} distinct sim wins (Guilin {distinct // 2:,}, Bohu {distinct - distinct // 2:,}), "
          f"{len(base)} examples; built in {time.perf_counter() - t0:.1f} s")  # fmt: skip
    score_line(base[0])  # the first use builds the rule tables: not part of a hand's cost

    if "--breakdown" in sys.argv:
        breakdown(sims)
        return

    if "--profile" in sys.argv:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.enable()
        for line in sims:
            score_line(line)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative" if "--cumulative" in sys.argv else "tottime").print_stats(40)
        return

    print("zipai score --jsonl (target >= 20,000 hands/s):")
    if "--long" in sys.argv:
        half = len(sims) // 2
        for line in sims[:half]:
            score_line(line)
        in_process(f"a long stream: the last {len(sims) - half:,} sim wins, after {half:,} others", sims[half:])
        one_wall, one_cpu = command(sims[:1])
        all_wall, all_cpu = command(sims)
        print(
            f"  command, {len(sims):,} distinct sim lines: {all_wall:.2f} s wall ({all_cpu:.2f} s CPU); streaming "
            f"{(len(sims) - 1) / max(all_wall - one_wall, 1e-9):,.0f} hands/s wall, "
            f"{(len(sims) - 1) / max(all_cpu - one_cpu, 1e-9):,.0f} per CPU second (load {load()})"
        )
        return
    in_process("sim wins, each seen for the first time", sims)
    stream = [sims[i % len(sims)] for i in range(n)]
    in_process(f"sim wins cycled to {n:,} lines", stream)
    in_process(f"examples cycled to {n:,} lines", [base[i % len(base)] for i in range(n)])

    one_wall, one_cpu = command(sims[:1])
    all_wall, all_cpu = command(stream)
    rate_wall = (n - 1) / max(all_wall - one_wall, 1e-9)
    rate_cpu = (n - 1) / max(all_cpu - one_cpu, 1e-9)
    print(
        f"  command, {n:,} sim lines: {all_wall:.2f} s wall ({all_cpu:.2f} s CPU) = {n / all_wall:,.0f} hands/s "
        f"end to end; 1 line: {one_wall:.2f} s wall ({one_cpu:.2f} s CPU, start-up); streaming "
        f"{rate_wall:,.0f} hands/s wall, {rate_cpu:,.0f} per CPU second (load {load()})"
    )


if __name__ == "__main__":
    main()
