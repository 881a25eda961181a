"""Screenshot references of the hand at the table (columns, a locked 坎, the cursor, the 听 list), both languages, at
1024x640, 1280x720 and 3840x2160: a seeded game with a human seat, stopped at the human's first discard.

To accept an intended change, look at the new PNGs and run with ``ZIPAI_UPDATE_SCREENSHOTS=1``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.engine.actions import Discard

from ..test_screenshots import difference

REFERENCES = Path(__file__).parents[1] / "screenshots"
SIZES = [(1024, 640), (1280, 720), (3840, 2160)]


def render(size: tuple[int, int], lang: str) -> pygame.Surface:
    app = App(size, lang, headless=True, resizable=False)
    seats = [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=5), inline_bots=True)
    scene = TableScene(controller, size, lang=lang, speed=50.0)
    app.push(scene)
    for _ in range(600):
        app.frame(1 / 60)
        if any(isinstance(a, Discard) for a in scene._my_decision()):
            break
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    app.frame(1 / 60)  # the cursor on the second card
    assert any(isinstance(a, Discard) for a in scene._my_decision())
    assert any(locked for _, _, locked in scene._hand_rects()), "this deal holds a 坎: it shows locked"
    shot = app.screen.copy()
    controller.close()
    return shot


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hand_matches_its_reference(size: tuple[int, int], lang: str, tmp_path: Path) -> None:
    name = f"hand-guilin-{size[0]}x{size[1]}-{lang}.png"
    shot = render(size, lang)
    out = tmp_path / name
    pygame.image.save(shot, str(out))
    reference = REFERENCES / name
    if os.environ.get("ZIPAI_UPDATE_SCREENSHOTS") or not reference.exists():
        reference.write_bytes(out.read_bytes())
        pytest.skip(f"reference {name} written; look at it and commit it")
    want = pygame.image.load(str(reference))
    # Compared at 1280 wide at most (a 4K frame pixel by pixel is slow and adds nothing).
    scale = min(1.0, 1280 / size[0])
    small = (int(size[0] * scale), int(size[1] * scale))
    mean, far = difference(pygame.transform.smoothscale(shot, small), pygame.transform.smoothscale(want, small))
    assert mean < 3.0 and far < 0.01, f"{name}: mean difference {mean:.2f}, {far:.2%} of pixels far off"
    pygame.quit()
