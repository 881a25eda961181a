"""Screenshot references of 托管 at the table, both languages, 1024x640, 1280x720 and 3840x2160: the 托管中 badge on
the player's label line and the 取消托管 button in its colour, and the turn timer's ring beside the 托管 button.

Seeded hands against 初学 bots driven through the scene's own update loop at a fixed frame time, so each picture
depends only on the seed and the code (``ZIPAI_UPDATE_SCREENSHOTS=1`` rewrites them; look at them first).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.store.settings import Settings, save_settings

from .test_table_screenshots import LANGS, SIZES, check


def render(size: tuple[int, int], lang: str, mode: str) -> pygame.Surface:
    save_settings(Settings(turn_timer=15))
    app = App(size, lang, headless=True, resizable=False)
    seats = [SeatConfig(HUMAN, "you"), SeatConfig("beginner", "b1"), SeatConfig("beginner", "b2")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=7), inline_bots=True)
    table = TableScene(controller, size, lang=lang, speed=8.0)
    app.push(table)
    for i in range(6000):
        table.update(1 / 60)
        if mode == "timer" and table.turn_left is not None and table.turn_left < 9:
            break
        if mode == "on" and i == 100:
            table.toggle_autoplay()
        if mode == "on" and controller.autoplay_hand and table.view.wall <= 12 and table.caught_up():
            break
    else:
        raise AssertionError("the hand never reached the picture")
    table.toast = None  # the toast fades in seconds; the picture is of what stays
    table.draw(app.screen)
    controller.close()
    return app.screen.copy()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", ["on", "timer"])
def test_autoplay_at_the_table_matches_the_reference(
    mode: str, lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    check(f"autoplay-{mode}-{lang}-{size[0]}x{size[1]}.png", render(size, lang, mode), tmp_path)
