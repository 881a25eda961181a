"""The window's scene stack tells each scene when it becomes the top one and when it stops being it, and passes
new settings to every scene (the Scene base: no hook is looked up by name)."""

from __future__ import annotations

import pygame

from zipai_desktop.app.main import App
from zipai_desktop.app.scene import Scene


class Recorder(Scene):
    """A scene that writes down the hooks it is given."""

    def __init__(self, name: str, log: list[str]) -> None:
        self.name = name
        self.log = log

    def enter(self) -> None:
        self.log.append(f"{self.name} enter")

    def leave(self) -> None:
        self.log.append(f"{self.name} leave")

    def settings_changed(self) -> None:
        self.log.append(f"{self.name} settings")


def test_push_replace_and_pop_tell_the_scenes_in_order() -> None:
    app = App((1024, 640), "en", headless=True, resizable=False)
    log: list[str] = []
    try:
        app.push(Recorder("title", log))
        app.push(Recorder("setup", log))
        app.replace(Recorder("table", log))
        app.pop()
        assert log == [
            "title enter",
            "title leave",  # covered by the setup
            "setup enter",
            "setup leave",  # replaced by the table
            "table enter",
            "table leave",  # closed: the title is the top scene again
            "title enter",
        ]
        assert app.running
        app.pop()
        assert not app.running and log[-1] == "title leave"
    finally:
        pygame.quit()


def test_every_scene_hears_of_changed_settings_and_the_base_scene_needs_no_hook() -> None:
    app = App((1024, 640), "en", headless=True, resizable=False)
    log: list[str] = []
    try:
        app.push(Scene())  # every hook has a default: a bare scene is driven like any other
        app.push(Recorder("settings", log))
        app.toggle_fullscreen()
        app.frame(1 / 60)
        assert log == ["settings enter", "settings settings"]
    finally:
        pygame.quit()
