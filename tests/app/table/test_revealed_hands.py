"""At the end of a hand the other seats' hands are turned face up (issue 29, item 11): each count badge (×2, ×3) lies
beside its card, over no card's glyph, and the revealed cards form their own labelled group ("手牌" / "Hand"), apart
from the seat's melds. Driven through the table's own drawing on seeded bot hands."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.layout import meld_column  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402
from zipai_desktop.app.ui.i18n import tr  # noqa: E402
from zipai_desktop.app.ui.palette import GOLD, PANEL  # noqa: E402
from zipai_desktop.engine.cards import parse_cards  # noqa: E402

SIZES = [(1024, 640), (1280, 720), (3840, 2160)]


def finished_hand(rules: str, players: int, seed: int, size: tuple[int, int], lang: str) -> tuple[App, TableScene]:
    """A table of bots played to the end of its first hand: every hand face up, the panel not yet over them."""
    app = App(size, lang, headless=True, resizable=False)
    seats = [SeatConfig("beginner", f"bot{i}") for i in range(players)]
    config = GameConfig(rules=rules, players=players, seats=seats, seed=seed)
    table = TableScene(Controller(config, inline_bots=True), size, lang=lang, speed=8.0)
    app.push(table)
    for _ in range(20000):
        app.frame(1 / 60)
        if table.view.ended is not None:
            return app, table
    raise AssertionError("the hand did not end")


def revealed_seats(table: TableScene) -> list[int]:
    ended = table.view.ended
    assert ended is not None
    return [s for s in table.controller.game.active if s != table.viewer and ended.hands[s]]


CASES = [("guilin", 3, 6, size, lang) for size in SIZES for lang in ("zh", "en")] + [
    ("bohu", 2, 52, (1280, 720), "en")  # the other seat at the top: its hand in a row
]


@pytest.mark.parametrize(("rules", "players", "seed", "size", "lang"), CASES)
def test_count_badges_lie_beside_their_cards_never_on_a_glyph(
    rules: str, players: int, seed: int, size: tuple[int, int], lang: str
) -> None:
    app, table = finished_hand(rules, players, seed, size, lang)
    try:
        surface = pygame.Surface(size)
        table.draw(surface)
        seats = revealed_seats(table)
        assert seats
        spots = [spot for s in seats for spot in table.revealed(s).spots]
        badges = [spot for spot in spots if spot.badge is not None]
        assert badges, "the seeded hand holds some kind twice or more"
        for spot in spots:
            assert spot.card.contains(spot.glyph)
        for b in badges:
            assert b.badge is not None
            for spot in spots:
                assert not b.badge.colliderect(spot.glyph), f"the ×{b.count} badge covers a glyph"
                assert not b.badge.colliderect(spot.card), f"the ×{b.count} badge lies on a card"
            # drawn where the place says: the badge's gold shows at its left end
            assert surface.get_at((b.badge.left + 2, b.badge.centery))[:3] == GOLD
        # every kind held, each count once: the engine's own reveal
        for s in seats:
            ended = table.view.ended
            assert ended is not None
            held = parse_cards(ended.hands[s])
            assert {(p.kind, p.count) for p in table.revealed(s).spots} == {(k, held.count(k)) for k in set(held)}
    finally:
        table.controller.close()
        pygame.quit()


@pytest.mark.parametrize(("rules", "players", "seed", "size", "lang"), CASES)
def test_revealed_cards_form_a_labelled_group_apart_from_the_melds(
    rules: str, players: int, seed: int, size: tuple[int, int], lang: str
) -> None:
    app, table = finished_hand(rules, players, seed, size, lang)
    try:
        surface = pygame.Surface(size)
        table.draw(surface)
        assert tr("table.hand_group", lang) == {"zh": "手牌", "en": "Hand"}[lang]
        screen = pygame.Rect((0, 0), size)
        boxes = []
        for s in revealed_seats(table):
            place = table.revealed(s)
            box = place.box
            assert screen.contains(box)
            assert box.contains(place.label)
            for spot in place.spots:
                assert box.contains(spot.card) and not spot.card.colliderect(place.label)
                if spot.badge is not None:
                    assert box.contains(spot.badge)
            # no meld of any seat inside the group's box
            for seat, melds in enumerate(table.view.melds):
                for i, meld in enumerate(melds):
                    column = meld_column(table.layout.seats[seat], table.layout.small_w, i, len(meld.cards))
                    assert not box.colliderect(column), f"seat {seat}'s meld {i} is in seat {s}'s hand group"
            # its own ground, not the felt the melds lie on
            assert surface.get_at((box.left + 3, box.bottom - 4))[:3] == PANEL
            boxes.append(box)
        for i, a in enumerate(boxes):
            assert all(not a.colliderect(b) for b in boxes[i + 1 :])
    finally:
        table.controller.close()
        pygame.quit()
