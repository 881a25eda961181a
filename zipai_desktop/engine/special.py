"""Special hands judged on the dealt cards alone: Guilin 三龙五坎 (§9.3).

Pure functions on a count vector, shared by :class:`~zipai_desktop.engine.game.Game` and ``zipai score``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NUM_KINDS
from .win import Group, Split, WinTable


def special_sequences(rest: Sequence[int]) -> list[Group]:
    """The most 一二三 / 二七十 groups the leftover cards form (三龙五坎 counts them, §9.3)."""
    groups: list[Group] = []
    for base, value in ((0, 3), (10, 6)):
        one, two, three, seven, ten = (rest[base + i] for i in (0, 1, 2, 6, 9))
        best = (0, 0)
        for a in range(min(one, two, three) + 1):
            b = min(two - a, seven, ten)
            if a + b > sum(best):
                best = (a, b)
        groups += [Group("seq", (base, base + 1, base + 2), value, False)] * best[0]
        groups += [Group("seq", (base + 1, base + 6, base + 9), value, False)] * best[1]
    return groups


def sanlong_wukan(hand: Sequence[int], table: WinTable, *, wukan_counts_long: bool = False) -> Split | None:
    """三龙五坎: >= 3 concealed 龙 or >= 5 concealed 坎 in a dealt hand (a count vector), else None.

    Hu = the 龙 / 坎 values plus any 一二三 / 二七十 the leftover cards form; the rest need not form groups.
    """
    # The common case (too few 龙 and 坎), told by two counts on the counts as bytes before any group is made.
    counts = bytearray(hand)
    longs_held = counts.count(4)
    if longs_held < 3 and counts.count(3) + (longs_held if wukan_counts_long else 0) < 5:
        return None
    longs = [k for k in range(NUM_KINDS) if hand[k] == 4]
    kans = [k for k in range(NUM_KINDS) if hand[k] == 3]
    kan_count = len(kans) + (len(longs) if wukan_counts_long else 0)
    if len(longs) < 3 and kan_count < 5:
        return None
    groups = [Group("long", (k,) * 4, table.value("long", k), False) for k in longs]
    groups += [Group("kan", (k,) * 3, table.value("kan", k), False) for k in kans]
    rest = [c if c < 3 else 0 for c in hand]
    groups += special_sequences(rest)
    return Split(sum(g.hu for g in groups), tuple(groups), len(longs))
