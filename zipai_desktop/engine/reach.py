"""Which cards could complete a hand at all: a necessary test the claim arbiter runs before the win check (听).

Every card of a seat's hand is tried for 胡 on nearly every card offered (about 76 win checks a hand), and nearly
all fail. Most fail for a reason that can be read off the hand once, until the hand changes: *loose* cards.

The free cards (held once or twice; a 坎 / 龙 is fixed) of a complete hand split into 吃-type groups (sequences,
二七十, 搭 / 绞) and at most one pair. A card held once that no group of the free cards themselves contains is loose:
in a complete hand its group must hold the winning card, or the winning card pairs it. The winning card joins one
group (or the pair), so:

- three or more loose cards: no card completes the hand, in any role;
- two: only a card that makes one group with both of them (at most two kinds);
- one: only that kind (its pair) or a card that makes a group with it and a free card of the hand;
- in every role where the card does not join the free cards (碰-type triples, quads, a hand judged as it stands) a
  loose card stays loose: no win.

The test only says "cannot complete"; everything else goes to :func:`~zipai_desktop.engine.hu.evaluate_roles`, so the
game is exactly the same. tests/engine/test_reach.py checks it never refuses a hand that completes.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NUM_KINDS
from .melds import chi_groups_with

# A hand as bytes (one count a kind) read as one int, little-endian: kind k is byte k, at bit 8k. Translating the
# bytes first turns each count into bits (bit 0: held once or twice, free; bit 1: held twice), so the masks of all 20
# kinds are worked on together with shifts and ands.
_CLASSES = bytes([0, 1, 3, 0, 0]) + bytes(251)
_FREE = (False, True, True, False, False)  # held count -> free (1 or 2), read by index (faster than 0 < count < 3)


def _mask(kinds: object) -> int:
    return sum(1 << (8 * k) for k in kinds)  # type: ignore[attr-defined]


_ALL = _mask(range(NUM_KINDS))
# Where a sequence read by shifting stays within one suit: the kind has two higher (lower, one each side) neighbours.
_UP2 = _mask(k for k in range(NUM_KINDS) if k % 10 <= 7)
_AROUND = _mask(k for k in range(NUM_KINDS) if 1 <= k % 10 <= 8)
_DOWN2 = _mask(k for k in range(NUM_KINDS) if k % 10 >= 2)
_SMALL = _mask(range(10))
_BIG = _mask(range(10, 20))
_OTHER_SUIT = 80  # bits between a kind and the same number in the other suit
_ERQISHI = (_mask((1, 11)), _mask((6, 16)), _mask((9, 19)))  # 二, 七, 十 of both suits


def _covered_in_suit(free: int, erqishi: bool) -> int:
    """The kinds of one suit (free: its free kinds, bits 0..72) that a group of free cards of the suit contains: a
    sequence with two others, or 二七十 with the other two."""
    up1 = free >> 8
    down1 = free << 8
    covered = (up1 & (free >> 16) & _UP2) | (up1 & down1 & _AROUND) | (down1 & (free << 16) & _DOWN2)
    if erqishi:  # 二 / 七 / 十 (kinds 1, 6, 9): five and eight kinds apart
        covered |= (
            ((free >> 40) & (free >> 64) & _ERQISHI[0])
            | ((free << 40) & (free >> 24) & _ERQISHI[1])
            | ((free << 64) & (free << 24) & _ERQISHI[2])
        )
    return covered & _SMALL


# Every pattern of free kinds in a suit (1,024 of them) -> the kinds covered in the suit, with and without 二七十:
# one look-up per suit instead of the shifts.
_COVERED = {
    erqishi: {
        free: _covered_in_suit(free, erqishi)
        for free in (sum(1 << (8 * k) for k in range(10) if bits >> k & 1) for bits in range(1024))
    }
    for erqishi in (True, False)
}


def _groups_with(kind: int, erqishi: bool) -> list[tuple[int, int, int]]:
    return [g for g in chi_groups_with(kind) if erqishi or sorted(k % 10 for k in g) != [1, 6, 9]]


def _candidates(erqishi: bool) -> tuple[list[tuple[tuple[int, int], ...]], dict[int, int]]:
    """Per loose kind k: each (card, other) such that a group holds k, the card and the other card; per two loose
    kinds (as their mask): the third card of each group holding both, as a mask of kinds (bit k)."""
    one = []
    for k in range(NUM_KINDS):
        pairs: set[tuple[int, int]] = set()
        for g in _groups_with(k, erqishi):
            rest = list(g)
            rest.remove(k)
            x, y = rest
            pairs.update(((x, y), (y, x)))
        # A group needing a second k never helps: k is held once and is the loose card itself.
        one.append(tuple(sorted((c, other) for c, other in pairs if other != k)))
    two: dict[int, int] = {}
    for a in range(NUM_KINDS):
        for g in _groups_with(a, erqishi):
            rest = list(g)
            rest.remove(a)
            for b in set(rest):
                if b == a:
                    continue
                third = list(rest)
                third.remove(b)
                key = (1 << (8 * a)) | (1 << (8 * b))
                two[key] = two.get(key, 0) | (1 << third[0])
    return one, two


_CANDIDATES = {True: _candidates(True), False: _candidates(False)}


def completing_cards(hand: bytes, erqishi: bool = True) -> int | None:
    """A mask of the kinds (bit k) that might complete ``hand`` (a count per kind, as bytes), or None for any kind.

    With 0 no card completes the hand, in any role, and neither does the hand as it stands; with a mask, only a card
    in it can, and only by joining the free cards. None: the test cannot tell.
    """
    bits = int.from_bytes(hand.translate(_CLASSES), "little")
    free = bits & _ALL
    twice = (bits >> 1) & _ALL
    once = free ^ twice
    if not once:
        return None
    # A group of the free cards that holds a kind held once: a sequence or 二七十 within its suit (read from the
    # table), or 搭 / 绞 with a pair of the other suit's card of the same number (the kind's other copy is not there).
    in_suit = _COVERED[erqishi]
    covered = (
        in_suit[free & _SMALL]
        | (in_suit[free >> _OTHER_SUIT] << _OTHER_SUIT)
        | ((twice >> _OTHER_SUIT) & _SMALL)
        | ((twice << _OTHER_SUIT) & _BIG)
    )
    loose = once & ~covered
    count = loose.bit_count()
    if count == 0:
        return None
    if count >= 3:
        return 0
    by_kind, by_pair = _CANDIDATES[erqishi]
    if count == 2:
        return by_pair.get(loose, 0)
    # One loose kind: its pair, or a card that makes a group with it and a card the hand holds free.
    kind = (loose.bit_length() - 1) >> 3
    mask = 1 << kind
    for card, other in by_kind[kind]:
        if _FREE[hand[other]]:
            mask |= 1 << card
    return mask


def may_complete(hand: Sequence[int], card: int | None, erqishi: bool = True) -> bool:
    """False when ``card`` (None: no card, the hand as it stands) certainly does not complete ``hand``."""
    mask = completing_cards(bytes(hand), erqishi)
    return mask is None or (card is not None and bool(mask >> card & 1))
