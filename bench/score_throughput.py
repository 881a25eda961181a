"""``zipai score --jsonl`` throughput: lines scored per CPU second, in process and through the real command, on
lines in the writer's key order and in random key order.

The corpus: distinct winning positions of seeded sims (Guilin, and Bohu with 2, 3 and 4 seated), written as score
requests the way ``tests/tools/test_game_matches_score.py`` writes them (full option sets, the rest of the wall as
the 醒 cards), in that writer's key order; the sims are played in a child process. The same lines are then fed again
with the keys of every object in a random order (seeded, one order a line), as any other program writing JSON may lay
them out: the fast reader that knows the project's own layout does not apply to those, so both figures are printed,
and the two streams' answers must be byte for byte the same.

For each order:

* **in process, first sight**: every line through what ``zipai score --jsonl`` runs per line (``score_line``: read,
  check, score, write the result line), in a fresh interpreter that has never seen these hands, so no memo helps;
  then the same lines cycled to N (seen before).
* **command**: ``zipai score --jsonl < file`` end to end on N lines (the corpus cycled) and on one line: the
  difference is the streaming rate, the one-line run is mostly start-up.

Each figure is the median of all the passes (default 5; each in-process pass is a fresh child), every pass printed,
per second of CPU time, with the Python version and the machine's load. Floor (issue 27): >= 20,000 lines a second
in any key order.

With ``--long M`` the corpus is M distinct sim wins instead (e.g. 20,000: about a minute to play): in process, the
first sight is of the second half of the lines, after the first half was scored (what a stream settles to once the
kept options and settlement texts are warm, while every hand and its win check are new); the command streams all M.
``--breakdown`` and ``--profile`` look at one first-sight pass (``--random-keys``: of the lines in random key order).

Run from the repository root:
python bench/score_throughput.py [N] [--passes K] [--long M] [--profile [--cumulative] | --breakdown] [--random-keys]
"""

from __future__ import annotations

import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FLOOR = 20_000
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


def shuffled_keys(line: str, rng: random.Random) -> str:
    """The same request with the keys of every object (the options too) in a random order, as another program that
    writes JSON may lay them out; the values, and so the answer, are unchanged."""

    def shuffle(value: Any) -> Any:
        if isinstance(value, dict):
            keys = list(value)
            rng.shuffle(keys)
            return {key: shuffle(value[key]) for key in keys}
        if isinstance(value, list):
            return [shuffle(item) for item in value]
        return value

    return json.dumps(shuffle(json.loads(line)), ensure_ascii=False)


def child_in_process(corpus: str, n: int, long: bool) -> None:
    """One in-process pass, in a fresh interpreter that has never seen these hands: the first sight of every line
    (with ``long``: of the second half, after the first half was scored), then the lines cycled to ``n``. Prints the
    CPU and wall seconds of each as JSON."""
    lines = Path(corpus).read_text(encoding="utf-8").splitlines()
    score_line(examples()[0])  # the first use builds the rule tables: not part of a hand's cost
    first = lines
    if long:
        half = len(lines) // 2
        for line in lines[:half]:
            score_line(line)
        first = lines[half:]
    out: dict[str, Any] = {"first_lines": len(first)}
    for name, batch in (("first", first), ("cycled", [lines[i % len(lines)] for i in range(n)])):
        start, cpu_start = time.perf_counter(), time.process_time()
        for line in batch:
            score_line(line)
        out[name] = (time.process_time() - cpu_start, time.perf_counter() - start)
    print(json.dumps(out))


def in_process(lines: list[str], n: int, long: bool, passes: int) -> tuple[float, float]:
    """Median hands per CPU second over ``passes`` fresh children: (first sight, cycled to ``n`` lines)."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".jsonl", delete=False) as f:
        f.write("".join(line + "\n" for line in lines))
    try:
        runs = []
        for _ in range(passes):
            cmd = [sys.executable, __file__, "--in-process", f.name, str(n)] + (["--long", "0"] if long else [])
            runs.append(json.loads(subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT).stdout))
    finally:
        os.unlink(f.name)
    first = [run["first_lines"] / run["first"][0] for run in runs]
    cycled = [n / run["cycled"][0] for run in runs]
    what = f"the last {runs[0]['first_lines']:,} after {len(lines) - runs[0]['first_lines']:,} others" if long else (
        f"{len(lines):,} distinct")  # fmt: skip
    print(
        f"    in process, first sight ({what}): {statistics.median(first):,.0f} per CPU second "
        f"(passes: {', '.join(f'{r:,.0f}' for r in first)}); cycled to {n:,} lines: "
        f"{statistics.median(cycled):,.0f} per CPU second (passes: {', '.join(f'{r:,.0f}' for r in cycled)})"
    )
    return statistics.median(first), statistics.median(cycled)


def command(lines: list[str]) -> tuple[float, float, bytes]:
    """(wall, CPU) seconds of ``zipai score --jsonl < lines`` in a fresh interpreter, and what it wrote."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".jsonl", delete=False) as f:
        f.write("".join(line + "\n" for line in lines))
    try:
        cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        with open(f.name, "rb") as stdin:
            done = subprocess.run(
                [sys.executable, "-m", "zipai_desktop.cli", "score", "--jsonl"],
                stdin=stdin,
                capture_output=True,
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
    return seconds, cpu, done.stdout


def streaming(lines: list[str], passes: int) -> tuple[float, bytes]:
    """The command's median streaming rate (lines per CPU second, the one-line run's start-up taken off) over
    ``passes`` runs, and the output of the last one."""
    rates, walls = [], []
    out = b""
    for _ in range(passes):
        _, one_cpu, _ = command(lines[:1])
        all_wall, all_cpu, out = command(lines)
        rates.append((len(lines) - 1) / max(all_cpu - one_cpu, 1e-9))
        walls.append(all_wall)
    print(
        f"    command, {len(lines):,} lines: streaming {statistics.median(rates):,.0f} per CPU second, median of "
        f"{passes} (passes: {', '.join(f'{r:,.0f}' for r in rates)}; {statistics.median(walls):.2f} s wall end to "
        f"end; load {load()})"
    )
    return statistics.median(rates), out


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
    if sys.argv[1:2] == ["--in-process"]:  # one pass of in_process(), in a fresh interpreter
        child_in_process(sys.argv[2], int(sys.argv[3]), "--long" in sys.argv)
        return
    passes = int(sys.argv[sys.argv.index("--passes") + 1]) if "--passes" in sys.argv else 5
    valued = ("--long", "--passes")
    args = [a for a, before in zip(sys.argv[1:], sys.argv[:-1], strict=True) if a.isdigit() and before not in valued]
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
    shuffled = [shuffled_keys(line, random.Random(i)) for i, line in enumerate(sims)]
    print(f"Python {platform.python_version()} ({sys.executable}); load {load()}, {os.cpu_count()} cores")
    print(f"corpus: {len(sims):,} distinct sim wins (Guilin {distinct // 2:,}, Bohu {distinct - distinct // 2:,}); "
          f"built in {time.perf_counter() - t0:.1f} s")  # fmt: skip

    if "--breakdown" in sys.argv or "--profile" in sys.argv:
        lines = shuffled if "--random-keys" in sys.argv else sims
        score_line(examples()[0])  # the first use builds the rule tables: not part of a hand's cost
        if "--breakdown" in sys.argv:
            breakdown(lines)
            return
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.enable()
        for line in lines:
            score_line(line)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative" if "--cumulative" in sys.argv else "tottime").print_stats(40)
        return

    long = "--long" in sys.argv
    print(
        f"zipai score --jsonl, median of {passes} passes each (floor: >= {FLOOR:,} lines per second in any key order):"
    )
    outputs = []
    for label, lines in (("the writer's key order", sims), ("random key order (every object's keys)", shuffled)):
        print(f"  lines in {label}:")
        in_process(lines, n, long, passes)
        stream = lines if long else [lines[i % len(lines)] for i in range(n)]
        rate, out = streaming(stream, passes)
        outputs.append(out)
        print(f"    floor {FLOOR:,}: {'met' if rate >= FLOOR else 'NOT met'}")
    if outputs[0] != outputs[1]:
        raise SystemExit("zipai score answered the same requests differently when their keys were in another order")
    print("  both orders: the same answers, byte for byte")


if __name__ == "__main__":
    main()
