"""理牌: the viewer's hand held the way 字牌 players hold it, in short vertical columns (no pygame here).

A column is a list of card kinds, bottom card first. :func:`auto_columns` sorts a hand: each 坎 / 龙 its own column
(locked: it cannot be discarded), then 绞 (a pair and the other case of its number), pairs, 二七十, runs of three,
搭 (the two cases of one number), and the loose cards three to a column. :func:`reconcile` keeps the player's own
arrangement as cards leave and arrive: cards that left are taken out where they sat, new cards join a column they
make a group with (or a new column at the right), and a 坎 always stays one locked column. :func:`move_card` is the
player's drag (or Shift+arrow) of one card to another column or to a new one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.cards import NUM_KINDS, number

MAX_COLUMN = 4  # a 龙; a column the player builds holds at most this many cards

Columns = list[list[int]]


def _locked_kinds(hand: Sequence[int]) -> list[int]:
    return [k for k in range(NUM_KINDS) if hand[k] >= 3]


def is_locked(column: Sequence[int], hand: Sequence[int]) -> bool:
    """A 坎 / 龙 column: three or four of one kind the hand holds that many of (not to be discarded or split)."""
    return len(column) >= 3 and len(set(column)) == 1 and hand[column[0]] >= 3


def _groups_of(counts: list[int]) -> Columns:
    """The free cards (no kind more than twice) grouped greedily, most telling groups first."""
    out: Columns = []
    c = counts
    for k in range(10):  # 绞: a pair and the other case of the number (二二贰 / 二贰贰)
        for pair, other in ((k, k + 10), (k + 10, k)):
            if c[pair] >= 2 and c[other] >= 1:
                c[pair] -= 2
                c[other] -= 1
                out.append([pair, pair, other])
    for k in range(NUM_KINDS):
        if c[k] >= 2:
            c[k] -= 2
            out.append([k, k])
    for base in (0, 10):  # 二七十
        while c[base + 1] and c[base + 6] and c[base + 9]:
            for k in (base + 1, base + 6, base + 9):
                c[k] -= 1
            out.append([base + 1, base + 6, base + 9])
    for base in (0, 10):  # runs of three
        for start in range(base, base + 8):
            while c[start] and c[start + 1] and c[start + 2]:
                for k in (start, start + 1, start + 2):
                    c[k] -= 1
                out.append([start, start + 1, start + 2])
    for k in range(10):  # 搭: the two cases of one number
        while c[k] and c[k + 10]:
            c[k] -= 1
            c[k + 10] -= 1
            out.append([k, k + 10])
    loose = [k for k in range(NUM_KINDS) for _ in range(c[k])]
    loose.sort(key=lambda k: (number(k), k))
    out.extend(loose[i : i + 3] for i in range(0, len(loose), 3))
    return out


def auto_columns(hand: Sequence[int]) -> Columns:
    """The hand sorted into columns: 坎 / 龙 first (left), then the groups, then the loose cards."""
    counts = list(hand)
    out: Columns = []
    for k in _locked_kinds(hand):
        out.append([k] * counts[k])
        counts[k] = 0
    return out + _groups_of(counts)


def _fits(column: Sequence[int], card: int) -> bool:
    """Whether ``card`` on top of ``column`` still makes (part of) a group: a pair / 绞, a run, 二七十, a 搭."""
    if len(column) >= 3:
        return False
    cards = sorted([*column, card])
    if len(cards) == 1:
        return True
    if len({number(k) for k in cards}) == 1:  # one number: pair, 搭, 绞
        return True
    if len(set(cards)) != len(cards) or len({k >= 10 for k in cards}) != 1:
        return False
    nums = sorted(number(k) for k in cards)
    if set(nums) <= {2, 7, 10}:
        return True
    return nums[-1] - nums[0] <= 2


def reconcile(columns: Columns, hand: Sequence[int]) -> Columns:
    """The player's columns brought up to date with ``hand`` (a count vector), moving as little as possible."""
    need = list(hand)
    locked = set(_locked_kinds(hand))
    out: Columns = []
    for column in columns:
        if column and column[0] in locked and len(set(column)) == 1:
            k = column[0]
            if need[k]:  # a 坎 keeps its place, whole
                out.append([k] * need[k])
                need[k] = 0
            continue
        stay = []
        for k in column:
            if k not in locked and need[k] > 0:
                need[k] -= 1
                stay.append(k)
        if stay:
            out.append(stay)
    front = [[k] * need[k] for k in sorted(locked) if need[k]]  # a new 坎 (a dealt one) goes to the left
    for k in locked:
        need[k] = 0
    out = front + out
    for card in (k for k in range(NUM_KINDS) for _ in range(need[k])):
        target = next((c for c in out if not is_locked(c, hand) and _fits(c, card)), None)
        if target is not None:
            target.append(card)
        else:
            out.append([card])
    return out


def move_card(columns: Columns, src: tuple[int, int], dst: int, hand: Sequence[int]) -> Columns:
    """Move the card at ``src`` (column, row) to the top of column ``dst``; ``dst`` -1 makes a new column at the left,
    ``len(columns)`` a new one at the right. A 坎 card stays where it is, and a full or locked column takes nothing."""
    col, row = src
    if not (0 <= col < len(columns) and 0 <= row < len(columns[col])):
        return columns
    if is_locked(columns[col], hand) or dst == col:
        return columns
    out = [list(c) for c in columns]
    if 0 <= dst < len(out) and (len(out[dst]) >= MAX_COLUMN or is_locked(out[dst], hand)):
        return columns
    card = out[col].pop(row)
    if dst < 0:
        out.insert(0, [card])
        col += 1
    elif dst >= len(out):
        out.append([card])
    else:
        out[dst].append(card)
    return [c for c in out if c]


def flat(columns: Columns) -> list[tuple[int, int, int]]:
    """(column, row, kind) of every card, left to right, bottom to top: the keyboard's reading order."""
    return [(ci, ri, k) for ci, column in enumerate(columns) for ri, k in enumerate(column)]


def counts_of(columns: Columns) -> list[int]:
    """The count vector (20 kinds) of the cards in ``columns``."""
    out = [0] * NUM_KINDS
    for column in columns:
        for k in column:
            out[k] += 1
    return out
