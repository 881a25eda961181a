"""The 吃 / 比 chooser with the most ways to eat, the 听 list and a full log on screen at once: nothing overlaps.

Seat 1 (the person) holds 五六六七八八九柒 ... when seat 0 discards 七: nine ways to eat it (吃 七五六 比 六七八, ...,
吃 七七柒), the engine's own offer. The 听 list is a long one (ten winning cards, each from every source), the log
holds its five last lines. At 1024x640, 1280x720 and 3840x2160, in Chinese and English, the chooser's panel, each
choice and its number key, the 听 list, the log, the 过 button and every seat's places are pairwise apart and inside the
window. The middle (wall and card on offer) is left out of the check: nine choices take it as a dialog, titled with the
card ("要这张七吗？"), whose every choice starts with that card; with few choices the chooser keeps right of it (checked
too). Set ZIPAI_SAVE_SHOTS=<folder> to save each case's picture.
"""

from __future__ import annotations

import itertools
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table import aids  # noqa: E402
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.draw import log_size  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402
from zipai_desktop.app.ui.cards import card_size  # noqa: E402
from zipai_desktop.engine.actions import Chi  # noqa: E402
from zipai_desktop.engine.position import game_from_position  # noqa: E402
from zipai_desktop.engine.rules import get_rules  # noqa: E402
from zipai_desktop.engine.waits import Wait  # noqa: E402

from ...engine.notation import drive  # noqa: E402
from .test_table_layout import places  # noqa: E402

SIZES = [(1024, 640), (1280, 720), (3840, 2160)]
MANY_WAITS = tuple(Wait(k, src, 20 + k, 3 + k % 3, (), k % 5) for k in range(0, 20, 2) for src in aids.SOURCES)


def chi_offer(size: tuple[int, int], lang: str, hand: str, *, waits: bool = True) -> tuple[App, TableScene]:
    """The table from seat 1, offered seat 0's discarded 七 (seat 1 holds ``hand``), the 吃 buttons up."""
    app = App(size, lang, headless=True, resizable=False)
    game = game_from_position(get_rules("guilin"), hands=["七一", hand, ""], wall="陆叁捌一二", dealer=0, to_discard=0)
    drive(game, (0, "打七"))
    seats = [SeatConfig("casual", "b0"), SeatConfig(HUMAN, "me"), SeatConfig("casual", "b2")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=1), inline_bots=True, game=game)
    scene = TableScene(controller, size, lang=lang)
    # The position starts mid-hand (no deal in its events): the view starts from the hands as they were before the
    # discard, which then comes through the view as in play.
    view = scene.view
    view.hand_sizes = [sum(h) + (seat == 0) for seat, h in enumerate(game.hands)]
    view.hand = list(game.hands[1])
    view.melds, view.piles = [[], [], []], [[], [], []]
    view.wall = len(game.wall)
    if waits:
        scene.current_waits = lambda: list(MANY_WAITS)  # type: ignore[method-assign]  # the longest 听 list
    app.push(scene)
    for _ in range(5):
        scene.skip_animations()
        app.frame(1 / 60)
    return app, scene


NINE = "五六六七八八九柒壹贰叁肆伍陆捌玖拾拾"  # nine ways to eat 七
FEW = "五六壹贰叁肆伍陆捌玖拾拾一三四"  # a few ways: 吃 七五六 and two more


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_nine_ways_to_eat_the_waits_and_the_log_never_overlap(size: tuple[int, int], lang: str) -> None:
    app, scene = chi_offer(size, lang, NINE)
    chis = [b for b in scene.buttons if isinstance(b.action, Chi)]
    assert len(chis) == 9 and scene.open_chooser() is not None
    chooser = scene.open_chooser()
    assert chooser is not None
    window = pygame.Rect((0, 0), size)
    # Each choice and its number key inside the chooser's panel (so inside the window), none over another.
    parts = {f"choice {i + 1}": c.rect for i, c in enumerate(chooser.choices)}
    parts |= {f"key {i + 1}": c.key for i, c in enumerate(chooser.choices)}
    parts["title"] = chooser.title
    for name, rect in parts.items():
        assert chooser.box.contains(rect), f"{name} {rect} leaves the chooser {chooser.box}"
    overlaps = [(a, b) for (a, ra), (b, rb) in itertools.combinations(parts.items(), 2) if ra.colliderect(rb)]
    assert not overlaps, overlaps
    assert [b.rect for b in chis] == [c.rect for c in chooser.choices]
    # A choice's cards fit its button, at least three quarters of their usual width (readable).
    for choice in chooser.choices:
        assert card_size(chooser.card_w)[1] + 8 <= choice.rect.height
    assert chooser.card_w >= int((scene.layout.small_w - 4) * 0.75)
    # The chooser, the 听 list, the log, the 过 button and every seat's places: apart, and inside the window.
    panel = aids.waits_panel(scene.aids_view())
    assert panel is not None and len(panel.lines) >= 4  # its title and at least three lines (or "… +n")
    rects = {k: v for k, v in places(size, 3).items() if k not in ("wall", "offer", "buttons")}
    rects |= {"chooser": chooser.box, "waits": panel.box}
    rects |= {f"button {b.label}": b.rect for b in scene.buttons if not b.cards}
    step = log_size(size) + max(2, log_size(size) // 5)
    assert min(5, scene.layout.log.height // step) * step <= scene.layout.log.height  # the log's lines stay in it
    for name, rect in rects.items():
        assert window.contains(rect), f"{name} {rect} leaves the {size} window"
    overlaps = [(a, b) for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2) if ra.colliderect(rb)]
    assert not overlaps, f"{size} {lang}: {overlaps}"
    if os.environ.get("ZIPAI_SAVE_SHOTS"):
        pygame.image.save(app.screen, f"{os.environ['ZIPAI_SAVE_SHOTS']}/chi9-{lang}-{size[0]}x{size[1]}.png")
    pygame.quit()


@pytest.mark.parametrize("size", SIZES)
def test_a_few_ways_to_eat_keep_right_of_the_card_on_offer(size: tuple[int, int]) -> None:
    app, scene = chi_offer(size, "zh", FEW)
    chooser = scene.open_chooser()
    assert chooser is not None and len(chooser.choices) == 3
    offer = places(size, 3)["offer"]
    assert chooser.box.left > offer.right and not chooser.box.colliderect(scene.layout.log)
    panel = aids.waits_panel(scene.aids_view())
    assert panel is not None and not chooser.box.colliderect(panel.box)
    assert chooser.card_w == scene.layout.small_w - 4  # room enough: the usual size
    if os.environ.get("ZIPAI_SAVE_SHOTS"):
        pygame.image.save(app.screen, f"{os.environ['ZIPAI_SAVE_SHOTS']}/chi3-zh-{size[0]}x{size[1]}.png")
    pygame.quit()
