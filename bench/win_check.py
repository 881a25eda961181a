"""Win check with max 胡 on 10,000 generated 21-card hands: prints the median and p95 time per hand.

Two kinds of hand: random 21-card draws from the deck (most are not wins; they show the fast rejection), and hands
built from seven random groups (all complete shapes: they show the full search). Target (issue 2): median <= 30 us.
Run: python bench/win_check.py [N]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from zipai_desktop.engine import hu
from zipai_desktop.engine.cards import NUM_KINDS, full_deck
from zipai_desktop.engine.hu import Source, evaluate_win
from zipai_desktop.engine.melds import chi_groups_with
from zipai_desktop.engine.rules import get_rules

TABLE = get_rules("guilin").win_table
BOHU_TABLE = get_rules("bohu").win_table
GROUPS = sorted({g for k in range(NUM_KINDS) for g in chi_groups_with(k)})


def random_hand(rng: random.Random) -> list[int]:
    deck = full_deck()
    rng.shuffle(deck)
    counts = [0] * NUM_KINDS
    for k in deck[:21]:
        counts[k] += 1
    return counts


def complete_hand(rng: random.Random, groups: int, pair: bool) -> list[int]:
    """``groups`` groups (a 坎 now and then) plus a pair if asked; a kind the sequences use three times would be a
    locked 坎, so such draws are skipped."""
    while True:
        counts = [0] * NUM_KINDS
        kans = set()
        for _ in range(groups):
            if rng.random() < 0.15:
                k = rng.randrange(NUM_KINDS)
                counts[k] += 3
                kans.add(k)
            else:
                for k in rng.choice(GROUPS):
                    counts[k] += 1
        if pair:
            counts[rng.randrange(NUM_KINDS)] += 2
        if all(c <= 2 or (k in kans and c == 3) for k, c in enumerate(counts)):
            return counts


def built_hand(rng: random.Random) -> list[int]:
    """A complete 21-card Guilin hand: seven groups, no pair."""
    return complete_hand(rng, 7, pair=False)


def bohu_hand(rng: random.Random) -> list[int]:
    """A complete 20-card Bohu hand: six groups and the pair."""
    return complete_hand(rng, 6, pair=True)


def measure(hands: list[list[int]], *, cold: bool, table: object = TABLE) -> tuple[float, float, int]:
    times = []
    wins = 0
    hu._memo.clear()
    for h in hands:
        if cold:
            hu._memo.clear()
        t0 = time.perf_counter_ns()
        split = evaluate_win(h, [], None, Source.DEAL, table)  # type: ignore[arg-type]
        times.append((time.perf_counter_ns() - t0) / 1000)
        wins += split is not None
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95)], wins


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rng = random.Random(2026)
    sets = {
        "guilin: random 21 cards": ([random_hand(rng) for _ in range(n)], TABLE),
        "guilin: complete 21 cards": ([built_hand(rng) for _ in range(n)], TABLE),
        "bohu: complete 20 cards": ([bohu_hand(rng) for _ in range(n)], BOHU_TABLE),
    }
    print(f"win check with max 胡, {n} hands each (python {sys.version.split()[0]})")
    for name, (hands, table) in sets.items():
        for cold in (False, True):
            med, p95, wins = measure(hands, cold=cold, table=table)
            memo = "memo cleared before every hand" if cold else "memo kept across hands"
            print(f"  {name:<26} {memo:<32} median {med:7.1f} us  p95 {p95:7.1f} us  ({wins} wins)")


if __name__ == "__main__":
    main()
