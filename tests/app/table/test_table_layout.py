"""The table's places (shared/design.md "Table layout"): for 2, 3 and 4 seats at 1024x640, 1280x720 and 3840x2160,
with the longest piles a seat keeps room for and every seat holding its most melds, no two of the seats' labels,
hands, melds and piles (nor the scores, the log, the claim buttons, the wall and the card on offer) overlap, and
everything is inside the window. Each pile lies on its player's own right."""

from __future__ import annotations

import itertools

import pygame
import pytest

from zipai_desktop.app.table.layout import MAX_MELDS, PILE_CAPACITY, make_layout, meld_column, pile_slot
from zipai_desktop.app.ui.cards import card_size

SIZES = [(1024, 640), (1280, 720), (3840, 2160)]


def places(size: tuple[int, int], players: int) -> dict[str, pygame.Rect]:
    lay = make_layout(size, players, 0)
    out: dict[str, pygame.Rect] = {"info": lay.info, "log": lay.log, "buttons": lay.buttons}
    _, hand_h = card_size(lay.hand_w)
    out["wall"] = pygame.Rect(0, 0, lay.small_w, card_size(lay.small_w)[1]).move(
        lay.wall.centerx - lay.small_w // 2, lay.wall.centery - card_size(lay.small_w)[1] // 2
    )
    out["offer"] = pygame.Rect(0, 0, lay.hand_w, hand_h).move(
        lay.offer.centerx - lay.hand_w // 2, lay.offer.centery - hand_h // 2
    )
    n = PILE_CAPACITY[players]
    for seat, area in lay.seats.items():
        out[f"{seat}.label"] = area.label
        out[f"{seat}.hand"] = area.hand
        melds = [meld_column(area, lay.small_w, i) for i in range(MAX_MELDS)]
        out[f"{seat}.melds"] = melds[0].unionall(melds[1:])
        slots = [pile_slot(area, lay.small_w, i, n) for i in range(n)]
        out[f"{seat}.pile"] = (
            slots[0]
            .unionall(slots[1:])
            .union(pygame.Rect(area.pile.left, area.pile.top, area.pile.width, area.pile_label_h))
        )
        assert out[f"{seat}.pile"].height <= area.pile.height and out[f"{seat}.pile"].width <= area.pile.width
    return out


@pytest.fixture(params=[1.0, 0.5], ids=["cards-x1", "cards-x0.5"])
def card_scale(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """The card size setting (layout.SCALE); large cards (above 1) are not covered yet."""
    from zipai_desktop.app.table import layout

    before = layout.SCALE
    layout.set_scale(request.param)
    yield request.param
    layout.set_scale(before)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_two_places_overlap_with_the_longest_piles(size: tuple[int, int], players: int, card_scale: float) -> None:
    rects = places(size, players)
    window = pygame.Rect((0, 0), size)
    for name, rect in rects.items():
        assert window.contains(rect), f"{name} {rect} leaves the {size} window"
    overlaps = [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2) if ra.colliderect(rb)]
    assert not overlaps, f"{players} seats at {size}: {overlaps}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_pile_lies_on_its_players_own_right(size: tuple[int, int], players: int) -> None:
    lay = make_layout(size, players, 0)
    for area in lay.seats.values():
        if area.side == "bottom":  # facing up the screen: right is screen-right
            assert area.pile.left >= area.melds.right
        elif area.side == "top":  # facing down: right is screen-left
            assert area.pile.right <= area.melds.left
        elif area.side == "left":  # facing right: right is down the screen
            assert area.pile.top >= area.melds.bottom
        else:  # facing left: right is up the screen
            assert area.pile.bottom <= area.melds.top


def test_a_pile_longer_than_its_room_closes_up_and_stays_in_place() -> None:
    lay = make_layout((1024, 640), 2, 0)
    area = next(a for a in lay.seats.values() if a.side == "top")
    n = 3 * PILE_CAPACITY[2]
    slots = [pile_slot(area, lay.small_w, i, n) for i in range(n)]
    assert area.pile.contains(slots[0].unionall(slots[1:]))
    assert len({s.topleft for s in slots}) == n  # no card sits exactly on another
