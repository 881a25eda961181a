"""The 听 list (F2) says how many copies of each winning card the viewer has not seen, and marks a dead wait.

Seat 1 (the person) holds 壹壹壹 贰贰贰 叁叁叁 四五: 三 or 六 completes it. Seat 2 shows a 开舵 of 六, so all four 六
are in sight: 六 is listed as "×0", dead, grey and struck through; 三 shows "×4". The list is asked of the engine
through the scene (its controller and aids view) and drawn by the aid's own drawing function.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table import aids  # noqa: E402
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402
from zipai_desktop.app.ui.palette import GOLD, GREY  # noqa: E402
from zipai_desktop.engine.cards import parse_card  # noqa: E402
from zipai_desktop.engine.position import game_from_position  # noqa: E402
from zipai_desktop.engine.rules import get_rules  # noqa: E402

SIZE = (1280, 720)


def scene_with_a_dead_wait(lang: str, six: str = "kai_duo 六六六六") -> TableScene:
    """The table from seat 1, which waits on 三 and 六 while seat 0 is about to discard."""
    App(SIZE, lang, headless=True, resizable=False)
    game = game_from_position(
        get_rules("guilin"),
        hands=["", "壹壹壹 贰贰贰 叁叁叁 四五", ""],
        melds=["", "", six],
        dealer=0,
        flipped=1,
        to_discard=0,
    )
    seats = [SeatConfig("casual", "b0"), SeatConfig(HUMAN, "me"), SeatConfig("casual", "b2")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=1), inline_bots=True, game=game)
    return TableScene(controller, SIZE, lang=lang)


def rows_struck(surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> int:
    """How many pixel rows of ``box`` hold a run of ``colour`` at least a quarter of the box wide (a strike line)."""
    count = 0
    for y in range(box.top, box.bottom):
        run = best = 0
        for x in range(box.left, box.right):
            run = run + 1 if surface.get_at((x, y))[:3] == colour else 0
            best = max(best, run)
        count += best >= box.width // 4
    return count


@pytest.mark.parametrize(("lang", "dead_word"), [("zh", "没牌了"), ("en", "none left")])
def test_the_waits_aid_shows_the_copies_left_and_strikes_a_dead_wait(lang: str, dead_word: str) -> None:
    scene = scene_with_a_dead_wait(lang)
    view = scene.aids_view()
    entries = aids.waits_entries(list(view.waits), view.rules, lang)
    by_card = {e.text.split(" ")[0]: e for e in entries}
    assert by_card["三"].text.startswith("三 ×4:") and not by_card["三"].dead
    assert by_card["六"].text.startswith(f"六 ×0 {dead_word}:") and by_card["六"].dead
    surface = pygame.Surface(SIZE)
    box = aids.draw_waits(view, surface)
    assert box is not None
    assert rows_struck(surface, box, GREY) >= 1  # the dead line is struck through, in grey
    pygame.quit()


def test_a_live_wait_is_neither_grey_nor_struck() -> None:
    scene = scene_with_a_dead_wait("zh", six="peng 六六六")  # one 六 out of sight: ×1
    view = scene.aids_view()
    assert {w.card: w.live for w in view.waits} == {parse_card("三"): 4, parse_card("六"): 1}
    surface = pygame.Surface(SIZE)
    box = aids.draw_waits(view, surface)
    assert box is not None
    assert rows_struck(surface, box, GREY) == 0
    inside = [(x, y) for x in range(box.left, box.right) for y in range(box.top, box.bottom)]
    assert any(surface.get_at(at)[:3] == GOLD for at in inside)  # its lines are gold, as before
    pygame.quit()
