"""The roles of a winning card (胡的牌角): which roles complete the hand, each with its split of the highest 胡.

The concealed part of a winning hand splits into fixed groups (a 坎 or 龙 held from the deal cannot be broken) and
*free* cards, which form 吃-type groups (sequences, 二七十, 搭 / 绞) and at most one pair. The winning card may play
several roles (§8.3 of the Guilin rules): it joins the free cards, or it makes a meld of its own (a quad with a 坎, a
扫 / 偎 or a 碰; a triple with a pair). Each role is tried and its best split kept.

The check decides the value first: the value of the free cards is ten steps through the rows of the automaton
(engine/win/automaton.py); the 胡 of the melds and of the 坎 / 龙 is read only for a role that completes, and the
split's groups are built only when somebody reads them (engine/win/split.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from ..cards import NUM_KINDS
from ..melds import QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, chi_bonus
from .automaton import CAP, ROWS, SYMBOL, free_value, pair_value
from .model import FIXED_AT, LONGS_AT, RoleArgs, Source, WinTable
from .reference import NO27, PAIR, best_value, counts_of
from .reference import pack as pack3
from .split import Split

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
        # cards, 龙 and 胡 of 坎 / 龙 that its counts add, and its symbol (SYMBOL) the automaton's step: a look-up
        # per number instead of a pass over the counts for each (bytes(hand), its free counts, their symbols,
        # count(3), count(4)). The split keeps the counts as they are and makes its role (the hand's bytes, the free
        # cards' symbols) when it is first read (_dealt_role).
        k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = hand
        need_pair = table.pair_always or 4 in hand  # with a quad (a 龙 held) a pair is needed
        erqishi = table.erqishi
        x, dead, _ = ROWS[erqishi]
        sy = SYMBOL
        # The free cards first: most hands do not split, and are refused before anything else is read.
        if need_pair:
            value = pair_value(
                x, dead, sy[k9][b9], sy[k8][b8], sy[k7][b7], sy[k6][b6], sy[k5][b5],
                sy[k4][b4], sy[k3][b3], sy[k2][b2], sy[k1][b1], sy[k0][b0],
            )  # fmt: skip
        else:
            value = x[sy[k9][b9]][sy[k8][b8]][sy[k7][b7]][sy[k6][b6]][sy[k5][b5]][sy[k4][b4]][sy[k3][b3]][sy[k2][b2]][
                sy[k1][b1]
            ][sy[k0][b0]][16]
        if value == -1:
            return None
        c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = table.codes
        code = (
            c0[k0][b0] + c1[k1][b1] + c2[k2][b2] + c3[k3][b3] + c4[k4][b4]
            + c5[k5][b5] + c6[k6][b6] + c7[k7][b7] + c8[k8][b8] + c9[k9][b9]
        )  # fmt: skip
        longs = (code >> LONGS_AT) & 255
        if code & 255 != table.complete[longs]:
            return None
        if value < 0:  # more free cards than the tables hold (no hand has that many): the search
            value = _searched(_symbols(bytes(hand).translate(_FREE_COUNTS)), need_pair, erqishi)
            if value < 0:
                return None
        # (the counts as they are now: the caller's list may change)
        return Split.found(value + (code >> FIXED_AT), longs, (*hand, table, need_pair, value))
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
_CHI = MeldKind.CHI


def _fixed_hu(raw: bytes, table: WinTable) -> int:
    """The 胡 of the 坎 (3 held) and 龙 (4 held) of a hand given as bytes, under ``table``'s values.

    Asked only for a role that completes the hand. Few patterns of 坎 / 龙 recur (the score command's lines hold few
    distinct ones), so the 胡 is kept by the pattern (the hand's bytes with every count but 3 and 4 zeroed), per set of
    table values (WinTable.groups_key, which holds them), instead of picked out of the values each time.
    """
    pattern = raw.translate(_LOCKED)
    kept = _FIXED_HU.get(table.groups_key)
    if kept is None:
        if len(_FIXED_HU) >= 64:
            _FIXED_HU.clear()
        kept = _FIXED_HU[table.groups_key] = {}
    fixed = kept.get(pattern)
    if fixed is None:
        per_kind = table.per_kind
        fixed = sum(compress(per_kind["kan"], pattern.translate(_IS3))) + sum(
            compress(per_kind["long"], pattern.translate(_IS4))
        )
        if len(kept) >= _FIXED_LIMIT:
            kept.clear()
        kept[pattern] = fixed
    return fixed


# The 胡 of the 坎 / 龙 by a hand's pattern of 3s and 4s (see _fixed_hu), per set of table values: bounded (a few dozen
# value sets; the patterns a session meets, up to _FIXED_LIMIT each), keyed by values, never by an object's identity.
_FIXED_HU: dict[tuple[object, ...], dict[bytes, int]] = {}
_FIXED_LIMIT = 2_048


# Per meld kind, what meld_facts reads of it: 1 a quad, 2 a 扫 / 偎 (its card may make it a quad), 3 a 碰 (likewise),
# 0 anything else (吃).
_FACT_OF_KIND = {
    kind: 1 if kind in QUAD_KINDS else 2 if kind in SAO_KINDS | WEI_KINDS else 3 if kind is MeldKind.PENG else 0
    for kind in MeldKind
}


def meld_facts(melds: Sequence[Meld]) -> tuple[int, int, dict[int, tuple[int, int]]]:
    """(cards, quads, card -> (index of its 扫 / 偎, index of its 碰), -1 where none) of a seat's table melds."""
    by_card: dict[int, tuple[int, int]] = {}
    cards = quads = 0
    fact_of = _FACT_OF_KIND
    for i, m in enumerate(melds):
        meld_cards = m.cards
        cards += len(meld_cards)
        fact = fact_of[m.kind]
        if fact == 1:
            quads += 1
        elif fact == 2:
            c = meld_cards[0]
            by_card[c] = (i, by_card.get(c, _NO_MELD)[1])
        elif fact == 3:
            c = meld_cards[0]
            by_card[c] = (by_card.get(c, _NO_MELD)[0], i)
    return cards, quads, by_card


def melds_hu(melds: Sequence[Meld], table: WinTable) -> int:
    """The 胡 of a seat's table melds under ``table`` (the sum of :meth:`WinTable.meld_value`), read only for a role
    that completes the hand: a 吃's bonus by its cards, any other meld's value by its kind and card from the table's
    values per kind."""
    per_kind = table.per_kind
    total = 0
    for m in melds:
        kind = m.kind
        total += chi_bonus(m.cards) if kind is _CHI else per_kind[kind][m.cards[0]]
    return total


# What a check reads of a seat's table melds and the winning card, for callers that know it already (the score
# command reads each meld of a line from its own kept facts): (cards in the melds, quads among them, their 胡 under the
# table, the index of the last 扫 / 偎 of the card or -1, the index of the last 碰 of the card or -1); as
# :func:`meld_facts` and :func:`melds_hu` give them. tests/tools/test_score_meld_facts.py holds them to those.
MeldsKnown = tuple[int, int, int, int, int]
# What meld_facts gives of a seat's melds: (cards, quads, card -> (index of its 扫 / 偎, index of its 碰)).
MeldFacts = tuple[int, int, dict[int, tuple[int, int]]]


def evaluate_roles(
    hand: Sequence[int],
    melds: Sequence[Meld],
    card: int | None,
    source: Source,
    table: WinTable,
    known: MeldsKnown | None = None,
    facts: MeldFacts | None = None,
) -> list[Split]:
    """For every role of the winning card that completes the hand, its split with the highest 胡.

    A game whose score depends on more than 胡 (Bohu's 飘胡 depends on whether the card makes a 碰-type triple) picks
    among these by its own score. The splits build their groups when first read. ``known`` (the melds' facts, see
    :data:`MeldsKnown`; only with melds and a card) spares working them out (the score command keeps each meld's
    facts as it reads them). ``facts``: what :func:`meld_facts` gives for ``melds``, if the caller keeps it (the game
    does, per seat, as melds are made): it spares the look-up by the melds' identities, or the work on a new list.

    The roles (§8.3 of the Guilin rules): with no card, the hand as it stands (:func:`_as_it_stands`); the card joins
    the free cards (:func:`_card_free`, in most checks the only role); or it makes a meld of its own
    (:func:`_meld_roles`: a quad from a 坎 / 扫 / 偎 / 碰, or a triple from a pair).
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
        meld_n, meld_q, by_card = meld_facts(melds) if facts is None else facts
        meld_hu = None  # read when a role completes the hand
        if card is not None and card in by_card:
            sao_idx, peng_idx = by_card[card]
    else:
        meld_n = meld_q = meld_hu = 0
    quads = longs + meld_q
    info = _Hand(raw, free, free_n, longs, tuple(melds), meld_hu, table)
    if card is None:
        return _as_it_stands(info, hand_n + meld_n, quads)
    total_cards = hand_n + meld_n + 1
    complete = table.complete
    same = total_cards == complete[quads]  # roles that make no quad
    more = total_cards == complete[quads + 1]  # roles that make one
    if not same and not more:
        return []  # no role can hold the right number of cards (e.g. Bohu after an initial 提)
    held = raw[card]
    out: list[Split] = []
    if source is not _OWN_DRAW or (held != 2 and held != 3 and sao_idx < 0):
        # Not a forced meld of an own draw: the card may join the free cards.
        if same:
            found = _card_free(info, card, sao_idx, peng_idx, quads, known is not None)
            if found is not None:
                out.append(found)
        if source is _OWN_DRAW:
            if peng_idx < 0 or not more:
                return out  # no other role
        elif not (held == 2 and same or (held == 3 or sao_idx >= 0 or peng_idx >= 0) and more):
            return out  # no other role
    for role in _meld_roles(info, card, held, source, sao_idx, peng_idx, same, more, quads):
        found = _completed(info, role, card, sao_idx, peng_idx)
        if found is not None:
            out.append(found)
    return out


class _Hand:
    """What every role of one check reads of the hand: its bytes, its free cards (as one int and their count), its
    龙, its melds and their 胡 (None until a role completes), the table."""

    __slots__ = ("raw", "free", "free_n", "longs", "melds", "meld_hu", "table")

    def __init__(
        self, raw: bytes, free: int, free_n: int, longs: int, melds: tuple[Meld, ...], meld_hu: int | None,
        table: WinTable,
    ) -> None:  # fmt: skip
        self.raw, self.free, self.free_n, self.longs = raw, free, free_n, longs
        self.melds, self.meld_hu, self.table = melds, meld_hu, table

    def fixed_hu(self) -> int:
        """The 胡 of the melds and of the 坎 / 龙 held (read once a role completes)."""
        meld_hu = self.meld_hu
        if meld_hu is None:
            meld_hu = self.meld_hu = melds_hu(self.melds, self.table)
        raw = self.raw
        return meld_hu + (_fixed_hu(raw, self.table) if self.longs or 3 in raw else 0)


def _as_it_stands(hand: _Hand, cards: int, quads: int) -> list[Split]:
    """The hand judged as it stands (no card: a win from the deal, or after a forced meld already made): one role."""
    table = hand.table
    if cards != table.complete[quads]:
        return []
    need_pair = table.pair_always or quads >= 1
    free_n = hand.free_n
    if free_n % 3 != (2 if need_pair else 0):
        return []
    free = hand.free
    symbols = (((free & _LOW10) << 2) + (free >> 80)).to_bytes(10, "big")  # as in _symbols
    erqishi = table.erqishi
    value = free_value(symbols, need_pair, erqishi) if free_n <= CAP else _searched(symbols, need_pair, erqishi)
    if value < 0:
        return []
    role: RoleArgs = ("base", hand.raw, hand.melds, None, -1, -1, table, symbols, need_pair, value)
    return [Split.found(value + hand.fixed_hu(), quads, role)]


def _card_free(hand: _Hand, card: int, sao_idx: int, peng_idx: int, quads: int, keep_pairs: bool) -> Split | None:
    """The card joins the free cards: the usual role, and in most checks the only one."""
    table = hand.table
    need_pair = table.pair_always or quads >= 1
    free_n = hand.free_n
    if (free_n + 1) % 3 != (2 if need_pair else 0):
        return None
    free = hand.free
    symbols = (((free & _LOW10) << 2) + (free >> 80) + _UNIT_AT[card]).to_bytes(10, "big")
    erqishi = table.erqishi
    if free_n >= CAP:
        value = _searched(symbols, need_pair, erqishi)
    elif need_pair and keep_pairs:
        # The pair's tries walk the rows up to ten times: for the score command (the caller that knows the melds'
        # facts) their value is kept by the symbols, as its lines often repeat their free cards. The game's checks
        # seldom repeat, so they walk the rows each time and keep nothing.
        kept = _PAIR_VALUES[erqishi]
        value = kept.get(symbols, -3)
        if value == -3:
            x, dead, _ = ROWS[erqishi]
            a, b, d, e, f, g, h, i, j, k = symbols
            value = pair_value(x, dead, a, b, d, e, f, g, h, i, j, k)
            if len(kept) >= _PAIR_LIMIT:
                kept.clear()
            kept[symbols] = value
    else:
        a, b, d, e, f, g, h, i, j, k = symbols
        x, dead, _ = ROWS[erqishi]
        if need_pair:
            value = pair_value(x, dead, a, b, d, e, f, g, h, i, j, k)
        else:
            value = x[a][b][d][e][f][g][h][i][j][k][16]
    if value < 0:
        return None
    role: RoleArgs = ("card_free", hand.raw, hand.melds, card, sao_idx, peng_idx, table, symbols, need_pair, value)
    return Split.found(value + hand.fixed_hu(), quads, role)


# A role in which the card makes a meld of its own: (tag, change of the free cards' symbols, free cards, quads, 胡 of
# the fixed groups beyond the hand's and melds').
_Role = tuple[str, int, int, int, int]


def _meld_roles(
    hand: _Hand, c: int, held: int, source: Source, sao_idx: int, peng_idx: int, same: bool, more: bool, quads: int
) -> list[_Role]:
    """The roles in which the card makes a meld, in the order the callers see them. An own draw onto a 坎, a 扫 / 偎
    or a pair is forced (扫穿 / 提, 扫 / 偎): that is its only such role. Another's card may make a 碰-type triple
    with a pair held, a quad with a 坎 held or with a 扫 / 偎, and any card a quad with a 碰 (from a discard only where
    the rules allow it)."""
    table, melds, free_n = hand.table, hand.melds, hand.free_n
    if source is _OWN_DRAW and held == 3:
        return [("own_quad_kan", 0, free_n, quads + 1, _quad_own(table, c) - _kan(table, c))] if more else []
    if source is _OWN_DRAW and sao_idx >= 0:
        swap = _quad_own(table, c) - table.meld_value(melds[sao_idx])
        return [("own_quad_sao", 0, free_n, quads + 1, swap)] if more else []
    if source is _OWN_DRAW and held == 2:
        triple = _triple(table, table.triple_own, c)
        return [("own_triple", -2 * _UNIT_AT[c], free_n - 2, quads, triple)] if same else []
    roles: list[_Role] = []
    if source is not _OWN_DRAW:
        if held == 2 and same:
            roles.append(("other_triple", -2 * _UNIT_AT[c], free_n - 2, quads, _triple(table, table.triple_other, c)))
        elif held == 3 and more:
            roles.append(("other_quad_kan", 0, free_n, quads + 1, _quad_other(table, c) - _kan(table, c)))
        if sao_idx >= 0 and more:
            swap = _quad_other(table, c) - table.meld_value(melds[sao_idx])
            roles.append(("other_quad_sao", 0, free_n, quads + 1, swap))
    if peng_idx >= 0 and more and (source is not _DISCARD or table.peng_upgrade_on_discard):
        swap = _quad_other(table, c) - table.meld_value(melds[peng_idx])
        roles.append(("peng_quad", 0, free_n, quads + 1, swap))
    return roles


def _completed(hand: _Hand, role: _Role, card: int, sao_idx: int, peng_idx: int) -> Split | None:
    """The best split of a role in which the card makes a meld, or None when its free cards do not split."""
    tag, change, n_free, quads, role_fixed = role
    table = hand.table
    need_pair = table.pair_always or quads >= 1
    if n_free % 3 != (2 if need_pair else 0):
        return None
    free = hand.free
    symbols = (((free & _LOW10) << 2) + (free >> 80) + change).to_bytes(10, "big")
    erqishi = table.erqishi
    value = free_value(symbols, need_pair, erqishi) if n_free <= CAP else _searched(symbols, need_pair, erqishi)
    if value < 0:
        return None
    found: RoleArgs = (tag, hand.raw, hand.melds, card, sao_idx, peng_idx, table, symbols, need_pair, value)
    return Split.found(value + hand.fixed_hu() + role_fixed, quads, found)


# The free cards' value with a pair, by their symbols, per rule set (二七十 a group or not); bounded.
_PAIR_VALUES: dict[bool, dict[bytes, int]] = {True: {}, False: {}}
_PAIR_LIMIT = 4_096


def _searched(symbols: bytes | bytearray, need_pair: bool, erqishi: bool) -> int:
    """The free cards' value by the search, for more free cards than the tables hold (no hand has that many)."""
    return best_value(pack3(counts_of(symbols)) | (PAIR if need_pair else 0) | (0 if erqishi else NO27))


def _kan(table: WinTable, card: int) -> int:
    return table.values_of("kan")[card]


def _quad_own(table: WinTable, card: int) -> int:
    return table.values_of(table.quad_own)[card]


def _quad_other(table: WinTable, card: int) -> int:
    return table.values_of(table.quad_other)[card]


def _triple(table: WinTable, kind: MeldKind, card: int) -> int:
    return table.values_of(kind)[card]
