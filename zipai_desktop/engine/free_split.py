"""Max 胡 of the free cards (散牌) of a hand: an automaton that reads the hand number by number.

Free cards split into sequences (一二三, 四五六 …), 二七十 and 搭 / 绞 (一一壹, 一壹壹), and exactly one pair when one
is needed. Read from 十 down to 一, all a split can still owe at a number is small: in each suit the sequences begun
at the two numbers before (they need this number) and the 二七十 begun at 十 (they need 七 and 二), and whether the
pair is taken. Those debts are the states of a nondeterministic automaton (NFA) whose symbol at a number is
``4 x small count + big count`` (free counts are 0..3: a 4th card would make a 坎 or 龙, which are not free).

At a number, the free cards pay the debts first; what is left is split between 搭 / 绞 (``d`` small and ``(0, 2, 1,
3)[d]`` big cards: one 一一壹 takes 2 + 1, one 一壹壹 takes 1 + 2, one of each 3 + 3; with counts <= 3 nothing else
fits), the pair, new 二七十 (at 十 only) and new sequences (down to 三 only).

Sets of NFA states (a DFA state) are built the first time a hand reaches them and kept, each with its 16 successors,
so a check is ten list look-ups once the states on its path are known. Reading from 十 puts every 胡 at the end:
一二三 and 二七十, the only valued groups (3 small, 6 big), close at 一 and 二; up to there the DFA states carry no
values, and stay few (a few thousand after tens of thousands of hands). Memory is bounded: an automaton that grows
past :data:`STATE_LIMIT` states starts again from its first state.
"""

from __future__ import annotations

import base64
import sys
import zlib
from array import array

from .free_split_build import CAP, DEAD, START

if DEAD != 0:  # the walks below test a state for death as `not x`
    raise ImportError("free_split expects the dead state at index 0")
from .free_split_data import TABLES

__all__ = ["CAP", "free_value", "symbols_of"]


def symbols_of(counts: bytes | bytearray | list[int] | tuple[int, ...]) -> bytes:
    """The ten symbols of 20 free counts (kinds 一..十 then 壹..拾, each 0..3), 十 / 拾 first."""
    return bytes(4 * counts[9 - i] + counts[19 - i] for i in range(10))


def _decode_tables(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
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
    # A tuple walks about twice as fast as an array (no int is made per step; each entry is a shared int, id x 16),
    # and unlike a list, the garbage collector stops visiting a tuple of ints after its first look (a list of 392,000
    # entries visited at every full collection slowed the whole game by a tenth).
    return tuple(map([16 * i for i in range(n)].__getitem__, ids)), tuple(accept.tolist())


_TABLES = {e: _decode_tables(TABLES[e]) for e in (True, False)}
# Per symbol, the symbols left when a pair is taken from it (2 small cards or 2 big cards of its number).
_PAIR_TAKEN_FROM = tuple(
    tuple(([sym - 8] if sym >> 2 >= 2 else []) + ([sym - 2] if sym & 3 >= 2 else [])) for sym in range(16)
)


def free_value(symbols: bytes | bytearray, need_pair: bool, erqishi: bool) -> int:
    """Max 胡 of the free cards given as ten symbols (十 first), or -1 when they do not split; -2 when they hold more
    than :data:`CAP` cards (the caller searches instead).

    Without a pair, ten steps through the table. With one, the pair is taken at each number that has two of a kind
    and the rest is read from there: the numbers before it were already read on the way (their state is ``x``).
    """
    trans, accept = _TABLES[erqishi]
    if not need_pair:
        # Written out rather than looped: a loop's own steps cost as much as the look-ups (a dead hand stays dead).
        a, b, c, d, e, f, g, h, i, j = symbols
        x = trans[trans[trans[trans[trans[START + a] + b] + c] + d] + e]
        return accept[trans[trans[trans[trans[trans[x + f] + g] + h] + i] + j] >> 4]
    best = -1
    unknown = False
    x = START
    at = 0
    for sym in symbols:
        at += 1
        takens = _PAIR_TAKEN_FROM[sym]
        if takens:
            for taken in takens:
                y = trans[x + taken]
                if not y:
                    continue  # dead: most wrong places for the pair die within a number or two
                for rest in symbols[at:]:
                    y = trans[y + rest]
                    if not y:
                        break
                value = accept[y >> 4]
                if value > best:
                    best = value
                elif value == -2:
                    unknown = True
        x = trans[x + sym]
        if not x:
            break  # no pair taken later can mend the numbers read so far
    return -2 if unknown and best < 0 else best
