"""Win check on the path play and ``zipai score`` use: median and p95 CPU time per check, in both games.

Three sets per game. "complete": generated complete hands (Guilin 21 cards, seven groups; Bohu 20 cards, six groups
and the pair), which show the full check. "random": random draws of 21 (Guilin) and 20 (Bohu) cards from the deck,
almost never wins, which show the refusals. Each such hand is made as play meets it: up to two of its groups already
melded on the table, and one card taken out as the card on offer (own draw, another's draw or a discard). "played":
the calls play itself makes, recorded from seeded hands of three ``random`` bots through the public path (Game,
observe, the bots): every call of ``win.find_wins`` that ``Game._win_check`` makes, with its hand, melds, card and
source, replayed here.

Two paths are timed: "play" is what the game does at a card (the reach filter's answer for the hand, made here for
every check as if the hand were new, then ``win.find_wins``: the pre-checks, then the roles), and "score" is
``evaluate_roles`` with the melds and what ``zipai score`` knows of them (``MeldsKnown``), as the score command calls
it. Every hand is new to the caches in each pass; a split's groups are built only when read, so the first figures are
the check itself. Then: the same hands checked again (the game checks a seat's hand against every card offered
between two of its moves), and a pass that reads the groups of every winning split too.

Times are the thread's CPU time per check (``time.thread_time_ns``, its own cost measured and subtracted), so a
neighbour's burst on the shared machine moves them little. The figures are the median and p95 of ALL the passes'
times, with the range of the passes' medians beside them and the load average printed before and after; for
comparing two versions of the engine use bench/instructions.py (callgrind), which load does not move at all.
Floor (issue 27): median <= 5 us on the play path.
Run: python bench/win_check.py [N] [PASSES] [PLAYED_HANDS]
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
from zipai_desktop.engine.win import (
    Source,
    WinTable,
    evaluate_roles,
    find_wins,
    groups,
    meld_facts,
    reference,
    roles,
    split,
)
from zipai_desktop.engine.win.reach import keep_function

FLOOR_US = 5.0  # issue 27: the median on the play path
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


# CPU time per call: the thread's CPU clock is a system call, dearer than the wall clock but steady (its cost varies
# by a few tens of ns between calls), so its own cost is measured and subtracted.
CLOCK = time.thread_time_ns


def forget(table: WinTable) -> None:
    """Empty the win check's caches, so that every hand is checked as new (the table holds none: it is made whole)."""
    reference._memo.clear()
    roles._PAIR_VALUES[table.erqishi].clear()
    for done in groups._DONE.values():
        done.clear()
    for alike in groups._ALIKE.values():
        alike.locked.clear()
        alike.melds.clear()
    split._LOCKED_KINDS.clear()
    roles._FIXED_HU.clear()


# A hand as the game checks it: the seat's concealed counts (before the card), its table melds, the card and where
# it came from.
Case = tuple[list[int], list[Meld], int | None, Source]
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


def played_cases(game: str, hands: int) -> list[Case]:
    """Every call of ``find_wins`` that ``Game._win_check`` makes in ``hands`` seeded hands of three ``random`` bots,
    played through the public path as ``zipai sim`` and bench/hands_per_second.py play them: (a copy of the seat's
    hand, of its melds, the card, the source). The game's own reference to ``find_wins`` is wrapped for the run and
    put back after."""
    from zipai_desktop.bots import make_bot
    from zipai_desktop.engine import game as game_module
    from zipai_desktop.engine.observation import observe

    rules = get_rules(game)
    calls: list[Case] = []
    real = game_module.find_wins

    def recording(hand: list[int], melds: list[Meld], card: int | None, source: Source, *rest: object) -> object:
        calls.append((list(hand), list(melds), card, source))
        return real(hand, melds, card, source, *rest)  # type: ignore[arg-type]

    game_module.find_wins = recording  # type: ignore[assignment]
    try:
        for i in range(hands):
            g = game_module.Game(rules, seed=i, dealer=i % 3, players=3)
            bots = [make_bot("random", f"{i}:{s}") for s in range(3)]
            while g.to_act is not None:
                seat = g.to_act
                g.apply(seat, bots[seat].choose(observe(g, seat), g.legal_actions(seat)))
    finally:
        game_module.find_wins = real
    return calls


def _known(
    melds: list[Meld], card: int | None, fact: tuple[int, int, dict[int, tuple[int, int]]], table: WinTable
) -> tuple[int, int, int, int, int] | None:
    """What ``zipai score`` tells evaluate_roles of a line's melds (``MeldsKnown``; only with melds and a card)."""
    if not melds or card is None:
        return None
    cards, quads, by_card = fact
    sao_idx, peng_idx = by_card.get(card, (-1, -1))
    return (cards, quads, sum(table.meld_value(m) for m in melds), sao_idx, peng_idx)


def timed(
    cases: list[Case], table: WinTable, clock: Callable[[], int], path: str, groups: bool = False
) -> tuple[list[float], int]:
    """Per-hand times in us (the clock's own cost subtracted) and the wins.

    ``path`` "play": what the game does at a card (engine/game.py ``Game._win_check``): the reach filter's answer for
    the hand (the game keeps it until the hand changes; made here for every hand, as if each were new) and
    ``find_wins`` with the melds' facts the game keeps per seat. "score": ``evaluate_roles`` with the melds and what
    ``zipai score`` knows of them (``MeldsKnown``: it keeps each meld's facts as it reads them), as the score command
    calls it. With ``groups`` a win's groups are read (built) in the span too.
    """
    cost = _clock_cost(clock)
    keep = keep_function(table.erqishi)
    facts = [meld_facts(melds) for _, melds, _, _ in cases]  # kept per seat by the game, as melds are made
    known = [_known(melds, card, fact, table) for (_, melds, card, _), fact in zip(cases, facts, strict=True)]
    times = []
    wins = 0
    for (hand, melds, card, source), fact, told in zip(cases, facts, known, strict=True):
        if path == "play":
            t0 = clock()
            found = find_wins(hand, melds, card, source, table, fact, keep(hand))
        else:
            t0 = clock()
            found = evaluate_roles(hand, melds, card, source, table, told)
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
    played = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    rng = random.Random(2026)
    guilin_played, bohu_played = played_cases("guilin", played), played_cases("bohu", played)
    sets = {
        "guilin: complete 21 cards": ([play_case(rng, built_hand(rng), True) for _ in range(n)], TABLE),
        "guilin: random 21 cards": ([play_case(rng, random_hand(rng, 21), True) for _ in range(n)], TABLE),
        f"guilin: played, {played} hands": (guilin_played, TABLE),
        "bohu: complete 20 cards": ([play_case(rng, bohu_hand(rng), False) for _ in range(n)], BOHU_TABLE),
        "bohu: random 20 cards": ([play_case(rng, random_hand(rng, 20), False) for _ in range(n)], BOHU_TABLE),
        f"bohu: played, {played} hands": (bohu_played, BOHU_TABLE),
    }
    load = os.getloadavg()
    print(
        f"win check, CPU time per check, {n} generated hands a set ('played': {len(guilin_played)} / "
        f"{len(bohu_played)} calls of {played} hands), median of all {passes} passes "
        f"(python {sys.version.split()[0]}; load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; 2 cores shared)"
    )
    for name, (cases, table) in sets.items():
        for path in ("play", "score"):
            measure(cases[:200], table, CLOCK, path, 1)  # warm up
            med, p95, wins, med_groups, med_warm, (low, high) = measure(cases, table, CLOCK, path, passes)
            print(
                f"  {name:<28} {path:<5} median {med:6.2f} us  p95 {p95:6.2f} us  (pass medians {low:.2f}..{high:.2f}; "
                f"{wins:>5} wins; seen before: {med_warm:5.2f} us; reading the groups too: {med_groups:6.2f} us)"
                + (f"  floor {FLOOR_US:g} us: {'met' if med <= FLOOR_US else 'NOT met'}" if path == "play" else "")
            )
    low, high = import_time()
    print(
        f"  import of engine.win (tables read, rows made): {low * 1000:.0f} ms, best of 5 fresh interpreters "
        f"(highest {high * 1000:.0f} ms); load now {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )


if __name__ == "__main__":
    main()
