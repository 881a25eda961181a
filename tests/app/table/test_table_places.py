"""Small things of the table's places: the log names a 吃's 比 groups 比; a face-down 扫 shows its kind to its owner
(the face, greyed) while the others see backs; the 挡底 / 亮张 sits by the dealer's name."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.flights import meld_pos  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402
from zipai_desktop.app.ui import cards  # noqa: E402
from zipai_desktop.engine import events as ev  # noqa: E402
from zipai_desktop.engine.cards import parse_card  # noqa: E402
from zipai_desktop.engine.melds import Meld, MeldKind  # noqa: E402
from zipai_desktop.engine.position import game_from_position  # noqa: E402
from zipai_desktop.engine.rules import get_rules  # noqa: E402

from ...engine.notation import drive  # noqa: E402

GUILIN = get_rules("guilin")


def scene_for(game, size=(1280, 720)):  # type: ignore[no-untyped-def]
    seats = [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b1"), SeatConfig("casual", "b2")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=1), inline_bots=True, game=game)
    return TableScene(controller, size)


def test_the_log_names_bi_groups_bi() -> None:
    g = game_from_position(
        GUILIN, hands=["三", "一二三四五陆陆八八八壹贰十十拾柒捌玖肆柒"], wall="陆叁捌", dealer=0, to_discard=0
    )
    drive(g, (0, "打三"), (1, "吃三一二 比三四五"))
    App((1280, 720), "zh", headless=True, resizable=False)
    table = scene_for(g)
    lines = [table.describe(e) for e in g.events if isinstance(e, ev.Melded)]
    assert lines == ["电脑2 吃 三一二", "电脑2 比 三四五"]
    pygame.quit()


def test_a_face_down_sao_shows_its_kind_to_its_owner_only() -> None:
    App((1280, 720), "zh", headless=True, resizable=False)
    g = game_from_position(GUILIN, hands=["", ""], dealer=0, to_discard=0)
    table = scene_for(g)
    table.view.melds = [[Meld(MeldKind.SAO, (parse_card("五"),) * 3)], [], []]
    w = table.layout.small_w
    back = cards.back(w)

    def column_top(seat: int) -> pygame.Surface:
        surface = pygame.Surface(table.size)
        table._draw_meld(surface, seat, 0, table.view.melds[0][0])
        x, y = meld_pos(table.layout, seat, 0)
        return surface.subsurface(pygame.Rect(x - w // 2, y - back.get_height() // 2, w // 2, back.get_height() // 3))

    mine = column_top(0)  # the viewer's own 扫
    theirs = column_top(1)  # the same meld drawn for another seat: backs
    same_as_back = pygame.Surface(mine.get_size())
    same_as_back.blit(back, (0, 0))
    assert pygame.image.tobytes(theirs, "RGB") == pygame.image.tobytes(same_as_back, "RGB")
    assert pygame.image.tobytes(mine, "RGB") != pygame.image.tobytes(same_as_back, "RGB")
    pygame.quit()


def test_one_name_per_seat_at_the_table_and_in_the_replays() -> None:
    from zipai_desktop.app.screens.replay_viewer import seat_name

    App((1280, 720), "zh", headless=True, resizable=False)
    g = game_from_position(GUILIN, hands=["", ""], dealer=0, to_discard=0)
    table = scene_for(g)
    kinds = [c.kind for c in table.controller.config.seats]
    assert [table.short_name(s) for s in range(3)] == ["你", "电脑2", "电脑3"]
    assert [table._name(s) for s in range(3)] == ["你", "电脑2（普通）", "电脑3（普通）"]
    assert [seat_name(s, kinds, "zh") for s in range(3)] == [table._name(s) for s in range(3)]
    # hot-seat: each person is 玩家n, in the replays too
    hot = ["human", "human", "casual"]
    assert [seat_name(s, hot, "zh") for s in range(3)] == ["玩家1", "玩家2", "电脑3（普通）"]
    pygame.quit()
