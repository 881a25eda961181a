"""The groups of a winning split (胡牌拆分的方子), built when somebody reads them: fast, and exactly the search's.

The win check (engine/win/check.py) finds a split's 胡 with the tables of engine/win/automaton.py and leaves its
groups unbuilt; a split read for display, for the score command or for Bohu's 名堂 builds them here. The groups are
the same objects, in the same order, as the reference search gives: the table melds (one of them possibly made a
quad by the winning card), the 坎 / 龙 held, the card's own group, then the free cards split by the reference's rule
(lowest kind first; the pair, then the most valuable group that still leaves a best split).

What it shares: a Group is immutable, so every group that can be made is made once and shared (a meld's group per
table, the 坎 / 龙 / quad / triple of each kind per table, each 吃-type group and pair); and the free cards of winning
hands repeat (a few cards beside the melds), so each set of free cards, as the automaton's ten symbols, is split once
and kept. A set not seen before is split by the same search as the reference's (its
memo of best values shared), reading the counts from the symbols directly.
"""

from __future__ import annotations

from ..cards import NUM_KINDS
from ..melds import Meld, MeldKind, chi_shape
from .automaton import free_value
from .model import Group, WinTable
from .reference import CARDS, CHI_ROWS, NO27, PAIR, SHIFT, best_value

_LIMIT = 20_000  # entries per cache below: bounded, so a long session's memory stays flat

# ---------------------------------------------------------------------------------------------------------------------
# The free cards.

# Each symbol's counts in the reference's packed form (3 bits a kind): symbol i of the ten is number 10 - i,
# 4 x small + big.
_PACKED = tuple(
    tuple(((sym >> 2) << (3 * (9 - i))) | ((sym & 3) << (3 * (19 - i))) for sym in range(16)) for i in range(10)
)
# Symbols 2m and 2m + 1 (the first in the low 4 bits) -> their counts packed, as _PACKED gives them.
_PACKED2 = tuple(tuple(_PACKED[2 * m][x & 15] | _PACKED[2 * m + 1][x >> 4] for x in range(256)) for m in range(5))
# The reference search's memo key (engine/win/reference.py): bits 0-59 the counts, 62 no 二七十, 63 a pair still
# needed.
_CARDS, _PAIR, _NO27, _SHIFT = CARDS, PAIR, NO27, tuple(SHIFT)

# Per kind, the 吃-type groups in which it is the lowest kind, in the search's order: (checks, mask, value, group).
_Row = tuple[tuple[tuple[int, int], ...], int, int, "Group"]
_ROWS: dict[bool, tuple[tuple[_Row, ...], ...]] = {}
_PAIRS: list[Group] = []
# Free cards already split, per (二七十 a group, a pair needed): symbols -> groups.
_DONE: dict[tuple[bool, bool], dict[bytes, tuple[Group, ...]]] = {}


def _rows(erqishi: bool) -> tuple[tuple[_Row, ...], ...]:
    rows = _ROWS.get(erqishi)
    if rows is None:
        make = Group
        rows = _ROWS[erqishi] = tuple(
            tuple(
                (checks, mask, value, make("da" if chi_shape(cards) == "da" else "seq", cards, value, False))
                for checks, mask, value, cards in CHI_ROWS[erqishi][low]
            )
            for low in range(NUM_KINDS)
        )
        if not _PAIRS:
            _PAIRS.extend(make("pair", (k, k), 0, False) for k in range(NUM_KINDS))
    return rows


def free_groups(symbols: bytes, need_pair: bool, erqishi: bool, value: int = -1) -> tuple[Group, ...]:
    """The groups of the best split of the free cards given as the automaton's ten symbols (十 first): what
    :func:`~zipai_desktop.engine.win.reference.split_free` gives for their counts. The caller knows that they split."""
    done = _DONE.get((erqishi, need_pair))
    if done is None:
        done = _DONE[(erqishi, need_pair)] = {}
    groups = done.get(symbols)
    if groups is None:
        groups = _split(symbols, need_pair, erqishi, value)
        if len(done) >= _LIMIT:
            done.clear()
        done[symbols] = groups
    return groups


def _split(symbols: bytes, need_pair: bool, erqishi: bool, value: int = -1) -> tuple[Group, ...]:
    """reference.split_free's split of the free cards given as symbols, with the groups made once.

    split_free takes, kind by kind from the lowest, the first choice (the pair, then the groups by value) that still
    leaves a best split: its split is the first best split in that order. So a depth-first walk in the same order that
    stops at the first complete split worth the best value finds it; the automaton gives that value in ten steps, and
    the walk rarely leaves the path (a choice worth more than what is left to find is never tried). A walk that wanders
    too long hands over to the search, whose memo answers every step.
    """
    rows = _rows(erqishi)
    s0, s1, s2, s3, s4, s5, s6, s7, s8, s9 = symbols
    # The packed key, two symbols (4 bits each) a look-up in _PACKED2, written out (a hot path: kept flat on purpose).
    key = (
        (_PAIR if need_pair else 0) | (0 if erqishi else _NO27) | _PACKED2[0][s0 | s1 << 4] | _PACKED2[1][s2 | s3 << 4]
        | _PACKED2[2][s4 | s5 << 4] | _PACKED2[3][s6 | s7 << 4] | _PACKED2[4][s8 | s9 << 4]
    )  # fmt: skip
    # The win check found the value (a best value, from the tables or the search) and hands it on: the tables are
    # walked again only when it is not known (-1).
    target = value if value >= 0 else free_value(symbols, need_pair, erqishi)
    if target == -1:
        raise ValueError("these free cards do not split")
    if target >= 0:
        out: list[Group] = []
        try:
            if _first_split(key, target, rows, out, [_WALK_LIMIT]):
                return tuple(out)
        except _TooLong:
            pass
    return _searched_split(key, rows)


_WALK_LIMIT = 64  # steps of the walk before the search takes over (a hand's free cards need a handful)


class _TooLong(Exception):
    """The walk went past its limit."""


def _first_split(key: int, need: int, rows: tuple[tuple[_Row, ...], ...], out: list[Group], steps: list[int]) -> bool:
    """Append to ``out`` the first split (in split_free's order) of the packed cards worth exactly ``need``; False if
    none is."""
    cards = key & _CARDS
    if not cards:
        return need == 0 and not key & _PAIR
    steps[0] -= 1
    if steps[0] < 0:
        raise _TooLong
    low = ((cards & -cards).bit_length() - 1) // 3
    shift = _SHIFT[low]
    if key & _PAIR and (cards >> shift) & 7 >= 2:
        out.append(_PAIRS[low])
        if _first_split((key & ~_PAIR) - (2 << shift), need, rows, out, steps):
            return True
        out.pop()
    guarded = cards | _GUARD
    for _, mask, value, group in rows[low]:
        if value > need:  # no value is negative: the rest could not make up for it
            continue
        if (guarded - mask) & _GUARD == _GUARD:  # every kind of the group held (see _GUARD)
            out.append(group)
            if _first_split(key - mask, need - value, rows, out, steps):
                return True
            out.pop()
    return False


# The top bit of every kind's 3 bits. A free count is at most 3 (2 bits) and a group takes at most 2 of a kind, so
# subtracting a group's mask from the counts with these bits set clears a kind's top bit exactly when it holds fewer
# than the group takes, and the borrow stops there (never reaching the next kind): one test for the group's kinds.
_GUARD = sum(4 << s for s in _SHIFT)


def _searched_split(key: int, rows: tuple[tuple[_Row, ...], ...]) -> tuple[Group, ...]:
    """reference.split_free's own walk, its best values from the reference's memoised search."""
    best = best_value
    target = best(key)
    if target < 0:
        raise ValueError("these free cards do not split")
    out: list[Group] = []
    while key & _CARDS:
        cards = key & _CARDS
        low = ((cards & -cards).bit_length() - 1) // 3
        shift = _SHIFT[low]
        if key & _PAIR and (cards >> shift) & 7 >= 2:
            rest = (key & ~_PAIR) - (2 << shift)
            if best(rest) == target:
                out.append(_PAIRS[low])
                key = rest
                continue
        for checks, mask, value, group in rows[low]:
            for sh, cnt in checks:
                if (cards >> sh) & 7 < cnt:
                    break
            else:
                if best(key - mask) == target - value:
                    out.append(group)
                    key -= mask
                    target -= value
                    break
        else:  # pragma: no cover - the memo says a split exists
            raise AssertionError("split reconstruction failed")
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------------------
# The fixed groups: the table melds, the 坎 / 龙 held, the winning card's own group.


class _TableGroups:
    """Every fixed group one win table makes, made once: per kind, and per meld (by its kind and cards)."""

    __slots__ = ("table", "kan", "long", "quad_own", "quad_own_hidden", "quad_other", "quad_other_hidden",
                 "triple_own", "triple_other", "melds", "locked")  # fmt: skip

    def __init__(self, table: WinTable) -> None:
        make = Group
        self.table = table  # the first of the tables alike (see _ALIKE): its values give the melds' groups
        kan, long_ = table.values_of("kan"), table.values_of("long")
        self.kan = tuple(make("kan", (k,) * 3, kan[k], False) for k in range(NUM_KINDS))
        self.long = tuple(make("long", (k,) * 4, long_[k], False) for k in range(NUM_KINDS))

        def quads(kind: MeldKind, exposed: bool) -> tuple[Group, ...]:
            return tuple(make(kind.value, (c,) * 4, table.value(kind.value, c), exposed) for c in range(NUM_KINDS))

        def triples(kind: MeldKind, exposed: bool) -> tuple[Group, ...]:
            return tuple(make(kind.value, (c,) * 3, table.value(kind.value, c), exposed) for c in range(NUM_KINDS))

        self.quad_own = quads(table.quad_own, True)
        self.quad_other = quads(table.quad_other, True)
        self.quad_other_hidden = quads(table.quad_other, False)
        self.triple_own = triples(table.triple_own, True)
        self.triple_other = triples(table.triple_other, False)
        self.melds: dict[tuple[MeldKind, tuple[int, ...]], Group] = {}  # a meld's kind and cards -> its group
        self.locked: dict[bytes, tuple[Group, ...]] = {}  # a hand's counts, 3 and 4 kept, 0 else -> its 坎 / 龙

    def meld(self, m: Meld) -> Group:
        """The group of a table meld, made once per kind and cards (melds recur: a seat's stay as it adds one, and the
        score command's lines hold few distinct ones); bounded."""
        key = (m.kind, m.cards)
        group = self.melds.get(key)
        if group is None:
            if len(self.melds) >= _LIMIT:
                self.melds.clear()
            group = self.melds[key] = Group(_KIND_NAME[m.kind], m.cards, self.table.meld_value(m), True)
        return group


# The groups of each table, by what they depend on (WinTable.groups_key): Bohu's tables differ by options that change no
# group (二七十 changes only the free cards' split, peng_pao_on_discard none), and a hand's 坎 / 龙 made under one
# serves the others (the score command, which meets many tables, makes each 坎 pattern once, not once per table).
# Bounded: a table per option set, a few dozen at most.
_ALIKE: dict[tuple[object, ...], _TableGroups] = {}
# A meld kind's group kind (its value), read by the member.
_KIND_NAME = {k: k.value for k in MeldKind}
# bytes.translate: a held count -> itself if a 坎 (3) or 龙 (4), else 0.
_LOCKED = bytes(c if c in (3, 4) else 0 for c in range(256))


def groups_alike_key(table: WinTable) -> tuple[object, ...]:
    """What a win table's groups depend on: the values (and the doubled rank) and the kinds of the card's own groups.
    Tables with one key make the same groups (and the same groups' text in ``zipai score``), so they share them."""
    return table.groups_key  # made with the table (model.WinTable.__post_init__)


def _table_groups(table: WinTable) -> _TableGroups:
    groups = _ALIKE.get(table.groups_key)
    if groups is None:
        if len(_ALIKE) >= 64:
            _ALIKE.clear()
        groups = _ALIKE[table.groups_key] = _TableGroups(table)
    return groups


def role_groups(
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
    """The groups of a completing role (model.RoleArgs): its fixed groups, then the best split of its free cards
    (worth ``value``, as the win check found it; -1: not known). Equal, group for group, to
    :func:`~zipai_desktop.engine.win.reference.role_groups`."""
    tg = _ALIKE.get(table.groups_key) or _table_groups(table)
    exposed: list[Group] = []
    if melds:
        known = tg.melds.get
        for m in melds:
            exposed.append(known((m.kind, m.cards)) or tg.meld(m))
    locked: tuple[Group, ...] = ()
    if 3 in hand or 4 in hand:
        # The 坎 / 龙 by the hand's held 3s and 4s alone (few patterns recur: they are kept, not read off the 20
        # counts each time).
        pattern = hand.translate(_LOCKED)
        known_locked = tg.locked.get(pattern)
        if known_locked is None:
            known_locked = tuple(tg.long[k] if n == 4 else tg.kan[k] for k, n in enumerate(pattern) if n)
            if len(tg.locked) >= _LIMIT:
                tg.locked.clear()
            tg.locked[pattern] = known_locked
        locked = known_locked
    free = free_groups(symbols, need_pair, table.erqishi, value)
    c = card
    if c is None or tag == "card_free":
        return (*exposed, *locked, *free)
    if tag == "own_quad_kan":
        return (*exposed, tg.quad_own[c], *[g for g in locked if g.cards[0] != c], *free)
    if tag == "own_quad_sao":
        exposed[sao_idx] = tg.quad_own[c]
    elif tag == "own_triple":
        return (*exposed, tg.triple_own[c], *locked, *free)
    elif tag == "other_triple":
        return (*exposed, *locked, tg.triple_other[c], *free)
    elif tag == "other_quad_kan":
        return (*exposed, *[g for g in locked if g.cards[0] != c], tg.quad_other_hidden[c], *free)
    elif tag == "other_quad_sao":
        exposed[sao_idx] = tg.quad_other[c]
    elif tag == "peng_quad":
        exposed[peng_idx] = tg.quad_other[c]
    return (*exposed, *locked, *free)
