"""Screenshot references of the table's places and of the settlement panel, both languages, 1024x640, 1280x720 and
3840x2160: 2, 3 and 4 seats late in a seeded hand; a Guilin win with 醒, a Bohu win with 名堂, and a 荒庄.

The hands are seeded bot hands driven through the scene's own update loop (drawn once at the end), so each picture
depends only on the seed and the code. Pictures are compared scaled down, with a tolerance. To accept an intended
change, look at the new PNGs and run ``ZIPAI_UPDATE_SCREENSHOTS=1 pytest tests/app/table/test_table_screenshots.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402

REFERENCES = Path(__file__).parents[1] / "screenshots"
SIZES = [(1024, 640), (1280, 720), (3840, 2160)]
LANGS = ["zh", "en"]
#: (name, rules, seats, seed): seeded hands of 初学 bots; the seed picks the ending (see each name).
PANELS = [("guilin-xing", "guilin", 3, 6), ("bohu-mingtang", "bohu", 3, 52), ("guilin-huangzhuang", "guilin", 3, 2)]
TABLES = [("bohu-2", "bohu", 2, 7), ("guilin-3", "guilin", 3, 7), ("bohu-4", "bohu", 4, 7)]


def render(rules: str, players: int, seed: int, size: tuple[int, int], lang: str, *, panel: bool) -> pygame.Surface:
    app = App(size, lang, headless=True, resizable=False)
    seats = [SeatConfig("beginner", f"bot{i}") for i in range(players)]
    controller = Controller(GameConfig(rules=rules, players=players, seats=seats, seed=seed), inline_bots=True)
    table = TableScene(controller, size, lang=lang, speed=8.0)
    app.push(table)
    for _ in range(20000):
        table.update(1 / 60)
        if table.show_result or (not panel and table.view.wall <= 8 and not table.queue and table.anim is None):
            break
    assert table.show_result if panel else not table.show_result
    table.draw(app.screen)
    return app.screen.copy()


def small(surface: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(
        surface, (512, 320 if surface.get_height() * 16 == surface.get_width() * 10 else 288)
    )


def check(name: str, got: pygame.Surface, tmp_path: Path) -> None:
    reference = REFERENCES / name
    if os.environ.get("ZIPAI_UPDATE_SCREENSHOTS") or not reference.exists():
        pygame.image.save(got, str(reference))
        pytest.skip(f"reference {name} written; look at it and commit it")
    want = pygame.image.load(str(reference))
    assert want.get_size() == got.get_size()
    a, b = small(got), small(want)
    far = total = 0
    w, h = a.get_size()
    for y in range(h):
        for x in range(w):
            ca, cb = a.get_at((x, y)), b.get_at((x, y))
            d = max(abs(ca[i] - cb[i]) for i in range(3))
            total += d
            far += d > 48
    if far / (w * h) >= 0.01 or total / (w * h) >= 3.0:
        pygame.image.save(got, str(tmp_path / name))
        raise AssertionError(f"{name}: {far / (w * h):.2%} of pixels far off (new picture in {tmp_path / name})")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "rules", "players", "seed"), PANELS, ids=[p[0] for p in PANELS])
def test_settlement_panel_matches_the_reference(
    name: str, rules: str, players: int, seed: int, lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    got = render(rules, players, seed, size, lang, panel=True)
    check(f"panel-{name}-{lang}-{size[0]}x{size[1]}.png", got, tmp_path)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "rules", "players", "seed"), TABLES, ids=[t[0] for t in TABLES])
def test_table_places_match_the_reference(
    name: str, rules: str, players: int, seed: int, lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    got = render(rules, players, seed, size, lang, panel=False)
    check(f"table-{name}-{lang}-{size[0]}x{size[1]}.png", got, tmp_path)


def render_presence(size: tuple[int, int], lang: str) -> pygame.Surface:
    """A seeded Guilin hand with the player and two named bots (阿强, 阿杰), stopped while a bot's call shows; the
    player has said 快点吧 / Hurry up and a bot answers in a bubble, the phrases' menu open."""
    from zipai_desktop.engine.actions import Discard, Pass

    app = App(size, lang, headless=True, resizable=False)
    seats = [SeatConfig("human", "you")] + [SeatConfig("casual", f"bot{i}", entrant=f"entrant.{3 * i}") for i in (1, 2)]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=7), inline_bots=True)
    table = TableScene(controller, size, lang=lang, speed=8.0)
    app.push(table)
    for _ in range(20000):
        table.update(1 / 60)
        if any(int(c[0]) != table.viewer for c in table.cues):  # type: ignore[call-overload]
            break
        legal = table._my_decision()
        take = [a for a in legal if isinstance(a, Pass)] or [a for a in legal if isinstance(a, Discard)]
        if take:
            controller.submit(table.viewer, take[0])
    assert table.cues
    answer = next(a for a in (table.chat.say(table.viewer, "hurry") for _ in range(6)) if a is not None)
    table.chat.update(answer.delay + 0.1)
    table.phrase_menu = True
    table.draw(app.screen)
    controller.close()
    return app.screen.copy()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_named_bots_a_call_and_the_phrases_match_the_reference(
    lang: str, size: tuple[int, int], tmp_path: Path
) -> None:
    check(f"presence-{lang}-{size[0]}x{size[1]}.png", render_presence(size, lang), tmp_path)
