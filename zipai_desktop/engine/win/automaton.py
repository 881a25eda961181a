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
free_split_data.py by build/make_win_tables.py). Here each state becomes a row, a tuple of its 16 successor rows and
its value, so a check is ten subscripts. Reading from 十 puts every 胡 at the end: 一二三 and 二七十, the only valued
groups (3 small, 6 big), close at 一 and 二; up to there the states carry no values.
"""

from __future__ import annotations

import base64
import gc
import marshal
import sys
import zlib
from array import array
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .automaton_build import CAP, DEAD, START, UNKNOWN
from .tables_data import TABLES

__all__ = ["CAP", "ROWS", "SYMBOL", "free_value", "held_value", "pair_value", "symbols_of"]


def symbols_of(counts: bytes | bytearray | list[int] | tuple[int, ...]) -> bytes:
    """The ten symbols of 20 free counts (kinds 一..十 then 壹..拾, each 0..3), 十 / 拾 first."""
    return bytes(4 * counts[9 - i] + counts[19 - i] for i in range(10))


def _decoded(text: str) -> tuple[array[int], list[int]]:
    """The shipped tables: per state its 16 successors' ids (``array('H')``, 16 x state + symbol) and its value."""
    data = zlib.decompress(base64.b64decode(text))
    n = int.from_bytes(data[:4], "little")
    accept = array("i")
    accept.frombytes(data[4 : 4 + 4 * n])
    ids = array("H")
    ids.frombytes(data[4 + 4 * n :])
    if sys.byteorder != "little":
        accept.byteswap()
        ids.byteswap()
    if len(ids) != 16 * n or ids[16:32] != array("H", [1] * 16):
        raise ValueError("free_split_data.py does not hold the win check's tables: run build/make_win_tables.py")
    return ids, accept.tolist()


def _decode_tables(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The shipped tables as the builder gives them (successor as id x 16, values): what the tests compare."""
    ids, accept = _decoded(text)
    return tuple(16 * i for i in ids), tuple(accept)


Row = tuple[Any, ...]  # a DFA state: its 16 successors (rows), then its value (see :func:`_rows`)
_SINK_DEPTH = 11  # more than any walk's steps (ten symbols)


def _rows(text: str) -> tuple[Row, Row, Row]:
    """The tables as linked rows: each state a tuple of its 16 successor states and, at index 16, its value.

    A step is then ``row[symbol]``: one subscript of a tuple by a small int, with no index worked out (the builder's
    flat ``trans[x + symbol]`` makes a new int at every step). The live states are acyclic (the automaton reads
    exactly ten symbols, so no live state comes back), so the rows are built successors first. The two sinks, dead
    (no split) and unknown (past the tables' cards), loop on themselves; as tuples cannot, each is a chain deeper than
    any walk. The garbage collector stops following a tuple of untracked tuples and ints once it has seen it so (a
    layer or more at each full collection), so unlike a flat list of the same size the rows stop costing it anything.
    Returns (start, dead, unknown): a walk leaves a live state to the top of a chain, so ``row is dead`` tells death.
    """
    ids, accept = _decoded(text)
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
    # A layer ends where a state points into it. (A layer at a time, not a row at a time: this runs at import when
    # the rows file cannot be used.)
    row_of = rows.__getitem__
    first = START // 16 + 1
    highest = list(map(max, *[ids[j::16] for j in range(16)]))  # per state, its highest successor's id
    if any(map(int.__ge__, highest[first:], range(first, n))):
        raise ValueError("free_split_data.py's states are not in the builder's order: run build/make_win_tables.py")
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

# The rows of both rule sets as marshal writes them (shared rows written once, then referred to), zlib-compressed,
# with a fingerprint of the tables they were made from: build/make_win_tables.py writes it beside this module.
ROWS_FILE = Path(__file__).with_name("tables_rows.bin")


def tables_fingerprint(tables: Mapping[bool, str]) -> int:
    """A checksum of the shipped tables' text: the rows file holds rows made from the tables with this checksum."""
    return zlib.crc32(tables[False].encode("ascii"), zlib.crc32(tables[True].encode("ascii")))


def rows_blob(tables: Mapping[bool, str]) -> bytes:
    """The rows file's bytes for ``tables``: their fingerprint, every row of both rule sets (:func:`_rows`) with each
    row after the rows it points to, and per rule set where its start, dead and unknown rows are in that list."""
    rows = {e: _rows(tables[e]) for e in (True, False)}
    listed = _successors_first([row for e in (True, False) for row in rows[e]])
    at = {id(row): i for i, row in enumerate(listed)}
    where = {e: tuple(at[id(row)] for row in rows[e]) for e in (True, False)}
    return zlib.compress(marshal.dumps((tables_fingerprint(tables), listed, where), 4), 9)


def _successors_first(roots: list[Row]) -> list[Row]:
    """Every row reached from ``roots``, once, each after the rows it points to."""
    out: list[Row] = []
    seen: set[int] = set()
    for root in roots:
        if id(root) in seen:
            continue
        seen.add(id(root))
        stack = [(root, iter(root[:16]))]
        while stack:
            row, successors = stack[-1]
            for nxt in successors:
                if isinstance(nxt, tuple) and id(nxt) not in seen:
                    seen.add(id(nxt))
                    stack.append((nxt, iter(nxt[:16])))
                    break
            else:
                stack.pop()
                out.append(row)
    return out


def _load_rows(blob: bytes | None, tables: Mapping[bool, str]) -> Rows:
    """The rows of ``tables``: read from the rows file's bytes when they hold these tables' rows, else made.

    Reading them (marshal makes each row once and refers to it after) is much quicker than making them from the
    tables. The garbage collector is paused while they are read, as it would otherwise walk the growing rows again and
    again. They are listed successors first, so marshal makes each row after those it points to, and the collector's
    next pass over the young objects lets go of every row in one go (it stops following a tuple of untracked tuples
    and ints): made the other way round, it took a pass per number and walked the rows at each one.
    A file that is missing, of another Python's marshal format, damaged, or made from other tables is not used: the
    rows are then made from the tables, as before.
    """
    if blob is not None:
        enabled = gc.isenabled()
        gc.disable()
        try:
            fingerprint, listed, where = marshal.loads(zlib.decompress(blob))
            rows = {e: tuple(listed[i] for i in where[e]) for e in (True, False)}
        except (ValueError, EOFError, TypeError, zlib.error, LookupError):
            fingerprint = rows = None
        finally:
            if enabled:
                gc.enable()
        if fingerprint == tables_fingerprint(tables) and _are_rows(rows):
            return rows  # type: ignore[return-value]
    return {e: _rows(tables[e]) for e in (True, False)}


def _are_rows(rows: object) -> bool:
    """Whether ``rows`` has the shape of :data:`Rows` (what a file made by the builder holds)."""
    return (
        isinstance(rows, dict)
        and sorted(rows) == [False, True]
        and all(
            isinstance(three, tuple)
            and len(three) == 3
            and all(isinstance(row, tuple) and len(row) == 17 for row in three)
            for three in rows.values()
        )
    )


def _read_rows_file() -> bytes | None:
    try:
        return ROWS_FILE.read_bytes()
    except OSError:  # not shipped (a copy of the modules alone): the rows are made
        return None


ROWS = _load_rows(_read_rows_file(), TABLES)
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
