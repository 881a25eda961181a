"""Fullscreen: the saved setting is applied at start, F11 toggles it on any screen (and saves it), leaving it restores
the window's size, and the settings screen's row does the same. Checked on the display mode the game asked for (the
dummy video driver keeps the FULLSCREEN flag and gives the desktop's size)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.settings import SettingsScene
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.store.settings import load_settings, save_settings

from .drive import key


def is_fullscreen() -> bool:
    return bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN)


def test_the_saved_setting_is_applied_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    from zipai_desktop.app import main as main_module

    settings, _ = load_settings()
    save_settings(dataclasses.replace(settings, fullscreen=True))
    started: list[App] = []
    monkeypatch.setattr(main_module.App, "run", lambda self: started.append(self))
    assert main_module.main(["--size", "1280x720"]) == 0
    (app,) = started
    assert is_fullscreen() and app.fullscreen
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.size == desktop == app.screen.get_size()
    assert app.scenes[-1].size == desktop  # the title screen is laid out for the full screen
    pygame.quit()


def test_without_the_setting_the_game_opens_a_window(monkeypatch: pytest.MonkeyPatch) -> None:
    from zipai_desktop.app import main as main_module

    started: list[App] = []
    monkeypatch.setattr(main_module.App, "run", lambda self: started.append(self))
    assert main_module.main(["--size", "1280x720"]) == 0
    assert not is_fullscreen() and started[0].size == (1280, 720)
    pygame.quit()


def test_f11_toggles_saves_and_restores_the_window_size() -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    title = TitleScene(app, (1280, 720), "zh")
    app.push(title)
    app.frame(1 / 60)
    key(app, pygame.K_F11)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert is_fullscreen() and app.size == desktop and title.size == desktop
    assert load_settings()[0].fullscreen
    assert title.button("new_game").rect.right <= desktop[0]  # the menu was built again for the new size
    key(app, pygame.K_F11)
    assert not is_fullscreen() and app.size == (1280, 720) == app.screen.get_size() and title.size == (1280, 720)
    assert not load_settings()[0].fullscreen
    pygame.quit()


def test_the_settings_row_switches_and_f11_updates_the_row() -> None:
    app = App((1024, 640), "en", headless=True, resizable=False)
    scene = SettingsScene(app, (1024, 640), lang="en")
    app.push(scene)
    app.frame(1 / 60)
    rect = next(r for r, name in scene.rows if name == "fullscreen")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))
    app.frame(1 / 60)
    assert is_fullscreen() and scene.settings.fullscreen and load_settings()[0].fullscreen
    key(app, pygame.K_F11)
    assert not is_fullscreen() and app.size == (1024, 640)
    assert not scene.settings.fullscreen  # the row shows what F11 did
    pygame.quit()
