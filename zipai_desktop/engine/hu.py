"""Win decomposition (胡牌拆分): the split of a hand with the highest 胡, and the waiting cards (听).

The concealed part of a winning hand splits into fixed groups (a 坎 or 龙 held from the deal cannot be broken) and
*free* cards, which form 吃-type groups (sequences, 二七十, 搭 / 绞) and at most one pair. The winning card may play
several roles (§8.3 of the Guilin rules); each role is tried and the best total kept.

The check decides the value first and builds :class:`Group` objects only when somebody reads a split's groups (a win
claimed or shown). The value of the free cards is a handful of look-ups in tables built at import (a few ms): the
small and the big suit are independent except for 搭 / 绞 (一一壹, 一壹壹), which join the two cards of one number;
so every way of taking 搭 out is tried (few: a number needs cards in both suits) and each suit is looked up in a
table of every count vector that splits into sequences and 二七十 (with or without one pair) and its best 胡.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import compress
from typing import Any

from .cards import NUM_KINDS, number
from .melds import QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, chi_bonus, chi_shape


class Source(StrEnum):
    """Where a winning card came from."""

    OWN_DRAW = "own_draw"  # the winner turned it (自摸)
    OTHER_DRAW = "other_draw"  # another player turned it (平胡)
    DISCARD = "discard"  # another player's discard (点炮)
    DEAL = "deal"  # a win from the dealt cards (天胡, 三龙五坎)


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a winning split: an exposed meld or a concealed group, with its 胡."""

    kind: str
    cards: tuple[int, ...]
    hu: int
    exposed: bool


class Split:
    """A complete winning split and its total 胡 (before any minimum is applied).

    Immutable. A split found by the win check builds its groups on first use (``build``): most checks only need the
    胡, and a win is claimed or shown far less often than it is checked.
    """

    __slots__ = ("hu", "quads", "_groups", "_build")

    hu: int
    quads: int
    _groups: tuple[Group, ...] | None
    _build: Callable[[], tuple[Group, ...]] | None

    def __init__(
        self,
        hu: int,
        groups: tuple[Group, ...] | None = None,
        quads: int = 0,
        *,
        build: Callable[[], tuple[Group, ...]] | None = None,
    ) -> None:
        if groups is None and build is None:
            raise ValueError("a split needs its groups or a way to build them")
        object.__setattr__(self, "hu", hu)
        object.__setattr__(self, "quads", quads)
        object.__setattr__(self, "_groups", groups)
        object.__setattr__(self, "_build", build)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Split is immutable (cannot set {name!r})")

    @property
    def groups(self) -> tuple[Group, ...]:
        groups: tuple[Group, ...] | None = self._groups
        if groups is None:
            assert self._build is not None
            groups = self._build()
            object.__setattr__(self, "_groups", groups)
            object.__setattr__(self, "_build", None)
        return groups

    def _key(self) -> tuple[int, tuple[Group, ...], int]:
        return (self.hu, self.groups, self.quads)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Split):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Split(hu={self.hu!r}, groups={self.groups!r}, quads={self.quads!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Split, (self.hu, self.groups, self.quads))


@dataclass(frozen=True, slots=True)
class WinTable:
    """What a game's rules say about groups: values and which meld a winning card makes in each role."""

    values: dict[str, tuple[int, int]]  # meld / group kind -> (small, big)
    triple_own: MeldKind  # pair + own draw: 扫 / 偎
    quad_own: MeldKind  # 坎 or 扫 + own draw: 扫穿 / 提
    triple_other: MeldKind  # pair + another's card: 碰
    quad_other: MeldKind  # 坎 / 扫 + another's card: 开舵 / 跑
    pair_always: bool  # Bohu: a pair always; Guilin: a pair exactly when a quad is held
    peng_upgrade_on_discard: bool  # may a discard join a 碰 to make a quad?
    triple_own_banned: MeldKind = MeldKind.GUO_SAO  # pair + own draw after a declined 碰: 过扫 / 臭偎
    erqishi: bool = True  # 二七十 / 贰柒拾 is a group (Bohu option)
    bonus_rank: int = 0  # Bohu option: triples and quads of this number are worth double (0 = off)
    win_cards: int = 21  # cards in a complete hand with no quad: Guilin 7 groups, Bohu 6 groups and the pair
    first_quad_free: bool = True  # Guilin: the first quad replaces the pair (21 + max(0, Q - 1)); Bohu: 20 + k
    # Values per kind (group kind -> 20 values) and complete counts, filled on first use; not part of the identity.
    _per_kind: dict[str, tuple[int, ...]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def complete_count(self, quads: int) -> int:
        """How many cards (hand, melds and the winning card) a complete hand with ``quads`` quads holds."""
        return self.win_cards + (max(0, quads - 1) if self.first_quad_free else quads)

    def complete_counts(self) -> tuple[int, ...]:
        """:meth:`complete_count` of 0..20 quads, as a tuple (the win check reads it at every card)."""
        out = self._per_kind.get("complete")
        if out is None:
            out = self._per_kind["complete"] = tuple(self.complete_count(q) for q in range(NUM_KINDS + 1))
        return out

    def value(self, kind: str, card: int) -> int:
        small, big = self.values[kind]
        value = big if card >= 10 else small
        if self.bonus_rank and number(card) == self.bonus_rank:
            value *= 2
        return value

    def values_of(self, kind: str) -> tuple[int, ...]:
        """The value of a ``kind`` group of each of the 20 card kinds."""
        out = self._per_kind.get(kind)
        if out is None:
            out = self._per_kind[kind] = tuple(self.value(kind, k) for k in range(NUM_KINDS))
        return out

    def meld_value(self, meld: Meld) -> int:
        if meld.kind is MeldKind.CHI:
            return chi_bonus(meld.cards)
        return self.values_of(meld.kind.value)[meld.cards[0]]


# ---------------------------------------------------------------------------------------------------------------------
# The value of the free cards: look-ups in per-suit tables.
#
# Free cards number at most 3 of a kind (2 held, a 3rd is a 坎; plus the winning card), so a kind is a base-4 digit: a
# hand's free cards are the 20 digits kind 0 (一) first, read by int(text, 4) from the hand's bytes mapped to "0".."3";
# the small suit is key >> 20, the big suit key & 0xFFFFF, each a 20-bit int (one machine word: fast to hash and add).
# Number j (0 = 一) of a suit is the digit at bit 2 x (9 - j).

_BIG = (1 << 20) - 1
_LOW_BITS = int("1" * 10, 4)  # the low bit of every digit of one suit
_FREE_DIGITS = bytes([48, 49, 50] + [48] * 253)  # bytes.translate: a count -> its digit; 3 or 4 is a 坎 / 龙, not free
_MAX_COUNT = 3


def _unit(kind: int) -> int:
    """The key of one card of ``kind``."""
    return 1 << (2 * (NUM_KINDS - 1 - kind))


def _suit_tables(erqishi: bool) -> tuple[dict[int, int], dict[int, int]]:
    """Every count vector of one suit (counts <= 3) that splits into sequences (and 二七十) -> its best 胡 in the small
    suit (a big suit's is twice that); the second table is the same with exactly one pair added."""
    groups = [((s, s + 1, s + 2), chi_bonus((s, s + 1, s + 2))) for s in range(8)]
    if erqishi:
        groups.append(((1, 6, 9), chi_bonus((1, 6, 9))))
    vectors: dict[tuple[int, ...], int] = {(0,) * 10: 0}
    for cards, value in groups:
        for start, base in list(vectors.items()):
            v = list(start)
            copies = 0
            while True:
                for c in cards:
                    v[c] += 1
                if max(v[c] for c in cards) > _MAX_COUNT:
                    break
                copies += 1
                t = tuple(v)
                if vectors.get(t, -1) < base + copies * value:
                    vectors[t] = base + copies * value
    plain: dict[int, int] = {}
    paired: dict[int, int] = {}
    for vector, val in vectors.items():
        plain[int("".join(map(str, vector)), 4)] = val
        for j in range(10):
            if vector[j] <= _MAX_COUNT - 2:
                pk = int("".join(str(c + 2 * (i == j)) for i, c in enumerate(vector)), 4)
                if paired.get(pk, -1) < val:
                    paired[pk] = val
    return plain, paired


def _da_options() -> list[tuple[int, ...]]:
    """Index 4 x small count + big count of a number -> the cards some 搭 / 绞 take from it (not none), as keys of
    number 十 (shifted left by 2 x (9 - j) they serve number j).

    x groups 一一壹 and y groups 一壹壹 take 2x + y small and x + 2y big cards; they are all worth 0.
    """
    out: list[tuple[int, ...]] = []
    for sc in range(_MAX_COUNT + 1):
        for bc in range(_MAX_COUNT + 1):
            taken = {
                (2 * x + y, x + 2 * y)
                for x in range(3)
                for y in range(3)
                if (x or y) and 2 * x + y <= sc and x + 2 * y <= bc
            }
            out.append(tuple((ds << 20) + db for ds, db in sorted(taken)))
    return out


_SUIT_TABLES = {True: _suit_tables(True), False: _suit_tables(False)}
# Every suit that splits, with or without a pair: the first filter of the ways to take 搭 out.
_SPLITS = {e: frozenset(plain.keys() | paired.keys()) for e, (plain, paired) in _SUIT_TABLES.items()}
_SMALL_OF = (20).__rrshift__  # key -> key >> 20
_BIG_OF = _BIG.__and__  # key -> key & 0xFFFFF
_DA = _da_options()


# Answers already given, by key and mode: the same free cards come back often (a seat's hand against each card
# offered; the strong bot's own hand in every world it samples). Bounded so that a long session's memory stays flat.
_VALUES: dict[int, int] = {}
_VALUES_LIMIT = 100_000
_PAIR_BIT = 1 << 40
_NO27_BIT = 1 << 41


def _free_value(key: int, need_pair: bool, erqishi: bool) -> int:
    """Max 胡 of the packed free cards split into 吃-type groups (and one pair if ``need_pair``), or -1 if none."""
    memo_key = key | (_PAIR_BIT if need_pair else 0) | (0 if erqishi else _NO27_BIT)
    value = _VALUES.get(memo_key)
    if value is None:
        value = _free_value_of(key, need_pair, erqishi)
        if len(_VALUES) >= _VALUES_LIMIT:
            _VALUES.clear()
        _VALUES[memo_key] = value
    return value


def _free_value_of(key: int, need_pair: bool, erqishi: bool) -> int:
    plain, paired = _SUIT_TABLES[erqishi]
    small = key >> 20
    big = key & _BIG
    # Numbers held in both suits are where a 搭 / 绞 may be taken.
    cross = (small | small >> 1) & (big | big >> 1) & _LOW_BITS
    if not cross:
        vs = plain.get(small)
        if vs is not None:
            vb = (paired if need_pair else plain).get(big)
        elif need_pair:
            vs = paired.get(small)
            vb = plain.get(big)
        else:
            return -1
        return -1 if vs is None or vb is None else vs + 2 * vb
    # Every way of taking 搭 out, each as one int to subtract from the key. The loops over the ways run in C (map and
    # compress over bound methods of ints and sets).
    takes = [0]
    while cross:
        low = cross & -cross
        shift = low.bit_length() - 1
        cross ^= low
        da = _DA[4 * ((small >> shift) & 3) + ((big >> shift) & 3)]
        if da:
            more = list(takes)
            for d in da:
                more += map((d << shift).__add__, takes)
            takes = more
    splits = _SPLITS[erqishi]
    rests = list(map(key.__sub__, takes))
    rests = list(compress(rests, map(splits.__contains__, map(_SMALL_OF, rests))))
    best = -1
    for rest in compress(rests, map(splits.__contains__, map(_BIG_OF, rests))):
        s = rest >> 20
        vs = plain.get(s)
        if vs is not None:
            vb = (paired if need_pair else plain).get(rest & _BIG)
        elif need_pair:
            vs = paired.get(s)
            vb = plain.get(rest & _BIG)
        else:
            continue
        if vs is not None and vb is not None and vs + 2 * vb > best:
            best = vs + 2 * vb
    return best


def pack(counts: Sequence[int]) -> int:
    """A count vector (counts <= 3) as the key the free-card tables read."""
    return int(bytes(counts).translate(_DIGITS), 4)


_DIGITS = bytes(range(48, 52)) + bytes(252)


def best_free(counts: Sequence[int], need_pair: bool, erqishi: bool = True) -> int:
    """Max 胡 of the free cards split into 吃-type groups (and one pair if ``need_pair``), or -1."""
    total = sum(counts)
    if total % 3 != (2 if need_pair else 0):
        return -1
    if max(counts) > _MAX_COUNT:  # never free cards of a hand; the search handles any count
        return _best(_pack3(counts) | (_PAIR if need_pair else 0) | (0 if erqishi else _NO27))
    return _free_value(pack(counts), need_pair, erqishi)


# ---------------------------------------------------------------------------------------------------------------------
# The groups of a best free split: a depth-first search on the lowest remaining kind, memoised on the count vector
# packed into an int (3 bits a kind). Only a split whose groups are read runs it; which of several equally good
# splits it returns is the one the engine has always shown.

_SHIFT = [3 * k for k in range(NUM_KINDS)]


def _free_groups(erqishi: bool) -> list[list[tuple[tuple[tuple[int, int], ...], int, int, tuple[int, int, int]]]]:
    """For each kind, the 吃-type groups in which it is the lowest kind: (checks, mask, value, cards)."""
    table: list[list[tuple[tuple[tuple[int, int], ...], int, int, tuple[int, int, int]]]] = []
    for low in range(NUM_KINDS):
        cands: list[tuple[int, int, int]] = []
        n = number(low)
        if n <= 8:
            cands.append((low, low + 1, low + 2))
        if n == 2 and erqishi:
            cands.append((low, low + 5, low + 8))
        if low < 10:
            cands.append((low, low, low + 10))
            cands.append((low, low + 10, low + 10))
        rows = []
        for cards in cands:
            assert chi_shape(cards) is not None
            need: dict[int, int] = {}
            for c in cards:
                need[c] = need.get(c, 0) + 1
            mask = sum(cnt << _SHIFT[k] for k, cnt in need.items())
            rows.append((tuple((_SHIFT[k], cnt) for k, cnt in need.items()), mask, chi_bonus(cards), cards))
        # Try the valuable groups first: it finds a good bound early in reconstruction.
        rows.sort(key=lambda r: -r[2])
        table.append(rows)
    return table


# Bits 62 and 63 of a memo key: no-二七十 mode and "a pair is still needed"; bits 0-59 the packed counts.
_PAIR = 1 << 63
_NO27 = 1 << 62
_CARDS = (1 << 60) - 1
_TABLES = {True: _free_groups(True), False: _free_groups(False)}
_memo: dict[int, int] = {}
_MEMO_LIMIT = 50_000  # only shown splits reach it: a small memo is plenty and keeps a long session's memory flat


def _pack3(counts: Sequence[int]) -> int:
    key = 0
    for k in range(NUM_KINDS):
        if counts[k]:
            key |= counts[k] << _SHIFT[k]
    return key


def _best(key: int) -> int:
    """Max 胡 of splitting the packed free cards into 吃-type groups plus a pair if bit 63 asks for one; -1 if none."""
    hit = _memo.get(key)
    if hit is not None:
        return hit
    cards = key & _CARDS
    need_pair = bool(key & _PAIR)
    groups_from = _TABLES[not key & _NO27]
    if cards == 0:
        result = -1 if need_pair else 0
    else:
        low = ((cards & -cards).bit_length() - 1) // 3
        shift = _SHIFT[low]
        count = (cards >> shift) & 7
        result = -1
        if need_pair and count >= 2:
            result = _best((key & ~_PAIR) - (2 << shift))
        for checks, mask, value, _ in groups_from[low]:
            for sh, cnt in checks:
                if (cards >> sh) & 7 < cnt:
                    break
            else:
                sub = _best(key - mask)
                if sub >= 0 and sub + value > result:
                    result = sub + value
    if len(_memo) > _MEMO_LIMIT:
        _memo.clear()
    _memo[key] = result
    return result


def split_free(counts: Sequence[int], need_pair: bool, erqishi: bool = True) -> list[Group] | None:
    """The groups of a best free split (their 胡 is :func:`best_free`), or None when the cards do not split."""
    if sum(counts) % 3 != (2 if need_pair else 0):
        return None
    key = _pack3(counts) | (_PAIR if need_pair else 0) | (0 if erqishi else _NO27)
    target = _best(key)
    if target < 0:
        return None
    groups_from = _TABLES[erqishi]
    groups: list[Group] = []
    while key & _CARDS:
        cards = key & _CARDS
        low = ((cards & -cards).bit_length() - 1) // 3
        shift = _SHIFT[low]
        if key & _PAIR and (cards >> shift) & 7 >= 2 and _best((key & ~_PAIR) - (2 << shift)) == target:
            groups.append(Group("pair", (low, low), 0, False))
            key = (key & ~_PAIR) - (2 << shift)
            continue
        for checks, mask, value, group_cards in groups_from[low]:
            if all((cards >> sh) & 7 >= cnt for sh, cnt in checks) and _best(key - mask) == target - value:
                shape = chi_shape(group_cards)
                groups.append(Group("da" if shape == "da" else "seq", group_cards, value, False))
                key -= mask
                target -= value
                break
        else:  # pragma: no cover - the memo says a split exists
            raise AssertionError("split reconstruction failed")
    return groups


# ---------------------------------------------------------------------------------------------------------------------
# Whole-hand evaluation with every role of the winning card.


def _locked(hand: Sequence[int], table: WinTable) -> tuple[list[Group], int]:
    """The 坎 (3) and 龙 (4) held in the hand: fixed groups, and their 胡."""
    groups: list[Group] = []
    total = 0
    kan, long_ = table.values_of("kan"), table.values_of("long")
    for k in range(NUM_KINDS):
        c = hand[k]
        if c == 4:
            groups.append(Group("long", (k,) * 4, long_[k], False))
            total += long_[k]
        elif c == 3:
            groups.append(Group("kan", (k,) * 3, kan[k], False))
            total += kan[k]
    return groups, total


def evaluate_win(
    hand: Sequence[int],
    melds: Sequence[Meld],
    card: int | None,
    source: Source,
    table: WinTable,
) -> Split | None:
    """The split with the highest 胡 of a hand plus winning card, or None when no role of the card completes the hand.

    ``hand`` is the concealed count vector *before* the winning card; ``melds`` are the winner's table melds. With
    ``card`` None the hand is judged as it stands (a win from the deal, or after a forced meld already made).
    """
    best: Split | None = None
    for split in evaluate_roles(hand, melds, card, source, table):
        if best is None or split.hu > best.hu:
            best = split
    return best


# What a check needs from the hand and from the melds, computed once per distinct hand / meld list: a seat's hand and
# melds stay the same through many checks (every card offered between two of its own moves).
_HAND_INFO: dict[bytes, tuple[int, int, int, int]] = {}
_MELD_INFO: dict[tuple[int, ...], tuple[tuple[Meld, ...], int, int, dict[int, tuple[int, int]]]] = {}
_INFO_LIMIT = 20_000


def _hand_info(raw: bytes) -> tuple[int, int, int, int]:
    """(free-card key, free cards, cards, 龙) of a hand given as bytes; a count of 3 or 4 is locked, not free."""
    info = _HAND_INFO.get(raw)
    if info is None:
        free = raw.translate(_FREE_DIGITS)
        info = (int(free, 4), sum(free) - 48 * NUM_KINDS, sum(raw), raw.count(4))
        if len(_HAND_INFO) >= _INFO_LIMIT:
            _HAND_INFO.clear()
        _HAND_INFO[raw] = info
    return info


def _meld_info(melds: Sequence[Meld]) -> tuple[tuple[Meld, ...], int, int, dict[int, tuple[int, int]]]:
    """(melds, cards, quads, card -> (index of its 扫 / 偎, index of its 碰)) of a seat's melds.

    Keyed on the melds' identities (melds are immutable); the entry holds the melds, so no identity is reused while
    it is cached.
    """
    key = tuple(map(id, melds))
    info = _MELD_INFO.get(key)
    if info is None:
        by_card: dict[int, tuple[int, int]] = {}
        cards = quads = 0
        for i, m in enumerate(melds):
            cards += len(m.cards)
            if m.kind in QUAD_KINDS:
                quads += 1
            if m.kind in SAO_KINDS or m.kind in WEI_KINDS:
                by_card[m.cards[0]] = (i, by_card.get(m.cards[0], (-1, -1))[1])
            elif m.kind is MeldKind.PENG:
                by_card[m.cards[0]] = (by_card.get(m.cards[0], (-1, -1))[0], i)
        info = (tuple(melds), cards, quads, by_card)
        if len(_MELD_INFO) >= _INFO_LIMIT:
            _MELD_INFO.clear()
        _MELD_INFO[key] = info
    return info


_NO_MELD = (-1, -1)


def triple_and_peng(melds: Sequence[Meld], card: int) -> tuple[int, int]:
    """(index of the 扫 / 偎 of ``card`` among ``melds``, index of its 碰), -1 where there is none (cached)."""
    info = _MELD_INFO.get(tuple(map(id, melds))) or _meld_info(melds)
    return info[3].get(card, _NO_MELD)


def evaluate_roles(
    hand: Sequence[int],
    melds: Sequence[Meld],
    card: int | None,
    source: Source,
    table: WinTable,
) -> list[Split]:
    """For every role of the winning card that completes the hand, its split with the highest 胡.

    A game whose score depends on more than 胡 (Bohu's 飘胡 depends on whether the card makes a 碰-type triple) picks
    among these by its own score. The splits build their groups when first read.
    """
    # First the roles as (tag, packed free cards, free count, quads), cheaply: no Group until a role completes.
    raw = bytes(hand)
    key0, free_n, hand_n, base_q = _HAND_INFO.get(raw) or _hand_info(raw)
    if melds:
        meld_n, meld_q, by_card = (_MELD_INFO.get(tuple(map(id, melds))) or _meld_info(melds))[1:]
        base_q += meld_q
        sao_idx, peng_idx = by_card.get(card, _NO_MELD) if card is not None else _NO_MELD
    else:
        meld_n = 0
        sao_idx = peng_idx = -1
    complete = table._per_kind.get("complete") or table.complete_counts()
    if card is None:
        # The hand as it stands: one role.
        if hand_n + meld_n != complete[base_q]:
            return []
        specs = [("base", key0, free_n, base_q)]
    else:
        total_cards = hand_n + meld_n + 1
        if total_cards != complete[base_q] and total_cards != complete[base_q + 1]:
            return []  # no role can hold the right number of cards (e.g. Bohu after an initial 提)
        c = card
        held = raw[c]
        one = _unit(c)
        if source is Source.OWN_DRAW and held == 3:
            specs = [("own_quad_kan", key0, free_n, base_q + 1)]  # forced 扫穿 / 提: the card's only role
        elif source is Source.OWN_DRAW and sao_idx >= 0:
            specs = [("own_quad_sao", key0, free_n, base_q + 1)]
        elif source is Source.OWN_DRAW and held == 2:
            specs = [("own_triple", key0 - 2 * one, free_n - 2, base_q)]  # forced 扫 / 偎
        else:
            specs = [("card_free", key0 + one, free_n + 1, base_q)]
            if source is not Source.OWN_DRAW:
                if held == 2:
                    specs.append(("other_triple", key0 - 2 * one, free_n - 2, base_q))
                elif held == 3:
                    specs.append(("other_quad_kan", key0, free_n, base_q + 1))
                if sao_idx >= 0:
                    specs.append(("other_quad_sao", key0, free_n, base_q + 1))
            if peng_idx >= 0 and (source is not Source.DISCARD or table.peng_upgrade_on_discard):
                specs.append(("peng_quad", key0, free_n, base_q + 1))

    out: list[Split] = []
    erqishi = table.erqishi
    for tag, key, n_free, quads in specs:
        if hand_n + meld_n + (card is not None) != complete[quads]:
            continue  # a player short of the held-count rule cannot be complete (e.g. Bohu after initial 提)
        need_pair = table.pair_always or quads >= 1
        if n_free % 3 != (2 if need_pair else 0):
            continue
        value = _free_value(key, need_pair, erqishi)
        if value < 0:
            continue
        role = _Role(tag, tuple(hand), tuple(melds), card, sao_idx, peng_idx, table, key, need_pair)
        out.append(Split(value + role.fixed_hu(), quads=quads, build=role.groups))
    return out


@dataclass(frozen=True, slots=True)
class _Role:
    """A completing role of the winning card, with what it takes to list its groups later."""

    tag: str
    hand: tuple[int, ...]
    melds: tuple[Meld, ...]
    card: int | None
    sao_idx: int
    peng_idx: int
    table: WinTable
    free_key: int
    need_pair: bool

    def fixed_hu(self) -> int:
        """The 胡 of the fixed groups (table melds, 坎 / 龙, the card's own group), without building them."""
        table, c = self.table, self.card
        total = sum(table.meld_value(m) for m in self.melds)
        kan, long_ = table.values_of("kan"), table.values_of("long")
        for k, n in enumerate(self.hand):
            if n == 4:
                total += long_[k]
            elif n == 3 and k != c:
                total += kan[k]
        if c is None:
            return total
        tag = self.tag
        kan_c = kan[c] if self.hand[c] == 3 else 0
        if tag == "own_quad_kan":
            return total + table.values_of(table.quad_own.value)[c]
        if tag == "other_quad_kan":
            return total + table.values_of(table.quad_other.value)[c]
        total += kan_c  # every other role keeps a 坎 of the card's kind
        if tag == "own_quad_sao":
            return total - table.meld_value(self.melds[self.sao_idx]) + table.values_of(table.quad_own.value)[c]
        if tag == "own_triple":
            return total + table.values_of(table.triple_own.value)[c]
        if tag == "other_triple":
            return total + table.values_of(table.triple_other.value)[c]
        if tag == "other_quad_sao":
            return total - table.meld_value(self.melds[self.sao_idx]) + table.values_of(table.quad_other.value)[c]
        if tag == "peng_quad":
            return total - table.meld_value(self.melds[self.peng_idx]) + table.values_of(table.quad_other.value)[c]
        return total  # card_free: the card joins the free cards

    def groups(self) -> tuple[Group, ...]:
        free = [(self.free_key >> (2 * (NUM_KINDS - 1 - k))) & 3 for k in range(NUM_KINDS)]
        free_groups = split_free(free, self.need_pair, self.table.erqishi)
        assert free_groups is not None, "the tables say these cards split"
        return tuple(self._fixed_groups() + free_groups)

    def _fixed_groups(self) -> list[Group]:
        """The fixed groups of the role: the table melds (one possibly upgraded), the 坎 / 龙, the card's own group."""
        tag, hand, table, c = self.tag, self.hand, self.table, self.card
        exposed = [Group(m.kind.value, m.cards, table.meld_value(m), True) for m in self.melds]
        locked, _ = _locked(hand, table)
        if c is None:
            return exposed + locked

        def quad(kind: MeldKind, exposed_: bool) -> Group:
            return Group(kind.value, (c,) * 4, table.value(kind.value, c), exposed_)

        without_kan = [g for g in locked if g.cards[0] != c]
        if tag == "own_quad_kan":
            return exposed + [quad(table.quad_own, True)] + without_kan
        if tag == "own_quad_sao":
            exposed[self.sao_idx] = quad(table.quad_own, True)
            return exposed + locked
        if tag == "own_triple":
            triple = Group(table.triple_own.value, (c,) * 3, table.value(table.triple_own.value, c), True)
            return exposed + [triple] + locked
        if tag == "other_triple":
            triple = Group(table.triple_other.value, (c,) * 3, table.value(table.triple_other.value, c), False)
            return exposed + locked + [triple]
        if tag == "other_quad_kan":
            return exposed + without_kan + [quad(table.quad_other, False)]
        if tag == "other_quad_sao":
            exposed[self.sao_idx] = quad(table.quad_other, True)
            return exposed + locked
        if tag == "peng_quad":
            exposed[self.peng_idx] = quad(table.quad_other, True)
            return exposed + locked
        return exposed + locked  # card_free: the card joins the free cards
