"""This tree against the engine as it was when issue 13 was filed, timed side by side: how many times faster.

The machine is shared and its speed moves: the same code has run full hands anywhere from about 830 to 1,370 a
second on different hours of one day. An absolute figure from one moment says as much about the neighbours as about
the engine; a ratio against a fixed reference run in the same minutes does not. The reference is commit 941d0e4,
where ``tests/engine/test_seeded_digest.py`` pinned the seeded play "before the speed work of issue 13": both trees
play exactly the same hands (the digest still passes), so the ratio is the speed-up of the same work.

What is compared, each in a fresh interpreter, the two trees alternately, ``ROUNDS`` times:

* **hands**: full hands with three ``random`` bots, as bench/hands_per_second.py plays them (Guilin, Bohu), hands per
  CPU second of one pass;
* **score**: ``zipai score --jsonl``'s work per line in process (this tree's ``score_line``; the old tree's
  ``_dumps(score_text(line))``, what its --jsonl wrote) on bench/score_throughput.py's 2,000 sim wins, seen for the
  first time and then cycled; the result lines of the two trees must be the same, byte for byte.

The issue measured the old tree at 340-370 hands a second (Guilin), up to 430 (Bohu), and about 7,000 score lines a
second, and asked for 1,500 and 20,000: the ratios it asks are printed beside the ratios measured, with the figure the
measured ratio gives from the issue's own baseline.

Needs git (the old tree is read with ``git archive``). Run from the repository root:
python bench/versus_baseline.py [hands] [rounds]   (default 1,000 hands a pass, 3 rounds)
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "941d0e4"
# What issue 13 measured on the old tree, and what it asked (per second).
ISSUE = {"guilin": (340, 370, 1500), "bohu": (340, 430, 1500), "score": (7000, 7000, 20000)}


def child_hands(game: str, n: int) -> None:
    from zipai_desktop.bots import make_bot
    from zipai_desktop.engine.game import Game
    from zipai_desktop.engine.observation import observe
    from zipai_desktop.engine.rules import get_rules

    rules = get_rules(game)

    def play(first: int, count: int) -> None:
        for i in range(first, first + count):
            g = Game(rules, seed=i, dealer=i % 3, players=3)
            bots = [make_bot("random", f"{i}:{s}") for s in range(3)]
            while g.to_act is not None:
                seat = g.to_act
                g.apply(seat, bots[seat].choose(observe(g, seat), g.legal_actions(seat)))

    play(100_000, 50)  # warm-up: tables and caches as they are in play
    start = time.process_time()
    play(0, n)
    print(json.dumps({"rate": n / (time.process_time() - start)}))


def child_score(corpus: str) -> None:
    from zipai_desktop.tools import score as sc

    line_of = getattr(sc, "score_line", None)
    if line_of is None:  # the old tree: what its --jsonl wrote for a line

        def line_of(text: str) -> str:
            return str(sc._dumps(sc.score_text(text)))

    lines = Path(corpus).read_text(encoding="utf-8").splitlines()
    line_of(lines[0])  # the first use builds the rule tables
    rest = lines[1:]
    start = time.process_time()
    out = [line_of(t) for t in rest]
    first = len(rest) / (time.process_time() - start)
    cycled = [rest[i % len(rest)] for i in range(20_000)]
    start = time.process_time()
    for t in cycled:
        line_of(t)
    seen = len(cycled) / (time.process_time() - start)
    digest = hashlib.sha256("\n".join(out).encode("utf-8")).hexdigest()[:16]
    print(json.dumps({"first": first, "cycled": seen, "digest": digest}))


def run(tree: Path, *args: str) -> dict[str, float | str]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    done = subprocess.run(
        [sys.executable, __file__, "--child", *args], capture_output=True, text=True, env=env, cwd=tree, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {' '.join(args)} failed: {done.stderr[-800:]}")
    result: dict[str, float | str] = json.loads(done.stdout)
    return result


def line(name: str, old: list[float], new: list[float], issue: tuple[int, int, int]) -> None:
    ratio = statistics.median(new) / statistics.median(old)
    low, high, target = issue
    print(
        f"  {name:22s} old {statistics.median(old):7,.0f}/s  new {statistics.median(new):7,.0f}/s  (medians; new "
        f"passes {', '.join(f'{x:,.0f}' for x in new)})  x{ratio:.2f}; the issue asks x{target / high:.2f}-"
        f"x{target / low:.2f}: from its {low:,}-{high:,}/s, x{ratio:.2f} is {low * ratio:,.0f}-{high * ratio:,.0f}/s "
        f"({'met' if low * ratio >= target else 'met from its upper figure' if high * ratio >= target else 'not met'})"
    )


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        if sys.argv[2] == "hands":
            child_hands(sys.argv[3], int(sys.argv[4]))
        else:
            child_score(sys.argv[3])
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "baseline"
        old.mkdir()
        archive = subprocess.run(
            ["git", "archive", BASELINE, "zipai_desktop"], cwd=ROOT, capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
        corpus = Path(tmp) / "sims.jsonl"
        made = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "score_throughput.py"), "--corpus"], cwd=ROOT, capture_output=True,
            check=True,
        )  # fmt: skip
        corpus.write_bytes(made.stdout)
        print(f"this tree against {BASELINE} (issue 13's baseline), {rounds} rounds, alternately; load "
              f"{os.getloadavg()[0]:.2f}")  # fmt: skip
        for game in ("guilin", "bohu"):
            rates: dict[str, list[float]] = {"old": [], "new": []}
            for _ in range(rounds):
                for name, tree in (("old", old), ("new", ROOT)):
                    rates[name].append(float(run(tree, "hands", game, str(n))["rate"]))
            line(f"{game} hands ({n})", rates["old"], rates["new"], ISSUE[game])
        first: dict[str, list[float]] = {"old": [], "new": []}
        cycled: dict[str, list[float]] = {"old": [], "new": []}
        digests: set[str] = set()
        for _ in range(rounds):
            for name, tree in (("old", old), ("new", ROOT)):
                got = run(tree, "score", str(corpus))
                first[name].append(float(got["first"]))
                cycled[name].append(float(got["cycled"]))
                digests.add(str(got["digest"]))
        line("score, first sight", first["old"], first["new"], ISSUE["score"])
        line("score, cycled 20,000", cycled["old"], cycled["new"], ISSUE["score"])
        print(f"  score result lines of the two trees: {'the same' if len(digests) == 1 else 'DIFFERENT'} "
              f"(sha256 {', '.join(sorted(digests))}); load {os.getloadavg()[0]:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
