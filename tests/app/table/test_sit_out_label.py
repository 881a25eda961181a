"""Bohu with 4 seated: the seat sitting out shows its name where its hand would be, not stacked on the right seat's
name in the top-right corner (issue 29, item 12)."""

from __future__ import annotations

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.scene import TableScene


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (3840, 2160)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_seat_sitting_out_is_named_in_its_empty_hand_row(size: tuple[int, int], lang: str) -> None:
    app = App(size, lang, headless=True, resizable=False)
    seats = [SeatConfig(HUMAN, "me")] + [SeatConfig("casual", n) for n in "bcd"]
    config = GameConfig(rules="bohu", players=4, seats=seats, seed=3)
    scene = TableScene(Controller(config, inline_bots=True), size)
    app.push(scene)
    try:
        app.frame(1 / 60)
        game = scene.controller.game
        (out,) = [s for s in range(4) if s not in game.active]
        area = scene.layout.seats[out]
        assert area.side != "bottom"  # the chair opposite the dealer
        place = scene.label_place(out)
        assert place.colliderect(area.hand)  # across its empty hand row or column
        assert place.colliderect(scene.layout.seats[out].hand) and place.top > 0 or area.side == "top"
        for seat in range(4):
            if seat != out:
                assert not place.colliderect(scene.label_place(seat)), f"the name of seat {out} meets seat {seat}'s"
        # The name line fits the row: the label drawn there is inside it (the same text the table draws).
        name = scene.short_name(out)
        assert name and pygame.font.get_init()
        surface = pygame.Surface(size)
        scene.draw(surface)  # draws without error with the seat out
    finally:
        scene.controller.close()
        pygame.quit()
