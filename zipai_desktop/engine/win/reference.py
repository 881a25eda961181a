"""The reference win check (胡牌拆分的参照): a plain depth-first search, the oracle the fast check is held to.

The concealed part of a winning hand splits into fixed groups (a 坎 or 龙 held from the deal cannot be broken) and
*free* cards, which form 吃-type groups (sequences, 二七十, 搭 / 绞) and at most one pair. The free search is a
depth-first search on the lowest remaining kind, memoised on the count vector packed into an int (3 bits a kind), so
repeated sub-hands cost one dict look-up. The winning card may play several roles (§8.3 of the Guilin rules); each role
is tried and the best total kept.

This was the engine's win check before the automaton (engine/win/automaton.py). It stays for three readers: the tests
and bench/win_check_exact.py compare the fast check with :func:`evaluate_roles` here; the fast groups builder
(engine/win/groups.py) hands over to :func:`best_value` for free cards its walk does not settle quickly; and
:func:`role_groups` is the plain statement of a role's groups, which the fast builder must equal group for group.
Which of several equally good splits :func:`split_free` returns is the one the engine has always shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import NUM_KINDS, number
from ..melds import QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, chi_bonus, chi_shape
from .model import Group, Source, WinTable


@dataclass(frozen=True, slots=True)
class PlainSplit:
    """A complete winning split as the reference finds it: its total 胡, its groups and its quads."""

    hu: int
    groups: tuple[Group, ...]
    quads: int


# ---------------------------------------------------------------------------------------------------------------------
# The free-card search.

SHIFT = [3 * k for k in range(NUM_KINDS)]


def chi_rows(erqishi: bool) -> list[list[tuple[tuple[tuple[int, int], ...], int, int, tuple[int, int, int]]]]:
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
            mask = sum(cnt << SHIFT[k] for k, cnt in need.items())
            rows.append((tuple((SHIFT[k], cnt) for k, cnt in need.items()), mask, chi_bonus(cards), cards))
        # Try the valuable groups first: it finds a good bound early in reconstruction.
        rows.sort(key=lambda r: -r[2])
        table.append(rows)
    return table


# Bits 62 and 63 of a memo key: no-二七十 mode and "a pair is still needed"; bits 0-59 the packed counts.
PAIR = 1 << 63
NO27 = 1 << 62
CARDS = (1 << 60) - 1
CHI_ROWS = {True: chi_rows(True), False: chi_rows(False)}
_memo: dict[int, int] = {}
_MEMO_LIMIT = 50_000  # a small memo keeps a long session's memory flat; the tests refill it


def pack(counts: Sequence[int]) -> int:
    """The counts (each 0..7) packed 3 bits a kind: the memo's key without its flags."""
    key = 0
    for k in range(NUM_KINDS):
        if counts[k]:
            key |= counts[k] << SHIFT[k]
    return key


def best_value(key: int) -> int:
    """Max 胡 of splitting the packed free cards into 吃-type groups plus a pair if bit 63 asks for one; -1 if none."""
    hit = _memo.get(key)
    if hit is not None:
        return hit
    cards = key & CARDS
    need_pair = bool(key & PAIR)
    groups_from = CHI_ROWS[not key & NO27]
    if cards == 0:
        result = -1 if need_pair else 0
    else:
        low = ((cards & -cards).bit_length() - 1) // 3
        shift = SHIFT[low]
        count = (cards >> shift) & 7
        result = -1
        if need_pair and count >= 2:
            result = best_value((key & ~PAIR) - (2 << shift))
        for checks, mask, value, _ in groups_from[low]:
            for sh, cnt in checks:
                if (cards >> sh) & 7 < cnt:
                    break
            else:
                sub = best_value(key - mask)
                if sub >= 0 and sub + value > result:
                    result = sub + value
    if len(_memo) > _MEMO_LIMIT:
        _memo.clear()
    _memo[key] = result
    return result


def memo_key(counts: Sequence[int], need_pair: bool, erqishi: bool) -> int:
    """The memo key of free counts: the packed counts, bit 63 if a pair is needed, bit 62 if 二七十 is no group."""
    return pack(counts) | (PAIR if need_pair else 0) | (0 if erqishi else NO27)


def best_free(counts: Sequence[int], need_pair: bool, erqishi: bool = True) -> int:
    """Max 胡 of the free cards split into 吃-type groups (and one pair if ``need_pair``), or -1."""
    total = sum(counts)
    if total % 3 != (2 if need_pair else 0):
        return -1
    return best_value(memo_key(counts, need_pair, erqishi))


def split_free(counts: Sequence[int], need_pair: bool, erqishi: bool = True) -> list[Group] | None:
    """The groups of a best free split (the reconstruction of :func:`best_free`)."""
    target = best_free(counts, need_pair, erqishi)
    if target < 0:
        return None
    key = memo_key(counts, need_pair, erqishi)
    groups_from = CHI_ROWS[erqishi]
    groups: list[Group] = []
    while key & CARDS:
        cards = key & CARDS
        low = ((cards & -cards).bit_length() - 1) // 3
        shift = SHIFT[low]
        if key & PAIR and (cards >> shift) & 7 >= 2 and best_value((key & ~PAIR) - (2 << shift)) == target:
            groups.append(Group("pair", (low, low), 0, False))
            key = (key & ~PAIR) - (2 << shift)
            continue
        for checks, mask, value, group_cards in groups_from[low]:
            if all((cards >> sh) & 7 >= cnt for sh, cnt in checks) and best_value(key - mask) == target - value:
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
) -> PlainSplit | None:
    """The split with the highest 胡 of a hand plus winning card, or None when no role of the card completes the hand.

    ``hand`` is the concealed count vector *before* the winning card; ``melds`` are the winner's table melds. With
    ``card`` None the hand is judged as it stands (a win from the deal, or after a forced meld already made).
    """
    best: PlainSplit | None = None
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
) -> list[PlainSplit]:
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
                key0 |= n << SHIFT[k]
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
        one = 1 << SHIFT[c]
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

    out: list[PlainSplit] = []
    flags = 0 if table.erqishi else NO27
    for tag, key, n_free, quads in specs:
        if total_cards != table.complete_count(quads):
            continue  # a player short of the held-count rule cannot be complete (e.g. Bohu after initial 提)
        need_pair = table.pair_always or quads >= 1
        if n_free % 3 != (2 if need_pair else 0):
            continue
        value = best_value(key | flags | (PAIR if need_pair else 0))
        if value < 0:
            continue
        free = [(key >> SHIFT[k]) & 7 for k in range(NUM_KINDS)]
        groups = fixed_groups(tag, hand, melds, card, sao_idx, peng_idx, table)
        free_groups = split_free(free, need_pair, table.erqishi)
        assert free_groups is not None
        total = value + sum(g.hu for g in groups)
        out.append(PlainSplit(total, tuple(groups + free_groups), quads))
    return out


def fixed_groups(
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


def counts_of(symbols: bytes | bytearray) -> list[int]:
    """The 20 free counts back from the automaton's ten symbols (4 x small + big, 十 first)."""
    counts = [0] * NUM_KINDS
    for i, sym in enumerate(symbols):
        counts[9 - i] = sym >> 2
        counts[19 - i] = sym & 3
    return counts


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
    """The groups of a completing role as the fast check keeps it (model.RoleArgs): its fixed groups, then the best
    split of its free cards (``value``, their 胡 as the check found it, is not needed here)."""
    free_groups = split_free(counts_of(symbols), need_pair, table.erqishi)
    assert free_groups is not None, "the automaton says these cards split"
    return tuple(fixed_groups(tag, tuple(hand), melds, card, sao_idx, peng_idx, table) + free_groups)
