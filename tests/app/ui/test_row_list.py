"""The one list widget: the keyboard moves the highlight and the page follows, Enter or a click chooses a row, a
display list only scrolls, a fitted list makes its text smaller until every row fits."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from zipai_desktop.app.ui.fonts import reset_caches
from zipai_desktop.app.ui.row_list import Column, ListRow, RowList
from zipai_desktop.app.ui.sizing import Painter, problems, ui_for


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    reset_caches()  # fonts made before another test's pygame.quit are dead
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield
    pygame.quit()
    reset_caches()  # the fonts die with pygame


def hands(n: int) -> list[ListRow]:
    return [ListRow((f"Hand {i + 1}", f"{i:+d}"), key=i) for i in range(n)]


def shown_list(rows: list[ListRow], **kw: object) -> tuple[RowList, pygame.Surface, Painter]:
    """A list of ``rows`` in a 400-pixel-high box of a 1280x720 window, drawn once."""
    surface = pygame.display.get_surface()
    paint = Painter()
    rows_list = RowList((Column("Hand"), Column("Points", align="right")), **kw)  # type: ignore[arg-type]
    rows_list.set_rows(rows)
    rows_list.place(pygame.Rect(100, 100, 600, 400), ui_for((1280, 720)))
    rows_list.draw(surface, paint)
    return rows_list, surface, paint


def post(*events: pygame.event.Event) -> list[pygame.event.Event]:
    """Post input as the player gives it and read it back from pygame's queue."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    return [e for e in pygame.event.get() if e.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)]


def keydown(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_arrows_move_the_highlight_the_page_follows_and_enter_chooses() -> None:
    rows_list, surface, paint = shown_list(hands(40), selectable=True)
    visible = rows_list.visible()
    assert 5 < visible < 40 and len(rows_list.shown) == visible
    chosen = [rows_list.handle_event(e) for e in post(keydown(pygame.K_DOWN), keydown(pygame.K_DOWN))]
    assert chosen == [None, None] and rows_list.selected == 1 and rows_list.scroll == 0
    for event in post(*[keydown(pygame.K_DOWN)] * visible):
        rows_list.handle_event(event)
    assert rows_list.selected == visible + 1 and rows_list.scroll == 2  # the highlighted row is the last one shown
    (enter,) = post(keydown(pygame.K_RETURN))
    row = rows_list.handle_event(enter)
    assert row is not None and row.key == visible + 1 and row.cells[0] == f"Hand {visible + 2}"
    for event in post(keydown(pygame.K_END), keydown(pygame.K_UP)):
        rows_list.handle_event(event)
    assert rows_list.selected == 38 and rows_list.scroll == 40 - visible
    (home,) = post(keydown(pygame.K_HOME))
    rows_list.handle_event(home)
    assert rows_list.selected == 0 and rows_list.scroll == 0
    paint.reset()
    rows_list.draw(surface, paint)
    assert problems(paint.drawn, (1280, 720)) == []


def test_a_click_chooses_the_row_under_the_pointer_after_a_scroll() -> None:
    rows_list, surface, paint = shown_list(hands(40), selectable=True)
    (wheel,) = post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    rows_list.handle_event(wheel)
    assert rows_list.scroll == 6
    rows_list.draw(surface, paint)
    box, _ = rows_list.shown[3]
    (click,) = post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=box.center))
    row = rows_list.handle_event(click)
    assert row is not None and row.key == 9 and rows_list.selected == 9
    # A click beside the rows chooses nothing; the right button chooses nothing.
    (outside, right) = post(
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(50, 50)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=box.center),
    )
    assert rows_list.handle_event(outside) is None and rows_list.handle_event(right) is None


def test_a_display_list_only_scrolls() -> None:
    rows_list, _, _ = shown_list(hands(40))
    for event in post(keydown(pygame.K_DOWN), keydown(pygame.K_RETURN)):
        assert rows_list.handle_event(event) is None
    assert rows_list.selected is None and rows_list.scroll == 0
    (page,) = post(keydown(pygame.K_PAGEDOWN))
    rows_list.handle_event(page)
    assert rows_list.scroll == rows_list.visible() - 1
    for event in post(*[keydown(pygame.K_PAGEDOWN)] * 10):
        rows_list.handle_event(event)
    assert rows_list.scroll == 40 - rows_list.visible()


def test_a_fitted_list_shrinks_its_text_until_every_row_fits() -> None:
    rows_list, surface, paint = shown_list(hands(20), fit=True)
    assert rows_list.visible() >= 20 and rows_list.text_size < ui_for((1280, 720)).font
    assert [row.key for _, row in rows_list.shown] == list(range(20))
    assert problems(paint.drawn, (1280, 720)) == []
    few, _, _ = shown_list(hands(3), fit=True)
    assert few.text_size == ui_for((1280, 720)).font


def test_new_rows_keep_the_highlight_on_the_same_key() -> None:
    rows_list, _, _ = shown_list(hands(10), selectable=True)
    rows_list.selected = 4
    rows_list.set_rows([ListRow(("new",), key=-1), *hands(10)])
    assert rows_list.selected == 5 and rows_list.chosen() == hands(10)[4]
    rows_list.set_rows(hands(3))
    assert rows_list.selected is None and rows_list.chosen() is None
