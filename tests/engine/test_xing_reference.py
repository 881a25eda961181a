"""醒 counting (guilin §10.3) equals a plain reading of the rule on random hands, walls and every option pair.

``scoring.count_xing`` (and ``xing_count``, its count without the flips) looks the counted kinds up in tables; the
reference below works each one out per card, as the rule says it: 上醒 the next number (十 wraps to 一), 下醒 the one
before, 中醒 the same kind, turned again while a category reached 4 on this card (``category``) or while the total is
at least 4 x cards turned (``cumulative``).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from zipai_desktop.engine.cards import NUM_KINDS
from zipai_desktop.engine.rules.guilin import XING_CHOICES, GuilinOptions
from zipai_desktop.engine.scoring import XingFlip, XingResult, count_xing, xing_count


def neighbour(kind: int, step: int) -> int:
    base = 10 if kind >= 10 else 0
    return base + (kind % 10 + step) % 10


def reference(held: list[int], wall: list[int], options: GuilinOptions) -> XingResult:
    kinds = options.xing_kinds
    turned: list[int] = []
    flips: list[XingFlip] = []
    total = 0
    for x in wall:
        if not kinds:
            break
        turned.append(x)
        counted: list[tuple[int, str, int]] = []
        if "up" in kinds:
            counted.append((neighbour(x, 1), "up", held[neighbour(x, 1)]))
        if "down" in kinds:
            counted.append((neighbour(x, -1), "down", held[neighbour(x, -1)]))
        if "mid" in kinds:
            counted.append((x, "mid", held[x]))
        flips.append(XingFlip(x, tuple(counted)))
        total += sum(n for _, _, n in counted)
        again = any(n == 4 for _, _, n in counted) if options.xing_reflip == "category" else total >= 4 * len(turned)
        if not again:
            break
    return XingResult(tuple(turned), total, tuple(flips))


@settings(max_examples=500, deadline=None)
@given(
    held=st.lists(st.integers(0, 4), min_size=NUM_KINDS, max_size=NUM_KINDS),
    wall=st.lists(st.integers(0, NUM_KINDS - 1), max_size=12),
    xing=st.sampled_from(XING_CHOICES),
    reflip=st.sampled_from(["category", "cumulative"]),
)
def test_xing_counts_as_the_rule_reads(held: list[int], wall: list[int], xing: str, reflip: str) -> None:
    options = GuilinOptions(xing=xing, xing_reflip=reflip)
    want = reference(held, wall, options)
    assert count_xing(held, wall, options) == want
    # The score command's count (no flips), with the wall as it reads it (a byte a card).
    assert xing_count(held, bytes(wall), options) == (len(want.cards), want.count)
