"""The table-driven win check against the reference search (engine/win/reference.py) on N seeded hands.

Prints how many hands, how many had a completing role, and how many differ (must be 0). Each hand with its card
added is also checked as it stands (evaluate_win with no card and no melds, a win from the deal: a path of its own)
against the reference's: how many win, how many differ (must be 0). Run from the repository root:
python bench/win_check_exact.py [N]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.engine.win.test_reference import as_data, sample_case  # noqa: E402
from zipai_desktop.engine import win  # noqa: E402
from zipai_desktop.engine.win import reference as ref  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(13)
    wins = differ = deal_wins = deal_differ = 0
    start = time.perf_counter()
    for _ in range(n):
        hand, melds, card, source, table = sample_case(rng)
        got = win.evaluate_roles(hand, melds, card, source, table)
        want = ref.evaluate_roles(hand, melds, card, source, table)
        wins += bool(want)
        if as_data(got) != as_data(want):
            differ += 1
            if differ <= 5:
                print("differs:", hand, melds, card, source)
        dealt = list(hand)
        if card is not None and dealt[card] < 4:
            dealt[card] += 1
        got_dealt = win.evaluate_win(dealt, [], None, win.Source.DEAL, table)
        want_dealt = ref.evaluate_win(dealt, [], None, win.Source.DEAL, table)
        deal_wins += want_dealt is not None
        if as_data([got_dealt] if got_dealt else []) != as_data([want_dealt] if want_dealt else []):
            deal_differ += 1
            if deal_differ <= 5:
                print("differs as it stands:", dealt)
    print(f"{n} hands, {wins} with a completing role, {differ} differ ({time.perf_counter() - start:.1f} s)")
    print(f"as they stand, with the card: {deal_wins} win, {deal_differ} differ")


if __name__ == "__main__":
    main()
