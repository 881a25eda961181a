"""Win check on the path play and ``zipai score`` use, on 10,000 generated hands per set: median and p95 per hand.

Sets: complete 21-card Guilin hands (seven groups) and complete 20-card Bohu hands (six groups and the pair), which
show the full check, and random draws of 21 (Guilin) and 20 (Bohu) cards from the deck, almost never wins, which show
the refusals. Each hand is made as play meets it: up to two of its groups already melded on the table, and one card
taken out as the card on offer (own draw, another's draw or a discard). Two paths are timed: "play" is what the game
does at a card (the reach filter's answer for the hand, then ``win.find_wins``: the pre-checks, then the roles), and
"score" is ``evaluate_roles`` with the melds, as the rules' win choice and ``zipai score`` call it. Every hand is new
to the caches in each pass; a split's groups are built only when read, so the first figures are the check itself.
Then: the same hands checked again (the game checks a seat's hand against every card offered between two of its
moves), and a pass that reads the groups of every winning split too.
The machine is shared: a neighbour's burst moves a median by up to 2x between runs. The figures are the median and
p95 of ALL the passes' times, with the range of the passes' medians beside them and the load average printed before
and after; for comparing two versions of the engine use bench/instructions.py (callgrind), which load does not move.
Floor (issue 27): median <= 5 us on the play path.
Run: python bench/win_check.py [N] [PASSES]
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from zipai_desktop.engine.cards import NUM_KINDS, full_deck
from zipai_desktop.engine.melds import Meld, MeldKind, chi_groups_with
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.win import Source, WinTable, evaluate_roles, find_wins, meld_facts, reference, roles
from zipai_desktop.engine.win.reach import keep_function

TABLE = get_rules("guilin").win_table
BOHU_TABLE = get_rules("bohu").win_table
GROUPS = sorted({g for k in range(NUM_KINDS) for g in chi_groups_with(k)})


def random_hand(rng: random.Random, size: int = 21) -> list[int]:
    deck = full_deck()
    rng.shuffle(deck)
    counts = [0] * NUM_KINDS
    for k in deck[:size]:
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


def _clock_cost(clock: Callable[[], int]) -> float:
    samples = []
    for _ in range(2000):
        t0 = clock()
        samples.append(clock() - t0)
    return statistics.median(samples)


# Wall-clock time per call: the clock's own cost is measured and subtracted. (The thread's CPU-time clock is a
# system call whose own variance swamps a check of a few microseconds.)


def forget(table: WinTable) -> None:
    """Empty the win check's caches, so that every hand is checked as new."""
    table.melds_hu.clear()
    roles._MELD_INFO.clear()
    reference._memo.clear()


# A hand as the game checks it: the seat's concealed counts (before the card), its table melds, the card and where
# it came from.
Case = tuple[list[int], list[Meld], int, Source]
SOURCES = (Source.OWN_DRAW, Source.OTHER_DRAW, Source.DISCARD)


def play_case(rng: random.Random, counts: list[int], guilin: bool) -> Case:
    """A hand as play meets it: up to two of its groups already on the table (a 吃 of the group's cards, or for three
    of a kind a 碰 / 偎 meld), and one card of what is left taken out as the card on offer, from a random source."""
    hand = list(counts)
    melds: list[Meld] = []
    for _ in range(rng.choice((0, 1, 1, 2))):
        triples = [k for k in range(NUM_KINDS) if hand[k] == 3]
        if triples and rng.random() < 0.4:
            k = rng.choice(triples)
            hand[k] = 0
            melds.append(Meld(MeldKind.PENG if guilin or rng.random() < 0.5 else MeldKind.WEI, (k, k, k)))
            continue
        fits = [g for g in GROUPS if all(hand[k] - g.count(k) >= 0 and hand[k] != 3 for k in g)]
        if fits:
            group = rng.choice(fits)
            for k in group:
                hand[k] -= 1
            melds.append(Meld(MeldKind.CHI, group))
    held = [k for k in range(NUM_KINDS) if hand[k]]
    card = rng.choice(held)
    hand[card] -= 1
    return hand, melds, card, rng.choice(SOURCES)


def timed(
    cases: list[Case], table: WinTable, clock: Callable[[], int], path: str, groups: bool = False
) -> tuple[list[float], int]:
    """Per-hand times in us (the clock's own cost subtracted) and the wins.

    ``path`` "play": what the game does at a card (engine/game.py ``Game._win_check``): the reach filter's answer for
    the hand (the game keeps it until the hand changes; made here for every hand, as if each were new) and
    ``find_wins`` with the melds' facts the game keeps per seat. "score": ``evaluate_roles`` with the melds, as the
    rules' win choice and ``zipai score`` call it. With ``groups`` a win's groups are read (built) in the span too.
    """
    cost = _clock_cost(clock)
    keep = keep_function(table.erqishi)
    facts = [meld_facts(melds) for _, melds, _, _ in cases]  # kept per seat by the game, as melds are made
    times = []
    wins = 0
    for (hand, melds, card, source), fact in zip(cases, facts, strict=True):
        if path == "play":
            t0 = clock()
            found = find_wins(hand, melds, card, source, table, fact, keep(hand))
        else:
            t0 = clock()
            found = evaluate_roles(hand, melds, card, source, table)
        if groups:
            for split in found:
                split.groups  # noqa: B018 - reading them builds them
        t1 = clock()
        wins += bool(found)
        times.append((t1 - t0 - cost) / 1000)
    return times, wins


def measure(
    cases: list[Case], table: WinTable, clock: Callable[[], int], path: str, passes: int = 5
) -> tuple[float, float, int, float, float, tuple[float, float]]:
    """(median us, p95 us, wins, median us with the groups read, median us of hands checked before, (lowest, highest)
    median of the passes) over the hands.

    The check is timed in ``passes`` passes over the same hands, every hand new to the caches in each, and the median
    and p95 are of ALL the passes' times together (the machine is shared: a neighbour's burst shows in the figures,
    and the range of the passes' medians is printed beside them to show how much). Reading the groups (built when a
    win is claimed or shown) is a separate pass; the warm figure checks every hand a second time, as the game does
    between two moves of a seat.
    """
    every: list[float] = []
    medians = []
    wins = 0
    for _ in range(passes):
        forget(table)
        times, wins = timed(cases, table, clock, path)
        medians.append(statistics.median(times))
        every += times
    every.sort()
    warm, _ = timed(cases, table, clock, path)
    forget(table)
    with_groups, _ = timed(cases, table, clock, path, groups=True)
    return (
        statistics.median(every),
        every[int(len(every) * 0.95)],
        wins,
        statistics.median(with_groups),
        statistics.median(warm),
        (min(medians), max(medians)),
    )


def import_time(runs: int = 5) -> tuple[float, float]:
    """(lowest, highest) seconds to import the win check in a fresh interpreter (its rows are read at import), over
    ``runs`` interpreters: a neighbour's burst moves one figure by 2x, so the lowest is reported, as for the check."""
    code = "import time; t = time.perf_counter(); import zipai_desktop.engine.win; print(time.perf_counter() - t)"
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(out.stdout))
    return min(times), max(times)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    passes = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    rng = random.Random(2026)
    sets = {
        "guilin: complete 21 cards": ([play_case(rng, built_hand(rng), True) for _ in range(n)], TABLE),
        "guilin: random 21 cards": ([play_case(rng, random_hand(rng, 21), True) for _ in range(n)], TABLE),
        "bohu: complete 20 cards": ([play_case(rng, bohu_hand(rng), False) for _ in range(n)], BOHU_TABLE),
        "bohu: random 20 cards": ([play_case(rng, random_hand(rng, 20), False) for _ in range(n)], BOHU_TABLE),
    }
    load = os.getloadavg()
    print(
        f"win check on the play path (a card and melds), {n} hands each, median of all {passes} passes "
        f"(python {sys.version.split()[0]}; load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; 2 cores shared)"
    )
    for name, (cases, table) in sets.items():
        for path in ("play", "score"):
            measure(cases[:200], table, time.perf_counter_ns, path, 1)  # warm up
            med, p95, wins, med_groups, med_warm, (low, high) = measure(
                cases, table, time.perf_counter_ns, path, passes
            )
            print(
                f"  {name:<26} {path:<5} median {med:6.2f} us  p95 {p95:6.2f} us  (pass medians {low:.2f}..{high:.2f}; "
                f"{wins:>5} wins; seen before: {med_warm:5.2f} us; reading the groups too: {med_groups:6.2f} us)"
            )
    low, high = import_time()
    print(
        f"  import of engine.win (tables read, rows made): {low * 1000:.0f} ms, best of 5 fresh interpreters "
        f"(highest {high * 1000:.0f} ms); load now {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )


if __name__ == "__main__":
    main()
