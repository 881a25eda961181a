"""The win check (胡的判定): the game's question at every card, with every pre-check in front of the role evaluation.

:func:`find_wins` is what the game asks (engine/game.py ``Game._win_check``): the reach filter (engine/win/reach.py)
and two refusals that need no role evaluation, then :func:`~zipai_desktop.engine.win.roles.evaluate_roles`.
:func:`best_free` is the free cards' best 胡 by the automaton, for callers holding plain counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..melds import Meld
from .automaton import CAP, ROWS, SYMBOL, free_value, held_value, pair_value
from .model import FIXED_AT, FREE_COUNTS, LONGS_AT, Source, WinTable, free_symbols
from .reach import Kept
from .reference import NO27, PAIR, best_value
from .reference import pack as pack3
from .roles import MeldFacts, MeldsKnown, evaluate_roles, evaluate_win, meld_facts, melds_hu
from .split import Split

__all__ = [
    "MeldFacts",
    "MeldsKnown",
    "Source",
    "Split",
    "WinTable",
    "best_free",
    "evaluate_roles",
    "evaluate_win",
    "find_wins",
    "meld_facts",
]


# ---------------------------------------------------------------------------------------------------------------------
# The value of the free cards: the automaton of engine.win.automaton, fed ten symbols (十 first, 4 x small + big count).

_MAX_COUNT = 3


def pack(counts: Sequence[int]) -> int:
    """A count vector (counts <= 3) as the automaton's ten symbols, read as one int (a compact key for caches)."""
    return int.from_bytes(free_symbols(int.from_bytes(bytes(counts), "little")), "big")


def best_free(counts: Sequence[int], need_pair: bool, erqishi: bool = True) -> int:
    """Max 胡 of the free cards split into 吃-type groups (and one pair if ``need_pair``), or -1."""
    total = sum(counts)
    if total % 3 != (2 if need_pair else 0):
        return -1
    if max(counts) > _MAX_COUNT:  # never free cards of a hand; the search handles any count
        return best_value(pack3(counts) | (PAIR if need_pair else 0) | (0 if erqishi else NO27))
    if total > CAP:
        return best_value(pack3(counts) | (PAIR if need_pair else 0) | (0 if erqishi else NO27))
    return free_value(free_symbols(int.from_bytes(bytes(counts), "little")), need_pair, erqishi)


# ---------------------------------------------------------------------------------------------------------------------
# The game's question at every card: every pre-check, then the roles.


def find_wins(
    hand: list[int],
    melds: Sequence[Meld],
    card: int | None,
    source: Source,
    table: WinTable,
    facts: MeldFacts,
    reach: Kept,
) -> list[Split]:
    """Every role of ``card`` that completes a seat's hand, with its best split (:func:`evaluate_roles`): the game's
    win check at every card it offers, and at a hand as it stands (``card`` None).

    ``facts`` is :func:`meld_facts` of ``melds`` and ``reach`` what
    :func:`~zipai_desktop.engine.win.reach.keep_function` gives for ``hand`` (the game keeps both per seat until they
    change). Most checks find nothing, so three cheap refusals come first, each exact (tests/engine/win/test_check.py
    holds them to :func:`evaluate_roles`):

    1. the reach filter: a hand with a loose card no card of this kind can join cannot complete;
    2. a card the hand holds at most once, in no 扫 / 偎 / 碰 of the seat, has one role only ("card_free"): it joins
       the free cards, which must then split; that one role is answered here in full (:func:`_one_role`: most
       cards a game checks, and most of its wins), without the role evaluation, as is a hand as it stands (one role);
    3. another's card the hand holds a pair of, in no meld of the seat, has two ("other_triple", "card_free"): the
       free cards without the pair must split, or the free cards with three of it.

    ``hand`` is read, and changed for a moment and put back as it was (no copy is made).
    """
    mask = reach[1]
    if mask >= 0 and (card is None or not mask >> card & 1):
        return []
    if card is None:  # the hand as it stands (after a forced meld, say): one role, answered here in full
        return _one_role(hand, melds, None, source, table, facts, facts[0], facts[1])
    if hand[card] < 2:
        meld_cards, meld_quads, by_card = facts
        if card not in by_card:
            # Of a kind the hand does not hold: a group of two free cards of the hand must take it (no pair can),
            # a 吃 plan's group, which the kept 吃 mask tells (no table walk at all).
            if not hand[card] and not reach[2] >> card & 1:
                return []
            return _one_role(hand, melds, card, source, table, facts, meld_cards, meld_quads)
    elif hand[card] == 2 and source is not Source.OWN_DRAW:
        _, quads, by_card = facts
        if card not in by_card:
            # A 碰-type triple (the free cards without the pair must split) or three free copies (the free counts
            # with a 3 at the card, made into the automaton's symbols as evaluate_roles makes them: held_value reads
            # a 3 as a 坎). Neither splits: no win.
            need_pair = table.pair_always or quads > 0 or 4 in hand
            hand[card] = 0
            value = held_value(hand, need_pair, table.erqishi)
            hand[card] = 2
            if value == -1:
                free = bytearray(bytes(hand).translate(FREE_COUNTS))
                free[card] = 3
                if free_value(free_symbols(int.from_bytes(free, "little")), need_pair, table.erqishi) == -1:
                    return []
    return evaluate_roles(hand, melds, card, source, table, None, facts)


def _one_role(
    hand: list[int],
    melds: Sequence[Meld],
    card: int | None,
    source: Source,
    table: WinTable,
    facts: MeldFacts,
    meld_cards: int,
    meld_quads: int,
) -> list[Split]:
    """find_wins where there is one role: a card the hand holds at most once, in no 扫 / 偎 / 碰 of the seat, joins
    the free cards ("card_free"); with no card, the hand is judged as it stands ("base"). The answer is one walk, and a
    win's split is made here from what the walk read.

    The 20 counts (with the card counted in) are unpacked once: each number's symbol (SYMBOL) gives the automaton's
    step, and the walk refuses most cards; for a card the free cards take, each number's code (WinTable.codes) gives
    the cards, the 龙 and the 胡 of the 坎 / 龙 its counts add, and a count that makes no complete hand is refused. The
    split is the one :func:`evaluate_roles` makes for this role (tests/engine/win/test_check.py holds them equal, role
    and all).
    """
    if card is not None:
        hand[card] += 1
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = hand
    if card is not None:
        hand[card] -= 1
    need_pair = table.pair_always or meld_quads > 0 or 4 in hand  # a pair with a quad (a 龙 held included)
    x, dead, _ = ROWS[table.erqishi]
    sy = SYMBOL
    a, b, c, d, e, f, g, h, i, j = (
        sy[k9][b9], sy[k8][b8], sy[k7][b7], sy[k6][b6], sy[k5][b5], sy[k4][b4], sy[k3][b3], sy[k2][b2], sy[k1][b1],
        sy[k0][b0],
    )  # fmt: skip
    if need_pair:
        value = pair_value(x, dead, a, b, c, d, e, f, g, h, i, j)
    else:
        value = x[a][b][c][d][e][f][g][h][i][j][16]
    if value == -1:
        return []
    if value < 0:  # more free cards than the tables hold (no hand has that many): the roles' search
        return evaluate_roles(hand, melds, card, source, table, None, facts)
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = table.codes
    code = (
        c0[k0][b0] + c1[k1][b1] + c2[k2][b2] + c3[k3][b3] + c4[k4][b4]
        + c5[k5][b5] + c6[k6][b6] + c7[k7][b7] + c8[k8][b8] + c9[k9][b9]
    )  # fmt: skip
    quads = (code >> LONGS_AT & 255) + meld_quads
    if (code & 255) + meld_cards != table.complete[quads]:
        return []  # no quad is made here: the cards must make a complete hand as they are
    # The split keeps the counts, melds and card and makes its role when first read (split._joined_role): most wins
    # checked are never claimed or shown.
    kept = tuple(melds)
    found = (tuple(hand), kept, card, table, need_pair, value)
    return [Split.found(value + (code >> FIXED_AT) + melds_hu(kept, table), quads, found)]
