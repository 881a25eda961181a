"""The viewer's hand on the table: columns (see :mod:`hand_columns`), where each card sits, dragging and the cursor.

Cards of a column overlap upwards, each showing its glyph, the bottom card whole (as a 字牌 hand is held). The hit area
of a card is the part of it that shows, so a click or a drag always takes the card under the pointer.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..ui import cards
from .hand_columns import Columns, auto_columns, counts_of, flat, is_locked, move_card, reconcile
from .layout import COLUMN_STEP

STEP = COLUMN_STEP  # the part of a card's height that shows above the card below it
DOUBLE_CLICK = 0.45  # seconds (of the scene's frame clock) between the clicks of a double-click
DRAG_START = 6  # pixels the pointer moves before a press becomes a drag


def column_height(card_w: int) -> int:
    """Pixels a column of three cards takes (a 龙 of four is packed into the same height)."""
    _, h = cards.card_size(card_w)
    return h + 2 * int(h * STEP)


@dataclass
class CardSpot:
    """A card of the viewer's hand as last drawn: its box, kind, column and row."""

    hit: pygame.Rect  # the part that shows (a click here takes this card)
    rect: pygame.Rect  # the whole card
    col: int
    row: int
    kind: int
    locked: bool


@dataclass
class Drag:
    """A card being dragged in the viewer's hand: where it came from and where the pointer is."""

    col: int
    row: int
    kind: int
    start: tuple[int, int]
    pos: tuple[int, int]
    active: bool = False


class HandView:
    """The columns of the hand in front of the screen, kept in step with the view model's count vector."""

    def __init__(self) -> None:
        """An empty hand, not arranged by the player, nothing dragged."""
        self.columns: Columns = []
        self.hand: list[int] = []
        self.manual = False  # the player arranged the hand: keep their columns (reconcile), do not re-sort
        self.cursor = 0  # index among the cards that may be discarded, in reading order
        self.keyboard = False  # the cursor shows once the keyboard is used
        self.drag: Drag | None = None
        self.last_click: tuple[float, int, int] | None = None  # (clock, column, row)
        self.awaited: Columns | None = None  # a resumed arrangement, taken once the view shows its hand

    def expect(self, columns: Columns | None) -> None:
        """The player's own arrangement of the hand the view is about to show (a resume, a hot-seat player back at
        the screen): held until the view's hand is exactly its cards (the deal may still be flying), then kept."""
        self.awaited = [list(c) for c in columns] if columns else None

    def sync(self, hand: list[int]) -> None:
        """Follow the hand: 理牌 (auto columns) until the player arranges it, then keep their arrangement."""
        if self.awaited is not None and counts_of(self.awaited) == list(hand):
            self.columns, self.awaited, self.manual = self.awaited, None, True
            self.hand = list(hand)
            return
        if hand == self.hand and self.columns:
            return
        if not self.manual or not self.columns:
            self.columns = auto_columns(hand)
        else:
            self.columns = reconcile(self.columns, hand)
        self.hand = list(hand)
        free = len(self.free())
        self.cursor = max(0, min(self.cursor, free - 1))  # the focus stays on a card as the hand shrinks

    def sort(self) -> None:
        """R: sort the hand again (理牌), forgetting the player's arrangement."""
        self.manual = False
        self.awaited = None
        self.columns = auto_columns(self.hand)

    def reset(self) -> None:
        """Forget the hand, its columns and any drag (a new hand is dealt)."""
        self.columns, self.hand, self.manual, self.drag, self.awaited = [], [], False, None, None

    # --- geometry -------------------------------------------------------------------------------------------------

    def spots(self, area: pygame.Rect, card_w: int) -> list[CardSpot]:
        """Every card with where it is drawn, in reading order (columns left to right, each bottom to top).

        The bottom card of a column is drawn last and shows whole; each card above shows only its top part (its glyph),
        the rest is under the card below it. Hit areas are the parts that show, so they never overlap.
        """
        w, h = cards.card_size(card_w)
        xstep = self._xstep(area, card_w)
        out = []
        for ci, col in enumerate(self.columns):
            step = int(h * STEP) if len(col) <= 3 else int(h * STEP * 2 / (len(col) - 1))
            locked = is_locked(col, self.hand)
            x = area.left + ci * xstep
            for ri, kind in enumerate(col):
                rect = pygame.Rect(x, area.bottom - h - ri * step, w, h)
                hit = rect.copy() if ri == 0 else pygame.Rect(x, rect.top, w, step)
                out.append(CardSpot(hit, rect, ci, ri, kind, locked))
        return out

    def free(self) -> list[tuple[int, int, int]]:
        """(column, row, kind) of the cards that may be discarded (not in a 坎 / 龙), in reading order."""
        return [(c, r, k) for c, r, k in flat(self.columns) if not is_locked(self.columns[c], self.hand)]

    def selected(self) -> tuple[int, int, int] | None:
        """The card under the keyboard cursor: (column, row, kind), or None when nothing can move."""
        free = self.free()
        return free[min(self.cursor, len(free) - 1)] if free else None

    def at(self, pos: tuple[int, int], area: pygame.Rect, card_w: int) -> CardSpot | None:
        """The card under ``pos``, if any."""
        for spot in self.spots(area, card_w):
            if spot.hit.collidepoint(pos):
                return spot
        return None

    def column_at(self, x: int, area: pygame.Rect, card_w: int) -> int:
        """The column under ``x``: -1 left of the first (a new column there), len(columns) right of the last."""
        if x < area.left:
            return -1
        return min(len(self.columns), (x - area.left) // self._xstep(area, card_w))

    def _xstep(self, area: pygame.Rect, card_w: int) -> int:
        """Pixels from one column to the next: a card and a gap, closed up if the columns would not fit the area."""
        step = card_w + max(4, card_w // 5)
        n = len(self.columns)
        if n > 1 and (n - 1) * step + card_w > area.width:
            step = max(card_w // 2, (area.width - card_w) // (n - 1))
        return step

    # --- moving cards ---------------------------------------------------------------------------------------------

    def move(self, col: int, row: int, dst: int) -> bool:
        """Move a card to column ``dst`` (or a new column at either end); True if it moved."""
        before = self.columns
        self.columns = move_card(self.columns, (col, row), dst, self.hand)
        if self.columns is before:
            return False
        self.manual = True
        self.awaited = None
        return True

    def nudge(self, direction: int) -> bool:
        """Shift+←/→: move the card under the cursor one column over (past an end: a new column there)."""
        chosen = self.selected()
        if chosen is None:
            return False
        col, row, kind = chosen
        dst = col + direction
        if dst < 0:
            dst = -1
        if not self.move(col, row, dst):
            return False
        # The cursor follows the card: it is now the top card of its new column.
        new_col = 0 if dst < 0 else min(dst, len(self.columns) - 1)
        for i, (c, r, k) in enumerate(self.free()):
            if c == new_col and k == kind and r == len(self.columns[c]) - 1:
                self.cursor = i
        return True
