"""The action log is readable: a size you can read at a glance and a colour above 7:1 against the felt, its lines
inside its box at every window size (issue 29, item 12: the log was 10-11 px grey)."""

from __future__ import annotations

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.draw import log_size
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.app.ui.palette import FELT, LOG_TEXT

FRAME = 1 / 60


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2's contrast ratio of two sRGB colours."""

    def luminance(c: tuple[int, int, int]) -> float:
        def channel(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

        r, g, b_ = map(channel, c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_log_is_large_enough_and_contrasts_with_the_felt() -> None:
    assert contrast(LOG_TEXT, FELT) >= 7.0
    for size in ((1024, 640), (1280, 720), (3840, 2160)):
        assert log_size(size) >= 13
    assert log_size((3840, 2160)) >= 40  # it grows with the window


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (3840, 2160)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_logs_lines_are_drawn_inside_its_box(size: tuple[int, int], lang: str) -> None:
    app = App(size, lang, headless=True, resizable=False)
    seats = [SeatConfig("casual", "a"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]  # bots only: it plays on
    scene = TableScene(Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=5), inline_bots=True), size)
    scene.speed = 8.0
    app.push(scene)
    try:
        for _ in range(3000):  # until the log holds a few sentences
            app.frame(FRAME)
            if sum(1 for e in scene.view.log if scene.describe(e)) >= 5:
                break
        # The frame drawn with the log and without it: every pixel the log changes lies in its box.
        with_log, without = pygame.Surface(size), pygame.Surface(size)
        scene.draw(with_log)
        scene.helpers["log"] = False
        scene.draw(without)
        scene.helpers["log"] = True
        box = scene.layout.log
        same = pygame.mask.from_threshold(with_log, (0, 0, 0, 0), (1, 1, 1, 255), without)
        same.invert()  # now: the pixels the log drew
        in_box = pygame.mask.Mask(size)
        in_box.draw(pygame.mask.Mask(box.size, fill=True), box.topleft)
        inside = same.overlap_area(in_box, (0, 0))
        outside = same.count() - inside
        assert inside > 0, "no log text drawn"
        assert outside == 0, f"{outside} pixels of log text outside the log's box {box}"
    finally:
        scene.controller.close()
        pygame.quit()
