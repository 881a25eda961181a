"""Screenshot references of the F4 hint panel: the expert's top three with their expected 舵 and the line on why the
first is best, both languages, at the smallest (1024x640) and the largest (3840x2160) window.

A seeded practice hand is played by the scene's own loop up to the player's first discard, F4 is pressed and the
panel drawn. The hint is computed inline with a world count (no clock), so the picture depends only on the seed and
the code. To accept an intended change, look at the new PNGs and run
``ZIPAI_UPDATE_SCREENSHOTS=1 pytest tests/app/table/test_hint_screenshots.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table import controller as table_controller  # noqa: E402
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402
from zipai_desktop.engine.actions import Discard, Pass  # noqa: E402

from .test_table_screenshots import check  # noqa: E402

SIZES = [(1024, 640), (3840, 2160)]
LANGS = ["zh", "en"]


def render_hint(size: tuple[int, int], lang: str) -> pygame.Surface:
    app = App(size, lang, headless=True, resizable=False)
    seats = [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]
    config = GameConfig(rules="guilin", players=3, seats=seats, seed=11, practice=True)
    table = TableScene(Controller(config, inline_bots=True), size, lang=lang, speed=8.0)
    app.push(table)
    try:
        for _ in range(5000):
            table.update(1 / 60)
            legal = table._my_decision()
            if any(isinstance(a, Discard) for a in legal):
                break
            if legal and Pass() in legal:
                table.controller.submit(table.viewer, Pass())
        table.request_hint()
        assert "\n" in table.hint_line()  # the top three, then why
        table.draw(app.screen)
        return app.screen.copy()
    finally:
        table.controller.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_panel_matches_the_reference(
    lang: str, size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_controller, "HINT_BUDGET_S", None)  # a world count: the same analysis on every run
    got = render_hint(size, lang)
    check(f"hint-{lang}-{size[0]}x{size[1]}.png", got, tmp_path)
