"""记牌 (F5): a panel of the 20 kinds, 一..十 over 壹..拾, each with the copies the player has not seen.

It is off until asked for. In practice F5 turns it on; in a game the statistics count it needs its setting (like the F4
hint), and using it marks the match like a hint. The counts are the engine's, from the player's observation. The panel
is drawn through the table's own drawing, clear of the seats, the log, the 听 list and the claim prompt, at 1024x640,
1280x720 and 3840x2160 with 2, 3 and 4 seated.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table import aids  # noqa: E402
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.layout import make_layout  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402
from zipai_desktop.app.ui.i18n import tr  # noqa: E402
from zipai_desktop.app.ui.palette import PANEL  # noqa: E402
from zipai_desktop.engine.cards import COPIES, NUM_KINDS  # noqa: E402
from zipai_desktop.engine.waits import live_counts  # noqa: E402
from zipai_desktop.store.settings import Settings, save_settings  # noqa: E402

from .test_waits_aid import scene_with_a_dead_wait  # noqa: E402

FRAME = 1 / 60
SIZES = [(1024, 640), (1280, 720), (3840, 2160)]


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.frame(FRAME)


@pytest.fixture
def table() -> Iterator[object]:
    scenes: list[TableScene] = []

    def make(settings: Settings | None = None, **cfg: object) -> tuple[App, TableScene]:
        if settings is not None:
            save_settings(settings)
        app = App((1280, 720), "zh", headless=True, resizable=False)
        seats = [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]
        config = GameConfig(rules="guilin", players=3, seats=seats, seed=11, **cfg)  # type: ignore[arg-type]
        scene = TableScene(Controller(config, inline_bots=True), (1280, 720), speed=8.0)
        app.push(scene)
        scenes.append(scene)
        for _ in range(600):  # past the deal's animation
            app.frame(FRAME)
            if scene.caught_up():
                break
        return app, scene

    yield make
    for scene in scenes:
        scene.controller.close()
    pygame.quit()


def test_f5_shows_the_unseen_copies_of_each_kind_in_practice(table) -> None:  # type: ignore[no-untyped-def]
    app, scene = table(practice=True)
    assert scene.aids_view().counts == ()  # off until asked for
    key(app, pygame.K_F5)
    counts = scene.aids_view().counts
    assert len(counts) == NUM_KINDS
    assert counts == live_counts(scene.controller.observation(scene.viewer))
    hand = scene.controller.observation(scene.viewer).hand
    assert all(counts[k] <= COPIES - hand[k] for k in range(NUM_KINDS))  # its own cards are seen
    assert scene.toast is not None and tr("helper.count", "zh") in str(scene.toast[0])
    box = aids.count_box(scene.aids_view(), max(11, 720 // 48))
    assert box is not None
    assert app.screen.get_at((box.centerx, box.bottom - 2))[:3] == PANEL  # drawn by the table's own frame
    key(app, pygame.K_F5)
    assert scene.aids_view().counts == ()
    assert not scene.controller.assisted  # practice is left out of statistics anyway


def test_in_a_counted_game_only_with_the_setting_and_the_match_is_marked(table) -> None:  # type: ignore[no-untyped-def]
    app, scene = table()
    key(app, pygame.K_F5)
    assert scene.aids_view().counts == () and not scene.controller.assisted
    assert scene.toast is not None and str(scene.toast[0]) == tr("count.off_in_counted", "zh")
    app2, allowed = table(settings=Settings(card_count=True))
    key(app2, pygame.K_F5)
    assert len(allowed.aids_view().counts) == NUM_KINDS
    assert allowed.controller.assisted  # marked like a hint: the statistics leave the match out
    # The table's tag and the statistics' row name both aids, not the hint alone.
    assert "记牌" in tr("hint.used", "zh") and "card count" in tr("hint.used", "en")
    assert "记牌" in tr("stats.practice_hands", "zh") and "card count" in tr("stats.practice_hands", "en")


def busy_places(view: aids.AidsView) -> list[pygame.Rect]:
    """The table's own places the panel must leave alone (each seat's cards and name, scores, middle, log, prompt)."""
    lay = view.layout
    rects = [r for seat in lay.seats.values() for r in (seat.hand, seat.melds, seat.pile, seat.label)]
    return rects + [lay.info, lay.centre, lay.log, lay.buttons]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_panel_finds_a_free_place_at_every_size(size: tuple[int, int], players: int) -> None:
    App(size, "en", headless=True, resizable=False)
    view = aids.AidsView(
        size=size,
        lang="en",
        layout=make_layout(size, players, 0),
        viewer=0,
        rules="bohu",
        counts=tuple(range(NUM_KINDS)),
    )
    surface = pygame.Surface(size)
    box = aids.draw_count(view, surface)
    assert box is not None, f"no place for 记牌 with {players} seated at {size}"
    assert pygame.Rect(0, 0, *size).contains(box)
    assert box.collidelist(busy_places(view)) < 0
    assert not box.colliderect(aids.waits_area(view))
    assert box.height >= 3 * (9 + 6)  # a title and two rows, at a readable font
    pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_the_panel_leaves_the_waits_list_and_the_log_readable(size: tuple[int, int]) -> None:
    scene = scene_with_a_dead_wait("zh")
    scene.size = size
    scene.layout = make_layout(size, 3, scene.viewer)
    scene.helpers["count"] = True
    view = scene.aids_view()
    surface = pygame.Surface(size)
    waits_box = aids.draw_waits(view, surface)
    count_box = aids.draw_count(view, surface)
    assert waits_box is not None and count_box is not None
    assert not count_box.colliderect(waits_box)
    assert not count_box.colliderect(view.layout.log)
    assert count_box.collidelist(busy_places(view)) < 0
    pygame.quit()
