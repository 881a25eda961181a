"""Instructions per hand and per win check, counted by valgrind's callgrind: a figure that does not move with load.

The machine is shared, and a timing moves by up to 2x between runs of the same code when a neighbour is busy;
an instruction count moves by about 0.1%. So this is the figure to compare two versions of the engine with, before
reading the timing benches (hands_per_second.py, win_check.py) for the absolute speed. It is not a time: a cache miss
costs a hundred instructions' worth and is not counted here.

Each figure is the difference of two runs under callgrind with the same warm-up (the imports, the tables, the
caches filled by the warm-up work): one that stops after the warm-up and one that goes on to N more, divided by N.
``PYTHONHASHSEED=0`` fixes the interpreter's hashing, so a run repeats exactly.

* **hands**: full hands with three ``random`` bots, as bench/hands_per_second.py plays them (Guilin, Bohu);
* **win check**: ``evaluate_win`` on bench/win_check.py's hands (complete and random, both games), caches emptied
  before each, so every hand is new.

Needs valgrind (``apt install valgrind``); without it the script says so and stops.
Run from the repository root: python bench/instructions.py [N]   (N hands, default 100; N x 20 win checks). Under
callgrind Python runs about 100x slower: N = 100 takes several minutes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# Units before counting, so that caches and tables are in the state they are in during play: hands, and checks x 20.
WARM = {"hands": 150, "check": 25}


def child(kind: str, game: str, warm: int, n: int, total: int) -> None:
    """The work that is counted: ``warm`` units, then ``n`` more (run under callgrind by the parent). The hands to
    check are made for ``total`` units in every run, so that making them cancels out of the difference."""
    if kind == "hands":
        from zipai_desktop.bots import make_bot
        from zipai_desktop.engine.game import Game
        from zipai_desktop.engine.observation import observe
        from zipai_desktop.engine.rules import get_rules

        rules = get_rules(game)

        def play(i: int) -> None:
            g = Game(rules, seed=i, dealer=i % 3, players=3)
            bots = [make_bot("random", f"{i}:{s}") for s in range(3)]
            while g.to_act is not None:
                seat = g.to_act
                g.apply(seat, bots[seat].choose(observe(g, seat), g.legal_actions(seat)))

        for i in range(warm):
            play(100_000 + i)
        for i in range(n):
            play(i)
        return
    import random

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from win_check import BOHU_TABLE, TABLE, bohu_hand, built_hand, forget, random_hand  # type: ignore[import-not-found]

    from zipai_desktop.engine.win import Source, evaluate_win

    rng = random.Random(2026)
    name, shape = game.split(":")
    table = TABLE if name == "guilin" else BOHU_TABLE
    size = 21 if name == "guilin" else 20
    make = {
        ("guilin", "complete"): lambda: built_hand(rng),
        ("bohu", "complete"): lambda: bohu_hand(rng),
    }.get((name, shape), lambda: random_hand(rng, size))
    hands = [make() for _ in range(20 * (warm + total))]
    forget(table)
    for h in hands[: 20 * warm]:
        evaluate_win(h, [], None, Source.DEAL, table)
    for h in hands[20 * warm : 20 * (warm + n)]:
        evaluate_win(h, [], None, Source.DEAL, table)


def collected(kind: str, game: str, n: int, total: int) -> int:
    """Instructions callgrind counts for the child's warm-up and ``n`` units."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__]
    cmd += ["--child", kind, game, str(WARM[kind]), str(n), str(total)]
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind run failed ({done.returncode}): {done.stderr[-600:]}")
    return int(found.group(1))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        kind, game = sys.argv[2], sys.argv[3]
        child(kind, game, int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("bench/instructions.py needs valgrind (apt install valgrind); the timing benches do not")
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(
        f"instructions counted by callgrind (python {sys.version.split()[0]}; warm-up {WARM['hands']} hands or "
        f"{20 * WARM['check']} checks, then {n} hands or {20 * n} checks)"
    )
    for game in ("guilin", "bohu"):
        per = (collected("hands", game, n, n) - collected("hands", game, 0, n)) / n
        print(f"  {game:<16} full hand, 3 random bots: {per / 1000:8.0f}k instructions a hand")
    for sample in ("guilin:complete", "guilin:random", "bohu:complete", "bohu:random"):
        checks = 20 * n
        per = (collected("check", sample, n, n) - collected("check", sample, 0, n)) / checks
        print(f"  {sample:<16} win check, new hand:   {per:8.0f} instructions a check")


if __name__ == "__main__":
    main()
