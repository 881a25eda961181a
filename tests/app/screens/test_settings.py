"""The settings screen: every change is saved at once and applied."""

from __future__ import annotations

import pygame

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.settings import SettingsScene
from zipai_desktop.app.ui import cards
from zipai_desktop.store.settings import load_settings


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.frame(1 / 60)


def test_changes_are_saved_and_applied() -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    scene = SettingsScene(app, (1280, 720), lang="zh")
    app.push(scene)
    app.frame(1 / 60)
    rows = {name: rect for rect, name in scene.rows}
    click(app, rows["colour_blind"].center)
    click(app, rows["language"].center)
    click(app, rows["animation_speed"].center)
    settings, problems = load_settings()
    assert not problems
    assert settings.colour_blind and settings.language == "en" and settings.animation_speed != 1.0
    assert scene.lang == "en"
    red = cards.face(1, 40)  # 二 is red: with the colour-blind style it carries a mark
    cards.set_style(False, False)
    assert pygame.image.tobytes(red, "RGBA") != pygame.image.tobytes(cards.face(1, 40), "RGBA")
    click(app, rows["back"].center)
    assert not app.scenes
    pygame.quit()
