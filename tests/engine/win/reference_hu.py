"""The reference win decomposition: the engine's own until issue 13, kept as the slow oracle the tests compare with.

胡牌拆分: the split of a hand with the highest 胡 (a depth-first search), as the engine computed it before the
precomputed tables of :mod:`zipai_desktop.engine.win.check`.

The concealed part of a winning hand splits into fixed groups (a 坎 or 龙 held from the deal cannot be broken) and
*free* cards, which form 吃-type groups (sequences, 二七十, 搭 / 绞) and at most one pair. The free search is a
depth-first search on the lowest remaining kind, memoised on the count vector packed into an int (3 bits a kind), so
repeated sub-hands cost one dict look-up. The winning card may play several roles (§8.3 of the Guilin rules); each role
is tried and the best total kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from zipai_desktop.engine.cards import NUM_KINDS, number
from zipai_desktop.engine.melds import QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, chi_bonus, chi_shape


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


@dataclass(frozen=True, slots=True)
class Split:
    """A complete winning split and its total 胡 (before any minimum is applied)."""

    hu: int
    groups: tuple[Group, ...]
    quads: int


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

    def complete_count(self, quads: int) -> int:
        """How many cards (hand, melds and the winning card) a complete hand with ``quads`` quads holds."""
        return self.win_cards + (max(0, quads - 1) if self.first_quad_free else quads)

    def value(self, kind: str, card: int) -> int:
        small, big = self.values[kind]
        value = big if card >= 10 else small
        if self.bonus_rank and number(card) == self.bonus_rank:
            value *= 2
        return value

    def meld_value(self, meld: Meld) -> int:
        if meld.kind is MeldKind.CHI:
            return chi_bonus(meld.cards)
        return self.value(meld.kind.value, meld.cards[0])


# ---------------------------------------------------------------------------------------------------------------------
# The free-card search.

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
_MEMO_LIMIT = 2_000_000


def pack(counts: Sequence[int]) -> int:
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


def _key(counts: Sequence[int], need_pair: bool, erqishi: bool) -> int:
    return pack(counts) | (_PAIR if need_pair else 0) | (0 if erqishi else _NO27)


def best_free(counts: Sequence[int], need_pair: bool, erqishi: bool = True) -> int:
    """Max 胡 of the free cards split into 吃-type groups (and one pair if ``need_pair``), or -1."""
    total = sum(counts)
    if total % 3 != (2 if need_pair else 0):
        return -1
    return _best(_key(counts, need_pair, erqishi))


def split_free(counts: Sequence[int], need_pair: bool, erqishi: bool = True) -> list[Group] | None:
    """The groups of a best free split (the reconstruction of :func:`best_free`)."""
    target = best_free(counts, need_pair, erqishi)
    if target < 0:
        return None
    key = _key(counts, need_pair, erqishi)
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


def _locked(hand: Sequence[int], table: WinTable) -> tuple[list[int], list[Group], int]:
    """Split off 坎 (3) and 龙 (4) from the hand: they are fixed groups. Returns free counts, groups, quads."""
    free = list(hand)
    groups: list[Group] = []
    quads = 0
    for k in range(NUM_KINDS):
        c = hand[k]
        if c >= 3:
            free[k] = 0
            if c == 4:
                groups.append(Group("long", (k,) * 4, table.value("long", k), False))
                quads += 1
            else:
                groups.append(Group("kan", (k,) * 3, table.value("kan", k), False))
    return free, groups, quads


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


def evaluate_roles(
    hand: Sequence[int],
    melds: Sequence[Meld],
    card: int | None,
    source: Source,
    table: WinTable,
) -> list[Split]:
    """For every role of the winning card that completes the hand, its split with the highest 胡.

    A game whose score depends on more than 胡 (Bohu's 飘胡 depends on whether the card makes a 碰-type triple) picks
    among these by its own score.
    """
    # First the roles as (tag, packed free cards, free count, quads), cheaply: one pass over the hand, no lists.
    # Groups are built only for a role that completes.
    key0 = 0
    free_n = 0
    hand_n = 0
    base_q = 0
    for k in range(NUM_KINDS):
        n = hand[k]
        if n:
            hand_n += n
            if n < 3:
                key0 |= n << _SHIFT[k]
                free_n += n
            elif n == 4:
                base_q += 1
    meld_n = 0
    sao_idx = peng_idx = -1
    for i, m in enumerate(melds):
        meld_n += len(m.cards)
        if m.kind in QUAD_KINDS:
            base_q += 1
        if card is not None and m.cards[0] == card:
            if m.kind in SAO_KINDS or m.kind in WEI_KINDS:
                sao_idx = i
            elif m.kind is MeldKind.PENG:
                peng_idx = i
    total_cards = hand_n + meld_n + (card is not None)
    specs: list[tuple[str, int, int, int]] = []
    if card is None:
        specs.append(("base", key0, free_n, base_q))
    else:
        c = card
        held = hand[c]
        one = 1 << _SHIFT[c]
        if source is Source.OWN_DRAW and held == 3:
            specs.append(("own_quad_kan", key0, free_n, base_q + 1))  # forced 扫穿 / 提: the card's only role
        elif source is Source.OWN_DRAW and sao_idx >= 0:
            specs.append(("own_quad_sao", key0, free_n, base_q + 1))
        elif source is Source.OWN_DRAW and held == 2:
            specs.append(("own_triple", key0 - 2 * one, free_n - 2, base_q))  # forced 扫 / 偎
        else:
            specs.append(("card_free", key0 + one, free_n + 1, base_q))
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
    flags = 0 if table.erqishi else _NO27
    for tag, key, n_free, quads in specs:
        if total_cards != table.complete_count(quads):
            continue  # a player short of the held-count rule cannot be complete (e.g. Bohu after initial 提)
        need_pair = table.pair_always or quads >= 1
        if n_free % 3 != (2 if need_pair else 0):
            continue
        value = _best(key | flags | (_PAIR if need_pair else 0))
        if value < 0:
            continue
        free = [(key >> _SHIFT[k]) & 7 for k in range(NUM_KINDS)]
        groups = _role_groups(tag, hand, melds, card, sao_idx, peng_idx, table)
        free_groups = split_free(free, need_pair, table.erqishi)
        assert free_groups is not None
        total = value + sum(g.hu for g in groups)
        out.append(Split(total, tuple(groups + free_groups), quads))
    return out


def _role_groups(
    tag: str,
    hand: Sequence[int],
    melds: Sequence[Meld],
    card: int | None,
    sao_idx: int,
    peng_idx: int,
    table: WinTable,
) -> list[Group]:
    """The fixed groups of a role: the table melds (one possibly upgraded), the 坎 / 龙, the card's own group."""
    exposed = [Group(m.kind.value, m.cards, table.meld_value(m), True) for m in melds]
    _, locked, _ = _locked(hand, table)
    if card is None:
        return exposed + locked
    c = card

    def quad(kind: MeldKind, exposed_: bool) -> Group:
        return Group(kind.value, (c,) * 4, table.value(kind.value, c), exposed_)

    without_kan = [g for g in locked if g.cards[0] != c]
    if tag == "own_quad_kan":
        return exposed + [quad(table.quad_own, True)] + without_kan
    if tag == "own_quad_sao":
        exposed[sao_idx] = quad(table.quad_own, True)
        return exposed + locked
    if tag == "own_triple":
        return (
            exposed + [Group(table.triple_own.value, (c,) * 3, table.value(table.triple_own.value, c), True)] + locked
        )
    if tag == "other_triple":
        return (
            exposed
            + locked
            + [Group(table.triple_other.value, (c,) * 3, table.value(table.triple_other.value, c), False)]
        )
    if tag == "other_quad_kan":
        return exposed + without_kan + [quad(table.quad_other, False)]
    if tag == "other_quad_sao":
        exposed[sao_idx] = quad(table.quad_other, True)
        return exposed + locked
    if tag == "peng_quad":
        exposed[peng_idx] = quad(table.quad_other, True)
        return exposed + locked
    return exposed + locked  # card_free: the card joins the free cards
