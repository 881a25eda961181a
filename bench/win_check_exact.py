"""The table-driven win check against the reference search (tests/engine/reference_hu.py) on N seeded hands.

Prints how many hands, how many had a completing role, and how many differ (must be 0). Run from the repository
root: python bench/win_check_exact.py [N]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.engine import reference_hu as ref  # noqa: E402
from tests.engine.test_hu_reference import as_data, sample_case  # noqa: E402
from zipai_desktop.engine import hu  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(13)
    wins = differ = 0
    start = time.perf_counter()
    for _ in range(n):
        hand, melds, card, source, table = sample_case(rng)
        got = hu.evaluate_roles(hand, melds, card, source, table)
        want = ref.evaluate_roles(hand, melds, card, ref.Source(source.value), table)  # type: ignore[arg-type]
        wins += bool(want)
        if as_data(got) != as_data(want):
            differ += 1
            if differ <= 5:
                print("differs:", hand, melds, card, source)
    print(f"{n} hands, {wins} with a completing role, {differ} differ ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
