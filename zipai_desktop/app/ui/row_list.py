"""The one list widget of the menu screens: rows of text in columns, a heading row, a highlight, a scroll bar.

The replays list, the statistics tables, the competition's standings and its past competitions are all a
:class:`RowList`. A list either lets the player choose a row (``selectable``: ↑/↓, Page Up/Down, Home/End move the
highlight and the page follows it, Enter or a click chooses) or only shows rows (the wheel and Page Up/Down scroll it);
``fit`` makes the text smaller, down to 10 px, until every row fits in the box before the list starts to scroll.

It is a small class of our own rather than pygame_gui's ``UISelectionList``: that list shows one left-aligned string
per row (no figure columns aligned on the right, no heading row, no colour for one row such as the player's own) and
has no keyboard navigation; its texts would also escape the screens' layout check (:class:`.sizing.Painter`), which
this widget's texts go through.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from .fonts import font
from .palette import FELT_DARK, GOLD, GREY, PANEL, WHITE
from .sizing import Painter, Ui

#: The smallest text a fitted list shrinks to.
SMALLEST = 10
#: A row's fill under the pointer or the highlight, and the player's own row's fill.
HOVER = (60, 110, 80)
MARKED = (40, 90, 64)


def choice_step(ui: Ui, size: int | None = None) -> int:
    """The height of one row of a selectable list (its box and the gap under it): a button's height and a little."""
    return ui.line(size) + ui.px(8)


@dataclass(frozen=True)
class Column:
    """One column: its heading (empty: no heading row), where its texts sit, and their colour and weight."""

    heading: str = ""
    align: str = "left"  # "left" or "right"
    colour: tuple[int, int, int] | None = None  # None: the row's colour
    bold: bool = False


@dataclass(frozen=True)
class ListRow:
    """One row: a text per column, what it stands for (``key``), its colour, and whether it is marked (the player's)."""

    cells: tuple[str, ...]
    key: Any = None
    colour: tuple[int, int, int] = WHITE
    marked: bool = False


@dataclass
class RowList:
    """A list of rows in columns inside a box, with the keyboard and the mouse (see the module's text)."""

    columns: tuple[Column, ...]
    selectable: bool = False
    fit: bool = False
    spread: bool = False  # rows share out the box's height (up to twice a line) instead of sitting packed at the top
    frame: bool = False  # a panel behind the rows (the replays list); otherwise the screen draws its own
    empty: str = ""  # shown when there are no rows
    rows: list[ListRow] = field(default_factory=list)
    selected: int | None = None
    focused: bool = True  # False: the keyboard is on another control, the highlight is not drawn
    scroll: int = 0
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    #: The rows as last drawn, with their boxes (clicks are matched against these).
    shown: list[tuple[pygame.Rect, ListRow]] = field(default_factory=list)
    _visible: int = 1

    # --- content ----------------------------------------------------------------------------------------------------

    def set_rows(self, rows: Sequence[ListRow]) -> None:
        """Show ``rows``; the highlight stays on the same key when it is still listed (a highlight set before the first
        rows stays on its row), the scroll is kept in range."""
        before = self.chosen()
        self.rows = list(rows)
        keys = [r.key for r in self.rows]
        if before is not None:
            self.selected = keys.index(before.key) if before.key in keys else None
        elif self.selected is not None and not 0 <= self.selected < len(self.rows):
            self.selected = None
        self._clamp()

    def chosen(self) -> ListRow | None:
        """The highlighted row, if any."""
        if self.selected is None or not 0 <= self.selected < len(self.rows):
            return None
        return self.rows[self.selected]

    def visible(self) -> int:
        """How many rows the box showed when last drawn."""
        return self._visible

    # --- input ------------------------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> ListRow | None:
        """Move the highlight or scroll; the row chosen by Enter or a click, else None."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
        elif event.type == pygame.KEYDOWN:
            page = max(1, self._visible - 1)
            steps = {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
            if self.selectable:
                steps.update({pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_HOME: -len(self.rows)})
                steps[pygame.K_END] = len(self.rows)
            if event.key in steps:
                if self.selectable:
                    self.move(steps[event.key])
                else:
                    self.scroll_by(steps[event.key])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selectable:
                return self.chosen()
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self.selectable:
            for i, (rect, row) in enumerate(self.shown):
                if rect.collidepoint(event.pos):
                    self.selected = self.scroll + i
                    return row
        return None

    def move(self, step: int) -> None:
        """Move the highlight ``step`` rows (the first key press highlights the top row shown); the page follows."""
        if not self.rows:
            return
        if self.selected is None:
            self.selected = self.scroll if step > 0 else min(len(self.rows), self.scroll + self._visible) - 1
        else:
            self.selected = max(0, min(len(self.rows) - 1, self.selected + step))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self._visible:
            self.scroll = self.selected - self._visible + 1
        self._clamp()

    def scroll_by(self, n: int) -> None:
        """Scroll ``n`` rows down (up when negative), never past either end."""
        self.scroll += n
        self._clamp()

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, len(self.rows) - self._visible))

    # --- layout and drawing -----------------------------------------------------------------------------------------

    def place(self, rect: pygame.Rect, ui: Ui, size: int | None = None) -> None:
        """Put the list in ``rect``; its text size is ``size`` (default: the body text), smaller when ``fit``."""
        self.rect = pygame.Rect(rect)
        self._ui = ui
        self._size = size or ui.font
        self._layout()

    def _heads(self) -> bool:
        return any(c.heading for c in self.columns)

    def _measure(self, size: int) -> tuple[int, int, list[int]]:
        """(row height, heading height, column widths) at text size ``size``."""
        ui = self._ui
        f, head_f = font(size), font(max(SMALLEST, size - 3))
        step = choice_step(ui, size) if self.selectable else f.get_linesize() + ui.px(3)
        head = head_f.get_linesize() + ui.px(4) if self._heads() else 0
        widths = []
        for i, column in enumerate(self.columns):
            cells = [f.size(r.cells[i])[0] for r in self.rows if i < len(r.cells)]
            widths.append(max([head_f.size(column.heading)[0], *cells]) + 2 * ui.gap)
        return step, head, widths

    def _room(self) -> int:
        """The height for rows: the box less its padding and the heading row."""
        return self.rect.height - 2 * self._inset()

    def _inset(self) -> int:
        return self._ui.px(6) if self.frame else 0

    def _layout(self) -> None:
        size = self._size
        step, head, widths = self._measure(size)
        if self.fit:
            for size in range(self._size, SMALLEST - 1, -1):
                step, head, widths = self._measure(size)
                if step * len(self.rows) + head <= self._room() and sum(widths) <= self.rect.width:
                    break
        if self.spread and self.rows:
            step = max(step, min(2 * size, (self._room() - head) // len(self.rows)))
        self.text_size, self.step, self.head_h, self.widths = size, step, head, widths
        self._visible = max(1, (self._room() - head) // step)
        self._clamp()

    def draw(self, surface: pygame.Surface, paint: Painter) -> None:
        """Draw the heading row, the rows shown (highlight, hover, the player's row) and the scroll bar."""
        ui, rect = self._ui, self.rect
        self._layout()  # the rows may have changed since :meth:`place`
        if self.frame:
            pygame.draw.rect(surface, PANEL, rect, border_radius=10)
            pygame.draw.rect(surface, GREY, rect, width=1, border_radius=10)
        inner = rect.inflate(-2 * self._inset(), -2 * self._inset())
        scrolls = len(self.rows) > self._visible
        bar = ui.px(14) if scrolls else 0
        inner.width -= bar
        lefts = self._column_lefts(inner)
        size, head_size = self.text_size, max(SMALLEST, self.text_size - 3)
        y = inner.top
        if self._heads():
            for column, (x, width) in zip(self.columns, lefts, strict=True):
                if column.align == "right":
                    paint.text(surface, column.heading, head_size, GREY, topright=(x + width - ui.gap, y))
                else:
                    paint.text(surface, column.heading, head_size, GREY, topleft=(x + ui.gap, y))
            y += self.head_h
            rule = (inner.left + ui.gap // 2, inner.right - ui.gap // 2)
            pygame.draw.line(surface, GREY, (rule[0], y - ui.px(2)), (rule[1], y - ui.px(2)), max(1, ui.px(1)))
        self.shown = []
        if not self.rows and self.empty:
            paint.text(surface, self.empty, size, GREY, topleft=(inner.left + ui.gap, y + ui.px(4)))
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for i, row in enumerate(self.rows[self.scroll : self.scroll + self._visible]):
            box = pygame.Rect(inner.left, y, inner.width, self.step - (ui.px(6) if self.selectable else 0))
            highlighted = self.focused and self.scroll + i == self.selected
            self._draw_row(surface, paint, row, box, lefts, highlighted, box.collidepoint(mouse))
            self.shown.append((box, row))
            y += self.step
        if scrolls:
            self._draw_bar(surface, pygame.Rect(inner.right + bar - ui.px(10), inner.top, ui.px(6), inner.height))

    def _column_lefts(self, inner: pygame.Rect) -> list[tuple[int, int]]:
        """(left, width) of each column: as wide as its widest text, the spare room shared out between them."""
        if len(self.columns) == 1:
            return [(inner.left, inner.width)]
        spare = max(0, inner.width - sum(self.widths)) // len(self.columns)
        out, x = [], inner.left
        for width in self.widths:
            out.append((x, width + spare))
            x += width + spare
        return out

    def _draw_row(
        self,
        surface: pygame.Surface,
        paint: Painter,
        row: ListRow,
        box: pygame.Rect,
        lefts: list[tuple[int, int]],
        highlighted: bool,
        hover: bool,
    ) -> None:
        ui = self._ui
        if self.selectable:
            radius = max(4, box.height // 6)
            pygame.draw.rect(surface, HOVER if hover or highlighted else FELT_DARK, box, border_radius=radius)
            edge = GOLD if highlighted else FELT_DARK
            pygame.draw.rect(surface, edge, box, width=max(2, ui.px(2)) if highlighted else 1, border_radius=radius)
            paint.area(box)
        elif row.marked:
            pygame.draw.rect(surface, MARKED, box)
        for column, cell, (x, width) in zip(self.columns, row.cells, lefts, strict=False):
            colour = column.colour or row.colour
            bold = column.bold or row.marked
            pad = ui.pad if self.selectable else ui.gap
            if column.align == "right":
                anchor: dict[str, Any] = {"midright": (x + width - pad, box.centery)}
            else:
                anchor = {"midleft": (x + pad, box.centery)}
            paint.text(surface, cell, self.text_size, colour, bold=bold, box=box, **anchor)

    def _draw_bar(self, surface: pygame.Surface, track: pygame.Rect) -> None:
        """The scroll bar: the thumb's length is the share of rows shown, its place the scroll."""
        pygame.draw.rect(surface, FELT_DARK, track, border_radius=3)
        n, visible = len(self.rows), self._visible
        thumb_h = max(20, track.height * visible // n)
        thumb_y = track.top + (track.height - thumb_h) * self.scroll // max(1, n - visible)
        pygame.draw.rect(surface, GREY, pygame.Rect(track.left, thumb_y, track.width, thumb_h), border_radius=3)
