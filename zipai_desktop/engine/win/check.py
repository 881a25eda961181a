"""Win decomposition (胡牌拆分): the split of a hand with the highest 胡, and the waiting cards (听).

The concealed part of a winning hand splits into fixed groups (a 坎 or 龙 held from the deal cannot be broken) and
*free* cards, which form 吃-type groups (sequences, 二七十, 搭 / 绞) and at most one pair. The winning card may play
several roles (§8.3 of the Guilin rules); each role is tried and the best total kept.

The check decides the value first and builds :class:`Group` objects only when somebody reads a split's groups (a win
claimed or shown). The value of the free cards is ten steps through the tables of an automaton that reads the hand
number by number (engine/win/automaton.py); the groups of a split are found by a memoised search, which also answers
for free cards the tables do not hold (more than any hand has).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from itertools import compress
from typing import Any

from ..cards import NUM_KINDS, number
from ..melds import QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, chi_bonus, chi_shape
from . import groups as free_split_groups
from .automaton import _ROWS, _SYMBOL, CAP, _pair_value, free_value


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

    Immutable. A split found by the win check builds its groups on first read: most checks only need the 胡, and a
    win is claimed or shown far less often than it is checked. Such a split keeps its *role* (what
    :func:`evaluate_roles` knew of the hand: see ``_RoleArgs``), or for a concealed hand judged as it stands the held
    counts it was found from, from which the role is made on first read.
    """

    __slots__ = ("hu", "quads", "_groups", "_kept")

    hu: int
    quads: int
    _groups: tuple[Group, ...] | None  # None in a split found by the win check until they are first read
    _kept: tuple[Any, ...] | None  # a role (_RoleArgs), or a concealed hand's counts (_dealt_role makes the role)

    def __init__(self, hu: int, groups: tuple[Group, ...], quads: int = 0) -> None:
        object.__setattr__(self, "hu", hu)
        object.__setattr__(self, "quads", quads)
        object.__setattr__(self, "_groups", groups)
        object.__setattr__(self, "_kept", None)

    @classmethod
    def found(cls, hu: int, quads: int, kept: tuple[Any, ...]) -> Split:
        """A split found by the win check, whose groups are made from ``kept`` when first read."""
        split = object.__new__(cls)
        object.__setattr__(split, "hu", hu)
        object.__setattr__(split, "quads", quads)
        object.__setattr__(split, "_groups", None)
        object.__setattr__(split, "_kept", kept)
        return split

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Split is immutable (cannot set {name!r})")

    @property
    def _role(self) -> _RoleArgs | None:
        """What it takes to list the groups of a split found by the win check (None for a split made with them)."""
        kept = self._kept
        if kept is None or len(kept) == _ROLE_SIZE:
            return kept
        role = _dealt_role(kept)
        object.__setattr__(self, "_kept", role)
        return role

    @property
    def groups(self) -> tuple[Group, ...]:
        groups = self._groups
        if groups is None:  # a split found by the win check: its groups are built now, once
            role = self._role
            assert role is not None
            groups = free_split_groups.role_groups(*role)  # what _role_groups gives, from shared groups
            object.__setattr__(self, "_groups", groups)
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


# A number's code (WinTable._codes): one int per number and held counts of its two kinds, whose sum over a hand's ten
# numbers holds its cards (bits 0-7), its 龙 (bits 8-15) and the 胡 of its 坎 / 龙 (from bit 16); no field's sum
# carries into the next (80 cards, 20 龙 at most). The fields are packed tight, so a hand's sum stays a small int.
_LONGS_AT = 8
_FIXED_AT = 16


def _count_codes(table: WinTable) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per number n (0 = 一), per held small count and big count (0..4), the code of that number (see above).

    Made at every new table (the score command meets new Bohu tables, by options and doubled rank, as it reads):
    each kind's five codes (held 0..4) are made once and a number's 25 are their sums, as no field carries. Tables
    with the same 坎 / 龙 values share the codes. tests/engine/win/test_check_codes.py holds these to the plain
    per-entry computation.
    """
    kan, long_ = table.values_of("kan"), table.values_of("long")
    known = _CODES.get((kan, long_))
    if known is None:
        one = 1 << _LONGS_AT
        per_kind = [(0, 1, 2, 3 | kan[k] << _FIXED_AT, 4 | one | long_[k] << _FIXED_AT) for k in range(NUM_KINDS)]
        known = tuple(tuple(tuple(s + b for b in per_kind[n + 10]) for s in per_kind[n]) for n in range(10))
        if len(_CODES) >= 64:
            _CODES.clear()
        _CODES[(kan, long_)] = known
    return known


# The codes by the (坎 values, 龙 values) they were made from: bounded (a table per option set, a few dozen at most).
_CODES: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[tuple[int, ...], ...], ...]] = {}


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
    # The win check's caches of meld lists (their identities -> the melds and their 胡) and of the 胡 of the 坎 / 龙
    # held (by the hand's 3s and 4s, see _fixed_hu) under this table's values; bounded, not part of the identity.
    _fixed: dict[bytes, int] = field(default_factory=dict, init=False, compare=False, repr=False)
    _melds: dict[tuple[int, ...], tuple[tuple[Meld, ...], int]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    # complete_count of 0..20 quads: the win check reads it at every card.
    _complete: tuple[int, ...] = field(init=False, compare=False, repr=False)
    # Per number (一..十), per held count of its small and of its big kind (0..4): what a hand's check adds up of that
    # number (see _count_codes); the check of a hand as it stands reads the ten numbers and nothing else.
    _codes: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_complete", tuple(self.complete_count(q) for q in range(NUM_KINDS + 1)))
        object.__setattr__(self, "_codes", _count_codes(self))

    def __copy__(self) -> WinTable:
        return self  # immutable: a copy (of a Game, say) shares the table and its caches

    def __deepcopy__(self, memo: dict[int, Any]) -> WinTable:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled without the caches (they are rebuilt on use).
        return (WinTable, tuple(getattr(self, f.name) for f in fields(self) if f.init))

    def complete_count(self, quads: int) -> int:
        """How many cards (hand, melds and the winning card) a complete hand with ``quads`` quads holds."""
        return self.win_cards + (max(0, quads - 1) if self.first_quad_free else quads)

    def complete_counts(self) -> tuple[int, ...]:
        """:meth:`complete_count` of 0..20 quads, as a tuple."""
        return self._complete

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
        if meld.kind is _CHI:
            return chi_bonus(meld.cards)
        # A MeldKind is a str equal to its value: it keys the values as it is, without reading .value.
        return self.values_of(meld.kind)[meld.cards[0]]


# ---------------------------------------------------------------------------------------------------------------------
# The value of the free cards: the automaton of engine.win.automaton, fed ten symbols (十 first, 4 x small + big count).

_MAX_COUNT = 3
_FREE_COUNTS = bytes([0, 1, 2] + [0] * 253)  # bytes.translate: a held count -> its free count (3 / 4 are 坎 / 龙)
_HELD_COUNTS = bytes([0, 1, 2, 3, 4] + [0] * 251)  # a held count as it counts among the hand's cards
_IS3 = bytes(c == 3 for c in range(256))
_LOCKED = bytes(c if c in (3, 4) else 0 for c in range(256))  # a held count of a 坎 / 龙 as it is, any other 0
_IS4 = bytes(c == 4 for c in range(256))


_LOW10 = (1 << 80) - 1  # the ten low bytes of an int: the small suit of a hand read little-endian
# Per card kind, one card of it among the free cards' symbols read as one int (big-endian, 十 first: see _symbols).
_UNIT_AT = tuple((4 if k < 10 else 1) << 8 * (k % 10) for k in range(NUM_KINDS))


def _symbols(free: bytes) -> bytes:
    """The automaton's ten symbols of 20 free counts (each 0..3): 4 x small + big, 十 first.

    The counts are read as one little-endian int, so 十 and 拾 are the top bytes of their halves; no byte of the sum
    exceeds 15, so nothing carries from one number into the next.
    """
    w = int.from_bytes(free, "little")
    return (((w & _LOW10) << 2) + (w >> 80)).to_bytes(10, "big")


def _counts_of(symbols: bytes | bytearray) -> list[int]:
    """The 20 free counts back from the ten symbols."""
    counts = [0] * NUM_KINDS
    for i, sym in enumerate(symbols):
        counts[9 - i] = sym >> 2
        counts[19 - i] = sym & 3
    return counts


def pack(counts: Sequence[int]) -> int:
    """A count vector (counts <= 3) as the automaton's ten symbols, read as one int (a compact key for caches)."""
    return int.from_bytes(_symbols(bytes(counts)), "big")


def best_free(counts: Sequence[int], need_pair: bool, erqishi: bool = True) -> int:
    """Max 胡 of the free cards split into 吃-type groups (and one pair if ``need_pair``), or -1."""
    total = sum(counts)
    if total % 3 != (2 if need_pair else 0):
        return -1
    if max(counts) > _MAX_COUNT:  # never free cards of a hand; the search handles any count
        return _best(_pack3(counts) | (_PAIR if need_pair else 0) | (0 if erqishi else _NO27))
    if total > CAP:
        return _best(_pack3(counts) | (_PAIR if need_pair else 0) | (0 if erqishi else _NO27))
    return free_value(_symbols(bytes(counts)), need_pair, erqishi)


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
    known: MeldsKnown | None = None,
) -> Split | None:
    """The split with the highest 胡 of a hand plus winning card, or None when no role of the card completes the hand.

    ``hand`` is the concealed count vector *before* the winning card (counts 0..4: the deck holds four of a kind;
    callers check input before it gets here); ``melds`` are the winner's table melds. With
    ``card`` None the hand is judged as it stands (a win from the deal, or after a forced meld already made).
    ``known``: what :func:`evaluate_roles` would work out from the melds, if the caller has it.
    """
    if card is None and not melds:
        # A concealed hand as it stands (a win from the deal): the benchmarks' case and the first check of every deal,
        # written here rather than called. The counts are unpacked once; each number's code (_count_codes) gives the
        # cards, 龙 and 胡 of 坎 / 龙 that its counts add, and its symbol (_SYMBOL) the automaton's step: a look-up
        # per number instead of a pass over the counts for each (bytes(hand), its free counts, their symbols,
        # count(3), count(4)). The split keeps the counts as they are and makes its role (the hand's bytes, the free
        # cards' symbols) when it is first read (_dealt_role).
        k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = hand
        need_pair = table.pair_always or 4 in hand  # with a quad (a 龙 held) a pair is needed
        erqishi = table.erqishi
        x, dead, _ = _ROWS[erqishi]
        sy = _SYMBOL
        # The free cards first: most hands do not split, and are refused before anything else is read.
        if need_pair:
            value = _pair_value(
                x, dead, sy[k9][b9], sy[k8][b8], sy[k7][b7], sy[k6][b6], sy[k5][b5],
                sy[k4][b4], sy[k3][b3], sy[k2][b2], sy[k1][b1], sy[k0][b0],
            )  # fmt: skip
        else:
            value = x[sy[k9][b9]][sy[k8][b8]][sy[k7][b7]][sy[k6][b6]][sy[k5][b5]][sy[k4][b4]][sy[k3][b3]][sy[k2][b2]][
                sy[k1][b1]
            ][sy[k0][b0]][16]
        if value == -1:
            return None
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = table._codes
        code = (
            c0[k0][b0] + c1[k1][b1] + c2[k2][b2] + c3[k3][b3] + c4[k4][b4]
            + c5[k5][b5] + c6[k6][b6] + c7[k7][b7] + c8[k8][b8] + c9[k9][b9]
        )  # fmt: skip
        longs = (code >> _LONGS_AT) & 255
        if code & 255 != table._complete[longs]:
            return None
        if value < 0:  # more free cards than the tables hold (no hand has that many): the search
            value = _searched(_symbols(bytes(hand).translate(_FREE_COUNTS)), need_pair, erqishi)
            if value < 0:
                return None
        # (the counts as they are now: the caller's list may change)
        return Split.found(value + (code >> _FIXED_AT), longs, (*hand, table, need_pair, value))
    splits = evaluate_roles(hand, melds, card, source, table, known)
    if not splits:
        return None
    best = splits[0]
    for split in splits[1:]:
        if split.hu > best.hu:
            best = split
    return best


_NO_MELD = (-1, -1)
# Enum members as module constants, read without a look-up through the enum class: evaluate_roles tests the source
# up to five times a call (a hot path: kept flat on purpose).
_OWN_DRAW, _DISCARD = Source.OWN_DRAW, Source.DISCARD
_CHI, _PENG = MeldKind.CHI, MeldKind.PENG


# What a check needs from the hand and from the melds, computed once per distinct hand / meld list: a seat's hand and
# melds stay the same through many checks (every card offered between two of its own moves).
_MELD_INFO: dict[tuple[int, ...], tuple[tuple[Meld, ...], int, int, dict[int, tuple[int, int]]]] = {}
# A hand checks a few new hands and meld lists per seat and reuses them within the hand; across hands they rarely
# recur, so a small bound loses no hits and keeps the memory of a long `zipai sim` flat.
_INFO_LIMIT = 2_048


def _fixed_hu(raw: bytes, table: WinTable) -> int:
    """The 胡 of the 坎 (3 held) and 龙 (4 held) of a hand given as bytes, kept on the table by the hand's 3s and 4s.

    Asked only for a role that completes the hand. Few patterns of 坎 / 龙 recur (the score command's lines hold few
    distinct ones), so the 胡 is kept by the pattern (the hand's bytes with every count but 3 and 4 zeroed) instead of
    worked out from the 3s and 4s each time.
    """
    pattern = raw.translate(_LOCKED)
    kept = table._fixed
    fixed = kept.get(pattern)
    if fixed is None:
        fixed = sum(compress(table.values_of("kan"), pattern.translate(_IS3))) + sum(
            compress(table.values_of("long"), pattern.translate(_IS4))
        )
        if len(kept) >= _INFO_LIMIT:
            kept.clear()
        kept[pattern] = fixed
    return fixed


def meld_facts(melds: Sequence[Meld]) -> tuple[int, int, dict[int, tuple[int, int]]]:
    """(cards, quads, card -> (index of its 扫 / 偎, index of its 碰), -1 where none) of a seat's table melds."""
    by_card: dict[int, tuple[int, int]] = {}
    cards = quads = 0
    for i, m in enumerate(melds):
        cards += len(m.cards)
        if m.kind in QUAD_KINDS:
            quads += 1
        if m.kind in SAO_KINDS or m.kind in WEI_KINDS:
            by_card[m.cards[0]] = (i, by_card.get(m.cards[0], _NO_MELD)[1])
        elif m.kind is _PENG:
            by_card[m.cards[0]] = (by_card.get(m.cards[0], _NO_MELD)[0], i)
    return cards, quads, by_card


def _meld_info(melds: Sequence[Meld]) -> tuple[tuple[Meld, ...], int, int, dict[int, tuple[int, int]]]:
    """(melds, :func:`meld_facts`) of a seat's melds, kept.

    Keyed on the melds' identities (melds are immutable); the entry holds the melds, so no identity is reused while
    it is cached.
    """
    key = tuple(map(id, melds))
    info = _MELD_INFO.get(key)
    if info is None:
        info = (tuple(melds), *meld_facts(melds))
        if len(_MELD_INFO) >= _INFO_LIMIT:
            _MELD_INFO.clear()
        _MELD_INFO[key] = info
    return info


def _meld_hu(key: tuple[int, ...], melds: tuple[Meld, ...], table: WinTable) -> int:
    """The 胡 of a seat's table melds under ``table`` (cached on the table with the melds, like :func:`_meld_info`)."""
    # A new list is mostly melds met before (the same objects: a seat's melds stay as it adds one; the score command
    # hands out one object per meld it has read), so each meld's 胡 is kept too, by the meld's identity.
    known = _MELD_VALUES.get(id(table))
    if known is None or known[0] is not table:
        if len(_MELD_VALUES) >= 64:
            _MELD_VALUES.clear()
        known = _MELD_VALUES[id(table)] = (table, {})
    values = known[1]
    total = 0
    for m in melds:
        seen = values.get(id(m))
        if seen is None or seen[0] is not m:
            if len(values) >= _INFO_LIMIT:
                values.clear()
            seen = values[id(m)] = (m, table.meld_value(m))
        total += seen[1]
    cache = table._melds
    if len(cache) >= _INFO_LIMIT:
        cache.clear()
    cache[key] = (melds, total)
    return total


# Per win table (by identity; the entry holds the table): each meld's 胡 by the meld's identity (the entry holds the
# meld, so no id is reused while it is kept). Bounded: few tables, and _INFO_LIMIT melds each.
_MELD_VALUES: dict[int, tuple[WinTable, dict[int, tuple[Meld, int]]]] = {}


# What a check reads of a seat's table melds and the winning card, for callers that know it already (the score
# command reads each meld of a line from its own kept facts): (cards in the melds, quads among them, their 胡 under the
# table, the index of the last 扫 / 偎 of the card or -1, the index of the last 碰 of the card or -1); as
# :func:`meld_facts` and :func:`_meld_hu` give them. tests/tools/test_score_meld_facts.py holds them to those.
MeldsKnown = tuple[int, int, int, int, int]

# (tag, hand, melds, card, index of its 扫 / 偎, index of its 碰, table, free-card symbols, a pair needed)
_RoleArgs = tuple[str, bytes, tuple[Meld, ...], int | None, int, int, "WinTable", bytes, bool, int]
_ROLE_SIZE = 10


def _lazy_split(hu: int, quads: int, role: _RoleArgs) -> Split:
    """A :class:`Split` whose groups are built from ``role`` on first read (this runs at every win)."""
    return Split.found(hu, quads, role)


def _dealt_role(kept: tuple[Any, ...]) -> _RoleArgs:
    """The role of a concealed hand judged as it stands (:func:`evaluate_win` with no card and no melds), from what
    its split keeps: the 20 held counts, the table, whether a pair was needed and the free cards' 胡. Equal to the
    role :func:`evaluate_roles` finds for the same hand
    (tests/engine/win/test_check.py::test_a_hand_as_it_stands_is_split_as_evaluate_roles_splits_it)."""
    raw = bytes(kept[:20])
    free = int.from_bytes(raw.translate(_FREE_COUNTS), "little")
    symbols = (((free & _LOW10) << 2) + (free >> 80)).to_bytes(10, "big")  # as in _symbols
    return ("base", raw, (), None, -1, -1, kept[20], symbols, kept[21], kept[22])


def evaluate_roles(
    hand: Sequence[int],
    melds: Sequence[Meld],
    card: int | None,
    source: Source,
    table: WinTable,
    known: MeldsKnown | None = None,
    facts: tuple[int, int, dict[int, tuple[int, int]]] | None = None,
) -> list[Split]:
    """For every role of the winning card that completes the hand, its split with the highest 胡.

    A game whose score depends on more than 胡 (Bohu's 飘胡 depends on whether the card makes a 碰-type triple) picks
    among these by its own score. The splits build their groups when first read. ``known`` (the melds' facts, see
    :data:`MeldsKnown`; only with melds and a card) spares working them out (the score command keeps each meld's
    facts as it reads them). ``facts``: what :func:`meld_facts` gives for ``melds``, if the caller keeps it (the game
    does, per seat, as melds are made): it spares the look-up by the melds' identities, or the work on a new list.
    """
    # The value first: the counts and the free cards' walk decide most checks (most of the game's fail), and the 胡 of
    # the 坎 / 龙 and of the melds is read only for a role that completes the hand. The hand's figures come from two
    # translates of its bytes, each summed by casting out 255s (a count is at most 4, 80 cards in all: no carry),
    # rather than kept per hand: new hands are most of the checks.
    raw = bytes(hand)
    free = int.from_bytes(raw.translate(_FREE_COUNTS), "little")
    free_n = free % 255  # the free cards (a count of 3 / 4 is a 坎 / 龙, fixed)
    hand_n = int.from_bytes(raw.translate(_HELD_COUNTS), "little") % 255  # the cards (free, 坎 and 龙)
    longs = raw.count(4) if 4 in raw else 0
    sao_idx = peng_idx = -1
    meld_hu: int | None
    if known is not None:
        meld_n, meld_q, meld_hu, sao_idx, peng_idx = known
    elif melds:
        if facts is None:
            _, meld_n, meld_q, by_card = _MELD_INFO.get(tuple(map(id, melds))) or _meld_info(melds)
        else:
            meld_n, meld_q, by_card = facts
        meld_hu = None  # read when a role completes the hand
        if card is not None and card in by_card:
            sao_idx, peng_idx = by_card[card]
    else:
        meld_n = meld_q = meld_hu = 0
    quads = longs + meld_q
    complete = table._complete
    if card is None:
        # The hand as it stands: one role.
        if hand_n + meld_n != complete[quads]:
            return []
        need_pair = table.pair_always or quads >= 1
        if free_n % 3 != (2 if need_pair else 0):
            return []
        symbols = (((free & _LOW10) << 2) + (free >> 80)).to_bytes(10, "big")  # as in _symbols
        erqishi = table.erqishi
        value = free_value(symbols, need_pair, erqishi) if free_n <= CAP else _searched(symbols, need_pair, erqishi)
        if value < 0:
            return []
        if meld_hu is None:
            meld_hu = _melds_hu(melds, table)
        role: _RoleArgs = ("base", raw, tuple(melds), None, -1, -1, table, symbols, need_pair, value)
        return [_lazy_split(value + (_fixed_hu(raw, table) if longs or 3 in raw else 0) + meld_hu, quads, role)]

    total_cards = hand_n + meld_n + 1
    same = total_cards == complete[quads]  # roles that make no quad
    more = total_cards == complete[quads + 1]  # roles that make one
    if not same and not more:
        return []  # no role can hold the right number of cards (e.g. Bohu after an initial 提)
    c = card
    held = raw[c]
    at = _UNIT_AT[c]  # the card's place among the free cards' symbols read as one int (see _symbols)
    out: list[Split] = []
    if source is not _OWN_DRAW or (held != 2 and held != 3 and sao_idx < 0):
        if same:
            # The card joins the free cards: the usual role, and in most checks the only one, tried here without
            # the list of roles below (written out: it is most of the checks the game makes).
            need_pair = table.pair_always or quads >= 1
            if (free_n + 1) % 3 == (2 if need_pair else 0):
                sym = ((free & _LOW10) << 2) + (free >> 80) + at
                symbols = sym.to_bytes(10, "big")
                if free_n >= CAP:
                    value = _searched(symbols, need_pair, table.erqishi)
                elif need_pair and known is not None:
                    # The pair's tries walk the rows up to ten times: for the score command (the caller that knows
                    # the melds' facts) their value is kept by the symbols, as its lines often repeat their free
                    # cards. The game's checks seldom repeat, so they walk the rows each time and keep nothing.
                    erqishi = table.erqishi
                    kept = _PAIR_VALUES[erqishi]
                    value = kept.get(symbols, -3)
                    if value == -3:
                        x, dead, _ = _ROWS[erqishi]
                        a, b, d, e, f, g, h, i, j, k = symbols
                        value = _pair_value(x, dead, a, b, d, e, f, g, h, i, j, k)
                        if len(kept) >= _PAIR_LIMIT:
                            kept.clear()
                        kept[symbols] = value
                else:
                    a, b, d, e, f, g, h, i, j, k = symbols
                    x, dead, _ = _ROWS[table.erqishi]
                    if need_pair:
                        value = _pair_value(x, dead, a, b, d, e, f, g, h, i, j, k)
                    else:
                        value = x[a][b][d][e][f][g][h][i][j][k][16]
                if value >= 0:
                    if meld_hu is None:
                        meld_hu = _melds_hu(melds, table)
                    hu = value + (_fixed_hu(raw, table) if longs or 3 in raw else 0) + meld_hu
                    found = ("card_free", raw, tuple(melds), c, sao_idx, peng_idx, table, symbols, need_pair, value)
                    out.append(Split.found(hu, quads, found))
        if source is _OWN_DRAW:
            if peng_idx < 0 or not more:
                return out  # no other role
        elif not (held == 2 and same or (held == 3 or sao_idx >= 0 or peng_idx >= 0) and more):
            return out  # no other role
    # The other roles, as (tag, change of the free cards' symbols, free cards, quads, 胡 of the fixed groups beyond
    # the hand's), in the order the callers see them.
    specs: list[tuple[str, int, int, int, int]] = []
    if source is _OWN_DRAW and held == 3:
        if more:  # forced 扫穿 / 提: the card's only role
            specs.append(("own_quad_kan", 0, free_n, quads + 1, _quad_own(table, c) - _kan(table, c)))
    elif source is _OWN_DRAW and sao_idx >= 0:
        if more:
            swap = _quad_own(table, c) - table.meld_value(melds[sao_idx])
            specs.append(("own_quad_sao", 0, free_n, quads + 1, swap))
    elif source is _OWN_DRAW and held == 2:
        if same:  # forced 扫 / 偎
            specs.append(("own_triple", -2 * at, free_n - 2, quads, _triple(table, table.triple_own, c)))
    else:
        if source is not _OWN_DRAW:
            if held == 2 and same:
                specs.append(("other_triple", -2 * at, free_n - 2, quads, _triple(table, table.triple_other, c)))
            elif held == 3 and more:
                specs.append(("other_quad_kan", 0, free_n, quads + 1, _quad_other(table, c) - _kan(table, c)))
            if sao_idx >= 0 and more:
                swap = _quad_other(table, c) - table.meld_value(melds[sao_idx])
                specs.append(("other_quad_sao", 0, free_n, quads + 1, swap))
        if peng_idx >= 0 and more and (source is not _DISCARD or table.peng_upgrade_on_discard):
            swap = _quad_other(table, c) - table.meld_value(melds[peng_idx])
            specs.append(("peng_quad", 0, free_n, quads + 1, swap))
    pair_always = table.pair_always
    erqishi = table.erqishi
    for tag, change, n_free, q, role_fixed in specs:
        need_pair = pair_always or q >= 1
        if n_free % 3 != (2 if need_pair else 0):
            continue
        symbols = (((free & _LOW10) << 2) + (free >> 80) + change).to_bytes(10, "big")
        value = free_value(symbols, need_pair, erqishi) if n_free <= CAP else _searched(symbols, need_pair, erqishi)
        if value < 0:
            continue
        if meld_hu is None:
            meld_hu = _melds_hu(melds, table)
        fixed = _fixed_hu(raw, table) if longs or 3 in raw else 0
        role = (tag, raw, tuple(melds), c, sao_idx, peng_idx, table, symbols, need_pair, value)
        out.append(_lazy_split(value + fixed + meld_hu + role_fixed, q, role))
    return out


# The free cards' value with a pair, by their symbols, per rule set (二七十 a group or not); bounded.
_PAIR_VALUES: dict[bool, dict[bytes, int]] = {True: {}, False: {}}
_PAIR_LIMIT = 4_096


def _melds_hu(melds: Sequence[Meld], table: WinTable) -> int:
    """The 胡 of a seat's table melds under ``table``, kept on the table (see :func:`_meld_hu`)."""
    key = tuple(map(id, melds))
    cached = table._melds.get(key)
    return cached[1] if cached is not None else _meld_hu(key, tuple(melds), table)


def _searched(symbols: bytes | bytearray, need_pair: bool, erqishi: bool) -> int:
    """The free cards' value by the search, for more free cards than the tables hold (no hand has that many)."""
    return _best(_pack3(_counts_of(symbols)) | (_PAIR if need_pair else 0) | (0 if erqishi else _NO27))


def _kan(table: WinTable, card: int) -> int:
    return table.values_of("kan")[card]


def _quad_own(table: WinTable, card: int) -> int:
    return table.values_of(table.quad_own)[card]


def _quad_other(table: WinTable, card: int) -> int:
    return table.values_of(table.quad_other)[card]


def _triple(table: WinTable, kind: MeldKind, card: int) -> int:
    return table.values_of(kind)[card]


def _role_groups(
    tag: str,
    hand: bytes,
    melds: tuple[Meld, ...],
    card: int | None,
    sao_idx: int,
    peng_idx: int,
    table: WinTable,
    symbols: bytes,
    need_pair: bool,
    value: int = -1,
) -> tuple[Group, ...]:
    """The groups of a completing role: its fixed groups, then the best split of its free cards (``value``, their
    胡 as the check found it, is not needed here)."""
    free_groups = split_free(_counts_of(symbols), need_pair, table.erqishi)
    assert free_groups is not None, "the automaton says these cards split"
    return tuple(_fixed_groups(tag, tuple(hand), melds, card, sao_idx, peng_idx, table) + free_groups)


def _fixed_groups(
    tag: str,
    hand: tuple[int, ...],
    melds: tuple[Meld, ...],
    c: int | None,
    sao_idx: int,
    peng_idx: int,
    table: WinTable,
) -> list[Group]:
    """The fixed groups of a role: the table melds (one possibly upgraded), the 坎 / 龙, the card's own group."""
    exposed = [Group(m.kind.value, m.cards, table.meld_value(m), True) for m in melds]
    locked, _ = _locked(hand, table)
    if c is None:
        return exposed + locked

    def quad(kind: MeldKind, exposed_: bool) -> Group:
        return Group(kind.value, (c,) * 4, table.value(kind.value, c), exposed_)

    without_kan = [g for g in locked if g.cards[0] != c]
    if tag == "own_quad_kan":
        return exposed + [quad(table.quad_own, True)] + without_kan
    if tag == "own_quad_sao":
        exposed[sao_idx] = quad(table.quad_own, True)
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
        exposed[sao_idx] = quad(table.quad_other, True)
        return exposed + locked
    if tag == "peng_quad":
        exposed[peng_idx] = quad(table.quad_other, True)
        return exposed + locked
    return exposed + locked  # card_free: the card joins the free cards
