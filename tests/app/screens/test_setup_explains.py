"""The setup explains itself: every rule option of both games has a one-line explanation in Chinese and English,
shown under the options for the option under the pointer or in the keyboard frame."""

from __future__ import annotations

import json

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.setup import SetupScene, option_choices
from zipai_desktop.app.ui.assets import asset_path
from zipai_desktop.app.ui.i18n import tr

from ..drive import key


@pytest.mark.parametrize("rules", ["guilin", "bohu"])
def test_every_option_of_both_games_is_explained_in_both_languages(rules: str) -> None:
    for lang in ("zh", "en"):
        catalog = json.loads(asset_path("i18n", f"{lang}.json").read_text(encoding="utf-8"))
        for name in option_choices(rules):
            text = catalog.get(f"explain.{name}", "")
            assert text.strip(), f"{rules} option {name!r} has no {lang} explanation"
            assert "\n" not in text and len(text) <= 120, f"{name!r}: one line, not {text!r}"


def test_the_option_under_the_pointer_is_explained_under_the_options() -> None:
    app = App((1280, 720), "en", headless=True, resizable=False)
    setup = SetupScene(app, (1280, 720), lang="en")
    app.push(setup)
    app.frame(1 / 60)
    hint = tr("setup.explain_hint", "en")
    assert any(d.text == hint for d in setup.paint.drawn)
    row = next(r for r in setup.rows if r.kind == "option" and r.key == "hu_step")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 60)
    shown = " ".join(d.text for d in setup.paint.drawn if d.text and d.box.top > row.rect.top)
    assert tr("explain.hu_step", "en")[:30] in shown
    pygame.quit()


def test_the_option_in_the_keyboard_frame_is_explained() -> None:
    app = App((1024, 640), "zh", headless=True, resizable=False)
    setup = SetupScene(app, (1024, 640), lang="zh")
    app.push(setup)
    app.frame(1 / 60)
    target = next(i for i, r in enumerate(setup.rows) if r.kind == "option" and r.key == "guo_hu")
    for _ in range(target - setup.focus):
        key(app, pygame.K_DOWN)
    app.frame(1 / 60)
    assert setup.explained() == "guo_hu"
    text = tr("explain.guo_hu", "zh")
    assert any(d.text and d.text in text and len(d.text) > 5 for d in setup.paint.drawn)
    pygame.quit()
