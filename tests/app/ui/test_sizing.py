"""Every screen at 1024x640, 1280x720 and 3840x2160 in both languages: no text cut off or running off the window, no
two buttons and no two texts overlapping (checked on what the screens record in their :class:`Painter` and on their
pygame_gui buttons, measured in the buttons' own fonts)."""

from __future__ import annotations

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.ui.sizing import Drawn, problems, ui_for

from ..screen_catalog import LANGS, SCREENS, SIZES, close, drawn, open_screen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_cut_off_and_nothing_overlaps(size: tuple[int, int], lang: str) -> None:
    found: dict[str, list[str]] = {}
    for name in SCREENS:
        app = App(size, lang, headless=True, resizable=False)
        scene = open_screen(name, app, size, lang)
        seen = drawn(scene)
        assert len(seen) >= 3, f"{name}: the screen recorded nothing"
        bad = problems(seen, size)
        if bad:
            found[name] = bad
        close(scene)
        pygame.quit()
    assert not found, "\n".join(f"{name}: {p}" for name, ps in found.items() for p in ps[:6])


def test_the_check_finds_a_cut_label_and_overlapping_buttons() -> None:
    """The check is not vacuous: a label wider than its button, and two buttons on each other, are reported."""
    pygame.init()
    box = pygame.Rect(10, 10, 40, 30)
    label = Drawn("a label far too long", pygame.Rect(10, 10, 120, 20), box, True)
    other = Drawn("x", pygame.Rect(30, 12, 8, 20), pygame.Rect(30, 12, 40, 24), True)
    found = problems([label, other], (200, 200))
    assert any("does not fit" in p for p in found) and any("overlap" in p for p in found)
    assert problems([Drawn("ok", pygame.Rect(12, 12, 20, 20), box, True)], (200, 200)) == []


def test_the_scale_follows_the_window() -> None:
    assert ui_for((1280, 720)).scale == 1.0
    assert ui_for((3840, 2160)).scale == 3.0
    small, large = ui_for((1024, 640)), ui_for((3840, 2160))
    assert small.font < ui_for((1280, 720)).font < large.font
    # A button measures its label: at 4K "继续上局" gets a button three times as wide as at 720p.
    from zipai_desktop.app.ui.fonts import reset_caches

    pygame.init()
    reset_caches()
    assert large.button_w("继续上局") > 2.5 * ui_for((1280, 720)).button_w("继续上局")
