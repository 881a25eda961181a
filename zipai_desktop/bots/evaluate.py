"""Hand evaluation for the bots: how close a concealed hand is to a win, and how good the wins it can reach are.

The concealed hand never grows in 字牌: cards come in only through claims, and each take turns a 2-card piece of the
hand into a meld and sheds one card by the discard that follows. So a good hand is one made of complete groups and
2-card pieces (搭子) that the rest of the deck can still complete, with few loose cards. :func:`shape` finds the best
split of the free cards into groups, pieces and loose cards (memoised on the packed count vector, like the win
splitter); the bots weight the pieces by how many completing cards are still unseen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import NUM_KINDS, number
from ..engine.melds import chi_bonus, chi_groups_with

GROUP = 10.0  # a complete group
PIECE = 3.5  # a 2-card piece with live completions
LOOSE = -1.5  # a card that belongs to nothing

_SHIFT = [3 * k for k in range(NUM_KINDS)]


@dataclass(frozen=True, slots=True)
class Shape:
    """A split of free cards: its score, the kinds that would complete each piece, and the loose cards."""

    score: float
    groups: int
    waits: tuple[tuple[int, ...], ...]  # per piece, the kinds that complete it
    loose: tuple[int, ...]


def _pieces_from(low: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """2-card pieces whose lowest kind is ``low``: (cards, kinds that complete them)."""
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    waits: dict[tuple[int, ...], set[int]] = {}
    for other in range(low, NUM_KINDS):
        pair = (low, other)
        for g in chi_groups_with(low):
            rest = list(g)
            rest.remove(low)
            if other in rest:
                rest.remove(other)
                waits.setdefault(pair, set()).add(rest[0])
    waits.setdefault((low, low), set()).add(low)  # a pair waits for its triple (碰 / 扫) too
    for cards, kinds in sorted(waits.items()):
        out.append((cards, tuple(sorted(kinds))))
    return out


def _groups_from(low: int) -> list[tuple[tuple[int, ...], float]]:
    out: list[tuple[tuple[int, ...], float]] = []
    for g in chi_groups_with(low):
        if min(g) == low:
            out.append((g, GROUP + chi_bonus(g) * 0.4))
    return out


_PIECES = [_pieces_from(k) for k in range(NUM_KINDS)]
_GROUPS = [_groups_from(k) for k in range(NUM_KINDS)]
_memo: dict[int, Shape] = {}


def _need(cards: tuple[int, ...]) -> list[tuple[int, int]]:
    need: dict[int, int] = {}
    for k in cards:
        need[k] = need.get(k, 0) + 1
    return [(_SHIFT[k], c) for k, c in need.items()]


def _count(cards: tuple[int, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for k in cards:
        out[k] = out.get(k, 0) + 1
    return out


_GROUP_NEEDS = [
    [(g, v, _need(g), sum(c << _SHIFT[k] for k, c in _count(g).items())) for g, v in row] for row in _GROUPS
]
_PIECE_NEEDS = [
    [(p, w, _need(p), sum(c << _SHIFT[k] for k, c in _count(p).items())) for p, w in row] for row in _PIECES
]


def _shape(key: int) -> Shape:
    hit = _memo.get(key)
    if hit is not None:
        return hit
    if key == 0:
        result = Shape(0.0, 0, (), ())
    else:
        low = ((key & -key).bit_length() - 1) // 3
        # The lowest card is loose ...
        rest = _shape(key - (1 << _SHIFT[low]))
        best = Shape(rest.score + LOOSE, rest.groups, rest.waits, (low, *rest.loose))
        # ... or in a group ...
        for _g, value, need, mask in _GROUP_NEEDS[low]:
            if all((key >> sh) & 7 >= c for sh, c in need):
                rest = _shape(key - mask)
                if rest.score + value > best.score:
                    best = Shape(rest.score + value, rest.groups + 1, rest.waits, rest.loose)
        # ... or in a 2-card piece.
        for _p, waits, need, mask in _PIECE_NEEDS[low]:
            if all((key >> sh) & 7 >= c for sh, c in need):
                rest = _shape(key - mask)
                if rest.score + PIECE > best.score:
                    best = Shape(rest.score + PIECE, rest.groups, (waits, *rest.waits), rest.loose)
        result = best
    if len(_memo) > 500_000:
        _memo.clear()
    _memo[key] = result
    return result


def shape(free: Sequence[int]) -> Shape:
    """The best split of free cards (counts <= 7 a kind) into groups, pieces and loose cards."""
    key = 0
    for k in range(NUM_KINDS):
        if free[k]:
            key |= free[k] << _SHIFT[k]
    return _shape(key)


def shape_of_key(key: int) -> Shape:
    """:func:`shape` of free cards given as their packed key (3 bits a kind, kind ``k`` at bit ``3 * k``): for a
    caller that updates the key as cards leave, rather than packing the counts again."""
    return _shape(key)


def free_cards(hand: Sequence[int]) -> list[int]:
    """The hand without its locked 坎 / 龙 (they are complete already and cannot be used)."""
    return [c if c < 3 else 0 for c in hand]


def locked_value(hand: Sequence[int]) -> float:
    """The value of the hand's locked 坎 / 龙 (three or four of a kind, never discarded): a complete group each, plus
    a little more for a big kind, whose 胡 value is higher."""
    return sum(GROUP + (2.0 if k >= 10 else 1.0) for k in range(NUM_KINDS) if hand[k] >= 3)


def _neighbours(kind: int) -> int:
    return len({k for g in chi_groups_with(kind) for k in g} - {kind}) + (1 if number(kind) in (2, 7, 10) else 0)


_NEIGHBOURS = [_neighbours(k) for k in range(NUM_KINDS)]


def neighbours(kind: int) -> int:
    """How many kinds can share a group with ``kind`` (a beginner's sense of a card's usefulness)."""
    return _NEIGHBOURS[kind]
