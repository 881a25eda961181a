"""The first run (no settings file yet) asks how to discard, over the title screen, with double-click and drag
suggested over a single click; the choice is saved in the settings, and the question is not asked again."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from zipai_desktop.app import main as main_module
from zipai_desktop.app.main import App
from zipai_desktop.app.screens.first_run import MODES, FirstRunScene
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.store import paths
from zipai_desktop.store.settings import Settings, is_first_run, load_settings, save_settings

from ..drive import key, press


def _opened(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The scenes ``zipai`` opens (its frame loop replaced by a look at the scene stack)."""
    seen: list[object] = []

    def run(app: App) -> None:
        seen.extend(app.scenes)

    monkeypatch.setattr(App, "run", run)
    assert main_module.main(["--size", "1024x640"]) == 0
    return seen


def test_the_first_start_asks_how_to_discard_over_the_title(monkeypatch: pytest.MonkeyPatch) -> None:
    assert is_first_run()
    scenes = _opened(monkeypatch)
    assert [type(s) for s in scenes] == [TitleScene, FirstRunScene]
    pygame.quit()


def test_a_start_with_settings_asks_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    save_settings(Settings())
    assert not is_first_run()
    assert [type(s) for s in _opened(monkeypatch)] == [TitleScene]
    pygame.quit()


def test_a_damaged_settings_file_is_not_a_first_run() -> None:
    """Only no file at all is a first run: a damaged one (or a link) is the settings' loader's business."""
    paths.settings_path().write_text("{", encoding="utf-8")
    assert not is_first_run()
    paths.settings_path().unlink()
    paths.settings_path().symlink_to(Path("elsewhere") / "settings.json")
    assert not is_first_run()


def test_double_click_and_drag_are_offered_first_as_suggested() -> None:
    assert MODES == ("double", "drag", "click")
    for lang, word in (("zh", "推荐"), ("en", "suggested")):
        app = App((1024, 640), lang, headless=True, resizable=False)
        scene = FirstRunScene(app, (1024, 640), lang)
        app.push(scene)
        app.frame(1 / 60)
        labels = {mode: b.text for b, mode in scene.gui_buttons.items()}
        assert word in labels["double"] and word in labels["drag"] and word not in labels["click"]
        pygame.quit()


@pytest.mark.parametrize("mode", MODES)
def test_the_choice_is_saved_and_the_title_comes_back(mode: str) -> None:
    app = App((1280, 720), "en", headless=True, resizable=False)
    title = TitleScene(app, (1280, 720), "en")
    app.push(title)
    scene = FirstRunScene(app, (1280, 720), "en")
    app.push(scene)
    app.frame(1 / 60)
    button = next(b for b, m in scene.gui_buttons.items() if m == mode)
    press(app, button.rect.center)
    assert app.scenes == [title]
    settings, problems = load_settings()
    assert settings.discard_mode == mode and settings.language == "en" and not problems
    assert not is_first_run()
    pygame.quit()


def test_enter_takes_the_suggested_double_click() -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    app.push(TitleScene(app, (1280, 720), "zh"))
    app.push(FirstRunScene(app, (1280, 720), "zh"))
    app.frame(1 / 60)
    key(app, pygame.K_RETURN)
    assert load_settings()[0].discard_mode == "double"
    pygame.quit()
