"""The win check's model (胡的模型): where a winning card came from, a group, the rules' win table, a role.

Plain values shared by every part of the win check (engine/win/): :class:`Source`, :class:`Group`, :class:`WinTable`
and :data:`RoleArgs`, what the check keeps of a completing role of the winning card so that its groups can be built
when somebody reads them. The split itself is in engine/win/split.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from ..cards import NUM_KINDS, number
from ..melds import Meld, MeldKind, chi_bonus


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


# A number's code (WinTable.codes): one int per number and held counts of its two kinds, whose sum over a hand's ten
# numbers holds its cards (bits 0-7), its 龙 (bits 8-15) and the 胡 of its 坎 / 龙 (from bit 16); no field's sum
# carries into the next (80 cards, 20 龙 at most). The fields are packed tight, so a hand's sum stays a small int.
LONGS_AT = 8
FIXED_AT = 16


def count_codes(table: WinTable) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per number n (0 = 一), per held small count and big count (0..4), the code of that number (see above).

    Made at every new table (the score command meets new Bohu tables, by options and doubled rank, as it reads):
    each kind's five codes (held 0..4) are made once and a number's 25 are their sums, as no field carries. Tables
    with the same 坎 / 龙 values share the codes. tests/engine/win/test_check_codes.py holds these to the plain
    per-entry computation.
    """
    kan, long_ = table.values_of("kan"), table.values_of("long")
    known = _CODES.get((kan, long_))
    if known is None:
        one = 1 << LONGS_AT
        per_kind = [(0, 1, 2, 3 | kan[k] << FIXED_AT, 4 | one | long_[k] << FIXED_AT) for k in range(NUM_KINDS)]
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
    # Everything below is derived from the fields above, made whole when the table is made (__post_init__) and never
    # changed after: the table holds no cache, so sharing it (between games, threads, copies) shares nothing mutable.
    # Per group / meld kind of ``values``: its value for each of the 20 card kinds (value(), the doubled rank in).
    per_kind: Mapping[str, tuple[int, ...]] = field(init=False, compare=False, repr=False)
    # complete_count of 0..20 quads: the win check reads it at every card.
    complete: tuple[int, ...] = field(init=False, compare=False, repr=False)
    # Per number (一..十), per held count of its small and of its big kind (0..4): what a hand's check adds up of that
    # number (see count_codes); the check of a hand as it stands reads the ten numbers and nothing else.
    codes: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, compare=False, repr=False)
    # What the groups of a split depend on (engine/win/groups.py groups_alike_key: the values, the doubled rank, the
    # kinds of the card's own groups): tables with one key make the same groups, and share them.
    groups_key: tuple[object, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        per_kind = {kind: tuple(self.value(kind, k) for k in range(NUM_KINDS)) for kind in self.values}
        object.__setattr__(self, "per_kind", MappingProxyType(per_kind))
        object.__setattr__(self, "complete", tuple(self.complete_count(q) for q in range(NUM_KINDS + 1)))
        object.__setattr__(self, "codes", count_codes(self))
        # (The key is the text of those values in one string, whose hash Python keeps: a tuple's is worked out again
        # at every look-up.)
        key = (sorted(self.values.items()), self.bonus_rank, self.quad_own, self.quad_other, self.triple_own)
        object.__setattr__(self, "groups_key", (repr((*key, self.triple_other)),))

    def __copy__(self) -> WinTable:
        return self  # immutable: a copy (of a Game, say) shares the table

    def __deepcopy__(self, memo: dict[int, Any]) -> WinTable:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its fields; what is derived from them is made again.
        return (WinTable, tuple(getattr(self, f.name) for f in fields(self) if f.init))

    def complete_count(self, quads: int) -> int:
        """How many cards (hand, melds and the winning card) a complete hand with ``quads`` quads holds."""
        return self.win_cards + (max(0, quads - 1) if self.first_quad_free else quads)

    def complete_counts(self) -> tuple[int, ...]:
        """:meth:`complete_count` of 0..20 quads, as a tuple."""
        return self.complete

    def value(self, kind: str, card: int) -> int:
        """The 胡 of a ``kind`` group of ``card``: the table's small or big value, doubled on the bonus rank."""
        small, big = self.values[kind]
        value = big if card >= 10 else small
        if self.bonus_rank and number(card) == self.bonus_rank:
            value *= 2
        return value

    def values_of(self, kind: str) -> tuple[int, ...]:
        """The value of a ``kind`` group of each of the 20 card kinds (KeyError for a kind the table does not value)."""
        return self.per_kind[kind]

    def meld_value(self, meld: Meld) -> int:
        """The 胡 a meld counts under this table (a 吃 by its bonus, another kind by its card)."""
        if meld.kind is _CHI:
            return chi_bonus(meld.cards)
        # A MeldKind is a str equal to its value: it keys the values as it is, without reading .value.
        return self.values_of(meld.kind)[meld.cards[0]]


_CHI = MeldKind.CHI

# bytes.translate: a held count -> its free count (3 / 4 are 坎 / 龙, fixed groups).
FREE_COUNTS = bytes([0, 1, 2] + [0] * 253)
LOW10 = (1 << 80) - 1  # the ten low bytes of an int: the small suit of a hand read little-endian


def free_symbols(free: int) -> bytes:
    """The automaton's ten symbols (4 x small + big, 十 first) of free counts read as one little-endian int.

    十 and 拾 are the top bytes of their halves; no byte of the sum exceeds 15, so nothing carries from one number
    into the next.
    """
    return (((free & LOW10) << 2) + (free >> 80)).to_bytes(10, "big")


# What the check keeps of a completing role of the winning card, to build its groups when they are read:
# (tag, hand, melds, card, index of its 扫 / 偎, index of its 碰, table, free-card symbols, a pair needed, their 胡).
# The tag names the card's role: "base" (no card), "card_free" (it joins the free cards), "own_quad_kan",
# "own_quad_sao", "own_triple", "other_triple", "other_quad_kan", "other_quad_sao", "peng_quad".
RoleArgs = tuple[str, bytes, tuple[Meld, ...], int | None, int, int, WinTable, bytes, bool, int]
ROLE_SIZE = 10
