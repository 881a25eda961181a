"""Max 胡 of the free cards (散牌) of a hand: an automaton that reads the hand number by number.

Free cards split into sequences (一二三, 四五六 …), 二七十 and 搭 / 绞 (一一壹, 一壹壹), and exactly one pair when one
is needed. Read from 十 down to 一, all a split can still owe at a number is small: in each suit the sequences begun
at the two numbers before (they need this number) and the 二七十 begun at 十 (they need 七 and 二), and whether the
pair is taken. Those debts are the states of a nondeterministic automaton (NFA) whose symbol at a number is
``4 x small count + big count`` (free counts are 0..3: a 4th card would make a 坎 or 龙, which are not free).

At a number, the free cards pay the debts first; what is left is split between 搭 / 绞 (``d`` small and ``(0, 2, 1,
3)[d]`` big cards: one 一一壹 takes 2 + 1, one 一壹壹 takes 1 + 2, one of each 3 + 3; with counts <= 3 nothing else
fits), the pair, new 二七十 (at 十 only) and new sequences (down to 三 only).

Sets of NFA states (a DFA state) are built ahead of time (engine/win/automaton_build.py, minimised, shipped in
tables.bin by build/make_win_tables.py). Here each state becomes a row, a tuple of its 16 successor rows and
its value, so a check is ten subscripts. Reading from 十 puts every 胡 at the end: 一二三 and 二七十, the only valued
groups (3 small, 6 big), close at 一 and 二; up to there the states carry no values.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

from .automaton_build import CAP, DEAD, START, UNKNOWN
from .tables import Tables, read_tables

__all__ = ["CAP", "ROWS", "SYMBOL", "free_value", "held_value", "pair_value", "symbols_of"]


def symbols_of(counts: bytes | bytearray | list[int] | tuple[int, ...]) -> bytes:
    """The ten symbols of 20 free counts (kinds 一..十 then 壹..拾, each 0..3), 十 / 拾 first."""
    return bytes(4 * counts[9 - i] + counts[19 - i] for i in range(10))


Row = tuple[Any, ...]  # a DFA state: its 16 successors (rows), then its value (see :func:`_rows`)
_SINK_DEPTH = 11  # more than any walk's steps (ten symbols)


def _rows(ids: array[int], accept: list[int]) -> tuple[Row, Row, Row]:
    """The tables as linked rows: each state a tuple of its 16 successor states and, at index 16, its value.

    A step is then ``row[symbol]``: one subscript of a tuple by a small int, with no index worked out (the builder's
    flat ``trans[x + symbol]`` makes a new int at every step). The live states are acyclic (the automaton reads
    exactly ten symbols, so no live state comes back), so the rows are built successors first. The two sinks, dead
    (no split) and unknown (past the tables' cards), loop on themselves; as tuples cannot, each is a chain deeper than
    any walk. The garbage collector stops following a tuple of untracked tuples and ints once it has seen it so (a
    layer or more at each full collection), so unlike a flat list of the same size the rows stop costing it anything.
    Returns (start, dead, unknown): a walk leaves a live state to the top of a chain, so ``row is dead`` tells death.
    """
    n = len(accept)
    rows: list[Row | None] = [None] * n
    for sink in (DEAD // 16, UNKNOWN // 16):
        row: Row = (None,) * 16 + (accept[sink],)
        for _ in range(_SINK_DEPTH):
            row = (row,) * 16 + (accept[sink],)
        rows[sink] = row
    # The builder numbers a state after its successors (the start, id 2, aside), layer by layer from the last number
    # back: no state of a layer points into its own layer. So the rows of a whole layer are made at once, in C: per
    # symbol, a map over that column of the successors' ids; zip makes each row of the 16 columns and the values.
    # A layer ends where a state points into it. (A layer at a time, not a row at a time: this runs at import.)
    row_of = rows.__getitem__
    first = START // 16 + 1
    highest = list(map(max, *[ids[j::16] for j in range(16)]))  # per state, its highest successor's id
    if any(map(int.__ge__, highest[first:], range(first, n))):
        raise ValueError("the win tables' states are not in the builder's order: run build/make_win_tables.py")
    layer = first
    for state in range(first, n + 1):
        if state == n or highest[state] >= layer:
            columns = [map(row_of, ids[16 * layer + j : 16 * state : 16]) for j in range(16)]
            rows[layer:state] = zip(*columns, accept[layer:state], strict=True)
            layer = state
    state = START // 16  # the start last: it points into the first number's layer, the last made
    rows[state] = (*map(row_of, ids[16 * state : 16 * state + 16]), accept[state])
    start, dead, unknown = rows[START // 16], rows[DEAD // 16], rows[UNKNOWN // 16]
    assert start is not None and dead is not None and unknown is not None
    return start, dead, unknown


Rows = dict[bool, tuple[Row, Row, Row]]  # per rule set (二七十 a group or not): the start, dead and unknown rows


def make_rows(tables: Tables) -> Rows:
    """The rows of both rule sets (:func:`_rows`)."""
    return {e: _rows(*tables[e]) for e in (True, False)}


ROWS = make_rows(read_tables())
# Per symbol, the symbols left when a pair is taken from it (2 small cards or 2 big cards of its number).
_PAIR_TAKEN_FROM = tuple(
    tuple(([sym - 8] if sym >> 2 >= 2 else []) + ([sym - 2] if sym & 3 >= 2 else [])) for sym in range(16)
)


def free_value(symbols: bytes | bytearray, need_pair: bool, erqishi: bool) -> int:
    """Max 胡 of the free cards given as ten symbols (十 first), or -1 when they do not split; -2 when they hold more
    than :data:`CAP` cards (the caller searches instead).

    Without a pair, ten steps through the rows; with one, :func:`pair_value`.
    """
    x, dead, _ = ROWS[erqishi]
    a, b, c, d, e, f, g, h, i, j = symbols
    if not need_pair:
        value: int = x[a][b][c][d][e][f][g][h][i][j][16]  # a dead or unknown walk ends in its chain: -1 / -2
        return value
    return pair_value(x, dead, a, b, c, d, e, f, g, h, i, j)


# Per pair of held counts (small, big; 0..4) of a number, its symbol: a count of 3 or 4 is a 坎 / 龙, not free.
SYMBOL = tuple(tuple(4 * (s if s < 3 else 0) + (b if b < 3 else 0) for b in range(5)) for s in range(5))


def held_value(hand: Sequence[int], need_pair: bool, erqishi: bool) -> int:
    """:func:`free_value` of a hand's free cards, read straight from its 20 held counts (each 0..4).

    The counts are unpacked and each number's symbol looked up (:data:`SYMBOL`): no bytes, free counts or symbols
    are made first, so a refused check is the walk alone. The value is the tables' own, whatever the counts add up
    to (-1: no split, and no search would find one either; -2: past the tables, search).
    """
    k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = hand
    x, dead, _ = ROWS[erqishi]
    if not need_pair:
        value: int = x[SYMBOL[k9][b9]][SYMBOL[k8][b8]][SYMBOL[k7][b7]][SYMBOL[k6][b6]][SYMBOL[k5][b5]][SYMBOL[k4][b4]][
            SYMBOL[k3][b3]
        ][SYMBOL[k2][b2]][SYMBOL[k1][b1]][SYMBOL[k0][b0]][16]
        return value
    return pair_value(
        x,
        dead,
        SYMBOL[k9][b9],
        SYMBOL[k8][b8],
        SYMBOL[k7][b7],
        SYMBOL[k6][b6],
        SYMBOL[k5][b5],
        SYMBOL[k4][b4],
        SYMBOL[k3][b3],
        SYMBOL[k2][b2],
        SYMBOL[k1][b1],
        SYMBOL[k0][b0],
    )


def pair_value(
    x: Row, dead: Row, a: int, b: int, c: int, d: int, e: int, f: int, g: int, h: int, i: int, j: int
) -> int:
    """Max 胡 with a pair of the ten symbols ``a`` .. ``j`` (十 first) from the start row ``x``, or -1 / -2.

    The pair is taken at each number that has two of a kind and the rest is read on from there: the numbers before
    it were already read on the way (their state is ``x``).
    """
    # The pair: tried at each number with two of a kind (_PAIR_TAKEN_FROM), reading the rest on from there; the
    # numbers before it are read once, on the way (``x``). Written out number by number (a hot path: kept flat on
    # purpose). A try that dies runs on in the dead chain (a few look-ups, no test).
    best = -1
    unknown = False
    for t in _PAIR_TAKEN_FROM[a]:
        y = x[t]
        if y is not dead:
            v = y[b][c][d][e][f][g][h][i][j][16]
            if v > best:
                best = v
            elif v == -2:
                unknown = True
    x = x[a]
    if x is not dead:
        for t in _PAIR_TAKEN_FROM[b]:
            y = x[t]
            if y is not dead:
                v = y[c][d][e][f][g][h][i][j][16]
                if v > best:
                    best = v
                elif v == -2:
                    unknown = True
        x = x[b]
    if x is not dead:
        for t in _PAIR_TAKEN_FROM[c]:
            y = x[t]
            if y is not dead:
                v = y[d][e][f][g][h][i][j][16]
                if v > best:
                    best = v
                elif v == -2:
                    unknown = True
        x = x[c]
    if x is not dead:
        for t in _PAIR_TAKEN_FROM[d]:
            y = x[t]
            if y is not dead:
                v = y[e][f][g][h][i][j][16]
                if v > best:
                    best = v
                elif v == -2:
                    unknown = True
        x = x[d]
    if x is not dead:
        for t in _PAIR_TAKEN_FROM[e]:
            y = x[t]
            if y is not dead:
                v = y[f][g][h][i][j][16]
                if v > best:
                    best = v
                elif v == -2:
                    unknown = True
        x = x[e]
    if x is not dead:
        for t in _PAIR_TAKEN_FROM[f]:
            y = x[t]
            if y is not dead:
                v = y[g][h][i][j][16]
                if v > best:
                    best = v
                elif v == -2:
                    unknown = True
        x = x[f]
    if x is not dead:
        for t in _PAIR_TAKEN_FROM[g]:
            y = x[t]
            if y is not dead:
                v = y[h][i][j][16]
                if v > best:
                    best = v
                elif v == -2:
                    unknown = True
        x = x[g]
    if x is not dead:
        for t in _PAIR_TAKEN_FROM[h]:
            y = x[t]
            if y is not dead:
                v = y[i][j][16]
                if v > best:
                    best = v
                elif v == -2:
                    unknown = True
        x = x[h]
    if x is not dead:
        for t in _PAIR_TAKEN_FROM[i]:
            v = x[t][j][16]
            if v > best:
                best = v
            elif v == -2:
                unknown = True
        x = x[i]
    if x is not dead:
        for t in _PAIR_TAKEN_FROM[j]:
            v = x[t][16]
            if v > best:
                best = v
            elif v == -2:
                unknown = True
    return -2 if unknown and best < 0 else best
