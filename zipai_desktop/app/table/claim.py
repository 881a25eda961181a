"""The 吃 / 比 chooser: where the ways to eat an offered card go, clear of the log, the 听 list and every seat.

A 吃 offer can come with many ways to eat (eight is not rare in 桂林字牌: two copies of a neighbour in hand multiply
the main groups and their 比 groups). Each way is a button of small cards, labelled 吃 and 比, with its number key to
its left. The buttons stand in a grid inside a panel whose first line asks for the card ("要这张七吗？"). The panel
takes the felt :attr:`.layout.Layout.claim` leaves free (between the side seats, left of the log, above the viewer's
row), above the 听 list when that is shown. It keeps right of the card on offer while the choices fit there with cards
at least :data:`NEAR_SHARE` of their usual width; more choices take the middle of the table, as a dialog, in as many
columns as they need, then push the 听 list down to a few lines (it says how many it leaves out); only then do the
cards get smaller still.

Pure geometry: the caller measures the words (the 吃 / 比 labels, the number keys, the title) and draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ..ui.cards import card_size

NEAR_SHARE = 0.75  # the cards shrink to this share of their usual width before the chooser takes more room
MIN_CARD_W = 12  # the smallest card a choice is drawn with
CARD_GAP = 2  # between the cards of a group
GROUP_GAP = 6  # between the groups of a choice
KEY_GAP = 4  # between a choice's number and its button


@dataclass(frozen=True)
class Choice:
    """One way to eat as placed: its button and, left of it, the place of its number key."""

    rect: pygame.Rect
    key: pygame.Rect


@dataclass(frozen=True)
class Chooser:
    """The placed chooser: its panel, the title's place, the card width of the choices and each choice."""

    box: pygame.Rect
    title: pygame.Rect
    card_w: int
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class Words:
    """The sizes of the chooser's words, measured by the caller: the 吃 label, the 比 label, a number key and the
    title."""

    chi: tuple[int, int]
    bi: tuple[int, int]
    key: tuple[int, int]
    title: tuple[int, int]


def choice_width(groups: Sequence[Sequence[int]], card_w: int, words: Words) -> int:
    """A choice's button width: each group's label (吃 for the first, 比 for the others) and cards, 4 px inside each
    edge."""
    cards = sum(len(g) for g in groups)
    labels = sum((words.chi if i == 0 else words.bi)[0] + 4 for i in range(len(groups)))
    return cards * (card_w + CARD_GAP) + GROUP_GAP * (len(groups) - 1) + 8 + labels


def _grid(
    choices: Sequence[Sequence[Sequence[int]]], card_w: int, cols: int, words: Words, gap: int
) -> tuple[int, int, int, int]:
    """(panel width, panel height, cell width, row height) of ``choices`` in ``cols`` columns at ``card_w``."""
    row_h = max(card_size(card_w)[1] + 8, words.chi[1], words.key[1])
    cell_w = words.key[0] + KEY_GAP + max(choice_width(g, card_w, words) for g in choices)
    rows = -(-len(choices) // cols)
    width = max(cols * cell_w + (cols - 1) * gap, words.title[0]) + 2 * gap
    height = words.title[1] + gap + rows * row_h + (rows - 1) * gap + 2 * gap
    return width, height, cell_w, row_h


def place_chooser(
    choices: Sequence[Sequence[Sequence[int]]],
    tries: Sequence[tuple[pygame.Rect, int]],
    card_w: int,
    words: Words,
    gap: int,
) -> Chooser:
    """The chooser for ``choices`` (each a way to eat: its groups of cards), at the bottom right of the first of
    ``tries`` (an area and the least card width allowed there) where it fits with cards up to ``card_w`` wide, in as few
    columns as that needs; larger cards come before fewer columns. When nothing fits (a window far below the
    smallest supported), the last area is used with the smallest cards and as many columns as its width holds."""
    for area, least in tries:
        for w in range(card_w, max(MIN_CARD_W, least) - 1, -1):
            for cols in range(1, len(choices) + 1):
                width, height, cell_w, row_h = _grid(choices, w, cols, words, gap)
                if width <= area.width and height <= area.height:
                    return _placed(choices, area, w, cols, words, gap)
    area = tries[-1][0]
    cols = 1
    while cols < len(choices) and _grid(choices, MIN_CARD_W, cols + 1, words, gap)[0] <= area.width:
        cols += 1
    return _placed(choices, area, MIN_CARD_W, cols, words, gap)


def _placed(
    choices: Sequence[Sequence[Sequence[int]]], area: pygame.Rect, card_w: int, cols: int, words: Words, gap: int
) -> Chooser:
    """The grid of ``choices`` at ``card_w`` in ``cols`` columns, its panel at the bottom right of ``area``; choices
    read along the rows (1, 2 on the first row ...), each button after its number."""
    width, height, cell_w, row_h = _grid(choices, card_w, cols, words, gap)
    box = pygame.Rect(0, 0, width, height)
    box.bottomright = area.bottomright
    if box.top < area.top:  # (only when nothing fits) keep the title on the screen
        box.top = area.top
    title = pygame.Rect(box.left + gap, box.top + gap, box.width - 2 * gap, words.title[1])
    placed = []
    for i, groups in enumerate(choices):
        row, col = divmod(i, cols)
        x = box.left + gap + col * (cell_w + gap)
        y = title.bottom + gap + row * (row_h + gap)
        key = pygame.Rect(x, y + (row_h - words.key[1]) // 2, words.key[0], words.key[1])
        rect = pygame.Rect(key.right + KEY_GAP, y, choice_width(groups, card_w, words), row_h)
        placed.append(Choice(rect, key))
    return Chooser(box, title, card_w, tuple(placed))
