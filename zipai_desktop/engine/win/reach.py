"""Which cards could complete a hand at all: a necessary test the claim arbiter runs before the win check (听).

Every seat's hand is tried for 胡 on nearly every card offered (dozens of win checks a hand), and nearly all fail.
Most fail for a reason that can be read off the hand once, until the hand changes: *loose* cards.

The free cards (held once or twice; a 坎 / 龙 is fixed) of a complete hand split into 吃-type groups (sequences,
二七十, 搭 / 绞) and at most one pair. A card held once that no group of the free cards themselves contains is loose:
in a complete hand its group must hold the winning card, or the winning card pairs it. The winning card joins one
group (or the pair), so:

- three or more loose cards: no card completes the hand, in any role;
- two: only a card that makes one group with both of them (at most two kinds);
- one: only that kind (its pair) or a card that makes a group with it and a free card of the hand;
- in every role where the card does not join the free cards (碰-type triples, quads, a hand judged as it stands) a
  loose card stays loose: no win.

The test only says "cannot complete"; everything else goes to :func:`~zipai_desktop.engine.win.check.evaluate_roles`, so
the game is exactly the same. tests/engine/win/test_reach.py checks it never refuses a hand that completes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import NUM_KINDS
from ..melds import chi_groups_with

_FREE = (False, True, True, False, False)  # held count -> free (1 or 2), read by index


def _covered_in_suit(free: int, erqishi: bool) -> int:
    """The kinds of one suit (free: its free kinds, bit k for the suit's k-th number) that a group of free cards of
    the suit contains: a sequence with two others (shifted masks: the kind's two higher, two lower or two
    neighbours, within the suit), or 二七十 with the other two."""
    up1, down1 = free >> 1, free << 1
    covered = (up1 & (free >> 2) & 0xFF) | (up1 & down1 & 0x1FE) | (down1 & (free << 2) & 0x3FC)
    if erqishi:  # 二 / 七 / 十 (numbers 1, 6, 9 from 0): five and eight apart
        covered |= ((free >> 5) & (free >> 8) & 1 << 1) | ((free << 5) & (free >> 3) & 1 << 6)
        covered |= (free << 8) & (free << 3) & 1 << 9
    return covered


def _groups_with(kind: int, erqishi: bool) -> list[tuple[int, int, int]]:
    return [g for g in chi_groups_with(kind) if erqishi or sorted(k % 10 for k in g) != [1, 6, 9]]


def _candidates(erqishi: bool) -> tuple[list[tuple[tuple[int, int], ...]], dict[int, int]]:
    """Per loose kind k: each (card, other) such that a group holds k, the card and the other card; per two loose
    kinds (as their mask, bit k): the third card of each group holding both, as a mask of kinds (bit k)."""
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
                key = (1 << a) | (1 << b)
                two[key] = two.get(key, 0) | (1 << third[0])
    return one, two


_CANDIDATES = {True: _candidates(True), False: _candidates(False)}


# A held count -> its class as an ASCII digit: "0" (none, or locked in a 坎 / 龙), "1" (held once), "2" (twice). A
# hand's 20 classes read as one base-3 number (kind 0 first, the most significant): its quotient and remainder by 3^10
# number the classes of the small and of the big suit.
_DIGIT = b"01200" + bytes(251)
_SUIT_PATTERNS = 3**10
_NONE = -1  # (in the answer per loose mask) no loose card: the test cannot tell
_ONE = -2  # one loose card: the answer depends on the hand's free cards
_LOOSE = (1 << 20) - 1  # the loose-kind bits of a suit's packed entry (see _suit_tables)
_FREE_SHIFT = 20  # where a suit's packed entry holds its free numbers
_CHI_SHIFT = 30  # where it holds the kinds a 吃 may take with two of its cards


def _suit_tables(erqishi: bool) -> tuple[list[int], list[int]]:
    """Per number of a suit's classes (0 .. 3^10 - 1): what they tell the loose-card test and the 吃 test, packed
    in one int for the small suit and one for the big suit.

    Bits 0..19, anded between the two suits, give the hand's loose kinds (kind k at bit k). A loose kind is held
    once, in no sequence / 二七十 of its suit's free cards (:func:`_covered_in_suit`), and its other suit does not hold
    a pair of its number (搭 / 绞). So the small suit's mask holds its uncovered kinds held once (bits 0..9) and the
    numbers it does not hold twice (bits 10..19), the big suit's the other way round.

    Bits 20..29 (:data:`_FREE_SHIFT`), anded too: the suit's free numbers (both suits free: the 搭 of a kind held
    free with the other suit's kind of its number). Bits 30..49 (:data:`_CHI_SHIFT`), ored: the kinds a 吃 plan with
    two hand cards of this suit alone may take (a sequence / 二七十 of two free kinds of the suit: bits for its own
    kinds; a pair of the suit: the other suit's kind of its number, the 绞 of the taken card with the pair).

    Made when the first hand of the ruleset is checked: two lists of 3^10 = 59,049 ints."""
    covered = [_covered_in_suit(free, erqishi) for free in range(1024)]

    # The classes of five kinds (the first five or the last five of a suit), in the order of their base-3 numbers:
    # (the free kinds, the kinds of the suit not held twice).
    def halves(first: int) -> list[tuple[int, int]]:
        out = [(0, 1023)]
        for k in range(first, first + 5):
            bit = 1 << k
            out = [(f | b, n & ~t) for f, n in out for b, t in ((0, 0), (bit, 0), (bit, bit))]
        return out

    small: list[int] = []
    big: list[int] = []
    for high_free, high_not_twice in halves(0):
        for low_free, low_not_twice in halves(5):
            free = high_free | low_free
            not_twice = high_not_twice & low_not_twice
            twice = 1023 & ~not_twice
            cover = covered[free]
            uncovered = free & ~cover & not_twice
            shared = free << _FREE_SHIFT
            small.append(uncovered | not_twice << 10 | shared | (cover | twice << 10) << _CHI_SHIFT)
            big.append(uncovered << 10 | not_twice | shared | (cover << 10 | twice) << _CHI_SHIFT)
    return small, big


_TABLES: dict[bool, tuple[list[int], list[int], dict[int, int]]] = {}  # made with each reach function


def reach_function(erqishi: bool) -> Callable[[bytes | bytearray], int | None]:
    """:func:`completing_cards` for one ruleset (with 二七十 or not), its tables at hand (the game keeps one)."""
    function = _REACH.get(erqishi)
    if function is None:
        function = _REACH[erqishi] = _make_reach(erqishi)
    return function


def _make_reach(erqishi: bool) -> Callable[[bytes | bytearray], int | None]:
    by_kind, by_pair = _CANDIDATES[erqishi]
    # Per mask of loose kinds (bit k) with at most two: the answer for two (the cards that make a group with both),
    # _ONE for one, _NONE for none; three or more are not keys (no card completes the hand).
    by_loose = {0: _NONE}
    for a in range(NUM_KINDS):
        by_loose[1 << a] = _ONE
        for b in range(a + 1, NUM_KINDS):
            by_loose[(1 << a) | (1 << b)] = by_pair.get((1 << a) | (1 << b), 0)
    one = tuple(tuple((1 << card, other) for card, other in pairs) for pairs in by_kind)
    small_masks, big_masks = _suit_tables(erqishi)
    _TABLES[erqishi] = (small_masks, big_masks, by_loose)

    def completing(hand: bytes | bytearray) -> int | None:
        small, big = divmod(int(hand.translate(_DIGIT), 3), _SUIT_PATTERNS)
        loose = small_masks[small] & big_masks[big] & _LOOSE
        answer = by_loose.get(loose, 0)
        if answer >= 0:  # two loose kinds, or three or more (0: no card)
            return answer
        if answer == _NONE:
            return None
        # One loose kind: its pair, or a card that makes a group with it and a card the hand holds free.
        for card, other in one[loose.bit_length() - 1]:
            if _FREE[hand[other]]:
                loose |= card
        return loose

    return completing


_REACH: dict[bool, Callable[[bytes | bytearray], int | None]] = {}

#: A seat's kept test results (see :func:`keep_function`): the hand list they were read from, the cards that might
#: complete it (a mask; -1, every bit set, where the test cannot tell) and the kinds a 吃 plan may take from it.
Kept = tuple[list[int] | None, int, int]
_KEEP: dict[bool, Callable[[list[int]], Kept]] = {}


def keep_function(erqishi: bool) -> Callable[[list[int]], Kept]:
    """``keep(hand)``: ``(hand, reach, chi)`` for a hand list, read with one pass over the hand (the game keeps it per
    seat until the hand changes; the claim arbiter reads it at every card on offer).

    ``reach`` is :func:`completing_cards` of the hand with -1 for None (every bit set: the test cannot tell). ``chi`` is
    a mask of the kinds (bit k) for which some 吃 plan finds its two hand cards: two free kinds (held once or twice)
    of a sequence / 二七十 or of the 搭 (the card's kind and the other suit's of its number), or the other suit's kind
    of its number held twice. A card outside it is offered no 吃 at all (most asks end there), told with one bit
    test instead of a walk over the card's plans in engine.chi.chi_offers. Both masks come from the same two table
    entries (:func:`_suit_tables`)."""
    function = _KEEP.get(erqishi)
    if function is None:
        function = _KEEP[erqishi] = _make_keep(erqishi)
    return function


def _make_keep(erqishi: bool) -> Callable[[list[int]], Kept]:
    reach_function(erqishi)  # (which makes the tables, shared with it)
    by_kind, _ = _CANDIDATES[erqishi]
    one = tuple(tuple((1 << card, other) for card, other in pairs) for pairs in by_kind)
    small_masks, big_masks, by_loose = _TABLES[erqishi]

    def keep(hand: list[int]) -> Kept:
        counts = bytearray(hand)  # (the counts as bytes, for translate)
        small, big = divmod(int(counts.translate(_DIGIT), 3), _SUIT_PATTERNS)
        s = small_masks[small]
        b = big_masks[big]
        both = s & b
        shared = both >> _FREE_SHIFT & 1023
        chi = (s | b) >> _CHI_SHIFT | shared | shared << 10
        loose = both & _LOOSE
        answer = by_loose.get(loose, 0)
        if answer >= 0:  # two loose kinds, or three or more (0: no card)
            return (hand, answer, chi)
        if answer == _NONE:
            return (hand, -1, chi)
        for card, other in one[loose.bit_length() - 1]:
            if _FREE[counts[other]]:
                loose |= card
        return (hand, loose, chi)

    return keep


def completing_cards(hand: bytes | bytearray, erqishi: bool = True) -> int | None:
    """A mask of the kinds (bit k) that might complete ``hand`` (a count per kind, as bytes), or None for any kind.

    With 0 no card completes the hand, in any role, and neither does the hand as it stands; with a mask, only a card
    in it can, and only by joining the free cards. None: the test cannot tell.

    The loose kinds are two list look-ups (the hand's classes read as a base-3 number, see :func:`_suit_tables`) and
    the answer per mask of loose kinds one more.
    """
    return reach_function(erqishi)(hand)


def may_complete(hand: Sequence[int], card: int | None, erqishi: bool = True) -> bool:
    """False when ``card`` (None: no card, the hand as it stands) certainly does not complete ``hand``."""
    mask = reach_function(erqishi)(bytearray(hand))  # (the counts as bytes)
    return mask is None or (card is not None and bool(mask >> card & 1))
